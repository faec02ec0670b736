"""The figures of a study, from its rows: win rates with 95% intervals, scores, lengths, and each
statistic the game declares, read by its shape.

A win is shared: a seat that ties for first with k-1 others counts 1/k of a win. A statistic whose value
is a list with one entry per seat is read per seat (numbers, a category, a list of items held, or a
table of numbers); anything else is a figure of the whole game.
"""

from __future__ import annotations

import json
import math
import statistics as pystats
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .study import Row, Study

Z95 = 1.959963984540054
MOST_CATEGORIES = 30
NUMERIC_BINS = 5


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) without trials."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(max(0.0, p * (1 - p) / trials + z * z / (4 * trials * trials))) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


# Student's t, 97.5% quantile, for 1..29 degrees of freedom (the normal's beyond).
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
         2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
         2.060, 2.056, 2.052, 2.048, 2.045)


def t975(freedom: int) -> float:
    """The 97.5% quantile of Student's t (two-sided 95% intervals of means)."""
    return _T975[freedom - 1] if 1 <= freedom <= len(_T975) else Z95


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The 95% interval of a mean (Student's t); the mean itself with fewer than two values."""
    if not values:
        return (0.0, 0.0)
    mean = pystats.fmean(values)
    if len(values) < 2:
        return (mean, mean)
    half = t975(len(values) - 1) * pystats.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


def win_shares(row: Row) -> list[float]:
    """Each seat's share of the win: 1/k for each of k seats ranked first."""
    firsts = sum(1 for r in row["ranks"] if r == 1)
    return [1.0 / firsts if r == 1 else 0.0 for r in row["ranks"]]


def describe(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {"mean": 0.0, "sd": 0.0, "min": 0.0, "median": 0.0, "max": 0.0}
    return {"mean": pystats.fmean(values), "sd": pystats.pstdev(values) if len(values) > 1 else 0.0,
            "min": float(min(values)), "median": float(pystats.median(values)),
            "max": float(max(values))}


def rate(label: Any, shares: Sequence[float], extra: dict[str, Any] | None = None) -> dict[str, Any]:
    wins = sum(shares)
    lo, hi = wilson(wins, len(shares))
    return {"label": label, "seats": len(shares), "wins": wins,
            "win_rate": wins / len(shares) if shares else 0.0, "ci": [lo, hi], **(extra or {})}


Shares = Callable[[Row], list[float]]


def score_shares(row: Row) -> list[float]:
    """Each seat's win as its score, for games whose score is the win (Star Road: every player
    of the winning team has 1, a draw 0.5 each)."""
    return [float(s) for s in row["scores"]]


def seats_from_one(by_seat: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """`block`'s seat entries labelled as players count seats, from 1 (the rows count from 0, as
    the engines do)."""
    return [{**entry, "label": entry["label"] + 1} for entry in by_seat]


def block(rows: Sequence[Row], players: int, bots: Sequence[str], with_statistics: bool = True,
          share: Shares = win_shares) -> dict[str, Any]:
    """Win rates by seat and by bot, scores, length (and the declared statistics) of `rows`;
    `share` gives each seat's part of a game's win."""
    shares = [share(r) for r in rows]
    by_seat = []
    for seat in range(players):
        scores = [r["scores"][seat] for r in rows]
        by_seat.append(rate(seat, [s[seat] for s in shares], {"score": describe(scores)}))
    by_bot = []
    for bot in dict.fromkeys(bots):
        seat_shares = [s[i] for r, s in zip(rows, shares, strict=True)
                       for i, b in enumerate(r["bots"]) if b == bot]
        scores = [r["scores"][i] for r in rows for i, b in enumerate(r["bots"]) if b == bot]
        by_bot.append(rate(bot, seat_shares, {"score": describe(scores)}))
    out: dict[str, Any] = {
        "games": len(rows), "by_seat": by_seat, "by_bot": by_bot,
        "length": describe([float(r["length"]) for r in rows]),
        "score": describe([float(s) for r in rows for s in r["scores"]]),
        "ties_for_first": sum(1 for s in shares if sum(1 for x in s if x) > 1),
    }
    if with_statistics:
        out["statistics"] = declared_statistics(rows, players, share)
    return out


def summarise(study: Study, rows: Sequence[Row], run: dict[str, Any] | None = None,
              share: Shares = win_shares) -> dict[str, Any]:
    """Everything summary.json holds: the study, the overall figures and, for a sweep, each point's
    (`options`: the swept options' values there)."""
    rows = sorted(rows, key=lambda r: int(r["game"]))
    summary: dict[str, Any] = {"study": study.to_json(), "games": len(rows),
                               "overall": block(rows, study.players, study.bots, True, share)}
    if study.sweeps:
        summary["points"] = [
            {"options": setting,
             **block([r for r in rows if r["point"] == point], study.players, study.bots, False,
                     share)}
            for point, setting in enumerate(study.settings())]
    if run is not None:
        summary["run"] = run
    return summary


# -- declared statistics ----------------------------------------------------------------------

def declared_statistics(rows: Sequence[Row], players: int, share: Shares = win_shares
                        ) -> list[dict[str, Any]]:
    """One entry per statistic the game declared, analysed according to its shape."""
    parsed = [json.loads(r["statistics"]) if r.get("statistics") else {} for r in rows]
    shares = [share(r) for r in rows]
    names = sorted({k for p in parsed for k in p})
    out: list[dict[str, Any]] = []
    for name in names:
        values = [p.get(name) for p in parsed]
        if all(isinstance(v, list) and len(v) == players for v in values):
            out.extend(_per_seat(name, values, shares, players))
        else:
            out.extend(_per_game(name, values))
    return out


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float))  # bools count as 0 and 1


def _per_seat(name: str, values: list[Any], shares: list[list[float]], players: int
              ) -> list[dict[str, Any]]:
    cells = [(v[seat], s[seat]) for v, s in zip(values, shares, strict=True) for seat in range(players)]
    items = [c for c, _ in cells]
    if all(_is_number(c) for c in items):
        return [_seat_numeric(name, [(float(c), w) for c, w in cells])]
    if all(c is None or isinstance(c, str) for c in items):
        groups = _group((("none" if c is None else c), w) for c, w in cells)
        return [{"name": name, "kind": "seat_category", "categories": groups}]
    if all(isinstance(c, list) and all(isinstance(x, (str, int)) for x in c) for c in items):
        held = _group((str(x), w) for c, w in cells for x in dict.fromkeys(c))
        for g in held:
            # win rate when not holding the item, the comparison that matters for balance
            without = [w for c, w in cells if g["label"] not in map(str, c)]
            g["without"] = rate("without", without)
        return [{"name": name, "kind": "seat_items", "items": held}]
    if all(isinstance(c, dict) and all(_is_number(x) for x in c.values()) for c in items):
        keys = sorted({k for c in items for k in c})
        return [_seat_numeric(f"{name}.{k}", [(float(c.get(k, 0)), w) for c, w in cells]) for k in keys]
    return [{"name": name, "kind": "unread", "reason": "per-seat values of mixed or nested shape"}]


def _group(pairs: Iterable[tuple[str, float]]) -> list[dict[str, Any]]:
    groups: dict[str, list[float]] = {}
    for label, share in pairs:
        groups.setdefault(label, []).append(share)
    ordered = sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:MOST_CATEGORIES]
    return [rate(label, shares) for label, shares in ordered]


