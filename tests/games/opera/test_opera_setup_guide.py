"""Opera's set-up guide for a real table (OP-4, OP-16.2): what each seating place starts with, the
display, the building parts and houses in play, the rounds, each as the engine sets a game up."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.core import get_game
from parlor.games.opera.board import CITIES
from parlor.games.opera.data import DATA

GAME = get_game("opera")


def facts(players: int, short: bool = False) -> dict[str, dict[str, Any]]:
    guide = GAME.setup_guide()
    assert guide is not None and guide.options == ("short_game_7_rounds",)
    found = guide.facts(players, GAME.make_options({"short_game_7_rounds": short}))
    return {fact.key: {"rule": fact.rule, **fact.values} for fact in found}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_each_seating_place_starts_with_is_the_engines_whatever_the_seating(players: int) -> None:
    """OP-4.8, OP-4.9: by seating place, not by seat: every seed's set-up agrees."""
    guide = facts(players)
    assert guide["ducats"]["ducats"] == [20 + place for place in range(players)]  # OP-4.9: 20 / 21 / 22 / 23
    for seed in range(5):
        state = GAME.setup(players, seed)
        assert [state.money[seat] for seat in state.seating] == guide["ducats"]["ducats"]
        slots = sorted(state.slot[seat] for seat in state.seating)
        assert slots == list(range(1, guide["budget"]["last"] + 1))


@pytest.mark.parametrize(("players", "display"), [(2, 5), (3, 7), (4, 9)])
def test_the_first_display_and_the_houses_in_play(players: int, display: int) -> None:
    guide = facts(players)
    assert guide["display"] == {"rule": "OP-4.10", "n": display}
    removed = [part for part in DATA.parts if part.min_players > players]
    if players == 4:
        assert "parts" not in guide and "parts_all" in guide
    else:
        assert guide["parts"]["count"] == len(removed) > 0
    mains = {city: sum(1 for part in DATA.parts if part.kind == "main" and CITIES[part.city] == city
                       and part.min_players <= players) for city in CITIES}
    assert guide["houses"]["houses"] == {city: n for city, n in mains.items() if n}


def test_the_rounds_and_when_the_cities_open_follow_the_variant() -> None:
    normal, short = facts(3), facts(3, short=True)
    assert (normal["rounds"]["rounds"], normal["rounds"]["after"]) == (9, [3, 6, 9])  # OP-5.1, OP-5.2
    assert normal["opens"]["opens"] == {"venezia": 1, "wien": 1, "berlin": 1, "london": 4, "paris": 4,
                                        "milano": 7}  # OP-3.11
    assert short["rounds"]["rule"] == "OP-16.2" and short["rounds"]["rounds"] == DATA.short_game.rounds
    assert short["rounds"]["after"] == list(DATA.short_game.scoring_after_rounds)
    assert short["opens"]["opens"]["milano"] == DATA.short_game.opens["milano"]
