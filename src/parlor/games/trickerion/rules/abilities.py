"""Follow-up decisions of Special card abilities (TR-18.4) and the Magician abilities that need
decisions of their own (TR-20): each is a short list of moves plus `skip_ability`.

Inside a placement `s.follow_up` names the pending step (a record of `follow_ups`); between the
Place Characters and Performance phases Master of Chains may Break Free (Phase.BREAK_FREE); after the
last Performance, Durable Components and Hidden Talent are decided (Phase.AFTER_PERFORMANCES); Yoruba
Spiritmaster is asked before each opponent's Performance (Phase.PERFORMANCE, `s.asked`).
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


def ability_of(s: TrickerionState, seat: int) -> str:
    return DATA.magicians[s.magician[seat]].ability_id if s.magician[seat] >= 0 else ""


# -- p20 Secret Plans and Mimesis (TR-19.2, TR-20) --------------------------------------------

def reveal_card(s: TrickerionState, seat: int, char: int) -> list[Event]:
    """p20: a card still face down is revealed when its character is placed or idled."""
    if s.shown[seat] >> char & 1:
        return []
    s.shown[seat] |= 1 << char
    card = s.special_card[seat][char]
    name = DATA.specials[card].id if card >= 0 else LOCATIONS[s.card_location[seat][char]]
    return [pub("card_revealed", seat, True, character=char_name(char), card=name)]


def mimic_options(s: TrickerionState, seat: int) -> list[int]:
    """The Great Optico (TR-20): opponents' revealed Special cards of the Location of the
    Permanent card under the character just placed, once per turn."""
    char = s.placement_character
    if (ability_of(s, seat) != "mimesis" or s.turn_flags[seat] & TF_MIMESIS
            or s.special_card[seat][char] >= 0):
        return []
    loc = s.card_location[seat][char]
    found = {s.special_card[p][c] for p in range(s.players) if p != seat for c in range(8)
             if s.special_card[p][c] >= 0 and s.shown[p] >> c & 1
             and DATA.specials[s.special_card[p][c]].deck == loc}
    return sorted(found)


def mimic(s: TrickerionState, seat: int, move: Mimic) -> list[Event]:
    card = DATA.special_by_id[move.card]
    s.mimic[seat] = card * 8 + s.placement_character
    s.turn_flags[seat] |= TF_MIMESIS
    s.placement_flags |= PF_UNDECLARED
    s.follow_up = None
    return [pub("mimesis", seat, character=char_name(s.placement_character), card=move.card)]


# -- follow-ups inside a placement -----------------------------------------------------------

def follow_moves(s: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = []
    match s.follow_up:
        case BuyingTime():
            cards = [p for p in range(len(s.stage)) if s.stage[p] >= 0]
            out = [SwapCards(a + 1, b + 1) for i, a in enumerate(cards) for b in cards[i + 1:]]
        case OnStagePreparation(suit=suit):
            out = list(_stage_moves(s, seat, suit))
        case ReplaceableParts(suit=suit):
            from .workshop import replace_targets
            out = [MarkerToTrick(TRICK_IDS[s.trick_by_suit[seat][x]])
                   for x in replace_targets(s, seat, suit)]
        case UnstablePrototype(suit=suit):
            out = list(_unstable_moves(s, seat, suit))
        case Investments(coins=coins):
            out = list(_invest_moves(s, seat, coins))
        case TravelingMerchants(component=comp):
            from .market import merchant_price
            if s.coins[seat] >= merchant_price(s, comp):
                out = [TakeOrdered(m) for m in (False, True) if can_add(s, seat, comp, 1, m)]
        case HypnoticMotivation():
            out = [MotivateCard(LOCATIONS[loc]) for loc in range(5) if s.hand[seat][loc]]
            out += [MotivateCard(DATA.specials[c].id) for c in dict.fromkeys(s.special_hand[seat])]
        case Mimesis():
            out = [Mimic(DATA.specials[c].id) for c in mimic_options(s, seat)]
        case GrandPremiere(yields=yields):
            out = [DoubleYield(TRICK_IDS[trick], RESOURCES[r]) for trick, *amounts in yields
                   for r in range(3) if amounts[r]]
    out.append(SkipAbility())
    return out


def _stage_moves(s: TrickerionState, seat: int, suit: int) -> list[Move]:
    """On-stage Preparation: an empty slot of any card, TR-12.3 orientation, TR-12.4 limit."""
    from .theater import _holds_suit
    if not s.prepared[seat][suit]:
        return []
    out: list[Move] = []
    for pos in range(len(s.stage)):
        if s.stage[pos] < 0 or _holds_suit(s.markers[pos], seat, suit):
            continue
        card = s.cards[s.stage[pos]]
        for slot in range(len(card.slots)):
            if s.markers[pos][slot] < 0:
                out.extend(StageMarker(pos + 1, card.slots[slot], DIRECTIONS[d])
                           for d, _, _ in card.neighbours[slot])
    return out


def _unstable_moves(s: TrickerionState, seat: int, suit: int) -> list[Move]:
    """Unstable Prototype: 1 to 3 of the Trick's required components that the player holds."""
    trick = DATA.tricks[s.trick_by_suit[seat][suit]]
    types = [c for c, _ in requirements(s, trick) if s.components[seat][c]]
    out: list[Move] = []
    for k in range(1, UNSTABLE_MAX + 1):
        for combo in combinations_with_replacement(types, k):
            if all(combo.count(c) <= s.components[seat][c] for c in types):
                out.append(ReturnComponents(tuple(COMP_IDS[c] for c in combo)))
    return out


