"""What Skyrise's score pad takes: the table at the end of era 3 (SK-12)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..pad_fields import Count, Counts, Facts, Id


class SkyrisePlayer(Facts):
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


class SkyrisePad(Facts):
    panoramas: list[Id] = Field(min_length=1, max_length=4, description="the panorama cards in play")
    patron_values: dict[Annotated[str, Field(max_length=2)], Count] = Field(
        max_length=8, description="each patron letter's revealed value")
    players: list[SkyrisePlayer] = Field(min_length=1, max_length=8)
