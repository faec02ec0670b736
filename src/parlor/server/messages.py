"""The public shapes of seats, tables and log entries, built by whitelisting fields.

Besides the games' own events, the log holds one entry of the server's: `{"kind": "timed_out",
"seat": s, "data": {}}` just before the events of a move that a bot made because `s` ran out of
time (every seat and spectator sees it).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import orjson

from parlor.core import Event, Move, ParlorError, get_game

from .rows import FINISHED, RUNNING, SeatRow, TableRow

UPLOADED = "uploaded"  # how a summary shows an option that holds uploaded content
LEGAL_CACHE_SIZE = 20_000  # legal moves whose JSON is kept (a few MB); the cache starts over when full
_legal_entries: dict[Move, bytes] = {}


def seat_json(s: SeatRow, status: str, timed_out: bool = False, connected: bool = False) -> dict[str, Any]:
    """Public facts about a seat (never its token hash)."""
    if s.kind == "open":
        playing = "bot" if status == RUNNING else "open"
    elif s.kind == "bot" or s.away or s.handed or timed_out:
        playing = "bot"
    else:
        playing = "player"
    return {"seat": s.seat, "kind": s.kind, "level": s.level, "name": s.name, "away": s.away,
            "playing": playing, "connected": connected and s.kind == "human", "handed": s.handed,
            "timed_out": timed_out}


def public_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options as a summary shows them: an option holding uploaded content (a Star Road chart)
    is shown as "uploaded"; the full text stays in the record."""
    try:
        fields = dataclasses.fields(get_game(game_id).options_type)
        uploads = {f.name for f in fields if f.metadata.get("file")}
    except ParlorError:
        return dict(options)
    return {name: UPLOADED if name in uploads and value not in ("", "default") else value
            for name, value in options.items()}


def table_summary(row: TableRow, seats: list[SeatRow], problem: str | None, actors: list[int] | None,
                  host: bool = False, timed_out: set[int] | frozenset[int] = frozenset(),
                  connected: dict[int, bool] | None = None) -> dict[str, Any]:
    """Public facts about a table; the seed stays secret until the game is over, and who holds the
    host token is never said (`host` is true only for the request that presents it)."""
    try:
        title = get_game(row.game).title
    except ParlorError:
        title = row.game
    live = connected or {}
    return {
        "id": row.id, "game": row.game, "title": title, "players": row.players,
        "options": public_options(row.game, row.options),
        "status": row.status, "clock": row.clock, "index": row.move_count, "epoch": row.epoch,
        "seats": [seat_json(s, row.status, s.seat in timed_out, live.get(s.seat, False)) for s in seats],
        "actors": actors, "open_seats": [s.seat for s in seats if s.kind == "open"],
        "result": row.result if row.status == FINISHED else None, "problem": problem, "host": host,
        "next": row.next_table,
        "created_at": row.created_at, "updated_at": row.updated_at,
    }


def log_json(moves: list[tuple[int, Any]], by: list[str], history: list[list[Event]], seat: int | None,
             start: int, end: int, everything: bool = False, opening: Sequence[Event] = ()
             ) -> list[dict[str, Any]]:
    """The log entries of moves `start`..`end - 1` that `seat` may see (all of them with
    `everything`, for a finished game), with the server's time-out entries; from the start, first
    what the log tells before the first move (`opening`, index -1)."""
    out: list[dict[str, Any]] = []
    if start == 0:
        out.extend({"index": -1, **e.to_json()} for e in opening if everything or e.visible(seat))
    for i in range(start, end):
        if by[i] == "clock":
            out.append({"index": i, "kind": "timed_out", "seat": moves[i][0], "data": {}})
        out.extend({"index": i, **e.to_json()} for e in history[i] if everything or e.visible(seat))
    return out


def legal_json(moves: list[Move]) -> bytes:
    """The legal moves as a state message lists them, `[{"move": ..., "text": ...}, ...]`, in JSON.

    A move is a frozen value, so its entry is built once and kept: every state sent to a deciding
    seat lists its legal moves, and the same few moves come back position after position (a
    move's JSON and its text cost about three times a lookup)."""
    entries = _legal_entries
    parts = []
    for move in moves:
        try:
            entry = entries.get(move)
        except TypeError:  # a field holds something unhashable: built each time
            parts.append(dump_bytes({"move": move.to_json(), "text": str(move)}))
            continue
        if entry is None:
            if len(entries) >= LEGAL_CACHE_SIZE:
                entries.clear()
            entry = entries[move] = dump_bytes({"move": move.to_json(), "text": str(move)})
        parts.append(entry)
    return b"[" + b",".join(parts) + b"]"


def dumps(message: dict[str, Any]) -> str:
    """Compact JSON text (orjson: several times faster than the standard library on state messages;
    the standard library only for what orjson refuses, such as integers beyond 64 bits)."""
    return dump_bytes(message).decode()


def dump_bytes(message: Any) -> bytes:
    """Compact JSON as UTF-8 bytes, what a socket's frame carries (see `dumps`)."""
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()


__all__ = ["UPLOADED", "dump_bytes", "dumps", "legal_json", "log_json", "public_options", "seat_json",
           "table_summary"]
