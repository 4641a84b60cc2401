"""Benchmark: many tables entering their hands on phones against one ledger.

    .venv/bin/python bench/bench_serve.py                       # 60 tables, a hand every 10 s, 10 minutes
    .venv/bin/python bench/bench_serve.py --minutes 1 --tables 10

A ledger with ``--tables`` evenings open side by side (four players each,
under ``standard``), and `schreiber serve` started on it as a process of its
own, as at a cup day. Each table is a phone of its own (an HTTP client in
this process): it opens its table's link (which gives it the CSRF cookie),
then enters a hand every ``--every`` seconds (a random hand of the
evening, in short notation, as the page's script sends it) and loads the
page again after each (as the script does), and asks the server for the
evening's state every 3 s as the page does. Every fifth
entry is sent a second time with the same key, as a phone does whose answer
was lost: the server must answer that it is entered already and write
nothing. Each table starts at a random moment of the first interval.

Printed: the entries made, their latency (from sending to the answer:
median, 99th percentile, the largest), the same of the pages loaded, the answers to the repeated entries,
whatever was refused, and then what the ledger holds: each evening's hands
against the entries its phone was told were made (none lost, none
doubled), and `schreiber check`. Goal (issue 40): p99 under 300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NAMES = ("Anna", "Berti", "Carl", "Dora")
POLL = 3.0  # seconds between a page's questions for the evening's state


def make_ledger(path: Path, tables: int) -> list[tuple[str, ...]]:
    """``tables`` evenings open side by side, each its own four players."""
    from schreiber.domain.rules import load_rules
    from schreiber.ledger.store import Ledger
    from schreiber.service import Service

    rules = load_rules("standard")
    svc = Service(Ledger(path))
    seatings = []
    for t in range(1, tables + 1):
        players = tuple(f"{n}{t}" for n in NAMES)
        svc.start_evening(players, rules, "2026-11-28", keep_open=True)
        seatings.append(players)
    svc.ledger.close()
    return seatings


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path, home: Path, port: int) -> tuple[subprocess.Popen, list[str]]:
    """`schreiber serve` until it has printed every table's link (bounded)."""
    env = dict(os.environ, XDG_CONFIG_HOME=str(home), HOME=str(home), SCHREIBER_LANG="en")
    log = home / "serve.log"
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "schreiber", "--db", str(db), "serve", "--port", str(port)],
                                stdout=out, stderr=subprocess.STDOUT, env=env)  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        text = log.read_text()
        if "Desk:" in text:
            return proc, re.findall(r"^  (http://\S+/t/\S+)$", text, re.M)
        if proc.poll() is not None:
            raise SystemExit(f"schreiber serve ended: {text}")
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("schreiber serve printed no links within 60 s")


class Phone:
    """One table's phone: its link, its hands, what it was told."""

    def __init__(self, url: str, players: tuple[str, ...], seed: int):
        from schreiber.domain.sample import random_hands

        self.url, self.players = url, players
        self.hands = random_hands(random.Random(seed), players, 10_000)
        self.made = 0  # entries the server said it made
        self.latency: list[float] = []
        self.pages: list[float] = []
        self.when: list[float] = []  # when each entry was sent (time.monotonic)
        self.repeated: dict[str, int] = {}
        self.refused: list[str] = []
        self.lost: list[str] = []  # sends whose answer did not come (sent again)

    async def run(self, client, every: float, until: float, rules) -> None:  # type: ignore[no-untyped-def]
        from schreiber.domain.notation.format import format_notation

        page = (await client.get(self.url)).text
        csrf = re.search(r'name="csrftoken" value="([^"]+)"', page).group(1)
        seen = re.search(r'name="seen" value="([^"]+)"', page).group(1)
        await asyncio.sleep(random.uniform(0, every))
        n = 0
        while time.monotonic() < until:
            n += 1
            key = f"bench-{os.urandom(12).hex()}"
            body = {"csrftoken": csrf, "seen": seen, "key": key, "action": "hand",
                    "zeile": format_notation(next(self.hands), rules)}  # fmt: skip
            started = time.monotonic()
            answer = await self.send(client, body)
            self.latency.append(time.monotonic() - started)
            self.when.append(started)
            if answer["status"] in ("ok", "done"):  # done: a send whose answer was lost had made it
                self.made += 1
            else:
                self.refused.append(f"{answer['status']}: {answer['said']}")
            seen = answer["seen"]
            started_page = time.monotonic()
            with contextlib.suppress(httpx.TransportError):
                await client.get(self.url)  # the page shows the hand entered
            self.pages.append(time.monotonic() - started_page)
            if n % 5 == 0:  # the answer "lost": the same entry sent again
                again = await self.send(client, body)
                self.repeated[again["status"]] = self.repeated.get(again["status"], 0) + 1
                seen = again["seen"]
            await asyncio.sleep(max(0.0, started + every - time.monotonic()))

    async def send(self, client, body: dict) -> dict:  # type: ignore[no-untyped-def]
        """An entry sent until an answer comes, with its key each time, as the page's script sends it
        (a connection the server closed as it was reused: the answer is lost, and it is sent again)."""
        for _attempt in range(5):
            try:
                return (await client.post(self.url, data=body, headers={"x-schreiber": "1"})).json()
            except httpx.TransportError as exc:
                self.lost.append(type(exc).__name__)
        raise SystemExit(f"{self.url}: no answer after 5 sends")

    async def poll(self, client, until: float) -> None:  # type: ignore[no-untyped-def]
        while time.monotonic() < until:
            await asyncio.sleep(POLL)
            with contextlib.suppress(httpx.TransportError):
                await client.get(self.url + "/stand")


