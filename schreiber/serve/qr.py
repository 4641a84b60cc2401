"""A link as a QR code (segno: pure Python): for the terminal that starts
the server or draws a round, and as SVG in a page to print."""

from __future__ import annotations

import io
from functools import lru_cache


def terminal(url: str) -> str:
    """The code in text, two rows of modules a line (for a terminal)."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


@lru_cache(maxsize=512)
def svg(url: str, scale: int = 4) -> str:
    """The code as an SVG element to put in a page."""
    import segno

    return str(segno.make(url, error="m").svg_inline(scale=scale, border=2))
