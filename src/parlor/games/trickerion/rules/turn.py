"""Phases A-D and G: dice, Initiative, Advertise, Assignment, End Turn (TR-4 - TR-7, TR-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import CS_IDLE, CS_NONE, CS_PENDING, CS_PLACED, Phase
from ..data import DATA, DICE, LOCATIONS
from ..moves import Advertise, Assign, AssignSpecial, DubiousDiscard, DubiousRefuse, DubiousStore
from .common import (
    COMP_IDS,
    add_components,
    can_add,
    char_name,
    private,
    pub,
    remove_component,
    remove_marker,
)
from .setup import put_card

if TYPE_CHECKING:
    from ..state import TrickerionState

BASE_HAND = DATA.hands["base"]
DA_HAND = DATA.hands["dark_alley"]


def permanent_hand(s: TrickerionState) -> tuple[int, ...]:
    """TR-2.5: 9 permanent cards, or 6 with the Dark Alley (TR-17.3)."""
    return DA_HAND if s.options.dark_alley else BASE_HAND
APPRENTICE_MASK = 0b11110000


def roll_dice(s: TrickerionState) -> list[Event]:
    """TR-4.1: all six dice are rolled; results are public (TR-4.3)."""
    s.dice = [s.rng.choice(faces) for faces in DATA.dice_faces]
    return [pub("dice_rolled", None, True, dice=dict(zip(DICE, s.dice, strict=True)))]


def set_initiative(s: TrickerionState) -> list[Event]:
    """TR-5.1, TR-5.2: lowest Fame first; ties reverse their previous relative order."""
    previous = {seat: k for k, seat in enumerate(s.order)}
    s.order = sorted(s.order, key=lambda seat: (s.fame[seat], -previous[seat]))
    return [pub("initiative", None, order=list(s.order))]


def space_of(s: TrickerionState, seat: int) -> int:
    """The Initiative space number a seat occupies (TR-2.6, TR-5.3: 2 players use 1 and 3)."""
    return DATA.initiative_spaces[s.players][s.order.index(seat)]


def can_advertise(s: TrickerionState, seat: int) -> bool:
    return s.coins[seat] >= space_of(s, seat)


def advertise(s: TrickerionState, seat: int, move: Move) -> list[Event]:
    """TR-6.1: pay the space's number in Coins, gain 2 Fame; or pass."""
    s.order_position += 1
    if isinstance(move, Advertise):
        cost = space_of(s, seat)
        s.coins[seat] -= cost
        s.fame[seat] += DATA.setup["advertise_fame"]
        s.poster[seat] = True
        return [pub("advertised", seat, coins=cost, fame=DATA.setup["advertise_fame"])]
    return [pub("passed", seat)]


# -- phase D (TR-7) --------------------------------------------------------------------------

def start_assignment(s: TrickerionState) -> list[Event]:
    hand = permanent_hand(s)
    for seat in range(s.players):
        s.hand[seat] = list(hand)
        s.card_location[seat] = [-1] * 8
        s.special_card[seat] = [-1] * 8
        s.special_mode[seat] = [0] * 8
        s.turn_flags[seat] = 0
        s.mimic[seat] = -1
        s.shown[seat] = 0
        s.card_state[seat] = [CS_NONE] * 8
        s.assign_position[seat] = 0
        s.assign_done[seat] = False
    s.revealed = False
    s.asked = -1
    s.placed = [[-1] * 8 for _ in range(s.players)]
    s.phase = Phase.ASSIGNMENT
    return [pub("assignment_started", None, turn=s.turn)]


def home_characters(s: TrickerionState, seat: int) -> list[int]:
    """Owned characters, all at home during phase D (TR-7.1); hires of this turn are not owned."""
    team = s.team[seat]
    return [c for c in range(8) if team >> c & 1]


def assign_moves(s: TrickerionState, seat: int) -> list[Move]:
    """TR-7.1: for the next character (fixed order), a card of a Location in hand, or none."""
    char = char_name(home_characters(s, seat)[s.assign_position[seat]])
    hand = s.hand[seat]
    moves: list[Move] = [Assign(char, LOCATIONS[loc]) for loc in range(5) if hand[loc]]
    last = -1
    for card in s.special_hand[seat]:
        if card != last:                  # TR-18.2: Special cards are assigned the same way
            moves.append(AssignSpecial(char, DATA.specials[card].id))
            last = card
    moves.append(Assign(char, "none"))
    return moves


