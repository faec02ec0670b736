"""`parlor report DIR`: one self-contained HTML page (plots embedded as PNG) from a finished study.

Sections, each with an anchor: seats, bots, scores, length, statistics and, for a sweep, sweep. A
game's design-lab directory (it holds `lab.json`, such as Star Road's) is read as the lab reads
it: a seat's win is its score (every player of a winning team wins), the fair share is the
average seat's win rate, the bots are the lab's policies, and the lab's own sections (from the
game's `lab_pages()`) come after the bots.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from parlor.core import ParlorError, get_game
from parlor.core.game import LabPages

from .stats import score_shares, seats_from_one, summarise, win_shares
from .storage import read_study
from .study import Row, Study, load_plugins

COLOURS = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C")
Section = tuple[str, str, list[str]]   # anchor, heading, body
WIN_RATE = "win rate (share of games won)"


def write_report(directory: Path, output: Path | None = None) -> Path:
    """Write the report of the study in `directory` (to `directory/report.html` by default).

    :raises BadOptions: the directory holds no finished study.
    """
    study, rows = read_study(directory)
    lab = _json(Path(directory) / "lab.json")
    summary = summarise(study, rows, share=score_shares if lab else win_shares)
    run = (_json(Path(directory) / "summary.json") or {}).get("run")
    target = output or Path(directory) / "report.html"
    target.write_text(render(study, rows, summary, run if isinstance(run, dict) else None, lab),
                      encoding="utf-8")
    return target


def _catalog_words(study: Study) -> tuple[dict[str, str], dict[str, str]]:
    """The game's own English words: its interface labels (for statistics' headings) and its
    names (for their values: a card's name, not its id); none for a game without catalogs."""
    try:
        load_plugins(study.plugins)
        catalog = get_game(study.game).catalogs().get("en")
    except ParlorError:
        return {}, {}
    return (dict(catalog.ui), dict(catalog.names)) if catalog is not None else ({}, {})


def _json(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def render(study: Study, rows: Sequence[Row], summary: dict[str, Any],
           run: dict[str, Any] | None = None, lab: dict[str, Any] | None = None) -> str:
    """The report page as a string (`lab`: the lab's report, for a design lab's directory)."""
    overall = summary["overall"]
    if lab is not None:
        fair = lab["baseline"]["win_rate"]
        fair_note = (f"In a team game every player of the winning team wins (a draw counts half): "
                     f"the dashed line is the average seat's win rate, {_pct(fair)}.")
        who = "policy"
    else:
        fair = 1.0 / study.players
        fair_note = "A tie for first shares the win. The dashed line is the fair share, 1 / players."
        who = "bot"
    seats = seats_from_one(overall["by_seat"])
    sections: list[Section] = [
        ("seats", "Win rate by seat", [
            _img(_rate_bars([f"seat {r['label']}" for r in seats], seats, fair,
                            "Win rate by seat (95% interval)", "seat")),
            _rate_table("seat", seats), f"<p>{html.escape(fair_note)}</p>"]),
        ("bots", f"Win rate by {who}", [
            _img(_rate_bars([str(r["label"]) for r in overall["by_bot"]], overall["by_bot"], fair,
                            f"Win rate by {who} (95% interval)", who)),
            _rate_table(who, overall["by_bot"]),
            f"<p>{'Policies' if lab else 'Bots'} rotate through the seats from game to game.</p>"]),
    ]
    labels, names = _catalog_words(study)
    statistics = overall["statistics"]
    values: dict[str, dict[str, str]] = {e["name"]: names for e in statistics}
    pages = _lab_pages(study) if lab is not None else None
    if lab is not None and pages is not None:
        sections += pages.lab_sections(lab, fair)
        labels, values = pages.STATISTICS, pages.statistic_values(lab)
        statistics = [e for e in statistics if e["name"] not in pages.SHOWN_ELSEWHERE]
    else:
        sections.append(("scores", "Score distributions", [_img(_score_plot(study, rows))]))
    sections.append(("length", "Game length", [
        _img(_hist([float(r["length"]) for r in rows], "moves per game", "Game length")),
        _describe_table({"moves": overall["length"]})]))
    sections.append(("statistics", "Declared statistics against win rate",
                     _statistics(statistics, rows, fair, labels, values)))
    if study.sweep is not None:
        sections.append(("sweep", f"Sweep over {study.sweep.name}", _sweep(study, summary["points"])))
    parts = [_head(study, pages.TITLE if pages is not None else ""),
             _intro(study, summary, run, [(a, h) for a, h, _ in sections],
                    "policies" if lab is not None else "bots")]
    parts += [_section(anchor, title, body) for anchor, title, body in sections]
    parts.append("</body></html>\n")
    return "\n".join(parts)


# -- page pieces -------------------------------------------------------------------------------

STYLE = ("body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;"
         "color:#222}table{border-collapse:collapse;margin:.5em 0;display:block;overflow-x:auto}"
         "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}th{background:#f3f3f3}"
         "td:first-child{white-space:nowrap}img{max-width:100%}"
         "h2{border-bottom:2px solid #4C72B0;padding-bottom:.2em;margin-top:2em}")


def _lab_pages(study: Study) -> LabPages:
    """The game's design-lab sections, for a lab's directory (the game must have a lab)."""
    pages = get_game(study.game).lab_pages()
    if pages is None:
        raise ParlorError(f"{study.game} has no design lab, yet the directory holds lab.json")
    return pages


def _head(study: Study, lab_title: str) -> str:
    name = lab_title or f"parlor study: {study.game}"
    title = html.escape(f"{name}, {study.players} players")
    return ("<!doctype html><html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}</title><style>{STYLE}</style></head><body><h1>{title}</h1>")


def _intro(study: Study, summary: dict[str, Any], run: dict[str, Any] | None,
           anchors: list[tuple[str, str]], who: str) -> str:
    facts = {"game": study.game, "rules version": study.rules_version, "players": study.players,
             f"{who} (rotated over seats)": ", ".join(study.bots), "games": summary["games"],
             "seed": study.seed,
             "options": ", ".join(f"{k}={_option(v)}" for k, v in study.options.items()) or "-"}
    if study.sweep is not None:
        facts["sweep"] = f"{study.sweep.name} = {', '.join(map(str, study.sweep.values))} " \
                         f"({study.n} games each, same seeds)"
    if run:
        speed = run.get("games_per_second")
        facts["run"] = (f"{run.get('backend')} backend, {run.get('workers')} workers, "
                        f"{run.get('batch_size')} games per batch"
                        + (f", {speed:.1f} games/s" if speed else ""))
    rows = "".join(f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>{html.escape(str(v))}"
                   "</td></tr>" for k, v in facts.items())
    links = " · ".join(f"<a href='#{a}'>{html.escape(h)}</a>" for a, h in anchors)
    return f"<table>{rows}</table><p>{links}</p>"


def _option(value: Any) -> str:
    """An option's value as the page shows it: a text option that holds a file's content (a Star
    Road chart) by its size and digest, not all of it."""
    if isinstance(value, str) and ("\n" in value or len(value) > 60):
        digest = hashlib.sha256(value.encode("utf-8")).hexdigest()[:12]
        return f"custom text ({len(value.splitlines())} lines, sha256 {digest})"
    return str(value)


def _section(anchor: str, title: str, body: Sequence[str]) -> str:
    return f"<section id='{anchor}'><h2>{html.escape(title)}</h2>\n" + "\n".join(body) + "</section>"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate_table(what: str, entries: Sequence[dict[str, Any]]) -> str:
    head = f"<tr><th>{what}</th><th>seats</th><th>win rate</th><th>95% interval</th><th>mean score</th></tr>"
    body = "".join(
        f"<tr><td>{html.escape(str(e['label']))}</td><td>{e['seats']}</td><td>{_pct(e['win_rate'])}</td>"
        f"<td>{_pct(e['ci'][0])} – {_pct(e['ci'][1])}</td>"
        f"<td>{e['score']['mean']:.2f}</td></tr>" for e in entries)
    return f"<table>{head}{body}</table>"


def _describe_table(named: dict[str, dict[str, float]]) -> str:
    keys = ("mean", "sd", "min", "median", "max")
    head = "<tr><th></th>" + "".join(f"<th>{k}</th>" for k in keys) + "</tr>"
    body = "".join(f"<tr><td>{html.escape(n)}</td>" + "".join(f"<td>{d[k]:.2f}</td>" for k in keys)
                   + "</tr>" for n, d in named.items())
    return f"<table>{head}{body}</table>"


# -- plots -------------------------------------------------------------------------------------

def _img(fig: Figure) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img alt='plot' src='data:image/png;base64,{data}'>"


def _figure(width: float = 7.0, height: float = 3.2) -> tuple[Figure, Axes]:
    fig = Figure(figsize=(width, height))
    return fig, fig.add_subplot()


def _rate_bars(labels: Sequence[str], entries: Sequence[dict[str, Any]], fair: float | None,
               title: str, what: str) -> Figure:
    """Win rates with their 95% intervals, one bar per `what` (horizontal when there are many)."""
    fig, ax = _figure(7.0, max(2.2, 0.45 * len(labels) + 1.0) if len(labels) > 8 else 3.2)
    rates = [e["win_rate"] for e in entries]
    errors = _error_bars(rates, entries)
    positions = list(range(len(labels)))
    if len(labels) > 8:
        ax.barh(positions, rates, xerr=errors, color=COLOURS[0], capsize=3)
        ax.set_yticks(positions, labels)
        ax.invert_yaxis()
        ax.set_xlabel(WIN_RATE)
        ax.set_ylabel(what)
        if fair is not None:
            ax.axvline(fair, color="#444", linestyle="--", linewidth=1)
    else:
        ax.bar(positions, rates, yerr=errors, color=[COLOURS[i % len(COLOURS)] for i in positions],
               capsize=4)
        ax.set_xticks(positions, labels)
        ax.set_ylabel(WIN_RATE)
        ax.set_xlabel(what)
        if fair is not None:
            ax.axhline(fair, color="#444", linestyle="--", linewidth=1)
    ax.set_title(title)
    return fig


def _error_bars(rates: Sequence[float], entries: Sequence[dict[str, Any]]) -> list[list[float]]:
    """Distances from each rate to its interval's ends (never negative, despite rounding)."""
    return [[max(0.0, r - e["ci"][0]) for r, e in zip(rates, entries, strict=True)],
            [max(0.0, e["ci"][1] - r) for r, e in zip(rates, entries, strict=True)]]


def _hist(values: Sequence[float], xlabel: str, title: str) -> Figure:
    fig, ax = _figure()
    ax.hist(values, bins=_bins(values), color=COLOURS[0], edgecolor="white")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    return fig


def _bins(values: Sequence[float]) -> Any:
    if not values:
        return 1
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low <= 60:
        return [x - 0.5 for x in range(int(low), int(high) + 2)]
    return 30


def _score_plot(study: Study, rows: Sequence[Row]) -> Figure:
    fig = Figure(figsize=(10.0, 3.4))
    by_seat, by_bot = fig.subplots(1, 2)
    every = [float(s) for r in rows for s in r["scores"]]
    bins = _bins(every)
    for seat in range(study.players):
        by_seat.hist([r["scores"][seat] for r in rows], bins=bins, histtype="step", linewidth=1.5,
                     label=f"seat {seat + 1}", color=COLOURS[seat % len(COLOURS)])
    for i, bot in enumerate(dict.fromkeys(study.bots)):
        by_bot.hist([r["scores"][s] for r in rows for s, b in enumerate(r["bots"]) if b == bot],
                    bins=bins, histtype="step", linewidth=1.5, label=bot, color=COLOURS[i % len(COLOURS)])
    for ax, title in ((by_seat, "Scores by seat"), (by_bot, "Scores by bot")):
        ax.set_xlabel("final score")
        ax.set_ylabel("seats")
        ax.set_title(title)
        ax.legend(fontsize="small")
    return fig


def _statistics(entries: Sequence[dict[str, Any]], rows: Sequence[Row], fair: float,
                labels: dict[str, str], values: dict[str, dict[str, str]]) -> list[str]:
    """One plot per statistic the game declares, headed by its name in words (`labels`) and with
    its values in words (`values`, by statistic); a statistic that is the same in every game (or
    whose groups all win alike) is one sentence, not a plot."""
    if not entries:
        return ["<p>This game declares no statistics (Game.statistics returns nothing).</p>"]
    out = ["<p>Per-seat statistics are set against that seat's win rate (95% intervals); the dashed "
           "line is the fair share. Whole-game statistics show their distribution.</p>"]
    unread = []
    for entry in entries:
        name, kind = entry["name"], entry["kind"]
        label = words(name, labels)
        entry = _named_values(entry, values.get(name, {}))
        if kind == "unread":
            unread.append(label)
            continue
        out.append(f"<h3>{html.escape(label)}</h3>")
        same = _constant(entry, values.get(name, {}))
        if same is not None:
            out.append(f"<p>{html.escape(same)}</p>")
        elif kind == "seat_numeric":
            bins = entry["bins"]
            out.append(_img(_rate_bars([b["label"] for b in bins], bins, fair,
                                       f"Win rate by {_inline(label)}", label)))
            corr = entry["correlation"]
            winners, others = entry["mean_winners"], entry["mean_others"]
            out.append("<p>" + (f"mean for winners {winners:.2f}, for the others {others:.2f}; "
                                if winners is not None and others is not None else "")
                       + (f"correlation with winning {corr:+.2f}" if corr is not None else
                          "no correlation (constant values)") + "</p>")
        elif kind in ("seat_category", "seat_items"):
            groups = entry["categories" if kind == "seat_category" else "items"]
            held = "" if kind == "seat_category" else " (held)"
            out.append(_img(_rate_bars([str(g["label"]) for g in groups], groups, fair,
                                       f"Win rate by {_inline(label)}{held}", label)))
        elif kind == "game_numeric":
            out.append(_img(_hist(_game_values(rows, name), label, f"{label} per game")))
            out.append(_describe_table({label: entry["values"]}))
        else:
            out.append(_img(_count_bars(entry["categories"], f"Games by {_inline(label)}",
                                        label)))
    if unread:
        out.append(f"<p>Not plotted (values of nested shape): {html.escape(', '.join(unread))}.</p>")
    return out


def _named_values(entry: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """The entry with each category's label in words."""
    if not names:
        return entry
    named = dict(entry)
    for key in ("categories", "items"):
        if key in entry:
            named[key] = [{**g, "label": names.get(str(g["label"]), g["label"])}
                          for g in entry[key]]
    return named


def words(name: str, labels: dict[str, str]) -> str:
    """A statistic's name as a heading: the game's own words for it, else its key in words
    ("hand_parity" -> "Hand parity", "tally.points" -> "Tally: points")."""
    if name in labels:
        return labels[name]
    head, _, key = name.partition(".")
    text = labels.get(head) or head.replace("_", " ").capitalize()
    return f"{text}: {key.replace('_', ' ')}" if key else text


def _inline(label: str) -> str:
    """A heading's words within a sentence ("HP at ..." stays, "Faction card" -> "faction card")."""
    return label if label[:2].isupper() else label[:1].lower() + label[1:]


def _constant(entry: dict[str, Any], names: dict[str, str]) -> str | None:
    """The sentence that replaces a plot of a statistic that does not vary, else None."""
    kind = entry["kind"]
    if kind in ("seat_numeric", "game_numeric"):
        values = entry["values"]
        if values["min"] == values["max"]:
            same = f"{values['min']:g}"
            return f"{names[same]}." if same in names else f"The same in every game: {same}."
    elif kind in ("seat_category", "seat_items"):
        groups = entry["categories" if kind == "seat_category" else "items"]
        if len(groups) == 1:
            return f"The same in every game: {groups[0]['label']}."
        if len({round(g["win_rate"], 9) for g in groups}) == 1:
            return (f"Every value wins alike ({_pct(groups[0]['win_rate'])}): "
                    f"{', '.join(str(g['label']) for g in groups)}.")
    elif kind in ("game_category", "game_items") and len(entry["categories"]) == 1:
        return f"The same in every game: {entry['categories'][0]['label']}."
    return None


def _game_values(rows: Sequence[Row], name: str) -> list[float]:
    values: list[float] = []
    for row in rows:
        stats = json.loads(row["statistics"]) if row.get("statistics") else {}
        if name in stats:
            value = stats[name]
        else:
            head, _, key = name.partition(".")
            value = (stats.get(head) or {}).get(key)
        if isinstance(value, (int, float)):
            values.append(float(value))
    return values


def _count_bars(categories: Sequence[dict[str, Any]], title: str, what: str) -> Figure:
    fig, ax = _figure(7.0, max(2.2, 0.35 * len(categories) + 1.0))
    positions = list(range(len(categories)))
    ax.barh(positions, [c["games"] for c in categories], color=COLOURS[0])
    ax.set_yticks(positions, [str(c["label"]) for c in categories])
    ax.invert_yaxis()
    ax.set_xlabel("games")
    ax.set_ylabel(what)
    ax.set_title(title)
    return fig


def _sweep(study: Study, points: Sequence[dict[str, Any]]) -> list[str]:
    assert study.sweep is not None
    name = study.sweep.name
    labels = [str(p["value"]) for p in points]
    x = list(range(len(points)))
    fig = Figure(figsize=(10.0, 6.4))
    (seat_ax, bot_ax), (len_ax, score_ax) = fig.subplots(2, 2)
    for seat in range(study.players):
        _rate_line(seat_ax, x, [p["by_seat"][seat] for p in points], f"seat {seat + 1}", seat)
    for i, bot in enumerate(dict.fromkeys(study.bots)):
        entries = [next(b for b in p["by_bot"] if b["label"] == bot) for p in points]
        _rate_line(bot_ax, x, entries, bot, i)
    for ax in (seat_ax, bot_ax):
        ax.axhline(1.0 / study.players, color="#444", linestyle="--", linewidth=1)
        ax.set_ylabel(WIN_RATE)
        ax.legend(fontsize="small")
    seat_ax.set_title("Win rate by seat")
    bot_ax.set_title("Win rate by bot")
    len_ax.errorbar(x, [p["length"]["mean"] for p in points], yerr=[p["length"]["sd"] for p in points],
                    marker="o", capsize=4, color=COLOURS[0])
    len_ax.set_title("Game length (mean ± sd)")
    len_ax.set_ylabel("moves")
    score_ax.errorbar(x, [p["score"]["mean"] for p in points], yerr=[p["score"]["sd"] for p in points],
                      marker="o", capsize=4, color=COLOURS[2])
    score_ax.set_title("Final score (mean ± sd)")
    score_ax.set_ylabel("points")
    for ax in (seat_ax, bot_ax, len_ax, score_ax):
        ax.set_xticks(x, labels)
        ax.set_xlabel(name)
    fig.tight_layout()
    head = (f"<tr><th>{html.escape(name)}</th><th>games</th>"
            + "".join(f"<th>seat {s + 1}</th>" for s in range(study.players))
            + "".join(f"<th>{html.escape(b)}</th>" for b in dict.fromkeys(study.bots))
            + "<th>mean length</th><th>mean score</th></tr>")
    body = "".join(
        f"<tr><td>{html.escape(str(p['value']))}</td><td>{p['games']}</td>"
        + "".join(f"<td>{_pct(s['win_rate'])}</td>" for s in p["by_seat"])
        + "".join(f"<td>{_pct(b['win_rate'])}</td>" for b in p["by_bot"])
        + f"<td>{p['length']['mean']:.1f}</td><td>{p['score']['mean']:.2f}</td></tr>" for p in points)
    return [f"<p>Every value of {html.escape(name)} plays the same {study.n} seeds.</p>",
            _img(fig), f"<table>{head}{body}</table>"]


def _rate_line(ax: Axes, x: Sequence[int], entries: Sequence[dict[str, Any]], label: str, i: int) -> None:
    rates = [e["win_rate"] for e in entries]
    errors = _error_bars(rates, entries)
    ax.errorbar(x, rates, yerr=errors, marker="o", capsize=3, label=label, color=COLOURS[i % len(COLOURS)])
