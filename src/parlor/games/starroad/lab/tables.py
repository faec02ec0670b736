"""The Star Road lab's reports as terminal tables (they fit 80 columns); names of objects,
characters and factions in the chosen language."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from parlor.cli.commands import console
from parlor.sim.stats import seats_from_one

from .compare import is_win_rate
from .words import LANGS, named

__all__ = ["LANGS", "print_compare", "print_lab"]

def pct(entry: dict[str, Any]) -> str:
    return f"{entry['win_rate']:.0%}" if entry["seats"] else "-"


def interval(entry: dict[str, Any], short: bool = False) -> str:
    if not entry["seats"]:
        return "-"
    low, high = entry["ci"]
    return f"{100 * low:.0f}-{100 * high:.0f}" if short else f"{low:.0%}-{high:.0%}"


def print_lab(report: dict[str, Any], lang: str = "en") -> None:
    """The lab report as terminal tables."""
    study = report["study"]
    base = report["baseline"]
    console.print(f"[bold]Star Road design lab[/bold]: {report['games']} games, "
                  f"{study['players']} players, policies {', '.join(study['bots'])}, "
                  f"seed {study['seed']}")
    console.print(f"chart: {escape(report['chart'])}; characters: {escape(report['characters'])}")
    console.print(f"A seat wins {base['win_rate']:.1%} of its games on average (its team won; a "
                  "draw counts half): compare the win rates below with it.")
    console.print(_objects(report["objects"], lang))
    console.print("T: type; W: cost; made: objects started on a line; done: completed; used: "
                  "declared in an attack, a block, an arming or an activation; dealt: HP taken "
                  "from bases (reflection included); prev.: attack absorbed by it; users: seats "
                  "(one per game) that used it, their win% and its 95% interval; others: the "
                  "win% of every other seat.")
    console.print(rates("By policy", report["by_policy"], lang))
    places = report.get("by_position") or []
    if places:
        last = len(places)
        console.print(rates("By place in the turn order", [
            {**e, "label": f"{e['label']} (first)" if e["label"] == 1 else
             f"{e['label']} (last)" if e["label"] == last else str(e["label"])} for e in places],
            lang))
    seats = seats_from_one(report["by_seat"])
    for title, entries in (("By faction", report["by_faction"]), ("By team", report["by_team"]),
                           ("By seat", seats), ("By character", report["by_character"])):
        console.print(rates(title, entries, lang))
    console.print(_length(report["length"]))
    if report.get("pairings"):
        console.print(pairings_table(report["pairings"]))
    ends = ", ".join(f"{reason} {count}" for reason, count in report["end_reasons"].items())
    console.print(f"Ended by: {ends}; draws: {report['draws']}.")
    run = report.get("run")
    if run and run.get("games_run"):
        console.print(f"Played {run['games_run']} games in {run['seconds']:.1f} s "
                      f"({run['games_per_second']:.1f} games/s, {run['backend']}, "
                      f"{run['workers']} workers).")


def _objects(objects: list[dict[str, Any]], lang: str) -> Table:
    table = Table(title="Objects (totals over all games)", header_style="bold",
                  box=box.SIMPLE_HEAD, padding=0, pad_edge=False)
    for column in ("object", "T", "W", "made", "done", "used", "dealt", "prev.", "users", "win%",
                   "95% CI", "others"):
        if column == "object":
            table.add_column(column, no_wrap=True, max_width=20)
        else:
            table.add_column(column, justify="right", no_wrap=True, min_width=len(column))
    for o in objects:
        used, unused = o["used_by"], o["not_used_by"]
        table.add_row(f"{o['no']} {escape(named(o, lang))}", o["type"], str(o["cost"]),
                      str(o["produced"]), str(o["completed"]), str(o["used"]),
                      str(o["damage_dealt"]), str(o["damage_prevented"]), str(used["seats"]),
                      pct(used), interval(used, short=True), pct(unused))
    return table


def rates(title: str, entries: list[dict[str, Any]], lang: str = "en") -> Table:
    table = Table(title=title, header_style="bold")
    for column in ("", "seats", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="left" if not column else "right")
    for e in entries:
        label = f"{e['label']} {named(e, lang)}" if "name" in e else str(e["label"])
        table.add_row(escape(label), str(e["seats"]), f"{e['wins']:g}", pct(e), interval(e))
    return table


def _length(length: dict[str, dict[str, float]]) -> Table:
    table = Table(title="Game length", header_style="bold")
    for column in ("", "mean", "median", "min", "max"):
        table.add_column(column, justify="right")
    for key in ("moves", "turns", "rounds"):
        d = length[key]
        table.add_row(key, f"{d['mean']:.1f}", f"{d['median']:.1f}", f"{d['min']:g}",
                      f"{d['max']:g}")
    return table


def pairings_table(pairings: list[dict[str, Any]]) -> Table:
    """Game length by policy pairing: the teams' policies, rounds, who won."""
    table = Table(title="Game length by policy pairing (rounds)", header_style="bold",
                  box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False)
    for column in ("teams", "games", "mean", "95% CI", "median", "wins"):
        table.add_column(column, justify="left" if column == "teams" else "right", no_wrap=True)
    for p in pairings:
        rounds = p["rounds"]
        table.add_row(escape(" vs ".join(p["sides"])), str(p["games"]), f"{rounds['mean']:.1f}",
                      f"{p['ci'][0]:.1f}-{p['ci'][1]:.1f}", f"{rounds['median']:.1f}",
                      "/".join(f"{w:.0%}" for w in p["won"]))
    table.caption = "wins: each team's share of the games (in the order shown; a draw counts half)"
    return table


