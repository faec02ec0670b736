"""Learning environments: every registered game as a PettingZoo environment (turn by turn or
parallel) and as a Gymnasium environment against parlor's bots. Needs ``pip install 'parlor[rl]'``.

>>> import parlor.rl
>>> env = parlor.rl.env("opera", players=3)
>>> env.reset(seed=1)

See docs/rl.md for the action spaces, the observation encoding and the rewards.
"""

from __future__ import annotations

from typing import Any

from parlor.core import Game

from .actions import (
    ActionSpace,
    KindActions,
    NotInActionSpace,
    action_space,
    axis,
    joint,
    kind,
    register_actions,
)
from .aec import ParlorAEC, ParlorParallel
from .observations import encode, features
from .single import ParlorSingle


def env(game: str | Game[Any], players: int, options: Any = None,
        render_mode: str | None = None, **settings: Any) -> ParlorAEC:
    """A PettingZoo AEC environment for `game` (settings: reward, observation_size, max_moves)."""
    return ParlorAEC(game, players, options, render_mode=render_mode, **settings)


def parallel_env(game: str | Game[Any], players: int, options: Any = None,
                 render_mode: str | None = None, **settings: Any) -> ParlorParallel:
    """A PettingZoo parallel environment for `game`."""
    return ParlorParallel(game, players, options, render_mode=render_mode, **settings)


def single_env(game: str | Game[Any], players: int, options: Any = None, seat: int = 0,
               opponents: str = "random", render_mode: str | None = None,
               **settings: Any) -> ParlorSingle:
    """A Gymnasium environment: `seat` learns against `opponents` bots."""
    return ParlorSingle(game, players, options, seat=seat, opponents=opponents,
                        render_mode=render_mode, **settings)


__all__ = ["ActionSpace", "KindActions", "NotInActionSpace", "ParlorAEC", "ParlorParallel",
           "ParlorSingle", "action_space", "axis", "encode", "env", "features", "joint", "kind",
           "parallel_env", "register_actions", "single_env"]
