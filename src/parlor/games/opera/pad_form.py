"""What Opera's score pad takes: the table at a scoring round (OP-13, OP-14)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..pad_fields import Facts, Id

Hall = Annotated[str, Field(max_length=20, pattern=r"^[a-z_]*$")]


class OperaHouse(Facts):
    parts: list[Id] = Field(
        min_length=1, max_length=3, description="the built parts, main first (for wings not built in order)")
    halls: list[Hall] = Field(max_length=8, description="the halls of those parts in order")


class OperaPlayer(Facts):
    score: int = Field(ge=0, le=999, description="VP on the score track before this scoring round")
    budget_row: int = Field(0, ge=0, le=10, description="row of the budget marker (OP-14.2 tie break)")
    budget_slot: int = Field(1, ge=1, le=4, description="slot of the budget marker in its row")
    houses: dict[Id, Annotated[list[Hall], Field(max_length=8)] | OperaHouse] = Field(
        default_factory=dict, max_length=8,
        description="city -> halls 1, 2, ...: a composer id, 'house' (the house-composer piece) or '' "
                    "(empty); the number of halls says which parts are built. Venezia defaults to the "
                    "setup house")


class OperaOptions(Facts):
    short_game_7_rounds: bool = False
    allow_negative_score: bool = False


class OperaPad(Facts):
    round: int = Field(ge=1, le=9, description="the round just ended (3, 6 or 9; 7-round game: see data)")
    ladder: list[Id] = Field(min_length=6, max_length=6, description="composer ids, fame 1 (bottom) to 6")
    episode_composers: list[Id] = Field(min_length=3, max_length=3, description="episodes 1-3")
    players: list[OperaPlayer] = Field(min_length=1, max_length=8)
    options: OperaOptions = Field(default_factory=OperaOptions)
