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


def permanent_hand(state: TrickerionState) -> tuple[int, ...]:
    """TR-2.5: 9 permanent cards, or 6 with the Dark Alley (TR-17.3)."""
    return DA_HAND if state.options.dark_alley else BASE_HAND
APPRENTICE_MASK = 0b11110000


def roll_dice(state: TrickerionState) -> list[Event]:
    """TR-4.1: all six dice are rolled; results are public (TR-4.3)."""
    state.dice = [state.rng.choice(faces) for faces in DATA.dice_faces]
    return [pub("dice_rolled", None, True, dice=dict(zip(DICE, state.dice, strict=True)))]


def set_initiative(state: TrickerionState) -> list[Event]:
    """TR-5.1, TR-5.2: lowest Fame first; ties reverse their previous relative order."""
    previous = {seat: k for k, seat in enumerate(state.order)}
    state.order = sorted(state.order, key=lambda seat: (state.fame[seat], -previous[seat]))
    return [pub("initiative", None, order=list(state.order))]


def space_of(state: TrickerionState, seat: int) -> int:
    """The Initiative space number a seat occupies (TR-2.6, TR-5.3: 2 players use 1 and 3)."""
    return DATA.initiative_spaces[state.players][state.order.index(seat)]


def can_advertise(state: TrickerionState, seat: int) -> bool:
    return state.coins[seat] >= space_of(state, seat)


