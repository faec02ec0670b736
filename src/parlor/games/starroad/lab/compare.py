"""Two design charts side by side: the same lab (seeds, policies, options) played on each, and
what changed per object, per character and per game.

Game `i` of both labs starts from the same deal (factions, characters dealt, first character),
so figures counted per game (objects made, completed and used, abilities used, rounds) are
compared game by game: a paired difference with a Student's t interval. Win rates (of the seats
that used an object, held a character, or played a policy) are compared as two samples, each
game one cluster of seats. A change is *significant* when its 95% interval excludes 0 (for a win
rate, with at least 5 seats on each chart); rows are sorted by how clearly they changed (the
change divided by half its interval).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean
from typing import Any

from parlor.sim.backends import Backend
from parlor.sim.stats import paired_difference, ratio_difference, unpaired_difference
from parlor.sim.study import ProgressFn, Row, Study

from ..chart_data import OBJECT_FIELDS, load_chart
from .policies import POPULATION
from .study import EFFECTS, card_names, lab_report, make_lab_study, run_info, users_edge, write_lab_json

COMPARE_FORMAT = 1
FEWEST_SEATS = 5   # a win rate with fewer seats on either chart is shown, never flagged
FEWEST_GAMES = 5   # an edge from fewer games with and without the object likewise
OBJECT_MEASURES = ("made", "completed", "used", "users_win", "users_edge")
CHARACTER_MEASURES = ("held", "used", "holders_win")
# Fields of a design that are bookkeeping, not rules: a change there is not a change of design.
NOT_RULES = ("no", "name", "name_zh", "name_es", "origin", "text")


def make_compare(base_chart: str, new_chart: str, n: int, players: int,
                 policies: str | Sequence[str] = POPULATION, *, characters: str = "",
                 option: Sequence[str] = (), seed: int = 1) -> tuple[Study, Study]:
    """The two labs of a comparison: equal but for the chart.

    :raises BadOptions: as `make_lab_study`, for either chart.
    """
    base = make_lab_study(n, players, policies, chart=base_chart, characters=characters,
                          option=option, seed=seed)
    new = make_lab_study(n, players, policies, chart=new_chart, characters=characters,
                         option=option, seed=seed)
    return base, new


def run_compare(base: Study, new: Study, backend: Backend, out: Path | None = None,
                on_progress: ProgressFn | None = None, names: tuple[str, str] | None = None
                ) -> dict[str, Any]:
    """Play both labs (resuming from `out/base` and `out/new`) and compare them; with `out`,
    the comparison is also written to `out/compare.json`. `names`: how to call the two charts
    (their files), else their digests."""
    total = base.total + new.total

    def progress(offset: int) -> ProgressFn | None:
        if on_progress is None:
            return None
        return lambda done, _: on_progress(offset + done, total)

    from parlor.sim.execute import run_study  # pyarrow loads only for studies, not `parlor play`

    rows = {}
    for name, study, offset in (("base", base, 0), ("new", new, base.total)):
        folder = Path(out) / name if out is not None else None
        run = run_study(study, backend, folder, None, progress(offset))
        rows[name] = run.rows
        if folder is not None:  # each side is a lab directory of its own (`parlor report`)
            write_lab_json(folder, lab_report(study, run.rows, run_info(run, backend)))
    report = compare_report(base, rows["base"], new, rows["new"], names)
    if out is not None:
        (Path(out) / "compare.json").write_text(json.dumps(report, indent=2, ensure_ascii=False),
                                                encoding="utf-8")
    return report


def compare_report(base: Study, base_rows: Sequence[Row], new: Study, new_rows: Sequence[Row],
                   names: tuple[str, str] | None = None) -> dict[str, Any]:
    """Per object, per character, per policy and per game: each chart's figure and the change."""
    sides = {"base": _Side(base, base_rows), "new": _Side(new, new_rows)}
    a, b = sides["base"], sides["new"]
    if [r["seed"] for r in a.rows] != [r["seed"] for r in b.rows]:
        raise ValueError("a comparison needs the same seeds on both charts")
    return {
        "format": COMPARE_FORMAT, "games": len(a.rows), "players": base.players,
        "policies": list(base.bots), "seed": base.seed,
        "charts": {"base": names[0] if names else a.report["chart"],
                   "new": names[1] if names else b.report["chart"]},
        "edits": chart_edits(a.chart, b.chart),
        "objects": _ordered([_object_row(no, a, b) for no in dict.fromkeys([*a.chart, *b.chart])]),
        "characters": _ordered([_character_row(key, a, b) for key in a.report_characters]),
        "policies_win": [_policy_row(policy, a, b) for policy in dict.fromkeys(base.bots)],
        "rounds": _measure("rounds", [s["rounds"] for s in a.stats],
                           [s["rounds"] for s in b.stats]),
        "rounds_per_game": {"base": [s["rounds"] for s in a.stats],
                            "new": [s["rounds"] for s in b.stats]},
        "base": a.report, "new": b.report,
    }


