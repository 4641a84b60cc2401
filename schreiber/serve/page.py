"""A round's QR codes as a page of its own to print (``cup draw``), from
the server's template, rendered by Jinja2 without a server."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import qr
from .words import words

if TYPE_CHECKING:
    from ..ledger.cup_book import CupTable


def codes_page(cup: str, round_no: int, cards: list[tuple[CupTable, str]], lang: str) -> str:
    """The page: a card a table (its number, players, code and link)."""
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(loader=FileSystemLoader(Path(__file__).with_name("templates")), autoescape=select_autoescape())
    w = words(lang)
    shown = [{"title": w["table_no"].format(n=t.table_no), "players": ", ".join(t.players), "url": url,
              "svg": qr.svg(url, 5)} for t, url in cards]  # fmt: skip
    heading = f"{cup}: {w['round_no'].format(n=round_no)}"
    return env.get_template("codes.html").render(w=w, lang=lang, heading=heading, cards=shown)
