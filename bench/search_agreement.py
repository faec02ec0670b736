"""Does a longer search settle on a choice? Agreement of short searches with long ones, no games.

For each game: positions met in seeded greedy self-play (every seat greedy, `--positions` of them
spread over the game); at each, the search `SPEC` with every iteration budget of `--budgets` and
`--runs` seeds. The reference choice of a position is the most frequent choice of the largest
budget's runs. Printed per budget: how often a run agrees with the reference, and how often two
runs of that budget agree with each other (a search that converges agrees with itself more as
its budget grows; one that drifts does not).

    .venv/bin/python bench/search_agreement.py starroad opera --spec 'ismcts:{}i:t' \
        --budgets 200,1000,5000 --runs 3 --positions 8
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from itertools import combinations
from typing import Any

from parlor.ai import GreedyBot, make_bot
from parlor.core import Rng, State, get_game


def positions(game_id: str, players: int, count: int, seed: int) -> list[tuple[State, int]]:
    """`count` positions with a choice, spread over a seeded game of greedy seats."""
    game = get_game(game_id)
    state = game.setup(players, seed)
    rng = Rng(seed)
    greedy = GreedyBot()
    seen: list[tuple[State, int]] = []
    while state.actors():
        seat = state.actors()[0]
        moves = state.legal_moves(seat)
        if len(moves) > 1:
            seen.append((state.clone(), seat))
            move = greedy.choose(game, state, seat, rng)
        else:
            move = moves[0]
        state.play(seat, move)
    step = max(1, len(seen) // count)
    return seen[step // 2::step][:count]


def agreement(game_id: str, players: int, spec: str, budgets: list[int], runs: int,
              count: int, seed: int) -> dict[str, Any]:
    game = get_game(game_id)
    chosen: dict[int, list[list[str]]] = {b: [] for b in budgets}  # budget -> position -> runs
    for state, seat in positions(game_id, players, count, seed):
        for budget in budgets:
            picks = []
            for run in range(runs):
                bot = make_bot(spec.format(budget))
                picks.append(str(bot.choose(game, state, seat, Rng(1000 * run + 7))))
            chosen[budget].append(picks)
    largest = budgets[-1]
    references = [Counter(picks).most_common(1)[0][0] for picks in chosen[largest]]
    out: dict[str, Any] = {"game": game_id, "players": players, "spec": spec,
                           "positions": len(references), "budgets": {}}
    for budget in budgets:
        runs_by_position = chosen[budget]
        agree = sum(p == ref for picks, ref in zip(runs_by_position, references, strict=True)
                    for p in picks)
        total = sum(len(picks) for picks in runs_by_position)
        pairs = [a == b for picks in runs_by_position for a, b in combinations(picks, 2)]
        out["budgets"][budget] = {"with_reference": agree / total,
                                  "self": sum(pairs) / len(pairs) if pairs else 1.0}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--spec", default="ismcts:{}i:t", help="a spec with {} for the iterations")
    parser.add_argument("--budgets", default="200,1000,5000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    for game_id in args.games:
        result = agreement(game_id, args.players, args.spec, budgets, args.runs, args.positions,
                           args.seed)
        if args.json:
            print(json.dumps(result))
            continue
        cells = "  ".join(f"{b}i: ref {v['with_reference']:.0%} self {v['self']:.0%}"
                          for b, v in result["budgets"].items())
        print(f"{game_id}/{args.players} {args.spec} ({result['positions']} positions): {cells}",
              flush=True)


if __name__ == "__main__":
    main()
