"""A served ledger answered in the test's own process (httpx's ASGI
transport into the Datasette app `schreiber serve` runs): no port, no
server process; each call one request, run to its end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import sqlite3
from pathlib import Path

import httpx

from schreiber.serve import links
from schreiber.serve.app import make

SECRET = "5" * 64


class Phone:
    """A browser of the test's own: its cookies (Datasette's CSRF cookie) kept from request to request."""

    def __init__(self, app, lang: str = "en"):
        self.app, self.lang = app, lang
        self.cookies = httpx.Cookies()

    def request(self, method: str, path: str, **kw) -> httpx.Response:
        async def go() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1:8002",
                                         cookies=self.cookies) as c:  # fmt: skip
                headers = {"accept-language": self.lang, **kw.pop("headers", {})}
                r = await c.request(method, path, headers=headers, **kw)
                self.cookies.update(c.cookies)
                return r

        return asyncio.run(go())

    def get(self, path: str, **kw) -> httpx.Response:
        return self.request("GET", path, **kw)

    def post(self, path: str, **kw) -> httpx.Response:
        return self.request("POST", path, **kw)

    def form(self, path: str, action: str = "hand", **fields: str) -> dict[str, str]:
        """The hidden fields of the page's form for ``action`` (its CSRF token, the state it shows, its key)."""
        page = self.get(path).text
        found = re.search(r'<input type="hidden" name="csrftoken" value="([^"]*)"><input type="hidden" name="seen" '
                          r'value="([^"]*)"><input type="hidden" name="key" value="([^"]*)"><input type="hidden" '
                          rf'name="action" value="{action}">', page)  # fmt: skip
        assert found, page[:3000]
        return {"csrftoken": found[1], "seen": found[2], "key": found[3], "action": action, **fields}


def served(db: Path, secret: str = SECRET, lang: str = "en"):
    """The app for ``db`` and a function making its links."""
    ds = make(db, secret, lang)

    def link(kind: str, evening: int | None = None, cup: int | None = None, **more: int) -> str:
        return links.path(ds.sign, links.Grant(kind, evening, cup, more.get("round"), more.get("table")))

    return ds, link


def state(db: Path) -> str:
    """Everything a write could change: every row of the entries and corrections, as text."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        rows = [list(con.execute(f"select * from {t} order by id")) for t in ("entries", "corrections", "evenings")]
    return json.dumps(rows, default=str)
