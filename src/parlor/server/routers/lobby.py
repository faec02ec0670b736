"""The lobby: which games there are, creating tables, listing open and running ones."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from parlor.core import all_games, option_fields

from .. import bots
from ..deps import HubDep
from ..live import table_summary
from ..models import GameOut, GamesOut, OptionOut, TableIn, TableList, TableOut
from ..storage import FINISHED, OPEN, RUNNING

router = APIRouter(prefix="/api", tags=["lobby"])


@router.get("/games", response_model=GamesOut)
def list_games() -> GamesOut:
    """Every registered game with its player counts and options, and the bot levels."""
    games = []
    for game in all_games():
        options = [OptionOut(name=name, type=getattr(tp, "__name__", str(tp)), default=default, help=text,
                             choices=list(_choices(game.options_type, name)))
                   for name, tp, default, text in option_fields(game.options_type)]
        games.append(GameOut(id=game.id, title=game.title, description=game.description,
                             min_players=game.min_players, max_players=game.max_players,
                             rules_version=game.rules_version, options=options))
    return GamesOut(games=games, bot_levels=list(bots.LEVELS),
                    bot_descriptions={name: bots.DESCRIPTIONS.get(name, "") for name in bots.LEVELS})


def _choices(options_type: type, name: str) -> tuple[Any, ...]:
    for f in dataclasses.fields(options_type):
        if f.name == name:
            return tuple(f.metadata.get("choices", ()))
    return ()


@router.post("/tables", response_model=TableOut, status_code=201)
async def create_table(body: TableIn, hub: HubDep) -> dict[str, Any]:
    """Open a table. Seats are `open` (for players to join) or `bot` with a level; the game starts
    when no seat is open."""
    seats: list[tuple[str, str]] = [(s.kind, s.level) for s in body.seats] if body.seats is not None \
        else [("open", bots.DEFAULT_LEVEL)] * body.players
    table = await hub.create(body.game, body.players, body.options, seats, body.clock)
    return table.summary()


@router.get("/tables", response_model=TableList)
async def list_tables(hub: HubDep,
                      status: Annotated[list[Literal["open", "running", "finished"]] | None, Query()] = None
                      ) -> dict[str, Any]:
    """Tables by status (default: open and running), most recently active first."""
    wanted = tuple(status) if status else (OPEN, RUNNING)
    rows = await hub.db(hub.storage.list_tables, wanted)
    return {"tables": [table_summary(row, seats, row.problem, None) for row, seats in rows
                       if row.status in (OPEN, RUNNING, FINISHED)]}
