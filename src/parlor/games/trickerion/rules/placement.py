"""Phase E: placement turns, slots and Action Points (TR-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import (
    CS_IDLE,
    CS_PENDING,
    CS_PLACED,
    PF_ABILITY,
    PF_MECHANIKER,
    PF_UNDECLARED,
    TF_MECHANIKER,
    Phase,
)
from ..data import CHARACTERS, DATA, LOCATIONS, WEEKDAYS
from ..follow_ups import Mimesis
from ..moves import (
    DISCARD,
    DONE,
    ENHANCE,
    MECHANIZE,
    Declare,
    DiscardComponent,
    DiscardTrick,
    Idle,
    Place,
)
from ..records import Slot
from . import abilities, dark_alley, downtown, market, specials, theater, workshop
from .common import CHAR_INDEX, COMP_IDS, TRICK_IDS, char_name, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

DOWNTOWN, MARKET_ROW, WORKSHOP, THEATER, DARK_ALLEY = 0, 1, 2, 3, 4
SHARED_ROWS = (DOWNTOWN, MARKET_ROW, DARK_ALLEY)    # the +2/+1/+1/0 Locations (TR-8.7)
TOLL = next((p.coins for p in DATA.prophecies if p.effect_key == "plus_two_slot_costs_3"), 0)
SLOTS_BY_LOCATION: tuple[tuple[Slot, ...], ...] = tuple(
    tuple(sl for sl in DATA.slots if sl.location == loc) for loc in range(len(LOCATIONS)))


def base_ap(char: int) -> int:
    """TR-8.2: Magician 3, Specialist 2, Apprentice 1."""
    if char >= 4:
        return DATA.characters["apprentice"].base_ap
    return DATA.characters[CHARACTERS[char]].base_ap


def turn_base_ap(state: TrickerionState, seat: int, char: int) -> int:
    """Base AP this turn: p01 makes every base 1, p15 gives Advertisers' Apprentices +1 (TR-19.2)."""
    key = state.prophecy()
    if key == "base_ap_one":
        return 1
    if key == "advertised_apprentice_plus_one" and char >= 4 and state.poster[seat]:
        return base_ap(char) + 1
    return base_ap(char)


def legal_slots(state: TrickerionState, seat: int, char: int) -> list[Slot]:
    """TR-8.3, TR-2.2, TR-12.1: free, existing slots of the card's Location (Freelancer: of
    any Location, TR-18.4)."""
    loc = state.card_location[seat][char]
    card = state.special_card[seat][char]
    if card >= 0 and "any_location" in specials.EFFECTS.get(DATA.specials[card].id, ()):
        return [sl for other in (loc, *(x for x in range(len(LOCATIONS)) if x != loc))
                for sl in _slots_at(state, seat, char, other)]
    return _slots_at(state, seat, char, loc)


def _slots_at(state: TrickerionState, seat: int, char: int, loc: int) -> list[Slot]:
    slots = SLOTS_BY_LOCATION[loc]
    if loc == WORKSHOP:
        return [sl for k, sl in enumerate(slots) if state.workshop_occupants[seat][k] < 0
                and sl.index not in state.blocked]
    if state.blocked:                             # TR-22.1: the Turn Setup card's slots
        slots = tuple(sl for sl in slots if sl.index not in state.blocked)
    if loc == THEATER:
        day = state.performance_day[seat]
        return [sl for sl in slots if state.occupant_by_slot[sl.index] < 0
                and (sl.day == day or (day < 0 and state.day_owner[sl.day] < 0))
                and (char == 0 or not sl.performance)]
    free = [sl for sl in slots if sl.min_players <= state.players and state.occupant_by_slot[sl.index] < 0]
    key = state.prophecy()
    if key == "plus_two_slot_costs_3" and state.coins[seat] < TOLL:
        free = [sl for sl in free if sl.ap_modifier < 2]        # p18 (TR-19.2)
    if key == "lowest_slot_first" and free:
        low = min(sl.ap_modifier for sl in free)                 # p27
        free = [sl for sl in free if sl.ap_modifier == low]
    return free


def place_moves(state: TrickerionState, seat: int) -> list[Move]:
    moves: list[Move] = []
    for c in range(8):
        if state.card_state[seat][c] == CS_PENDING:
            name = char_name(c)
            moves.extend(Place(name, sl.id) for sl in legal_slots(state, seat, c))
            moves.append(Idle(name))
    return moves


