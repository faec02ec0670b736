"""OP-9.1 Impresario: buy 0-2 display pieces at their fame value, then rearrange (OP-10).
A follower pays 1 budget per piece, at least 1 (OP-9.1.5, option
`impresario_follow_rearrange_only`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..board import COMPOSERS, IMPRESARIO, PIECE_COMPOSER
from ..moves import DONE, Buy
from . import programme
from .track import pay_budget

if TYPE_CHECKING:
    from ..state import OperaState


BUY_MOVES = tuple(Buy(composer) for composer in COMPOSERS)  # made once (see moves.PASS)


def price(state: OperaState, composer: int) -> int:
    """OP-9.1.3: the purchase price of the composer's fame position (fame_ladder.toml)."""
    return state.data.fame[state.fame[composer] - 1].purchase_price


def buys(state: OperaState, seat: int, following: bool, uses: int) -> list[Buy]:
    role = state.data.roles[IMPRESARIO]
    if uses >= role.max_uses:
        return []
    if following and state.row[seat] < role.follow_cost_per_use:
        return []
    present = sorted({PIECE_COMPOSER[p] for p in state.display})
    return [BUY_MOVES[c] for c in present if price(state, c) <= state.money[seat]]


def moves(state: OperaState, seat: int) -> list[Move]:
    out: list[Move] = list(buys(state, seat, state.following, state.uses))
    if not state.following or state.uses > 0 or state.options.impresario_follow_rearrange_only:
        out.append(DONE)
    return out


def buy(state: OperaState, seat: int, move: Buy) -> list[Event]:
    composer = COMPOSERS.index(move.composer)
    piece = next(p for p in state.display if PIECE_COMPOSER[p] == composer)
    cost = price(state, composer)
    state.display.remove(piece)
    state.supply[seat].append(piece)
    state.money[seat] -= cost
    state.uses += 1
    if state.following:
        pay_budget(state, seat, state.data.roles[IMPRESARIO].follow_cost_per_use)
    return [Event("bought", seat, PUBLIC, {"composer": move.composer, "price": cost,
                                           "row": state.row[seat], "slot": state.slot[seat]})]


def done(state: OperaState, seat: int) -> list[Event]:
    """End buying; a follower who bought nothing pays the minimum cost; then rearrange."""
    events: list[Event] = []
    if state.following and state.uses == 0:
        cost = state.data.roles[IMPRESARIO].follow_min_cost
        pay_budget(state, seat, cost)
        events.append(Event("rearrange_only", seat, PUBLIC, {"cost": cost, "row": state.row[seat],
                                                             "slot": state.slot[seat]}))
    return events + programme.start(state, seat)
