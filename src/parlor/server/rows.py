"""The rows the server stores (tables, seats, moves, chat lines) as the code reads them, and reading
them back from the database without failing on a damaged column: a column that is not valid JSON is
read as empty and the damage is reported (`TableRow.damage`, `MoveRow.error`), so one broken table
cannot stop the server from starting or the lobby from listing the others."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

OPEN, RUNNING, FINISHED = "open", "running", "finished"


@dataclass
class TableRow:
    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    status: str
    clock: float | None
    move_count: int
    epoch: int
    result: dict[str, Any] | None
    problem: str | None
    created_at: float
    updated_at: float
    host_hash: str | None = None
    damage: str | None = None  # a column that could not be read (never stored)
    next_table: str | None = None  # the table that plays this finished one again, once asked for


@dataclass
class SeatRow:
    seat: int
    kind: str                 # open | human | bot
    level: str | None = None  # a bot seat's level, or the level of the bot a player handed over to
    name: str | None = None
    token_hash: str | None = None
    away: bool = False
    last_seen: float | None = None
    handed: bool = False      # the player asked a bot to play for them (and may take the seat back)
    live_at: float = 0.0      # when a process last said it holds a connection of this seat (0: none)


@dataclass
class MoveRow:
    idx: int
    seat: int
    move: Any                 # the move's JSON (None when the stored text is not JSON)
    by: str
    error: str | None = None  # why the stored move cannot be read


@dataclass(frozen=True)
class MoveWrite:
    """One move to append: the table, its index (the move count it expects), who made it, and the
    result when it ends the game."""
    table_id: str
    idx: int
    seat: int
    move: dict[str, Any]
    by: str
    result: dict[str, Any] | None = None


Loaded = tuple[TableRow, list[SeatRow], list[MoveRow]]  # a table, its seats and moves read together


@dataclass
class ChatRow:
    id: int
    at: float
    seat: int | None
    name: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "at": self.at, "seat": self.seat, "name": self.name, "text": self.text}


def _json_or_none(text: str | None) -> tuple[Any, bool]:
    """(value, readable) of a stored JSON column."""
    if not text:
        return None, True
    try:
        return json.loads(text), True
    except (ValueError, RecursionError):
        return None, False


def table_row(m: Any) -> TableRow:
    options, options_ok = _json_or_none(m["options"])
    result, result_ok = _json_or_none(m["result"])
    damage = None
    if not options_ok or not isinstance(options, dict):
        options, damage = {}, "the table's stored options are not a JSON object"
    elif not result_ok:
        damage = "the table's stored result is not valid JSON"
    return TableRow(m["id"], m["game"], m["rules_version"], options, m["players"], int(m["seed"]),
                    m["status"], m["clock"], m["move_count"], m["epoch"],
                    result if isinstance(result, dict) else None, m["problem"], m["created_at"],
                    m["updated_at"], m["host_hash"], damage, m["next_table"])


def seat_row(m: Any) -> SeatRow:
    return SeatRow(m["seat"], m["kind"], m["level"], m["name"], m["token_hash"], bool(m["away"]),
                   m["last_seen"], bool(m["handed"]), m["live_at"] or 0.0)


def move_row(m: Any) -> MoveRow:
    move, ok = _json_or_none(m["move"])
    error = None if ok and isinstance(move, dict) else f"record move {m['idx']} is not a JSON object"
    return MoveRow(m["idx"], m["seat"], move if error is None else None, m["by"], error)


def record_problem(row: TableRow, moves: list[MoveRow], since: int = 0) -> str | None:
    """What makes a stored record unreadable (a move that is not JSON, a missing move), if anything."""
    for expected, m in enumerate(moves, start=since):
        if m.idx != expected:
            return f"the record is missing move {expected}"
        if m.error is not None:
            return m.error
    if since + len(moves) != row.move_count:
        return f"the record holds {since + len(moves)} moves but the table counts {row.move_count}"
    return None
