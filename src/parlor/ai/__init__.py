"""Bots that play any registered game through the core protocol: random, greedy, ISMCTS, and the
difficulty levels built from them (see `parlor.ai.levels`)."""

from .bots import Bot, Budget, GreedyBot, RandomBot
from .ismcts import IsmctsBot, SearchInfo
from .levels import LEVELS, Level, known_specs, make_bot

__all__ = ["LEVELS", "Bot", "Budget", "GreedyBot", "IsmctsBot", "Level", "RandomBot", "SearchInfo",
           "known_specs", "make_bot"]
