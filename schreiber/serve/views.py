"""The answers of the server's routes (``app``): each reads the ledger or
writes it through ``writes`` in one go, in the page's language, and only
then renders its template (Datasette's, asynchronously)."""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING, Any

from datasette import NotFound, Response

from ..errors import SchreiberError
from ..i18n import _
from ..render import alike
from . import desk as desk_page
from . import links, qr
from . import table as tb
from .words import language, words
from .writes import Answer, write

if TYPE_CHECKING:
    from datasette.app import Datasette

    from ..ledger.stored import Evening
    from .served import Served

STATUS = {"ok": 200, "done": 200, "stale": 409, "end": 409, "error": 400}
FETCHED = "x-schreiber"  # the page's script sends its writes with this header: it wants JSON back


def page_language(request: Any, default: str) -> str:
    return language(request.headers.get("accept-language", ""), default)


def _evening(served: Served, grant: links.Grant) -> Evening:
    try:
        return served.ledger.evening(grant.evening or 0)
    except SchreiberError:
        raise NotFound("not found") from None


def absolute(request: Any, path: str) -> str:
    """A path of this server as a whole link, as the browser reached it (for a QR code)."""
    return f"{request.scheme}://{request.host}{path}"


def _table_context(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                   answer: Answer | None = None, form: dict | None = None) -> dict[str, Any]:  # fmt: skip
    """Everything a table's page shows, read now, in the page's language."""
    led, ev = served.ledger, _evening(served, grant)
    with alike(in_parts=ev.rules.pays_parts):
        return _table_page(ds, request, led, ev, grant, lang, answer, form)


def _table_page(ds: Datasette, request: Any, led: Any, ev: Evening, grant: links.Grant, lang: str,
                answer: Answer | None, form: dict | None) -> dict[str, Any]:  # fmt: skip
    place = tb.cup_place(led, ev)
    nxt = tb.next_hand(led, ev)
    writes = grant.writes and ev.is_open
    ctx: dict[str, Any] = {
        "w": words(lang), "lang": lang, "heading": tb.heading(ev, place), "ev": ev, "place": place,
        "seen": tb.version(led, ev), "next": nxt, "standing": tb.standing(led, ev, place is not None),
        "sheet": tb.sheet(led, ev), "writes": writes, "grant": grant, "open": ev.is_open, "status": _(ev.status),
        "answer": answer, "form": form or {}, "new_key": lambda: secrets.token_urlsafe(18), "here": request.path,
        "choices": tb.form_choices(ev, nxt["vorhand"]) if writes else None,
        "cup_target": place["target"] if place else None,
    }  # fmt: skip
    ctx.update(_extras(ds, request, led, ev, grant, place))
    return ctx


def _extras(ds: Datasette, request: Any, led: Any, ev: Evening, grant: links.Grant, place: Any) -> dict[str, Any]:
    """What a page shows on asking (``?erklaer=N``, ``?abrechnung=1``), the
    players' link to follow, and the next round's table once it is drawn."""
    out: dict[str, Any] = {}
    asked = request.args.get("erklaer", "")
    if asked.isascii() and asked.isdigit() and len(asked) < 7:
        out["explained"] = (int(asked), tb.explained(led, ev, int(asked)))
    if request.args.get("abrechnung"):
        out["settlement"] = tb.settlement(led, ev)
    if grant.writes:
        watch = links.path(ds.sign, links.Grant("watch", ev.id))
        out["watch"] = {"url": absolute(request, watch), "svg": qr.svg(absolute(request, watch), 3)}
        later = tb.next_round(led, ev, place)
        if later is not None:
            grant_next = links.Grant("table", later[2], place["id"], later[0], later[1])
            out["next_round"] = {"round": later[0], "table": later[1], "path": links.path(ds.sign, grant_next)}
    return out


async def _render(ds: Datasette, request: Any, template: str, ctx: dict[str, Any], status: int = 200) -> Response:
    body = await ds.render_template(template, ctx, request=request)
    return Response.html(body, status=status, headers={"cache-control": "no-store"})


async def table(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                form: dict | None) -> Response:  # fmt: skip
    """A table's page; a write (POST) through the service, answered with
    the page (or, to the page's script, with JSON)."""
    if form is None:
        return await _render(ds, request, "tisch.html", _table_context(ds, request, served, grant, lang))
    ev = _evening(served, grant)
    answer = write(served.ledger, served.keys, ev, form.get("action", ""), form)
    if request.headers.get(FETCHED):
        seen = tb.version(served.ledger, ev)
        return Response.json({"status": answer.status, "said": answer.said, "seen": seen},
                             status=STATUS[answer.status], headers={"cache-control": "no-store"})  # fmt: skip
    if answer.status in ("ok", "done"):
        ds.add_message(request, answer.said, ds.INFO)
        return Response.redirect(request.path, status=303)
    ctx = _table_context(ds, request, served, grant, lang, answer, form)
    return await _render(ds, request, "tisch.html", ctx, STATUS[answer.status])


async def watch(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                form: dict | None) -> Response:  # fmt: skip
    """The same page to follow, read-only."""
    return await _render(ds, request, "tisch.html", _table_context(ds, request, served, grant, lang))


async def table_version(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                        form: dict | None) -> Response:  # fmt: skip
    """The evening's state, for the page's script: it reloads what changed."""
    ev = _evening(served, grant)
    return Response.json({"seen": tb.version(served.ledger, ev)}, headers={"cache-control": "no-store"})


watch_version = table_version


async def table_suggest(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                        form: dict | None) -> Response:  # fmt: skip
    """The words the short notation reads next on the line typed so far."""
    ev = _evening(served, grant)
    line = request.args.get("zeile", "")
    return Response.json({"words": tb.suggestions(served.ledger, ev, line)}, headers={"cache-control": "no-store"})


async def desk(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
               form: dict | None) -> Response:  # fmt: skip
    """The organizer's page: every table's progress, the Ergebnisliste."""
    ctx = desk_page.context(ds, request, served.ledger, grant, words(lang))
    return await _render(ds, request, "pult.html", ctx)


async def desk_version(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                       form: dict | None) -> Response:  # fmt: skip
    return Response.json({"seen": desk_page.version(served.ledger, grant)}, headers={"cache-control": "no-store"})


async def desk_codes(ds: Datasette, request: Any, served: Served, grant: links.Grant, lang: str,
                     form: dict | None) -> Response:  # fmt: skip
    """The current round's table links as QR codes, a page to print."""
    ctx = desk_page.codes(ds, request, served.ledger, grant, words(lang))
    return await _render(ds, request, "codes.html", ctx)
