"""The Star Road lab's reports as terminal tables (they fit 80 columns); names of objects,
characters and factions in the chosen language."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.cells import cell_len
from rich.markup import escape
from rich.table import Table

from parlor.cli.commands import console
from parlor.cli.render import WordTable
from parlor.core.text import PUNCTUATION
from parlor.sim.stats import seats_from_one

from ..problems import catalogs
from .compare import is_win_rate, shown_value
from .pace import pace_rows
from .words import effect_rows, field, measure, named, policy, row_name, text

__all__ = ["print_compare", "print_lab"]

def pct(entry: dict[str, Any]) -> str:
    return f"{entry['win_rate']:.0%}" if entry["seats"] else "-"


def interval(entry: dict[str, Any], short: bool = False) -> str:
    if not entry["seats"]:
        return "-"
    low, high = entry["ci"]
    return f"{100 * low:.0f}-{100 * high:.0f}" if short else f"{low:.0%}-{high:.0%}"


def print_lab(report: dict[str, Any], lang: str = "en") -> None:
    """The lab report as terminal tables, in `lang`."""
    study = report["study"]
    base = report["baseline"]
    marks = PUNCTUATION[lang]
    console.print(text("lab_head", lang).format(
        games=report["games"], players=study["players"], seed=study["seed"],
        policies=marks.names.join(policy(bot, lang) for bot in study["bots"])))
    console.print(escape(text("lab_files", lang).format(chart=content(report["chart"], lang),
                                                        characters=content(report["characters"], lang))))
    console.print(text("lab_baseline", lang).format(rate=f"{base['win_rate']:.1%}"))
    console.print(_objects(report["objects"], lang))
    console.print(text("lab_objects_legend", lang))
    if report.get("effects"):  # reports of labs run before effects were counted have none
        console.print(_effects(report["effects"], lang))
        console.print(text("effects_note", lang))
    console.print(rates(text("by_policy", lang), [{**e, "label": policy(str(e["label"]), lang)}
                                                  for e in report["by_policy"]], lang))
    places = report.get("by_position") or []
    if places:
        console.print(rates(text("by_place", lang), [{**e, "label": place(e["label"], len(places), lang)}
                                                     for e in places], lang))
    seats = seats_from_one(report["by_seat"])
    for title, entries in (("by_faction", report["by_faction"]), ("by_team", report["by_team"]),
                           ("by_seat", seats), ("by_character", report["by_character"])):
        console.print(rates(text(title, lang), entries, lang))
    console.print(_length(report["length"], lang))
    if report.get("pace"):   # labs run before the pace was kept have none
        console.print(_pace(report["pace"], lang))
    if report.get("pairings"):
        console.print(pairings_table(report["pairings"], lang))
    reasons = catalogs()[lang].names
    ends = marks.phrases.join(f"{reasons.get(reason, reason)} {count}"
                              for reason, count in report["end_reasons"].items())
    console.print(text("ended_by", lang).format(ends=ends, draws=report["draws"]))
    run = report.get("run")
    if run and run.get("games_run"):
        console.print(text("played", lang).format(
            games=run["games_run"], seconds=f"{run['seconds']:.1f}", speed=f"{run['games_per_second']:.1f}",
            backend=run["backend"], workers=run["workers"]))


def content(label: str, lang: str) -> str:
    """A chart's or character table's label (study.content_label) in words: the packaged one, or
    the author's by the digest of its text."""
    if label == "default":
        return text("content_default", lang)
    digest = label.rsplit(" ", 1)[-1].rstrip(")")
    return text("content_custom", lang).format(digest=digest)


def place(number: int, places: int, lang: str) -> str:
    """A place in the turn order, the first and the last named so."""
    if number == 1:
        return text("place_first", lang).format(place=number)
    if number == places:
        return text("place_last", lang).format(place=number)
    return str(number)


