"""Shared helpers for the Trickerion tests: the game, seat names, playing through a turn."""

from __future__ import annotations

import random
from typing import Any

from parlor.core import Move
from parlor.games.trickerion import GAME, TrickerionState
from parlor.games.trickerion.moves import (
    Assign,
    Declare,
    Decline,
    Done,
    DubiousRefuse,
    DubiousStore,
    Idle,
    Pass,
    SkipAbility,
)

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
# magicians giving Red escape, Blue mechanical, Green spiritual, Yellow optical
MAGICIANS = ["master_of_chains", "the_mechaniker", "priestess_of_mysticism", "the_great_optico"]


def scenario(**spec: Any) -> TrickerionState:
    spec.setdefault("magicians", MAGICIANS[:spec.get("players", 4)])
    return GAME.scenario(spec)


def quiet_move(s: TrickerionState, seat: int) -> Move:
    """A move that changes nothing of substance: pass, assign nothing, idle, decline (and, for
    Dubious Sources at End Turn, refuse the component or store it on a board slot)."""
    for move in s.legal_moves(seat):
        if isinstance(move, (Pass, Idle, Decline, Done, SkipAbility, DubiousRefuse)):
            return move
        if isinstance(move, DubiousStore) and not move.manager:
            return move
        if isinstance(move, Declare) and not move.ability:
            return move
        if isinstance(move, Assign) and move.location == "none":
            return move
    raise AssertionError(f"no quiet move in {s.legal_moves(seat)}")


def skip_turn(s: TrickerionState) -> None:
    """Play the rest of the current turn with nobody doing anything."""
    turn = s.turn
    while not s.is_over() and s.turn == turn:
        seat = s.actors()[0]
        s.play(seat, quiet_move(s, seat))


def random_game(players: int, seed: int, options: dict[str, Any] | None = None
                ) -> tuple[TrickerionState, int]:
    s = GAME.setup(players, seed, options)
    rng = random.Random(seed)
    steps = 0
    while not s.is_over():
        actors = s.actors()
        seat = actors[rng.randrange(len(actors))]
        moves = s.legal_moves(seat)
        assert moves, f"actor {seat} has no legal move"
        s.play(seat, rng.choice(moves))
        steps += 1
        assert steps <= GAME.move_bound
    return s, steps
