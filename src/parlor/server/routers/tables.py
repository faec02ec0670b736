"""One table: its summary, joining and leaving seats, bots, its record, undo requests."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from ..deps import BearerDep, HubDep, OptionalSeatDep, SeatDep, TableDep
from ..errors import ApiError
from ..models import BotIn, JoinIn, JoinOut, RecordOut, TableOut
from ..storage import FINISHED

router = APIRouter(prefix="/api/tables/{table_id}", tags=["tables"])
SeatNo = Annotated[int, Path(ge=0, le=15)]


@router.get("", response_model=TableOut)
def table_summary(table: TableDep) -> dict[str, Any]:
    """Public facts: seats, status, whose decision it is, the result once over (never the seed)."""
    return table.summary()


@router.post("/seats/{seat}/join", response_model=JoinOut)
async def join(table: TableDep, seat: SeatNo, body: JoinIn, hub: HubDep) -> dict[str, Any]:
    """Claim an open seat. The token in the answer is shown once; a second join is refused."""
    token = await hub.join(table, seat, body.name)
    return {"table": table.summary(), "seat": seat, "token": token}


@router.post("/seats/{seat}/leave", response_model=TableOut)
async def leave(table: TableDep, seat: SeatNo, claim: SeatDep, hub: HubDep) -> dict[str, Any]:
    """Give the seat up (the token stops working); while the game runs a bot plays it until someone
    joins."""
    if claim.seat != seat:
        raise ApiError("bad_token", "that token opens another seat")
    await hub.leave(table, seat, claim.token)
    return table.summary()


@router.post("/seats/{seat}/bot", response_model=TableOut)
async def give_to_bot(table: TableDep, seat: SeatNo, body: BotIn, hub: HubDep,
                      token: BearerDep) -> dict[str, Any]:
    """Give an open seat to a bot; a player may give their own seat with its token."""
    await hub.seat_to_bot(table, seat, body.level, token)
    return table.summary()


@router.get("/record", response_model=RecordOut)
def record(table: TableDep, claim: OptionalSeatDep) -> dict[str, Any]:
    """A finished game's full record (it replays exactly). While the game runs: the moves and log
    that this seat (or a spectator, without a token) may see; others' moves are null."""
    seat = claim.seat if claim is not None else None
    complete = table.status == FINISHED
    if complete:
        moves = [{"index": i, "seat": s, "move": m} for i, (s, m) in enumerate(table.record.moves)]
        log = [{"index": i, **e.to_json()} for i, events in enumerate(table.history) for e in events]
    else:
        moves = [{"index": i, "seat": s, "move": m if s == seat else None}
                 for i, (s, m) in enumerate(table.record.moves)]
        log = table.log_entries(seat, 0)
    return {"table": table.id, "status": table.status, "seat": seat, "complete": complete,
            "record": table.record.to_json() if complete else None, "moves": moves, "log": log,
            "result": table.row.result if complete else None}


@router.post("/undo", response_model=TableOut)
async def ask_undo(table: TableDep, claim: SeatDep, hub: HubDep) -> dict[str, Any]:
    """Take back this seat's last move (and the bots' replies after it), when no other player has
    moved since and no hidden information was revealed since (`undo_refused` otherwise)."""
    await hub.undo(table, claim.seat)
    return table.summary()
