"""Games saved by the terminal: one JSON file per game in the user's data folder, rewritten after every
move, so closing the terminal loses nothing and `parlor play --resume` continues the same position.

A save is a game record (`parlor replay` reads it) plus a `terminal` table: who the player is, the bots
and the language. The folder follows the XDG convention: `$XDG_DATA_HOME/parlor/saves`, by default
`~/.local/share/parlor/saves`.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlor.core import BadRecord, GameRecord, ParlorError, get_game, replay
from parlor.core.record import read_record_text


def save_folder() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "parlor" / "saves"


@dataclass
class SavedGame:
    """A game being played in the terminal and where it is kept."""

    record: GameRecord
    path: Path
    seat: int
    bot: str
    lang: str
    name: str
    over: bool = False
    from_terminal: bool = True  # False: a record written elsewhere (the server, a simulation)
    # a finished game's ranks and winners (`Result`), kept so that a list of saves need not replay it
    result: dict[str, list[int]] | None = None
    # the players' names a record from elsewhere carries (a game downloaded from the online table)
    names: list[str] | None = None

    def write(self) -> None:
        """Write the save whole or not at all (a new file renamed over the old one), so a terminal
        closed in the middle of a write leaves the previous move's save intact."""
        data: dict[str, Any] = self.record.to_json()
        data["terminal"] = {"seat": self.seat, "bot": self.bot, "lang": self.lang, "name": self.name,
                            "over": self.over}
        if self.result is not None:
            data["terminal"]["result"] = self.result
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".partial")
        partial.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        os.replace(partial, self.path)


def new_save_path(game_id: str) -> Path:
    folder = save_folder()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}.json"
    number = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{number}.json"
        number += 1
    return path


def load_saved(path: Path) -> SavedGame:
    """A saved game (or a plain record, played from its first seat).

    :raises BadRecord: the file is missing, not UTF-8, not JSON or not a record; one line, naming it.
    """
    text = read_record_text(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise BadRecord(f"{path}: not JSON: {err.msg} at line {err.lineno}", reason="save_not_json",
                        path=str(path), line=err.lineno) from None
    try:
        record = GameRecord.from_json(data)
    except BadRecord as err:
        raise BadRecord(f"{path}: {err}", reason="save_not_record", path=str(path)) from None
    terminal = data.get("terminal") if isinstance(data.get("terminal"), dict) else {}
    seat = terminal.get("seat", 0)
    if not isinstance(seat, int) or not 0 <= seat < record.players:
        raise BadRecord(f"{path}: the saved seat must be a number from 1 to {record.players}",
                        reason="save_seat", path=str(path), max=record.players)
    return SavedGame(record, path, seat, str(terminal.get("bot", "easy")), str(terminal.get("lang", "en")),
                     str(terminal.get("name", "")), bool(terminal.get("over", False)), "terminal" in data,
                     _kept_result(terminal.get("result"), record.players),
                     _names(data.get("names"), record.players))


# longer than any name the online table lets a player take (server/seats.py NAME_LIMIT, in cells)
NAME_CHARACTERS = 48


def _names(names: Any, players: int) -> list[str] | None:
    """A record's players' names, if it names each seat with a printable name (a file edited by hand,
    or by someone else, names no one: its seats are then counted from 1)."""
    if not (isinstance(names, list) and len(names) == players):
        return None
    if not all(isinstance(name, str) and name.strip() and name.isprintable() and len(name) <= NAME_CHARACTERS
               for name in names):
        return None
    return [name.strip() for name in names]


def _kept_result(kept: Any, players: int) -> dict[str, list[int]] | None:
    """A save's kept ranks and winners, if they are whole (a file edited by hand is replayed instead)."""
    if not isinstance(kept, dict):
        return None
    ranks, winners = kept.get("ranks"), kept.get("winners")
    if not (isinstance(ranks, list) and len(ranks) == players and all(isinstance(r, int) for r in ranks)):
        return None
    if not (isinstance(winners, list) and all(isinstance(w, int) and 0 <= w < players for w in winners)):
        return None
    return {"ranks": ranks, "winners": winners}


def saved_games() -> list[SavedGame]:
    """The saves in the folder, the most recent first; files that are not saves are skipped."""
    folder = save_folder()
    if not folder.is_dir():
        return []
    found = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            found.append(load_saved(path))
        except BadRecord:
            continue
    return found


@dataclass(frozen=True)
class Outcome:
    """How a finished save ended for its player: their place among how many, and whether they won."""

    place: int
    players: int
    won: bool


def outcome(saved: SavedGame) -> Outcome | None:
    """The player's outcome of a finished save: from the ranks kept in it, else (a save written before
    they were kept, a record from elsewhere) by replaying it; None while it runs or if it does not
    replay."""
    if not saved.over:
        return None
    kept = saved.result
    if kept is None:
        try:
            state, _ = replay(get_game(saved.record.game), saved.record)
        except ParlorError:
            return None
        if not state.is_over():
            return None
        result = state.result()
        kept = {"ranks": list(result.ranks), "winners": list(result.winners())}
    return Outcome(kept["ranks"][saved.seat], saved.record.players, saved.seat in kept["winners"])


def latest_running() -> SavedGame | None:
    return next((saved for saved in saved_games() if not saved.over), None)
