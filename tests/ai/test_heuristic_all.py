"""`Game.heuristic_all` (every seat's value at once, for search cut-offs) must equal the
single-seat heuristic of each seat exactly, on every game and its variants (issue 22)."""

from __future__ import annotations

from typing import Any

import pytest

from parlor.core import Rng, all_games, get_game

CASES = [(game.id, players, options)
         for game in all_games()
         for players in (2, 3, 4)
         for options in ({}, *game.variants)]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_heuristic_all_equals_each_seats_heuristic(game_id: str, players: int,
                                                   options: dict[str, Any]) -> None:
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game_id} is not for {players} players")
    state = game.setup(players, 5, options)
    rng = Rng(5)
    checked = 0
    while state.actors() and checked < 150:
        assert game.heuristic_all(state, players) == [game.heuristic(state, seat)
                                                       for seat in range(players)]
        seat = state.actors()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
        checked += 1
    assert checked > 10
