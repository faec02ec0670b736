"""A Gymnasium environment: one seat learns, parlor bots of a chosen level play the others."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from parlor.ai import Bot, make_bot
from parlor.core import Game, Rng

from .table import Table, observation_bounds


class ParlorSingle(gymnasium.Env[dict[str, Any], np.int64]):
    """`seat` is the learner; `opponents` is a bot spec or level (``random``, ``easy``,
    ``medium``, ``hard``, see `parlor.ai.levels`) played by every other seat.

    Observations are ``{"observation", "action_mask"}`` as in the PettingZoo environments, and
    `action_masks()` gives the mask to sb3-contrib's MaskablePPO. The reward is 0 until the game
    ends, then the learner's rank-based reward (or score margin). An illegal action ends the
    episode with -1 and ``info["illegal"]``. ``info["view"]`` is the learner's raw view.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: str | Game[Any], players: int, options: Any = None,
                 seat: int = 0, opponents: str = "random", render_mode: str | None = None,
                 reward: str = "rank", observation_size: int | None = None,
                 max_moves: int | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        if not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat}")
        self.table = Table(game, players, options, reward, observation_size, max_moves)
        self.seat = seat
        self.render_mode = render_mode
        self.bots: dict[int, Bot] = {s: make_bot(opponents) for s in range(players) if s != seat}
        low, high = observation_bounds()
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low, high, (self.table.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.table.actions.size,), np.int8),
        })
        self.action_space = spaces.Discrete(self.table.actions.size)
        self._bot_rng = Rng(0)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None and not hasattr(self, "_seeded"):
            seed = int(self.np_random.integers(2**63 - 1))
        self._seeded = True
        self.table.new_game(seed)
        self._bot_rng = Rng(self.table.next_seed())
        self._play_bots()
        return self.table.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if not self.table.play(self.seat, int(action)):
            return (self.table.observation(self.seat), -1.0, True, False,
                    {"illegal": True})
        self._play_bots()
        reward, terminated, truncated = 0.0, False, False
        if self.table.over():
            reward, terminated = self.table.final_rewards()[self.seat], True
        elif self.table.out_of_moves():
            truncated = True
        return self.table.observation(self.seat), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        return self.table.mask(self.seat).astype(bool)

    def _play_bots(self) -> None:
        """Let the bots move until the learner must decide, or the game ends."""
        state = self.table.state
        while not self.table.over() and not self.table.out_of_moves():
            actors = state.actors()
            if self.seat in actors:
                return
            seat = min(actors)
            move = self.bots[seat].choose(self.table.game, state, seat, self._bot_rng)
            state.play(seat, move)
            self.table.moved()

    def _info(self) -> dict[str, Any]:
        return {"view": self.table.view(self.seat)}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.render_text(self.seat)
