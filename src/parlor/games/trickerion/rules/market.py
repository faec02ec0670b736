"""Market Row (TR-10): Buy with Bargains, Order, Quick Order."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..data import DATA
from ..moves import Buy, Order, QuickOrder
from . import specials
from .common import (
    BOARD_SLOTS,
    COMP_IDS,
    MAX_EFFECTIVE,
    MGR_BONUS,
    MGR_MAX_PHYSICAL,
    PRICES,
    add_components,
    board_piles,
    manager_piles,
    manager_slots,
    pub,
)

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
BUY, BARGAIN, ORDER, QUICK = AP["buy"], AP["bargain"], AP["order"], AP["quick_order"]
MAX_BUY = 3                      # TR-10.2: 1, 2 or 3 of one type


def stock(s: TrickerionState) -> list[tuple[int, int]]:
    """(component, unit price) of every type that can be bought now (TR-10.1, TR-10.2)."""
    out: list[tuple[int, int]] = []
    key = s.prophecy()
    fixed = FIXED_PRICE if key == "all_components_cost_2" else 0   # p21 (TR-19.2)
    for c in s.buy:
        if all(c != t for t, _ in out):
            out.append((c, fixed or PRICES[c]))
    if key == "order_area_buyable":                                # p04 (TR-19.2)
        for c in s.orders:
            if c >= 0 and all(c != t for t, _ in out):
                out.append((c, PRICES[c]))
    if s.quick >= 0 and all(s.quick != t for t, _ in out):
        out.append((s.quick, (fixed or PRICES[s.quick]) + DATA.quick_order_surcharge))
    return out


FIXED_PRICE = 2                  # p21: "every component costs 2 Coins" (prophecies.toml text)


def buy_price(s: TrickerionState, comp: int, count: int) -> int:
    for t, price in stock(s):
        if t == comp:
            return price * count
    return -1


@cache
def _buy(comp: int, count: int, bargains: int, manager: bool) -> Buy:
    """Buy moves are interned: legal-move lists are rebuilt often (performance)."""
    return Buy(COMP_IDS[comp], count, bargains, manager)


def _room(s: TrickerionState, seat: int, comp: int) -> list[tuple[bool, int]]:
    """(on a Manager slot, most that fit) for each place a Buy of `comp` may go (TR-11.2)."""
    held = s.comps[seat][comp]
    if held:
        if s.mgr[seat] >> comp & 1:
            return [(True, min(MGR_MAX_PHYSICAL, MAX_EFFECTIVE - MGR_BONUS) - held)]
        return [(False, MAX_EFFECTIVE - held)]
    out = []
    if board_piles(s, seat) < BOARD_SLOTS:
        out.append((False, MAX_EFFECTIVE))
    if manager_piles(s, seat) < manager_slots(s, seat):
        out.append((True, min(MGR_MAX_PHYSICAL, MAX_EFFECTIVE - MGR_BONUS)))
    return out


def moves(s: TrickerionState, seat: int) -> list[Move]:
    ap = s.pc_ap
    out: list[Move] = []
    coins = s.coins[seat]
    if ap >= BUY:
        max_bargains = (ap - BUY) // BARGAIN
        for comp, price in stock(s):
            for mgr, most in _room(s, seat, comp):
                for count in range(1, min(MAX_BUY, most) + 1):
                    total = price * count
                    low = max(0, total - coins)
                    for b in range(low, min(max_bargains, total - 1) + 1):
                        out.append(_buy(comp, count, b, mgr))
    if ap >= ORDER:
        free = [i + 1 for i in range(4) if s.orders[i] < 0]
        if free:
            for comp in range(len(COMP_IDS)):
                if comp not in s.buy and comp not in s.orders:
                    out.extend(Order(COMP_IDS[comp], i) for i in free)
    if ap >= QUICK:
        out.extend(QuickOrder(COMP_IDS[c]) for c in range(len(COMP_IDS))
                   if c not in s.buy and c != s.quick)
    return out


def buy(s: TrickerionState, seat: int, move: Buy) -> list[Event]:
    comp = DATA.component_by_id[move.component]
    paid = buy_price(s, comp, move.count) - move.bargains
    s.coins[seat] -= paid
    add_components(s, seat, comp, move.count, move.manager)
    s.pc_ap -= BUY + BARGAIN * move.bargains
    events = [pub("bought", seat, component=move.component, count=move.count, coins=paid,
                  bargains=move.bargains)]
    if s.da:
        if specials.has(s, seat, "buy", "fame_paid_minus_one"):   # Workshop Exhibition
            specials.consume(s)
            s.fame[seat] += max(0, paid - 1)
            events.append(pub("workshop_exhibition", seat, fame=max(0, paid - 1)))
        events.extend(_share(s, seat, paid))
    return events


def _share(s: TrickerionState, seat: int, paid: int) -> list[Event]:
    """Business Share (TR-18.4): an opponent's Coins spent at the Market Row go to the holder."""
    if s.share < 0 or s.share == seat or paid <= 0:
        return []
    s.coins[s.share] += paid
    return [pub("share_paid", seat, to=s.share, coins=paid)]


def order(s: TrickerionState, seat: int, move: Order) -> list[Event]:
    s.orders[move.slot - 1] = DATA.component_by_id[move.component]
    s.pc_ap -= ORDER
    return [pub("ordered", seat, component=move.component, slot=move.slot)]


def quick_order(s: TrickerionState, seat: int, move: QuickOrder) -> list[Event]:
    s.quick = DATA.component_by_id[move.component]
    s.pc_ap -= QUICK
    events = [pub("quick_ordered", seat, component=move.component)]
    if s.da:
        if specials.has(s, seat, "quick_order", "keep_quick_order"):   # Dubious Sources
            specials.consume(s)
            s.dubious = seat
            events.append(pub("dubious_sources", seat))
    return events
