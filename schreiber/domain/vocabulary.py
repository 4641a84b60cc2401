"""The words players type, in one place: a hand's result and Kontra, the
words of the short notation, yes and no. Every reader of typed words (the
notation, the hand record, a rules file's value, the questions at the
table) takes them from here. The words stand folded (``names.fold``); the
first of each group is the one the notation writes."""

RESULT_WORDS = {
    "+": "won",
    "-": "lost",
    "g": "won",
    "gew": "won",
    "gewonnen": "won",
    "gwonnen": "won",
    "won": "won",
    "win": "won",
    "v": "lost",
    "verl": "lost",
    "verloren": "lost",
    "lost": "lost",
    "loss": "lost",
}
SAID_RESULT = {"won": "gewonnen", "lost": "verloren"}  # a result as the table says it (the sheet, completion)
KONTRA_WORDS = {
    "kontra": "kontra",
    "contra": "kontra",
    "spritzen": "kontra",
    "gspritzt": "kontra",
    "re": "re",
    "rekontra": "re",
    "retour": "re",
    "sub": "sub",
    "subkontra": "sub",
    "superkontra": "sub",
    "hirsch": "hirsch",
    "hirschkontra": "hirsch",
    "mord": "mord",
    "mordkontra": "mord",
}
TALON_WORDS = ("talon", "stock")
OWN_WORDS = ("selbst", "selber", "allein", "sich")
CONCEDE_WORDS = ("schleifen", "geschleift", "schleift", "aufgegeben", "aufgeben", "conceded")
PARTY_KEYS = ("geg", "gegner", "gegen", "opp", "opponents")
DEALER_KEYS = ("geber", "gibt", "teiler", "dealer")
RENONCE_KEYS = ("renonce", "ren")
MIT_KEYS = ("mit",)
KEYWORDS = set(RESULT_WORDS) | set(KONTRA_WORDS) | set(TALON_WORDS) | set(OWN_WORDS) | set(CONCEDE_WORDS)
KV_KEYS = PARTY_KEYS + DEALER_KEYS + RENONCE_KEYS + MIT_KEYS + tuple(KONTRA_WORDS)

YES_WORDS = ("j", "ja", "y", "yes")  # an answer to a question, in either language
NO_WORDS = ("n", "nein", "no")
# A yes/no value of a rule (--rule holz=ja, a rules file's text): also as a program writes it.
TRUE_WORDS = ("1", "true", "on", *YES_WORDS)
FALSE_WORDS = ("0", "false", "off", *NO_WORDS)
