"""`Game.heuristic_all` (every seat's value at once, for search cut-offs) must equal the
single-seat heuristic of each seat exactly, on every game and its variants (issue 22)."""

from __future__ import annotations

from typing import Any

import pytest

from core.conformance import fingerprint
from parlor.core import Game, Rng, all_games, get_game

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


# Games whose `heuristic_after` judges some moves together (the others judge none).
JUDGES_TOGETHER = {"starroad", "trickerion"}


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_heuristic_after_equals_the_heuristic_of_each_move_played(
        game_id: str, players: int, options: dict[str, Any]) -> None:
    """`Game.heuristic_after` (a one-ply ranking's moves judged together) gives every move it
    judges exactly the heuristic of the position that move leads to, on a game that goes on,
    and leaves the position as it was."""
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game_id} is not for {players} players")
    state = game.setup(players, 6, options)
    rng = Rng(6)
    checked = judged_moves = 0
    while state.actors() and checked < 150:
        seat = state.actors()[0]
        moves = state.legal_moves(seat)
        before = fingerprint(state)  # the kit's: the game's frozen data digested once
        judged = game.heuristic_after(state, seat, moves)
        assert fingerprint(state) == before
        for move, value in judged.items():
            after = state.clone()
            after.play(seat, move)
            assert not after.is_over()
            assert value == game.heuristic(after, seat), (checked, str(move))
        judged_moves += len(judged)
        state.play(seat, rng.choice(moves))
        checked += 1
    assert checked > 10
    assert (judged_moves > 0) == (game_id in JUDGES_TOGETHER)


# Opera's heuristic plays its own role's continuations (`heuristics._ahead`), and some of them
# draw from the deck, which is hidden: it is judged on determinizations only (greedy and the
# search never call it on anything else), so a deck of markers cannot be played through.
PLAYS_ON = {"opera"}


@pytest.mark.parametrize("game_id", [game.id for game in all_games() if game.id not in PLAYS_ON])
@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_reads_only_what_the_seat_sees(game_id: str, players: int) -> None:
    """Markers planted in everything hidden from a seat (`State.plant_markers`) leave its
    heuristic exactly as it was: the totals the speed work computes once per position for every
    judging seat never carry another seat's secrets into a value."""
    game = get_game(game_id)
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game_id} is not for {players} players")
    state = game.setup(players, 8)
    rng = Rng(8)
    checked = 0
    while state.actors() and checked < 60:
        for seat in range(players):
            value = game.heuristic(state, seat)
            planted = state.clone()
            planted.plant_markers(seat)
            assert game.heuristic(planted, seat) == value, (checked, seat)
        seat = state.actors()[0]
        moves = state.legal_moves(seat)
        planted = state.clone()
        planted.plant_markers(seat)
        assert game.heuristic_after(planted, seat, moves) == game.heuristic_after(state, seat, moves)
        state.play(seat, rng.choice(state.legal_moves(seat)))
        checked += 1
    assert checked > 10


# Games that judge a search's cut-offs otherwise than by their heuristic (the others' `judge_all` is
# `heuristic_all`, held to each seat's heuristic above)
OWN_JUDGE = [game.id for game in all_games() if type(game).judge_all is not Game.judge_all]


def test_trickerion_judges_its_searches_by_a_fitted_worth() -> None:
    assert OWN_JUDGE == ["trickerion"]


@pytest.mark.parametrize("game_id", OWN_JUDGE)
def test_a_search_judges_each_seat_by_what_it_sees(game_id: str) -> None:
    """`Game.judge_all` (what a search's cut-off is worth to every seat; Trickerion's is fitted to the
    search's own games at three players) reads for each seat only what that seat may see: markers
    planted in everything hidden from a seat leave its value exactly as it was."""
    game = get_game(game_id)
    players = 3 if game.min_players <= 3 <= game.max_players else game.min_players
    state = game.setup(players, 9)
    rng = Rng(9)
    checked = differ = 0
    while state.actors() and checked < 300:  # a game's first turns: Trickerion's judge speaks from its second
        values = game.judge_all(state, players)
        differ += values != game.heuristic_all(state, players)
        for seat in range(players):
            planted = state.clone()
            planted.plant_markers(seat)
            assert game.judge_all(planted, players)[seat] == values[seat], (checked, seat)
        for _ in range(2):
            if state.actors():
                seat = state.actors()[0]
                state.play(seat, rng.choice(state.legal_moves(seat)))
        checked += 1
    assert differ > 20, "the game's own judge never spoke"
