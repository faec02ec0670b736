"""A Star Road lab batch on an older commit's sources against the worktree's, alternating (never asserts).

`python bench/lab_batch.py OLD_COMMIT POLICIES PLAYERS GAMES [ROUNDS]`: each round plays games 0..GAMES-1
of `make_lab_study(GAMES, PLAYERS, POLICIES, seed=1)` in a fresh process per side (the old commit's
`src/` extracted to a temporary folder and put first on the path), the order swapped every round, and
prints each side's CPU seconds and a digest of its rows: equal digests mean the same games.
Example (the compare test's population): `python bench/lab_batch.py b97c4e6 rusher,builder,defender 2 30 3`.
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import hashlib, json, sys, time
from parlor.games.starroad.lab.study import make_lab_study
from parlor.sim.study import Batch, run_batch
policies, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
study = make_lab_study(games, players, policies, seed=1).to_json()
started = time.process_time()
rows = run_batch(study, Batch(0, 0, 0, games))
seconds = time.process_time() - started
print(seconds, hashlib.sha256(json.dumps(rows, sort_keys=True).encode()).hexdigest()[:12])
"""


def sources_at(commit: str) -> Path:
    """The commit's `src/` in a temporary folder."""
    archive = subprocess.run(["git", "archive", commit, "src"], cwd=ROOT, capture_output=True,
                             check=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="parlor-bench-"))
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder / "src"


def play(source: Path, args: list[str]) -> tuple[float, str]:
    env = {**os.environ, "PYTHONPATH": str(source)}
    out = subprocess.run([sys.executable, "-c", PLAY, *args], env=env, capture_output=True,
                         text=True, check=True).stdout.split()
    return float(out[0]), out[1]


def main() -> None:
    commit, policies, players, games = sys.argv[1:5]
    rounds = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    sides = {"old": sources_at(commit), "new": ROOT / "src"}
    seconds: dict[str, list[float]] = {"old": [], "new": []}
    for round_ in range(rounds):
        order = ["old", "new"] if round_ % 2 == 0 else ["new", "old"]
        for side in order:
            cpu, digest = play(sides[side], [policies, players, games])
            seconds[side].append(cpu)
            print(f"round {round_ + 1} {side}: {cpu:.2f} CPU s, rows {digest}", flush=True)
    old, new = statistics.median(seconds["old"]), statistics.median(seconds["new"])
    print(f"medians: old {old:.2f}, new {new:.2f}, old/new {old / new:.2f}")


if __name__ == "__main__":
    main()
