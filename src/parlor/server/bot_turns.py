"""Bot turns: a task per table that plays while a bot must decide (a bot's seat, an open seat of a
running game, a seat whose player is away, handed over or out of time). Thinking happens on the
bot threads (`bots.BotRunner`); with several processes one claims each decision through Redis."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from parlor.core import NotYourTurn, StaleIndex

from .bots import BotRunner
from .live import LiveTable
from .moves import submit

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("parlor.server")


class BotTurns:
    """Starts a table's bot task when a bot must decide; `runner` does the thinking."""

    def __init__(self, hub: Hub, runner: BotRunner) -> None:
        self.hub = hub
        self.runner = runner

    def kick(self, table: LiveTable) -> None:
        """Make sure a bot task runs if a bot must decide for this table."""
        if table.bot_turn() is None:
            return
        if table.bot_task is None or table.bot_task.done():
            table.bot_task = asyncio.create_task(self._play(table), name=f"parlor-bots-{table.id}")

    async def _play(self, table: LiveTable) -> None:
        hub = self.hub
        delay = hub.settings.bot_delay
        while True:
            turn = table.bot_turn()
            if turn is None or table.state is None or table.game is None:
                return
            seat, level, why = turn
            index, epoch = table.index, table.epoch
            if delay > 0:
                await asyncio.sleep(delay)
                if (table.index, table.epoch) != (index, epoch) or table.bot_turn() != turn:
                    continue
            if hub.fanout is not None and not await hub.fanout.claim(f"{table.id}:{epoch}:{index}:{seat}"):
                return  # another process thinks for this decision; its move will reach us
            if table.state is None or (table.index, table.epoch) != (index, epoch):
                continue
            try:
                move = await self.runner.choose(table.game, table.state, seat, level, table.row.seed, index)
                await submit(hub, table, seat, index, move, why, epoch)
            except (StaleIndex, NotYourTurn):
                continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot %s for table %s seat %d failed at move %d", level, table.id, seat, index)
                return

    def close(self) -> None:
        self.runner.close()


__all__ = ["BotTurns"]
