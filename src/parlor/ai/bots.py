"""The Bot interface and the two simplest bots: random, and greedy (one ply + the game's heuristic).

A bot sees the game only through what its seat may know: greedy evaluates each move on a
redetermined copy (hidden information resampled from the seat's point of view), never on the truth.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any

from parlor.core import Game, Move, Rng, State


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search bot may think: seconds and/or iterations (None = no limit of that kind)."""

    seconds: float | None = None
    iterations: int | None = None


class Bot(ABC):
    """Chooses a move for a seat; never changes the state it is given."""

    name: str = "bot"

    @abstractmethod
    def choose(self, game: Game[Any], state: State, seat: int, rng: Rng,
               budget: Budget | None = None) -> Move:
        """A legal move for `seat`, which must be an actor of `state`."""


class RandomBot(Bot):
    """Plays uniformly at random among the legal moves."""

    name = "random"

    def choose(self, game: Game[Any], state: State, seat: int, rng: Rng,
               budget: Budget | None = None) -> Move:
        return rng.choice(state.legal_moves(seat))


class GreedyBot(Bot):
    """Plays the move whose result the game's heuristic likes best (one ply, ties at random).

    Each move is tried on a copy of the position redetermined for `seat`, so the bot never reads
    information hidden from it. When the move leaves `seat` deciding again or another seat's
    simultaneous choice pending, the heuristic still judges the position reached.
    """

    name = "greedy"

    def choose(self, game: Game[Any], state: State, seat: int, rng: Rng,
               budget: Budget | None = None) -> Move:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        values = one_ply_values(game, state.redetermine(seat, rng), seat, moves)
        best: list[Move] = []
        best_value = float("-inf")
        for move, value in values.items():
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return rng.choice(best)


FINISHED = 1e9  # a finished game outweighs any heuristic value, whatever the game's scale


def one_ply_value(game: Game[Any], state: State, seat: int) -> float:
    """Heuristic value; a finished game is judged by its result: first place is worth FINISHED,
    last place -FINISHED (places between in proportion), plus the score margin, so ending the
    game in a loss never looks better than playing on, however low the heuristic runs."""
    if state.is_over():
        result = state.result()
        others = [s for i, s in enumerate(result.scores) if i != seat]
        margin = result.scores[seat] - (max(others) if others else 0.0)
        n = len(result.ranks)
        place = 1.0 - 2.0 * (result.ranks[seat] - 1) / (n - 1) if n > 1 else 1.0
        return FINISHED * place + margin
    return game.heuristic(state, seat)


def one_ply_values(game: Game[Any], world: State, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`one_ply_value` of each of `moves`, each played by `seat` on its own copy of `world`
    (a determinization: the values read nothing the seat cannot see only if `world` is one)."""
    return dict(zip(moves, one_ply_list(game, world, seat, moves), strict=True))


def one_ply_list(game: Game[Any], world: State, seat: int, moves: list[Move]) -> list[float]:
    """`one_ply_values` in the order of `moves` (a ranking sorts them without hashing each
    move again)."""
    judged = game.heuristic_after(world, seat, moves)  # those the game judges together
    values: list[float] = []
    for move in moves:
        value = judged.get(move) if judged else None
        if value is None:
            after = world.clone()
            after.advance(seat, move)  # `moves` are legal in `world`, as legal_moves gave them
            value = one_ply_value(game, after, seat)
        values.append(value)
    return values


def ranking(game: Game[Any], world: State, seat: int, moves: list[Move]) -> list[Move]:
    """`moves` from the best `one_ply_value` for `seat` down (list order breaks ties)."""
    values = one_ply_list(game, world, seat, moves)
    order = sorted(range(len(moves)), key=lambda i: -values[i])  # stable, as sorting `moves`
    return [moves[i] for i in order]


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}

