"""The texts of the served pages, each a message of the catalog (English in
the code, German in locale/de, as every screen of schreiber): a page is
in the language its browser asks for first (``Accept-Language``), German
or English; the game's terms stay German in both."""

from __future__ import annotations

from typing import Any

from ..i18n import LANGUAGES, N_, catalog

TEXTS = {
    "hand_no": N_("Hand {n}"),
    "deals": N_("{dealer} deals"),
    "vorhand": N_("{vorhand} is Vorhand"),
    "sits_out": N_("{player} sits out"),
    "radl": N_("Radl x{factor}: {left} more doubled"),
    "skuesradl": N_("Sküsradl x{factor}: the evening ends after {left} more"),
    "at_end": N_("The Sküsradl is played: the evening is over."),
    "round_done": N_("All {n} hands of the round are entered."),
    "round_progress": N_("{hands} of {target} hands"),
    "standing": N_("Standing"),
    "player": N_("Player"),
    "schrift_note": N_("The Schrift leaves Kontra out; settle pays the Geld."),
    "cup_note": N_("The cup ranks by the Schrift."),
    "sheet": N_("Sheet"),
    "no_hands": N_("No hands yet."),
    "enter": N_("Enter a hand"),
    "notation": N_("In short notation"),
    "notation_example": N_("e.g. rufer berti carl + pagat!"),
    "send": N_("Enter"),
    "taps": N_("By taps"),
    "contract": N_("Contract"),
    "declarer": N_("Declarer"),
    "partner": N_("Partner (the called king)"),
    "talon": N_("in the talon"),
    "own": N_("own king"),
    "result": N_("Result"),
    "won": N_("won"),
    "lost": N_("lost"),
    "points": N_("Card points of the declarer's side (e.g. 41 or 35/2)"),
    "tricks": N_("Tricks of the declarer"),
    "scores": N_("Card points of each player"),
    "kontra": N_("Kontra of each player"),
    "premiums": N_("Premiums"),
    "party_declarer": N_("declarer's side"),
    "party_opponents": N_("opponents"),
    "silent": N_("silent, made"),
    "silent_lost": N_("silent, failed"),
    "announced": N_("announced, made"),
    "announced_lost": N_("announced, failed"),
    "none": N_("none"),
    "after_end": N_("enter it all the same, after the end of the evening"),
    "corrections": N_("Corrections and more"),
    "undo": N_("Take the last hand back"),
    "undo_entry": N_("Take the last entry back (a Radl, redeal, Strafpunkt)"),
    "void": N_("Void an entry of the sheet (its # : 5 or e2)"),
    "edit": N_("Replace hand N (ändern N)"),
    "edit_line": N_("the hand as it was, in short notation"),
    "number": N_("Number"),
    "redeal": N_("Redeal: the same dealer deals again"),
    "strafpunkt": N_("Strafpunkt for"),
    "radl_start": N_("A Radl starts (at whose deal: optional)"),
    "final": N_("the last one (Sküsradl)"),
    "explain": N_("Explain hand N (erklär N)"),
    "show": N_("Show"),
    "settle": N_("Settle"),
    "settle_close": N_("Settle and close the evening"),
    "back": N_("Back to the sheet"),
    "watch_link": N_("For the other players: this sheet to follow, read-only"),
    "read_only": N_("Read-only: this page follows the sheet; the table's own link enters hands."),
    "closed": N_("This evening is {status}: nothing can be entered."),
    "pending": N_("NOT in the ledger yet: {what}. Sending again…"),
    "pending_now": N_("Send again now"),
    "offline": N_("No connection to the ledger: nothing typed is lost; it is sent when the connection is back."),
    "live": N_("The page follows the sheet as it is written."),
    "suggest": N_("What may come next"),
    "desk": N_("Desk"),
    "tables": N_("Tables"),
    "table_no": N_("Tisch {n}"),
    "round_no": N_("Round {n}"),
    "round_of": N_("Round {n} of {rounds}"),
    "paper": N_("on paper"),
    "open_table": N_("the table's link"),
    "follow": N_("follow"),
    "print": N_("Links of round {n} to print"),
    "print_note": N_("One code a table: the table's phone opens it and enters that table's hands."),
    "evening": N_("Evening {n}"),
    "evenings": N_("Open evenings"),
    "cups": N_("Tournaments"),
    "no_evening": N_("No evening is open."),
    "next_round": N_("Round {round} is drawn: Tisch {table} goes on here"),
    "ergebnisliste": N_("Ergebnisliste"),
    "footer": N_("schreiber: every figure as the ledger keeps it"),
    "not_found": N_("There is no such page here."),
    "entries_hands": N_("{hands} hands"),
}


def words(language: str) -> dict[str, Any]:
    """Every text of the pages in ``language``."""
    tr = catalog(language).gettext
    return {key: tr(text) for key, text in TEXTS.items()}


def language(accept: str, default: str) -> str:
    """The page's language: the first of German and English the browser's
    ``Accept-Language`` asks for (by its weights), else ``default``."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept.split(",")[:20]):
        tag, _s, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = tag.strip().lower().replace("_", "-").split("-")[0]
        if lang in LANGUAGES and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else default
