"""Engine guard, not in the seed (docs/status/starroad.md): at most `production_limit` production
actions per turn. Without it the Recycler (c09, SR-18) could build over a full line and invest
1 [W] forever, each discarded object (SR-8.3 step 3) refunding that [W] (SR-17), and a turn
would never end; bots searching such a position looped until stopped."""

from __future__ import annotations

import pytest

from parlor.core import BadOptions, IllegalMove
from parlor.games.starroad import StarRoadState

from .helpers import legal, play, scen


def recycler(limit: int | None = None) -> StarRoadState:
    options = {} if limit is None else {"production_limit": limit}
    return scen(players=2, seed=3, options=options, characters=["recycler", None], active=0,
                turns=1, seats=[{"storage": 2, "character_up": True,
                                 "objects": [{"no": "1031", "line": 1, "level": 1},
                                             {"no": "2021", "line": 1, "level": 2, "w": 1}]}, {}])


def cycle(s: StarRoadState) -> None:
    """Build 2021 over the incomplete 2021 on line 1 and invest 1 [W]: storage is unchanged."""
    play(s, 0, "build no=2021", "place line=1 level=2", "invest amount=1")


def test_the_recycler_loop_is_free_so_only_the_limit_ends_it() -> None:
    s = recycler(0)
    storage = s.players[0].storage
    for _ in range(50):
        cycle(s)
    assert s.players[0].storage == storage
    assert "build no=2021" in legal(s, 0)


def test_production_stops_at_the_limit_until_the_next_turn() -> None:
    s = recycler(3)
    for _ in range(3):
        cycle(s)
    moves = legal(s, 0)
    assert not any(m.startswith(("build", "continue")) for m in moves) and "end" in moves
    with pytest.raises(IllegalMove):
        play(s, 0, "build no=2021")
    assert s.view(0)["productions"] == 3
    play(s, 0, "end")
    while s.active == 0:  # the end-of-action window (SR-6.5)
        play(s, s.actors()[0], "pass")
    assert s.active == 1 and s.view(1)["productions"] == 0
    assert any(m.startswith("build") for m in legal(s, 1))


def test_the_default_limit_is_40_and_negative_limits_are_refused() -> None:
    s = recycler()
    assert s.view(0)["production_limit"] == 40
    for _ in range(40):
        cycle(s)
    assert not any(m.startswith("build") for m in legal(s, 0))
    with pytest.raises(BadOptions, match="production_limit"):
        recycler(-1)
