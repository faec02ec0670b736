"""Market Row (TR-10): Buy with Bargains, Order, Quick Order."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..data import DATA
from ..follow_ups import TravelingMerchants
from ..moves import Barter, Buy, BuyMix, ExtraStock, Order, QuickOrder, Shoplift, SmuggleBuy
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


def stock(state: TrickerionState) -> list[tuple[int, int]]:
    """(component, unit price) of every type that can be bought now (TR-10.1, TR-10.2)."""
    out: list[tuple[int, int]] = []
    key = state.prophecy()
    fixed = FIXED_PRICE if key == "all_components_cost_2" else 0   # p21 (TR-19.2)
    for c in state.buy_area:
        if all(c != t for t, _ in out):
            out.append((c, fixed or PRICES[c]))
    if key == "order_area_buyable":                                # p04 (TR-19.2)
        for c in state.order_slots:
            if c >= 0 and all(c != t for t, _ in out):
                out.append((c, PRICES[c]))
    if state.quick_order >= 0 and all(state.quick_order != t for t, _ in out):
        out.append((state.quick_order, (fixed or PRICES[state.quick_order]) + DATA.quick_order_surcharge))
    for c in state.extra_stock:                                               # Logistics (TR-18.4)
        if all(c != t for t, _ in out):
            out.append((c, fixed or PRICES[c]))
    return out


def unit_price(state: TrickerionState, comp: int) -> int:
    """A component's Coin price without the Quick Order surcharge (p21 included)."""
    return FIXED_PRICE if state.prophecy() == "all_components_cost_2" else PRICES[comp]


def seat_stock(state: TrickerionState, seat: int) -> list[tuple[int, int]]:
    """The stock for `seat`'s Buy: Workshop Delivery adds owned types, 1 Coin cheaper."""
    out = stock(state)
    if not state.dark_alley or specials.has(state, seat, "buy", "own_types_in_stock") is None:
        return out
    held = [c for c in range(len(COMP_IDS)) if state.components[seat][c]]
    out = [(c, max(0, p - 1) if c in held else p) for c, p in out]
    out += [(c, max(0, unit_price(state, c) - 1)) for c in held if all(c != t for t, _ in out)]
    return out


FIXED_PRICE = 2                  # p21: "every component costs 2 Coins" (prophecies.toml text)


def buy_price(state: TrickerionState, comp: int, count: int, seat: int = -1) -> int:
    for t, price in (seat_stock(state, seat) if seat >= 0 else stock(state)):
        if t == comp:
            return price * count
    return -1


@cache
def _buy(comp: int, count: int, bargains: int, manager: bool) -> Buy:
    """Buy moves are interned: legal-move lists are rebuilt often (performance)."""
    return Buy(COMP_IDS[comp], count, bargains, manager)


def _room(state: TrickerionState, seat: int, comp: int) -> list[tuple[bool, int]]:
    """(on a Manager slot, most that fit) for each place a Buy of `comp` may go (TR-11.2)."""
    held = state.components[seat][comp]
    if held:
        if state.manager_piles[seat] >> comp & 1:
            return [(True, min(MGR_MAX_PHYSICAL, MAX_EFFECTIVE - MGR_BONUS) - held)]
        return [(False, MAX_EFFECTIVE - held)]
    out = []
    if board_piles(state, seat) < BOARD_SLOTS:
        out.append((False, MAX_EFFECTIVE))
    if manager_piles(state, seat) < manager_slots(state, seat):
        out.append((True, min(MGR_MAX_PHYSICAL, MAX_EFFECTIVE - MGR_BONUS)))
    return out


