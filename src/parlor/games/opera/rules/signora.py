"""OP-9.3 Signora: sell exactly one composer piece (supply or hall) to the King's palazzo for
2 x value ducats or value VP; followers pay 1 budget; nobody follows once the palazzo is full."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..board import CITIES, COMPOSERS, EMPTY, HALL_CITY, HOUSE, OFFSET, PIECE_COMPOSER, SIGNORA
from ..moves import Sell
from ..steps import CATEGORIES
from . import turns
from .track import pay_budget

if TYPE_CHECKING:
    from ..state import OperaState

REWARDS = ("ducats", "vp")


def _sellable(s: OperaState, piece: int) -> bool:
    """A composer piece (OP-3.2), of a composer not yet in the palazzo if
    option `palazzo_unique_composers` is on."""
    if not 0 <= piece < HOUSE:
        return False
    if s.options.palazzo_unique_composers:
        comp = PIECE_COMPOSER[piece]
        return all(PIECE_COMPOSER[p] != comp for p in s.palazzo)
    return True


def can_sell(s: OperaState, seat: int) -> bool:
    """OP-9.3.1: a free palazzo space and a sellable piece owned (supply or hall)."""
    if len(s.palazzo) >= s.data.palazzo_capacity:
        return False
    if s.role == SIGNORA and s.following and s.row[seat] < s.data.roles[SIGNORA].follow_cost_per_use:
        return False
    if not s.options.palazzo_unique_composers:
        return (any(0 <= p < HOUSE for p in s.supply[seat])
                or any(0 <= h < HOUSE for h in s.halls[seat]))
    return any(_sellable(s, p) for p in s.supply[seat]) or any(
        _sellable(s, p) for p in s.halls[seat])


def moves(s: OperaState, seat: int) -> list[Move]:
    out: list[Move] = []
    for comp in sorted({PIECE_COMPOSER[p] for p in s.supply[seat] if _sellable(s, p)}):
        for reward in REWARDS:
            out.append(Sell(COMPOSERS[comp], "supply", 0, reward))
    for i, piece in enumerate(s.halls[seat]):
        if _sellable(s, piece):
            city = HALL_CITY[i]
            for reward in REWARDS:
                out.append(Sell(COMPOSERS[PIECE_COMPOSER[piece]], CITIES[city],
                                i - OFFSET[city] + 1, reward))
    return out


def sell(s: OperaState, seat: int, move: Sell) -> list[Event]:
    """OP-9.3.2, OP-9.3.3, OP-9.3.5; then the follow window goes on (OP-9.3.4)."""
    comp = COMPOSERS.index(move.composer)
    if move.source == "supply":
        piece = next(p for p in s.supply[seat] if PIECE_COMPOSER[p] == comp)
        s.supply[seat].remove(piece)
    else:
        i = OFFSET[CITIES.index(move.source)] + move.hall - 1
        piece = s.halls[seat][i]
        s.halls[seat][i] = EMPTY
    fame = s.data.fame[s.fame[comp] - 1]
    s.palazzo.append(piece)
    if move.reward == "ducats":
        amount = fame.signora_ducats
        s.money[seat] += amount
    else:
        amount = fame.signora_vp
        s.add_points(seat, CATEGORIES.index("signora"), amount)
    if s.following:
        pay_budget(s, seat, s.data.roles[SIGNORA].follow_cost_per_use)
    event = Event("sold", seat, PUBLIC, {"composer": move.composer, "source": move.source,
                                         "hall": move.hall, "reward": move.reward,
                                         "amount": amount, "row": s.row[seat],
                                         "slot": s.slot[seat]})
    return [event, *turns.use_finished(s)]
