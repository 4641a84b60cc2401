"""The one way every front end changes the ledger: ``Service``, one door
composed of its parts by job: evenings (``evenings``), their entries
(``entries``), imports (``imports``), the Pagat pot from evening to evening
(``pot``), the checks of ``schreiber check`` (``checks``) and a merge's
(``incoming``), on what they share (``core``: the evening a change is for,
the replay after it). Besides: a tournament's desk (``tournament``), a
hand's items scored again when they are asked for (``rescored``).

The write API: ``add`` (``add_hand``, ``radl``, ``redeal``,
``strafpunkt``, ``totals``), ``edit``, ``void`` (``take_back``) and
``undo`` each take the evening the caller saw (as read, or its number;
None: the one open evening) and, where they touch a hand, its number on
the sheet; ``expected`` holds (evening, ``Ledger.change_count``) as last
shown, so a write after another session's change is refused
(``EveningChanged``) and nothing is written twice.
"""

from .checks import Checks
from .core import EveningChanged
from .entries import Entries, PastTheEnd
from .evenings import Evenings, seating
from .imports import Imported, Imports, collector_paused
from .incoming import Merges


class Service(Evenings, Entries, Imports, Checks, Merges):
    """Changes to the ledger's evenings, each one transaction."""


__all__ = ["EveningChanged", "Imported", "PastTheEnd", "Service", "collector_paused", "seating"]
