"""Speed work must not change what the bots choose: greedy's and the tuned search's choices (and
the search's root visit counts) on a seeded set of positions of every game at 2 and 4 players,
recorded before the speed-ups (issue 22) in `data/choices.json`.

A deliberate change of the search or a heuristic re-records them:
``.venv/bin/python tests/ai/test_same_choices.py --record`` (and says why in its commit).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from parlor.ai import GreedyBot, IsmctsBot, make_bot
from parlor.core import Rng, State, get_game

RECORD = Path(__file__).parent / "data" / "choices.json"
GAMES = ("opera", "skyrise", "starroad", "trickerion")
PLAYERS = (2, 4)
POSITIONS = 3  # per game and player count
SEARCH = "ismcts:200i:t"  # the hard level without its time limit, so it is reproducible


def positions(game_id: str, players: int) -> list[tuple[State, int]]:
    """`POSITIONS` positions with a choice, spread over a seeded random game."""
    state = get_game(game_id).setup(players, 11)
    rng = Rng(11)
    seen: list[tuple[State, int]] = []
    while state.actors():
        seat = state.actors()[0]
        moves = state.legal_moves(seat)
        if len(moves) > 1:
            seen.append((state.clone(), seat))
        state.play(seat, rng.choice(moves))
    step = max(1, len(seen) // POSITIONS)
    return seen[step // 2::step][:POSITIONS]


def choices(game_id: str, players: int) -> list[dict[str, Any]]:
    """What greedy and the search choose at each position, with the search's root visits."""
    game = get_game(game_id)
    out = []
    for i, (state, seat) in enumerate(positions(game_id, players)):
        greedy = GreedyBot().choose(game, state, seat, Rng(i))
        search = make_bot(SEARCH)
        assert isinstance(search, IsmctsBot)
        chosen = search.choose(game, state, seat, Rng(i))
        assert search.last is not None
        visits = sorted([str(m.move), m.visits] for m in search.last.moves)
        out.append({"greedy": str(greedy), "search": str(chosen), "visits": visits})
    return out


def recorded() -> dict[str, Any]:
    return json.loads(RECORD.read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("game_id", GAMES)
def test_bots_choose_as_recorded(game_id: str, players: int) -> None:
    assert choices(game_id, players) == recorded()[f"{game_id}/{players}"]


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    RECORD.write_text(json.dumps({f"{g}/{n}": choices(g, n) for g in GAMES for n in PLAYERS},
                                 indent=1) + "\n", encoding="utf-8")