def _objects(objects: list[dict[str, Any]], lang: str) -> Table:
    table = WordTable(title=text("lab_objects", lang), header_style="bold",
                      box=box.SIMPLE_HEAD, padding=0, pad_edge=False, show_edge=False)
    table.add_column(text("object", lang))  # a long name wraps between its words, never cut with "…"
    for key in ("col_type", "col_cost", "col_made", "col_done", "col_used", "col_dealt", "col_prevented",
                "col_users", "col_win", "col_ci", "col_edge"):
        heading = text(key, lang)
        table.add_column(heading, justify="right", no_wrap=True, min_width=cell_len(heading))
    for o in objects:
        used = o["used_by"]   # the others' win% is the report page's: 80 columns hold the edge instead
        table.add_row(f"{o['no']} {escape(named(o, lang))}", o["type"], str(o["cost"]),
                      str(o["produced"]), str(o["completed"]), str(o["used"]),
                      str(o["damage_dealt"]), str(o["damage_prevented"]), str(used["seats"]),
                      pct(used), interval(used, short=True), edge_points(o))
    return table


def edge_points(entry: dict[str, Any]) -> str:
    """An object's edge in games with and without it (`users_edge`), in points: "+25", or "-"
    where no game had both users and others."""
    edge = entry.get("edge")   # reports written before the edge was measured have none
    return f"{100 * edge['mean']:+.0f}" if edge and edge["games"] else "-"


def _effects(effects: list[dict[str, Any]], lang: str) -> Table:
    """What objects' and abilities' effects did: a row for each thing a source did."""
    table = WordTable(title=text("lab_effects", lang), header_style="bold",
                      box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False, show_edge=False)
    for key in ("col_source", "col_effect", "col_total", "col_per_game", "col_per_use"):
        left = key in ("col_source", "col_effect")
        table.add_column(text(key, lang), justify="left" if left else "right", no_wrap=not left)
    for row in effect_rows(effects, lang):
        table.add_row(*(escape(cell) for cell in row))
    return table


def rates(title: str, entries: list[dict[str, Any]], lang: str = "en") -> Table:
    table = WordTable(title=title, header_style="bold")
    table.add_column("", justify="left")
    for key in ("col_seats", "col_wins", "col_win_rate", "interval"):
        table.add_column(text(key, lang), justify="right")
    for e in entries:
        label = f"{e['label']} {named(e, lang)}" if "name" in e else str(e["label"])
        table.add_row(escape(label), str(e["seats"]), f"{e['wins']:g}", pct(e), interval(e))
    return table


def _length(length: dict[str, dict[str, float]], lang: str) -> Table:
    table = WordTable(title=text("length", lang), header_style="bold")
    table.add_column("", justify="right")
    for key in ("col_mean", "col_median", "col_min", "col_max"):
        table.add_column(text(key, lang), justify="right")
    for key in ("moves", "turns", "rounds"):
        d = length[key]
        table.add_row(text(f"length_{key}", lang), f"{d['mean']:.1f}", f"{d['median']:.1f}", f"{d['min']:g}",
                      f"{d['max']:g}")
    return table


def _pace(pace: list[dict[str, Any]], lang: str) -> Table:
    """HP round by round (`pace.pace_report`): the first rounds, every fifth and the last."""
    table = WordTable(title=text("pace_section", lang), header_style="bold")
    for key in ("pace_round", "pace_games", "pace_total", "pace_winners", "pace_losers"):
        table.add_column(text(key, lang), justify="right")
    for row in pace_rows(pace):
        means = ("–" if row[key] is None else f"{row[key]:.1f}" for key in ("total", "winners", "losers"))
        table.add_row(str(row["round"]), str(row["games"]), *means)
    return table


def pairings_table(pairings: list[dict[str, Any]], lang: str = "en") -> Table:
    """Game length by policy pairing: the teams' policies, rounds, who won."""
    table = WordTable(title=text("pairings", lang), header_style="bold",
                      box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False)
    for key in ("col_teams", "col_games", "col_mean", "col_ci", "col_median", "col_wins"):
        # the teams wrap between their words ("constructor + defensor contra …" is wider than a column)
        table.add_column(text(key, lang), justify="left" if key == "col_teams" else "right",
                         no_wrap=key != "col_teams")
    for p in pairings:
        rounds = p["rounds"]
        sides = text("versus", lang).join(_side(side, lang) for side in p["sides"])
        table.add_row(escape(sides), str(p["games"]), f"{rounds['mean']:.1f}",
                      f"{p['ci'][0]:.1f}-{p['ci'][1]:.1f}", f"{rounds['median']:.1f}",
                      "/".join(f"{w:.0%}" for w in p["won"]))
    table.caption = text("pairings_caption", lang)
    return table


