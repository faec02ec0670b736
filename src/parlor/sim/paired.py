"""The paired measure: what a bot adds to its seat, against a baseline bot in that seat on the
same deal.

**Why.** A seat's win share against greedy seats (the arena's win rate) measures a bot only when
the seats are alike. In a game of hidden teams (Star Road, SR-3.5: every player of the winning team
wins) the deal decides much of who wins: at 3 players two seats share a group against one, and
whoever sits there wins or loses with it. So the arena also plays each deal once with the baseline
bot at every seat, and compares the bot's seat with the same seat played by the baseline: the
deal's luck (factions, seats, cards) is the same on both sides and cancels.

**A seat's result** is its part of the first place, a team counted once: when the game declares
teams (`Game.teams`), the first place is shared among the teams with a seat ranked first, and every
seat of such a team gets 1 / (number of those teams); otherwise among the seats ranked first
(1 / k each, as in the arena's win rate). For Star Road that is its score: 1 to every player of
the winning team, 1/2 in a draw of two teams (SR-23.2), 0 to the others.

**Figures.** Over the pairs (a game of the bot, the baseline game of its deal, the bot's seat):
the bot's mean result, the baseline's mean result in the same seats, their difference, and their
ratio, which is the issue's "share of the wins against its fair share" made paired: in a game
without teams and the baseline at every other seat, the baseline's rate is the fair share. The
pairs of one deal share its baseline game, so the 95% intervals come from a bootstrap over deals
(resampled with replacement, percentile interval, a fixed seed: the same figures on every run).
`gained` and `lost` count the pairs where the bot's seat did better or worse than the baseline's.
The margin is the seat's score minus the best score of a seat on another team.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .runner import GameSummary

RESAMPLES = 2000
BOOTSTRAP_SEED = 20261128


def seat_results(summary: GameSummary) -> list[float]:
    """Each seat's part of the first place, a team's win counted once (see the module doc)."""
    teams = summary.teams or tuple(str(seat) for seat in range(len(summary.ranks)))
    winning = {teams[seat] for seat, rank in enumerate(summary.ranks) if rank == 1}
    return [1.0 / len(winning) if team in winning else 0.0 for team in teams]


def seat_margins(summary: GameSummary) -> list[float]:
    """Each seat's score minus the best score of a seat on another team (0 when there is none)."""
    teams = summary.teams or tuple(str(seat) for seat in range(len(summary.scores)))
    margins = []
    for seat, score in enumerate(summary.scores):
        others = [s for other, s in enumerate(summary.scores) if teams[other] != teams[seat]]
        margins.append(score - max(others) if others else 0.0)
    return margins


@dataclass(frozen=True, slots=True)
class Pair:
    """One seat played by the bot and, on the same deal, by the baseline."""

    deal: int
    result: float
    baseline_result: float
    margin: float
    baseline_margin: float


@dataclass(frozen=True, slots=True)
class PairedStats:
    """What `bot` adds to its seat against `baseline` in that seat (see the module doc)."""

    bot: str
    baseline: str
    pairs: int
    deals: int
    rate: float
    baseline_rate: float
    difference: float
    difference_ci: tuple[float, float]
    ratio: float | None  # None when the baseline never won those seats
    ratio_ci: tuple[float, float] | None
    gained: int
    lost: int
    margin_difference: float


def pairs_of(bot: str, games: Sequence[GameSummary], baselines: dict[int, GameSummary]
             ) -> list[Pair]:
    """Every seat `bot` played, with the same seat of its deal's baseline game."""
    out = []
    for summary in games:
        base = baselines[summary.seed]
        results, margins = seat_results(summary), seat_margins(summary)
        base_results, base_margins = seat_results(base), seat_margins(base)
        for seat, name in enumerate(summary.bots):
            if name == bot:
                out.append(Pair(summary.seed, results[seat], base_results[seat], margins[seat],
                                base_margins[seat]))
    return out


def paired_stats(bot: str, baseline: str, pairs: Sequence[Pair]) -> PairedStats:
    """The figures of `pairs` with their deal-bootstrap intervals.

    :raises ValueError: no pairs.
    """
    if not pairs:
        raise ValueError(f"{bot} played no seat to compare")
    by_deal: dict[int, list[Pair]] = {}
    for pair in pairs:
        by_deal.setdefault(pair.deal, []).append(pair)
    # per deal: (the bot's results, the baseline's, seats): a resample adds these up
    sums = [(sum(p.result for p in group), sum(p.baseline_result for p in group), len(group))
            for group in by_deal.values()]
    with_bot, with_baseline, count = (sum(column) for column in zip(*sums, strict=True))
    differences, ratios = _bootstrap(sums)
    return PairedStats(
        bot, baseline, len(pairs), len(by_deal), with_bot / count, with_baseline / count,
        (with_bot - with_baseline) / count, _percentiles(differences),
        with_bot / with_baseline if with_baseline else None,
        _percentiles(ratios) if ratios else None,
        sum(1 for p in pairs if p.result > p.baseline_result),
        sum(1 for p in pairs if p.result < p.baseline_result),
        sum(p.margin - p.baseline_margin for p in pairs) / len(pairs))


def _bootstrap(sums: Sequence[tuple[float, float, int]]) -> tuple[list[float], list[float]]:
    """The difference and the ratio of the rates in resamples of the deals (ratios only of
    resamples where the baseline won something)."""
    rng = random.Random(BOOTSTRAP_SEED)
    differences, ratios = [], []
    for _ in range(RESAMPLES):
        drawn = rng.choices(sums, k=len(sums))
        with_bot = sum(d[0] for d in drawn)
        with_baseline = sum(d[1] for d in drawn)
        count = sum(d[2] for d in drawn)
        differences.append((with_bot - with_baseline) / count)
        if with_baseline:
            ratios.append(with_bot / with_baseline)
    return differences, ratios


def _percentiles(values: Sequence[float]) -> tuple[float, float]:
    """The 2.5% and 97.5% points of `values` (nearest rank)."""
    ordered = sorted(values)
    last = len(ordered) - 1
    return ordered[round(0.025 * last)], ordered[round(0.975 * last)]
