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


def _sellable(state: OperaState, piece: int) -> bool:
    """A composer piece (OP-3.2), of a composer not yet in the palazzo if
    option `palazzo_unique_composers` is on."""
    if not 0 <= piece < HOUSE:
        return False
    if state.options.palazzo_unique_composers:
        composer = PIECE_COMPOSER[piece]
        return all(PIECE_COMPOSER[p] != composer for p in state.palazzo)
    return True


def can_sell(state: OperaState, seat: int) -> bool:
    """OP-9.3.1: a free palazzo space and a sellable piece owned (supply or hall)."""
    if len(state.palazzo) >= state.data.palazzo_capacity:
        return False
    follow_cost = state.data.roles[SIGNORA].follow_cost_per_use
    if state.role == SIGNORA and state.following and state.row[seat] < follow_cost:
        return False
    if not state.options.palazzo_unique_composers:
        return (any(0 <= p < HOUSE for p in state.supply[seat])
                or any(0 <= h < HOUSE for h in state.halls[seat]))
    return any(_sellable(state, p) for p in state.supply[seat]) or any(
        _sellable(state, p) for p in state.halls[seat])


def moves(state: OperaState, seat: int) -> list[Move]:
    out: list[Move] = []
    for composer in sorted({PIECE_COMPOSER[p] for p in state.supply[seat] if _sellable(state, p)}):
        for reward in REWARDS:
            out.append(Sell(COMPOSERS[composer], "supply", 0, reward))
    for i, piece in enumerate(state.halls[seat]):
        if _sellable(state, piece):
            city = HALL_CITY[i]
            for reward in REWARDS:
                out.append(Sell(COMPOSERS[PIECE_COMPOSER[piece]], CITIES[city],
                                i - OFFSET[city] + 1, reward))
    return out


def sell(state: OperaState, seat: int, move: Sell) -> list[Event]:
    """OP-9.3.2, OP-9.3.3, OP-9.3.5; then the follow window goes on (OP-9.3.4)."""
    composer = COMPOSERS.index(move.composer)
    if move.source == "supply":
        piece = next(p for p in state.supply[seat] if PIECE_COMPOSER[p] == composer)
        state.supply[seat].remove(piece)
    else:
        i = OFFSET[CITIES.index(move.source)] + move.hall - 1
        piece = state.halls[seat][i]
        state.halls[seat][i] = EMPTY
    fame = state.data.fame[state.fame[composer] - 1]
    state.palazzo.append(piece)
    if move.reward == "ducats":
        amount = fame.signora_ducats
        state.money[seat] += amount
    else:
        amount = fame.signora_vp
        state.add_points(seat, CATEGORIES.index("signora"), amount)
    if state.following:
        pay_budget(state, seat, state.data.roles[SIGNORA].follow_cost_per_use)
    event = Event("sold", seat, PUBLIC, {"composer": move.composer, "source": move.source,
                                         "hall": move.hall, "reward": move.reward,
                                         "amount": amount, "row": state.row[seat],
                                         "slot": state.slot[seat]})
    return [event, *turns.use_finished(state)]
