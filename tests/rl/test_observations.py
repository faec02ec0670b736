"""Observations are built from the seat's view only: planted markers in everything hidden from a
seat change nothing in its observation, and a simultaneous decision's commits stay hidden."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import parlor.rl as rl
from parlor.core import get_game
from parlor.rl.observations import encode, features, size_for

from .conftest import case_id, cases, random_positions

POSITIONS = 40   # per game, player count and variant
SIZE = 4096


def leaked(markers: list[int | str], found: dict[str, float]) -> list[Any]:
    """Markers that appear in a feature's name or value."""
    names = json.dumps(sorted(found))
    values = set(found.values())
    return [m for m in markers if (isinstance(m, str) and m in names)
            or (isinstance(m, int) and (str(m) in names or float(m) in values))]


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_planted_markers_never_reach_an_observation(case: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, variant = case
    game = get_game(game_id)
    planted = 0
    for state in random_positions(game, players, variant, seed=11, limit=POSITIONS):
        for seat in range(players):
            before = encode(state.view(seat), seat, SIZE)
            copy = state.clone()
            markers = copy.plant_markers(seat)
            view = copy.view(seat)
            assert np.array_equal(encode(view, seat, SIZE), before), f"seat {seat}'s observation changed"
            assert leaked(markers, features(view, seat)) == []
            planted += len(markers)
    assert planted > 0


def test_the_environment_observes_the_view_of_its_agent() -> None:
    env = rl.env("opera", 3)
    env.reset(seed=3)
    for seat, agent in enumerate(env.possible_agents):
        observed = env.observe(agent)["observation"]
        assert np.array_equal(observed, encode(env.table.state.view(seat), seat,
                                              env.table.observation_size))
        copy = env.table.state.clone()
        assert copy.plant_markers(seat)
        original = env.table.state
        env.table.use(copy)
        assert np.array_equal(env.observe(agent)["observation"], observed)
        env.table.use(original)


def first_simultaneous(game_id: str, players: int) -> Any:
    """The first position of a seeded random game where several seats decide at once."""
    for seed in range(1, 20):
        for state in random_positions(get_game(game_id), players, {}, seed, 400):
            if len(state.actors()) > 1:
                return state.clone()
    raise AssertionError(f"no simultaneous decision in {game_id}'s random games")


@pytest.mark.parametrize("game_id, players", [("sealed_bids", 3), ("opera", 3), ("skyrise", 3),
                                              ("starroad", 4), ("trickerion", 3)])
def test_no_commit_shows_in_the_next_seats_observation(game_id: str, players: int) -> None:
    """OP-6.1, SK-7.2, SR-5.5, TR-7.1, SB-2: simultaneous choices are hidden. In the AEC order
    the lowest seat commits first; whatever it chose, the next seat observes the same. The
    choices compared are the decision's own kind (bid, keep_wonder, choose, assign), not a move
    that opens a public step, such as Trickerion's discard (TR-23)."""
    state = first_simultaneous(game_id, players)
    first, second = sorted(state.actors())[:2]
    seen = set()
    choices = state.legal_moves(first)
    commits = [m for m in choices if m.kind == choices[0].kind]
    for move in commits:
        copy = state.clone()
        copy.play(first, move)
        assert second in copy.actors()
        seen.add((encode(copy.view(second), second, SIZE).tobytes(),
                  json.dumps(copy.legal_moves(second), default=str)))
    assert len(commits) > 1 and len(seen) == 1


@pytest.mark.parametrize("game_id, players", [("sealed_bids", 3), ("opera", 4)])
def test_a_simultaneous_commit_is_hidden_from_the_next_seat(game_id: str, players: int) -> None:
    """SB-2 / OP-6.1: bids are secret. Whatever the first seat commits, the seat selected after
    it observes the same vector and mask (only that the first seat has committed)."""
    seen = set()
    env = rl.env(game_id, players)
    env.reset(seed=5)
    first = env.agent_selection
    assert len(env.table.state.actors()) == players, "the game opens with a simultaneous bid"
    choices = np.flatnonzero(env.observe(first)["action_mask"])
    assert len(choices) > 1
    for action in choices:
        env.reset(seed=5)
        env.step(int(action))
        second = env.agent_selection
        assert second != first
        observation = env.observe(second)
        seen.add((observation["observation"].tobytes(), observation["action_mask"].tobytes(),
                  json.dumps(env.infos[second]["view"], sort_keys=True)))
    assert len(seen) == 1


def test_the_size_grows_with_the_views() -> None:
    """At least 8 slots per feature of the largest view sampled, a power of two, 2048 at least."""
    assert size_for([]) == size_for([100]) == size_for([256]) == 2048
    assert size_for([257]) == size_for([100, 512]) == 4096
    sizes = {game_id: rl.env(game_id, players).table.observation_size
             for game_id, players in (("sealed_bids", 2), ("opera", 4), ("skyrise", 4))}
    assert sizes["sealed_bids"] == 2048 and sizes["skyrise"] > sizes["opera"]
    env = rl.env("skyrise", 4)
    assert env.observation_space("player_0")["observation"].shape == (sizes["skyrise"],)
    assert rl.env("opera", 4, observation_size=512).table.observation_size == 512


def test_features_name_what_the_view_holds() -> None:
    found = features({"phase": "bid", "hand": [3, 7], "money": 5, "flag": True, "x": None}, 1)
    assert found == {"@seat=1": 1.0, "/phase=bid": 1.0, "/hand/#": 2.0, "/hand/0": 3.0,
                     "/hand/*": 10.0, "/hand/1": 7.0, "/money": 5.0, "/flag": 1.0,
                     "/x=null": 1.0}
