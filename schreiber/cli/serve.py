"""`schreiber serve`: the table on a phone (docs/serve.md). A web server on
this machine for the phones at the table(s), every write through the one
service; each table's link (signed) printed with a QR code. `cup draw`
prints the links of each round it draws where a server has served the
ledger's cup (``draw_links``)."""

from __future__ import annotations

import contextlib
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import _, language
from .options import EveningNumber
from .root import db_path, echo, ledger

if TYPE_CHECKING:
    from datasette.app import Datasette

    from ..ledger.cup_book import Cup, CupTable
    from ..ledger.store import Ledger
    from ..service.tournament import Drawn

LOOPBACK = "127.0.0.1"
ALL = "0.0.0.0"  # every address of this machine (--lan)


def serve(
    port: Annotated[int, typer.Option("--port", help=_("Port to serve on (1-65535)."))] = 8002,
    lan: Annotated[
        bool,
        typer.Option("--lan", help=_("Serve the phones on the network (default: this computer only, 127.0.0.1).")),
    ] = False,
    cup: Annotated[
        str | None,
        typer.Option(
            "--cup", help=_("A cup live: the desk's page and the links of the round drawn."), show_default=False
        ),
    ] = None,
    evening_id: EveningNumber = None,
    new_links: Annotated[
        bool, typer.Option("--new-links", help=_("Make new links: every link made before is worth nothing."))
    ] = False,
) -> None:
    """The table on a phone: a web server for the phones at the table(s).

    Each open evening gets a link (printed with a QR code) that enters its
    hands, checked and scored as hand add does, and a link to follow it
    read-only; the desk's link shows every table. --cup NAME: the cup's
    tables of the round drawn, their progress and the Ergebnisliste (cup
    draw prints the next round's links). Needs: pip install "schreiber[serve]".

    Example: schreiber serve --lan          schreiber serve --cup "RTC Schlierbach" --lan
    """
    from .. import serve as srv

    if not 1 <= port <= 65535:
        raise SchreiberError(_("--port {port} is out of range; give 1 to 65535").format(port=port))
    if not srv.installed():
        raise SchreiberError(_('the web server is not installed; pip install "schreiber[serve]"'))
    path = db_path()
    if not path.exists():
        raise SchreiberError(_("there is no ledger at {path} yet; nothing to serve (give --db PATH)"), path=path)
    led = ledger()
    chosen = led.cups.find(cup) if cup is not None else None
    evenings = _evenings(led, evening_id, chosen)
    host = ALL if lan else LOOPBACK
    from .publish import check_port

    check_port(host, port)
    folder = _folder(path)
    secret = _secret(folder, new_links)
    bases = [f"http://{a}:{port}" for a in (_lan_addresses() if lan else [LOOPBACK])]
    _remember(folder, bases, chosen)
    ds = _server(path, secret)
    _say_links(ds, led, bases, evenings, chosen, lan)
    led.close()
    _run(ds, host, port)


def _evenings(led: Ledger, evening_id: int | None, cup: Cup | None) -> list[int]:
    """The evenings whose links are printed: the one asked for, the cup's
    round drawn last, else every open evening."""
    if evening_id is not None:
        return [led.evening(evening_id).id]
    if cup is not None:
        tables = led.cups.tables(cup.id)
        last = max((t.round for t in tables), default=0)
        return [t.evening_id for t in tables if t.round == last]
    return [ev.id for ev in led.open_evenings()]


def _folder(path: Path) -> Path:
    """serve's folder for this ledger in the app directory (its secret and address)."""
    from ..publish import ledger_folder
    from .paths import app_dir

    return ledger_folder(path, app_dir() / "serve")


def _secret(folder: Path, new: bool) -> str:
    from ..serve.links import secret

    try:
        made = secret(folder, new)
    except OSError as exc:
        raise SchreiberError(
            _("cannot keep the links' secret in {folder} ({strerror}); check its permissions").format(
                folder=folder, strerror=exc.strerror
            )
        ) from None
    if new:
        echo(_("New links: every link made before opens nothing now."), err=True)
    return made


def _remember(folder: Path, bases: list[str], cup: Cup | None) -> None:
    from ..serve.links import remember_address

    with contextlib.suppress(OSError):  # cup draw then prints no links; the server serves all the same
        remember_address(folder, bases, cup.id if cup else None)


