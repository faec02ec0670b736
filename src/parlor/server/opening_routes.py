"""The two requests that open every game, `POST /api/tables` and `POST /api/tables/{id}/seats/{n}/join`,
answered by `middleware.Guard` before FastAPI's routing.

A game costs the server a create and a join per seat besides its moves. Through FastAPI each such
request also passed its exception and routing layers, the matching of every route, the solving of
its parameters (the content type parsed as an e-mail header included) and the answer's plumbing:
about half of the event loop's time for the request (py-spy, bench/server_opening.py). Here a
request of the usual shape (a JSON body its model accepts, a table id and a seat number of the
route's own form) is answered by the same functions the routes run (`create`, `join`), after
`Guard` has applied the rate limits and body limits to it as to every request. Anything else, a
body the model refuses included, goes on to FastAPI, which answers it as it always did (its 422
with the same wording); the routes stay declared in routers/, for the schema and the docs. An error
of the game or the seats (`ParlorError`) is answered as the application's handler answers it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError
from starlette.responses import JSONResponse, Response

from parlor.core import ParlorError

from . import bots, seats
from .errors import error_json, http_status
from .messages import dump_bytes
from .models import JoinIn, TableIn

if TYPE_CHECKING:
    from .hub import Hub

CREATE_PATH = "/api/tables"
# the join route's own bounds for its parameters (deps.TableId, tables.SeatNo), as digits and letters
JOIN_PATH = re.compile(r"^/api/tables/([A-Za-z0-9_-]{1,32})/seats/(1[0-5]|[0-9])/join$")


async def create(hub: Hub, body: TableIn) -> dict[str, Any]:
    """A new table (its summary for the host, and the host token, shown once)."""
    chosen: list[tuple[str, str]] = [(s.kind, s.level) for s in body.seats] if body.seats is not None \
        else [("open", bots.DEFAULT_LEVEL)] * body.players
    table, host_token = await hub.setup.create(body.game, body.players, body.options, chosen, body.clock)
    return {**table.summary(hub.heartbeat, host=True), "host_token": host_token}


async def join(hub: Hub, table_id: str, seat: int, body: JoinIn) -> dict[str, Any]:
    """The seat claimed (stored before this returns) and its token, shown once."""
    table = await hub.sync.get(table_id)
    token = await seats.join(hub, table, seat, body.name)
    return {"table": table.summary(hub.heartbeat), "seat": seat, "token": token}


def answer(content: dict[str, Any], status: int = 200) -> Response:
    """`content` as the JSON answer. A route that returns a dict has FastAPI validate it against the
    route's `response_model` and serialize the model; the answers here must already be what the
    model says (tests/server/test_opening.py checks them against it)."""
    return Response(dump_bytes(content), status_code=status, media_type="application/json")


def error_answer(err: ParlorError) -> JSONResponse:
    """How the application answers a `ParlorError` (its exception handler uses this too)."""
    return JSONResponse(error_json(err), status_code=http_status(err))


async def answer_opening(scope: dict[str, Any], body: bytes, send: Any) -> bool:
    """Answer a create or a join of the usual shape and return True; False (nothing sent) for any
    other request, which FastAPI then answers."""
    if scope.get("method") != "POST" or scope.get("root_path") or not _is_json(scope):
        return False
    path = str(scope.get("path", ""))
    joining = JOIN_PATH.match(path)
    if path != CREATE_PATH and joining is None:
        return False
    try:
        parsed: BaseModel = (JoinIn if joining else TableIn).model_validate_json(body)
    except ValidationError:
        return False  # FastAPI refuses it, in its own words
    hub: Hub = scope["app"].state.hub
    try:
        if joining is not None:
            assert isinstance(parsed, JoinIn)
            response: Response = answer(await join(hub, joining[1], int(joining[2]), parsed))
        else:
            assert isinstance(parsed, TableIn)
            response = answer(await create(hub, parsed), status=201)
    except ParlorError as err:
        response = error_answer(err)
    await response(scope, _nothing_more, send)
    return True


def _is_json(scope: dict[str, Any]) -> bool:
    """Whether the request says its body is `application/json` (with any parameters); FastAPI
    answers any other kind of body itself."""
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            kind = value.split(b";", 1)[0].strip().lower()
            return bool(kind == b"application/json")
    return False


async def _nothing_more() -> dict[str, Any]:
    return {"type": "http.disconnect"}


__all__ = ["answer", "answer_opening", "create", "error_answer", "join"]