def _side(side: str, lang: str) -> str:
    """A team's policies ("rusher + builder", study.py's pairings) in `lang`."""
    return " + ".join(policy(name, lang) for name in side.split(" + "))


# -- compare --------------------------------------------------------------------------------------


def print_compare(report: dict[str, Any], lang: str = "en") -> None:
    """Two charts side by side, in `lang`: what the new chart edits, then every measure's change."""
    marks = PUNCTUATION[lang]
    console.print(text("compare_head", lang).format(
        games=report["games"], players=report["players"], seed=report["seed"],
        policies=marks.names.join(policy(name, lang) for name in report["policies"])))
    console.print(f"{text('base', lang)}{marks.colon}{escape(report['charts']['base'])}")
    console.print(f"{text('new', lang)}{marks.colon}{escape(report['charts']['new'])}")
    edits = report["edits"]
    console.print(text("edits", lang) + marks.colon + ("" if edits else text("no_edits", lang)))
    for edit in edits:
        console.print(f"  {escape(edit_line(edit, lang))}")
    rounds = report["rounds"]
    console.print(text("compare_length", lang).format(
        base=f"{rounds['base']:.1f}", new=f"{rounds['new']:.1f}", change=_change(rounds, lang),
        interval=_interval(rounds, lang)) + _flag(rounds))
    console.print(text("policy_win", lang) + marks.colon + marks.groups.join(
        f"{policy(p['policy'], lang)} {_value(p, 'base')} -> {_value(p, 'new')}{_flag(p)}"
        for p in report["policies_win"]))
    console.print(_changes(text("objects_changes", lang), report["objects"], lang))
    console.print(_changes(text("characters_changes", lang), report["characters"], lang))
    console.print(text("compare_note", lang))


def edit_line(edit: dict[str, Any], lang: str) -> str:
    """One design the new chart adds, removes or edits, with its changed fields."""
    marks = PUNCTUATION[lang]
    head = f"{edit['no']} {named(edit, lang)}"
    if edit["change"] != "edited":
        return f"{head}{marks.colon}{text(edit['change'], lang)}"
    fields = marks.phrases.join(f"{field(f['field'], lang)} {_plain(f['base'])} -> {_plain(f['new'])}"
                                for f in edit["fields"])
    return f"{head}{marks.colon}{fields}"


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return "[" + "; ".join(" ".join(f"{k}={v}" for k, v in e.items()) for e in value) + "]"
    return str(value)


def _changes(title: str, rows: list[dict[str, Any]], lang: str) -> Table:
    table = WordTable(title=title, header_style="bold", box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0),
                      pad_edge=False)
    for column in ("", "measure", "base", "new", "change", "interval", ""):
        heading = text(column, lang) if column else ""
        # every column wraps between its words where 80 columns are too few ("-49 pp a" / "+49 pp"):
        # a cut "acabad…" hid what the row measures
        table.add_column(heading, justify="left" if column in ("", "measure") else "right")
    for row in rows:
        label = row_name(row, lang)
        for i, m in enumerate(row["measures"]):
            table.add_row(escape(label) if i == 0 else "", measure(m["measure"], lang, short=True),
                          _value(m, "base"), _value(m, "new"), _change(m, lang), _interval(m, lang),
                          _flag(m).strip())
    return table


def _value(m: dict[str, Any], side: str) -> str:
    return shown_value(m, side, 0) or "-"


def _number(m: dict[str, Any], x: float, lang: str) -> str:
    return f"{100 * x:+.0f} {text('points', lang)}" if is_win_rate(m) else f"{x:+.2f}"


def _change(m: dict[str, Any], lang: str) -> str:
    return "-" if m["change"] is None else _number(m, m["change"], lang)


def _interval(m: dict[str, Any], lang: str) -> str:
    if m["ci"] is None:
        return "-"
    low, high = (_number(m, end, lang) for end in m["ci"])
    return text("compare_to", lang).format(low=low, high=high)


def _flag(m: dict[str, Any]) -> str:
    """A rise (▲) or a fall (▼), spaced from the value before it, when its 95% interval excludes 0."""
    if not m.get("significant"):
        return ""
    return " ▲" if m["change"] > 0 else " ▼"