def _lan_addresses() -> list[str]:
    """This machine's IPv4 addresses on the network (its name's, without the loopback); its name where none."""
    name = socket.gethostname()
    try:
        found = {str(a[4][0]) for a in socket.getaddrinfo(name, None, socket.AF_INET)}
    except OSError:
        found = set()
    addresses = sorted(a for a in found if not a.startswith("127."))
    return addresses or [name]


def _server(path: Path, secret: str) -> Datasette:
    from ..serve.app import make

    return make(path, secret, language())


def _say_links(ds: Datasette, led: Ledger, bases: list[str], evenings: list[int], cup: Cup | None, lan: bool) -> None:
    """Each table's link with its QR code, the players' link to follow, the desk's link."""
    from ..serve import links, qr

    base = bases[0]
    where = _("on the network") if lan else _("this computer only; --lan for the phones")
    echo(_("Serving {path} for the phones at {base} ({where}); stop with Ctrl-C.").format(
        path=led.path, base=base, where=where))  # fmt: skip
    for evening_id in evenings:
        ev = led.evening(evening_id)
        found = led.cups.table_of_evening(ev.id)
        if found is not None:
            c, t = found
            grant = links.Grant("table", ev.id, c.id, t.round, t.table_no)
            title = _("Tisch {table} (round {round}, evening {n}): {players}").format(
                table=t.table_no, round=t.round, n=ev.id, players=", ".join(ev.seating)
            )
        else:  # fmt: skip
            grant = links.Grant("table", ev.id)
            title = _("Evening {n}: {players}").format(n=ev.id, players=", ".join(ev.seating))
        url = base + links.path(ds.sign, grant)
        echo(f"\n{title}\n  {url}")
        echo(qr.terminal(url), nl=False, whole=True)
        echo(
            "  " + _("to follow (read-only): {url}").format(url=base + links.path(ds.sign, links.Grant("watch", ev.id)))
        )
    if not evenings:
        echo(_("No evening is open: start one (schreiber evening start ...), then serve again."))
    desk = base + links.path(ds.sign, links.Grant("desk", None, cup.id if cup else None))
    echo("\n" + _("Desk: {url}").format(url=desk))
    echo(qr.terminal(desk), nl=False, whole=True)


def _run(ds: Datasette, host: str, port: int) -> None:
    import gc

    import uvicorn

    from ..i18n import choose

    screen = language()  # each page is answered in its browser's language; the terminal keeps its own
    gc.enable()  # a server lasts a cup day: the cycle collector, off for a command's start, back on
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")
    choose(screen)
    echo(_("The server has stopped."), err=True)


def draw_links(drawn: Drawn) -> None:
    """After ``cup draw``: where a server has served this ledger's cup, each
    table's link of the round with its QR code, and a page of them to print."""
    from .. import serve as srv
    from ..serve import links, qr

    folder = _folder(db_path())
    said = links.address(folder) if srv.installed() else None
    if said is None or said[1] != drawn.cup.id or not (folder / links.SECRET).exists():
        return
    ds = _server(db_path(), links.secret(folder))
    base = said[0][0]
    cards = []
    for t in drawn.tables:
        url = base + links.path(ds.sign, links.Grant("table", t.evening_id, drawn.cup.id, t.round, t.table_no))
        echo("\n" + _("Tisch {table}: {url}").format(table=t.table_no, url=url))
        echo(qr.terminal(url), nl=False, whole=True)
        cards.append((t, url))
    page = _print_page(folder, drawn.cup, drawn.round, cards)
    if page is not None:
        echo(_("To print, one code a table: {page}").format(page=page.as_uri()))


def _print_page(folder: Path, cup: Cup, round_no: int, cards: list[tuple[CupTable, str]]) -> Path | None:
    """The round's codes as a page (``serve/NAME-KEY/cup-ID/runde-R.html``), or None where it cannot be written."""
    from ..serve.page import codes_page

    target = folder / f"cup-{cup.id}" / f"runde-{round_no}.html"
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(codes_page(cup.name, round_no, cards, language()), encoding="utf-8")
    except OSError:
        return None
    return target
