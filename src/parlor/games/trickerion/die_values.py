"""The heuristic after each of a placement's Set Die moves, judged on the position itself (the
search's one-ply rankings at Downtown: TR-9.6 offers every other face of every die)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import Phase
from .heuristics import best_public_worth, own_worth
from .moves import SetDie
from .rules.downtown import SET
from .rules.placement import needs_decision

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import TrickerionState


def set_die_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`evaluate` for `seat` after each of its SetDie moves among `moves` that leaves its
    placement going on, without copying the position. Such a move only turns one die and spends
    the Action Points of TR-9.6 (`downtown.set_die`), and ends no discard step; while the
    placement still offers something the automatic steps stop at once (`flow.advance`). The
    face is set, the position judged, and the face put back: the position is left as it was.

    The others' public worths read neither the dice nor the acting seat's Action Points: they
    are found once."""
    if state.phase != Phase.ACTIONS or state.acting != seat or state.action_points < SET \
            or 1 in state.discard_step:
        return {}
    dice, points, step, listed = state.dice, state.action_points, state.discard_step[seat], state._cache
    values: dict[Move, float] = {}
    others: float | None = None
    state.action_points = points - SET
    state.discard_step[seat] = 0  # as after any move that is not a discard (flow.apply_move)
    state._cache = None
    try:
        for move in moves:
            if not isinstance(move, SetDie):
                continue  # another action: played on a copy
            face = dice[move.die]
            dice[move.die] = move.face
            try:
                if needs_decision(state):  # else the placement ends: played on a copy
                    if others is None:
                        others = best_public_worth(state, seat)
                    values[move] = own_worth(state, seat) - others
            finally:
                dice[move.die] = face
    finally:
        state.action_points = points
        state.discard_step[seat] = step
        state._cache = listed
    return values
