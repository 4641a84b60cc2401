"""`schreiber publish`: the ledger served read-only in Datasette, with the
project's German pages, titles and canned queries (docs/datasette.md)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ..errors import SchreiberError
from ..i18n import _
from .root import Command, app, db_path, echo, writable_target

if TYPE_CHECKING:
    from ..ledger.store import Ledger
    from ..publish import Heading

LOOPBACK = "127.0.0.1"


@app.command("publish", cls=Command)
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
) -> None:
    """Serve the ledger in Datasette: results, result list, table sheets and
    season cup points as pages and JSON, read-only.

    Pages: /DB/rangliste?cup=NAME, /DB/ergebnisliste?cup=NAME,
    /DB/tischblatt?abend=N, /DB/cupwertung?saison=2026/27, /DB/turniere
    (DB: the ledger's file name without .db, as the line "Serving ..." shows
    it; a dot in it is ~2E). Needs: pip install "schreiber[publish]".

    Example: schreiber publish --port 8001
    """
    from .. import publish as pub

    if not 1 <= port <= 65535:
        raise SchreiberError(_("--port {port} is out of range; give 1 to 65535").format(port=port))
    if not pub.installed():
        raise SchreiberError(_('Datasette is not installed; pip install "schreiber[publish]"'))
    path = db_path()
    if not path.exists():
        raise SchreiberError(_("there is no ledger at {path} yet; nothing to publish (give --db PATH)"), path=path)
    _open(path, live)
    chosen = _host(host)
    if not print_only:
        _check_port(chosen, port)
    cmd = _prepare(path, chosen, port, live)
    if print_only:
        echo(shlex.join(cmd))
        return
    url = f"http://{f'[{chosen}]' if ':' in chosen and not chosen.startswith('[') else chosen}:{port}"
    echo(
        _("Serving {path} on {url} (read-only); stop with Ctrl-C.").format(
            path=path, url=f"{url}/{pub.database_path(path)}"
        ),
        err=True,
    )
    _run(cmd)


def _open(path: Path, live: bool) -> None:
    """The ledger opened as every command opens it; unless live, the
    write-ahead log moved into the file first (an immutable reader skips it)."""
    from ..ledger.publish import flush

    if not flush(path, checkpoint=not live):
        echo(_("Note: another process is writing; the newest hands may be missing (use --live)."), err=True)


def _host(host: str | None) -> str:
    """127.0.0.1 unless another address is asked for by name; a non-loopback
    one is said out loud, since everyone on that network can then read the ledger."""
    from ..publish import is_loopback

    if host is None:
        return LOOPBACK
    if not host.strip() or any(c.isspace() or c in "/@" for c in host):
        raise SchreiberError(_("--host {host!r} is not an address; give e.g. --host 127.0.0.1").format(host=host))
    if not is_loopback(host):
        echo(
            _("Warning: serving on {host}: anyone who can reach it can read the whole ledger.").format(host=host),
            err=True,
        )
    return host


def _check_port(host: str, port: int) -> None:
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
    """The metadata file for this ledger (never over a ledger) and the command."""
    from .. import publish as pub
    from .paths import app_dir
    from .root import ledger

    led = ledger()
    try:
        cups = _headings(led)
    finally:
        led.close()
    folder = app_dir() / "publish"
    try:
        target = writable_target(pub.metadata_file(path, folder), "", "", None)
        meta = pub.write_metadata(pub.metadata(path, cups), target)
    except OSError as exc:
        raise SchreiberError(
            _("cannot write Datasette's metadata to {folder} ({strerror}); check its permissions").format(
                folder=folder, strerror=exc.strerror
            )
        ) from None
    return pub.command(path, meta, host, port, live)


def _headings(led: Ledger) -> list[Heading]:
    """The tournaments of the ledger, newest first, as the start page links to them."""
    from ..publish import Heading

    cups = [c for s in led.cups.seasons() for c in led.cups.season_cups(s)]
    return [Heading(c.name, c.date, c.season) for c in sorted(cups, key=lambda c: (c.date, c.id), reverse=True)]


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
