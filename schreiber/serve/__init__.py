"""The table on a phone: ``schreiber serve`` (docs/serve.md). A web server
on the machine that holds the ledger, built on Datasette's plugin hooks
(``register_routes``, ``actor_from_request``), its signed tokens, its CSRF
protection and its Jinja templates, run by uvicorn: the same things the
``publish`` pages stand on, in the ``serve`` extra with a QR library.

Every write goes through the one service (``schreiber.service``), exactly
as ``hand add`` writes: a phone's hand is checked, scored, stored and
numbered as the command line's. Who may write is decided here, on the
server: a table's link carries a token signed with the ledger's secret
(``links``), a write needs that token and Datasette's CSRF token, carries
the evening's state the page showed (refused where it moved) and a key of
its own (a retry finds its entry written and writes nothing).

- ``links``: the secret, the tokens and the links they make;
- ``table``: a table's page read from the ledger, and its writes;
- ``taps``: the hand tapped on the page, as a hand record;
- ``desk``: the organizer's page: every table's progress, the Ergebnisliste;
- ``app``: the Datasette instance, its routes and their answers;
- ``words``: the pages' texts (the catalog's messages).
"""

from __future__ import annotations

from importlib.util import find_spec


def installed() -> bool:
    """Whether the ``serve`` extra is there: Datasette (with uvicorn) and the QR library."""
    return all(find_spec(name) is not None for name in ("datasette", "uvicorn", "segno"))
