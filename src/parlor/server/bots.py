"""Server-side bots: which bot plays each level, and thinking off the event loop.

Levels are strings: the difficulty levels of `parlor.ai.levels` (easy, medium, hard, expert) plus
`random`. A bot's random choices come from a generator derived from the table's seed, the move
index and the seat. The server's thinking budget (`Settings.bot_seconds`) caps each level's own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from parlor.ai import levels as ai_levels
from parlor.ai.bots import Bot, Budget
from parlor.ai.hints import Hint, suggest
from parlor.core import BadOptions, Game, Move, Rng, State, derive_seed

# level -> factory; tests may add a level here
LEVELS: dict[str, Callable[[], Bot]] = {
    **{name: partial(ai_levels.make_bot, name) for name in ai_levels.LEVELS},
    "random": partial(ai_levels.make_bot, "random"),
}
DESCRIPTIONS: dict[str, str] = {
    **{name: level.description for name, level in ai_levels.LEVELS.items()},
    "random": "plays any legal move at random",
}
DEFAULT_LEVEL = "easy"


def check_level(level: str) -> str:
    """:raises BadOptions: for a level no bot plays."""
    if level not in LEVELS:
        raise BadOptions(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})",
                         reason="unknown_bot", bot=level, known=", ".join(LEVELS))
    return level


class BotRunner:
    """Runs bot decisions on worker threads so the event loop keeps serving players."""

    def __init__(self, threads: int, seconds: float) -> None:
        self.executor = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="parlor-bot")
        self.budget = Budget(seconds=seconds)
        self._bots: dict[str, Bot] = {}

    def bot(self, level: str) -> Bot:
        bot = self._bots.get(level)
        if bot is None:
            bot = LEVELS[check_level(level)]()
            self._bots[level] = bot
        return bot

    async def choose(self, game: Game[Any], state: State, seat: int, level: str, seed: int,
                     index: int) -> Move:
        """The bot's move for `seat` at move `index`; `state` is copied before the thread sees it."""
        rng = Rng(derive_seed(seed, "bot", index, seat))
        position = state.clone()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, partial(self.bot(level).choose, game, position, seat, rng, self.budget))

    async def suggest(self, game: Game[Any], state: State, seat: int, level: str, seed: int,
                      index: int) -> Hint:
        """What the bot would play for `seat` knowing only what that seat knows (`ai.hints.suggest`),
        with how its search weighed the seat's choices; `state` is copied before the thread sees it."""
        rng = Rng(derive_seed(seed, "hint", index, seat))
        position = state.clone()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.executor, partial(suggest, self.own_bot(level), game, position, seat, rng, self.budget))

    def own_bot(self, level: str) -> Bot:
        """A new bot of `level` for one caller alone: a hint reads its search's statistics after it
        chose, which a bot shared with the tables' threads could have replaced with theirs."""
        return LEVELS[check_level(level)]()

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
