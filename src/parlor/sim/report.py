"""`parlor report DIR`: one self-contained HTML page (plots embedded as PNG) from a finished study.

Sections, each with an anchor: seats, bots, scores, length, statistics and, for a sweep, sweep. A
game's design-lab directory (it holds `lab.json`, such as Star Road's) is read as the lab reads
it: a seat's win is its score (every player of a winning team wins), the fair share is the
average seat's win rate, the bots are the lab's policies, and the lab's own sections (from the
game's `lab_pages()`) come after the bots.
"""

from __future__ import annotations

import html
import json
import logging
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from parlor.core import ParlorError, get_game
from parlor.core.game import LabPages
from parlor.core.naming import bot_name

from .option_words import OptionWords, study_catalog
from .report_plots import (
    COLOURS,
    FONTS,
    count_bars,
    histogram,
    img,
    rate_bars,
    rate_line,
    score_plot,
)
from .report_words import REPORT_WORDS, Words
from .stats import score_shares, seats_from_one, summarise, win_shares
from .storage import read_study
from .study import Row, Study, load_plugins

Section = tuple[str, str, list[str]]   # anchor, heading, body


def write_report(directory: Path, output: Path | None = None, lang: str = "en") -> Path:
    """Write the report of the study in `directory` (to `directory/report.html` by default), in
    `lang` (en, zh_TW or es).

    :raises BadOptions: the directory holds no finished study, or `lang` is not one of those.
    """
    say = Words(lang)
    study, rows = read_study(directory)
    lab = _json(Path(directory) / "lab.json")
    summary = summarise(study, rows, share=score_shares if lab else win_shares)
    run = (_json(Path(directory) / "summary.json") or {}).get("run")
    target = output or Path(directory) / "report.html"
    fonts = logging.getLogger("matplotlib.font_manager")
    level = fonts.level
    fonts.setLevel(logging.ERROR)  # the CJK font has no "normal" weight, only its "medium" one
    try:
        with matplotlib.rc_context({"font.family": FONTS}):
            page = render(study, rows, summary, run if isinstance(run, dict) else None, lab, say)
    finally:
        fonts.setLevel(level)
    target.write_text(page, encoding="utf-8")
    return target


def _catalog_words(study: Study, lang: str) -> tuple[dict[str, str], dict[str, str]]:
    """The game's own words in `lang`: its interface labels (for statistics' headings) and its
    names (for their values: a card's name, not its id); none for a game without catalogs."""
    catalog = study_catalog(study, lang)
    return (dict(catalog.ui), dict(catalog.names)) if catalog is not None else ({}, {})