def _seat_numeric(name: str, pairs: list[tuple[float, float]]) -> dict[str, Any]:
    xs = [x for x, _ in pairs]
    ws = [w for _, w in pairs]
    winners = [x for x, w in pairs if w > 0]
    others = [x for x, w in pairs if w == 0]
    distinct = sorted(set(xs))
    bins: list[dict[str, Any]] = []
    if len(distinct) <= 10:
        for value in distinct:
            inside = [w for x, w in pairs if x == value]
            bins.append(rate(f"{value:g}", inside, {"low": value, "high": value}))
    else:
        edges = sorted(set(pystats.quantiles(xs, n=NUMERIC_BINS, method="inclusive")))
        bounds = [distinct[0], *edges, distinct[-1]]
        whole = all(x.is_integer() for x in distinct)
        for i in range(len(bounds) - 1):
            low, high = bounds[i], bounds[i + 1]
            members = [(x, w) for x, w in pairs if (low <= x <= high if i == 0 else low < x <= high)]
            if members:
                bins.append(rate(_bin_label(i, low, high, [x for x, _ in members], whole),
                                 [w for _, w in members], {"low": low, "high": high}))
    return {"name": name, "kind": "seat_numeric", "values": describe(xs),
            "mean_winners": pystats.fmean(winners) if winners else None,
            "mean_others": pystats.fmean(others) if others else None,
            "correlation": _correlation(xs, ws), "bins": bins}


def _bin_label(i: int, low: float, high: float, inside: list[float], whole: bool) -> str:
    """A bin's range as its values show it, so that no two bins overlap: whole numbers by the
    smallest and largest value inside; other numbers as "above low, up to high"."""
    if whole:
        first, last = min(inside), max(inside)
        return f"{first:g}" if first == last else f"{first:g}–{last:g}"
    return f"{low:g}–{high:g}" if i == 0 else f"over {low:g}, up to {high:g}"


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    if len(xs) < 2 or len(set(xs)) < 2 or len(set(ys)) < 2:
        return None
    return pystats.correlation(xs, ys)