def has_pending(state: TrickerionState, seat: int) -> bool:
    return CS_PENDING in state.card_state[seat]


def place(state: TrickerionState, seat: int, move: Place) -> list[Event]:
    char = CHAR_INDEX[move.character]
    sl = DATA.slots[DATA.slot_by_id[move.slot]]
    if sl.location == WORKSHOP:
        state.workshop_occupants[seat][SLOTS_BY_LOCATION[WORKSHOP].index(sl)] = char
    else:
        state.occupant_by_slot[sl.index] = seat * 8 + char
    if sl.day >= 0:
        state.performance_day[seat] = sl.day
        state.day_owner[sl.day] = seat
    state.placed[seat][char] = sl.index
    state.card_state[seat][char] = CS_PLACED
    ap = 0 if sl.performance else max(0, turn_base_ap(state, seat, char) + sl.ap_modifier)
    state.placement_character, state.placement_slot = char, sl.index
    state.action_points, state.placement_enhanced = ap, False
    state.placement_flags = PF_UNDECLARED if state.special_card[seat][char] >= 0 else 0
    state.phase = Phase.ACTIONS
    events = abilities.reveal_card(state, seat, char)
    events.append(pub("placed", seat, character=move.character, slot=move.slot,
                      location=LOCATIONS[sl.location], ap=ap))
    if state.dark_alley and abilities.mimic_options(state, seat):
        state.follow_up = Mimesis()                                  # (TR-20)
    if state.dark_alley and sl.location in SHARED_ROWS:
        if sl.ap_modifier == 2 and state.prophecy() == "plus_two_slot_costs_3":
            state.coins[seat] -= TOLL
            events.append(pub("toll_paid", seat, coins=TOLL))
        if char == 0 and DATA.magicians[state.magician[seat]].ability_id == "magic_for_the_masses":
            fame = sum(1 for x in state.trick_by_suit[seat] if x >= 0)       # The Gentleman (TR-20)
            state.fame[seat] += fame
            events.append(pub("magic_for_the_masses", seat, fame=fame))
    return events


def idle(state: TrickerionState, seat: int, move: Idle) -> list[Event]:
    char = CHAR_INDEX[move.character]
    state.card_state[seat][char] = CS_IDLE
    _next_step(state, seat)
    return [*abilities.reveal_card(state, seat, char), pub("idled", seat, character=move.character)]


def _next_step(state: TrickerionState, seat: int) -> None:
    """TR-8.1; p09: a placement turn has up to two place/idle steps (TR-19.2)."""
    state.steps += 1
    if state.steps < 2 and state.prophecy() == "place_two_characters" and has_pending(state, seat):
        return
    state.steps = 0
    state.order_position = (state.order_position + 1) % state.players


def can_enhance(state: TrickerionState, seat: int) -> bool:
    """TR-8.4: once per placement, 1 Shard, never in the Theater (p26: backstage too)."""
    if state.placement_enhanced or state.shards[seat] < DATA.enhance_shards \
            or state.placement_flags & PF_UNDECLARED:
        return False
    sl = DATA.slots[state.placement_slot]
    if sl.location == THEATER:
        return state.prophecy() == "enhance_in_theater" and not sl.performance
    return True


