"""A search's settings and budget: the defaults, and the settings a game asks for.

The settings themselves are plain values in `parlor.core.bot_settings`, where each game states
its own (`Game.bot_settings`); this module resolves what a bot asked for against the game it plays.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from parlor.core import Game
from parlor.core.bot_settings import DEFAULT_DEPTH, DEFAULT_EPSILON, DEFAULT_EXPLORATION, SearchSettings

from .bots import Budget

__all__ = ["DEADLINE_SHARE", "DEFAULT_BUDGET", "DEFAULT_DEPTH", "DEFAULT_EPSILON", "DEFAULT_EXPLORATION",
           "DEFAULT_SETTINGS", "SearchSettings", "settings_for"]

DEFAULT_BUDGET = Budget(seconds=1.0, iterations=1000)
DEFAULT_SETTINGS = SearchSettings()
DEADLINE_SHARE = 0.97  # stop starting iterations at this share of a time budget


def settings_for(settings: SearchSettings, game: Game[Any], players: int) -> SearchSettings:
    """The settings to search `game` at `players` seats with: the game's tuned ones when
    `settings.tuned`, its expert ones when `settings.expert` (both may differ at three players
    or more), else `settings` with the game's own depth when its depth is None."""
    if settings.expert:
        return game.bot_settings.expert_search(players)
    if settings.tuned:
        return game.bot_settings.tuned_for(players)
    if settings.depth is not None:
        return settings
    return replace(settings, depth=game.bot_settings.depth)
