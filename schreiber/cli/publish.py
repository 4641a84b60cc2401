"""`schreiber publish`: the ledger served read-only in Datasette, with the
project's German pages, titles and canned queries; with --cup, one
tournament's results only (docs/datasette.md)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NamedTuple

import typer

from ..errors import SchreiberError
from ..i18n import _
from .root import db_path, echo, writable_target, writing

if TYPE_CHECKING:
    from ..ledger.cup_book import Cup
    from ..ledger.pages import Part
    from ..ledger.store import Ledger
    from ..publish import Heading

LOOPBACK = "127.0.0.1"
CupOnly = Annotated[
    str | None,
    typer.Option(
        "--cup",
        help=_(
            "Serve this tournament's results only (no other evening, no SQL): a results server; its name or a "
            "beginning no other name shares."
        ),
        show_default=False,
    ),
]


def publish(
    port: Annotated[int, typer.Option("--port", help=_("Port to serve on (1-65535)."))] = 8001,
    host: Annotated[
        str | None,
        typer.Option(
            "--host", help=_("Address to serve on (default 127.0.0.1: this computer only)."), show_default=False
        ),
    ] = None,
    live: Annotated[
        bool, typer.Option("--live", help=_("Show hands as they are entered (read-only, not a snapshot)."))
    ] = False,
    print_only: Annotated[
        bool, typer.Option("--print", help=_("Print the command line instead of running it."))
    ] = False,
    cup: CupOnly = None,
) -> None:
    """Serve the ledger in Datasette: results, result list, table sheets and
    season cup points as German pages and JSON, read-only.

    Pages: /DB/ergebnisliste?cup=NAME, /DB/rangliste?cup=NAME,
    /DB/turniere?cup=NAME, /DB/tischblatt?abend=N, /DB/cupwertung?saison=2026/27,
    /DB/abende (DB: the ledger's file name without .db, as the line
    "Serving ..." shows it; a dot in it is ~2E). With --cup NAME only that
    tournament's pages, from a copy of its results, and no SQL: to show on
    the network (--host 0.0.0.0); run it again after a round. Needs:
    pip install "schreiber[publish]".

    Example: schreiber publish --cup "RTC Schlierbach" --host 0.0.0.0
    """
    from .. import publish as pub

    if not 1 <= port <= 65535:
        raise SchreiberError(_("--port {port} is out of range; give 1 to 65535").format(port=port))
    if cup is not None and live:
        raise SchreiberError(
            _(
                "--live shows the whole ledger as it changes; --cup serves a copy of the cup's results: leave out --live and publish again after a round"
            )
        )
    if not pub.installed():
        raise SchreiberError(_('Datasette is not installed; pip install "schreiber[publish]"'))
    path = db_path()
    if not path.exists():
        raise SchreiberError(_("there is no ledger at {path} yet; nothing to publish (give --db PATH)"), path=path)
    if cup is None:
        _open(path, live)
    results = None if cup is None else _cup_results(cup)
    chosen = _host(host, results)
    if not print_only:
        check_port(chosen, port)
    cmd = _prepare(path, chosen, port, live) if results is None else _prepare_cup(path, results, chosen, port)
    if print_only:
        echo(shlex.join(cmd), whole=True)  # a command line to copy
        return
    _say_serving(path, chosen, port, results)
    _run(cmd)


def _say_serving(path: Path, host: str, port: int, results: CupResults | None) -> None:
    """Where the pages are, on stderr: the ledger's database page, or a cup's start page."""
    from .. import publish as pub

    url = f"http://{f'[{host}]' if ':' in host and not host.startswith('[') else host}:{port}"
    if results is not None:
        line = _("Serving the results of {name} on {url} (read-only, no SQL); stop with Ctrl-C.")
        echo(line.format(name=results.cup.name, url=f"{url}/"), err=True)
    else:
        line = _("Serving {path} on {url} (read-only); stop with Ctrl-C.")
        echo(line.format(path=path, url=f"{url}/{pub.database_path(path)}"), err=True)


def _open(path: Path, live: bool) -> None:
    """The ledger opened as every command opens it; unless live, the
    write-ahead log moved into the file first (an immutable reader skips it)."""
    from ..ledger.publish import flush

    if not flush(path, checkpoint=not live):
        echo(_("Note: another process is writing; the newest hands may be missing (use --live)."), err=True)


def _host(host: str | None, results: CupResults | None = None) -> str:
    """127.0.0.1 unless another address is asked for by name; a non-loopback
    one for the whole ledger is said out loud, since everyone on that
    network can then read it (a cup's results are meant to be read)."""
    from ..publish import is_loopback

    if host is None:
        return LOOPBACK
    if not host.strip() or any(c.isspace() or c in "/@" for c in host):
        raise SchreiberError(_("--host {host!r} is not an address; give e.g. --host 127.0.0.1").format(host=host))
    if results is None and not is_loopback(host):
        echo(
            _(
                "Warning: serving on {host}: anyone who can reach it can read the whole ledger; to show one tournament's results only, give --cup NAME."
            ).format(host=host),
            err=True,
        )
    return host


def check_port(host: str, port: int) -> None:
    import socket

    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        try:
            s.bind((host.strip("[]"), port))
        except OSError as exc:
            raise SchreiberError(
                _("cannot serve on {host}:{port} ({strerror}); give another --port").format(
                    host=host, port=port, strerror=exc.strerror
                )
            ) from None


def _prepare(path: Path, host: str, port: int, live: bool) -> list[str]:
    """The metadata file for this ledger (never over a ledger) in its own
    folder, a link to it where Datasette cannot be given its path, and the command."""
    from .. import publish as pub
    from .root import ledger

    led = ledger()
    try:
        cups = _headings(led)
    finally:
        led.close()
    folder = _folder(path)
    with writing(_("cannot write Datasette's metadata to {folder} ({strerror}); check its permissions"), folder=folder):
        target = writable_target(pub.metadata_file(path, folder), "", "", None)
        meta = pub.write_metadata(pub.metadata(path, cups), target)
        database = path if pub.direct(path) else _linked(path, folder)
    return pub.command(database, meta, host, port, live)


def _folder(path: Path) -> Path:
    """publish's folder for this ledger in the app directory (``publish.ledger_folder``)."""
    from .. import publish as pub
    from .paths import app_dir

    return pub.ledger_folder(path, app_dir() / "publish")


def _served_from(file: Path) -> Path:
    """``file``, which Datasette is to open: refused where its path is not
    one SQLite reads as it is (the app directory's path has ``%``, ``?`` or ``#``)."""
    from .. import publish as pub

    if not pub.plain(pub.served(file)):
        raise SchreiberError(
            _(
                "Datasette cannot open a database under {folder}: SQLite reads % ? and # in its path otherwise; set XDG_CONFIG_HOME to a folder without them"
            ).format(folder=file.parent)
        )
    return file


def _linked(path: Path, folder: Path) -> Path:
    """A link to the ledger under a name Datasette reads as it is (never over a ledger kept there)."""
    from .. import publish as pub

    link = _served_from(pub.linked(path, folder))
    if not link.is_symlink():  # a link is replaced, never what it points to
        writable_target(link, "", "", None)
    folder.mkdir(parents=True, exist_ok=True)
    return pub.make_link(path, link)


class CupResults(NamedTuple):
    """A tournament's results to serve: the cup, how the pages head it, and what its database is read from."""

    ledger: Ledger
    cup: Cup
    heading: Heading
    title: str
    parts: list[Part]


def _headings(led: Ledger) -> list[Heading]:
    """The tournaments of the ledger, newest first, as the start page links to them."""
    from ..publish import Heading

    cups = [c for s in led.cups.seasons() for c in led.cups.season_cups(s)]
    return [Heading(c.name, c.date, c.season) for c in sorted(cups, key=lambda c: (c.date, c.id), reverse=True)]


def _cup_results(name: str) -> CupResults:
    """The tournament named (the line every cup command gives for a name
    not known) and the queries its pages are read from."""
    from ..publish import Heading, cup_parts
    from ..reports.site import german_date
    from .root import ledger

    led = ledger()
    c = led.cups.find(name)
    heading = Heading(c.name, c.date, c.season)
    evenings = [t.evening_id for t in led.cups.tables(c.id)]
    return CupResults(led, c, heading, f"{c.name}, {german_date(c.date)}", cup_parts(heading, evenings))


def _prepare_cup(path: Path, results: CupResults, host: str, port: int) -> list[str]:
    """The cup's database and metadata, in a folder of their own in the
    ledger's (a snapshot of one cup of one ledger; never over a ledger), and the command."""
    from .. import publish as pub
    from ..ledger.publish import snapshot

    folder = pub.cup_folder(_folder(path), results.cup.id)
    with writing(
        _("cannot write the tournament's results to {folder} ({strerror}); check its permissions"), folder=folder
    ):
        target = writable_target(_served_from(pub.linked(path, folder)), "", "", None)
        meta = writable_target(pub.metadata_file(path, folder), "", "", None)
        folder.mkdir(parents=True, exist_ok=True)
        snapshot(results.ledger, target, results.parts)
        pub.write_metadata(pub.cup_metadata(path, results.heading, results.title), meta)
    results.ledger.close()
    return pub.command(target, meta, host, port, public=True)


def _run(cmd: list[str]) -> None:
    """Hand the process over to Datasette (Ctrl-C and a terminate signal reach it directly)."""
    import os
    import subprocess
    import sys

    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "posix":
        os.execv(cmd[0], cmd)
    try:
        raise SystemExit(subprocess.run(cmd, check=False).returncode)
    except KeyboardInterrupt:
        raise SystemExit(0) from None