def _invest_moves(s: TrickerionState, seat: int, budget: int) -> list[Move]:
    from .market import stock
    return [Invest(COMP_IDS[c], m) for c, price in stock(s) if price <= budget
            for m in (False, True) if can_add(s, seat, c, 1, m)]


def skip_ability(s: TrickerionState, seat: int, move: Move) -> list[Event]:
    """Decline the pending optional step."""
    if s.phase == Phase.BREAK_FREE:
        s.acting = -1
        return [pub("ability_skipped", seat, ability="break_free")]
    if s.phase == Phase.AFTER_PERFORMANCES:
        name = "durable_components" if s.durable[seat] else "hidden_talent"
        if s.durable[seat]:
            s.durable[seat] = 0
        else:
            s.talent[seat] = -1
        return [pub("ability_skipped", seat, ability=name)]
    if s.phase == Phase.PERFORMANCE and s.follow_up is None:
        s.asked = s.performing_day
        return [pub("ability_skipped", seat, ability="soul_possession")]
    assert s.follow_up is not None
    name = s.follow_up.ability
    s.follow_up = None
    return [pub("ability_skipped", seat, ability=name)]


def swap_cards(s: TrickerionState, seat: int, move: SwapCards) -> list[Event]:
    """Buying Time: two Performance cards change places with their markers; +3 Coins."""
    a, b = move.first - 1, move.second - 1
    s.stage[a], s.stage[b] = s.stage[b], s.stage[a]
    s.markers[a], s.markers[b] = s.markers[b], s.markers[a]
    coins = DATA.specials[DATA.special_by_id["buying_time"]].params.get("coins", 0)
    s.coins[seat] += coins
    s.follow_up = None
    return [pub("cards_swapped", seat, first=move.first, second=move.second, coins=coins)]


def marker_to_trick(s: TrickerionState, seat: int, move: MarkerToTrick) -> list[Event]:
    """Replaceable Parts (one marker fewer on the prepared Trick, one on this one) or Durable
    Components (a performed marker back on its card instead of the supply)."""
    suit = s.suit_of_trick(seat, DATA.trick_by_id[move.trick])
    if s.phase == Phase.AFTER_PERFORMANCES:
        s.durable[seat] = 0
        s.prepared[seat][suit] += 1
        return [pub("durable_components", seat, trick=move.trick)]
    assert isinstance(s.follow_up, ReplaceableParts)
    source = s.follow_up.suit
    s.prepared[seat][source] -= 1
    s.prepared[seat][suit] += 1
    s.follow_up = None
    return [pub("replaceable_parts", seat, trick=move.trick,
                source=TRICK_IDS[s.trick_by_suit[seat][source]])]


def stage_marker(s: TrickerionState, seat: int, move: StageMarker) -> list[Event]:
    """On-stage Preparation: like a Set up Trick without AP; its Links pay nothing."""
    assert isinstance(s.follow_up, OnStagePreparation)
    suit = s.follow_up.suit
    pos = move.card - 1
    slot = s.cards[s.stage[pos]].slots.index(move.slot)
    s.markers[pos][slot] = marker_code(seat, suit, DIRECTIONS.index(move.dir))
    s.prepared[seat][suit] -= 1
    s.scheduled[seat][suit] += 1
    s.follow_up = None
    return [pub("staged", seat, trick=TRICK_IDS[s.trick_by_suit[seat][suit]], card=move.card,
                slot=move.slot, dir=move.dir)]


def return_components(s: TrickerionState, seat: int, move: ReturnComponents) -> list[Event]:
    """Unstable Prototype: +1 marker (supply permitting), 1 Fame and 1 Coin per component."""
    assert isinstance(s.follow_up, UnstablePrototype)
    suit = s.follow_up.suit
    for c in move.components:
        remove_component(s, seat, DATA.component_by_id[c])
    n = len(move.components)
    if s.supply(seat, suit):
        s.prepared[seat][suit] += 1
    s.fame[seat] += n
    s.coins[seat] += n
    s.follow_up = None
    return [pub("unstable_prototype", seat, components=list(move.components), fame=n, coins=n)]


