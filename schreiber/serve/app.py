"""The server: a Datasette instance with no database of its own to show,
whose routes (``register_routes``) are the table, follow and desk pages
and nothing else (every other path, Datasette's own pages under ``/-/``
too, is "not found"), whose actor is what the link's signed token grants
(``actor_from_request``), with Datasette's CSRF protection on every write
(asgi-csrf; a write must carry the CSRF cookie's token, also where a
request brings no cookie, which asgi-csrf would let through) and its
Jinja templates (``templates``). uvicorn runs it.

The ledger is opened once, in the server's own thread; each request reads
or writes it in one go (no other request runs in between), in the
language the page asks for."""

from __future__ import annotations

import secrets
import sys
import weakref
from pathlib import Path
from typing import Any

from datasette import Forbidden, NotFound, Response, hookimpl
from datasette.app import Datasette
from datasette.plugins import pm

from ..i18n import choose
from . import links, views
from .served import Served

PLUGIN = "schreiber-serve"
CSRF_COOKIE = "ds_csrftoken"  # Datasette's name for asgi-csrf's cookie
BODY_MAX = 64 * 1024  # bytes of a write's form: a hand takes a few hundred
ROUTES = (  # path, view, what its token must grant
    (r"^/t/(?P<token>[A-Za-z0-9_.-]+)$", "table"),
    (r"^/t/(?P<token>[A-Za-z0-9_.-]+)/stand$", "table_version"),
    (r"^/t/(?P<token>[A-Za-z0-9_.-]+)/vorschlag$", "table_suggest"),
    (r"^/s/(?P<token>[A-Za-z0-9_.-]+)$", "watch"),
    (r"^/s/(?P<token>[A-Za-z0-9_.-]+)/stand$", "watch_version"),
    (r"^/d/(?P<token>[A-Za-z0-9_.-]+)$", "desk"),
    (r"^/d/(?P<token>[A-Za-z0-9_.-]+)/stand$", "desk_version"),
    (r"^/d/(?P<token>[A-Za-z0-9_.-]+)/codes$", "desk_codes"),
)


SERVED: weakref.WeakKeyDictionary[Datasette, Served] = weakref.WeakKeyDictionary()


@hookimpl
def register_routes(datasette: Datasette) -> list[tuple[str, Any]]:
    """The pages of a server ``make`` made (no other Datasette's), then "not found" for every other path."""
    if datasette not in SERVED:
        return []
    routes: list[tuple[str, Any]] = [(path, _view(name)) for path, name in ROUTES]
    return [*routes, (r"^/.*$", _closed)]


@hookimpl
def actor_from_request(datasette: Datasette, request: Any) -> dict | None:
    """The grant of the link's token (None: no token the server signed)."""
    if datasette not in SERVED:
        return None
    parts = request.path.split("/")
    if len(parts) < 3 or parts[1] not in links.KINDS:
        return None
    try:
        data = datasette.unsign(parts[2], links.NAMESPACE)
    except Exception:  # itsdangerous' BadSignature and its kin: not our token
        return None
    grant = links.grant_of(data, parts[1])
    return None if grant is None else {"id": f"{grant.kind}:{grant.evening or grant.cup or 0}", **grant._asdict()}


def _view(name: str) -> Any:
    handler = getattr(views, name)

    async def view(datasette: Datasette, request: Any) -> Response:
        try:
            return await _answer(datasette, request, name, handler)
        except (NotFound, Forbidden) as exc:
            return await refusal(datasette, 403 if isinstance(exc, Forbidden) else 404)

    return view


async def _answer(datasette: Datasette, request: Any, name: str, handler: Any) -> Response:
    """The view's answer, where the link's token grants what the path is for."""
    actor = request.actor or {}
    grant = links.Grant(**{k: v for k, v in actor.items() if k != "id"}) if actor else None
    if grant is None or grant.kind != name.split("_")[0]:
        raise NotFound("not found")
    served = SERVED[datasette]
    if request.method == "POST":
        if name != "table":
            raise Forbidden("read-only")
        form = await _checked_form(datasette, request)
    elif request.method in ("GET", "HEAD"):
        form = None
    else:
        raise NotFound("not found")
    lang = views.page_language(request, served.language)
    choose(lang)
    return await handler(datasette, request, served, grant, lang, form)


async def refusal(datasette: Datasette, status: int) -> Response:
    """A page not here (404), or a write this link may not make (403)."""
    body = await datasette.render_template("error.html", {"status": status})
    return Response.html(body, status=status, headers={"cache-control": "no-store"})


async def _checked_form(datasette: Datasette, request: Any) -> dict[str, str]:
    """A write's form, once its CSRF token is the one of its cookie (signed by this server)."""
    length = request.headers.get("content-length", "")
    if not length.isdigit() or int(length) > BODY_MAX:
        raise Forbidden("a write of this size is refused")
    form = await request.post_vars()
    cookie = request.cookies.get(CSRF_COOKIE, "")
    sent = form.get("csrftoken", "") or request.headers.get("x-csrftoken", "")
    try:
        datasette.unsign(cookie, "csrftoken")
    except Exception:  # no cookie, or one this server did not sign
        raise Forbidden("CSRF") from None
    if not (sent and secrets.compare_digest(sent, cookie)):
        raise Forbidden("CSRF")
    return form


async def _closed(datasette: Datasette) -> Response:
    return await refusal(datasette, 404)


def make(ledger: Path, secret: str, language: str) -> Datasette:
    """The server for ``ledger``, signing with ``secret``."""
    if pm.get_plugin(PLUGIN) is None:  # this module's hooks, once a process (Datasette's plugin manager)
        pm.register(sys.modules[__name__], name=PLUGIN)
    ds = Datasette(
        files=[],
        secret=secret,
        template_dir=str(Path(__file__).with_name("templates")),
        settings=dict.fromkeys(("default_allow_sql", "allow_download", "allow_facet", "suggest_facets"), False),
    )
    SERVED[ds] = Served(ledger, language)
    return ds


def served(ds: Datasette) -> Served:
    return SERVED[ds]
