"""Skyrise rule options (AMBIGUITIES.md); defaults are read from `data/game.toml [options]`."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.core import option

from .data import DATA


@dataclass(frozen=True, slots=True)
class Options:
    kahn_counts_itself: bool = option(
        DATA.options["kahn_counts_itself"], "SK-7.12/SK-A15: Kahn's Ambition also counts the wonder itself")
    jacobs_requires_at_least_one: bool = option(
        DATA.options["jacobs_requires_at_least_one"],
        "SK-7.13/SK-A16: Jacobs' Gardens needs at least one disc of a colour")
    new_first_bidder_only_when_winner_finished: bool = option(
        DATA.options["new_first_bidder_only_when_winner_finished"],
        "SK-5.1/SK-A13: the lowest kept wonder opens only when the previous winner has finished (false: "
        "every auction after the first finish)")
