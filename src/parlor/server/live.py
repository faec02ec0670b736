"""A table in memory: its record, the position rebuilt from it, its seats and its connections.

The database holds the truth; a `LiveTable` is a cache of it that the hub keeps in step. Every
message built here goes through `State.view(seat)` and `Event.visible(seat)`: nothing else about
the position leaves the server while the game runs.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from starlette.websockets import WebSocket

from parlor.core import BadRecord, Event, Game, GameRecord, Move, ParlorError, State, get_game, replay

from .bots import DEFAULT_LEVEL
from .security import RateLimiter, token_matches
from .storage import FINISHED, OPEN, RUNNING, MoveRow, SeatRow, TableRow


class Conn:
    """One WebSocket client of one table: a seat (or None for a spectator) and how much of the
    log it already has. A writer task sends what `push_state` and `send` queue, newest state only."""

    def __init__(self, ws: WebSocket, seat: int | None, since: int, epoch: int | None,
                 limiter: RateLimiter, token: str | None = None) -> None:
        self.ws = ws
        self.seat = seat
        self.token = token          # kept to notice when the seat changes hands
        self.revoked = False
        self.log_index = since
        self.epoch = epoch
        self.limiter = limiter
        self.strikes = 0
        self.wake = asyncio.Event()
        self.dirty = False
        self.outbox: list[dict[str, Any]] = []
        self.closed = False
        self.writer: asyncio.Task[None] | None = None

    def push_state(self) -> None:
        self.dirty = True
        self.wake.set()

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.append(message)
        self.wake.set()


class LiveTable:
    def __init__(self, row: TableRow, seats: list[SeatRow], moves: list[MoveRow]) -> None:
        self.id = row.id
        self.row = row
        self.seats = seats
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.presence: dict[int, int] = {}
        now = time.time()
        self.last_seen: dict[int, float] = {s.seat: s.last_seen or now for s in seats}
        self.last_touch = 0.0
        self.waiting_since: dict[int, float] = {}
        self.timed_out: set[int] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.game: Game[Any] | None = None
        self.state: State | None = None
        self.history: list[list[Event]] = []
        self.by: list[str] = []
        self.problem: str | None = None
        self.record = GameRecord(row.game, row.rules_version, row.options, row.players, row.seed, [])
        self._views: dict[int | None, dict[str, Any]] = {}
        self.rebuild(moves)

    # -- position ----------------------------------------------------------------------------
    @property
    def index(self) -> int:
        return len(self.record.moves)

    @property
    def epoch(self) -> int:
        return self.row.epoch

    @property
    def status(self) -> str:
        return self.row.status

    def rebuild(self, moves: list[MoveRow]) -> None:
        """Replay the whole record; a record that does not replay is kept and reported."""
        row = self.row
        self.record = GameRecord(row.game, row.rules_version, row.options, row.players, row.seed,
                                 [(m.seat, m.move) for m in moves])
        self.by = [m.by for m in moves]
        self.problem = None
        try:
            self.game = get_game(row.game)
            self.state, self.history = replay(self.game, self.record)
        except ParlorError as err:
            self.state, self.history = None, []
            self.problem = str(err)
        self._after_change()

    def extend(self, moves: list[MoveRow]) -> None:
        """Play moves read back from the database (made by another process)."""
        for m in moves:
            if m.idx != self.index or self.state is None or self.game is None:
                continue
            try:
                events = self.state.play(m.seat, self.game.move_from_json(m.move))
            except ParlorError as err:
                self.problem = str(BadRecord(f"record move {m.idx} (seat {m.seat}): {err}"))
                break
            self.record.moves.append((m.seat, m.move))
            self.by.append(m.by)
            self.history.append(events)
            self._moved(m.seat)
        self._after_change()

    def apply(self, seat: int, move: Move, events: list[Event], after: State, by: str,
              result: dict[str, Any] | None) -> None:
        """Take a move already stored: `after` is the position it leads to."""
        self.record.add(seat, move)
        self.by.append(by)
        self.history.append(events)
        self.state = after
        self.row.move_count = self.index
        if result is not None:
            self.row.status = FINISHED
            self.row.result = result
        self._moved(seat)
        self._after_change()

    def _moved(self, seat: int) -> None:
        self.waiting_since.pop(seat, None)
        self.timed_out.discard(seat)

    def _after_change(self) -> None:
        self._views.clear()
        now = time.monotonic()
        actors = self.actors()
        for s in list(self.waiting_since):
            if s not in actors:
                del self.waiting_since[s]
        for s in actors:
            self.waiting_since.setdefault(s, now)
        self.timed_out &= set(actors)

    def forget_views(self) -> None:
        """Drop cached views (after a test changes the position in place)."""
        self._views.clear()

    def actors(self) -> tuple[int, ...]:
        if self.state is None or self.row.status != RUNNING:
            return ()
        return self.state.actors()

    # -- seats -------------------------------------------------------------------------------
    def holds_seat(self, conn: Conn) -> bool:
        """Whether `conn`'s token still opens its seat (it stops after leave or a hand-over)."""
        if conn.seat is None or conn.token is None:
            return True
        return token_matches(conn.token, self.seats[conn.seat].token_hash)

    def seat_for_token(self, token: str) -> int | None:
        """The seat this token opens, comparing with every seat's hash in constant time."""
        found: int | None = None
        for s in self.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        return found

    def set_seats(self, seats: list[SeatRow]) -> None:
        self.seats = seats
        for s in seats:
            if s.last_seen is not None:
                self.last_seen[s.seat] = max(self.last_seen.get(s.seat, 0.0), s.last_seen)
        self._views.clear()

    def bot_turn(self) -> tuple[int, str, str] | None:
        """(seat, level, why) of the first actor a bot must play now, if any."""
        for s in self.actors():
            seat = self.seats[s]
            if seat.kind == "bot":
                return s, seat.level or DEFAULT_LEVEL, "bot"
            if seat.kind == "open":
                return s, DEFAULT_LEVEL, "bot"
            if seat.away:
                return s, DEFAULT_LEVEL, "away"
            if s in self.timed_out:
                return s, DEFAULT_LEVEL, "clock"
        return None

    def seats_json(self) -> list[dict[str, Any]]:
        return [seat_json(s, self.row.status, s.seat in self.timed_out) for s in self.seats]

    # -- messages ----------------------------------------------------------------------------
    def _seat_part(self, seat: int | None) -> dict[str, Any]:
        part = self._views.get(seat)
        if part is None:
            if self.state is None:
                part = {"view": None, "legal": []}
            else:
                actors = self.actors()
                legal = self.state.legal_moves(seat) if seat is not None and seat in actors else []
                part = {"view": self.state.view(seat),
                        "legal": [{"move": m.to_json(), "text": str(m)} for m in legal]}
            self._views[seat] = part
        return part

    def log_entries(self, seat: int | None, start: int, end: int | None = None) -> list[dict[str, Any]]:
        end = min(self.index if end is None else end, len(self.history))
        return [{"index": i, **e.to_json()} for i in range(start, end) for e in self.history[i]
                if e.visible(seat)]

    def state_message(self, conn: Conn) -> dict[str, Any]:
        """What `conn`'s seat sees now, with the log entries it has not had yet."""
        reset = conn.epoch != self.epoch or conn.log_index > self.index
        start = 0 if reset else conn.log_index
        log = self.log_entries(conn.seat, start)
        conn.log_index, conn.epoch = self.index, self.epoch
        part = self._seat_part(conn.seat)
        return {
            "type": "state", "table": self.id, "status": self.row.status, "seat": conn.seat,
            "index": self.index, "epoch": self.epoch, "actors": list(self.actors()),
            "view": part["view"], "legal": part["legal"], "log": log, "log_from": start, "reset": reset,
            "seats": self.seats_json(), "result": self.row.result if self.row.status == FINISHED else None,
            "problem": self.problem,
        }

    def summary(self) -> dict[str, Any]:
        return table_summary(self.row, self.seats, self.problem, list(self.actors()))


