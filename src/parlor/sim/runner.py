"""Play one game between bots, and summarise many (used by `parlor simulate`, bench and studies)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from parlor.ai.bots import Bot
from parlor.core import Event, Game, Move, Rng, derive_seed


class Observer(Protocol):
    """Watches one game as it is played (every event, private ones included) and sums it up.

    A study names a factory of observers (`Study.observer`); each game gets a fresh one, and what
    `figures` returns is stored with the game's row (the design lab counts objects this way).
    """

    def see(self, state: Any, seat: int, move: Move, events: list[Event]) -> None: ...

    def figures(self, state: Any) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class GameSummary:
    """One finished game: who sat where, how it ended, how long it took."""

    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    moves: int
    statistics: dict[str, Any]
    observed: dict[str, Any] | None = None  # the observer's figures, when one watched the game
    teams: tuple[str, ...] | None = None  # each seat's team, in a game played by teams


def play_game(game: Game[Any], players: int, seed: int, bots: Sequence[Bot],
              options: Any = None, observer: Observer | None = None) -> GameSummary:
    """Play a full game from `seed` with `bots[seat]` at each seat; deterministic given the seed.

    `observer`, if given, sees every move with the events it caused (it never changes the game).
    """
    state = game.setup(players, seed, options)
    rng = Rng(derive_seed(seed, "bots"))
    moves = 0
    while True:
        actors = state.actors()
        if not actors:
            break
        if moves > game.move_bound:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {game.move_bound} moves")
        seat = actors[0]
        move = bots[seat].choose(game, state, seat, rng)
        events = state.play(seat, move)
        if observer is not None:
            observer.see(state, seat, move, events)
        moves += 1
    result = state.result()
    return GameSummary(seed, tuple(b.name for b in bots), result.scores, result.ranks, moves,
                       game.statistics(state),
                       None if observer is None else observer.figures(state), game.teams(state))


@dataclass
class Tally:
    """Win shares (a tie for first splits the win), scores and lengths over many games."""

    games: int = 0
    moves: int = 0
    wins_by_seat: dict[int, float] = field(default_factory=dict)
    wins_by_bot: dict[str, float] = field(default_factory=dict)
    seats_by_bot: dict[str, int] = field(default_factory=dict)
    score_by_bot: dict[str, float] = field(default_factory=dict)
    score_by_seat: dict[int, float] = field(default_factory=dict)

    def add(self, summary: GameSummary) -> None:
        self.games += 1
        self.moves += summary.moves
        winners = [s for s, r in enumerate(summary.ranks) if r == 1]
        for seat, bot in enumerate(summary.bots):
            share = 1.0 / len(winners) if seat in winners else 0.0
            self.wins_by_seat[seat] = self.wins_by_seat.get(seat, 0.0) + share
            self.wins_by_bot[bot] = self.wins_by_bot.get(bot, 0.0) + share
            self.seats_by_bot[bot] = self.seats_by_bot.get(bot, 0) + 1
            self.score_by_bot[bot] = self.score_by_bot.get(bot, 0.0) + summary.scores[seat]
            self.score_by_seat[seat] = self.score_by_seat.get(seat, 0.0) + summary.scores[seat]


def seat_bots(names: Sequence[str], players: int, game_index: int) -> list[str]:
    """Bots rotate through the seats from game to game so no bot keeps the first seat."""
    return [names[(game_index + seat) % len(names)] for seat in range(players)]
