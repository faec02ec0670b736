"""Small studies shared by the simulation tests."""

from __future__ import annotations

from collections.abc import Callable

from parlor.sim.study import Study, make_study

from .statgame import PLUGIN


def small_study(n: int = 24, sweep: tuple[str, ...] = ("rounds=3,5",), players: int = 3) -> Study:
    """StatBids between greedy and random: quick, with statistics of every shape and a sweep."""
    return make_study("stat_bids", n, players, "greedy,random", sweep=list(sweep), seed=7,
                      plugins=[PLUGIN])


class Interrupt(KeyboardInterrupt):
    """Raised from the progress callback to stop a study as Ctrl-C would."""


def stop_after(games: int) -> Callable[[int, int], None]:
    """A progress callback that interrupts the study once `games` games are finished."""

    def on_progress(done: int, total: int) -> None:
        if done >= games:
            raise Interrupt

    return on_progress
