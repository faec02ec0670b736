"""Request and response bodies. Inputs and outputs are separate models; outputs whitelist fields."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- inputs ----------------------------------------------------------------------------------
class SeatIn(Strict):
    kind: Literal["open", "bot"] = "open"
    level: str = Field("easy", max_length=16, description="bot level: easy, medium, hard or random")


class TableIn(Strict):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=16)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(None, max_length=16, description="default: every seat open")
    clock: float | None = Field(None, gt=0, le=86_400, description="seconds per decision; a bot moves "
                                                                   "for a player who runs out")


class JoinIn(Strict):
    name: str = Field(min_length=1, max_length=40)


class BotIn(Strict):
    level: str = Field("easy", max_length=16)


# -- outputs ---------------------------------------------------------------------------------
class OptionOut(BaseModel):
    name: str
    type: str
    default: Any
    help: str
    choices: list[Any]


class GameOut(BaseModel):
    id: str
    title: str
    description: str
    min_players: int
    max_players: int
    rules_version: str
    options: list[OptionOut]


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
    problem: str | None
    created_at: float
    updated_at: float


class TableList(BaseModel):
    tables: list[TableOut]


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


class ErrorOut(BaseModel):
    code: str
    message: str