def seat_json(s: SeatRow, status: str, timed_out: bool = False) -> dict[str, Any]:
    """Public facts about a seat (never its token hash)."""
    if s.kind == "open":
        playing = "bot" if status == RUNNING else "open"
    elif s.kind == "bot" or s.away or timed_out:
        playing = "bot"
    else:
        playing = "player"
    return {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "away": s.away,
            "playing": playing}


def table_summary(row: TableRow, seats: list[SeatRow], problem: str | None,
                  actors: list[int] | None) -> dict[str, Any]:
    """Public facts about a table; the seed stays secret until the game is over."""
    try:
        title = get_game(row.game).title
    except ParlorError:
        title = row.game
    return {
        "id": row.id, "game": row.game, "title": title, "players": row.players, "options": row.options,
        "status": row.status, "clock": row.clock, "index": row.move_count, "epoch": row.epoch,
        "seats": [seat_json(s, row.status) for s in seats], "actors": actors,
        "open_seats": [s.seat for s in seats if s.kind == "open"],
        "result": row.result if row.status == FINISHED else None, "problem": problem,
        "created_at": row.created_at, "updated_at": row.updated_at,
    }


def dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


__all__ = ["OPEN", "RUNNING", "FINISHED", "Conn", "LiveTable", "dumps", "seat_json", "table_summary"]
