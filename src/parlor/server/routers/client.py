"""What the browser client needs besides the lobby and table API: each game's text catalogs, its
public component data and its rules summary. (The replay of a finished game is in
routers/tables.py, with the other past positions, replayed in a worker process.)"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path

from parlor.core import get_game
from parlor.core.error_words import error_words
from parlor.core.naming import words

from ..models import GameDataOut, RulesOut, TextOut

router = APIRouter(prefix="/api", tags=["client"])
Lang = Literal["en", "zh_TW", "es"]


@router.get("/games/{game_id}/text/{lang}", response_model=TextOut)
def game_text(game_id: Annotated[str, Path(max_length=64)], lang: Lang) -> dict[str, Any]:
    """One game's text catalog in one language: event, move, name and ui templates
    (`{player}`, `{field}`, `{field:name}`, `{field:seat}`)."""
    game = get_game(game_id)
    catalog = game.catalogs()[lang]
    presets = {name: {**catalog.presets[name].to_json(), "options": options}
               for name, options in game.presets.items() if name in catalog.presets}
    return {"game": game_id, "lang": lang, "events": catalog.events, "moves": catalog.moves,
            "names": catalog.names, "ui": catalog.ui, "steps": catalog.steps, "rules": catalog.rules,
            "options": {name: d.to_json() for name, d in catalog.options.items()}, "presets": presets,
            "words": words(lang), "errors": error_words(lang)}


@router.get("/words/{lang}")
def naming_words(lang: Lang) -> dict[str, Any]:
    """How players, bots and empty seats are named in `lang` (parlor.core.naming: the same rules the
    terminal uses)."""
    return {"lang": lang, "words": words(lang)}


@lru_cache(maxsize=32)
def _public_data(game_id: str) -> dict[str, Any]:
    game = get_game(game_id)
    live_score = game.live_score.to_json() if game.live_score is not None else None
    return {"game": game.id, "rules_version": game.rules_version, "live_score": live_score,
            "data": game.public_data()}


@router.get("/games/{game_id}/data", response_model=GameDataOut)
def game_data(game_id: Annotated[str, Path(max_length=64)]) -> dict[str, Any]:
    """What every component's printed face says (cards, tiles, spaces), keyed by the ids views use:
    public, the same for every table of the game, so a client loads it once; with where its views
    keep the running scores (`live_score`, null when it shows none)."""
    get_game(game_id)  # unknown_game before the cache sees the id
    return _public_data(game_id)


@router.get("/games/{game_id}/rules/{lang}", response_model=RulesOut)
def game_rules(game_id: Annotated[str, Path(max_length=64)], lang: Lang) -> dict[str, Any]:
    """The rules summary (Markdown with rule IDs) and every rule ID's one-sentence statement."""
    game = get_game(game_id)
    return {"game": game.id, "lang": lang, "markdown": game.rules_text(lang),
            "rules": game.catalogs()[lang].rules}
