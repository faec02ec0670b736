"""The heuristic after each of a seat's starting components, judged on the position itself (the
search's one-ply rankings at a game's start: TR-2.4 item 2 offers every set of total price 2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import Phase
from .heuristics import best_public_worth, own_worth
from .moves import StartComponents
from .rules.setup import give_components

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import TrickerionState


def start_component_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`evaluate` for `seat` after each of its StartComponents among `moves`, without copying the
    position. Such a move only puts components in the seat's Workshop and moves its choices on
    to the Trick (`setup.apply`), and ends no discard step; without the beginner setup the
    automatic steps stop at once (`flow.advance`). The components are put there, the position
    judged, and the seat's row put back: the position is left as it was.

    The others' public worths read none of the seat's rows: they are found once."""
    if state.phase != Phase.STARTING_CHOICES or state.start_step != 0 \
            or state.options.beginner_setup or 1 in state.discard_step:
        return {}
    row, piles, step = state.components[seat], state.manager_piles[seat], state.discard_step[seat]
    listed = state._cache
    values: dict[Move, float] = {}
    state.start_step = 1
    state.discard_step[seat] = 0  # as after any move that is not a discard (flow.apply_move)
    state._cache = None
    try:
        others = best_public_worth(state, seat)
        for move in moves:
            if not isinstance(move, StartComponents):
                continue  # a discard step's opening: played on a copy
            state.components[seat] = row[:]
            give_components(state, seat, move.components, False)
            values[move] = own_worth(state, seat) - others
            state.manager_piles[seat] = piles
    finally:
        state.components[seat] = row
        state.manager_piles[seat] = piles
        state.discard_step[seat] = step
        state.start_step = 0
        state._cache = listed
    return values
