"""One table: its summary, seats (join, leave, bots, hand-over), its record, undo, review of past
positions, "why not?", the chat and the replay of a finished game."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path, Query, Request, Response

from parlor.core.naming import player_names

from .. import again, hints, moves, opening_routes, seats
from .. import review as reviews
from ..chat import recent_chat
from ..deps import BearerDep, HubDep, OptionalSeatDep, SeatDep, TableDep, TableId, hub_of
from ..errors import ApiError
from ..messages import log_json
from ..models import (
    AgainOut,
    BotIn,
    ChatOut,
    HintIn,
    HintOut,
    JoinIn,
    JoinOut,
    RecordOut,
    ReplayOut,
    ReviewOut,
    ScoreCourseOut,
    TableOut,
    WhyIn,
    WhyOut,
)
from ..opening_routes import answer
from ..rows import FINISHED

router = APIRouter(prefix="/api/tables/{table_id}", tags=["tables"])
SeatNo = Annotated[int, Path(ge=0, le=15)]
Step = Annotated[int, Path(ge=0, le=1_000_000)]


@router.get("", response_model=TableOut)
async def table_summary(table: TableDep, hub: HubDep, token: BearerDep) -> dict[str, Any]:
    """Public facts: seats, status, whose decision it is, the result once over (never the seed).
    `host` is true only when the request presents this table's host token."""
    host = table.is_host(token)
    if token is not None and not host and table.seat_for_token(token) is None:
        raise ApiError("bad_token", "that token opens nothing at this table")
    return table.summary(hub.heartbeat, host=host)


@router.post("/seats/{seat}/join", response_model=JoinOut)
async def join(seat: SeatNo, table_id: TableId, body: JoinIn, request: Request) -> Response:
    """Claim an open seat. The token in the answer is shown once; a second join is refused."""
    # `Guard` answers a join of the usual shape itself (opening_routes.py); this route, the rest
    return answer(await opening_routes.join(hub_of(request), table_id, seat, body))


@router.post("/seats/{seat}/leave", response_model=TableOut)
async def leave(table: TableDep, seat: SeatNo, hub: HubDep, token: BearerDep) -> dict[str, Any]:
    """With the seat's token: give the seat up (the token stops working); while the game runs a bot
    plays it until someone joins it. With the host token: open a bot's seat for a player."""
    await seats.leave(hub, table, seat, token)
    return table.summary(hub.heartbeat)


@router.post("/seats/{seat}/bot", response_model=TableOut)
async def give_to_bot(table: TableDep, seat: SeatNo, body: BotIn, hub: HubDep,
                      token: BearerDep) -> dict[str, Any]:
    """With the seat's token: a bot of `level` plays for you and the seat stays yours (`handed`;
    `/back` takes it back). With the host token: an open seat goes to a bot. Anyone else:
    `forbidden`."""
    await seats.to_bot(hub, table, seat, body.level, token)
    return table.summary(hub.heartbeat)


@router.post("/seats/{seat}/back", response_model=TableOut)
async def take_back(table: TableDep, seat: SeatNo, hub: HubDep, token: BearerDep) -> dict[str, Any]:
    """With the seat's token: play again after a hand-over."""
    await seats.take_back(hub, table, seat, token)
    return table.summary(hub.heartbeat)


@router.get("/record", response_model=RecordOut)
async def record(table: TableDep, claim: OptionalSeatDep) -> dict[str, Any]:
    """A finished game's full record (it replays exactly). While the game runs: the moves and log
    that this seat (or a spectator, without a token) may see; others' moves are null."""
    seat = claim.seat if claim is not None else None
    complete = table.status == FINISHED and table.problem is None
    # a snapshot taken here, on the event loop; the answer is built from it on a thread
    moves, by, history = list(table.record.moves), list(table.by), list(table.history)
    opening = list(table.opening)
    record_json = table.record.to_json() if complete else None
    result = table.row.result if complete else None

    def build() -> dict[str, Any]:
        shown = [{"index": i, "seat": s, "move": m if complete or s == seat else None}
                 for i, (s, m) in enumerate(moves)]
        return {"table": table.id, "status": table.status, "seat": seat, "complete": complete,
                "record": record_json, "moves": shown,
                "log": log_json(moves, by, history, seat, 0, len(history), complete, opening),
                "result": result}

    return await asyncio.get_running_loop().run_in_executor(None, build)


