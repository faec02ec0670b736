"""Opening a table: its options checked, its opening position set up, its record created.

A game's setup runs engine code on options that strangers send, so the first setup of a game with
given options (and player count) runs in a worker process bounded in time and memory (`work.py`),
which also times it. Options whose setup took under `FAST_SETUP` there are set up on a thread from
then on: every game's setup of its usual options takes well under a millisecond (docs/server.md),
less than handing the position back from a worker costs. Options that were slow, or that the setup
refused, stay in the worker. Options the setup refuses, or that make it too slow or too large,
refuse the table with the reason.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import orjson

from parlor.core import BadOptions, ParlorError, State, get_game, options_to_json

from . import jobs
from .bots import check_level
from .live import LiveTable
from .rows import OPEN, RUNNING, SeatRow, TableRow
from .security import hash_token, new_token
from .work import WorkFailed

if TYPE_CHECKING:
    from .hub import Hub
    from .settings import Settings

FAST_SETUP = 0.005   # seconds: a setup measured faster than this in a worker may run on a thread
REMEMBERED = 1024    # option sets whose setup time is kept


class TableSetup:
    """Creates tables; remembers which option sets set up fast enough for a thread."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self._fast: OrderedDict[bytes, bool] = OrderedDict()

    async def create(self, game_id: str, players: int, options: dict[str, Any],
                     seats: list[tuple[str, str]], clock: float | None) -> tuple[LiveTable, str]:
        """A new table and its host token (shown once); `seats` lists (kind, level) with kind `open`
        or `bot`. The table is stored before this returns."""
        hub, settings = self.hub, self.hub.settings
        game = get_game(game_id)
        made = options_to_json(game.make_options(options))
        if len(seats) != players:
            raise BadOptions(f"the table has {players} seats but {len(seats)} were described",
                             reason="seat_count", n=players, count=len(seats))
        for kind, level in seats:
            if kind == "bot":
                check_level(level)
        if clock is not None and not settings.min_clock <= clock <= settings.max_clock:
            raise BadOptions(f"clock must be between {settings.min_clock:g} and "
                             f"{settings.max_clock:g} seconds per decision", reason="clock_range",
                             min=_whole(settings.min_clock), max=_whole(settings.max_clock),
                             value=_whole(clock))
        seed = secrets.randbits(62)
        state = await self.set_up(game.id, players, seed, made)
        now = time.time()
        host = new_token()
        status = RUNNING if all(kind == "bot" for kind, _ in seats) else OPEN
        row = TableRow(owned_table_id(settings), game.id, game.rules_version, made, players, seed, status,
                       clock, 0, 0, None, None, now, now, hash_token(host))
        rows = [SeatRow(i, kind, level if kind == "bot" else None, last_seen=now)
                for i, (kind, level) in enumerate(seats)]
        await hub.db(hub.storage.create_table, row, rows)
        table = LiveTable(row, rows)
        table.install(jobs.Replayed(state, opening=game.opening_events(state)), [])
        hub.tables[row.id] = table
        hub.bots.kick(table)
        return table, host

    async def set_up(self, game_id: str, players: int, seed: int, options: dict[str, Any]) -> State:
        """The opening position: on a thread for options measured fast, else in a worker (timed).
        :raises BadOptions: the setup refuses the options, or runs out of time or memory."""
        key = _key(game_id, players, options)
        if self._fast.get(key, False):
            self._fast.move_to_end(key)
            try:
                return await asyncio.to_thread(jobs.prepare, game_id, players, seed, options)
            except ParlorError:
                raise
            except Exception as err:  # an engine bug: refused as the worker refuses it
                raise BadOptions(f"these options cannot be set up: the work failed: {type(err).__name__}: "
                                 f"{err}", reason="setup_failed") from None
        try:
            state, seconds = await self.hub.work.run(jobs.prepare_timed, game_id, players, seed, options)
        except WorkFailed as err:
            self._remember(key, False)
            raise BadOptions(f"these options cannot be set up: {err}", reason="setup_failed") from None
        except ParlorError:
            self._remember(key, False)
            raise
        self._remember(key, seconds < FAST_SETUP)
        return state

    def _remember(self, key: bytes, fast: bool) -> None:
        self._fast[key] = fast
        self._fast.move_to_end(key)
        while len(self._fast) > REMEMBERED:
            self._fast.popitem(last=False)


def _whole(seconds: float) -> float | int:
    """A number of seconds as a player writes it: 5, not 5.0."""
    return int(seconds) if float(seconds).is_integer() else seconds


def _key(game_id: str, players: int, options: dict[str, Any]) -> bytes:
    """A short key for one option set (an uploaded chart is long)."""
    return hashlib.sha256(orjson.dumps([game_id, players, options], option=orjson.OPT_SORT_KEYS)).digest()


__all__ = ["FAST_SETUP", "TableSetup"]


def owned_table_id(settings: Settings) -> str:
    """A new table id that this process owns among `parlor serve`'s workers (any id with one): a
    table is made by whichever worker took the request, and its seats' requests and sockets are
    routed by id, so the id is drawn until they come back here (two draws on average for two)."""
    while True:
        table_id = secrets.token_urlsafe(9)
        if settings.owns(table_id):
            return table_id