def _json(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return data if isinstance(data, dict) else None


def render(study: Study, rows: Sequence[Row], summary: dict[str, Any],
           run: dict[str, Any] | None = None, lab: dict[str, Any] | None = None,
           say: Words | None = None) -> str:
    """The report page as a string (`lab`: the lab's report, for a design lab's directory), in the
    language of `say` (English by default)."""
    say = say or Words("en")
    overall = summary["overall"]
    if lab is not None:
        fair = lab["baseline"]["win_rate"]
        fair_note = say("fair_note_teams", rate=_pct(fair))
        who, rotate = "policy", "policies"
    else:
        fair = 1.0 / study.players
        fair_note = say("fair_note")
        who, rotate = "bot", "bots"
    seats = seats_from_one(overall["by_seat"])
    pages = _lab_pages(study) if lab is not None else None
    name = _bot_namer(pages, say.lang)
    by_bot = [{**e, "label": name(str(e["label"]))} for e in overall["by_bot"]]
    sections: list[Section] = [
        ("seats", say("seats_section"), [
            img(rate_bars([say("seat_n", n=r["label"]) for r in seats], seats, fair,
                            say("seats_plot"), say("seat"), say), say),
            _rate_table(say("seat"), seats, say), f"<p>{html.escape(fair_note)}</p>"]),
        ("bots", say(f"{rotate}_section"), [
            img(rate_bars([str(r["label"]) for r in by_bot], by_bot, fair, say(f"{rotate}_plot"),
                            say(who), say), say),
            _rate_table(say(who), by_bot, say),
            f"<p>{html.escape(say(f'{rotate}_rotate'))}</p>"]),
    ]
    labels, names = _catalog_words(study, say.lang)
    statistics = overall["statistics"]
    values: dict[str, dict[str, str]] = {e["name"]: names for e in statistics}
    if lab is not None and pages is not None:
        sections += pages.lab_sections(lab, fair, say.lang)
        labels, values = pages.statistic_labels(say.lang), pages.statistic_values(lab, say.lang)
        statistics = [e for e in statistics if e["name"] not in pages.SHOWN_ELSEWHERE]
    else:
        sections.append(("scores", say("scores_section"), [img(score_plot(study, rows, say), say)]))
    sections.append(("length", say("length_section"), [
        img(histogram([float(r["length"]) for r in rows], say("moves_per_game"), say("length_section"), say),
             say),
        _describe_table({say("moves"): overall["length"]}, say)]))
    sections.append(("statistics", say("statistics_section"),
                     _statistics(statistics, rows, fair, labels, values, say, names)))
    if study.sweeps:
        labels_swept = [option_words(study, say).label(sweep.name) for sweep in study.sweeps]
        sections.append(("sweep", say("sweep_section", name=" × ".join(labels_swept)),
                         _sweep(study, summary["points"], say, name)))
    parts = [_head(study, pages.title(say.lang) if pages is not None else "", say),
             _intro(study, summary, run, [(a, h) for a, h, _ in sections],
                    "fact_policies" if lab is not None else "fact_bots",
                    [str(e["label"]) for e in by_bot] if pages is not None else [name(b) for b in study.bots],
                    say)]
    parts += [_section(anchor, title, body) for anchor, title, body in sections]
    parts.append("</body></html>\n")
    return "\n".join(parts)


# -- page pieces -------------------------------------------------------------------------------

STYLE = ("body{font-family:system-ui,'Noto Sans CJK TC','WenQuanYi Zen Hei',sans-serif;max-width:1000px;"
         "margin:2em auto;padding:0 1em;"
         "color:#222}table{border-collapse:collapse;margin:.5em 0;display:block;overflow-x:auto}"
         "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}th{background:#f3f3f3}"
         "td:first-child,th:first-child{white-space:nowrap}img{max-width:100%}"
         "h2{border-bottom:2px solid #4C72B0;padding-bottom:.2em;margin-top:2em}")


def _lab_pages(study: Study) -> LabPages:
    """The game's design-lab sections, for a lab's directory (the game must have a lab)."""
    pages = get_game(study.game).lab_pages()
    if pages is None:
        raise ParlorError(f"{study.game} has no design lab, yet the directory holds lab.json")
    return pages


def _head(study: Study, lab_title: str, say: Words) -> str:
    name = lab_title or say("title", game=_title(study, say.lang))
    title = html.escape(say("title_players", name=name, players=study.players))
    page_lang = {"zh_TW": "zh-Hant-TW"}.get(say.lang, say.lang)
    return (f"<!doctype html><html lang='{page_lang}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{title}</title><style>{STYLE}</style></head><body><h1>{title}</h1>")


def _intro(study: Study, summary: dict[str, Any], run: dict[str, Any] | None,
           anchors: list[tuple[str, str]], who: str, bots: Sequence[str], say: Words) -> str:
    names = say.marks.names
    facts = {say("fact_game"): _title(study, say.lang), say("fact_rules"): study.rules_version,
             say("fact_players"): study.players, say(who): names.join(bots),
             say("fact_games"): summary["games"], say("fact_seed"): study.seed,
             say("fact_options"): _options(study, say)}
    if study.sweeps:
        facts[say("fact_sweep")] = _sweep_fact(study, say)
    if run:
        speed = run.get("games_per_second")
        backend = str(run.get("backend"))
        backend = say(f"backend_{backend}") if f"backend_{backend}" in REPORT_WORDS["en"] else backend
        shown = say("run_fact", backend=backend, workers=run.get("workers"),
                    batch=run.get("batch_size"))
        if speed:
            shown += say.marks.phrases + say("run_speed", speed=f"{speed:.1f}")
        facts[say("fact_run")] = shown
    rows = "".join(f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>{html.escape(str(v))}"
                   "</td></tr>" for k, v in facts.items())
    links = " · ".join(f"<a href='#{a}'>{html.escape(h)}</a>" for a, h in anchors)
    return f"<table>{rows}</table><p>{links}</p>"


def _bot_namer(pages: LabPages | None, lang: str) -> Callable[[str], str]:
    """How the report names a bot: a lab's policy by the lab's words, else a level or a baseline by
    its name in `lang` (a specification of the user's own stays as typed)."""
    if pages is not None:
        return lambda label: pages.policy_name(label, lang)
    return lambda label: bot_name(label, lang)


def _title(study: Study, lang: str) -> str:
    """The game's published title in `lang` (its id for a game no longer registered)."""
    try:
        load_plugins(study.plugins)
        return get_game(study.game).title_in(lang)
    except ParlorError:
        return study.game


def option_words(study: Study, say: Words) -> OptionWords:
    """The study's options in the page's language, as the game's catalog words them."""
    return OptionWords(study_catalog(study, say.lang), say("yes"), say("no"), say.marks.colon,
                       lambda lines, digest: say("custom_text", lines=lines, digest=digest))


def _options(study: Study, say: Words) -> str:
    """The study's options as the game's catalog words them in the page's language ("最低出價：0"),
    an option it does not describe as typed after -o (name=value)."""
    words = option_words(study, say)
    return say.marks.phrases.join(words.setting(name, value) for name, value in study.options.items()) or "-"


def _section(anchor: str, title: str, body: Sequence[str]) -> str:
    return f"<section id='{anchor}'><h2>{html.escape(title)}</h2>\n" + "\n".join(body) + "</section>"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _rate_table(what: str, entries: Sequence[dict[str, Any]], say: Words) -> str:
    head = "<tr>" + "".join(f"<th>{html.escape(word)}</th>" for word in (
        what, say("seats"), say("win_rate"), say("interval"), say("mean_score"))) + "</tr>"
    body = "".join(
        f"<tr><td>{html.escape(str(e['label']))}</td><td>{e['seats']}</td><td>{_pct(e['win_rate'])}</td>"
        f"<td>{_pct(e['ci'][0])} – {_pct(e['ci'][1])}</td>"
        f"<td>{e['score']['mean']:.2f}</td></tr>" for e in entries)
    return f"<table>{head}{body}</table>"


def _describe_table(named: dict[str, dict[str, float]], say: Words) -> str:
    keys = ("mean", "sd", "min", "median", "max")
    head = "<tr><th></th>" + "".join(f"<th>{html.escape(say(k))}</th>" for k in keys) + "</tr>"
    body = "".join(f"<tr><td>{html.escape(n)}</td>" + "".join(f"<td>{d[k]:.2f}</td>" for k in keys)
                   + "</tr>" for n, d in named.items())
    return f"<table>{head}{body}</table>"


def _statistics(entries: Sequence[dict[str, Any]], rows: Sequence[Row], fair: float,
                labels: dict[str, str], values: dict[str, dict[str, str]], say: Words,
                names: dict[str, str] | None = None) -> list[str]:
    """One plot per statistic the game declares, headed by its name in words (`labels`) and with
    its values in words (`values`, by statistic); a statistic that is the same in every game (or
    whose groups all win alike) is one sentence, not a plot."""
    if not entries:
        return [f"<p>{html.escape(say('no_statistics'))}</p>"]
    out = [f"<p>{html.escape(say('statistics_note'))}</p>"]
    unread = []
    for entry in entries:
        name, kind = entry["name"], entry["kind"]
        label = words(name, labels, say.marks.colon, names)
        inline = _inline(label, say.lang)
        entry = _named_values(entry, values.get(name, {}))
        if kind == "unread":
            unread.append(label)
            continue
        out.append(f"<h3>{html.escape(label)}</h3>")
        same = _constant(entry, values.get(name, {}), say)
        if same is not None:
            out.append(f"<p>{html.escape(same)}</p>")
        elif kind == "seat_numeric":
            bins = entry["bins"]
            out.append(img(rate_bars([b["label"] for b in bins], bins, fair,
                                       say("win_rate_by", label=inline), label, say), say))
            corr = entry["correlation"]
            winners, others = entry["mean_winners"], entry["mean_others"]
            out.append("<p>" + html.escape(
                (say("means", winners=f"{winners:.2f}", others=f"{others:.2f}")
                 if winners is not None and others is not None else "")
                + (say("correlation", value=f"{corr:+.2f}") if corr is not None else say("no_correlation")))
                + "</p>")
        elif kind in ("seat_category", "seat_items"):
            groups = entry["categories" if kind == "seat_category" else "items"]
            held = "" if kind == "seat_category" else say("held")
            out.append(img(rate_bars([str(g["label"]) for g in groups], groups, fair,
                                       say("win_rate_by", label=inline) + held, label, say), say))
        elif kind == "game_numeric":
            per_game = histogram(_game_values(rows, name), label, say("per_game", label=label), say)
            out.append(img(per_game, say))
            out.append(_describe_table({label: entry["values"]}, say))
        else:
            out.append(img(count_bars(entry["categories"], say("games_by", label=inline), label, say),
                            say))
    if unread:
        out.append(f"<p>{html.escape(say('not_plotted', names=say.marks.names.join(unread)))}</p>")
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


def words(name: str, labels: dict[str, str], colon: str = ": ", names: dict[str, str] | None = None) -> str:
    """A statistic's name as a heading: the game's own words for it (its labels, else its names;
    a part of a nested one as a scoring category), else its key in words ("hand_parity" -> "Hand
    parity", "tally.points" -> "Tally: points")."""
    names = names or {}
    if name in labels:
        return labels[name]
    head, _, key = name.partition(".")
    text = labels.get(head) or names.get(head) or head.replace("_", " ").capitalize()
    if not key:
        return text
    part = labels.get(f"category_{key}") or labels.get(key) or names.get(key) or key.replace("_", " ")
    return f"{text}{colon}{part}"


def _inline(label: str, lang: str) -> str:
    """A heading's words within a sentence ("HP at ..." stays, "Faction card" -> "faction card");
    Chinese has no capitals to lower."""
    if lang == "zh_TW" or label[:2].isupper():
        return label
    return label[:1].lower() + label[1:]


def _constant(entry: dict[str, Any], names: dict[str, str], say: Words) -> str | None:
    """The sentence that replaces a plot of a statistic that does not vary, else None (a value's
    own sentence in `names`, such as "No game was a draw", ends with the language's full stop)."""
    kind = entry["kind"]
    stop = "。" if say.lang == "zh_TW" else "."
    if kind in ("seat_numeric", "game_numeric"):
        values = entry["values"]
        if values["min"] == values["max"]:
            same = f"{values['min']:g}"
            return f"{names[same]}{stop}" if same in names else say("same_everywhere", value=same)
    elif kind in ("seat_category", "seat_items"):
        groups = entry["categories" if kind == "seat_category" else "items"]
        if len(groups) == 1:
            return say("same_everywhere", value=groups[0]["label"])
        if len({round(g["win_rate"], 9) for g in groups}) == 1:
            return say("wins_alike", rate=_pct(groups[0]["win_rate"]),
                       values=say.marks.names.join(str(g["label"]) for g in groups))
    elif kind in ("game_category", "game_items") and len(entry["categories"]) == 1:
        return say("same_everywhere", value=entry["categories"][0]["label"])
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


def _width(text: str) -> int:
    """How many columns `text` takes, a wide (Chinese) character two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _sweep_fact(study: Study, say: Words) -> str:
    """The swept options and their values in words, and how many games each point played."""
    words = option_words(study, say)
    values = say.marks.groups.join(
        words.label(sweep.name) + say.marks.colon
        + say.marks.names.join(words.value(sweep.name, value) for value in sweep.values)
        for sweep in study.sweeps)
    return say("sweep_fact" if len(study.sweeps) == 1 else "grid_fact", values=values, n=study.n)


def _sweep(study: Study, points: Sequence[dict[str, Any]], say: Words,
           name: Callable[[str], str]) -> list[str]:
    """Each point's win rates, length and score, plotted along the points and set in a table: one
    value of the swept option a point, or one combination of the swept options' values."""
    words = option_words(study, say)
    labels = [words.label(sweep.name) for sweep in study.sweeps]
    cells = [[words.value(name, value) for name, value in p["options"].items()] for p in points]
    grid = len(labels) > 1
    # a grid's points are numbered along the axis (a combination's words would not fit under it) and
    # in the table; one option's values stand under the axis, slanted where they are long
    ticks = [str(i + 1) for i in range(len(points))] if grid else [values[0] for values in cells]
    x = list(range(len(points)))
    fig = Figure(figsize=(10.0, 6.4))
    (seat_ax, bot_ax), (len_ax, score_ax) = fig.subplots(2, 2)
    for seat in range(study.players):
        rate_line(seat_ax, x, [p["by_seat"][seat] for p in points], say("seat_n", n=seat + 1), seat)
    for i, bot in enumerate(dict.fromkeys(study.bots)):
        entries = [next(b for b in p["by_bot"] if b["label"] == bot) for p in points]
        rate_line(bot_ax, x, entries, name(bot), i)
    for ax in (seat_ax, bot_ax):
        ax.axhline(1.0 / study.players, color="#444", linestyle="--", linewidth=1)
        ax.set_ylabel(say("win_rate_axis"))
        ax.legend(fontsize="small")
    seat_ax.set_title(say("seats_section"))
    bot_ax.set_title(say("bots_section"))
    len_ax.errorbar(x, [p["length"]["mean"] for p in points], yerr=[p["length"]["sd"] for p in points],
                    marker="o", capsize=4, color=COLOURS[0])
    len_ax.set_title(say("length_mean_sd"))
    len_ax.set_ylabel(say("moves"))
    score_ax.errorbar(x, [p["score"]["mean"] for p in points], yerr=[p["score"]["sd"] for p in points],
                      marker="o", capsize=4, color=COLOURS[2])
    score_ax.set_title(say("final_score_mean_sd"))
    score_ax.set_ylabel(say("points"))
    crowded = sum(map(_width, ticks)) > 40
    for ax in (seat_ax, bot_ax, len_ax, score_ax):
        ax.set_xticks(x, ticks, rotation=30 if crowded else 0, ha="right" if crowded else "center")
        ax.set_xlabel(say("sweep_points_axis") if grid else labels[0])
    fig.tight_layout()
    head = ("<tr>" + (f"<th>{html.escape(say('sweep_point'))}</th>" if grid else "")
            + "".join(f"<th>{html.escape(label)}</th>" for label in labels)
            + f"<th>{html.escape(say('games'))}</th>"
            + "".join(f"<th>{html.escape(say('seat_n', n=s + 1))}</th>" for s in range(study.players))
            + "".join(f"<th>{html.escape(name(b))}</th>" for b in dict.fromkeys(study.bots))
            + f"<th>{html.escape(say('mean_length'))}</th><th>{html.escape(say('mean_score'))}</th></tr>")
    body = "".join(
        "<tr>" + (f"<td>{number}</td>" if grid else "")
        + "".join(f"<td>{html.escape(value)}</td>" for value in values) + f"<td>{p['games']}</td>"
        + "".join(f"<td>{_pct(s['win_rate'])}</td>" for s in p["by_seat"])
        + "".join(f"<td>{_pct(b['win_rate'])}</td>" for b in p["by_bot"])
        + f"<td>{p['length']['mean']:.1f}</td><td>{p['score']['mean']:.2f}</td></tr>"
        for number, (p, values) in enumerate(zip(points, cells, strict=True), start=1))
    seeds = (say("sweep_same_seeds", name=labels[0], n=study.n) if len(labels) == 1
             else say("grid_same_seeds", names=say.marks.every(labels), n=study.n))
    return [f"<p>{html.escape(seeds)}</p>", img(fig, say), f"<table>{head}{body}</table>"]
