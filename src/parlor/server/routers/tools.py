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
from functools import cache
from importlib import import_module
from typing import Annotated, Any, Literal

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from parlor.core import BadScenario, DataError, Result
from parlor.games.pad_refusal import PadRefusal

from ..errors import ApiError
from ..models import Strict

router = APIRouter(prefix="/api/tools", tags=["tools"])

Count = Annotated[int, Field(ge=0, le=999)]
Id = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_*A-Z]+$")]
Counts = Annotated[dict[Id, Count], Field(max_length=16)]


class ScoreOut(BaseModel):
    """Every player's total, its breakdown by scoring category, ranks (1 = winner; shared when
    every tie break is equal), the winners and the tie breaks in words."""

    scores: list[float]
    breakdown: list[dict[str, float]]
    ranks: list[int]
    winners: list[int]
    tiebreak: list[str]


# -- Trickerion (TR-16) ------------------------------------------------------------------------
class TrickerionTrick(Strict):
    trick: Id = Field(description="a Trick id of tricks.toml")
    prepared: int = Field(0, ge=0, le=4, description="Trick markers on its card")


class TrickerionPlayer(Strict):
    fame: Count = Field(description="Fame on the track before final scoring")
    coins: Count = 0
    shards: Count = 0
    apprentices: int = Field(0, ge=0, le=4)
    specialists: list[Literal["assistant", "manager", "engineer"]] = Field(default_factory=list, max_length=3)
    special_cards: int = Field(0, ge=0, le=40,
                               description="Dark Alley: unused Special Assignment cards in hand")
    tricks: list[TrickerionTrick] = Field(default_factory=list, max_length=4,
                                          description="owned Tricks; a fourth lies on the Engineer's slot")
    components: Counts = Field(default_factory=dict, description="components on the player board, by id")
    manager_components: Counts = Field(default_factory=dict,
                                       description="components on the Manager's slots (each counts 1 more)")


class TrickerionOptions(Strict):
    dark_alley: bool = False
    final_scoring_cap: bool = True
    trick_component_source: Literal["majority", "bga"] = "majority"


class TrickerionPad(Strict):
    players: list[TrickerionPlayer] = Field(min_length=1, max_length=8)
    initiative: list[Annotated[int, Field(ge=0, le=7)]] | None = Field(
        None, max_length=8, description="the last turn's Initiative Order, first player first (players by "
                                        "their index in `players`); default: as listed")
    options: TrickerionOptions = Field(default_factory=TrickerionOptions)


# -- Opera (OP-13, OP-14) ----------------------------------------------------------------------
Hall = Annotated[str, Field(max_length=20, pattern=r"^[a-z_]*$")]


class OperaHouse(Strict):
    parts: list[Id] = Field(
        min_length=1, max_length=3, description="the built parts, main first (for wings not built in order)")
    halls: list[Hall] = Field(max_length=8, description="the halls of those parts in order")


class OperaPlayer(Strict):
    score: int = Field(ge=0, le=999, description="VP on the score track before this scoring round")
    budget_row: int = Field(0, ge=0, le=10, description="row of the budget marker (OP-14.2 tie break)")
    budget_slot: int = Field(1, ge=1, le=4, description="slot of the budget marker in its row")
    houses: dict[Id, Annotated[list[Hall], Field(max_length=8)] | OperaHouse] = Field(
        default_factory=dict, max_length=8,
        description="city -> halls 1, 2, ...: a composer id, 'house' (the house-composer piece) or '' "
                    "(empty); the number of halls says which parts are built. Venezia defaults to the "
                    "setup house")


class OperaOptions(Strict):
    short_game_7_rounds: bool = False
    allow_negative_score: bool = False


class OperaPad(Strict):
    round: int = Field(ge=1, le=9, description="the round just ended (3, 6 or 9; 7-round game: see data)")
    ladder: list[Id] = Field(min_length=6, max_length=6, description="composer ids, fame 1 (bottom) to 6")
    episode_composers: list[Id] = Field(min_length=3, max_length=3, description="episodes 1-3")
    players: list[OperaPlayer] = Field(min_length=1, max_length=8)
    options: OperaOptions = Field(default_factory=OperaOptions)


