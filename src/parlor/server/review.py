"""Looking back and asking why: positions of the past (review during play, the replay of a finished
game) and whether a move is legal now, with only the rule's ID when it is not.

A past position is replayed in a worker process (`jobs.position_at`) and cached by (table, epoch,
step, seat): an undo changes the epoch, so nothing stale is served.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from parlor.core import ParlorError

from . import jobs
from .errors import ApiError
from .jobs import rule_of
from .live import LiveTable
from .rows import FINISHED, OPEN

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("parlor.server")


class PositionCache:
    """The last `size` past positions asked for, newest last."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.entries: OrderedDict[tuple[Any, ...], dict[str, Any]] = OrderedDict()

    def get(self, key: tuple[Any, ...]) -> dict[str, Any] | None:
        found = self.entries.get(key)
        if found is not None:
            self.entries.move_to_end(key)
        return found

    def put(self, key: tuple[Any, ...], value: dict[str, Any]) -> None:
        self.entries[key] = value
        if len(self.entries) > self.size:
            self.entries.popitem(last=False)


def why(table: LiveTable, seat: int, data: Any) -> dict[str, Any]:
    """Whether `seat` may play this move now and, if not, the ID of the rule that forbids it --
    never the engine's sentence, which may name what this seat cannot see.

    :raises BadMove: the move cannot be read. :raises ApiError: bad_record.
    """
    if table.state is None or table.game is None:
        raise ApiError("bad_record", f"this table's record does not replay: {table.problem}")
    move = table.game.move_from_json(data)
    if seat not in table.actors() or not table.plays_for_itself(seat):
        return {"legal": False, "rule": None, "code": "not_your_turn"}
    state = table.state
    if state.is_legal(seat, move):
        return {"legal": True, "rule": None}
    try:
        sentence = state.why_illegal(seat, move)
    except Exception:  # an engine that cannot explain: say no more than "illegal"
        return {"legal": False, "rule": None}
    return {"legal": False, "rule": rule_of(sentence)}


async def position(hub: Hub, table: LiveTable, step: int, seat: int | None) -> dict[str, Any]:
    """`seat`'s view of the position after the first `step` moves, who was deciding, and the result
    if the game was over then; replayed in a worker, cached."""
    if table.state is None or table.game is None:
        raise ApiError("bad_record", f"this table's record does not replay: {table.problem}")
    key = (table.id, table.epoch, step, seat)
    found = hub.positions.get(key)
    if found is not None:
        return found
    row = table.row
    if step == table.index:
        state = table.state
        found = {"view": state.view(seat), "actors": [] if row.status == OPEN else list(state.actors()),
                 "result": state.result().to_json() if state.is_over() else None}
    else:
        try:
            found = await hub.work.run(jobs.position_at, row.game, row.players, row.seed, row.options,
                                       list(table.record.moves[:step]), seat)
        except ParlorError as err:  # the engine's sentence may name hidden things: only the log has it
            log.error("table %s: step %d does not replay: %s", table.id, step, err)
            raise ApiError("bad_record", f"this position cannot be replayed ({err.code})") from None
    hub.positions.put(key, found)
    return found


def last_move(table: LiveTable, step: int, seat: int | None, everything: bool) -> dict[str, Any] | None:
    """The move that led to `step` and its events as `seat` saw them; another seat's move itself
    stays hidden (null) unless `everything` (a finished game's replay) is asked."""
    if step == 0 or table.game is None:
        return None
    mover, move = table.record.moves[step - 1]
    events = [e.to_json() for e in table.history[step - 1] if everything or e.visible(seat)]
    if everything or (seat is not None and mover == seat):
        return {"seat": mover, "move": move, "text": str(table.game.move_from_json(move)), "events": events}
    return {"seat": mover, "move": None, "events": events}


async def review(hub: Hub, table: LiveTable, step: int, seat: int | None) -> dict[str, Any]:
    """The position after `step` moves as `seat` (None: a spectator) saw it then, the log it could
    read up to there, and the move that led there; while the game runs and after."""
    step = min(step, table.index)
    found = await position(hub, table, step, seat)
    return {"table": table.id, "game": table.row.game, "players": table.row.players, "step": step,
            "total": table.index, "seat": seat, "view": found["view"], "actors": found["actors"],
            "last": last_move(table, step, seat, everything=False),
            "log": table.log_entries(seat, 0, step)}


async def replay_step(hub: Hub, table: LiveTable, step: int, seat: int | None) -> dict[str, Any]:
    """A finished game after its first `step` moves, seen by `seat` (or a spectator): the view, the
    move that led there with all its events, and the result at the last step.

    :raises ApiError: `not_finished` while the game runs (a replay would show hidden information).
    """
    if table.status != FINISHED or table.game is None:
        raise ApiError("not_finished", "replays are shown once the game is over")
    if seat is not None and seat >= table.row.players:
        raise ApiError("bad_request", f"this table has seats 0 to {table.row.players - 1}")
    total = table.index
    step = min(step, total)
    found = await position(hub, table, step, seat)
    return {"table": table.id, "game": table.row.game, "players": table.row.players, "step": step,
            "total": total, "seat": seat, "view": found["view"], "actors": found["actors"],
            "last": last_move(table, step, seat, everything=True),
            "result": found["result"] if step == total else None}


async def score_course(hub: Hub, table: LiveTable) -> dict[str, Any]:
    """A finished game's running scores (or what its chart follows: Star Road's HP), move by move
    (`jobs.score_course`), replayed in a worker once and cached with the past positions; `label` names
    what they count where it is not a score.

    :raises ApiError: `not_finished` while the game runs (as the replay, it is for a game over).
    """
    if table.status != FINISHED or table.game is None:
        raise ApiError("not_finished", "the scores through the game are shown once it is over")
    key = (table.id, table.epoch, "scores")
    found = hub.positions.get(key)
    if found is None:
        row = table.row
        try:
            points = await hub.work.run(jobs.score_course, row.game, row.players, row.seed, row.options,
                                        list(table.record.moves))
        except ParlorError as err:
            log.error("table %s: the scores through the game do not replay: %s", table.id, err)
            raise ApiError("bad_record", f"this game cannot be replayed ({err.code})") from None
        followed = table.game.charted_score()
        label = followed.label if followed is not None else None
        found = {"table": table.id, "total": table.index, "label": label, "points": points}
        hub.positions.put(key, found)
    return found


__all__ = ["PositionCache", "replay_step", "review", "rule_of", "score_course", "why"]
