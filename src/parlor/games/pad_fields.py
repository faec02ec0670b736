"""The pieces every score pad's facts model is built from (pydantic): a strict model that refuses
unknown keys, counts, ids and counts by id, each bounded so no request is larger than a table."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field


class Facts(BaseModel):
    """A pad's facts: unknown keys and values of the wrong type are refused, never coerced."""

    model_config = ConfigDict(extra="forbid", strict=True)


Count = Annotated[int, Field(ge=0, le=999)]
Id = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_*A-Z]+$")]
Counts = Annotated[dict[Id, Count], Field(max_length=16)]