def _per_game(name: str, values: list[Any]) -> list[dict[str, Any]]:
    present = [v for v in values if v is not None]
    if present and all(_is_number(v) for v in present):
        return [{"name": name, "kind": "game_numeric", "values": describe([float(v) for v in present])}]
    if present and all(isinstance(v, str) for v in present):
        counts: dict[str, int] = {}
        for v in present:
            counts[v] = counts.get(v, 0) + 1
        ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:MOST_CATEGORIES]
        return [{"name": name, "kind": "game_category",
                 "categories": [{"label": k, "games": c} for k, c in ordered]}]
    if present and all(isinstance(v, dict) and all(_is_number(x) for x in v.values()) for v in present):
        keys = sorted({k for v in present for k in v})
        return [{"name": f"{name}.{k}", "kind": "game_numeric",
                 "values": describe([float(v.get(k, 0)) for v in present])} for k in keys]
    if present and all(isinstance(v, list) and all(isinstance(x, (str, int)) for x in v) for v in present):
        counts = {}
        for v in present:
            for x in dict.fromkeys(map(str, v)):
                counts[x] = counts.get(x, 0) + 1
        ordered = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:MOST_CATEGORIES]
        return [{"name": name, "kind": "game_items",
                 "categories": [{"label": k, "games": c} for k, c in ordered]}]
    return [{"name": name, "kind": "unread", "reason": "values of mixed or nested shape"}]


# -- comparing two studies played on the same seeds --------------------------------------------

def paired_difference(base: Sequence[float], new: Sequence[float]) -> dict[str, Any]:
    """Mean of `new[i] - base[i]` (game i of both studies starts from the same deal) with its 95%
    interval (Student's t) and whether the interval excludes 0."""
    if len(base) != len(new):
        raise ValueError("paired figures need the same games on both sides")
    differences = [b - a for a, b in zip(base, new, strict=True)]
    change = pystats.fmean(differences) if differences else 0.0
    low, high = mean_interval(differences)
    return _difference(change, low, high, paired=True)


def unpaired_difference(base: Sequence[float], new: Sequence[float], within: float = math.inf
                        ) -> dict[str, Any] | None:
    """Difference of the means of two samples from different games, with Welch's 95% interval
    (kept within -`within`..`within` where the values bound it); None with fewer than two values
    on either side."""
    if len(base) < 2 or len(new) < 2:
        return None
    change = pystats.fmean(new) - pystats.fmean(base)
    spread_base, spread_new = pystats.variance(base) / len(base), pystats.variance(new) / len(new)
    error = math.sqrt(spread_base + spread_new)
    freedom = len(base) + len(new) - 2
    if error > 0:   # Welch-Satterthwaite
        freedom = round(error ** 4 / (spread_base ** 2 / (len(base) - 1) + spread_new ** 2 / (len(new) - 1)))
    half = t975(max(1, freedom)) * error
    return _difference(change, max(-within, change - half), min(within, change + half), paired=False)


def ratio_difference(base: Sequence[tuple[float, int]], new: Sequence[tuple[float, int]]
                     ) -> dict[str, Any] | None:
    """Difference of two win rates, each pooled over games given as (wins, seats) per game; None
    when either side has no seats.

    The 95% interval is Newcombe's (from each rate's Wilson interval, so it stays within -1..1
    and holds for few seats), with each side's seats counted as fewer when the seats of one game
    share its outcome: the effective number of seats is the seats divided by the design effect,
    the cluster-robust variance over the binomial one (games as clusters; never below 1)."""
    a, b = _effective(base), _effective(new)
    if a is None or b is None:
        return None
    (p1, low1, high1), (p2, low2, high2) = a, b
    change = p2 - p1
    low = change - math.sqrt((p2 - low2) ** 2 + (high1 - p1) ** 2)
    high = change + math.sqrt((high2 - p2) ** 2 + (p1 - low1) ** 2)
    return _difference(change, low, high, paired=False)


def _effective(games: Sequence[tuple[float, int]]) -> tuple[float, float, float] | None:
    """A pooled rate and its Wilson interval on the effective number of seats."""
    seats = sum(n for _, n in games)
    if seats == 0:
        return None
    rate_ = sum(w for w, _ in games) / seats
    used = [(w, n) for w, n in games if n]
    spread = sum((w - rate_ * n) ** 2 for w, n in used)
    correction = len(used) / (len(used) - 1) if len(used) > 1 else 1.0
    clustered = correction * spread / seats ** 2
    binomial = rate_ * (1 - rate_) / seats
    effect = max(1.0, clustered / binomial) if binomial > 0 else 1.0
    low, high = wilson(rate_ * seats / effect, seats / effect)
    return rate_, low, high


def _difference(change: float, low: float, high: float, paired: bool) -> dict[str, Any]:
    """A change, its interval, and how far from 0 it is in units of its half-width."""
    half = (high - low) / 2
    return {"change": change, "ci": [low, high], "paired": paired,
            "significant": low > 0 or high < 0,
            "strength": abs(change) / half if half > 0 else (math.inf if change else 0.0)}
