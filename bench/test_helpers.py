"""Test helpers of an older commit against the worktree's, in one process, alternating (never asserts).

`python bench/test_helpers.py kit OLD_COMMIT CHECKS CASES [ROUNDS]`: CPU seconds of the conformance
kit's checks (comma-separated names, e.g. check_advance,check_clone) on CASES (game:players,...),
seed 6000. `python bench/test_helpers.py leaks OLD_COMMIT CASES [ROUNDS]`: the leak test's cases
whose id starts with game-players (e.g. skyrise-3). Each round runs both versions, the order
swapped every round; the ratio is old over new.
"""

from __future__ import annotations

import asyncio
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from parlor.core import get_game  # noqa: E402


def module_at(commit: str, path: str, name: str) -> ModuleType:
    """The file `path` as it was at `commit`, imported as `name` inside its package."""
    text = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="parlor-bench-"))
    file = folder / Path(path).name
    file.write_text(text, encoding="utf-8")
    package = path.rsplit("/", 1)[0].replace("/", ".")
    spec = importlib.util.spec_from_file_location(f"{package}.{name}", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def compare(runs: dict[str, Callable[[], None]], rounds: int) -> None:
    totals = dict.fromkeys(runs, 0.0)
    for number in range(rounds):
        for name in (list(runs) if number % 2 == 0 else list(reversed(runs))):
            started = time.process_time()
            runs[name]()
            totals[name] += time.process_time() - started
    print({name: round(seconds, 1) for name, seconds in totals.items()},
          f"old/new {totals['old'] / totals['new']:.2f}")


def kit(commit: str, checks: str, cases: str, rounds: int) -> None:
    from tests.core import conformance as new

    old = module_at(commit, "tests/core/conformance.py", "old_conformance")
    pairs = [(game, int(players)) for game, players in (case.split(":") for case in cases.split(","))]

    def run(module: ModuleType) -> Callable[[], None]:
        return lambda: [getattr(module, check)(get_game(game), players, 6000)
                        for game, players in pairs for check in checks.split(",")] and None

    compare({"old": run(old), "new": run(new)}, rounds)


def leaks(commit: str, cases: str, rounds: int) -> None:
    import server.test_leaks_games as new

    old = module_at(commit, "tests/server/test_leaks_games.py", "old_leaks")
    chosen = [c for c in new.CASES if any(f"{c[0]}-{c[1]}" == key for key in cases.split(","))]

    def run(module: ModuleType) -> Callable[[], None]:
        def play() -> None:
            for case in chosen:
                asyncio.run(module.test_no_output_for_a_seat_contains_what_it_may_not_see(*case))
        return play

    compare({"old": run(old), "new": run(new)}, rounds)


if __name__ == "__main__":
    what, commit, *rest = sys.argv[1:]
    if what == "kit":
        kit(commit, rest[0], rest[1], int(rest[2]) if len(rest) > 2 else 1)
    else:
        leaks(commit, rest[0], int(rest[1]) if len(rest) > 1 else 1)