class _Side:
    """One chart's lab: its report and its per-game figures."""

    def __init__(self, study: Study, rows: Sequence[Row]) -> None:
        self.rows = sorted(rows, key=lambda r: int(r["game"]))
        self.report = lab_report(study, self.rows)
        self.stats = [json.loads(r["statistics"]) for r in self.rows]
        self.observed = [json.loads(r.get("observed") or "{}") for r in self.rows]
        self.shares = [[float(x) for x in r["scores"]] for r in self.rows]
        self.chart = load_chart(study.options.get("chart", ""))  # the chart's text, or default
        self.report_characters = [e["label"] for e in self.report["by_character"]]
        self.character_names = {e["label"]: e for e in self.report["by_character"]}

    def counts(self, no: str, counter: str) -> list[float]:
        """Per game: how often object `no` was made, completed or used."""
        keys = {"made": ("produced",), "completed": ("completed",),
                "used": ("attacks", "blocks", "activations", "arms")}[counter]
        return [float(sum(o.get("objects", {}).get(no, {}).get(k, 0) for k in keys))
                for o in self.observed]

    def users(self, no: str) -> list[tuple[float, int]]:
        """Per game: wins and number of the seats that used object `no`."""
        return self._wins([figures.get("users", {}).get(no, ()) for figures in self.observed])

    def edges(self, no: str) -> list[float]:
        """Per game that had both seats that used object `no` and seats that did not: the users'
        edge (study.py's `users_edge`)."""
        edges = (users_edge(share, set(figures.get("users", {}).get(no, ())))
                 for figures, share in zip(self.observed, self.shares, strict=True))
        return [edge for edge in edges if edge is not None]

    def holders(self, card: str) -> list[tuple[float, int]]:
        """Per game: wins and number of the seats that held character `card`."""
        return self._wins([[s for s, c in enumerate(stat["characters"]) if c == card]
                           for stat in self.stats])

    def abilities(self, card: str) -> list[float]:
        return [float(o.get("abilities", {}).get(card, 0)) for o in self.observed]

    def effects(self, source: str) -> set[str]:
        """What the effects of object design or character card `source` did in any game."""
        return {key for o in self.observed for key in o.get("effects", {}).get(source, {})}

    def effect(self, source: str, key: str) -> list[float]:
        """Per game: how much `source`'s effects did of `key` (HP healed, [W] taken ...)."""
        return [float(o.get("effects", {}).get(source, {}).get(key, 0)) for o in self.observed]

    def policy(self, name: str) -> list[tuple[float, int]]:
        """Per game: wins and number of the seats that bot policy `name` played."""
        return self._wins([[s for s, b in enumerate(row["bots"]) if b == name] for row in self.rows])

    def _wins(self, seats_per_game: list[Sequence[int]]) -> list[tuple[float, int]]:
        """Per game: the score shares of the seats named for it, summed, and how many they are."""
        return [(sum(share[s] for s in seats), len(seats))
                for seats, share in zip(seats_per_game, self.shares, strict=True)]


def is_win_rate(measure: dict[str, Any]) -> bool:
    """Whether a measure (or a policy's row, which is its win rate) is a win rate, changing in
    percentage points, rather than a count per game."""
    return str(measure.get("measure", "win")).endswith(("win", "edge"))


def is_edge(measure: dict[str, Any]) -> bool:
    """Whether a measure is an edge: a difference of win rates itself, read in points."""
    return str(measure.get("measure", "")).endswith("edge")


def shown_value(measure: dict[str, Any], side: str, digits: int) -> str | None:
    """One chart's value of a measure as the comparison shows it (`side`: "base" or "new"): an edge
    in points with its sign, a win rate in percent, each to `digits` decimals, a count per game to
    two; None where that chart has none."""
    value = measure[side]
    if value is None:
        return None
    if is_edge(measure):   # itself a difference of win rates, in points
        return f"{100 * value:+.{digits}f}"
    return f"{100 * value:.{digits}f}%" if is_win_rate(measure) else f"{value:.2f}"


def _measure(name: str, base: list[float], new: list[float]) -> dict[str, Any]:
    """A per-game count: each chart's mean per game and the paired change."""
    n = len(base)
    return {"measure": name, "base": sum(base) / n if n else 0.0,
            "new": sum(new) / n if n else 0.0, **paired_difference(base, new)}


