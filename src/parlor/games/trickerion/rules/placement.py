"""Phase E: placement turns, slots and Action Points (TR-8)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import CS_IDLE, CS_PENDING, CS_PLACED, PH_ACTION, PH_PLACE
from ..data import CHARACTERS, DATA, LOCATIONS, WEEKDAYS, Slot
from ..moves import DiscardComponent, DiscardTrick, Done, Enhance, Idle, Place
from . import downtown, market, theater, workshop
from .common import COMP_IDS, TRICK_IDS, char_name, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

DOWNTOWN, MARKET_ROW, WORKSHOP, THEATER = 0, 1, 2, 3
SLOTS_BY_LOCATION: tuple[tuple[Slot, ...], ...] = tuple(
    tuple(sl for sl in DATA.slots if sl.location == loc) for loc in range(len(LOCATIONS)))
CHAR_INDEX = {name: i for i, name in enumerate(CHARACTERS)}


def base_ap(char: int) -> int:
    """TR-8.2: Magician 3, Specialist 2, Apprentice 1."""
    if char >= 4:
        return DATA.characters["apprentice"].base_ap
    return DATA.characters[CHARACTERS[char]].base_ap


def legal_slots(s: TrickerionState, seat: int, char: int) -> list[Slot]:
    """TR-8.3, TR-2.2, TR-12.1: free, existing slots of the card's Location."""
    loc = s.card[seat][char]
    slots = SLOTS_BY_LOCATION[loc]
    if loc == WORKSHOP:
        return [sl for k, sl in enumerate(slots) if s.ws_occ[seat][k] < 0]
    if loc == THEATER:
        day = s.pday[seat]
        return [sl for sl in slots if s.occ[sl.index] < 0
                and (sl.day == day or (day < 0 and s.day_owner[sl.day] < 0))
                and (char == 0 or not sl.performance)]
    return [sl for sl in slots if sl.min_players <= s.n and s.occ[sl.index] < 0]


def place_moves(s: TrickerionState, seat: int) -> list[Move]:
    moves: list[Move] = []
    for c in range(8):
        if s.cstate[seat][c] == CS_PENDING:
            name = char_name(c)
            moves.extend(Place(name, sl.id) for sl in legal_slots(s, seat, c))
            moves.append(Idle(name))
    return moves


def has_pending(s: TrickerionState, seat: int) -> bool:
    return CS_PENDING in s.cstate[seat]


def place(s: TrickerionState, seat: int, move: Place) -> list[Event]:
    char = CHAR_INDEX[move.character]
    sl = DATA.slots[DATA.slot_by_id[move.slot]]
    if sl.location == WORKSHOP:
        s.ws_occ[seat][SLOTS_BY_LOCATION[WORKSHOP].index(sl)] = char
    else:
        s.occ[sl.index] = seat * 8 + char
    if sl.day >= 0:
        s.pday[seat] = sl.day
        s.day_owner[sl.day] = seat
    s.placed[seat][char] = sl.index
    s.cstate[seat][char] = CS_PLACED
    ap = 0 if sl.performance else max(0, base_ap(char) + sl.ap_modifier)
    s.pc_char, s.pc_slot, s.pc_ap, s.pc_enh = char, sl.index, ap, False
    s.phase = PH_ACTION
    return [pub("placed", seat, character=move.character, slot=move.slot,
                location=LOCATIONS[sl.location], ap=ap)]


def idle(s: TrickerionState, seat: int, move: Idle) -> list[Event]:
    s.cstate[seat][CHAR_INDEX[move.character]] = CS_IDLE
    s.cur = (s.cur + 1) % s.n
    return [pub("idled", seat, character=move.character)]


def can_enhance(s: TrickerionState, seat: int) -> bool:
    """TR-8.4: once per placement, 1 Shard, never in the Theater."""
    return (not s.pc_enh and s.shards[seat] >= DATA.enhance_shards
            and DATA.slots[s.pc_slot].location != THEATER)


def enhance(s: TrickerionState, seat: int, move: Move) -> list[Event]:
    s.shards[seat] -= DATA.enhance_shards
    s.pc_ap += DATA.enhance_ap
    s.pc_enh = True
    return [pub("enhanced", seat, character=char_name(s.pc_char), ap=s.pc_ap)]


def finish(s: TrickerionState, seat: int, move: Move | None = None) -> list[Event]:
    """TR-8.10: the placement ends; unspent AP are lost; the next player places."""
    events = [pub("placement_done", seat, character=char_name(s.pc_char), ap_lost=s.pc_ap)]
    s.pc_char, s.pc_slot, s.pc_ap, s.pc_enh = -1, -1, 0, False
    s.phase = PH_PLACE
    s.cur = (s.cur + 1) % s.n
    return events


def action_moves(s: TrickerionState, seat: int) -> list[Move]:
    """The decision inside a placement: the Location's actions, Enhance, discards, done."""
    loc = DATA.slots[s.pc_slot].location
    if loc == DOWNTOWN:
        moves = downtown.moves(s, seat)
    elif loc == MARKET_ROW:
        moves = market.moves(s, seat)
    elif loc == WORKSHOP:
        moves = workshop.moves(s, seat)
    else:
        moves = theater.moves(s, seat)
    if can_enhance(s, seat):
        moves.append(Enhance())
    moves.extend(discard_moves(s, seat))
    moves.append(Done())
    return moves


def discard_moves(s: TrickerionState, seat: int) -> list[Move]:
    """TR-23.1, TR-23.2 (offered inside the player's own placements; docs/status)."""
    row = s.comps[seat]
    moves: list[Move] = [DiscardComponent(COMP_IDS[t]) for t in range(len(row)) if row[t]]
    for slot in range(4):
        suit = s.tslot[seat][slot]
        if suit >= 0:
            moves.append(DiscardTrick(TRICK_IDS[s.strick[seat][suit]]))
    return moves


def weekday_name(day: int) -> str:
    return WEEKDAYS[day]