def invest(s: TrickerionState, seat: int, move: Invest) -> list[Event]:
    """Investments: one stock component bought with the Coins just taken (no AP)."""
    from .market import stock
    comp = DATA.component_by_id[move.component]
    price = dict(stock(s))[comp]
    s.coins[seat] -= price
    add_components(s, seat, comp, 1, move.manager)
    assert isinstance(s.follow_up, Investments)
    budget, left = s.follow_up.coins - price, s.follow_up.components - 1
    s.follow_up = Investments(budget, left) if left > 0 else None
    return [pub("invested", seat, component=move.component, coins=price)]


def take_ordered(s: TrickerionState, seat: int, move: TakeOrdered) -> list[Event]:
    """Traveling Merchants: one of the ordered type at once for its price + 1."""
    from .market import _share, merchant_price
    assert isinstance(s.follow_up, TravelingMerchants)
    comp = s.follow_up.component
    price = merchant_price(s, comp)
    s.coins[seat] -= price
    add_components(s, seat, comp, 1, move.manager)
    s.follow_up = None
    return [pub("merchant_bought", seat, component=COMP_IDS[comp], coins=price),
            *_share(s, seat, price)]


def motivate_card(s: TrickerionState, seat: int, move: MotivateCard) -> list[Event]:
    """Hypnotic Motivation: a card from hand face up under the character hired at once."""
    assert isinstance(s.follow_up, HypnoticMotivation)
    char = s.follow_up.character
    if move.card in DATA.special_by_id:
        card = DATA.special_by_id[move.card]
        s.special_hand[seat].remove(card)
        s.special_card[seat][char] = card
        s.card_location[seat][char] = DATA.specials[card].deck
    else:
        loc = LOCATIONS.index(move.card)
        s.hand[seat][loc] -= 1
        s.card_location[seat][char] = loc
    s.card_state[seat][char] = CS_PENDING
    s.shown[seat] |= 1 << char
    s.follow_up = None
    return [pub("motivated", seat, True, character=char_name(char), card=move.card)]


def double_yield(s: TrickerionState, seat: int, move: DoubleYield) -> list[Event]:
    """Grand Premiere: that Trick's chosen yield is received once more."""
    assert isinstance(s.follow_up, GrandPremiere)
    trick = DATA.trick_by_id[move.trick]
    amounts = next(y[1:] for y in s.follow_up.yields if y[0] == trick)
    r = RESOURCES.index(move.resource)
    amount = amounts[r]
    if r == 0:
        s.fame[seat] += amount
    elif r == 1:
        s.coins[seat] += amount
    else:
        amount = gain_shards(s, seat, amount)
    s.follow_up = None
    return [pub("grand_premiere", seat, trick=move.trick, resource=move.resource, amount=amount)]


def street_performance(s: TrickerionState, seat: int, move: StreetPerformance) -> list[Event]:
    """Street Performance: the marker goes to the supply; its Trick's yields at once with the
    player's own weekday modifier (TR-18.4)."""
    from .performance import modified, weekday_modifier
    pos = move.card - 1
    slot = s.cards[s.stage[pos]].slots.index(move.slot)
    code = s.markers[pos][slot]
    trick = DATA.tricks[s.trick_by_suit[seat][marker_suit(code)]]
    remove_marker(s, pos, slot)
    wf, wc = weekday_modifier(s, s.performance_day[seat])
    bonus = [1] if s.enhanced_tricks[trick.index] else []
    if is_stack(code):
        bonus.append(trick.level)               # a Supercharge stack's extra (TR-20)
    fame = modified(trick.yield_fame, [wf, *bonus])
    coins = modified(trick.yield_coins, [wc, *bonus])
    s.fame[seat] += fame
    s.coins[seat] += coins
    shards = gain_shards(s, seat, trick.yield_shards)
    s.action_points -= DATA.action_ap["reschedule"]
    specials.consume(s)
    return [pub("street_performance", seat, trick=trick.id, card=move.card, fame=fame,
                coins=coins, shards=shards)]


# -- Master of Chains: Break Free, between phases E and F (TR-20) ---------------------------

def break_free_seat(s: TrickerionState) -> int:
    for seat in s.order:
        if ability_of(s, seat) == "break_free" and break_free_moves(s, seat):
            return seat
    return -1


