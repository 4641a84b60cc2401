"""Who may write is decided by the server (issue 40, docs/serve.md "Who
may write"): a write without a token, with another table's token (or a
token made to name another evening), with a wrong or missing CSRF token,
after `serve --new-links`, and every URL outside the pages is refused
(403 or 404) and changes nothing in the ledger; a write with the table's
own token, its CSRF token and the state it saw is entered once, however
often it is sent."""

from __future__ import annotations

import base64
import json

import pytest

from tests.helpers import cli

pytest.importorskip("datasette", reason='Datasette is not installed: pip install -e ".[test]"')
pytest.importorskip("segno", reason='segno is not installed: pip install -e ".[test]"')

from schreiber.serve import links
from schreiber.serve.app import make

from .inprocess import Phone, served, state

HAND = "rufer berti carl +"


@pytest.fixture(scope="module")
def ledger(tmp_path_factory):
    db = tmp_path_factory.mktemp("serve") / "abend.db"
    for players in (["Anna", "Berti", "Carl", "Dora"], ["Emil", "Fritz", "Gerti", "Hans"]):
        r = cli("--db", str(db), "evening", "start", *players, "--rules", "ooe", "--date", "2026-11-20", "--keep-open")
        assert r.exit_code == 0, r.output
    return db


@pytest.fixture(scope="module")
def app(ledger):
    return served(ledger)


def refused(ledger, phone: Phone, path: str, data: dict, status: tuple[int, ...] = (403, 404), **kw) -> None:
    before = state(ledger)
    r = phone.post(path, data=data, **kw)
    assert r.status_code in status, (path, r.status_code, r.text[:300])
    assert state(ledger) == before, path


def tampered(token: str, **payload) -> str:
    """A token naming another evening under the signature of this one."""
    body = base64.urlsafe_b64encode(json.dumps(payload, separators=(",", ":")).encode()).decode().rstrip("=")
    return body + "." + token.split(".", 1)[1]


def test_a_write_without_a_token_or_with_another_tables_is_refused_and_changes_nothing(ledger, app):
    ds, link = app
    phone = Phone(ds.app())
    form = phone.form(link("table", 1), zeile=HAND)
    refused(ledger, phone, "/t/", form)
    refused(ledger, phone, "/t", form)
    refused(ledger, phone, "/t/kein-token", form)
    two = link("table", 2)
    refused(ledger, phone, "/t/" + tampered(two.split("/")[2], k="t", e=1), form)  # table 2's signature, evening 1
    refused(ledger, phone, two + "?abend=1", form, status=(400,))  # table 2's link writes table 2 only: no Berti there
    refused(ledger, phone, link("watch", 1), form)  # the players' link follows, never writes
    refused(ledger, phone, link("desk"), form)
    other = served(ledger, secret="6" * 64)[1]("table", 1)  # signed with another secret
    refused(ledger, phone, other, form)


def test_a_write_with_a_wrong_or_missing_csrf_token_is_refused(ledger, app):
    ds, link = app
    phone = Phone(ds.app())
    path = link("table", 1)
    form = phone.form(path, zeile=HAND)
    refused(ledger, phone, path, {**form, "csrftoken": "falsch"})
    refused(ledger, phone, path, {k: v for k, v in form.items() if k != "csrftoken"})
    stranger = Phone(ds.app())  # no cookie at all: asgi-csrf would let it through, the server does not
    refused(ledger, stranger, path, form)
    refused(ledger, stranger, path, form, headers={"authorization": "Bearer x"})
    refused(ledger, stranger, path, form, headers={"x-csrftoken": form["csrftoken"]})


