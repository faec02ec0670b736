"""The heuristic after each of a seat's starting components or starting Trick, judged on the
position itself (the search's one-ply rankings at a game's start: TR-2.4 items 2 and 3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import Phase
from .data import DATA
from .heuristics import best_public_worth, evaluate, own_worth
from .moves import StartComponents, StartTrick
from .rules.common import give_trick
from .rules.setup import give_components

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import TrickerionState


def start_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`evaluate` for `seat` after each of its StartComponents or StartTrick among `moves`,
    without copying the position. Such a move only gives the seat components or a Trick and
    moves its choices on a step (`setup.apply`), and ends no discard step; without the beginner
    setup the automatic steps stop at once (`flow.advance`). The position is left as it was."""
    if state.phase != Phase.STARTING_CHOICES or state.start_step > 1 \
            or state.options.beginner_setup or 1 in state.discard_step:
        return {}
    step, discarding, listed = state.start_step, state.discard_step[seat], state._cache
    state.start_step = step + 1
    state.discard_step[seat] = 0  # as after any move that is not a discard (flow.apply_move)
    state._cache = None
    try:
        if step == 0:
            return _component_values(state, seat, moves)
        return _trick_values(state, seat, moves)
    finally:
        state.discard_step[seat] = discarding
        state.start_step = step
        state._cache = listed


def _component_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """TR-2.4 item 2: each set is put in the seat's Workshop, judged, and the row put back.
    The others' public worths read none of the seat's rows: they are found once."""
    row, piles = state.components[seat], state.manager_piles[seat]
    values: dict[Move, float] = {}
    try:
        others = best_public_worth(state, seat)
        for move in moves:
            if not isinstance(move, StartComponents):
                continue  # a discard step's opening: judged apart
            state.components[seat] = row[:]
            give_components(state, seat, move.components, False)
            values[move] = own_worth(state, seat) - others
            state.manager_piles[seat] = piles
    finally:
        state.components[seat] = row
        state.manager_piles[seat] = piles
    return values


def _trick_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """TR-2.4 item 3: each Trick is put on the seat's board, judged, and taken back."""
    slots, suits = state.trick_slots[seat], state.trick_by_suit[seat]
    values: dict[Move, float] = {}
    try:
        for move in moves:
            if not isinstance(move, StartTrick):
                continue  # a discard step's opening: judged apart
            trick = DATA.trick_by_id[move.trick]
            state.trick_slots[seat], state.trick_by_suit[seat] = slots[:], suits[:]
            give_trick(state, seat, trick, False)
            try:
                values[move] = evaluate(state, seat)
            finally:
                state.owner[trick] = -1  # a starting Trick is a free one (`setup.legal`)
    finally:
        state.trick_slots[seat], state.trick_by_suit[seat] = slots, suits
    return values
