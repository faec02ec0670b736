"""Dependencies shared by the routers, named as types (`HubDep`, `TableDep`, `SeatDep`).

Each is `async def`: FastAPI runs a plain `def` dependency on a thread, a hand-over that costs more
than the little work these do."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, Path
from starlette.requests import HTTPConnection

from .errors import ApiError
from .hub import Hub
from .live import LiveTable


def hub_of(conn: HTTPConnection) -> Hub:
    hub: Hub = conn.app.state.hub
    return hub


async def get_hub(conn: HTTPConnection) -> Hub:
    return hub_of(conn)


HubDep = Annotated[Hub, Depends(get_hub)]
TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


async def get_table(table_id: TableId, hub: HubDep) -> LiveTable:
    return await hub.sync.get(table_id)


TableDep = Annotated[LiveTable, Depends(get_table)]


async def bearer(authorization: Annotated[str | None, Header(max_length=200)] = None) -> str | None:
    """The token from `Authorization: Bearer <token>`, if any."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError("bad_token", "use the header `Authorization: Bearer <seat token>`")
    return token.strip()


BearerDep = Annotated[str | None, Depends(bearer)]


@dataclass(frozen=True)
class SeatClaim:
    seat: int
    token: str


async def optional_seat(table: TableDep, token: BearerDep, hub: HubDep) -> SeatClaim | None:
    """The seat a presented token opens; no token is a spectator. :raises ApiError: bad_token."""
    if token is None:
        return None
    seat = await hub.sync.seat_for_token(table, token)
    if seat is None:
        raise ApiError("bad_token", "that token does not open a seat at this table")
    return SeatClaim(seat, token)


async def claim_seat(claim: Annotated[SeatClaim | None, Depends(optional_seat)]) -> SeatClaim:
    if claim is None:
        raise ApiError("bad_token", "this needs a seat token: `Authorization: Bearer <token>`")
    return claim


OptionalSeatDep = Annotated[SeatClaim | None, Depends(optional_seat)]
SeatDep = Annotated[SeatClaim, Depends(claim_seat)]
