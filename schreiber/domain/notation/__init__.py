"""The short notation for one hand, one line as quick as pencil on paper::

    rufer Berti Carl + pagat! geg:trull re

``parse_notation`` turns such a line into exactly the hand record of
../shared/interface.md (``check_hand`` then validates it), and
``format_notation`` writes a record back; both pure. docs/notation.md has
the grammar, with examples for every preset. A keyword always wins over a
player's name prefix, and a player's full name over a keyword.
"""

from ..vocabulary import KEYWORDS, KV_KEYS
from .format import format_notation
from .parse import parse_notation
from .words import NotationError

__all__ = ["KEYWORDS", "KV_KEYS", "NotationError", "format_notation", "parse_notation"]
