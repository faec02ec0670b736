"""Engine and search speed, old tree against new in one run (figures, never asserts).

    python bench/speed.py [GAME...] [--players 2,4] [--runs 5] [--json]
    python bench/speed.py [GAME...] --compare main[,REV...] [--runs 5] [--json]

For each game and player count it measures, per CPU-second of one process:

- ``legal``: `legal_moves` on fresh positions, i.e. the first call after each move of seeded random
  playouts (a second call on the same position would only read the game's cache);
- ``clone``, ``redetermine`` (for the seat deciding) and ``view`` on positions of a seeded game;
- ``ismcts``: iterations per second of the levels' tuned search with an *iteration* budget at a
  few positions, so both trees do the same work whatever the machine's load.

Each figure is the median of ``--runs`` runs. The machine is shared, so only ratios measured in
one run mean anything: ``--compare REV[,REV...]`` exports each REV's ``src/`` with ``git archive``
(and a copy of this worktree's) into a temporary directory and runs this same script on every
tree in turn in subprocesses, one run each time, then prints each tree's medians and its ratios
to the first REV.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("opera", "skyrise", "starroad", "trickerion")
METRICS = ("legal", "clone", "redetermine", "view", "ismcts")
SECONDS = 0.3  # per call-rate measurement
POSITIONS = 40  # positions of a seeded game for the call rates
SEARCHES = 3  # positions searched for the ISMCTS rate
ITERATIONS = 300  # per search


def _parlor(source: Path) -> Any:
    """The `parlor` package of `source` (a tree's src/), imported ahead of the installed one."""
    sys.path.insert(0, str(source))
    import parlor.core

    assert Path(parlor.core.__file__).resolve().is_relative_to(source.resolve()), parlor.core.__file__
    return parlor


def game_positions(core: Any, game: Any, players: int, count: int, seed: int) -> list[Any]:
    """`count` positions (with a choice to make) spread over a seeded random game."""
    state = game.setup(players, seed)
    rng = core.Rng(seed)
    seen = []
    while state.actors():
        seat = state.actors()[0]
        moves = state.legal_moves(seat)
        if len(moves) > 1:
            seen.append(state.clone())
        state.play(seat, rng.choice(moves))
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def legal_rate(core: Any, game: Any, players: int) -> float:
    """`legal_moves` calls per CPU-second, each the first call on a position just reached."""
    calls, spent, seed = 0, 0.0, 0
    clock = time.process_time
    while spent < SECONDS:
        state = game.setup(players, seed)
        rng = core.Rng(seed)
        while True:
            actors = state.actors()
            if not actors:
                break
            start = clock()
            moves = state.legal_moves(actors[0])
            spent += clock() - start
            calls += 1
            state._apply(actors[0], rng.choice(moves))
        seed += 1
    return calls / spent


def call_rate(positions: list[Any], call: Any) -> float:
    """Calls per CPU-second of `call` over `positions`, round robin."""
    n, start = 0, time.process_time()
    while time.process_time() - start < SECONDS:
        call(positions[n % len(positions)])
        n += 1
    return n / (time.process_time() - start)


def ismcts_rate(core: Any, ai: Any, game: Any, players: int) -> float:
    """Iterations per CPU-second of the tuned search with a fixed iteration budget."""
    iterations, spent = 0, 0.0
    for i, state in enumerate(game_positions(core, game, players, SEARCHES, 7)):
        seat = state.actors()[0]
        bot = ai.make_bot(f"ismcts:{ITERATIONS}i:t")
        start = time.process_time()
        bot.choose(game, state, seat, core.Rng(i))
        spent += time.process_time() - start
        iterations += bot.last.iterations
    return iterations / spent


def redetermine(state: Any) -> Any:
    """A determinization for the seat deciding (one generator for the whole run)."""
    return state.redetermine(state.actors()[0], _RNG[0])


_RNG: list[Any] = []  # the run's generator, made once parlor is imported


def measure(games: list[str], players: list[int]) -> dict[str, dict[str, float]]:
    """One run of every metric: {"game/players": {metric: rate}}, in this process's tree."""
    import parlor.ai as ai
    import parlor.core as core

    _RNG[:] = [core.Rng(1)]
    out: dict[str, dict[str, float]] = {}
    for game in (core.get_game(g) for g in games):
        for n in players:
            if not game.min_players <= n <= game.max_players:
                continue
            positions = game_positions(core, game, n, POSITIONS, 99)
            out[f"{game.id}/{n}"] = {
                "legal": legal_rate(core, game, n),
                "clone": call_rate(positions, lambda s: s.clone()),
                "redetermine": call_rate(positions, redetermine),
                "view": call_rate(positions, lambda s: s.view(s.actors()[0])),
                "ismcts": ismcts_rate(core, ai, game, n),
            }
    return out


def medians(runs: list[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    return {key: {m: statistics.median(run[key][m] for run in runs) for m in METRICS}
            for key in runs[0]}


def table(title: str, figures: dict[str, dict[str, float]]) -> str:
    lines = [title, f"{'game/players':<16}" + "".join(f"{m:>13}" for m in METRICS)]
    for key, row in figures.items():
        lines.append(f"{key:<16}" + "".join(f"{row[m]:>13,.0f}" for m in METRICS))
    return "\n".join(lines)


def compare(revs: list[str], argv: list[str], runs: int, as_json: bool) -> None:
    """Run this script on each of `revs`' trees and on this worktree (a snapshot of its src/
    taken now, so later edits do not leak in), one run each in turn, reversing the order every
    other round so that no tree always runs first."""
    with tempfile.TemporaryDirectory(prefix="parlor-bench-") as tmp:
        trees: dict[str, Path] = {}
        for rev in revs:
            root = Path(tmp) / rev.replace("/", "_")
            root.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"],
                                     check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
            trees[rev] = root / "src"
        trees["worktree"] = Path(tmp) / "worktree" / "src"
        shutil.copytree(ROOT / "src", trees["worktree"],
                        ignore=shutil.ignore_patterns("__pycache__", "static"))
        collected: dict[str, list[dict[str, dict[str, float]]]] = {label: [] for label in trees}
        for i in range(runs):
            for label in list(trees) if i % 2 == 0 else list(trees)[::-1]:
                command = [sys.executable, __file__, *argv, "--runs", "1", "--json",
                           "--source", str(trees[label])]
                done = subprocess.run(command, check=True, capture_output=True, text=True)
                collected[label].append(json.loads(done.stdout)["runs"][0])
                print(f"run {i + 1}/{runs} {label} done", file=sys.stderr, flush=True)
    figures = {label: medians(found) for label, found in collected.items()}
    base = figures[revs[0]]
    ratios = {label: {key: {m: row[key][m] / base[key][m] for m in METRICS} for key in row}
              for label, row in figures.items() if label != revs[0]}
    if as_json:
        print(json.dumps({"runs": runs, "medians": figures, f"ratio_to_{revs[0]}": ratios,
                          "raw": collected}, indent=1))
        return
    for label, row in figures.items():
        print(table(f"{label}: medians of {runs} runs (calls or iterations per CPU-second)", row))
    for label, by_key in ratios.items():
        print(f"{label} / {revs[0]}\n{'game/players':<16}" + "".join(f"{m:>13}" for m in METRICS))
        for key, row in by_key.items():
            print(f"{key:<16}" + "".join(f"{row[m]:>12.2f}x" for m in METRICS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--runs", type=int, default=5, help="runs per tree (the median is shown)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--compare", metavar="REV[,REV...]",
                        help="also run these revisions' trees, alternating; ratios to the first")
    parser.add_argument("--source", type=Path, default=ROOT / "src", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.compare:
        compare(args.compare.split(","), [*args.games, "--players", args.players], args.runs, args.json)
        return
    _parlor(args.source)
    players = [int(p) for p in args.players.split(",")]
    runs = [measure(args.games, players) for _ in range(args.runs)]
    if args.json:
        print(json.dumps({"source": str(args.source), "runs": runs, "median": medians(runs)}))
    else:
        print(table(f"medians of {args.runs} runs (calls or iterations per CPU-second)", medians(runs)))


if __name__ == "__main__":
    main()
