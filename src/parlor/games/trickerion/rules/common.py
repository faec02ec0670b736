"""Helpers shared by the phase and Location modules: events, storage, Tricks, markers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event

from ..consts import ENGINEER_SLOT, MANAGER
from ..data import CATEGORIES, CHARACTERS, DATA
from ..markers import is_gray, marker_count, marker_direction, marker_seat, marker_suit
from ..records import Trick

if TYPE_CHECKING:
    from ..state import TrickerionState

STORE = DATA.storage
MAX_EFFECTIVE = STORE["max_effective_per_type"]
BOARD_SLOTS = STORE["workshop_component_slots"]
MGR_SLOTS = STORE["manager_multi_slots"]
MGR_BONUS = STORE["manager_slot_bonus"]
MGR_MAX_PHYSICAL = STORE["manager_slot_max_physical"]
COMP_IDS = tuple(c.id for c in DATA.components)
PRICES = tuple(c.price for c in DATA.components)
TRICK_IDS = tuple(t.id for t in DATA.tricks)
CHAR_INDEX = {name: i for i, name in enumerate(CHARACTERS)}   # character id -> index


def pub(kind: str, seat: int | None, reveal: bool = False, **data: Any) -> Event:
    """A public event (TR-24: everything except hands and unrevealed cards is public)."""
    return Event(kind, seat, PUBLIC, data, reveal)


def private(kind: str, seat: int, **data: Any) -> Event:
    return Event(kind, seat, (seat,), data)


def char_name(c: int) -> str:
    return CHARACTERS[c]


# -- components (TR-11.2) --------------------------------------------------------------------

def effective(state: TrickerionState, seat: int, comp: int) -> int:
    n = state.components[seat][comp]
    if n and state.manager_piles[seat] >> comp & 1:
        return n + MGR_BONUS
    return n


def board_piles(state: TrickerionState, seat: int) -> int:
    row, manager_bits = state.components[seat], state.manager_piles[seat]
    return sum(1 for t in range(len(row)) if row[t] and not manager_bits >> t & 1)


def manager_piles(state: TrickerionState, seat: int) -> int:
    row, manager_bits = state.components[seat], state.manager_piles[seat]
    return sum(1 for t in range(len(row)) if row[t] and manager_bits >> t & 1)


def manager_slots(state: TrickerionState, seat: int) -> int:
    return MGR_SLOTS if state.owns(seat, MANAGER) else 0


def can_add(state: TrickerionState, seat: int, comp: int, count: int, manager: bool) -> bool:
    """Whether `count` more of `comp` fit (a new pile on a Manager slot if `manager`)."""
    have = state.components[seat][comp]
    if have:
        on_mgr = bool(state.manager_piles[seat] >> comp & 1)
        if on_mgr != manager:
            return False
        if on_mgr:
            return have + count <= MGR_MAX_PHYSICAL and have + count + MGR_BONUS <= MAX_EFFECTIVE
        return have + count <= MAX_EFFECTIVE
    if manager:
        return (manager_piles(state, seat) < manager_slots(state, seat) and count <= MGR_MAX_PHYSICAL
                and count + MGR_BONUS <= MAX_EFFECTIVE)
    return board_piles(state, seat) < BOARD_SLOTS and count <= MAX_EFFECTIVE


def add_components(state: TrickerionState, seat: int, comp: int, count: int, manager: bool) -> None:
    if not state.components[seat][comp]:
        if manager:
            state.manager_piles[seat] |= 1 << comp
        else:
            state.manager_piles[seat] &= ~(1 << comp)
    state.components[seat][comp] += count


def remove_component(state: TrickerionState, seat: int, comp: int) -> None:
    state.components[seat][comp] -= 1
    if not state.components[seat][comp]:
        state.manager_piles[seat] &= ~(1 << comp)


# -- Tricks and markers (TR-1.3, TR-11.3) ----------------------------------------------------

def requirements(state: TrickerionState, trick: Trick) -> tuple[tuple[int, int], ...]:
    if state.options.trick_component_source == "bga":
        return trick.alt_components
    return trick.components


def base_markers(state: TrickerionState, trick: Trick) -> int:
    if state.options.trick_component_source == "bga":
        return trick.alt_markers
    return trick.markers


def meets(state: TrickerionState, seat: int, trick: Trick) -> bool:
    return all(effective(state, seat, c) >= k for c, k in requirements(state, trick))


def in_play(state: TrickerionState, trick: Trick) -> bool:
    """Tricks of this mode (base: Level 1-2 only, TR-2.1; Dark Alley: all, TR-17.2)."""
    return state.options.dark_alley or not trick.dark_alley_only


def free_board_slot(state: TrickerionState, seat: int) -> int:
    row = state.trick_slots[seat]
    for i in range(3):
        if row[i] < 0:
            return i
    return -1


def give_trick(state: TrickerionState, seat: int, trick: int, engineer: bool) -> int:
    """Put `trick` on a free slot with an unused Symbol marker; returns its suit (TR-9.2)."""
    suit = state.trick_by_suit[seat].index(-1)
    slot = ENGINEER_SLOT if engineer else free_board_slot(state, seat)
    state.trick_slots[seat][slot] = suit
    state.trick_by_suit[seat][suit] = trick
    state.owner[trick] = seat
    return suit


def prepare_amount(state: TrickerionState, seat: int, suit: int) -> int:
    """Markers a Prepare would put on the card now (TR-11.3): 0 if it cannot."""
    trick = DATA.tricks[state.trick_by_suit[seat][suit]]
    if state.prepared[seat][suit] or not meets(state, seat, trick):
        return 0
    if state.options.prepare_blocked_by_theater_markers and state.scheduled[seat][suit]:
        return 0
    wanted = base_markers(state, trick) + (1 if state.trick_slots[seat][ENGINEER_SLOT] == suit else 0)
    return min(wanted, state.supply(seat, suit))


def remove_marker(state: TrickerionState, pos: int, slot: int) -> None:
    code = state.markers[pos][slot]
    if is_gray(code):
        return                           # printed on its Duel card (TR-22.1)
    state.markers[pos][slot] = -1
    state.scheduled[marker_seat(code)][marker_suit(code)] -= marker_count(code)


def gain_shards(state: TrickerionState, seat: int, k: int) -> int:
    """Shards received at once; p02 adds 1, p03 adds 2 Fame (TR-19.2). Returns the Shards."""
    if k <= 0:
        return 0
    key = state.prophecy()
    if key == "extra_shard_on_gain":
        k += 1
    elif key == "fame_on_shard_gain":
        state.fame[seat] += SHARD_FAME
    state.shards[seat] += k
    return k


SHARD_FAME = 2                   # p03 "you also gain 2 Fame" (prophecies.toml text)


def discard_trick(state: TrickerionState, seat: int, suit: int) -> None:
    """TR-23.2: the Trick returns to its deck with every marker of its suit."""
    trick = state.trick_by_suit[seat][suit]
    for pos in range(len(state.stage)):
        row = state.markers[pos]
        for i in range(len(row)):
            code = row[i]
            if code >= 0 and marker_seat(code) == seat and marker_suit(code) == suit:
                remove_marker(state, pos, i)
    state.prepared[seat][suit] = 0
    state.trick_slots[seat][state.trick_slot_of(seat, suit)] = -1
    state.trick_by_suit[seat][suit] = -1
    state.owner[trick] = -1
    state.enhanced_tricks[trick] = 0


def category_of(state: TrickerionState, code: int) -> int:
    if is_gray(code):
        return marker_suit(code)        # a gray marker's printed category (TR-22.1)
    return DATA.tricks[state.trick_by_suit[marker_seat(code)][marker_suit(code)]].category


def corner(state: TrickerionState, code: int, direction: int) -> int:
    """The category shown at `direction` by the marker `code` (TR-12.3)."""
    return (category_of(state, code) + direction - (marker_direction(code))) % 4


CATEGORY_IDS = CATEGORIES
