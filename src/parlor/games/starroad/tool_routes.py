"""Star Road's own route of the tools API: the reference sheet of an author's own design chart."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import Field

from parlor.core import DataError
from parlor.server.errors import ApiError

from ..pad_fields import Facts
from .sheet import sheet


class ChartIn(Facts):
    chart: str = Field("", max_length=60_000, description="a design chart's TOML text (objects.toml format)")
    characters: str = Field("", max_length=60_000, description="a character table's TOML text")


def own_chart_sheet(body: ChartIn) -> dict[str, Any]:
    """Star Road's sheet for the author's own design chart and/or character table (TOML text, as the
    lobby's chart options take it); an invalid file is refused as `bad_chart` with every problem."""
    try:
        return {"game": "starroad", "sheet": sheet(body.chart, body.characters)}
    except DataError as err:
        raise ApiError("bad_chart", str(err), reason=err.reason, problems=err.problems) from None


def register(router: APIRouter) -> None:
    router.post("/starroad/sheet")(own_chart_sheet)
