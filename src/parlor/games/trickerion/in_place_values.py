"""The moves of a one-ply ranking that Trickerion judges on the position itself
(`Game.heuristic_after`): each kind changes a few named fields, put back after judging, where
the others are played on a copy of the position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .assignment_values import assignment_values
from .consts import Phase
from .downtown_values import downtown_values
from .heuristics import evaluate
from .moves import DISCARD
from .start_values import start_values

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import TrickerionState


def in_place_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`evaluate` for `seat` after each of `moves` that can be judged in place; the others are
    left out (the caller plays them on a copy)."""
    phase = state.phase
    if phase == Phase.ACTIONS:
        values = downtown_values(state, seat, moves)
    elif phase == Phase.STARTING_CHOICES:
        values = start_values(state, seat, moves)
    elif phase == Phase.ASSIGNMENT:
        values = assignment_values(state, seat, moves)
    else:
        values = {}
    if moves and moves[-1] is DISCARD:  # `flow.legal_moves` lists the opening last
        values[DISCARD] = discard_opening_value(state, seat)
    return values


def discard_opening_value(state: TrickerionState, seat: int) -> float:
    """`evaluate` after `seat` opens a discard step (TR-23): the step is all the move changes
    (`workshop.open_discard`), and an open step holds the decision point (`flow.advance`)."""
    listed = state._cache
    state.discard_step[seat] = 1
    state._cache = None
    try:
        return evaluate(state, seat)
    finally:
        state.discard_step[seat] = 0  # DISCARD is offered only while no step was opened here
        state._cache = listed