# -- compare --------------------------------------------------------------------------------------
MEASURES = {"made": "made", "completed": "completed", "used": "used", "users_win": "users win",
            "held": "held", "holders_win": "holders win", "win": "win", "rounds": "rounds"}


def print_compare(report: dict[str, Any], lang: str = "en") -> None:
    """Two charts side by side: what the new chart edits, then every measure's change."""
    console.print(f"[bold]Star Road chart comparison[/bold]: {report['games']} games on each "
                  f"chart (same seeds), {report['players']} players, policies "
                  f"{', '.join(report['policies'])}, seed {report['seed']}")
    console.print(f"base: {escape(report['charts']['base'])}")
    console.print(f"new:  {escape(report['charts']['new'])}")
    edits = report["edits"]
    console.print("What the new chart changes: " + ("nothing in the rules fields" if not edits
                                                     else ""))
    for edit in edits:
        console.print(f"  {escape(edit_line(edit, lang))}")
    rounds = report["rounds"]
    console.print(f"Game length: {rounds['base']:.1f} -> {rounds['new']:.1f} rounds "
                  f"(change {_change(rounds)}, 95% interval {_interval(rounds)}) "
                  f"{_flag(rounds)}".rstrip())
    console.print("Win rate by policy: " + "; ".join(
        f"{p['policy']} {_value(p, 'base')} -> {_value(p, 'new')} {_flag(p)}".rstrip()
        for p in report["policies_win"]))
    console.print(_changes("Objects (per game; users: the seats that used it)",
                           report["objects"], lang, "no"))
    console.print(_changes("Characters (per game; held: seats that kept the card, used: its "
                           "ability's uses; holders: those seats)", report["characters"], lang,
                           "key"))
    console.print("Rows are sorted by how clearly they changed (the change divided by half its "
                  "interval). ▲/▼: the 95% interval excludes 0 (a rise, a fall); among many "
                  "unchanged measures about 1 in 20 is flagged by chance. Counts per game are "
                  "compared game by game (both charts play the same deals); win rates as two "
                  "samples, in percentage points.")


def edit_line(edit: dict[str, Any], lang: str) -> str:
    """One design the new chart adds, removes or edits, with its changed fields."""
    head = f"{edit['no']} {named(edit, lang)}"
    if edit["change"] != "edited":
        return f"{head}: {edit['change']}"
    fields = ", ".join(f"{f['field']} {_plain(f['base'])} -> {_plain(f['new'])}"
                       for f in edit["fields"])
    return f"{head}: {fields}"


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return "[" + "; ".join(" ".join(f"{k}={v}" for k, v in e.items()) for e in value) + "]"
    return str(value)


def _changes(title: str, rows: list[dict[str, Any]], lang: str, key: str) -> Table:
    table = Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
                  pad_edge=False)
    for column in ("", "measure", "base", "new", "change", "95% interval", ""):
        table.add_column(column, justify="left" if column in ("", "measure") else "right",
                         no_wrap=True, max_width=22 if not column else None)
    for row in rows:
        label = f"{row[key]} {named(row, lang)}"
        for i, m in enumerate(row["measures"]):
            table.add_row(escape(label) if i == 0 else "", MEASURES[m["measure"]],
                          _value(m, "base"), _value(m, "new"), _change(m), _interval(m),
                          _flag(m))
    return table


def _value(m: dict[str, Any], side: str) -> str:
    value = m[side]
    if value is None:
        return "-"
    return f"{value:.0%}" if is_win_rate(m) else f"{value:.2f}"


def _number(m: dict[str, Any], x: float) -> str:
    return f"{100 * x:+.0f} pt" if is_win_rate(m) else f"{x:+.2f}"


def _change(m: dict[str, Any]) -> str:
    return "-" if m["change"] is None else _number(m, m["change"])


def _interval(m: dict[str, Any]) -> str:
    if m["ci"] is None:
        return "-"
    return f"{_number(m, m['ci'][0])} to {_number(m, m['ci'][1])}"


def _flag(m: dict[str, Any]) -> str:
    if not m.get("significant"):
        return ""
    return "▲" if m["change"] > 0 else "▼"