def assign(s: TrickerionState, seat: int, move: Assign | AssignSpecial) -> list[Event]:
    chars = home_characters(s, seat)
    char = chars[s.assign_position[seat]]
    if isinstance(move, AssignSpecial):
        card = DATA.special_by_id[move.card]
        s.special_hand[seat].remove(card)
        s.special_card[seat][char] = card
        s.card_location[seat][char] = DATA.specials[card].deck
        events = [private("assigned_special", seat, character=move.character, card=move.card)]
    else:
        if move.location != "none":
            loc = LOCATIONS.index(move.location)
            s.hand[seat][loc] -= 1
            s.card_location[seat][char] = loc
        events = [private("assigned", seat, character=move.character, location=move.location)]
    s.assign_position[seat] += 1
    if s.assign_position[seat] == len(chars) or not (any(s.hand[seat]) or s.special_hand[seat]):
        s.assign_done[seat] = True
        events.append(pub("assignment_confirmed", seat))
    return events


def reveal(s: TrickerionState) -> list[Event]:
    """TR-7.3: every assigned card is revealed at the start of phase E."""
    shown = []
    secret = s.dark_alley and s.prophecy() == "no_reveal"      # p20: one by one (TR-19.2)
    for seat in range(s.players):
        cards = {}
        for c in range(8):
            if s.card_location[seat][c] >= 0:
                s.card_state[seat][c] = CS_PENDING
                if secret:
                    continue
                s.shown[seat] |= 1 << c
                sp = s.special_card[seat][c]
                cards[char_name(c)] = DATA.specials[sp].id if sp >= 0 else LOCATIONS[s.card_location[seat][c]]
        shown.append(cards)
    s.revealed = True
    s.phase = Phase.PLACE_CHARACTER
    s.order_position = 0
    return [pub("assignments_revealed", None, True, cards=shown)]


# -- phase G (TR-15) -------------------------------------------------------------------------

def wages_due(s: TrickerionState, seat: int) -> int:
    """TR-15.1: placed Apprentices (not the Assistant's) 1, placed Specialists 2 (A-18)."""
    total = 0
    talent = s.talent[seat]
    for c in range(1, 8):
        if talent >= 8 and c == talent & 7:     # Hidden Talent: the Specialist's wage
            total += DATA.characters[char_name(talent >> 3)].wage
        elif s.card_state[seat][c] == CS_PLACED and c != s.assistant_home[seat]:
            total += DATA.characters["apprentice" if c >= 4 else char_name(c)].wage
    return total


def end_turn(s: TrickerionState) -> list[Event]:
    """TR-15.1 - TR-15.3 up to the Quick Order slot; `dubious_step` and `finish_end_turn`
    follow (the Dubious Sources owner may have to decide in between, TR-26 G)."""
    events: list[Event] = []
    for seat in range(s.players):
        due = wages_due(s, seat)
        if due:
            paid = min(due, s.coins[seat])
            lost = min(s.fame[seat], 2 * (due - paid))
            s.coins[seat] -= paid
            s.fame[seat] -= lost
            events.append(pub("wages_paid", seat, coins=paid, fame_lost=lost))
    s.previous_dice, s.previous_quick_order = s.dice[:], s.quick_order
    s.previous_places = [[s.placed[p][c] if s.card_state[p][c] == CS_PLACED else
                      (-2 if s.card_state[p][c] == CS_IDLE else -1) for c in range(8)]
                     for p in range(s.players)]
    for seat in range(s.players):
        s.workshop_occupants[seat] = [-1, -1]
        if s.hired[seat]:
            events.append(pub("hires_joined", seat, characters=[
                char_name(c) for c in range(8) if s.hired[seat] >> c & 1]))
            s.team[seat] |= s.hired[seat]
            s.hired[seat] = 0
        if s.talent[seat] >= 8:                  # Hidden Talent (TR-18.4)
            app, spec = s.talent[seat] & 7, s.talent[seat] >> 3
            s.team[seat] = s.team[seat] & ~(1 << app) | 1 << spec
            if s.assistant_home[seat] == app:
                s.assistant_home[seat] = -1
            events.append(pub("talent_joined", seat, character=char_name(app),
                              specialist=char_name(spec)))
        s.talent[seat] = -1
        s.durable[seat] = 0
    s.occupant_by_slot = [-1] * len(s.occupant_by_slot)
    s.performance_day = [-1] * s.players
    s.day_owner = [-1] * 4
    arrived = [c for c in s.order_slots if c >= 0]
    for i in range(4):
        if s.order_slots[i] >= 0:
            s.buy_area[i] = s.order_slots[i]
            s.order_slots[i] = -1
    events.append(pub("orders_arrived", None, components=[DATA.components[c].id for c in arrived],
                      buy_area=[DATA.components[c].id for c in s.buy_area]))
    if s.dubious_owner < 0 or s.quick_order < 0:
        s.dubious_owner = -1
    return events


