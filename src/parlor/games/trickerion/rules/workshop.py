"""Workshop (TR-11): Prepare and the Specialists' actions; any-time discards (TR-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import (
    ASSISTANT,
    CS_PLACED,
    ENGINEER,
    ENGINEER_SLOT,
    MANAGER,
)
from ..data import DATA
from ..follow_ups import OnStagePreparation, ReplaceableParts, UnstablePrototype
from ..moves import DiscardComponent, DiscardTrick, MoveApprentice, MoveComponents, MoveTrick, Prepare
from . import specials
from .common import (
    BOARD_SLOTS,
    CHAR_INDEX,
    COMP_IDS,
    MGR_MAX_PHYSICAL,
    TRICK_IDS,
    board_piles,
    char_name,
    discard_trick,
    effective,
    gain_shards,
    manager_piles,
    manager_slots,
    prepare_amount,
    pub,
    remove_component,
    requirements,
)

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
MOVE_AP = AP["move_trick"]


def moves(state: TrickerionState, seat: int) -> list[Move]:
    ap = state.action_points
    out: list[Move] = []
    short_ok = state.dark_alley and specials.has(state, seat, "prepare", "one_type_short") is not None
    for slot in range(4):
        suit = state.trick_slots[seat][slot]
        if suit >= 0:
            trick = DATA.tricks[state.trick_by_suit[seat][suit]]
            if ap >= trick.prepare_ap and (prepare_amount(state, seat, suit) or
                                           (short_ok and ingenuity_ok(state, seat, suit))):
                out.append(Prepare(trick.id))
    if ap < MOVE_AP:
        return out
    if state.owns(seat, ENGINEER):
        slots = state.trick_slots[seat]
        out.extend(MoveTrick(TRICK_IDS[state.trick_by_suit[seat][slots[k]]]) for k in range(3)
                   if slots[k] >= 0 and k != ENGINEER_SLOT)
    if state.owns(seat, MANAGER):
        out.extend(_component_moves(state, seat))
    if state.owns(seat, ASSISTANT) and state.assistant_home[seat] < 0:
        out.extend(MoveApprentice(char_name(c)) for c in range(4, 8)
                   if state.owns(seat, c) and state.card_state[seat][c] != CS_PLACED)
    return out


def _component_moves(state: TrickerionState, seat: int) -> list[Move]:
    """TR-11.5 Move Components: board -> empty Manager slot, Manager -> free board slot, swap."""
    row, manager_bits = state.components[seat], state.manager_piles[seat]
    on_manager = [t for t in range(len(row)) if row[t] and manager_bits >> t & 1]
    on_board = [t for t in range(len(row)) if row[t] and not manager_bits >> t & 1]
    out: list[Move] = []
    for t in on_board:
        if manager_piles(state, seat) < manager_slots(state, seat):
            out.append(MoveComponents(COMP_IDS[t], None))
        out.extend(MoveComponents(COMP_IDS[t], COMP_IDS[u]) for u in on_manager)
    if board_piles(state, seat) < BOARD_SLOTS:
        out.extend(MoveComponents(COMP_IDS[t], None) for t in on_manager)
    return out


def ingenuity_ok(state: TrickerionState, seat: int, suit: int) -> bool:
    """Ingenuity (TR-18.4): exactly one required type short, no marker on the card."""
    trick = DATA.tricks[state.trick_by_suit[seat][suit]]
    if state.prepared[seat][suit] or state.supply(seat, suit) == 0:
        return False
    if state.options.prepare_blocked_by_theater_markers and state.scheduled[seat][suit]:
        return False
    return sum(1 for c, k in requirements(state, trick) if effective(state, seat, c) < k) == 1


def prepare(state: TrickerionState, seat: int, move: Prepare) -> list[Event]:
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    suit = state.suit_of_trick(seat, trick.index)
    k = prepare_amount(state, seat, suit)
    state.action_points -= trick.prepare_ap
    events: list[Event] = []
    if state.dark_alley and specials.active(state, seat, "prepare"):
        k, events = _prepare_ability(state, seat, suit, k)
    state.prepared[seat][suit] = k
    return [pub("prepared", seat, trick=move.trick, markers=k), *events]


def _prepare_ability(state: TrickerionState, seat: int, suit: int, k: int
                     ) -> tuple[int, list[Event]]:
    """The Workshop Special cards' primitives on one Prepare (TR-18.3, TR-18.4)."""
    trick = DATA.tricks[state.trick_by_suit[seat][suit]]
    supply = state.supply(seat, suit)
    if k == 0:                                   # only Ingenuity can prepare an unmet Trick
        specials.consume(state)
        return 1, [pub("special_used", seat, card="ingenuity")]
    card = specials.current(state, seat)
    assert card is not None
    prims = specials.EFFECTS.get(card.id, ())
    events: list[Event] = []
    if "one_type_short" in prims:
        return k, events                         # requirements met: Ingenuity stays unused
    specials.consume(state)
    if "extra_markers" in prims:
        k = min(supply, k + card.params.get("extra_markers", 0))
    elif "fame_per_advanced_requirement" in prims:
        fame = sum(n for c, n in requirements(state, trick) if DATA.components[c].tier != "basic")
        state.fame[seat] += fame
        events.append(pub("special_fame", seat, card=card.id, fame=fame))
    elif "marker_for_yields" in prims:
        k -= 1                                   # Test Run: yields without weekday modifier
        state.fame[seat] += trick.yield_fame
        state.coins[seat] += trick.yield_coins
        shards = gain_shards(state, seat, trick.yield_shards)
        events.append(pub("test_run", seat, fame=trick.yield_fame, coins=trick.yield_coins,
                          shards=shards))
    elif "shard_enhances_trick" in prims and state.shards[seat] >= 1:
        state.shards[seat] -= 1
        state.enhanced_tricks[trick.index] = 1
        events.append(pub("trick_enhanced", seat, trick=trick.id))
    elif "marker_to_other_trick" in prims:
        if any(replace_targets(state, seat, suit)):
            state.follow_up = ReplaceableParts(suit) # Replaceable Parts: chosen next
    elif "return_components_for_marker" in prims:
        if any(state.components[seat][c] for c, _ in requirements(state, trick)):
            state.follow_up = UnstablePrototype(suit) # Unstable Prototype: chosen next
    elif "marker_to_stage" in prims:
        state.follow_up = OnStagePreparation(suit) # On-stage Preparation: chosen next
    elif "apprentice_to_specialist" in prims:
        state.talent[seat] = state.placement_character               # Hidden Talent: decided at End Turn
        events.append(pub("hidden_talent_ready", seat, character=char_name(state.placement_character)))
    return k, events


