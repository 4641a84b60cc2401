"""The short notation for one hand: one line as quick as pencil on paper.

    rufer Berti Carl + pagat! geg:trull re        (Rufer, Berti with Carl, won,
                                                   Pagat announced and made,
                                                   silent Trull of the opponents,
                                                   game re-doubled)

``parse_notation`` turns such a line into exactly the hand record of
../shared/interface.md (the dict a user would give as JSON; ``check_hand``
then validates it), and ``format_notation`` writes a record back. Both are
pure: no storage, no CLI, no dates. The grammar, in short (docs/notation.md
has it in full, with examples for every preset)::

    CONTRACT [DECLARER...] [PARTNER] ITEM...

    CONTRACT  id, German name or alias (Pikkolo, Bettler ouvert, Solo Dreier),
              or a unique beginning of one ("d" for Dreier under standard)
    DECLARER  a player by unique prefix; NAME+ / NAME- attaches a result;
              several for negative contracts played side by side; left out
              for a Vorhand contract = the Vorhand
    PARTNER   call contracts: a player, talon/stock (king in the talon),
              selbst/allein (own king)
    ITEM      + - g v gewonnen verloren     result of the game
              41  35/2                      card points (positive contracts)
              1                             tricks (negative contracts)
              kontra re sub hirsch mord     Kontra on the game
              kontra:carl,dora re:anna      Kontra of single opponents
              pagat  pagat!  pagat-  pagat!@re   premium: silent/announced (!),
                                            won (default) / lost (-), Kontra
              geg:trull                     premium of the opponents
              schleifen aufgegeben          conceded
              renonce:carl  geber:anna      Renonce, explicit dealer
              anna:20 anna:20#3 20 15 25 10 Trischaken points (#tricks), by
                                            name or in order from the Vorhand
              mit:carl                      Trischaken "mit" (rule trischaken_mit)

Words are case-insensitive and umlaut-folded. A keyword always wins over a
player's name prefix (with a player Gerti, ``g`` means gewonnen; write
``ge``), and a player's full name always wins over a keyword.
"""

from .format import format_notation
from .parse import parse_notation
from .vocabulary import KEYWORDS, KV_KEYS, NotationError

__all__ = ["KEYWORDS", "KV_KEYS", "NotationError", "format_notation", "parse_notation"]
