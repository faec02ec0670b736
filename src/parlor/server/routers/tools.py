"""Companion tools for games played on a real table: score pads scored by the engines' own code.

`POST /api/tools/{game}/score` takes what lies on the table at the end, per player in the game's
own terms, and answers every player's total with its breakdown, the ranks and the tie breaks, as
the engine would at the online table. Impossible facts (more than the box holds, unknown ids, a
player count the game does not have) are refused with `bad_facts`, the reason in English and, for
the page's own language, a reason code with its parameters and the entry concerned; nothing is
stored. Scoring builds one small position, so the routes are plain functions (run in FastAPI's
thread pool, never on the event loop).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from parlor.core import BadScenario, Game, Result, ScorePad, all_games, get_game
from parlor.games.pad_refusal import PadRefusal


class ScoreOut(BaseModel):
    """Every player's total, its breakdown by scoring category, ranks (1 = winner; shared when
    every tie break is equal), the winners and the tie breaks in words."""

    scores: list[float]
    breakdown: list[dict[str, float]]
    ranks: list[int]
    winners: list[int]
    tiebreak: list[str]


class RefusalOut(BaseModel):
    """Facts the pad cannot score: `message` in English; `reason` (a stable code, `unscorable` when
    no finer one applies) with its `params`, the pad's entry concerned (`field`, a row or field id
    of the pad's form) and the player (`player`, from 0) word it in the page's language."""

    code: Literal["bad_facts"]
    message: str
    reason: str
    params: dict[str, Any]
    field: str | None
    player: int | None


REFUSED: dict[int | str, dict[str, Any]] = {400: {"model": RefusalOut, "description": "impossible facts"}}


def _scored(scorer: Callable[[dict[str, Any]], Result], body: BaseModel) -> Any:
    facts = body.model_dump(exclude_none=True)
    try:
        return scorer(facts).to_json()
    except BadScenario as err:
        # the scenario builder's own checks give no finer reason than "unscorable"
        refusal = err if isinstance(err, PadRefusal) else PadRefusal("unscorable", str(err))
        return JSONResponse({"code": "bad_facts", "message": str(refusal), **refusal.to_json()},
                            status_code=400)


def _score_route(game: Game[Any], pad: ScorePad) -> Callable[..., Any]:
    """`POST /api/tools/{game.id}/score`: its body is the pad's own facts model, so the schema names
    every game's body precisely."""

    def route(body: BaseModel) -> Any:
        return _scored(pad.score, body)

    route.__annotations__ = {"body": pad.facts, "return": Any}
    route.__name__ = route.__qualname__ = f"score_{game.id}"
    route.__doc__ = pad.summary
    return route


def _sheet_route(games: tuple[str, ...], sheets: dict[str, dict[str, Any]]) -> Callable[..., Any]:
    """`GET /api/tools/{game}/sheet` for the games with a printed reference sheet (`game` is one of
    their ids in the schema)."""

    def reference_sheet(game: str) -> dict[str, Any]:
        """What a game's printed reference sheet (and its score pad's choices) show, from its data
        files; public, printed faces only. Trickerion's trick reference and score pad read the board's
        own `GET /api/games/trickerion/data`, so a card's face has one source."""
        if game not in sheets:
            sheets[game] = {"game": game, "sheet": get_game(game).reference_sheet()}
        return sheets[game]

    reference_sheet.__annotations__ = {"game": Literal[games], "return": dict[str, Any]}
    return reference_sheet


class SetupFactOut(BaseModel):
    rule: str = Field(description="the rule that says it")
    key: str = Field(description="its sentence in the game's catalog: `[ui] setup_<key>`")
    values: dict[str, Any] = Field(description="what fills the sentence: numbers, ids, lists of them")


class SetupOut(BaseModel):
    """What setting a game up on a real table needs, for each player count and each choice of the
    options that change it (`parlor.core.setup_guide`)."""

    players: int
    on: list[str] = Field(description="the guide's options turned on")
    facts: list[SetupFactOut]


class SetupGuideOut(BaseModel):
    game: str
    options: list[str] = Field(description="the options (booleans) a table may turn on that change "
                                           "the set-up")
    guides: list[SetupOut]


def _setup_route(games: tuple[str, ...], guides: dict[str, dict[str, Any]]) -> Callable[..., Any]:
    """`GET /api/tools/{game}/setup` for the games with a set-up guide: every player count and choice
    of options at once (a few kilobytes, kept by the tools' offline worker), worded by the page."""

    def setup_guide(game: str) -> dict[str, Any]:
        """A game's set-up guide: by player count and options, what the engine's set-up and the
        game's data say goes on the table, each fact with its rule (public: no seed, no hidden card)."""
        if game not in guides:
            guides[game] = _guide_of(get_game(game))
        return guides[game]

    setup_guide.__annotations__ = {"game": Literal[games], "return": SetupGuideOut}
    return setup_guide


def _guide_of(game: Game[Any]) -> dict[str, Any]:
    guide = game.setup_guide()
    assert guide is not None
    found = []
    for players in range(game.min_players, game.max_players + 1):
        for on in guide.option_sets():
            facts = guide.facts(players, game.make_options(dict.fromkeys(on, True)))
            found.append({"players": players, "on": list(on), "facts": [fact.to_json() for fact in facts]})
    return {"game": game.id, "options": list(guide.options), "guides": found}


def router() -> APIRouter:
    """The tools API of the games registered now: each one's pad, sheet and own routes, asked of the
    game itself (a game without them adds nothing)."""
    routes = APIRouter(prefix="/api/tools", tags=["tools"])
    with_sheet: list[str] = []
    for game in all_games():
        pad = game.score_pad()
        if pad is not None:
            routes.post(f"/{game.id}/score", response_model=ScoreOut, responses=REFUSED)(
                _score_route(game, pad))
        if game.has_reference_sheet():
            with_sheet.append(game.id)
        for add_routes in game.tool_routes():
            add_routes(routes)
    if with_sheet:
        routes.get("/{game}/sheet")(_sheet_route(tuple(with_sheet), {}))
    with_guide = tuple(game.id for game in all_games() if game.has_setup_guide())
    if with_guide:
        routes.get("/{game}/setup", response_model=SetupGuideOut)(_setup_route(with_guide, {}))
    return routes