def moves(state: TrickerionState, seat: int) -> list[Move]:
    ap = state.action_points
    out: list[Move] = []
    coins = state.coins[seat]
    if ap >= BUY:
        max_bargains = (ap - BUY) // BARGAIN
        for comp, price in (seat_stock(state, seat) if state.dark_alley else stock(state)):
            for on_manager, most in _room(state, seat, comp):
                for count in range(1, min(MAX_BUY, most) + 1):
                    total = price * count
                    low = max(0, total - coins)
                    for b in range(low, min(max_bargains, max(0, total - 1)) + 1):
                        out.append(_buy(comp, count, b, on_manager))
        if state.dark_alley and specials.active(state, seat, "buy"):
            out.extend(_buy_variants(state, seat, max_bargains))
    if ap >= ORDER:
        free = [i + 1 for i in range(4) if state.order_slots[i] < 0]
        if free:
            for comp in range(len(COMP_IDS)):
                if comp not in state.buy_area and comp not in state.order_slots:
                    out.extend(Order(COMP_IDS[comp], i) for i in free)
    if state.dark_alley and ap >= ORDER and specials.has(state, seat, "order", "extra_stock"):
        out.extend(ExtraStock(COMP_IDS[c]) for c in range(len(COMP_IDS))
                   if c not in state.buy_area and c not in state.order_slots and c != state.quick_order
                   and c not in state.extra_stock)
    if ap >= QUICK:
        out.extend(QuickOrder(COMP_IDS[c]) for c in range(len(COMP_IDS))
                   if c not in state.buy_area and c != state.quick_order)
    return out


def buy(state: TrickerionState, seat: int, move: Buy) -> list[Event]:
    comp = DATA.component_by_id[move.component]
    paid = buy_price(state, comp, move.count, seat if state.dark_alley else -1) - move.bargains
    state.coins[seat] -= paid
    add_components(state, seat, comp, move.count, move.manager)
    state.action_points -= BUY + BARGAIN * move.bargains
    events = [pub("bought_bargained", seat, component=move.component, count=move.count, coins=paid,
                  bargains=move.bargains) if move.bargains else
              pub("bought", seat, component=move.component, count=move.count, coins=paid)]
    if state.dark_alley:
        if specials.has(state, seat, "buy", "fame_paid_minus_one"):   # Workshop Exhibition
            specials.consume(state)
            state.fame[seat] += max(0, paid - 1)
            events.append(pub("workshop_exhibition", seat, fame=max(0, paid - 1)))
        elif specials.has(state, seat, "buy", "own_types_in_stock"):  # Workshop Delivery
            specials.consume(state)
        events.extend(_share(state, seat, paid))
    return events


# -- the Market Row's Special cards (TR-18.4) ------------------------------------------------

UNSTABLE_RETURN = 3              # "up to 3 components" (several card texts)
SMUGGLE_DISCOUNT = 1             # Smuggled Goods: "total Coin price ... minus 1"


def placements(state: TrickerionState, seat: int, counts: dict[int, int]) -> list[tuple[int, ...]]:
    """Every way a mixed purchase fits (TR-11.2), as the tuple of its new piles that go on a
    Manager slot (the other new piles take board slots; existing piles grow where they are);
    [] if it does not fit. The player chooses among them (Buy's `manager`, for several piles)."""
    board = BOARD_SLOTS - board_piles(state, seat)
    mgr_free = manager_slots(state, seat) - manager_piles(state, seat)
    mgr_most = min(MGR_MAX_PHYSICAL, MAX_EFFECTIVE - MGR_BONUS)
    new: list[int] = []
    for comp, k in sorted(counts.items()):
        held = state.components[seat][comp]
        if held:
            limit = mgr_most if state.manager_piles[seat] >> comp & 1 else MAX_EFFECTIVE
            if held + k > limit:
                return []
        else:
            new.append(comp)
    out = []
    for mask in range(1 << len(new)):
        on_mgr = tuple(c for i, c in enumerate(new) if mask >> i & 1)
        on_board = [c for i, c in enumerate(new) if not mask >> i & 1]
        if len(on_mgr) <= mgr_free and len(on_board) <= board and \
                all(counts[c] <= mgr_most for c in on_mgr) and \
                all(counts[c] <= MAX_EFFECTIVE for c in on_board):
            out.append(on_mgr)
    return out


