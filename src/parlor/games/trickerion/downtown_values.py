"""The heuristic after a placement's Set Die, Reroll Die and Learn Trick moves, judged on the
position itself (the search's one-ply rankings at Downtown: TR-9.6 offers every other face of
every die, TR-9.5 a reroll of each, TR-9.2 every learnable Trick for each die)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import Phase
from .data import DATA
from .heuristics import best_public_worth, own_worth
from .moves import LearnTrick, RerollDie, SetDie
from .rules.common import give_trick
from .rules.downtown import LEARN, REROLL, SET, learn_cost, reroll
from .rules.placement import needs_decision

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import TrickerionState


def downtown_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`evaluate` for `seat` after each of its SetDie and RerollDie moves, and LearnTrick moves
    outside Dark Alley, among `moves` that leave its placement going on, without copying the
    position. A Set Die only turns one die and spends 2 AP (`downtown.set_die`), a Reroll Die
    draws its face, counts the reroll and spends 1 AP (`downtown.reroll`); a Learn Trick of the base game
    spends its AP and Coins, puts the Trick on the board and crosses the die out
    (`downtown.learn`; Dark Alley's Special cards may do more there). Neither ends a discard
    step, and while the placement still offers something the automatic steps stop at once
    (`flow.advance`). The move's fields are set, the position judged, and they are put back.

    The others' public worths read none of those fields (the acting seat's AP, Coins, rows and
    the dice; a Trick's owner only in the setup's starting fit): they are found once."""
    if state.phase != Phase.ACTIONS or state.acting != seat or 1 in state.discard_step:
        return {}
    points, step, listed = state.action_points, state.discard_step[seat], state._cache
    values: dict[Move, float] = {}
    others: float | None = None
    state.discard_step[seat] = 0  # as after any move that is not a discard (flow.apply_move)
    state._cache = None
    try:
        for move in moves:
            if isinstance(move, SetDie) and points >= SET:
                value = _after_set_die(state, seat, move, points)
            elif isinstance(move, RerollDie) and points >= REROLL:
                value = _after_reroll(state, seat, move, points)
            elif isinstance(move, LearnTrick) and not state.options.dark_alley:
                value = _after_learning(state, seat, move, points)
            else:
                continue  # another action: played on a copy
            if value is None:
                continue  # the placement ends: played on a copy
            if others is None:
                others = best_public_worth(state, seat)
            values[move] = value - others
    finally:
        state.action_points = points
        state.discard_step[seat] = step
        state._cache = listed
    return values


def _after_set_die(state: TrickerionState, seat: int, move: SetDie, points: int) -> float | None:
    """The seat's own worth after TR-9.6's Set Die, or None when it ends the placement."""
    dice = state.dice
    face = dice[move.die]
    dice[move.die] = move.face
    state.action_points = points - SET
    try:
        return own_worth(state, seat) if needs_decision(state) else None
    finally:
        dice[move.die] = face


def _after_reroll(state: TrickerionState, seat: int, move: RerollDie, points: int) -> float | None:
    """The seat's own worth after TR-9.5's Reroll Die, or None when it ends the placement. The
    face is drawn as on a copy of the position: from a copy of its generator (the state's
    generator is copied on its first draw while it is marked shared, `SharedRng`), so the
    position's own generator does not move."""
    generator, shared = state._rng, state._rng_shared
    die = move.die
    face, rolled = state.dice[die], state.rerolls[die]
    state._rng_shared = True
    state.action_points = points
    reroll(state, seat, move)  # the rule itself (it spends the AP): its event is dropped
    try:
        return own_worth(state, seat) if needs_decision(state) else None
    finally:
        state._rng, state._rng_shared = generator, shared
        state.dice[die], state.rerolls[die] = face, rolled


def _after_learning(state: TrickerionState, seat: int, move: LearnTrick, points: int) -> float | None:
    """The seat's own worth after TR-9.2's Learn Trick of the base game, or None when it ends
    the placement."""
    trick = DATA.trick_by_id[move.trick]
    dice, coins = state.dice, state.coins[seat]
    slots, suits, face = state.trick_slots[seat], state.trick_by_suit[seat], dice[move.die]
    state.action_points = points - LEARN
    state.coins[seat] = coins - learn_cost(state, seat, DATA.tricks[trick].threshold)
    state.trick_slots[seat], state.trick_by_suit[seat] = slots[:], suits[:]
    give_trick(state, seat, trick, move.engineer)
    dice[move.die] = "x"
    try:
        return own_worth(state, seat) if needs_decision(state) else None
    finally:
        dice[move.die] = face
        state.owner[trick] = -1  # a learnable Trick has no owner (`downtown.moves`)
        state.trick_slots[seat], state.trick_by_suit[seat] = slots, suits
        state.coins[seat] = coins