def test_after_new_links_every_earlier_link_opens_nothing(ledger, tmp_path):
    secret = links.secret(tmp_path)
    assert links.secret(tmp_path) == secret  # kept: a link stays good when the server starts again
    ds, link = served(ledger, secret)
    phone = Phone(ds.app())
    path = link("table", 1)
    form = phone.form(path, zeile=HAND)
    renewed = links.secret(tmp_path, new=True)  # what serve --new-links does
    assert renewed != secret and links.secret(tmp_path) == renewed
    assert (tmp_path / links.SECRET).stat().st_mode & 0o777 == 0o600  # the owner's alone, as it was made
    assert [f.name for f in tmp_path.iterdir()] == [links.SECRET]  # written whole: nothing left beside it
    fresh = make(ledger, renewed, "en")
    after = Phone(fresh.app())
    after.cookies = phone.cookies
    refused(ledger, after, path, form)
    assert after.get(path).status_code == 404
    assert after.get(link("desk")).status_code == 404


@pytest.mark.parametrize(
    "path",
    ["/", "/-/versions", "/-/databases.json", "/-/metadata", "/-/actor.json", "/-/static/app.css", "/favicon.ico",
     "/_memory", "/_memory?sql=select+1", "/_internal", "/abend", "/t/", "/s/x", "/d/x", "/t/x/stand",
     "/abend.db", "/-/plugins"],
)  # fmt: skip
def test_no_url_outside_the_pages_is_reachable(ledger, app, path):
    ds, link = app
    phone = Phone(ds.app())
    phone.get(link("table", 1))
    before = state(ledger)
    assert phone.get(path).status_code == 404, path
    assert phone.post(path, data={"sql": "delete from entries"}).status_code in (403, 404), path
    assert state(ledger) == before


def test_a_link_opens_only_what_it_is_for(ledger, app):
    ds, link = app
    phone = Phone(ds.app())
    table, watch, desk = link("table", 1), link("watch", 1), link("desk")
    assert phone.get("/s/" + table.split("/")[2]).status_code == 404  # a table's token is no follow link
    assert phone.get("/d/" + watch.split("/")[2]).status_code == 404
    assert phone.get("/t/" + desk.split("/")[2]).status_code == 404
    page = phone.get(watch).text
    assert "csrftoken" not in page and "Read-only" in page  # follows the sheet, no form
    assert 'name="csrftoken"' in phone.get(table).text
    assert phone.get(link("table", 99)).status_code == 404  # an evening the ledger does not have


def test_a_write_is_entered_once_and_a_stale_one_not_at_all(ledger, app):
    ds, link = app
    phone, other = Phone(ds.app()), Phone(ds.app())
    path = link("table", 2)
    form = phone.form(path, zeile="rufer fritz gerti +")
    stale = other.form(path, zeile="dreier hans +")
    r = phone.post(path, data=form)
    assert r.status_code == 303, r.text[:500]
    written = state(ledger)
    again = phone.post(path, data=form, headers={"x-schreiber": "1"})  # the answer lost: sent again
    assert again.status_code == 200 and again.json()["status"] == "done"
    assert state(ledger) == written
    late = other.post(path, data=stale)  # the second phone had the page from before the hand
    assert late.status_code == 409 and "changed elsewhere meanwhile (1 new entry)" in late.text
    assert "Fritz" in late.text and "dreier hans +" in late.text  # the new state shown, what was typed kept
    assert state(ledger) == written
    sheet = json.loads(cli("--db", str(ledger), "sheet", "--json", "--evening", "2").stdout)
    assert [h["record"] for h in sheet["hands"]] == [
        {"contract": "rufer", "declarer": "Fritz", "partner": "Gerti", "result": "won", "dealer": "Emil"}
    ]


def test_the_page_speaks_the_browsers_language(ledger, app):
    ds, link = app
    de = Phone(ds.app(), lang="de-AT,de;q=0.9,en;q=0.5").get(link("table", 1)).text
    en = Phone(ds.app(), lang="en-GB,en;q=0.9").get(link("table", 1)).text
    assert "Ein Spiel eintragen" in de and "Stand" in de and "gibt" in de
    assert "Enter a hand" in en and "Standing" in en and "deals" in en
