"""PettingZoo environments for every registered game: `ParlorAEC` (turn by turn) and
`ParlorParallel` (every seat that must decide now, at once)."""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from parlor.core import Game

from .table import Table, observation_bounds


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def _observation_space(table: Table) -> spaces.Dict:
    low, high = observation_bounds()
    return spaces.Dict({
        "observation": spaces.Box(low, high, (table.observation_size,), np.float32),
        "action_mask": spaces.Box(0, 1, (table.actions.size,), np.int8),
    })


class _Seats:
    """What both environments share: the game's table, its agents and their spaces."""

    metadata: dict[str, Any]

    def _seat_agents(self, game: str | Game[Any], players: int, options: Any, render_mode: str | None,
                     reward: str, observation_size: int | None, max_moves: int | None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = Table(game, players, options, reward, observation_size, max_moves)
        self.metadata = {**self.metadata, "name": f"parlor_{self.table.game.id}_{players}p"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        self._observation_space = _observation_space(self.table)
        # one space object per agent, as PettingZoo asks (seeding a space must stick)
        self._action_spaces = {a: spaces.Discrete(self.table.actions.size)
                               for a in self.possible_agents}
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def action_to_move(self, action: int) -> Any:
        return self.table.actions.action_to_move(action)

    def move_to_action(self, move: Any) -> int:
        return self.table.actions.move_to_action(move)


class ParlorAEC(_Seats, AECEnv):  # type: ignore[misc]
    """One game as a PettingZoo AEC environment; agents are ``player_0``..``player_{n-1}``.

    The agent selected is the seat that must decide; in a simultaneous decision the seats still
    to commit are selected one after another, lowest first, and each sees only its own view (the
    choices already committed stay hidden in the state). `step` takes an action index; an
    illegal one ends the game (-1 for that agent, 0 for the others, ``info["illegal"]``).
    Rewards come at the end: rank-based (`reward="rank"`) or the score margin ("margin").
    ``infos[agent]["view"]`` holds the raw view of the agent about to act.
    """

    metadata = {"render_modes": ["ansi"], "name": "parlor", "is_parallelizable": True}

    def __init__(self, game: str | Game[Any], players: int, options: Any = None,
                 render_mode: str | None = None, reward: str = "rank",
                 observation_size: int | None = None, max_moves: int | None = None) -> None:
        super().__init__()
        self._seat_agents(game, players, options, render_mode, reward, observation_size, max_moves)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select_actor()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observation(self._seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if action is None or not self.table.play(seat, int(action)):
            self._finish(self.table.illegal_rewards(seat), illegal=agent)
        elif self.table.over():
            self._finish(self.table.final_rewards())
        elif self.table.out_of_moves():
            self.truncations = dict.fromkeys(self.agents, True)
            self.infos = {a: {} for a in self.agents}
        else:
            self._select_actor()
        self._accumulate_rewards()

    def _finish(self, rewards: list[float], illegal: str | None = None) -> None:
        self.rewards = {a: rewards[self._seat[a]] for a in self.agents}
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos = {a: ({"illegal": True} if a == illegal else {}) for a in self.agents}

    def _select_actor(self) -> None:
        seat = self.table.actor()
        assert seat is not None, "a game in play always has a seat to act"
        self.agent_selection = agent_name(seat)
        self.infos = {a: {} for a in self.agents}
        self.infos[self.agent_selection] = {"view": self.table.view(seat)}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        seat = self._seat.get(getattr(self, "agent_selection", ""), None)
        return self.table.render_text(seat)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""


class ParlorParallel(_Seats, ParallelEnv):  # type: ignore[misc]
    """One game as a PettingZoo parallel environment: each step takes the actions of the seats
    that must decide now (all of them in a simultaneous decision, one on an ordinary turn); the
    other agents' actions are ignored, as their all-zero masks say. Each decides on its own view
    alone. Rewards, illegal actions and infos as in `ParlorAEC`."""

    metadata = {"render_modes": ["ansi"], "name": "parlor"}

    def __init__(self, game: str | Game[Any], players: int, options: Any = None,
                 render_mode: str | None = None, reward: str = "rank",
                 observation_size: int | None = None, max_moves: int | None = None) -> None:
        super().__init__()
        self._seat_agents(game, players, options, render_mode, reward, observation_size, max_moves)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
        self.table.new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float],
                                                      dict[str, bool], dict[str, bool],
                                                      dict[str, dict[str, Any]]]:
        deciding = sorted(self.table.state.actors())
        rewards = dict.fromkeys(self.agents, 0.0)
        terminated = truncated = False
        infos = self._infos()
        for seat in deciding:
            agent = agent_name(seat)
            action = actions.get(agent)
            if action is None or not self.table.play(seat, int(action)):
                rewards = {a: r for a, r in zip(self.possible_agents,
                                                self.table.illegal_rewards(seat), strict=True)}
                infos = {a: ({"illegal": True} if a == agent else {}) for a in self.agents}
                terminated = True
                break
        if not terminated and self.table.over():
            rewards = dict(zip(self.possible_agents, self.table.final_rewards(), strict=True))
            infos = {a: {} for a in self.agents}
            terminated = True
        elif not terminated and self.table.out_of_moves():
            truncated = True
        observations = self._observations()
        if not (terminated or truncated):
            infos = self._infos()
        terminations = dict.fromkeys(self.agents, terminated)
        truncations = dict.fromkeys(self.agents, truncated)
        if terminated or truncated:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _observations(self) -> dict[str, Any]:
        return {a: self.table.observation(self._seat[a]) for a in self.possible_agents}

    def _infos(self) -> dict[str, dict[str, Any]]:
        actors = self.table.state.actors()
        return {a: ({"view": self.table.view(s)} if s in actors else {})
                for a, s in self._seat.items()}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.table.render_text(None)

    def close(self) -> None:
        """Nothing to release: the game lives in memory."""