def break_free_moves(s: TrickerionState, seat: int) -> list[Move]:
    from .theater import _reschedules, created_links
    out: list[Move] = []
    for r in _reschedules(s, seat):
        assert isinstance(r, Reschedule)
        pos, pos2 = r.card - 1, r.to_card - 1
        src = s.cards[s.stage[pos]].slots.index(r.slot)
        dst = s.cards[s.stage[pos2]].slots.index(r.to_slot)
        code = s.markers[pos][src]
        cat = DATA.tricks[s.trick_by_suit[seat][marker_suit(code)]].category
        links = created_links(s, pos2, dst, cat, DIRECTIONS.index(r.dir),
                              src if pos == pos2 else -1)
        out.extend(BreakFree(r.card, r.slot, r.to_card, r.to_slot, r.dir, k)
                   for k in range(len(links) + 1))
    return out


def break_free(s: TrickerionState, seat: int, move: BreakFree) -> list[Event]:
    """A free Reschedule whose new Links pay as a Set up Trick (TR-12.6)."""
    from .theater import created_links
    pos, pos2 = move.card - 1, move.to_card - 1
    src = s.cards[s.stage[pos]].slots.index(move.slot)
    dst = s.cards[s.stage[pos2]].slots.index(move.to_slot)
    code = s.markers[pos][src]
    trick = DATA.tricks[s.trick_by_suit[seat][marker_suit(code)]]
    d = DIRECTIONS.index(move.dir)
    links = created_links(s, pos2, dst, trick.category, d, src if pos == pos2 else -1)
    s.markers[pos][src] = -1
    s.markers[pos2][dst] = turned(code, d)
    fame = (len(links) - move.coin_links) * trick.link_reward
    coins = move.coin_links * trick.link_reward
    s.fame[seat] += fame
    s.coins[seat] += coins
    shards = [0] * s.players
    for other, shard in links:
        if shard:
            shards[seat] = 1
            if other != GRAY:                   # a gray marker has no owner (TR-22.1)
                shards[other] = 1
    shards = [gain_shards(s, p, shards[p]) for p in range(s.players)]
    s.acting = -1
    return [pub("broke_free", seat, trick=trick.id, card=move.card, slot=move.slot,
                to_card=move.to_card, to_slot=move.to_slot, dir=move.dir, links=len(links),
                fame=fame, coins=coins, shards=shards)]


# -- after the last Performance: Durable Components, Hidden Talent (TR-18.4) ------------------

def after_moves(s: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = []
    if s.durable[seat]:
        out = [MarkerToTrick(TRICK_IDS[s.trick_by_suit[seat][x]]) for x in range(4)
               if s.durable[seat] >> x & 1 and s.trick_by_suit[seat][x] >= 0 and s.supply(seat, x)]
    elif 4 <= s.talent[seat] < 8:
        taken = s.team[seat] | s.hired[seat]
        out = [HiddenTalent(CHARACTERS[c]) for c in SPECIALISTS if not taken >> c & 1]
    out.append(SkipAbility())
    return out


def after_seat(s: TrickerionState) -> int:
    """The next seat with something to decide after the Performances, or -1."""
    for seat in s.order:
        if s.durable[seat] or 4 <= s.talent[seat] < 8:
            if len(after_moves(s, seat)) > 1:
                return seat
            s.durable[seat] = 0
            if s.talent[seat] < 8:
                s.talent[seat] = -1
    return -1


def hidden_talent(s: TrickerionState, seat: int, move: HiddenTalent) -> list[Event]:
    """Recorded now (wage 2 in Pay Wages); the swap happens in Return Characters."""
    s.talent[seat] += 8 * CHARACTERS.index(move.specialist)
    return [pub("hidden_talent", seat, character=char_name(s.talent[seat] & 7),
                specialist=move.specialist)]


# -- Yoruba Spiritmaster: Soul Possession before an opponent's Performance (TR-20) ----------

def possessor(s: TrickerionState, performer: int) -> int:
    if s.asked == s.performing_day:
        return -1
    for seat in range(s.players):
        mag = DATA.magicians[s.magician[seat]] if s.magician[seat] >= 0 else None
        if (seat != performer and mag is not None and mag.ability_id == "soul_possession"
                and not s.turn_flags[seat] & TF_POSSESSION and s.shards[seat] >= mag.shard_cost):
            return seat
    return -1


def possess_moves(s: TrickerionState, performer: int) -> list[Move]:
    from .performance import cards_with_marker
    out: list[Move] = [Possess(p + 1) for p in cards_with_marker(s, performer)]
    out.append(SkipAbility())
    return out


def possess(s: TrickerionState, seat: int, move: Possess) -> list[Event]:
    from .performance import perform, performer
    cost = DATA.magicians[s.magician[seat]].shard_cost
    s.shards[seat] -= cost
    s.turn_flags[seat] |= TF_POSSESSION
    s.asked = s.performing_day
    victim = performer(s, s.performing_day)
    events = [pub("soul_possession", seat, performer=victim, card=move.card, shards=cost)]
    return events + perform(s, victim, Perform(move.card))

