"""Benchmarks that print figures (never asserts): `make bench` or `python bench/run.py [GAME...]`.

For each game and player count: milliseconds per random playout (setup included), decisions
(legal_moves + play) per second, and the rates of legal_moves, clone+play, clone and view calls.
Rates are per CPU-second of this one process (one core), so other work on the machine does not
skew them much; still compare figures as ratios taken in the same run: the last column relates each
game's decision rate to the fixture game's.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from fixturegames.sealed_bids import SealedBids  # noqa: E402
from parlor.core import Game, Rng, all_games, register  # noqa: E402

SECONDS = 1.5  # per measurement


def playouts(game: Game[Any], players: int) -> tuple[float, float]:
    """(milliseconds per game, decisions per second) of seeded random playouts."""
    games = moves = 0
    start = time.process_time()
    while time.process_time() - start < SECONDS or games < 2:
        state = game.setup(players, games)
        rng = Rng(games)
        while True:
            actors = state.actors()
            if not actors:
                break
            seat = actors[0]
            state.play(seat, rng.choice(state.legal_moves(seat)))
            moves += 1
        games += 1
    elapsed = time.process_time() - start
    return 1000 * elapsed / games, moves / elapsed


def calls(game: Game[Any], players: int) -> dict[str, float]:
    """Calls per second of legal_moves, play, clone and view at positions of a random game."""
    positions = []
    state = game.setup(players, 99)
    rng = Rng(99)
    while state.actors() and len(positions) < 200:
        positions.append(state.clone())
        seat = state.actors()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
    out: dict[str, float] = {}
    for name, fn in {
        "legal_moves": lambda s: s.legal_moves(s.actors()[0]),
        "clone+play": lambda s: s.clone().play(s.actors()[0], s.legal_moves(s.actors()[0])[0]),
        "clone": lambda s: s.clone(),
        "view": lambda s: s.view(s.actors()[0]),
    }.items():
        n, start = 0, time.process_time()
        while time.process_time() - start < SECONDS / 3:
            fn(positions[n % len(positions)])
            n += 1
        out[name] = n / (time.process_time() - start)
    return out


def main(selected: list[str]) -> None:
    register(SealedBids())
    games = [g for g in all_games() if not selected or g.id in selected]
    baseline = None
    print(f"{'game':<12}{'players':>8}{'ms/game':>10}{'dec/s':>10}{'legal/s':>10}{'clone+play':>11}"
          f"{'clone/s':>10}{'view/s':>10}{'vs fixture':>12}")
    for game in sorted(games, key=lambda g: g.id != "sealed_bids"):
        for players in range(game.min_players, game.max_players + 1):
            ms_per_game, per_move = playouts(game, players)
            c = calls(game, players)
            if baseline is None:
                baseline = per_move
            print(f"{game.id:<12}{players:>8}{ms_per_game:>10.2f}{per_move:>10.0f}"
                  f"{c['legal_moves']:>10.0f}{c['clone+play']:>11.0f}{c['clone']:>10.0f}"
                  f"{c['view']:>10.0f}{per_move / baseline:>11.2f}x", flush=True)
    for extra in ("ismcts", "server_latency"):
        path = Path(__file__).with_name(f"{extra}.py")
        if path.exists() and (not selected or extra in selected):
            importlib.import_module(extra).main()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1:])