def finish_end_turn(s: TrickerionState) -> list[Event]:
    """TR-15.3 (the Quick Order slot is emptied) - TR-15.8."""
    s.quick_order = -1
    s.extra_stock = []
    events = move_performance_cards(s, s.turn < s.last_turn)
    s.poster = [False] * s.players
    if s.options.dark_alley:
        if s.turn < s.last_turn and s.options.include_prophecies:
            events.extend(move_prophecies(s))
        events.extend(return_specials(s))
    s.share_holder = s.dubious_owner = -1
    return events


# -- Dubious Sources at End Turn (TR-15.3, TR-18.4, TR-26 G) ---------------------------------

def dubious_places(s: TrickerionState) -> list[bool]:
    """Where the Quick Order component fits for the Dubious Sources owner (TR-11.2): on a
    Manager slot or not; an existing pile of its type is the only place (a type is never split)."""
    return [m for m in (False, True) if can_add(s, s.dubious_owner, s.quick_order, 1, m)]


def dubious_moves(s: TrickerionState, seat: int) -> list[Move]:
    """The owner's decision (TR-26 G): a new pile's place when a board and a Manager slot are
    both free; with storage full (no pile of the type, no free slot), which component to
    discard, one per move: a stored one to make room, or the arriving one (TR-18.4)."""
    places = dubious_places(s)
    if len(places) > 1:
        return [DubiousStore(m) for m in places]
    row = s.components[seat]
    return [*(DubiousDiscard(COMP_IDS[c]) for c in range(len(row)) if row[c]), DubiousRefuse()]


def dubious_step(s: TrickerionState) -> list[Event] | None:
    """Deliver the component when it needs no decision; None while the owner must decide.
    A full pile of its own type leaves nothing to choose: making room there would discard the
    same type it brings, so the arriving component returns to the supply."""
    seat, comp = s.dubious_owner, s.quick_order
    places = dubious_places(s)
    if len(places) == 1:
        add_components(s, seat, comp, 1, places[0])
        return [pub("dubious_delivery", seat, component=COMP_IDS[comp])]
    if places:
        return None
    if s.components[seat][comp]:
        return [pub("dubious_delivery", seat, component=None)]
    return None


def dubious_store(s: TrickerionState, seat: int, move: DubiousStore) -> list[Event]:
    add_components(s, seat, s.quick_order, 1, move.manager)
    s.dubious_owner = -1
    return [pub("dubious_delivery", seat, component=COMP_IDS[s.quick_order])]


def dubious_discard(s: TrickerionState, seat: int, move: DubiousDiscard) -> list[Event]:
    remove_component(s, seat, DATA.component_by_id[move.component])
    return [pub("component_discarded", seat, component=move.component)]


def dubious_refuse(s: TrickerionState, seat: int, move: DubiousRefuse) -> list[Event]:
    s.dubious_owner = -1
    return [pub("dubious_delivery", seat, component=None)]


def move_prophecies(s: TrickerionState) -> list[Event]:
    """TR-15.7: the Active one is discarded, P1 becomes Active, P2->P1, P3->P2, draw into P3."""
    p = s.prophecies
    gone = p[0]
    new = s.prophecy_pile.pop(0) if s.prophecy_pile else -1
    s.prophecies = [p[1], p[2], p[3], new]
    ids = [DATA.prophecies[x].id if x >= 0 else None for x in s.prophecies]
    return [pub("prophecies_moved", None, True, discarded=DATA.prophecies[gone].id
                if gone >= 0 else None, active=ids[0], pending=ids[1:])]


def return_specials(s: TrickerionState) -> list[Event]:
    """TR-15.8 (A-09): used Special cards to the bottom of their deck, idle ones to the hand."""
    used: list[str] = []
    for seat in range(s.players):
        for c in range(8):
            card = s.special_card[seat][c]
            if card < 0:
                continue
            s.special_card[seat][c] = -1
            if s.card_state[seat][c] == CS_PLACED:
                deck = DATA.specials[card].deck
                s.special_decks[deck].append(card)
                s.specials_held[seat][deck] -= 1
                used.append(DATA.specials[card].id)
            else:
                s.special_hand[seat].append(card)
                s.special_hand[seat].sort()
    return [pub("specials_returned", None, cards=used)] if used else []


def move_performance_cards(s: TrickerionState, draw: bool) -> list[Event]:
    """TR-15.4: discard position N+1, shift every card right, draw into position 1."""
    events: list[Event] = []
    last = s.players
    if s.stage[last] >= 0:
        for i in range(len(s.markers[last])):
            if s.markers[last][i] >= 0:
                remove_marker(s, last, i)
        s.discarded.append(s.stage[last])
        events.append(pub("card_discarded", None, card=s.cards[s.stage[last]].id))
    s.stage = [-1, *s.stage[:last]]
    s.markers = [[], *s.markers[:last]]
    if draw and s.deck:
        card = s.deck.pop(0)
        put_card(s, 0, card)
        events.append(pub("card_drawn", None, True, card=s.cards[card].id))
    return events
