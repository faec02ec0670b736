"""A table in memory: its record, the position rebuilt from it, its seats and its connections.

The database holds the truth; a `LiveTable` is a cache of it that the hub keeps in step. Every
message built here goes through `State.view(seat)` and `Event.visible(seat)`: nothing else about
the position leaves the server while the game runs.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import orjson
from starlette.websockets import WebSocket

from parlor.ai.hints import Hint
from parlor.core import BadRecord, Event, Game, GameRecord, ParlorError, State, get_game

from .bots import DEFAULT_LEVEL
from .deltas import delta_if_smaller
from .jobs import Replayed, move_problem, rng_state
from .messages import dump_bytes, legal_json, log_json, seat_json, table_summary
from .rows import FINISHED, OPEN, RUNNING, ChatRow, MoveRow, SeatRow, TableRow
from .security import RateLimiter, hash_matches, hash_token, token_matches
from .sockets import FrameWriter, frame_writer

UNDO_DEPTH = 8  # positions kept in memory so that undo needs no replay


class Conn:
    """One WebSocket client of one table: a seat (or None for a spectator) and how much of the
    log it already has. A writer task sends what `push_state` and `send` queue, newest state only."""

    def __init__(self, ws: WebSocket, seat: int | None, since: int, epoch: int | None,
                 limiter: RateLimiter, chat_limiter: RateLimiter, token: str | None = None,
                 address: str = "?", deltas: bool = False) -> None:
        self.ws = ws
        self.seat = seat
        self.token = token          # kept to notice when the seat changes hands
        # its hash, compared with the seat's on every change (hashed once, not once per change)
        self.token_hash = hash_token(token) if token is not None else None
        self.address = address
        self.revoked = False
        self.log_index = since
        self.epoch = epoch
        self.limiter = limiter
        self.chat_limiter = chat_limiter
        self.strikes = 0
        self.wake = asyncio.Event()
        self.dirty = False
        self.outbox: list[dict[str, Any]] = []
        self.closed = False
        self.ending = False         # close the socket once the queued messages are sent
        self.writer: asyncio.Task[None] | None = None
        self.deltas = deltas        # the client applies `view_delta` (deltas.py) to its last view
        self.sent_view: Any = None  # the view this connection received last
        self.frames: FrameWriter | None = frame_writer(getattr(ws, "scope", {}))  # under `parlor serve`
        self.sending = False        # the writer task is sending (nothing else may write meanwhile)
        self.greeting = False       # the writer's next write adds the recent chat after the state

    def end(self, message: dict[str, Any]) -> None:
        """Send `message`, then close the connection."""
        self.outbox.append(message)
        self.ending = True
        self.wake.set()

    def push_state(self) -> None:
        self.dirty = True
        self.wake.set()

    def send(self, message: dict[str, Any]) -> None:
        self.outbox.append(message)
        self.wake.set()


class LiveTable:
    def __init__(self, row: TableRow, seats: list[SeatRow]) -> None:
        self.id = row.id
        self.row = row
        self.seats = seats
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.presence: dict[int, int] = {}
        now = time.time()
        self.last_seen: dict[int, float] = {s.seat: s.last_seen or now for s in seats}
        self.live_at: dict[int, float] = {s.seat: s.live_at for s in seats}
        self.last_touch = 0.0
        self.active_at = time.monotonic()   # last connection or change: idle tables leave memory
        self.asked_at = time.monotonic()    # last request of this process for it (table_sync.py)
        self.waiting_since: dict[int, float] = {}  # wall-clock start of each actor's decision
        self.timed_out: set[int] = set()
        self.bot_task: asyncio.Task[None] | None = None
        self.hint: tuple[tuple[int, int, int], asyncio.Future[Hint]] | None = None  # hints.py
        self.past_hint: tuple[tuple[Any, ...], asyncio.Future[dict[str, Any]]] | None = None  # hints.py
        self.game: Game[Any] | None = None
        self.state: State | None = None
        self.history: list[list[Event]] = []
        self.opening: list[Event] = []     # what the log tells before the first move (Game.opening_events)
        self.chance: list[bool] = []
        self.by: list[str] = []
        self.previous: list[State] = []    # the positions before the last few moves, oldest first
        self.problem: str | None = None
        self.chat_lines: list[ChatRow] = []  # the last chat lines, oldest first (chat.py keeps them)
        self.record = GameRecord(row.game, row.rules_version, row.options, row.players, row.seed, [])
        # what the state messages of this position share: per seat (None: spectators) its view, legal
        # moves and log entries; and the seat list by who is connected. Dropped on every change.
        self._views: dict[int | None, dict[str, Any]] = {}
        self._seat_lists: dict[tuple[bool, ...], orjson.Fragment] = {}
        # who acts in this position, asked several times per move (each seat's message, its legal
        # moves, the clock, the bots): found once per position and status
        self._actors: tuple[State | None, str, tuple[int, ...]] = (None, "", ())

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

    def install(self, replayed: Replayed | None, moves: list[MoveRow], problem: str | None = None) -> None:
        """Take a replayed record (`replayed` None: `problem` says why there is no position)."""
        row = self.row
        self.record = GameRecord(row.game, row.rules_version, row.options, row.players, row.seed,
                                 [(m.seat, m.move) for m in moves])
        self.by = [m.by for m in moves]
        self.previous = []
        try:
            self.game = get_game(row.game)
        except ParlorError as err:
            self.game, problem = None, problem or str(err)
        if replayed is None or replayed.state is None or problem:
            self.state, self.history, self.chance, self.opening = None, [], [], []
            self.problem = problem or (replayed.problem if replayed is not None else None) \
                or "the record does not replay"
        else:
            self.state, self.history, self.chance = replayed.state, replayed.history, replayed.chance
            self.opening = replayed.opening
            self.problem = None
        self._after_change()

    def extend(self, moves: list[MoveRow]) -> None:
        """Play moves read back from the database (made by another process)."""
        for m in moves:
            if m.idx != self.index or self.state is None or self.game is None:
                continue
            before = self.state
            after = before.clone()
            try:
                if m.error is not None:
                    raise BadRecord(m.error)
                events = after.play(m.seat, self.game.move_from_json(m.move))
            except ParlorError as err:
                self.problem = m.error or move_problem(m.idx, m.seat, err)
                self.state = None
                break
            self._push(m.seat, m.move, m.by, events, before, after)
        self._after_change()

    def apply(self, seat: int, move: dict[str, Any], events: list[Event], before: State, after: State,
              by: str, result: dict[str, Any] | None) -> None:
        """Take a move already stored (`move`: its JSON): `after` is the position it leads to from
        `before`."""
        self._push(seat, move, by, events, before, after)
        self.row.move_count = self.index
        if result is not None:
            self.row.status = FINISHED
            self.row.result = result
        self._after_change()

    def _push(self, seat: int, move: dict[str, Any], by: str, events: list[Event], before: State,
              after: State) -> None:
        self.record.moves.append((seat, move))
        self.by.append(by)
        self.history.append(events)
        self.chance.append(rng_state(before) != rng_state(after))
        self.previous = [*self.previous[-(UNDO_DEPTH - 1):], before]
        self.state = after
        self.waiting_since.pop(seat, None)
        self.timed_out.discard(seat)

    def take_back(self) -> bool:
        """Drop the last move using the position kept before it; False when none is kept (the hub
        then replays the shorter record)."""
        if not self.previous or not self.record.moves:
            return False
        self.state = self.previous.pop()
        self.record.moves.pop()
        self.by.pop()
        self.history.pop()
        self.chance.pop()
        self.row.move_count = self.index
        self._after_change()
        return True

    def _after_change(self) -> None:
        self.forget_views()
        self.active_at = time.monotonic()
        now = time.time()
        actors = self.actors()
        for s in list(self.waiting_since):
            if s not in actors:
                del self.waiting_since[s]
        for s in actors:
            self.waiting_since.setdefault(s, now)
        self.timed_out &= set(actors)

    def forget_views(self) -> None:
        """Drop cached views (after a seat or a test changes what they show)."""
        self._views.clear()
        self._seat_lists.clear()
        self._actors = (None, "", ())

    def actors(self) -> tuple[int, ...]:
        state, status = self.state, self.row.status
        if state is None or status != RUNNING:
            return ()
        known, known_status, actors = self._actors
        if known is not state or known_status != status:
            actors = state.actors()
            self._actors = (state, status, actors)
        return actors

    # -- undo --------------------------------------------------------------------------------
    def undo_refusal(self, seat: int) -> str | None:
        """Why `seat` may not take back the last move now (BGA's rule), or None when it may: the
        last move must be this seat's own, played by its player (not a bot standing in, not a
        time-out), and it must have revealed nothing and drawn on no chance."""
        if self.row.status != RUNNING or self.problem or self.state is None:
            return "only a running game can take moves back"
        if not self.record.moves:
            return "no move has been played yet"
        last = self.index - 1
        mover = self.record.moves[last][0]
        if mover != seat:
            return f"{self.seat_label(mover)} has moved since; undo never takes back another seat's move"
        if self.by[last] != "player":
            return "your last move was made for you by a bot (a time-out, an absence or a hand-over)"
        if any(e.reveal for e in self.history[last]):
            return "your last move revealed hidden information"
        if self.chance[last]:
            return "your last move drew on chance (a shuffle, a draw or a roll)"
        return None

    def seat_label(self, seat: int) -> str:
        s = self.seats[seat]
        if s.kind == "human" and s.name:
            return s.name
        return "a bot" if s.kind == "bot" else "an open seat's bot"

    # -- seats -------------------------------------------------------------------------------
    def holds_seat(self, conn: Conn) -> bool:
        """Whether `conn`'s token still opens its seat (it stops after leave or a hand-over)."""
        if conn.seat is None or conn.token_hash is None:
            return True
        return hash_matches(conn.token_hash, self.seats[conn.seat].token_hash)

    def seat_for_token(self, token: str) -> int | None:
        """The seat this token opens, comparing with every seat's hash in constant time."""
        found: int | None = None
        for s in self.seats:
            if token_matches(token, s.token_hash):
                found = s.seat
        return found

    def is_host(self, token: str | None) -> bool:
        return token is not None and token_matches(token, self.row.host_hash)

    def set_seats(self, seats: list[SeatRow]) -> None:
        self.seats = seats
        for s in seats:
            if s.last_seen is not None:
                self.last_seen[s.seat] = max(self.last_seen.get(s.seat, 0.0), s.last_seen)
            self.live_at[s.seat] = s.live_at
        self.forget_views()

    def connected(self, seat: int, heartbeat: float) -> bool:
        """Best effort across processes: a live connection here, or another process's recent
        heartbeat for the seat (cleared when a process's last connection of the seat closes)."""
        if self.presence.get(seat, 0) > 0:
            return True
        return time.time() - self.live_at.get(seat, 0.0) < 2 * heartbeat

    def bot_turn(self) -> tuple[int, str, str] | None:
        """(seat, level, why) of the first actor a bot must play now, if any."""
        for s in self.actors():
            seat = self.seats[s]
            if seat.kind == "bot":
                return s, seat.level or DEFAULT_LEVEL, "bot"
            if seat.kind == "open":
                return s, DEFAULT_LEVEL, "bot"
            if seat.handed:
                return s, seat.level or DEFAULT_LEVEL, "handed"
            if seat.away:
                return s, DEFAULT_LEVEL, "away"
            if s in self.timed_out:
                return s, DEFAULT_LEVEL, "clock"
        return None

    def plays_for_itself(self, seat: int) -> bool:
        """Whether the seat's player decides now (not a bot standing in for them)."""
        s = self.seats[seat]
        return s.kind == "human" and not s.handed

    def clock_json(self) -> dict[str, Any] | None:
        """The clock: seconds per decision, and the deadline of every player on the clock now."""
        if not self.row.clock:
            return None
        deadlines = {str(s): self.waiting_since[s] + self.row.clock for s in self.actors()
                     if s in self.waiting_since and self.on_the_clock(s)}
        return {"limit": self.row.clock, "deadlines": deadlines}

    def on_the_clock(self, seat: int) -> bool:
        """A player deciding for themself, whose time has not run out."""
        s = self.seats[seat]
        return s.kind == "human" and not s.away and not s.handed and seat not in self.timed_out

    # -- messages ----------------------------------------------------------------------------
    def _seat_part(self, seat: int | None) -> dict[str, Any]:
        """What every connection of `seat` is sent for this position, built once: the view (and
        its JSON), the legal moves (JSON), whether it may undo, and its log entries by start."""
        part = self._views.get(seat)
        if part is None:
            if self.state is None:
                view, legal = None, b"[]"
            else:
                deciding = seat is not None and seat in self.actors() and self.plays_for_itself(seat)
                moves = self.state.legal_moves(seat) if deciding and seat is not None else []
                view, legal = self.state.view(seat), legal_json(moves)
            view_json = dump_bytes(view)
            part = {"view": view, "view_json": orjson.Fragment(view_json), "size": len(view_json),
                    "legal": orjson.Fragment(legal),
                    "can_undo": seat is not None and self.undo_refusal(seat) is None, "logs": {}}
            self._views[seat] = part
        return part

    def _view_size(self, seat: int | None) -> int:
        """Bytes of the seat's view as JSON (measured once per position, for deltas)."""
        return int(self._seat_part(seat)["size"])

    def log_entries(self, seat: int | None, start: int, end: int | None = None,
                    everything: bool = False) -> list[dict[str, Any]]:
        """The log of moves `start`..`end - 1` that `seat` may see (`everything`: once over)."""
        end = min(self.index if end is None else end, len(self.history))
        return log_json(self.record.moves, self.by, self.history, seat, start, end, everything, self.opening)

    def _log_since(self, seat: int | None, start: int) -> orjson.Fragment:
        """The seat's log entries from move `start` on, as JSON (shared by its connections)."""
        logs: dict[int, orjson.Fragment] = self._seat_part(seat)["logs"]
        entries = logs.get(start)
        if entries is None:
            entries = logs[start] = orjson.Fragment(dump_bytes(self.log_entries(seat, start)))
        return entries

    def _seat_list(self, heartbeat: float) -> orjson.Fragment:
        """The seats as JSON, built once per position and set of connected seats."""
        connected = tuple(self.connected(s.seat, heartbeat) for s in self.seats)
        seats = self._seat_lists.get(connected)
        if seats is None:
            seats = self._seat_lists[connected] = orjson.Fragment(dump_bytes([
                seat_json(s, self.row.status, s.seat in self.timed_out, live)
                for s, live in zip(self.seats, connected, strict=True)]))
        return seats

    def state_message(self, conn: Conn, heartbeat: float) -> dict[str, Any]:
        """What `conn`'s seat sees now, with the log entries it has not had yet. The parts every
        connection of a seat shares (view, legal moves, log, seats) are JSON built once
        (`orjson.Fragment`): a table's spectators share one of each."""
        reset = conn.epoch != self.epoch or conn.log_index > self.index
        start = 0 if reset else conn.log_index
        log = self._log_since(conn.seat, start)
        conn.log_index, conn.epoch = self.index, self.epoch
        part = self._seat_part(conn.seat)
        view: dict[str, Any] = {"view": part["view_json"]}
        if conn.deltas:
            delta = None
            if not reset and conn.sent_view is not None and part["view"] is not None:
                delta = delta_if_smaller(conn.sent_view, part["view"], self._view_size(conn.seat))
            if delta is not None:
                view = {"view_delta": delta}
            conn.sent_view = part["view"]
        return {
            "type": "state", "table": self.id, "status": self.row.status, "seat": conn.seat,
            "index": self.index, "epoch": self.epoch, "actors": list(self.actors()),
            **view, "legal": part["legal"], "log": log, "log_from": start, "reset": reset,
            "seats": self._seat_list(heartbeat),
            "result": self.row.result if self.row.status == FINISHED else None,
            "problem": self.problem, "now": time.time(), "clock": self.clock_json(),
            "can_undo": part["can_undo"], "next": self.row.next_table,
        }

    def summary(self, heartbeat: float, host: bool = False) -> dict[str, Any]:
        return table_summary(self.row, self.seats, self.problem, list(self.actors()), host,
                             self.timed_out, {s.seat: self.connected(s.seat, heartbeat) for s in self.seats})


__all__ = ["OPEN", "RUNNING", "FINISHED", "Conn", "LiveTable", "UNDO_DEPTH"]