async def play(phones: list[Phone], every: float, seconds: float) -> None:
    from schreiber.domain.rules import load_rules

    rules = load_rules("standard")
    until = time.monotonic() + seconds
    limits = httpx.Limits(max_connections=4, max_keepalive_connections=4)
    clients = [httpx.AsyncClient(timeout=30, limits=limits) for _p in phones]
    try:
        await asyncio.gather(*(p.run(c, every, until, rules) for p, c in zip(phones, clients)),
                             *(p.poll(c, until) for p, c in zip(phones, clients)))  # fmt: skip
    finally:
        for c in clients:
            await c.aclose()


def held(db: Path, seatings: list[tuple[str, ...]]) -> dict[tuple[str, ...], int]:
    """Each evening's hands in the ledger, by its players."""
    from schreiber.ledger.store import Ledger

    led = Ledger(db)
    try:
        return {ev.seating: led.next_number(ev) - 1 for ev in led.evenings()}
    finally:
        led.close()


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(phones: list[Phone], db: Path, home: Path) -> int:
    lat = [x for p in phones for x in p.latency]
    print(f"entries sent: {len(lat)}, made: {sum(p.made for p in phones)}")
    start = min(w for p in phones for w in p.when)
    slow: dict[int, int] = {}
    for p in phones:
        for w, x in zip(p.when, p.latency):
            if x > 0.3:
                slow[int((w - start) // 60)] = slow.get(int((w - start) // 60), 0) + 1
    print(f"entries over 300 ms, by minute of the run: {dict(sorted(slow.items())) or 'none'}")
    print(f"latency: median {statistics.median(lat) * 1000:.1f} ms, p99 {quantile(lat, 0.99) * 1000:.1f} ms, "
          f"largest {max(lat) * 1000:.1f} ms")  # fmt: skip
    repeated: dict[str, int] = {}
    for p in phones:
        for k, v in p.repeated.items():
            repeated[k] = repeated.get(k, 0) + v
    pages = [x for p in phones for x in p.pages]
    print(
        f"pages loaded after an entry: median {statistics.median(pages) * 1000:.1f} ms, "
        f"p99 {quantile(pages, 0.99) * 1000:.1f} ms"
    )
    print(f"entries sent again with their key: {repeated}")
    lost = [x for p in phones for x in p.lost]
    print(f"sends whose answer did not come, sent again with their key: {len(lost)} {sorted(set(lost))}")
    refused = [r for p in phones for r in p.refused]
    print(f"refused: {len(refused)} {refused[:3]}")
    hands = held(db, [p.players for p in phones])
    wrong = [(p.players[0], p.made, hands.get(p.players)) for p in phones if hands.get(p.players) != p.made]
    print(f"evenings whose hands differ from the entries made (lost or doubled): {wrong or 'none'}")
    env = dict(os.environ, XDG_CONFIG_HOME=str(home), SCHREIBER_LANG="en")
    check = subprocess.run([sys.executable, "-m", "schreiber", "--db", str(db), "check"], env=env,
                           capture_output=True, text=True)  # fmt: skip
    print(f"schreiber check (exit {check.returncode}): {check.stdout.strip()} {check.stderr.strip()}")
    return 0 if not wrong and not refused and check.returncode == 0 and set(repeated) <= {"done"} else 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=60)
    ap.add_argument("--every", type=float, default=10.0, help="seconds between a table's hands")
    ap.add_argument("--minutes", type=float, default=10.0)
    ap.add_argument("--port", type=int, default=0, help="default: a free port")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        home, db = Path(tmp), Path(tmp) / "cup.db"
        seatings = make_ledger(db, args.tables)
        proc, urls = start_server(db, home, args.port or free_port())
        try:
            if len(urls) != args.tables:
                raise SystemExit(f"{len(urls)} links for {args.tables} tables")
            phones = [Phone(u, s, seed) for seed, (u, s) in enumerate(zip(urls, seatings), 1)]
            print(f"{args.tables} tables, a hand every {args.every:g} s each, for {args.minutes:g} minutes")
            t = time.monotonic()
            asyncio.run(play(phones, args.every, args.minutes * 60))
            print(f"played for {time.monotonic() - t:.0f} s")
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=10)
        raise SystemExit(report(phones, db, home))


if __name__ == "__main__":
    main()
