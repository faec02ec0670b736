"""Market Row (TR-10): Buy with Bargains, Order, Quick Order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..data import DATA
from ..moves import Buy, Order, QuickOrder
from .common import COMP_IDS, PRICES, add_components, can_add, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
BUY, BARGAIN, ORDER, QUICK = AP["buy"], AP["bargain"], AP["order"], AP["quick_order"]
MAX_BUY = 3                      # TR-10.2: 1, 2 or 3 of one type


def stock(s: TrickerionState) -> list[tuple[int, int]]:
    """(component, unit price) of every type that can be bought now (TR-10.1, TR-10.2)."""
    out: list[tuple[int, int]] = []
    for c in s.buy:
        if all(c != t for t, _ in out):
            out.append((c, PRICES[c]))
    if s.quick >= 0 and all(s.quick != t for t, _ in out):
        out.append((s.quick, PRICES[s.quick] + DATA.quick_order_surcharge))
    return out


def buy_price(s: TrickerionState, comp: int, count: int) -> int:
    for t, price in stock(s):
        if t == comp:
            return price * count
    return -1


def moves(s: TrickerionState, seat: int) -> list[Move]:
    ap = s.pc_ap
    out: list[Move] = []
    coins = s.coins[seat]
    if ap >= BUY:
        for comp, price in stock(s):
            held = s.comps[seat][comp]
            places = ((bool(s.mgr[seat] >> comp & 1),) if held else (False, True))
            for count in range(1, MAX_BUY + 1):
                total = price * count
                for mgr in places:
                    if not can_add(s, seat, comp, count, mgr):
                        continue
                    for b in range(0, min((ap - BUY) // BARGAIN, total - 1) + 1):
                        if coins >= total - b:
                            out.append(Buy(COMP_IDS[comp], count, b, mgr))
    if ap >= ORDER:
        for comp in range(len(COMP_IDS)):
            if comp not in s.buy and comp not in s.orders:
                out.extend(Order(COMP_IDS[comp], i + 1) for i in range(4) if s.orders[i] < 0)
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
    return [pub("bought", seat, component=move.component, count=move.count, coins=paid,
                bargains=move.bargains)]


def order(s: TrickerionState, seat: int, move: Order) -> list[Event]:
    s.orders[move.slot - 1] = DATA.component_by_id[move.component]
    s.pc_ap -= ORDER
    return [pub("ordered", seat, component=move.component, slot=move.slot)]


def quick_order(s: TrickerionState, seat: int, move: QuickOrder) -> list[Event]:
    s.quick = DATA.component_by_id[move.component]
    s.pc_ap -= QUICK
    return [pub("quick_ordered", seat, component=move.component)]
