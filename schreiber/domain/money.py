"""Points into whole cents, rounded once per evening: the integer core of the
settlement (``reports/settlement.py``), shared with the ledger's statistics."""

from __future__ import annotations

from fractions import Fraction
from typing import TypeVar

from ..i18n import _

POT = "Pagatkassa"  # the name of the Pagat pot's cash box in transfers

P = TypeVar("P")  # a player: his name, or his id in the ledger


def largest_remainder(nums: list[int], scale: int) -> list[int]:
    """Round the exact amounts nums[i] / scale (summing to a whole number)
    to whole numbers with the same sum: floor everything, then one more to
    each of the largest remainders; equal remainders in list order."""
    total, rest = divmod(sum(nums), scale)
    if rest:
        raise ValueError(_("the amounts sum to {total}, not to a whole cent").format(total=Fraction(sum(nums), scale)))
    floors = [v // scale for v in nums]
    rank = sorted(range(len(nums)), key=lambda i: -(nums[i] % scale))  # stable: ties keep list order
    for i in rank[: total - sum(floors)]:
        floors[i] += 1
    return floors


def evening_cents(
    players: tuple[P, ...],
    nums: dict[P, int],
    den: int,
    tarif_cents: int,
    pot_start_num: int = 0,
    pot_rule: str = "carry",
) -> dict[P | str, int]:
    """The rounded amounts of one evening, in integers only: balances are
    ``nums[p] / den`` points, the pot (``POT``) held ``pot_start_num / den``
    at the start. Rules 1-4 of docs/settlement-and-stats.md."""
    n = len(players)
    pot_end_num = pot_start_num - sum(nums.get(p, 0) for p in players)
    if pot_rule == "split":  # everything over den * n: each player gets pot_end / n
        scale = den * n
        exact = [(nums.get(p, 0) * n + pot_end_num) * tarif_cents for p in players]
    else:
        scale = den
        exact = [nums.get(p, 0) * tarif_cents for p in players]
    order: list[P | str] = list(players)
    pot = -sum(exact)
    if pot:
        exact.append(pot)
        order.append(POT)
    return dict(zip(order, largest_remainder(exact, scale)))