def _counts(comps: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for c in comps:
        out[c] = out.get(c, 0) + 1
    return out


def _buy_variants(state: TrickerionState, seat: int, max_bargains: int) -> list[Move]:
    """Component Sale, Smuggled Goods, Barter with Power, Shoplifting."""
    card = specials.active(state, seat, "buy")
    assert card is not None
    prims = specials.EFFECTS.get(card.id, ())
    prices = stock(state)
    price_of = dict(prices)
    types = [c for c, _ in prices]
    coins = state.coins[seat]
    out: list[Move] = []
    if "mixed_buy" in prims:
        for k in range(2, card.params.get("max_components", 0) + 1):
            for combo in combinations_with_replacement(types, k):
                counts = _counts(combo)
                if len(counts) < 2:
                    continue
                total = sum(price_of[c] for c in combo)
                ids = tuple(COMP_IDS[c] for c in combo)
                for piles in placements(state, seat, counts):
                    mids = tuple(COMP_IDS[c] for c in piles)
                    out.extend(BuyMix(ids, b, mids) for b in range(max(0, total - coins),
                                                                   min(max_bargains, total - 1) + 1))
    elif "fame_for_coins" in prims:
        for comp, price in prices:
            for on_manager, most in _room(state, seat, comp):
                out.extend(SmuggleBuy(COMP_IDS[comp], n, on_manager) for n in range(1, min(MAX_BUY, most) + 1)
                           if state.fame[seat] >= max(0, price * n - SMUGGLE_DISCOUNT))
    elif "shard_for_components" in prims and state.shards[seat] >= 1:
        most = card.params.get("max_value", 0)
        cheapest = min((p for _, p in prices), default=most + 1)
        for k in range(1, most // max(1, cheapest) + 1):
            for combo in combinations_with_replacement(types, k):
                if sum(price_of[c] for c in combo) <= most:
                    ids = tuple(COMP_IDS[c] for c in combo)
                    out.extend(Barter(ids, tuple(COMP_IDS[c] for c in piles))
                               for piles in placements(state, seat, _counts(combo)))
    elif "one_free_from_stock" in prims:
        basics = [c for c in range(len(COMP_IDS))
                  if DATA.components[c].tier == "basic" and c not in state.buy_area]
        for comp in dict.fromkeys(state.buy_area):
            for on_manager, most in _room(state, seat, comp):
                for n in range(1, min(MAX_BUY, most) + 1):
                    total = price_of[comp] * (n - 1)
                    for b in range(max(0, total - coins), min(max_bargains, max(0, total - 1)) + 1):
                        out.extend(Shoplift(COMP_IDS[comp], n, b, on_manager, COMP_IDS[r]) for r in basics)
    return out


def _add_all(state: TrickerionState, seat: int, comps: tuple[str, ...],
             manager: tuple[str, ...]) -> dict[int, int]:
    """Existing piles grow; new piles go on a Manager slot if named in `manager`, else on board."""
    counts = _counts(tuple(DATA.component_by_id[c] for c in comps))
    on_mgr = {DATA.component_by_id[c] for c in manager}
    for comp, k in counts.items():
        held = state.components[seat][comp]
        on_manager = bool(state.manager_piles[seat] >> comp & 1) if held else comp in on_mgr
        add_components(state, seat, comp, k, on_manager)
    return counts


def buy_mix(state: TrickerionState, seat: int, move: BuyMix) -> list[Event]:
    """Component Sale: up to 4 stock components of any types in one Buy (prices normal)."""
    price_of = dict(stock(state))
    paid = sum(price_of[DATA.component_by_id[c]] for c in move.components) - move.bargains
    _add_all(state, seat, move.components, move.manager)
    state.coins[seat] -= paid
    state.action_points -= BUY + BARGAIN * move.bargains
    specials.consume(state)
    bought = (pub("bought_mix_bargained", seat, components=list(move.components), coins=paid,
                  bargains=move.bargains) if move.bargains else
              pub("bought_mix", seat, components=list(move.components), coins=paid))
    return [bought, *_share(state, seat, paid)]


def smuggle_buy(state: TrickerionState, seat: int, move: SmuggleBuy) -> list[Event]:
    """Smuggled Goods: Fame = total price - 1 instead of Coins."""
    comp = DATA.component_by_id[move.component]
    fame = max(0, buy_price(state, comp, move.count) - SMUGGLE_DISCOUNT)
    state.fame[seat] -= fame
    add_components(state, seat, comp, move.count, move.manager)
    state.action_points -= BUY
    specials.consume(state)
    return [pub("smuggled", seat, component=move.component, count=move.count, fame=fame)]


def barter(state: TrickerionState, seat: int, move: Barter) -> list[Event]:
    """Barter with Power: 1 Shard for stock components worth up to 4 Coins (one Buy)."""
    _add_all(state, seat, move.components, move.manager)
    state.shards[seat] -= 1
    state.action_points -= BUY
    specials.consume(state)
    return [pub("bartered", seat, components=list(move.components))]


def shoplift(state: TrickerionState, seat: int, move: Shoplift) -> list[Event]:
    """Shoplifting: one of the Buy is free and leaves the Buy area, refilled with `refill`."""
    comp = DATA.component_by_id[move.component]
    paid = buy_price(state, comp, move.count - 1) - move.bargains if move.count > 1 else 0
    state.coins[seat] -= paid
    add_components(state, seat, comp, move.count, move.manager)
    state.buy_area[state.buy_area.index(comp)] = DATA.component_by_id[move.refill]
    state.action_points -= BUY + BARGAIN * move.bargains
    specials.consume(state)
    return [pub("shoplifted", seat, component=move.component, count=move.count, coins=paid,
                refill=move.refill), *_share(state, seat, paid)]


def extra_stock(state: TrickerionState, seat: int, move: ExtraStock) -> list[Event]:
    """Logistics: an Order whose type is stock for everybody this week (no Order slot)."""
    comp = DATA.component_by_id[move.component]
    state.extra_stock.append(comp)
    state.action_points -= ORDER
    specials.consume(state)
    return [pub("logistics", seat, component=move.component)]


def merchant_price(state: TrickerionState, comp: int) -> int:
    """Traveling Merchants: "that component's Coin price + 1"."""
    return unit_price(state, comp) + 1


def _share(state: TrickerionState, seat: int, paid: int) -> list[Event]:
    """Business Share (TR-18.4): an opponent's Coins spent at the Market Row go to the holder."""
    if state.share_holder < 0 or state.share_holder == seat or paid <= 0:
        return []
    state.coins[state.share_holder] += paid
    return [pub("share_paid", seat, to=state.share_holder, coins=paid)]


def order(state: TrickerionState, seat: int, move: Order) -> list[Event]:
    comp = DATA.component_by_id[move.component]
    state.order_slots[move.slot - 1] = comp
    state.action_points -= ORDER
    if state.dark_alley and specials.has(state, seat, "order", "order_and_take") and \
            state.coins[seat] >= merchant_price(state, comp):           # every Order (not consumed)
        state.follow_up = TravelingMerchants(comp)
    return [pub("ordered", seat, component=move.component, slot=move.slot)]


def quick_order(state: TrickerionState, seat: int, move: QuickOrder) -> list[Event]:
    state.quick_order = DATA.component_by_id[move.component]
    state.action_points -= QUICK
    events = [pub("quick_ordered", seat, component=move.component)]
    if state.dark_alley:
        if specials.has(state, seat, "quick_order", "keep_quick_order"):   # Dubious Sources
            specials.consume(state)
            state.dubious_owner = seat
            events.append(pub("dubious_sources", seat))
    return events
