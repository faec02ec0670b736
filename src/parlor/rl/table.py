"""What the PettingZoo and Gymnasium environments share: one game in play, read through its
seats' views, with actions, masks, observations and the final rewards."""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

from parlor.core import Game, State
from parlor.core.registry import get_game

from .actions import ActionSpace, action_space
from .observations import LIMIT, encode, features, size_for

REWARDS = ("rank", "margin")


def rank_rewards(ranks: tuple[int, ...]) -> list[float]:
    """Each seat's share of the seats it beat, less the share that beat it: a lone winner gets 1,
    a lone last -1, tied seats the same; the rewards add up to 0."""
    n = len(ranks)
    if n < 2:
        return [0.0] * n
    return [sum((r < other) - (r > other) for other in ranks) / (n - 1) for r in ranks]


def margin_rewards(scores: tuple[float, ...]) -> list[float]:
    """Each seat's score less the best score among the others (the winner's lead, the others'
    distance from the winner)."""
    return [float(s - max(o for j, o in enumerate(scores) if j != i)) if len(scores) > 1 else 0.0
            for i, s in enumerate(scores)]


_sizes: dict[tuple[str, int, str], int] = {}
SAMPLED_MOVES = 300     # of the seeded random game that sizes the observations


def observation_size_for(game: Game[Any], players: int, options: Any) -> int:
    """The observation size of a game, player count and options: from the views of seat 0 in
    every tenth position of one seeded random game (views grow as a game goes on), so it is the
    same in every process."""
    key = (game.id, players, repr(options))
    size = _sizes.get(key)
    if size is None:
        rng = random.Random(0)
        state = game.setup(players, 0, options)
        counts = []
        for move in range(SAMPLED_MOVES):
            if state.is_over():
                break
            if move % 10 == 0:
                counts.append(len(features(state.view(0), 0)))
            seat = rng.choice(state.actors())
            state.play(seat, rng.choice(state.legal_moves(seat)))
        size = _sizes[key] = size_for(counts)
    return size


class Table:
    """One game of `game` for `players` seats: the state, its action space and its encoding."""

    def __init__(self, game: str | Game[Any], players: int, options: Any = None,
                 reward: str = "rank", observation_size: int | None = None,
                 max_moves: int | None = None) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.players = players
        self.options = self.game.make_options(options)
        self.reward = reward
        self.max_moves = max_moves if max_moves is not None else self.game.move_bound
        self.actions: ActionSpace = action_space(self.game, players, self.options)
        self.state: State = self.game.setup(players, 0, self.options)
        self.observation_size = observation_size or observation_size_for(self.game, players,
                                                                         self.options)
        self.moves = 0
        self._seeds = random.Random()
        self._views: dict[int, dict[str, Any]] = {}   # this position's views, by seat

    # -- a new game ----------------------------------------------------------------------------
    def new_game(self, seed: int | None) -> int:
        """Set up a game; a given seed makes the game, and those after it, reproducible."""
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(63)
        self.state = self.game.setup(self.players, game_seed, self.options)
        self.moves = 0
        self._views.clear()
        return game_seed

    def use(self, state: State) -> None:
        """Play on from `state` (a scenario's position, say) instead of the current game."""
        self.state = state
        self._views.clear()

    def next_seed(self) -> int:
        """A seed drawn from the table's own seeds (for bots' generators)."""
        return self._seeds.getrandbits(63)

    # -- what a seat sees ----------------------------------------------------------------------
    def actor(self) -> int | None:
        """The seat to act next: the only actor, or in a simultaneous decision the lowest seat
        still to commit (its choice stays in the state, hidden from the others' views)."""
        actors = self.state.actors()
        return min(actors) if actors else None

    def view(self, seat: int) -> dict[str, Any]:
        """`seat`'s view of the position (built once per position: the info and the
        observation share it)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def observation(self, seat: int) -> dict[str, np.ndarray]:
        return {"observation": encode(self.view(seat), seat, self.observation_size),
                "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> np.ndarray:
        if seat not in self.state.actors():
            return np.zeros(self.actions.size, dtype=np.int8)
        return self.actions.mask(self.state.legal_moves(seat))

    # -- playing -------------------------------------------------------------------------------
    def play(self, seat: int, action: int) -> bool:
        """Play `action` for `seat`; False (and nothing played) when it is not a legal move."""
        try:
            move = self.actions.action_to_move(int(action))
        except ValueError:
            return False
        if seat not in self.state.actors() or not self.state.is_legal(seat, move):
            return False
        self.state.play(seat, move)
        self.moved()
        return True

    def moved(self) -> None:
        """The position changed: its views must be built again."""
        self.moves += 1
        self._views.clear()

    def over(self) -> bool:
        return self.state.is_over()

    def out_of_moves(self) -> bool:
        return not self.over() and self.moves >= self.max_moves

    def final_rewards(self) -> list[float]:
        result = self.state.result()
        if self.reward == "margin":
            return margin_rewards(result.scores)
        return rank_rewards(result.ranks)

    def illegal_rewards(self, seat: int) -> list[float]:
        """An illegal action ends the game: -1 for the seat that tried it, 0 for the others."""
        return [-1.0 if s == seat else 0.0 for s in range(self.players)]

    def render_text(self, seat: int | None) -> str:
        """A plain text rendering of what `seat` (None: a spectator) sees."""
        actors = ", ".join(f"seat {s + 1}" for s in self.state.actors()) or "nobody (game over)"
        lines = [f"{self.game.title}, move {self.moves}; to act: {actors}"]
        for key, value in self.state.view(seat).items():
            lines.append(f"{key}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}")
        return "\n".join(lines)


def observation_bounds() -> tuple[float, float]:
    return -LIMIT, LIMIT
