"""OP-9.1 Impresario: buy 0-2 display pieces at their fame value, then rearrange (OP-10).
A follower pays 1 budget per piece, at least 1 (OP-9.1.5, option
`impresario_follow_rearrange_only`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..board import COMPOSERS, IMPRESARIO, PIECE_COMPOSER
from ..moves import Buy, Done
from . import programme
from .track import pay_budget

if TYPE_CHECKING:
    from ..state import OperaState


def price(s: OperaState, composer: int) -> int:
    """OP-9.1.3: the purchase price of the composer's fame position (fame_ladder.toml)."""
    return s.data.fame[s.fame[composer] - 1].purchase_price


def buys(s: OperaState, seat: int, following: bool, uses: int) -> list[Buy]:
    role = s.data.roles[IMPRESARIO]
    if uses >= role.max_uses:
        return []
    if following and s.row[seat] < role.follow_cost_per_use:
        return []
    present = sorted({PIECE_COMPOSER[p] for p in s.display})
    return [Buy(COMPOSERS[c]) for c in present if price(s, c) <= s.money[seat]]


def moves(s: OperaState, seat: int) -> list[Move]:
    out: list[Move] = list(buys(s, seat, s.following, s.uses))
    if not s.following or s.uses > 0 or s.options.impresario_follow_rearrange_only:
        out.append(Done())
    return out


def buy(s: OperaState, seat: int, move: Buy) -> list[Event]:
    comp = COMPOSERS.index(move.composer)
    piece = next(p for p in s.display if PIECE_COMPOSER[p] == comp)
    cost = price(s, comp)
    s.display.remove(piece)
    s.supply[seat].append(piece)
    s.money[seat] -= cost
    s.uses += 1
    if s.following:
        pay_budget(s, seat, s.data.roles[IMPRESARIO].follow_cost_per_use)
    return [Event("bought", seat, PUBLIC, {"composer": move.composer, "price": cost,
                                           "row": s.row[seat], "slot": s.slot[seat]})]


def done(s: OperaState, seat: int) -> list[Event]:
    """End buying; a follower who bought nothing pays the minimum cost; then rearrange."""
    events: list[Event] = []
    if s.following and s.uses == 0:
        cost = s.data.roles[IMPRESARIO].follow_min_cost
        pay_budget(s, seat, cost)
        events.append(Event("rearrange_only", seat, PUBLIC, {"cost": cost, "row": s.row[seat],
                                                             "slot": s.slot[seat]}))
    return events + programme.start(s, seat)