def advertise(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    """TR-6.1: pay the space's number in Coins, gain 2 Fame; or pass."""
    state.order_position += 1
    if isinstance(move, Advertise):
        cost = space_of(state, seat)
        state.coins[seat] -= cost
        state.fame[seat] += DATA.setup["advertise_fame"]
        state.poster[seat] = True
        return [pub("advertised", seat, coins=cost, fame=DATA.setup["advertise_fame"])]
    return [pub("passed", seat)]


# -- phase D (TR-7) --------------------------------------------------------------------------

def start_assignment(state: TrickerionState) -> list[Event]:
    hand = permanent_hand(state)
    for seat in range(state.players):
        state.hand[seat] = list(hand)
        state.card_location[seat] = [-1] * 8
        state.special_card[seat] = [-1] * 8
        state.special_mode[seat] = [0] * 8
        state.turn_flags[seat] = 0
        state.mimic[seat] = -1
        state.shown[seat] = 0
        state.card_state[seat] = [CS_NONE] * 8
        state.assign_position[seat] = 0
        state.assign_done[seat] = False
    state.revealed = False
    state.asked = -1
    state.placed = [[-1] * 8 for _ in range(state.players)]
    state.phase = Phase.ASSIGNMENT
    return [pub("assignment_started", None, turn=state.turn)]


def home_characters(state: TrickerionState, seat: int) -> list[int]:
    """Owned characters, all at home during phase D (TR-7.1); hires of this turn are not owned."""
    team = state.team[seat]
    return [c for c in range(8) if team >> c & 1]


# Assign(character, location) at [character][location], "none" last: made once, as the search
# lists them at every node of the Assignment phase.
ASSIGN_MOVES = tuple(tuple(Assign(char_name(c), loc) for loc in (*LOCATIONS, "none")) for c in range(8))


def assign_moves(state: TrickerionState, seat: int) -> list[Move]:
    """TR-7.1: for the next character (fixed order), a card of a Location in hand, or none."""
    index = home_characters(state, seat)[state.assign_position[seat]]
    char = char_name(index)
    row = ASSIGN_MOVES[index]
    hand = state.hand[seat]
    moves: list[Move] = [row[loc] for loc in range(5) if hand[loc]]
    last = -1
    for card in state.special_hand[seat]:
        if card != last:                  # TR-18.2: Special cards are assigned the same way
            moves.append(AssignSpecial(char, DATA.specials[card].id))
            last = card
    moves.append(row[5])
    return moves


def assign(state: TrickerionState, seat: int, move: Assign | AssignSpecial) -> list[Event]:
    chars = home_characters(state, seat)
    char = chars[state.assign_position[seat]]
    if isinstance(move, AssignSpecial):
        card = DATA.special_by_id[move.card]
        state.special_hand[seat].remove(card)
        state.special_card[seat][char] = card
        state.card_location[seat][char] = DATA.specials[card].deck
        events = [private("assigned_special", seat, character=move.character, card=move.card)]
    else:
        if move.location != "none":
            loc = LOCATIONS.index(move.location)
            state.hand[seat][loc] -= 1
            state.card_location[seat][char] = loc
        events = [private("assigned", seat, character=move.character, location=move.location)]
    state.assign_position[seat] += 1
    if state.assign_position[seat] == len(chars) or not (any(state.hand[seat]) or state.special_hand[seat]):
        state.assign_done[seat] = True
        events.append(pub("assignment_confirmed", seat))
    return events


def reveal(state: TrickerionState) -> list[Event]:
    """TR-7.3: every assigned card is revealed at the start of phase E."""
    shown = []
    secret = state.dark_alley and state.prophecy() == "no_reveal"      # p20: one by one (TR-19.2)
    for seat in range(state.players):
        cards = {}
        for c in range(8):
            if state.card_location[seat][c] >= 0:
                state.card_state[seat][c] = CS_PENDING
                if secret:
                    continue
                state.shown[seat] |= 1 << c
                special = state.special_card[seat][c]
                cards[char_name(c)] = (DATA.specials[special].id if special >= 0
                                       else LOCATIONS[state.card_location[seat][c]])
        shown.append(cards)
    state.revealed = True
    state.phase = Phase.PLACE_CHARACTER
    state.order_position = 0
    return [pub("assignments_revealed", None, True, cards=shown)]


# -- phase G (TR-15) -------------------------------------------------------------------------

def wages_due(state: TrickerionState, seat: int) -> int:
    """TR-15.1: placed Apprentices (not the Assistant's) 1, placed Specialists 2 (A-18)."""
    total = 0
    talent = state.talent[seat]
    for c in range(1, 8):
        if talent >= 8 and c == talent & 7:     # Hidden Talent: the Specialist's wage
            total += DATA.characters[char_name(talent >> 3)].wage
        elif state.card_state[seat][c] == CS_PLACED and c != state.assistant_home[seat]:
            total += DATA.characters["apprentice" if c >= 4 else char_name(c)].wage
    return total


def end_turn(state: TrickerionState) -> list[Event]:
    """TR-15.1 - TR-15.3 up to the Quick Order slot; `dubious_step` and `finish_end_turn`
    follow (the Dubious Sources owner may have to decide in between, TR-26 G)."""
    events: list[Event] = []
    for seat in range(state.players):
        due = wages_due(state, seat)
        if due:
            paid = min(due, state.coins[seat])
            lost = min(state.fame[seat], 2 * (due - paid))
            state.coins[seat] -= paid
            state.fame[seat] -= lost
            if paid == due:
                events.append(pub("wages_paid", seat, coins=paid))
            else:   # the log says what was owed, so the Fame lost reads as the rule's 2 per Coin
                events.append(pub("wages_short", seat, coins=paid, due=due, fame_lost=lost))
    state.previous_dice, state.previous_quick_order = state.dice[:], state.quick_order
    state.previous_places = [[state.placed[p][c] if state.card_state[p][c] == CS_PLACED else
                      (-2 if state.card_state[p][c] == CS_IDLE else -1) for c in range(8)]
                     for p in range(state.players)]
    for seat in range(state.players):
        state.workshop_occupants[seat] = [-1, -1]
        if state.hired[seat]:
            events.append(pub("hires_joined", seat, characters=[
                char_name(c) for c in range(8) if state.hired[seat] >> c & 1]))
            state.team[seat] |= state.hired[seat]
            state.hired[seat] = 0
        if state.talent[seat] >= 8:                  # Hidden Talent (TR-18.4)
            app, spec = state.talent[seat] & 7, state.talent[seat] >> 3
            state.team[seat] = state.team[seat] & ~(1 << app) | 1 << spec
            if state.assistant_home[seat] == app:
                state.assistant_home[seat] = -1
            events.append(pub("talent_joined", seat, character=char_name(app),
                              specialist=char_name(spec)))
        state.talent[seat] = -1
        state.durable[seat] = 0
    state.occupant_by_slot = [-1] * len(state.occupant_by_slot)
    state.performance_day = [-1] * state.players
    state.day_owner = [-1] * 4
    arrived = [c for c in state.order_slots if c >= 0]
    for i in range(4):
        if state.order_slots[i] >= 0:
            state.buy_area[i] = state.order_slots[i]
            state.order_slots[i] = -1
    events.append(pub("orders_arrived", None, components=[DATA.components[c].id for c in arrived],
                      buy_area=[DATA.components[c].id for c in state.buy_area]))
    if state.dubious_owner < 0 or state.quick_order < 0:
        state.dubious_owner = -1
    return events


def finish_end_turn(state: TrickerionState) -> list[Event]:
    """TR-15.3 (the Quick Order slot is emptied) - TR-15.8."""
    state.quick_order = -1
    state.extra_stock = []
    events = move_performance_cards(state, state.turn < state.last_turn)
    state.poster = [False] * state.players
    if state.options.dark_alley:
        if state.turn < state.last_turn and state.options.include_prophecies:
            events.extend(move_prophecies(state))
        events.extend(return_specials(state))
    state.share_holder = state.dubious_owner = -1
    return events


# -- Dubious Sources at End Turn (TR-15.3, TR-18.4, TR-26 G) ---------------------------------

def dubious_places(state: TrickerionState) -> list[bool]:
    """Where the Quick Order component fits for the Dubious Sources owner (TR-11.2): on a
    Manager slot or not; an existing pile of its type is the only place (a type is never split)."""
    return [m for m in (False, True) if can_add(state, state.dubious_owner, state.quick_order, 1, m)]


def dubious_moves(state: TrickerionState, seat: int) -> list[Move]:
    """The owner's decision (TR-26 G): a new pile's place when a board and a Manager slot are
    both free; with storage full (no pile of the type, no free slot), which component to
    discard, one per move: a stored one to make room, or the arriving one (TR-18.4)."""
    places = dubious_places(state)
    if len(places) > 1:
        return [DubiousStore(m) for m in places]
    row = state.components[seat]
    return [*(DubiousDiscard(COMP_IDS[c]) for c in range(len(row)) if row[c]), DubiousRefuse()]


def dubious_step(state: TrickerionState) -> list[Event] | None:
    """Deliver the component when it needs no decision; None while the owner must decide.
    A full pile of its own type leaves nothing to choose: making room there would discard the
    same type it brings, so the arriving component returns to the supply."""
    seat, comp = state.dubious_owner, state.quick_order
    places = dubious_places(state)
    if len(places) == 1:
        add_components(state, seat, comp, 1, places[0])
        return [pub("dubious_delivery", seat, component=COMP_IDS[comp])]
    if places:
        return None
    if state.components[seat][comp]:
        return [pub("dubious_delivery", seat, component=None)]
    return None


def dubious_store(state: TrickerionState, seat: int, move: DubiousStore) -> list[Event]:
    add_components(state, seat, state.quick_order, 1, move.manager)
    state.dubious_owner = -1
    return [pub("dubious_delivery", seat, component=COMP_IDS[state.quick_order])]


def dubious_discard(state: TrickerionState, seat: int, move: DubiousDiscard) -> list[Event]:
    remove_component(state, seat, DATA.component_by_id[move.component])
    return [pub("component_discarded", seat, component=move.component)]


def dubious_refuse(state: TrickerionState, seat: int, move: DubiousRefuse) -> list[Event]:
    state.dubious_owner = -1
    return [pub("dubious_delivery", seat, component=None)]


def move_prophecies(state: TrickerionState) -> list[Event]:
    """TR-15.7: the Active one is discarded, P1 becomes Active, P2->P1, P3->P2, draw into P3."""
    p = state.prophecies
    gone = p[0]
    new = state.prophecy_pile.pop(0) if state.prophecy_pile else -1
    state.prophecies = [p[1], p[2], p[3], new]
    ids = [DATA.prophecies[x].id if x >= 0 else None for x in state.prophecies]
    return [pub("prophecies_moved", None, True, discarded=DATA.prophecies[gone].id
                if gone >= 0 else None, active=ids[0], pending=ids[1:])]


def return_specials(state: TrickerionState) -> list[Event]:
    """TR-15.8 (A-09): used Special cards to the bottom of their deck, idle ones to the hand."""
    used: list[str] = []
    for seat in range(state.players):
        for c in range(8):
            card = state.special_card[seat][c]
            if card < 0:
                continue
            state.special_card[seat][c] = -1
            if state.card_state[seat][c] == CS_PLACED:
                deck = DATA.specials[card].deck
                state.special_decks[deck].append(card)
                state.specials_held[seat][deck] -= 1
                used.append(DATA.specials[card].id)
            else:
                state.special_hand[seat].append(card)
                state.special_hand[seat].sort()
    return [pub("specials_returned", None, cards=used)] if used else []


def move_performance_cards(state: TrickerionState, draw: bool) -> list[Event]:
    """TR-15.4: discard position N+1, shift every card right, draw into position 1."""
    events: list[Event] = []
    last = state.players
    if state.stage[last] >= 0:
        for i in range(len(state.markers[last])):
            if state.markers[last][i] >= 0:
                remove_marker(state, last, i)
        state.discarded.append(state.stage[last])
        events.append(pub("card_discarded", None, card=state.cards[state.stage[last]].id))
    state.stage = [-1, *state.stage[:last]]
    state.markers = [[], *state.markers[:last]]
    if draw and state.deck:
        card = state.deck.pop(0)
        put_card(state, 0, card)
        events.append(pub("card_drawn", None, True, card=state.cards[card].id))
    return events
