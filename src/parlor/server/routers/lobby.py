"""The lobby: which games there are, creating tables, listing open and running ones."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import StringConstraints

from parlor.core import all_games, option_fields, option_range
from parlor.core.text import LANGS

from .. import bots, opening_routes
from ..deps import HubDep, hub_of
from ..messages import table_summary
from ..models import CreatedOut, GameOut, GamesOut, OptionOut, TableIn, TableList
from ..opening_routes import answer
from ..rows import FINISHED, OPEN, RUNNING

router = APIRouter(prefix="/api", tags=["lobby"])

# How many tables one list may name by id: a browser's page of its own games asks for them in lots of
# this size (what deps.TableId accepts, each).
NAMED_LIMIT = 50
NamedTable = Annotated[str, StringConstraints(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


@router.get("/games", response_model=GamesOut)
def list_games() -> GamesOut:
    """Every registered game with its player counts and options, and the bot levels."""
    games = []
    for game in all_games():
        options = [OptionOut(name=name, type=getattr(tp, "__name__", str(tp)), default=default, help=text,
                             choices=list(_choices(game.options_type, name)),
                             min=option_range(game.options_type, name)[0],
                             max=option_range(game.options_type, name)[1],
                             available=name not in game.unavailable_options)
                   for name, tp, default, text in option_fields(game.options_type)]
        titles = {lang: game.title_in(lang) for lang in LANGS}
        descriptions = {lang: game.description_in(lang) for lang in LANGS}
        games.append(GameOut(id=game.id, title=game.title, titles=titles, description=game.description,
                             descriptions=descriptions,
                             min_players=game.min_players, max_players=game.max_players,
                             rules_version=game.rules_version, options=options,
                             setup_guide=game.has_setup_guide()))
    return GamesOut(games=games, bot_levels=list(bots.LEVELS),
                    bot_descriptions={name: bots.DESCRIPTIONS.get(name, "") for name in bots.LEVELS})


def _choices(options_type: type, name: str) -> tuple[Any, ...]:
    for f in dataclasses.fields(options_type):
        if f.name == name:
            return tuple(f.metadata.get("choices", ()))
    return ()


@router.post("/tables", response_model=CreatedOut, status_code=201)
async def create_table(body: TableIn, request: Request) -> Response:
    """Open a table. Seats are `open` (for players to join) or `bot` with a level; the game starts
    when no seat is open. The answer's `host_token` (shown once) lets its holder give open seats to
    bots. Options the game's setup refuses, or that make it take too long or too much memory,
    refuse the table (`bad_options`, with the reason)."""
    # `Guard` answers a create of the usual shape itself (opening_routes.py); this route, the rest
    return answer(await opening_routes.create(hub_of(request), body), status=201)


@router.get("/tables", response_model=TableList)
async def list_tables(hub: HubDep,
                      status: Annotated[list[Literal["open", "running", "finished"]] | None, Query()] = None,
                      page: Annotated[int, Query(ge=1, le=100_000)] = 1,
                      named: Annotated[list[NamedTable] | None, Query(
                          alias="id", max_length=NAMED_LIMIT,
                          description="tables by id (repeated, at most 50): these alone, of any status "
                                      "unless `status` says, on one page; an id no table has is left out"
                      )] = None) -> dict[str, Any]:
    """One page of tables by status (default: open and running), most recently active first; a
    broken table carries its `problem`. With `id`: the tables named (a player's own games)."""
    ids = tuple(dict.fromkeys(named)) if named else None
    wanted = tuple(dict.fromkeys(status)) if status else (OPEN, RUNNING) if ids is None else (
        OPEN, RUNNING, FINISHED)
    size = hub.settings.lobby_page_size if ids is None else len(ids)
    rows, total = await hub.db(hub.storage.list_tables, wanted, (page - 1) * size, size, ids)
    summaries = []
    for row, seats in rows:
        live = hub.tables.get(row.id)
        summaries.append(live.summary(hub.heartbeat) if live is not None
                         else table_summary(row, seats, row.damage or row.problem, None))
    return {"tables": summaries, "page": page, "pages": max(1, -(-total // size)), "total": total}
