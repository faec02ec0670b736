"""Study throughput (prints figures, never asserts): `python bench/simulation.py [GAME] [-n N]`.

Plays the same study in one process, on the local backend with 1 and 2 worker processes, and on a
Ray started here (2 CPUs), and prints games per second and the ratio to the single process. Every run
must give the same rows; the script says so. Ray binds the host address, so unless --no-ray is given
the script re-runs itself in its own network namespace with only loopback up (`unshare -n`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from parlor.sim.backends import Backend, LocalBackend, RayBackend  # noqa: E402
from parlor.sim.execute import run_study  # noqa: E402
from parlor.sim.study import Study, make_study  # noqa: E402

FIXTURE = "fixturegames.sealed_bids:SealedBids"


def only_loopback() -> bool:
    return {name for _, name in socket.if_nameindex()} <= {"lo"}


def timed(study: Study, make: Callable[[], Backend], batch_size: int
          ) -> tuple[float, list[dict]]:  # type: ignore[type-arg]
    with make() as backend:
        backend.warm()  # workers start before the clock, as a long study would amortise
        start = time.perf_counter()
        rows = run_study(study, backend, batch_size=batch_size).rows
        return time.perf_counter() - start, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="sealed_bids")
    parser.add_argument("-n", type=int, default=3000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="greedy,random")
    parser.add_argument("--batch-size", type=int, default=100)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    if not args.no_ray and not only_loopback() and shutil.which("unshare"):
        script = " ".join([sys.executable, *map(_quote, sys.argv)])
        os.execvp("unshare", ["unshare", "-n", "sh", "-c", f"ip link set lo up && exec {script}"])
    plugins = [FIXTURE] if args.game == "sealed_bids" else []
    study = make_study(args.game, args.n, args.players, args.bots, plugins=plugins)
    print(f"{study.game}: {study.n} games, {study.players} players, bots {','.join(study.bots)}, "
          f"{args.batch_size} games per batch, {os.cpu_count()} CPUs")
    runs: list[tuple[str, Callable[[], Backend]]] = [
        ("one process", Backend),
        ("local, 1 worker", lambda: LocalBackend(1, study.plugins)),
        ("local, 2 workers", lambda: LocalBackend(2, study.plugins))]
    if not args.no_ray:
        os.environ.setdefault("RAY_AUTH_MODE", "disabled")
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "tests"),
                                                                 os.environ.get("PYTHONPATH")]))
        runs.append(("ray (local, 2 CPUs)", lambda: RayBackend(workers=2)))
    base: float | None = None
    reference: list[dict] | None = None  # type: ignore[type-arg]
    for name, make in runs:
        seconds, rows = timed(study, make, args.batch_size)
        speed = len(rows) / seconds
        base = base or speed
        same = "same rows" if reference is None or rows == reference else "ROWS DIFFER"
        reference = reference or rows
        print(f"  {name:22} {speed:9.1f} games/s  {speed / base:5.2f}x  {same}")


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    main()
