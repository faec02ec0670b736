"""What the browser client needs besides the lobby and table API: each game's text catalogs as
JSON. (The replay of a finished game is in routers/tables.py, with the other past positions.)"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path

from parlor.core import get_game

router = APIRouter(prefix="/api", tags=["client"])
Lang = Literal["en", "zh_TW", "es"]


@router.get("/games/{game_id}/text/{lang}")
def game_text(game_id: Annotated[str, Path(max_length=64)], lang: Lang) -> dict[str, Any]:
    """One game's text catalog in one language: event, move, name and ui templates
    (`{player}`, `{field}`, `{field:name}`, `{field:seat}`)."""
    catalog = get_game(game_id).catalogs()[lang]
    return {"game": game_id, "lang": lang, "events": catalog.events, "moves": catalog.moves,
            "names": catalog.names, "ui": catalog.ui}
