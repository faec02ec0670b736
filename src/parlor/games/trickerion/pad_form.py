"""What Trickerion's score pad takes: what lies on the table at the end of the game (TR-16)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..pad_fields import Count, Counts, Facts, Id


class TrickerionTrick(Facts):
    trick: Id = Field(description="a Trick id of tricks.toml")
    prepared: int = Field(0, ge=0, le=4, description="Trick markers on its card")


class TrickerionPlayer(Facts):
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


class TrickerionOptions(Facts):
    dark_alley: bool = False
    final_scoring_cap: bool = True
    trick_component_source: Literal["majority", "bga"] = "majority"


class TrickerionPad(Facts):
    players: list[TrickerionPlayer] = Field(min_length=1, max_length=8)
    initiative: list[Annotated[int, Field(ge=0, le=7)]] | None = Field(
        None, max_length=8, description="the last turn's Initiative Order, first player first (players by "
                                        "their index in `players`); default: as listed")
    options: TrickerionOptions = Field(default_factory=TrickerionOptions)