@router.get("/record/file", response_class=Response, responses={
    200: {"content": {"application/json": {}}, "description": "the record, as a file to save"}})
async def record_file(table: TableDep, hub: HubDep,
                      lang: Annotated[Literal["en", "zh_TW", "es"], Query()] = "en") -> Response:
    """A finished game's record as a file (its whole record, which replays exactly, and the players'
    `names` in `lang`: bots by their level), for the terminal: `parlor replay FILE --seat N --analyse`.
    Built by the server: a page's JSON numbers would round the seed. 409 `not_finished` while it runs."""
    if table.status != FINISHED or table.problem is not None:
        raise ApiError("not_finished", "the record is a file once the game is over")
    names = player_names(table.summary(hub.heartbeat)["seats"], lang)
    record = table.record.to_json()   # a snapshot taken here, on the event loop; written on a thread
    text = await asyncio.get_running_loop().run_in_executor(
        None, lambda: json.dumps({**record, "names": names}, ensure_ascii=False, indent=1) + "\n")
    ended = time.strftime("%Y%m%d-%H%M", time.gmtime(table.row.updated_at))
    return Response(text, media_type="application/json", headers={
        "Content-Disposition": f'attachment; filename="{table.row.game}-{ended}.json"'})


@router.post("/undo", response_model=TableOut)
async def ask_undo(table: TableDep, claim: SeatDep, hub: HubDep) -> dict[str, Any]:
    """Take back the last move when it is this seat's own (played by its player, not a bot standing
    in or a time-out) and it revealed nothing and drew on no chance; else `undo_refused` saying why.
    Every connection then gets a state with `reset: true`."""
    await moves.undo(hub, table, claim.seat)
    return table.summary(hub.heartbeat)


@router.post("/hint", response_model=HintOut)
async def ask_hint(table: TableDep, claim: SeatDep, hub: HubDep,
                   body: HintIn | None = None) -> dict[str, Any]:
    """What the hard bot would play in this seat's place now, thinking only on what the seat knows.
    For the player who must decide, at a table where every other seat is a bot (else `forbidden`);
    one hint per position and seat, shared by every request for it. With `step`: at one of the
    seat's past decisions (at a table against bots, or at any table once the game is over), with
    the move played there; one past position thought on at a time per table (else `rate_limited`)."""
    return await hints.hint(hub, table, claim.seat, body.step if body is not None else None)


@router.post("/again", response_model=AgainOut)
async def play_again(table: TableDep, claim: SeatDep, hub: HubDep) -> dict[str, Any]:
    """A player of a finished game opens the next one (or, once someone has, is told which): the
    same game, options, players and clock, bots at their levels, each player's seat open for them
    (join it by its number). Every connection to this table then gets a state naming it (`next`)."""
    return await again.play_again(hub, table, claim.seat)


@router.get("/review/{step}", response_model=ReviewOut)
async def review(table: TableDep, step: Step, claim: OptionalSeatDep, hub: HubDep) -> dict[str, Any]:
    """The position after the first `step` moves as this seat (a spectator without a token) saw it
    then, the log it could read up to there, and the move that led there (null unless its own).
    While the game runs and after."""
    return await reviews.review(hub, table, step, claim.seat if claim is not None else None)


@router.post("/why", response_model=None, responses={200: {"model": WhyOut}})
async def why_not(table: TableDep, body: WhyIn, claim: SeatDep) -> dict[str, Any]:
    """Whether this seat may play `move` now and, if not, the ID of the rule that forbids it."""
    return reviews.why(table, claim.seat, body.move)


@router.get("/chat", response_model=ChatOut)
async def chat(table: TableDep) -> dict[str, Any]:
    """The table's last 100 chat lines, oldest first."""
    return {"messages": recent_chat(table)}


@router.get("/replay/{step}", response_model=ReplayOut)
async def replay_step(table: TableDep, step: Step, hub: HubDep,
                      seat: Annotated[int | None, Query(ge=0, le=15)] = None) -> dict[str, Any]:
    """A finished game after its first `step` moves, seen by `seat` (or a spectator): the view,
    the move that led there with its events, and the result at the last step."""
    return await reviews.replay_step(hub, table, step, seat)


@router.get("/scores", response_model=ScoreCourseOut)
async def score_course(table: TableDep, hub: HubDep) -> dict[str, Any]:
    """A finished game's running scores through it: the start, each move that changed one, the end
    (the table's score chart); 409 `not_finished` while it runs."""
    return await reviews.score_course(hub, table)