def _rate_measure(name: str, base: list[tuple[float, int]], new: list[tuple[float, int]]
                  ) -> dict[str, Any]:
    """A win rate of some seats: each chart's rate (None without such seats) and the change."""
    def pooled(games: list[tuple[float, int]]) -> float | None:
        seats = sum(n for _, n in games)
        return sum(w for w, _ in games) / seats if seats else None

    entry: dict[str, Any] = {"measure": name, "base": pooled(base), "new": pooled(new),
                             "seats": [sum(n for _, n in base), sum(n for _, n in new)]}
    difference = ratio_difference(base, new)
    if difference is None:
        entry.update(change=None, ci=None, paired=False, significant=False, strength=0.0)
    else:
        entry.update(difference)
        if min(entry["seats"]) < FEWEST_SEATS:  # 3 of 3 against 0 of 2 says little
            entry.update(significant=False, strength=0.0)
    return entry


def _edge_measure(name: str, base: list[float], new: list[float]) -> dict[str, Any]:
    """An edge on each chart (its mean over the games that had both users and others; None without
    such a game) and the change, with Welch's 95% interval: the games with both differ between
    the charts, so the change is not paired."""
    entry: dict[str, Any] = {"measure": name, "base": fmean(base) if base else None,
                             "new": fmean(new) if new else None, "games": [len(base), len(new)]}
    difference = unpaired_difference(base, new, within=2.0)   # two edges in -1..1 differ by at most 2
    if difference is None:
        entry.update(change=entry["new"] - entry["base"] if base and new else None, ci=None,
                     paired=False, significant=False, strength=0.0)
        return entry
    entry.update(difference)
    if min(entry["games"]) < FEWEST_GAMES:
        entry.update(significant=False, strength=0.0)
    return entry


def _object_row(no: str, a: _Side, b: _Side) -> dict[str, Any]:
    design = b.chart.get(no) or a.chart[no]
    where = "both" if no in a.chart and no in b.chart else "base" if no in a.chart else "new"
    return {"no": no, **card_names(design, no), "type": design.type,
            "cost": [a.chart[no].cost if no in a.chart else None,
                     b.chart[no].cost if no in b.chart else None],
            "in": where,
            "measures": [_measure("made", a.counts(no, "made"), b.counts(no, "made")),
                         _measure("completed", a.counts(no, "completed"),
                                  b.counts(no, "completed")),
                         _measure("used", a.counts(no, "used"), b.counts(no, "used")),
                         _rate_measure("users_win", a.users(no), b.users(no)),
                         _edge_measure("users_edge", a.edges(no), b.edges(no)),
                         *_effect_measures(no, a, b)]}


def _character_row(card: str, a: _Side, b: _Side) -> dict[str, Any]:
    entry = a.character_names[card]
    names = {k: v for k, v in entry.items() if k.startswith("name")}
    held_a = [float(n) for _, n in a.holders(card)]
    held_b = [float(n) for _, n in b.holders(card)]
    return {"key": card, **names,
            "measures": [_measure("held", held_a, held_b),
                         _measure("used", a.abilities(card), b.abilities(card)),
                         _rate_measure("holders_win", a.holders(card), b.holders(card)),
                         *_effect_measures(card, a, b)]}


def _effect_measures(source: str, a: _Side, b: _Side) -> list[dict[str, Any]]:
    """What `source`'s effects did per game on each chart, each thing they did on either (in the
    lab's order of effects: HP healed, [W] acquired ...)."""
    done = a.effects(source) | b.effects(source)
    return [_measure(f"effect_{key}", a.effect(source, key), b.effect(source, key))
            for key, _ in EFFECTS.values() if key in done]


def _policy_row(policy: str, a: _Side, b: _Side) -> dict[str, Any]:
    return {"policy": policy, **_rate_measure("win", a.policy(policy), b.policy(policy))}


def _ordered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows by how clearly their clearest measure changed, the clearest first."""
    for row in rows:
        row["strength"] = max(m["strength"] for m in row["measures"])
        row["significant"] = any(m["significant"] for m in row["measures"])
    return sorted(rows, key=lambda r: -r["strength"])


def chart_edits(base: dict[str, Any], new: dict[str, Any]) -> list[dict[str, Any]]:
    """What the new chart changed: designs added or removed, and each rules field that differs
    (`effects` compared as a whole)."""
    edits: list[dict[str, Any]] = []
    for no in dict.fromkeys([*base, *new]):
        if no not in new:
            edits.append({"no": no, **card_names(base[no], no), "change": "removed"})
        elif no not in base:
            edits.append({"no": no, **card_names(new[no], no), "change": "added"})
        else:
            fields = [{"field": f, "base": _plain(getattr(base[no], f)),
                       "new": _plain(getattr(new[no], f))}
                      for f in OBJECT_FIELDS if f not in NOT_RULES
                      and getattr(base[no], f) != getattr(new[no], f)]
            if fields:
                edits.append({"no": no, **card_names(new[no], no), "change": "edited",
                              "fields": fields})
    return edits


def _plain(value: Any) -> Any:
    """A field's value as JSON: effects as their ops and parameters."""
    if isinstance(value, tuple):
        return [{"op": e.op, **dict(e.params)} for e in value]
    return value