def replace_targets(state: TrickerionState, seat: int, suit: int) -> list[int]:
    """Replaceable Parts: other owned Tricks of the same or a lower Threshold with a marker in
    supply (requirements not needed)."""
    threshold = DATA.tricks[state.trick_by_suit[seat][suit]].threshold
    return [x for x in range(4) if x != suit and state.trick_by_suit[seat][x] >= 0
            and DATA.tricks[state.trick_by_suit[seat][x]].threshold <= threshold and state.supply(seat, x)]


def move_trick(state: TrickerionState, seat: int, move: MoveTrick) -> list[Event]:
    slot = state.trick_slot_of(seat, state.suit_of_trick(seat, DATA.trick_by_id[move.trick]))
    row = state.trick_slots[seat]
    row[slot], row[ENGINEER_SLOT] = row[ENGINEER_SLOT], row[slot]
    state.action_points -= MOVE_AP
    return [pub("trick_moved", seat, trick=move.trick)]


def _to_manager(state: TrickerionState, seat: int, comp: int) -> int:
    """Move a pile onto a Manager slot; surplus above 2 physical returns (A-27)."""
    state.manager_piles[seat] |= 1 << comp
    surplus = max(0, state.components[seat][comp] - MGR_MAX_PHYSICAL)
    state.components[seat][comp] -= surplus
    return surplus


def move_components(state: TrickerionState, seat: int, move: MoveComponents) -> list[Event]:
    comp = DATA.component_by_id[move.component]
    returned = 0
    if state.manager_piles[seat] >> comp & 1:
        state.manager_piles[seat] &= ~(1 << comp)
    else:
        returned = _to_manager(state, seat, comp)
        if move.swap is not None:
            state.manager_piles[seat] &= ~(1 << DATA.component_by_id[move.swap])
    state.action_points -= AP["move_components"]
    return [pub("components_moved", seat, component=move.component, swap=move.swap,
                returned=returned)]


def move_apprentice(state: TrickerionState, seat: int, move: MoveApprentice) -> list[Event]:
    state.assistant_home[seat] = CHAR_INDEX[move.character]
    state.action_points -= AP["move_apprentice"]
    return [pub("apprentice_moved", seat, character=move.character)]


def discard_component(state: TrickerionState, seat: int, move: DiscardComponent) -> list[Event]:
    remove_component(state, seat, DATA.component_by_id[move.component])
    return [pub("component_discarded", seat, component=move.component)]


def discard(state: TrickerionState, seat: int, move: DiscardTrick) -> list[Event]:
    discard_trick(state, seat, state.suit_of_trick(seat, DATA.trick_by_id[move.trick]))
    return [pub("trick_discarded", seat, trick=move.trick)]


def open_discard(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    """TR-23: a discard step at one of the player's decision points."""
    state.discard_step[seat] = 1
    return []


def close_discard(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    state.discard_step[seat] = 2
    return []