def enhance(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    state.shards[seat] -= DATA.enhance_shards
    gain = DATA.enhance_ap
    if state.prophecy() == "enhance_gives_2":
        gain = 2                                                 # p08 (TR-19.2)
    card = specials.active(state, seat, "any")
    if card is not None and "enhance_ap" in card.params:         # Empower (TR-18.4)
        gain = card.params["enhance_ap"]
        specials.consume(state)
    state.action_points += gain
    state.placement_enhanced = True
    return [pub("enhanced", seat, character=char_name(state.placement_character), ap=state.action_points)]


def can_mechanize(state: TrickerionState, seat: int) -> bool:
    """The Mechaniker (TR-20): once per turn, +1 AP to an Apprentice outside the Theater."""
    return (state.dark_alley and state.placement_character >= 4 and not state.turn_flags[seat] & TF_MECHANIKER
            and not state.placement_flags & PF_UNDECLARED
            and DATA.magicians[state.magician[seat]].ability_id == "mechanical_enhancement"
            and DATA.slots[state.placement_slot].location != THEATER)


def mechanize(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    state.turn_flags[seat] |= TF_MECHANIKER
    state.placement_flags |= PF_MECHANIKER
    state.action_points += 1
    return [pub("mechanical_enhancement", seat, character=char_name(state.placement_character),
                ap=state.action_points)]


def needs_decision(state: TrickerionState) -> bool:
    """Whether the placement in progress still offers something (TR-8.10)."""
    seat = state.acting
    return (state.action_points > 0 or can_enhance(state, seat) or bool(state.placement_flags & PF_UNDECLARED)
            or dark_alley.keeps_due(state) or can_mechanize(state, seat) or state.follow_up is not None)


def declare(state: TrickerionState, seat: int, move: Declare) -> list[Event]:
    """TR-18.2: the Special card's ability or +1 AP, not both."""
    card = DATA.specials[specials.card_of(state, seat, state.placement_character)]
    state.placement_flags &= ~PF_UNDECLARED
    state.special_mode[seat][state.placement_character] = 1 if move.ability else 2
    events = [pub("declared" if move.ability else "declared_ap", seat, card=card.id)]
    if move.ability:
        state.placement_flags |= PF_ABILITY
        events.extend(specials.on_declare(state, seat, card))
    else:
        state.action_points += 1
    return events


def finish(state: TrickerionState, seat: int, move: Move | None = None) -> list[Event]:
    """TR-8.10: the placement ends; unspent AP are lost; the next player places."""
    character = char_name(state.placement_character)
    # AP left unspent are said only when there are some (TR-8.10: they are lost)
    events = [pub("placement_done_unused", seat, character=character, ap_lost=state.action_points)
              if state.action_points else pub("placement_done", seat, character=character)]
    state.placement_character, state.placement_slot = -1, -1
    state.action_points, state.placement_enhanced = 0, False
    state.placement_flags = 0
    if state.dark_alley:
        dark_alley.reset(state)
        state.follow_up = None
    state.phase = Phase.PLACE_CHARACTER
    _next_step(state, seat)
    return events


def action_moves(state: TrickerionState, seat: int) -> list[Move]:
    """The decision inside a placement: the Location's actions, Enhance, discards, done."""
    if state.follow_up is not None:
        return abilities.follow_moves(state, seat)
    if state.placement_flags & PF_UNDECLARED:
        card = DATA.specials[specials.card_of(state, seat, state.placement_character)]
        out: list[Move] = [Declare(True)] if specials.usable(state, seat, card) else []
        if not ("any_location" in specials.EFFECTS.get(card.id, ()) and
                DATA.slots[state.placement_slot].location != card.deck):
            out.append(Declare(False))           # Freelancer away from home: the ability
        return out
    loc = DATA.slots[state.placement_slot].location
    if loc == DOWNTOWN:
        moves = downtown.moves(state, seat)
    elif loc == MARKET_ROW:
        moves = market.moves(state, seat)
    elif loc == WORKSHOP:
        moves = workshop.moves(state, seat)
    elif loc == DARK_ALLEY:
        moves = dark_alley.moves(state, seat)
    else:
        moves = theater.moves(state, seat)
    if can_enhance(state, seat):
        moves.append(ENHANCE)
    if can_mechanize(state, seat):
        moves.append(MECHANIZE)
    if state.discard_step[seat] == 0 and can_discard(state, seat):
        moves.append(DISCARD)
    if not (state.dark_alley and dark_alley.keeps_due(state)):
        moves.append(DONE)
    return moves


def can_discard(state: TrickerionState, seat: int) -> bool:
    """TR-23: the player has a component or a Trick to return."""
    return any(state.components[seat]) or any(x >= 0 for x in state.trick_by_suit[seat])


def discard_moves(state: TrickerionState, seat: int) -> list[Move]:
    """TR-23.1, TR-23.2: the moves of an open discard step, one component or Trick each."""
    row = state.components[seat]
    moves: list[Move] = [DiscardComponent(COMP_IDS[t]) for t in range(len(row)) if row[t]]
    for slot in range(4):
        suit = state.trick_slots[seat][slot]
        if suit >= 0:
            moves.append(DiscardTrick(TRICK_IDS[state.trick_by_suit[seat][suit]]))
    return moves


def weekday_name(day: int) -> str:
    return WEEKDAYS[day]
