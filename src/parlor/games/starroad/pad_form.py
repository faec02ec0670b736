"""What Star Road's score pad takes: the characters at the end (SR-3.5, SR-23.2)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..pad_fields import Facts, Id


class StarRoadPlayer(Facts):
    faction: Id = Field(description="faction card: R*, R, G*, G, B*, B, Y*, Y (SR-3.2)")
    alive: bool = True
    hp: int = Field(0, ge=0, le=256, description="HP of a living character")


class StarRoadOptions(Facts):
    team_mode: Literal["alliance", "colour"] = "alliance"


class StarRoadPad(Facts):
    players: list[StarRoadPlayer] = Field(min_length=1, max_length=12)
    options: StarRoadOptions = Field(default_factory=StarRoadOptions)
