"""Request and response bodies. Inputs and outputs are separate models; outputs whitelist fields.

Inputs are strict: a boolean is not a number, a number is not a string, unknown fields are refused.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# -- inputs ----------------------------------------------------------------------------------
class SeatIn(Strict):
    kind: Literal["open", "bot"] = "open"
    level: str = Field("easy", max_length=16, description="bot level: easy, medium, hard, expert or random")


class TableIn(Strict):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(None, max_length=16, description="default: every seat open")
    clock: float | None = Field(None, description="seconds per decision, 5 to 604800 (7 days); null: no "
                                                  "clock. A bot makes the decision of a player who runs out")


class JoinIn(Strict):
    name: str = Field(min_length=1, max_length=40)


class BotIn(Strict):
    level: str = Field("easy", max_length=16)


class WhyIn(Strict):
    move: dict[str, Any]


class HintIn(Strict):
    step: int | None = Field(None, ge=0, le=1_000_000,
                             description="a past position, after the first `step` moves, where the "
                                         "decision was this seat's; none: the position now")


# -- outputs ---------------------------------------------------------------------------------
class OptionOut(BaseModel):
    name: str
    type: str
    default: Any
    help: str
    choices: list[Any]
    min: float | None = Field(None, description="smallest value of a number option, if bounded")
    max: float | None = Field(None, description="largest value of a number option, if bounded")
    available: bool = Field(True, description="false: shown for completeness, but setup refuses it")


class GameOut(BaseModel):
    id: str
    title: str
    titles: dict[str, str] = Field(description="the title in each language (the user's documents' own where "
                                               "they give one, else the published title)")
    description: str
    descriptions: dict[str, str] = Field(description="the description in each language (the catalog's "
                                                     "`[ui] description`, else `description`)")
    min_players: int
    max_players: int
    rules_version: str
    options: list[OptionOut]
    setup_guide: bool = Field(False, description="the game has a set-up guide for a real table "
                                                 "(`GET /api/tools/{game}/setup`)")


class GamesOut(BaseModel):
    games: list[GameOut]
    bot_levels: list[str]
    bot_descriptions: dict[str, str]


class SeatOut(BaseModel):
    seat: int
    kind: str
    level: str | None
    name: str | None
    away: bool
    playing: str
    connected: bool = Field(description="the seat has a live connection (best effort across processes)")
    handed: bool = Field(description="its player asked a bot to play for them, and can take it back")
    timed_out: bool = Field(description="a bot makes the current decision: the clock ran out")


class TableOut(BaseModel):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: str
    clock: float | None
    index: int
    epoch: int
    seats: list[SeatOut]
    actors: list[int] | None
    open_seats: list[int]
    result: dict[str, Any] | None
    problem: str | None = Field(description="why the table's record cannot be read or replayed")
    host: bool = Field(description="true only when this request presents the table's host token")
    next: str | None = Field(None, description="the table that plays this finished one again, once a "
                                               "player opened it (POST .../again)")
    created_at: float
    updated_at: float


class CreatedOut(TableOut):
    host_token: str = Field(description="shown once: lets its holder give open seats to bots")


class WeighedOut(BaseModel):
    move: dict[str, Any] = Field(description="one of the seat's legal moves")
    share: float = Field(description="its share of the search's visits to the seat's legal moves, 0 to 1")


class HintOut(BaseModel):
    move: dict[str, Any] = Field(description="a legal move of the seat, as the hard bot would choose it")
    index: int = Field(description="the position (move count) the hint answers")
    level: str = Field(description="the bot level that gave it")
    weighed: list[WeighedOut] = Field(
        description="how the bot's search divided: its move first, then the seat's other choices that "
                    "stood out in it (5%; among more than 4, 1.5 times an even split), by share, at most 3 "
                    "in all; none where it did not search, there was one choice, or no choice stood out")
    spread: int = Field(description="where no choice stood out in the search: how many it spread over "
                                    "(a close call); 0 otherwise")
    played: WeighedOut | None = Field(description="at a past position: the move the seat played there and "
                                                  "its share of the search; none now")


class AgainOut(BaseModel):
    table: str = Field(description="the next table: the same game, options, players and clock; bots "
                                   "at their levels, each player's seat open for them")
    host_token: str | None = Field(description="shown once, to the player who opened the next table")


class TableList(BaseModel):
    tables: list[TableOut]
    page: int
    pages: int
    total: int


class JoinOut(BaseModel):
    table: TableOut
    seat: int
    token: str = Field(description="shown once: keep it to reconnect, leave or undo")


class MoveOut(BaseModel):
    index: int
    seat: int
    move: dict[str, Any] | None = Field(description="null when the asking seat may not see it")


class RecordOut(BaseModel):
    table: str
    status: str
    seat: int | None
    complete: bool = Field(description="true once the game is over: `record` then replays it")
    record: dict[str, Any] | None
    moves: list[MoveOut]
    log: list[dict[str, Any]]
    result: dict[str, Any] | None


class PastPosition(BaseModel):
    """A past position of a table as one seat (or a spectator) saw it."""

    table: str
    game: str
    players: int
    step: int
    total: int
    seat: int | None
    view: dict[str, Any]
    actors: list[int]


class ReviewOut(PastPosition):
    last: dict[str, Any] | None = Field(description='{"seat", "move", "text", "events"} for the seat\'s own '
                                                  'move; {"seat", "move": null, "events"} for another\'s')
    log: list[dict[str, Any]]


class ReplayOut(PastPosition):
    last: dict[str, Any] | None = Field(description='{"seat", "move", "text", "events"}')
    result: dict[str, Any] | None


class ScorePointOut(BaseModel):
    step: int = Field(description="moves made: 0 is the start")
    scores: list[float] = Field(description="each seat's running score (or what the chart follows) then, "
                                            "in seat order")


class ScoreCourseOut(BaseModel):
    table: str
    total: int = Field(description="the game's moves")
    label: str | None = Field(description="the key of the game's catalog [ui] word for what the points count "
                                          "where it is not a score (Star Road: `hp`); null: a score")
    points: list[ScorePointOut] = Field(
        description="the start, each move that changed a score, and the end; empty for a game whose chart "
                    "follows nothing (`Game.charted_score`: the live score, or Star Road's HP)")


class WhyOut(BaseModel):
    legal: bool
    rule: str | None = Field(description="the ID of the rule that forbids the move, never its sentence")
    code: str | None = Field(None, description="not_your_turn when this seat is not deciding")


class ChatLine(BaseModel):
    id: int
    at: float
    seat: int | None
    name: str
    text: str


class ChatOut(BaseModel):
    messages: list[ChatLine]


class LiveScoreOut(BaseModel):
    score: str = Field(description="the field of each `entries` entry of a view holding its running score "
                                   "(with `listed`: a top-level list of numbers in seat order)")
    parts: str | None = Field(None, description="the field holding that score's parts, if any")
    listed: bool = False
    entries: str = Field("players", description="the view's list of one entry a seat")
    label: str | None = Field(None, description="the key of the game's catalog [ui] word for what the "
                                                "number counts where it is not a score")


class GameDataOut(BaseModel):
    game: str
    rules_version: str
    live_score: LiveScoreOut | None = Field(description="where the views keep the running scores; "
                                                        "null: the game shows none")
    data: dict[str, Any]


class RulesOut(BaseModel):
    game: str
    lang: str
    markdown: str
    rules: dict[str, str] = Field(description="each rule ID's one-sentence statement")


class DescribedOut(BaseModel):
    label: str
    help: str
    values: dict[str, str]


class PresetOut(DescribedOut):
    options: dict[str, Any]


class TextOut(BaseModel):
    game: str
    lang: str
    events: dict[str, str]
    moves: dict[str, str]
    names: dict[str, str]
    ui: dict[str, str]
    steps: dict[str, str]
    rules: dict[str, str]
    options: dict[str, DescribedOut]
    presets: dict[str, PresetOut]
    words: dict[str, str] = Field(description="naming words shared with the server and the terminal")
    errors: dict[str, str] = Field(description="parlor's own error words (`error_<reason>`, `type_<type>`), "
                                               "shared with the terminal; a game's own are in `ui`")


class ProblemOut(BaseModel):
    """One problem of an uploaded file (a Star Road chart or character table), for the reader's
    language: the catalog's `error_<reason>` filled with `params`, at `line` in entry `[table.key]`
    (named `name` / `name_zh` as its author wrote), effect `effect` (from 1; 0: none)."""

    reason: str
    params: dict[str, Any] = Field(description="its values: field names, numbers, the author's own values")
    file: str = Field(description="the option the file came with (chart, characters)")
    table: str
    key: str
    name: str
    name_zh: str
    effect: int
    line: int | None


class ErrorOut(BaseModel):
    """Every error: a stable `code` and an English `message`; `reason` and `params` name the case for
    words in the reader's language (`error_<reason>`: the game's catalog `[ui]`, else parlor's own),
    `problems` each problem of an uploaded file. Params hold only the player's own input and public
    facts (option names, bounds, field names, line numbers)."""

    code: str
    message: str
    reason: str | None = None
    params: dict[str, Any] | None = None
    problems: list[ProblemOut] | None = None
