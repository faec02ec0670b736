"""Fit Trickerion's judge of a search's cut-off (src/parlor/games/trickerion/judge.py) to `hard`'s games.

Plays GAMES games at three players, `hard` against two greedy seats (the seats rotated, setup seeds
1000 + i), and keeps, every third decision, each seat's worth in parts (`heuristics.worth_terms`: the
standing terms, then what the cards and the placement add) with the turns left; at the end, each seat's
Fame. Then, for each number of turns left, fits the weight of every part by least squares drawn towards
today's weight of 1 (ridge: LAMBDA times a hundredth of the positions), on the first 70% of the games,
and prints the fit on the rest: R² of the final Fame, and how often the best judged seat won, against
today's worth. `--data FILE` keeps the positions (JSON lines) and reads them back instead of playing.

    python bench/trickerion_judge.py --games 220 --data /tmp/judge.jsonl

Session 49's run (218 games): the weights in judge.py, and on the held-out games the winner named
with 1 to 4 turns left in 74%, 66%, 47% and 47% of positions (today's worth: 51%, 46%, 42%, 41%).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from parlor.ai import make_bot
from parlor.core import Rng, get_game
from parlor.games.trickerion.consts import Phase
from parlor.games.trickerion.heuristics import STANDING_TERMS, worth_terms

LAMBDA = 50.0
NAMES = [*STANDING_TERMS, "rest"]


def play(games: int, out: Path | None) -> list[dict[str, Any]]:
    game = get_game("trickerion")
    played = []
    for index in range(games):
        lineup = ["hard", "greedy", "greedy"]
        shift = index % 3
        bots = [make_bot(name) for name in lineup[shift:] + lineup[:shift]]
        state = game.setup(3, 1000 + index)
        rng = Rng(7000 + index)
        rows = []
        decision = 0
        while not state.is_over():
            seat = state.actors()[0]
            if decision % 3 == 0 and state.phase != Phase.OVER:
                parts = [worth_terms(state, p) for p in range(3)]
                rows.append({"left": state.last_turn - state.turn + 1,
                             "terms": [[*terms, held] for terms, _, held in parts]})
            state.play(seat, bots[seat].choose(game, state, seat, rng))
            decision += 1
        record = {"final": list(state.fame), "rows": rows}
        played.append(record)
        if out is not None:
            with out.open("a", encoding="utf-8") as file:
                file.write(json.dumps(record) + "\n")
        print(f"game {index + 1}/{games}: Fame {record['final']}", file=sys.stderr, flush=True)
    return played


def fit(games: list[dict[str, Any]]) -> None:
    split = int(len(games) * 0.7)
    for left in range(1, 6):
        x, y = rows(games[:split], left)
        if len(y) < 50:
            continue
        centred_x, centred_y = x - x.mean(0), y - y.mean()
        ridge = LAMBDA * len(y) / 100 * np.eye(x.shape[1])
        pull = ridge @ np.ones(x.shape[1])  # towards today's weights, all 1
        weights = np.linalg.solve(centred_x.T @ centred_x + ridge, centred_x.T @ centred_y + pull)
        test_x, test_y = rows(games[split:], left)
        today, fitted = test_x.sum(1), test_x @ weights
        print(f"turns left {left}: {len(y)} seats; R² of the final Fame {r2(test_y, today):.3f} -> "
              f"{r2(test_y, fitted):.3f}; the winner named {named(test_y, today):.1%} -> "
              f"{named(test_y, fitted):.1%}")
        print("    " + ", ".join(f"{name} {weight:.4f}" for name, weight in zip(NAMES, weights, strict=True)))


def rows(games: list[dict[str, Any]], left: int) -> tuple[Any, Any]:
    x, y = [], []
    for record in games:
        for row in record["rows"]:
            if row["left"] == left:
                x.extend(row["terms"])
                y.extend(record["final"])
    return np.array(x, dtype=float), np.array(y, dtype=float)


def r2(truth: Any, guess: Any) -> float:
    """R² of a guess up to a constant (the judge compares seats: an offset changes nothing)."""
    miss = truth - guess
    return float(1 - ((miss - miss.mean()) ** 2).sum() / ((truth - truth.mean()) ** 2).sum())


def named(truth: Any, guess: Any) -> float:
    """How often the seat judged best (three seats a position) had the most Fame at the end."""
    positions = len(truth) // 3
    return sum(int(np.argmax(guess[3 * i:3 * i + 3]) == np.argmax(truth[3 * i:3 * i + 3]))
               for i in range(positions)) / positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=220)
    parser.add_argument("--data", type=Path, help="positions kept here (read back if the file exists)")
    args = parser.parse_args()
    if args.data is not None and args.data.exists():
        games = [json.loads(line) for line in args.data.read_text(encoding="utf-8").splitlines() if line]
    else:
        games = play(args.games, args.data)
    fit(games)


if __name__ == "__main__":
    main()
