"""Game records: setup facts plus the list of moves. Replaying one rebuilds the game exactly."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import BadMove, BadOptions, BadRecord, IllegalMove, NotYourTurn, UndoRefused
from .events import Event
from .files import NotUtf8, read_utf8
from .game import Game, State
from .moves import Move
from .options import options_to_json

FORMAT = 1
_ENCODER = json.JSONEncoder(ensure_ascii=False)


@dataclass
class GameRecord:
    """Everything needed to rebuild a game: `setup(players, seed, options)` then `moves` in order."""

    game: str
    rules_version: str
    options: dict[str, Any]
    players: int
    seed: int
    moves: list[tuple[int, dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game[Any], players: int, seed: int, options: Any = None) -> GameRecord:
        opts = options_to_json(game.make_options(options))
        return cls(game.id, game.rules_version, opts, players, seed, [])

    def add(self, seat: int, move: Move) -> None:
        self.moves.append((seat, move.to_json()))

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "players": self.players,
            "seed": self.seed,
            "moves": [{"seat": seat, "move": move} for seat, move in self.moves],
        }

    def dumps(self) -> str:
        """The record as JSON text: the setup facts one a line, then one line per move. (With
        `indent` the json module encodes in Python, a fifth of a long game's replay check, and
        spread every move over six lines.)"""
        data = self.to_json()
        moves = data.pop("moves")
        encode = _ENCODER.encode
        lines = [f" {encode(key)}: {encode(value)}," for key, value in data.items()]
        if moves:
            lines.append(' "moves": [\n  ' + ",\n  ".join(map(encode, moves)) + "\n ]")
        else:
            lines.append(' "moves": []')
        return "{\n" + "\n".join(lines) + "\n}"

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Read a record, checking its shape; :raises BadRecord: naming the field at fault."""
        if not isinstance(data, dict):
            raise BadRecord("a record must be a JSON object")
        if data.get("format") != FORMAT:
            raise BadRecord(f"record format {data.get('format')!r} is not supported (expected {FORMAT})")
        checks = {"game": str, "rules_version": str, "options": dict, "players": int, "seed": int,
                  "moves": list}
        for name, tp in checks.items():
            if not isinstance(data.get(name), tp) or isinstance(data.get(name), bool):
                raise BadRecord(f"record field '{name}' is missing or not {tp.__name__}")
        moves: list[tuple[int, dict[str, Any]]] = []
        for i, entry in enumerate(data["moves"]):
            ok = isinstance(entry, dict) and isinstance(entry.get("seat"), int) \
                and isinstance(entry.get("move"), dict)
            if not ok:
                raise BadRecord(f"record move {i} must be {{\"seat\": int, \"move\": {{...}}}}")
            moves.append((entry["seat"], entry["move"]))
        return cls(data["game"], data["rules_version"], data["options"], data["players"],
                   data["seed"], moves)

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            return cls.from_json(json.loads(text))
        except json.JSONDecodeError as err:
            raise BadRecord(f"not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        text = read_record_text(path)
        try:
            return cls.loads(text)
        except BadRecord as err:
            raise BadRecord(f"{path}: {err}") from None

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")


def replay(game: Game[Any], record: GameRecord, upto: int | None = None
           ) -> tuple[State, list[list[Event]]]:
    """Rebuild the position after the first `upto` moves (all by default).

    Returns the state and, for each move, the events it produced.
    :raises BadRecord: the record is for another game or version, or a move does not replay.
    """
    if record.game != game.id:
        raise BadRecord(f"record is for game '{record.game}', not '{game.id}'")
    if record.rules_version != game.rules_version:
        raise BadRecord(f"record uses {game.id} rules version {record.rules_version}, "
                        f"this parlor plays version {game.rules_version}")
    try:
        state = game.setup(record.players, record.seed, record.options)
    except BadOptions as err:
        raise BadRecord(f"record setup: {err}") from None
    history: list[list[Event]] = []
    for i, (seat, data) in enumerate(record.moves[:upto]):
        try:
            history.append(state.play(seat, game.move_from_json(data)))
        except (BadMove, IllegalMove, NotYourTurn) as err:
            raise BadRecord(f"record move {i} (seat {seat}): {err}") from None
    return state, history


def undo(game: Game[Any], record: GameRecord, count: int = 1) -> GameRecord:
    """The record without its last `count` moves.

    :raises UndoRefused: one of those moves revealed hidden information (a card drawn, bids
        opened, dice rolled): taking it back would let a player choose again knowing it.
    """
    if not 1 <= count <= len(record.moves):
        raise UndoRefused(f"cannot undo {count} move(s) of a record with {len(record.moves)}")
    _, history = replay(game, record)
    keep = len(record.moves) - count
    for i in range(keep, len(history)):
        if any(e.reveal for e in history[i]):
            raise UndoRefused(f"move {i} revealed hidden information; it cannot be taken back")
    return GameRecord(record.game, record.rules_version, dict(record.options), record.players,
                      record.seed, list(record.moves[:keep]))


def read_record_text(path: str | Path) -> str:
    """A record file's text. :raises BadRecord: missing, unreadable or not UTF-8, in one line naming it."""
    try:
        return read_utf8(path)
    except FileNotFoundError:
        raise BadRecord(f"{path}: No such file or directory", reason="no_file", path=str(path)) from None
    except OSError as err:
        raise BadRecord(f"{path}: {err.strerror}", reason="unreadable_file", path=str(path)) from None
    except NotUtf8 as err:
        raise BadRecord(f"{path}: {err}", reason="not_utf8", path=str(path), byte=err.byte,
                        line=err.line) from None
