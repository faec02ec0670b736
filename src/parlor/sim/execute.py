"""Run a study on a backend, in memory or in a directory that makes it resumable."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .backends import Backend, DoneFn, LocalBackend
from .stats import summarise
from .storage import StudyDir, read_study
from .study import Batch, ProgressFn, Row, Study, choose_batch_size, plan_batches, time_first_games


@dataclass
class StudyRun:
    """What a run produced: every row of the study (resumed ones included) and what this run did."""

    study: Study
    rows: list[Row]
    batch_size: int
    ran: list[int] = field(default_factory=list)      # batch indexes played by this run
    skipped: list[int] = field(default_factory=list)  # batch indexes found finished
    played_games: int = 0                             # games played by this run
    seconds: float = 0.0                              # time spent playing them

    def summary(self, backend: str, workers: int) -> dict[str, Any]:
        """summary.json: the figures, plus how this run went."""
        speed = self.played_games / self.seconds if self.seconds > 0 and self.played_games else None
        run = {"backend": backend, "workers": workers, "batch_size": self.batch_size,
               "batches_run": len(self.ran), "batches_resumed": len(self.skipped),
               "games_run": self.played_games, "seconds": self.seconds, "games_per_second": speed}
        return summarise(self.study, self.rows, run)


def run_study(study: Study, backend: Backend, out: Path | None = None, batch_size: int | None = None,
              on_progress: ProgressFn | None = None) -> StudyRun:
    """Play every game of `study` not already finished in `out`; returns all of its rows.

    With `out`, each finished batch is written at once, and the games table and summary.json at the
    end; an interrupted run (any exception, Ctrl-C included) keeps its finished batches for the next.
    """
    folder = StudyDir(out) if out is not None else None
    if folder is not None and folder.is_complete():
        saved_size = folder.open(study, batch_size)
        complete = read_study(folder.path)[1]
        if on_progress:
            on_progress(len(complete), study.total)
        skipped = [b.index for b in plan_batches(study, saved_size)]
        return StudyRun(study, complete, saved_size, skipped=skipped)
    started = time.perf_counter()
    timed: list[Row] = []   # the first games, played to size the batches
    if batch_size is None and not (folder is not None and folder.manifest.exists()):
        seconds, timed = time_first_games(study)
        batch_size = choose_batch_size(seconds, study.total, backend.parallelism())
    chosen = folder.open(study, batch_size) if folder is not None else batch_size
    assert chosen is not None
    size: int = chosen
    batches = plan_batches(study, size)
    finished = folder.finished() if folder is not None else set()
    rows: list[Row] = folder.read_batches() if folder is not None and finished else []
    todo = [b for b in batches if b.index not in finished]
    run = StudyRun(study, rows, size, skipped=sorted(finished))
    done_games = len(rows)
    if on_progress:
        on_progress(done_games, study.total)

    def on_done(batch: Batch, batch_rows: list[Row]) -> None:
        nonlocal done_games
        if folder is not None:
            folder.write_batch(study, batch, batch_rows)
        rows.extend(batch_rows)
        run.ran.append(batch.index)
        run.played_games += len(batch_rows)
        done_games += len(batch_rows)
        if on_progress:
            on_progress(done_games, study.total)

    todo, on_batch_done = _counting_timed(todo, timed, on_done)
    runner = Backend() if len(todo) <= 1 and isinstance(backend, LocalBackend) else backend
    runner.run(study.to_json(), todo, on_batch_done)
    rows.sort(key=lambda r: int(r["game"]))
    run.seconds = time.perf_counter() - started
    if folder is not None:
        folder.write_games(study, rows)
        folder.write_summary(run.summary(backend.name, backend.parallelism()))
    return run


def _counting_timed(todo: list[Batch], timed: list[Row], on_done: DoneFn) -> tuple[list[Batch], DoneFn]:
    """The batches left to play and what to call as each finishes, the timed games (the first
    of batch 0) counted as played: that batch plays only its other games (none: it is done now)."""
    if not timed or not todo or todo[0].index != 0:
        return todo, on_done
    whole = todo[0]
    played = timed[:whole.stop - whole.start]
    if len(played) == whole.stop - whole.start:
        on_done(whole, played)
        return todo[1:], on_done

    def on_batch_done(batch: Batch, batch_rows: list[Row]) -> None:
        if batch.index == whole.index:
            on_done(whole, played + batch_rows)
        else:
            on_done(batch, batch_rows)

    rest = Batch(whole.index, whole.point, whole.start + len(played), whole.stop)
    return [rest, *todo[1:]], on_batch_done
