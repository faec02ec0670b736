"""Follow-up decisions of Special card abilities (TR-18.4) and the Magician abilities that need
decisions of their own (TR-20): each is a short list of moves plus `skip_ability`.

Inside a placement `state.follow_up` names the pending step (a record of `follow_ups`); between the
Place Characters and Performance phases Master of Chains may Break Free (Phase.BREAK_FREE); after the
last Performance, Durable Components and Hidden Talent are decided (Phase.AFTER_PERFORMANCES); Yoruba
Spiritmaster is asked before each opponent's Performance (Phase.PERFORMANCE, `state.asked`).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import CS_PENDING, PF_UNDECLARED, TF_MIMESIS, TF_POSSESSION, Phase
from ..data import CHARACTERS, DATA, DIRECTIONS, LOCATIONS
from ..follow_ups import (
    BuyingTime,
    GrandPremiere,
    HypnoticMotivation,
    Investments,
    Mimesis,
    OnStagePreparation,
    ReplaceableParts,
    TravelingMerchants,
    UnstablePrototype,
)
from ..markers import GRAY, is_stack, marker_code, marker_suit, turned
from ..moves import (
    BreakFree,
    DoubleYield,
    HiddenTalent,
    Invest,
    MarkerToTrick,
    Mimic,
    MotivateCard,
    Perform,
    Possess,
    Reschedule,
    ReturnComponents,
    SkipAbility,
    StageMarker,
    StreetPerformance,
    SwapCards,
    TakeOrdered,
)
from . import specials
from .common import (
    COMP_IDS,
    TRICK_IDS,
    add_components,
    can_add,
    char_name,
    gain_shards,
    pub,
    remove_component,
    remove_marker,
    requirements,
)

if TYPE_CHECKING:
    from ..state import TrickerionState

RESOURCES = ("fame", "coins", "shards")
SPECIALISTS = (1, 2, 3)
UNSTABLE_MAX = 3                 # Unstable Prototype: "up to 3 of the components"


def ability_of(state: TrickerionState, seat: int) -> str:
    return DATA.magicians[state.magician[seat]].ability_id if state.magician[seat] >= 0 else ""


# -- p20 Secret Plans and Mimesis (TR-19.2, TR-20) --------------------------------------------

def reveal_card(state: TrickerionState, seat: int, char: int) -> list[Event]:
    """p20: a card still face down is revealed when its character is placed or idled."""
    if state.shown[seat] >> char & 1:
        return []
    state.shown[seat] |= 1 << char
    card = state.special_card[seat][char]
    name = DATA.specials[card].id if card >= 0 else LOCATIONS[state.card_location[seat][char]]
    return [pub("card_revealed", seat, True, character=char_name(char), card=name)]


def mimic_options(state: TrickerionState, seat: int) -> list[int]:
    """The Great Optico (TR-20): opponents' revealed Special cards of the Location of the
    Permanent card under the character just placed, once per turn."""
    char = state.placement_character
    if (ability_of(state, seat) != "mimesis" or state.turn_flags[seat] & TF_MIMESIS
            or state.special_card[seat][char] >= 0):
        return []
    loc = state.card_location[seat][char]
    found = {state.special_card[p][c] for p in range(state.players) if p != seat for c in range(8)
             if state.special_card[p][c] >= 0 and state.shown[p] >> c & 1
             and DATA.specials[state.special_card[p][c]].deck == loc}
    return sorted(found)


def mimic(state: TrickerionState, seat: int, move: Mimic) -> list[Event]:
    card = DATA.special_by_id[move.card]
    state.mimic[seat] = card * 8 + state.placement_character
    state.turn_flags[seat] |= TF_MIMESIS
    state.placement_flags |= PF_UNDECLARED
    state.follow_up = None
    return [pub("mimesis", seat, character=char_name(state.placement_character), card=move.card)]


# -- follow-ups inside a placement -----------------------------------------------------------

def follow_moves(state: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = []
    match state.follow_up:
        case BuyingTime():
            cards = [p for p in range(len(state.stage)) if state.stage[p] >= 0]
            out = [SwapCards(a + 1, b + 1) for i, a in enumerate(cards) for b in cards[i + 1:]]
        case OnStagePreparation(suit=suit):
            out = list(_stage_moves(state, seat, suit))
        case ReplaceableParts(suit=suit):
            from .workshop import replace_targets
            out = [MarkerToTrick(TRICK_IDS[state.trick_by_suit[seat][x]])
                   for x in replace_targets(state, seat, suit)]
        case UnstablePrototype(suit=suit):
            out = list(_unstable_moves(state, seat, suit))
        case Investments(coins=coins):
            out = list(_invest_moves(state, seat, coins))
        case TravelingMerchants(component=comp):
            from .market import merchant_price
            if state.coins[seat] >= merchant_price(state, comp):
                out = [TakeOrdered(m) for m in (False, True) if can_add(state, seat, comp, 1, m)]
        case HypnoticMotivation():
            out = [MotivateCard(LOCATIONS[loc]) for loc in range(5) if state.hand[seat][loc]]
            out += [MotivateCard(DATA.specials[c].id) for c in dict.fromkeys(state.special_hand[seat])]
        case Mimesis():
            out = [Mimic(DATA.specials[c].id) for c in mimic_options(state, seat)]
        case GrandPremiere(yields=yields):
            out = [DoubleYield(TRICK_IDS[trick], RESOURCES[r]) for trick, *amounts in yields
                   for r in range(3) if amounts[r]]
    out.append(SkipAbility())
    return out


def _stage_moves(state: TrickerionState, seat: int, suit: int) -> list[Move]:
    """On-stage Preparation: an empty slot of any card, TR-12.3 orientation, TR-12.4 limit."""
    from .theater import _holds_suit
    if not state.prepared[seat][suit]:
        return []
    out: list[Move] = []
    for pos in range(len(state.stage)):
        if state.stage[pos] < 0 or _holds_suit(state.markers[pos], seat, suit):
            continue
        card = state.cards[state.stage[pos]]
        for slot in range(len(card.slots)):
            if state.markers[pos][slot] < 0:
                out.extend(StageMarker(pos + 1, card.slots[slot], DIRECTIONS[d])
                           for d, _, _ in card.neighbours[slot])
    return out


def _unstable_moves(state: TrickerionState, seat: int, suit: int) -> list[Move]:
    """Unstable Prototype: 1 to 3 of the Trick's required components that the player holds."""
    trick = DATA.tricks[state.trick_by_suit[seat][suit]]
    types = [c for c, _ in requirements(state, trick) if state.components[seat][c]]
    out: list[Move] = []
    for k in range(1, UNSTABLE_MAX + 1):
        for combo in combinations_with_replacement(types, k):
            if all(combo.count(c) <= state.components[seat][c] for c in types):
                out.append(ReturnComponents(tuple(COMP_IDS[c] for c in combo)))
    return out


