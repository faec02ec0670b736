"""The Star Road lab's reports as terminal tables (they fit 80 columns); names of objects,
characters and factions in the chosen language."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.markup import escape
from rich.table import Table

from .commands import console

LANGS = ("en", "zh_TW", "es")


def named(entry: dict[str, Any], lang: str) -> str:
    """An entry's name in `lang`: `name_zh` for zh_TW, `name_es` for es when the data has it,
    the English `name` otherwise."""
    local = {"zh_TW": "name_zh", "es": "name_es"}.get(lang)
    return str(entry.get(local) or entry["name"]) if local else str(entry["name"])


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
    if report.get("by_position"):
        console.print(rates("By turn position (1 = first character, last = last character)",
                            report["by_position"], lang))
    for title, key in (("By faction", "by_faction"), ("By team", "by_team"),
                       ("By seat", "by_seat"), ("By character", "by_character")):
        console.print(rates(title, report[key], lang))
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
