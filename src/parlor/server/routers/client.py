"""What the browser client needs besides the lobby and table API: each game's text catalogs as
JSON, and the positions of a finished game for the replay viewer."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query

from parlor.core import get_game, replay

from ..deps import TableDep
from ..errors import ApiError
from ..storage import FINISHED

router = APIRouter(prefix="/api", tags=["client"])
Lang = Literal["en", "zh_TW", "es"]


@router.get("/games/{game_id}/text/{lang}")
def game_text(game_id: Annotated[str, Path(max_length=64)], lang: Lang) -> dict[str, Any]:
    """One game's text catalog in one language: event, move, name and ui templates
    (`{player}`, `{field}`, `{field:name}`, `{field:seat}`)."""
    catalog = get_game(game_id).catalogs()[lang]
    return {"game": game_id, "lang": lang, "events": catalog.events, "moves": catalog.moves,
            "names": catalog.names, "ui": catalog.ui}


@router.get("/tables/{table_id}/replay/{step}")
def replay_step(table: TableDep, step: Annotated[int, Path(ge=0, le=100_000)],
                seat: Annotated[int | None, Query(ge=0, le=15)] = None) -> dict[str, Any]:
    """A finished game after its first `step` moves, seen by `seat` (or a spectator): the view,
    the move that led there with its events, and the result at the last step.

    :raises ApiError: `not_finished` while the game runs (a replay would show hidden information).
    """
    if table.status != FINISHED or table.game is None:
        raise ApiError("not_finished", "replays are shown once the game is over")
    record = table.record
    total = len(record.moves)
    step = min(step, total)
    if seat is not None and seat >= record.players:
        raise ApiError("bad_request", f"this table has seats 0 to {record.players - 1}")
    state, history = replay(table.game, record, step)
    last: dict[str, Any] | None = None
    if step > 0:
        mover, move = record.moves[step - 1]
        text = str(table.game.move_from_json(move))
        last = {"seat": mover, "move": move, "text": text,
                "events": [e.to_json() for e in history[step - 1]]}
    return {"table": table.id, "game": record.game, "players": record.players, "step": step,
            "total": total, "seat": seat, "view": state.view(seat), "actors": list(state.actors()),
            "last": last, "result": state.result().to_json() if step == total else None}
