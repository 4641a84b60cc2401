"""The console entry point: the fast path of ``hand add``, or the command
line with the command groups it needs (``groups.py``); either way every error is one clear line (``errors.guarded``)."""

from __future__ import annotations

import sys

from .errors import guarded
from .fast import fast_hand_add


def main() -> None:
    fast = fast_hand_add(sys.argv[1:])
    if fast is not None:
        guarded(fast)
        return
    from .groups import app_for

    guarded(app_for(sys.argv[1:]))