def _invest_moves(state: TrickerionState, seat: int, budget: int) -> list[Move]:
    from .market import stock
    return [Invest(COMP_IDS[c], m) for c, price in stock(state) if price <= budget
            for m in (False, True) if can_add(state, seat, c, 1, m)]


def skip_ability(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    """Decline the pending optional step."""
    if state.phase == Phase.BREAK_FREE:
        state.acting = -1
        return [pub("ability_skipped", seat, ability="break_free")]
    if state.phase == Phase.AFTER_PERFORMANCES:
        name = "durable_components" if state.durable[seat] else "hidden_talent"
        if state.durable[seat]:
            state.durable[seat] = 0
        else:
            state.talent[seat] = -1
        return [pub("ability_skipped", seat, ability=name)]
    if state.phase == Phase.PERFORMANCE and state.follow_up is None:
        state.asked = state.performing_day
        return [pub("ability_skipped", seat, ability="soul_possession")]
    assert state.follow_up is not None
    name = state.follow_up.ability
    state.follow_up = None
    return [pub("ability_skipped", seat, ability=name)]


def swap_cards(state: TrickerionState, seat: int, move: SwapCards) -> list[Event]:
    """Buying Time: two Performance cards change places with their markers; +3 Coins."""
    a, b = move.first - 1, move.second - 1
    state.stage[a], state.stage[b] = state.stage[b], state.stage[a]
    state.markers[a], state.markers[b] = state.markers[b], state.markers[a]
    coins = DATA.specials[DATA.special_by_id["buying_time"]].params.get("coins", 0)
    state.coins[seat] += coins
    state.follow_up = None
    return [pub("cards_swapped", seat, first=move.first, second=move.second, coins=coins)]


def marker_to_trick(state: TrickerionState, seat: int, move: MarkerToTrick) -> list[Event]:
    """Replaceable Parts (one marker fewer on the prepared Trick, one on this one) or Durable
    Components (a performed marker back on its card instead of the supply)."""
    suit = state.suit_of_trick(seat, DATA.trick_by_id[move.trick])
    if state.phase == Phase.AFTER_PERFORMANCES:
        state.durable[seat] = 0
        state.prepared[seat][suit] += 1
        return [pub("durable_components", seat, trick=move.trick)]
    assert isinstance(state.follow_up, ReplaceableParts)
    source = state.follow_up.suit
    state.prepared[seat][source] -= 1
    state.prepared[seat][suit] += 1
    state.follow_up = None
    return [pub("replaceable_parts", seat, trick=move.trick,
                source=TRICK_IDS[state.trick_by_suit[seat][source]])]


def stage_marker(state: TrickerionState, seat: int, move: StageMarker) -> list[Event]:
    """On-stage Preparation: like a Set up Trick without AP; its Links pay nothing."""
    assert isinstance(state.follow_up, OnStagePreparation)
    suit = state.follow_up.suit
    pos = move.card - 1
    slot = state.cards[state.stage[pos]].slots.index(move.slot)
    state.markers[pos][slot] = marker_code(seat, suit, DIRECTIONS.index(move.dir))
    state.prepared[seat][suit] -= 1
    state.scheduled[seat][suit] += 1
    state.follow_up = None
    return [pub("staged", seat, trick=TRICK_IDS[state.trick_by_suit[seat][suit]], card=move.card,
                slot=move.slot, dir=move.dir)]


def return_components(state: TrickerionState, seat: int, move: ReturnComponents) -> list[Event]:
    """Unstable Prototype: +1 marker (supply permitting), 1 Fame and 1 Coin per component."""
    assert isinstance(state.follow_up, UnstablePrototype)
    suit = state.follow_up.suit
    for c in move.components:
        remove_component(state, seat, DATA.component_by_id[c])
    n = len(move.components)
    if state.supply(seat, suit):
        state.prepared[seat][suit] += 1
    state.fame[seat] += n
    state.coins[seat] += n
    state.follow_up = None
    return [pub("unstable_prototype", seat, components=list(move.components), fame=n, coins=n)]


def invest(state: TrickerionState, seat: int, move: Invest) -> list[Event]:
    """Investments: one stock component bought with the Coins just taken (no AP)."""
    from .market import stock
    comp = DATA.component_by_id[move.component]
    price = dict(stock(state))[comp]
    state.coins[seat] -= price
    add_components(state, seat, comp, 1, move.manager)
    assert isinstance(state.follow_up, Investments)
    budget, left = state.follow_up.coins - price, state.follow_up.components - 1
    state.follow_up = Investments(budget, left) if left > 0 else None
    return [pub("invested", seat, component=move.component, coins=price)]


def take_ordered(state: TrickerionState, seat: int, move: TakeOrdered) -> list[Event]:
    """Traveling Merchants: one of the ordered type at once for its price + 1."""
    from .market import _share, merchant_price
    assert isinstance(state.follow_up, TravelingMerchants)
    comp = state.follow_up.component
    price = merchant_price(state, comp)
    state.coins[seat] -= price
    add_components(state, seat, comp, 1, move.manager)
    state.follow_up = None
    return [pub("merchant_bought", seat, component=COMP_IDS[comp], coins=price),
            *_share(state, seat, price)]


def motivate_card(state: TrickerionState, seat: int, move: MotivateCard) -> list[Event]:
    """Hypnotic Motivation: a card from hand face up under the character hired at once."""
    assert isinstance(state.follow_up, HypnoticMotivation)
    char = state.follow_up.character
    if move.card in DATA.special_by_id:
        card = DATA.special_by_id[move.card]
        state.special_hand[seat].remove(card)
        state.special_card[seat][char] = card
        state.card_location[seat][char] = DATA.specials[card].deck
    else:
        loc = LOCATIONS.index(move.card)
        state.hand[seat][loc] -= 1
        state.card_location[seat][char] = loc
    state.card_state[seat][char] = CS_PENDING
    state.shown[seat] |= 1 << char
    state.follow_up = None
    return [pub("motivated", seat, True, character=char_name(char), card=move.card)]


def double_yield(state: TrickerionState, seat: int, move: DoubleYield) -> list[Event]:
    """Grand Premiere: that Trick's chosen yield is received once more."""
    assert isinstance(state.follow_up, GrandPremiere)
    trick = DATA.trick_by_id[move.trick]
    amounts = next(y[1:] for y in state.follow_up.yields if y[0] == trick)
    r = RESOURCES.index(move.resource)
    amount = amounts[r]
    if r == 0:
        state.fame[seat] += amount
    elif r == 1:
        state.coins[seat] += amount
    else:
        amount = gain_shards(state, seat, amount)
    state.follow_up = None
    return [pub("grand_premiere", seat, trick=move.trick, resource=move.resource, amount=amount)]


def street_performance(state: TrickerionState, seat: int, move: StreetPerformance) -> list[Event]:
    """Street Performance: the marker goes to the supply; its Trick's yields at once with the
    player's own weekday modifier (TR-18.4)."""
    from .performance import modified, weekday_modifier
    pos = move.card - 1
    slot = state.cards[state.stage[pos]].slots.index(move.slot)
    code = state.markers[pos][slot]
    trick = DATA.tricks[state.trick_by_suit[seat][marker_suit(code)]]
    remove_marker(state, pos, slot)
    wf, wc = weekday_modifier(state, state.performance_day[seat])
    bonus = [1] if state.enhanced_tricks[trick.index] else []
    if is_stack(code):
        bonus.append(trick.level)               # a Supercharge stack's extra (TR-20)
    fame = modified(trick.yield_fame, [wf, *bonus])
    coins = modified(trick.yield_coins, [wc, *bonus])
    state.fame[seat] += fame
    state.coins[seat] += coins
    shards = gain_shards(state, seat, trick.yield_shards)
    state.action_points -= DATA.action_ap["reschedule"]
    specials.consume(state)
    return [pub("street_performance", seat, trick=trick.id, card=move.card, fame=fame,
                coins=coins, shards=shards)]


# -- Master of Chains: Break Free, between phases E and F (TR-20) ---------------------------

def break_free_seat(state: TrickerionState) -> int:
    for seat in state.order:
        if ability_of(state, seat) == "break_free" and break_free_moves(state, seat):
            return seat
    return -1


def break_free_moves(state: TrickerionState, seat: int) -> list[Move]:
    from .theater import _reschedules, created_links, marker_route
    out: list[Move] = []
    for r in _reschedules(state, seat):
        assert isinstance(r, Reschedule)
        pos, src, pos2, dst = marker_route(state, r)
        code = state.markers[pos][src]
        cat = DATA.tricks[state.trick_by_suit[seat][marker_suit(code)]].category
        links = created_links(state, pos2, dst, cat, DIRECTIONS.index(r.dir),
                              src if pos == pos2 else -1)
        out.extend(BreakFree(r.card, r.slot, r.to_card, r.to_slot, r.dir, k)
                   for k in range(len(links) + 1))
    return out


def break_free(state: TrickerionState, seat: int, move: BreakFree) -> list[Event]:
    """A free Reschedule whose new Links pay as a Set up Trick (TR-12.6)."""
    from .theater import created_links, marker_route
    pos, src, pos2, dst = marker_route(state, move)
    code = state.markers[pos][src]
    trick = DATA.tricks[state.trick_by_suit[seat][marker_suit(code)]]
    d = DIRECTIONS.index(move.dir)
    links = created_links(state, pos2, dst, trick.category, d, src if pos == pos2 else -1)
    state.markers[pos][src] = -1
    state.markers[pos2][dst] = turned(code, d)
    fame = (len(links) - move.coin_links) * trick.link_reward
    coins = move.coin_links * trick.link_reward
    state.fame[seat] += fame
    state.coins[seat] += coins
    shards = [0] * state.players
    for other, shard in links:
        if shard:
            shards[seat] = 1
            if other != GRAY:                   # a gray marker has no owner (TR-22.1)
                shards[other] = 1
    shards = [gain_shards(state, p, shards[p]) for p in range(state.players)]
    state.acting = -1
    if not (links or fame or coins):   # said without "0 Links, +0 Fame, +0 Coins"
        return [pub("broke_free_no_gain", seat, trick=trick.id, card=move.card, slot=move.slot,
                    to_card=move.to_card, to_slot=move.to_slot, dir=move.dir, shards=shards)]
    return [pub("broke_free", seat, trick=trick.id, card=move.card, slot=move.slot,
                to_card=move.to_card, to_slot=move.to_slot, dir=move.dir, links=len(links),
                fame=fame, coins=coins, shards=shards)]


# -- after the last Performance: Durable Components, Hidden Talent (TR-18.4) ------------------

def after_moves(state: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = []
    if state.durable[seat]:
        out = [MarkerToTrick(TRICK_IDS[state.trick_by_suit[seat][x]]) for x in range(4)
               if state.durable[seat] >> x & 1 and state.trick_by_suit[seat][x] >= 0
               and state.supply(seat, x)]
    elif 4 <= state.talent[seat] < 8:
        taken = state.team[seat] | state.hired[seat]
        out = [HiddenTalent(CHARACTERS[c]) for c in SPECIALISTS if not taken >> c & 1]
    out.append(SkipAbility())
    return out


def after_seat(state: TrickerionState) -> int:
    """The next seat with something to decide after the Performances, or -1."""
    for seat in state.order:
        if state.durable[seat] or 4 <= state.talent[seat] < 8:
            if len(after_moves(state, seat)) > 1:
                return seat
            state.durable[seat] = 0
            if state.talent[seat] < 8:
                state.talent[seat] = -1
    return -1


def hidden_talent(state: TrickerionState, seat: int, move: HiddenTalent) -> list[Event]:
    """Recorded now (wage 2 in Pay Wages); the swap happens in Return Characters."""
    state.talent[seat] += 8 * CHARACTERS.index(move.specialist)
    return [pub("hidden_talent", seat, character=char_name(state.talent[seat] & 7),
                specialist=move.specialist)]


# -- Yoruba Spiritmaster: Soul Possession before an opponent's Performance (TR-20) ----------

def possessor(state: TrickerionState, performer: int) -> int:
    if state.asked == state.performing_day:
        return -1
    for seat in range(state.players):
        mag = DATA.magicians[state.magician[seat]] if state.magician[seat] >= 0 else None
        if (seat != performer and mag is not None and mag.ability_id == "soul_possession"
                and not state.turn_flags[seat] & TF_POSSESSION and state.shards[seat] >= mag.shard_cost):
            return seat
    return -1


def possess_moves(state: TrickerionState, performer: int) -> list[Move]:
    from .performance import cards_with_marker
    out: list[Move] = [Possess(p + 1) for p in cards_with_marker(state, performer)]
    out.append(SkipAbility())
    return out


def possess(state: TrickerionState, seat: int, move: Possess) -> list[Event]:
    from .performance import perform, performer
    cost = DATA.magicians[state.magician[seat]].shard_cost
    state.shards[seat] -= cost
    state.turn_flags[seat] |= TF_POSSESSION
    state.asked = state.performing_day
    victim = performer(state, state.performing_day)
    events = [pub("soul_possession", seat, performer=victim, card=move.card, shards=cost)]
    return events + perform(state, victim, Perform(move.card))

