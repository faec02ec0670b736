"""Scenarios for Star Road (keys documented in docs/scenarios/starroad.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario
from parlor.core.scenario import common, reject_unknown

if TYPE_CHECKING:
    from .game import StarRoad
    from .state import StarRoadState


def build(game: StarRoad, spec: dict[str, Any]) -> StarRoadState:
    reject_unknown(spec, ())
    players, seed, options = common(spec, 4)
    s = game.setup(players, seed, options)
    if not isinstance(s, object):
        raise BadScenario("unreachable")
    return s