# -- Skyrise (SK-12) ---------------------------------------------------------------------------
class SkyrisePlayer(Strict):
    before: Count = Field(0, description="prestige scored before the end of era 2 (era 1, wonders)")
    islands: int = Field(0, ge=0, le=9, description="islands this player controls at the end (SK-10)")
    panorama_counts: list[Count] | None = Field(None, max_length=4, description="per panorama card in play, "
                                                "what it counts (SK-11); default: nothing")
    objective: Id = Field(description="the secret objective's colour")
    objective_structures: Count | None = Field(None, description="structures on that colour; default: "
                                                                 "from `structures`")
    patrons: Counts = Field(default_factory=dict, description="patron discs by letter")
    excess_discs: Count = 0
    commissions: Count = 0
    finished: int = Field(ge=1, le=4, description="1 = finished first (keys, SK-9.2; tie break SK-12.2)")
    structures: Counts = Field(default_factory=dict, description="structures (wonder included) per colour")
    tracks: Counts = Field(default_factory=dict, description="discs on each colour track, 0 to 4")


class SkyrisePad(Strict):
    panoramas: list[Id] = Field(min_length=1, max_length=4, description="the panorama cards in play")
    patron_values: dict[Annotated[str, Field(max_length=2)], Count] = Field(
        max_length=8, description="each patron letter's revealed value")
    players: list[SkyrisePlayer] = Field(min_length=1, max_length=8)


# -- Star Road (SR-3.5, SR-23.2) ---------------------------------------------------------------
class StarRoadPlayer(Strict):
    faction: Id = Field(description="faction card: R*, R, G*, G, B*, B, Y*, Y (SR-3.2)")
    alive: bool = True
    hp: int = Field(0, ge=0, le=256, description="HP of a living character")


class StarRoadOptions(Strict):
    team_mode: Literal["alliance", "colour"] = "alliance"


class StarRoadPad(Strict):
    players: list[StarRoadPlayer] = Field(min_length=1, max_length=12)
    options: StarRoadOptions = Field(default_factory=StarRoadOptions)


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


@router.post("/trickerion/score", response_model=ScoreOut, responses=REFUSED)
def score_trickerion(body: TrickerionPad) -> Any:
    """Trickerion's final scoring (TR-16, Dark Alley TR-16.2-16.3), the 20 caps of option
    final_scoring_cap (A-02) and the Initiative tie break (TR-16.4)."""
    from parlor.games.trickerion.pad import score
    return _scored(score, body)


@router.post("/opera/score", response_model=ScoreOut, responses=REFUSED)
def score_opera(body: OperaPad) -> Any:
    """One scoring round of Opera (OP-13: main halls, episode bonus, empty halls, the floor at 0)
    and the ranking after it (OP-14.2: ties to the higher budget position)."""
    from parlor.games.opera.pad import score
    return _scored(score, body)


@router.post("/skyrise/score", response_model=ScoreOut, responses=REFUSED)
def score_skyrise(body: SkyrisePad) -> Any:
    """Skyrise's final scoring (SK-12.1: islands, panoramas, objective, left-hand area, structures)
    and the winner (SK-12.2: ties to whoever finished first)."""
    from parlor.games.skyrise.pad import score
    return _scored(score, body)


@router.post("/starroad/score", response_model=ScoreOut, responses=REFUSED)
def score_starroad(body: StarRoadPad) -> Any:
    """Star Road's outcome from its end state (SR-3.5 one team left, else SR-23.2 most total HP,
    a shared highest total a draw). Winners score 1, 0.5 each in a draw."""
    from parlor.games.starroad.pad import score
    return _scored(score, body)


@cache
def _sheet(game: str) -> dict[str, Any]:
    module = import_module(f"parlor.games.{game}.sheet")
    return {"game": game, "sheet": module.sheet()}


@router.get("/{game}/sheet")
def reference_sheet(game: Literal["opera", "skyrise", "starroad"]) -> dict[str, Any]:
    """What a game's printed reference sheet (and its score pad's choices) show, from its data
    files; public, printed faces only: Opera's composers, fame ladder, roles and city building
    costs; Skyrise's wonders, objectives and panoramas; Star Road's packaged design chart,
    characters and faction cards. Trickerion's trick reference and score pad read the board's own
    `GET /api/games/trickerion/data`, so a card's face has one source."""
    return _sheet(game)


class ChartIn(Strict):
    chart: str = Field("", max_length=60_000, description="a design chart's TOML text (objects.toml format)")
    characters: str = Field("", max_length=60_000, description="a character table's TOML text")


@router.post("/starroad/sheet")
def own_chart_sheet(body: ChartIn) -> dict[str, Any]:
    """Star Road's sheet for the author's own design chart and/or character table (TOML text, as the
    lobby's chart options take it); an invalid file is refused as `bad_chart` with every problem."""
    from parlor.games.starroad.sheet import sheet
    try:
        return {"game": "starroad", "sheet": sheet(body.chart, body.characters)}
    except DataError as err:
        raise ApiError("bad_chart", str(err)) from None
