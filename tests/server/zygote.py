"""Server processes for the tests, forked from one process that imported the server once.

A server's start took about 2.7 CPU-seconds, two thirds of them imports (FastAPI, SQLAlchemy,
Alembic, uvicorn, typer), and the tests start several dozen servers. multiprocessing's forkserver
imports them once per test process (`WARM`); each server is then a fork of it that runs its launch
script as `python SCRIPT ARGS` would, in its own directory, environment and log file: the same
program on the same arguments, only without importing it again. `Forked` gives the tests the
`subprocess.Popen` calls they make (pid, poll, wait, terminate, returncode).
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.util  # registers its exit hook now, so that `_kill_leftovers` runs first
import os
import runpy
import subprocess
import sys
from importlib.metadata import entry_points
from multiprocessing.process import BaseProcess
from pathlib import Path

# What every server imports, with the registered games (`games`); a module missing here is imported
# by the server itself, as before.
WARM = ["parlor.server.__main__", "parlor.server.app", "parlor.server.storage", "parlor.cli.serve",
        "parlor.core.scenario", "uvicorn", "uvicorn.main", "uvicorn.loops.auto", "uvicorn.lifespan.on",
        "anyio._backends._asyncio", "alembic.command", "alembic.config", "alembic.runtime.environment",
        "sqlalchemy.dialects.sqlite", "websockets", "httpx"]


def games() -> list[str]:
    """The modules of the games installed (the server's registry imports them at its start)."""
    return sorted({entry.module for entry in entry_points(group="parlor.games")})


class Forked:
    """A forked server process, with the `subprocess.Popen` calls the tests make of theirs."""

    def __init__(self, process: BaseProcess, args: list[str]) -> None:
        self.process = process
        self.args = args

    @property
    def pid(self) -> int:
        assert self.process.pid is not None
        return self.process.pid

    @property
    def returncode(self) -> int | None:
        """As Popen's: the exit status, or minus the signal that ended it; None while it runs."""
        return self.process.exitcode

    def poll(self) -> int | None:
        return self.process.exitcode

    def wait(self, timeout: float | None = None) -> int:
        self.process.join(timeout)
        if self.process.exitcode is None:
            raise subprocess.TimeoutExpired(self.args, timeout or 0.0)
        return self.process.exitcode

    def terminate(self) -> None:
        self.process.terminate()


_started: list[Forked] = []


def launch(script: Path, args: list[str], env: dict[str, str], cwd: Path, log: Path) -> Forked:
    """`python SCRIPT ARGS` in `cwd` with exactly the environment `env`, its output appended to
    `log`, forked from the process that imported the server."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["__main__", *WARM, *games()])  # the main module once, not in every fork
    process = context.Process(target=run_script, args=(str(script), args, env, str(cwd), str(log)),
                              name=f"server {Path(script).name}")
    log.touch()  # as a subprocess's output file: there to read if the fork fails before it opens it
    process.start()
    forked = Forked(process, [sys.executable, str(script), *args])
    _started.append(forked)
    return forked


def run_script(script: str, args: list[str], env: dict[str, str], cwd: str, log: str) -> None:
    """In the fork: the directory, environment, output and arguments `python SCRIPT ARGS` would
    have, then the script as the main module."""
    os.chdir(cwd)
    os.environ.clear()
    os.environ.update(env)
    out = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    os.dup2(out, 1)
    os.dup2(out, 2)
    os.close(out)
    sys.argv = [script, *args]
    runpy.run_path(script, run_name="__main__")


@atexit.register
def _kill_leftovers() -> None:
    """A server a test left running is killed when the tests end (a subprocess's would outlive
    them; a forked one would be waited for by multiprocessing's own exit, which runs after this)."""
    for forked in _started:
        if forked.process.exitcode is None:
            forked.process.kill()
            forked.process.join(10)
