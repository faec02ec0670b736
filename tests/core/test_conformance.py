"""The conformance kit run on every registered game (DESIGN.md, Tests).

Random games per game are spread over its player counts: `PARLOR_KIT_GAMES` (default 200) for
termination and replay; deeper checks sample positions of a few games per player count.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from parlor.core import Game, all_games

from . import conformance as kit


def _label(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in sorted(options.items()))


# Every registered game with its default options, and again for each declared variant.
GAMES: dict[str, Game] = {}
for _game in all_games():
    GAMES[_game.id] = _game
    for _options in _game.variants:
        GAMES[f"{_game.id}[{_label(_options)}]"] = kit.with_options(_game, _options)
TOTAL = int(os.environ.get("PARLOR_KIT_GAMES", "200"))
DEEP = int(os.environ.get("PARLOR_KIT_DEEP", "2"))


def cases() -> list[tuple[str, int]]:
    return [(key, n) for key, g in GAMES.items() for n in range(g.min_players, g.max_players + 1)]


def seeds(game: Game, count: int) -> range:
    per_count = max(4, count // (game.max_players - game.min_players + 1))
    return range(per_count)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_random_games_terminate_and_replay(game_id: str, players: int) -> None:
    """Seeded random games end within move_bound; every record replays to the same state."""
    game = GAMES[game_id]
    for seed in seeds(game, TOTAL):
        kit.check_replay(game, players, seed)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_clones_are_independent(game_id: str, players: int) -> None:
    for seed in range(DEEP):
        kit.check_clone(GAMES[game_id], players, 1000 + seed)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_advance_reaches_what_play_reaches(game_id: str, players: int) -> None:
    for seed in range(DEEP):
        kit.check_advance(GAMES[game_id], players, 6000 + seed)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_views_hide_what_they_must(game_id: str, players: int) -> None:
    for seed in range(DEEP):
        kit.check_views(GAMES[game_id], players, 2000 + seed)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_logs_hide_what_they_must(game_id: str, players: int) -> None:
    for seed in range(DEEP):
        kit.check_log(GAMES[game_id], players, 3000 + seed)


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_moves_accepted_refused_and_round_trip(game_id: str, players: int) -> None:
    for seed in range(DEEP):
        kit.check_moves(GAMES[game_id], players, 4000 + seed)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_event_and_move_has_text_in_every_language(game_id: str) -> None:
    game = GAMES[game_id]
    for seed in range(3):
        kit.check_text(game, game.min_players, 5000 + seed)
