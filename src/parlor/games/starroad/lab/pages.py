"""HTML for the Star Road design lab: the lab's own sections of `parlor report` (objects, turn
positions, policy pairings) and the chart comparison page (`parlor starroad compare --html`), in
English, Traditional Chinese or Spanish. Plots are embedded PNGs; Chinese names use the system's
WenQuanYi Zen Hei font (fonts-wqy-zenhei, installed by `make system-deps`)."""

from __future__ import annotations

import html
import logging
from functools import partial
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from parlor.core import get_game
from parlor.sim.report import Section, _pct, _section
from parlor.sim.report_plots import COLOURS, FONTS, figure, img, rate_bars
from parlor.sim.report_words import Words

from . import words as w
from .compare import is_win_rate, shown_value
from .pace import pace_rows

# Star Road's declared statistics in words; those the lab's sections already show are left out.
STATISTIC_KEYS = ("characters", "factions", "teams", "hp", "rounds", "turns", "end_reason", "draw")
SHOWN_ELSEWHERE: tuple[str, ...] = ("winners", "eliminations")


def title(lang: str) -> str:
    return w.text("page_title", lang)


def statistic_labels(lang: str) -> dict[str, str]:
    return {key: w.text(f"stat_{key}", lang) for key in STATISTIC_KEYS}


def policy_name(name: str, lang: str) -> str:
    return w.policy(name, lang)


def statistic_values(lab: dict[str, Any], lang: str) -> dict[str, dict[str, str]]:
    """The values of Star Road's statistics in words: cards and teams by their names."""
    catalog = get_game("starroad").catalogs()[lang]
    return {"characters": {e["label"]: w.named(e, lang) for e in lab["by_character"]},
            "factions": {e["label"]: w.named(e, lang) for e in lab["by_faction"]},
            "teams": {e["label"]: catalog.name(e["label"]) for e in lab["by_team"]},
            "end_reason": {reason: w.text(f"end_{reason}", lang)
                           for reason in ("one_team_left", "round_limit")},
            "draw": {"0": w.text("draw_never", lang), "1": w.text("draw_always", lang)}}


# -- parlor report: the lab's sections ------------------------------------------------------------

def lab_sections(lab: dict[str, Any], fair: float, lang: str) -> list[Section]:
    """Objects, turn positions and policy pairings of a lab's report (`lab.json`), in `lang`."""
    say = Words(lang)
    objects = lab["objects"]
    used = [o for o in objects if o["used_by"]["seats"]]
    body = [img(_production(objects, lang), say), _object_table(objects, lang)]
    if used:
        body.insert(1, img(_users(used, fair, lang), say))
    sections: list[Section] = [("objects", w.text("objects_section", lang), body)]
    if lab.get("effects"):  # labs run before effects were counted have none
        sections.append(("effects", w.text("effects_section", lang), [_effects_table(lab["effects"], lang)]))
    if lab.get("by_position"):
        places = lab["by_position"]
        labels = [_place(e["label"], len(places), lang) for e in places]
        sections.append(("positions", w.text("positions_section", lang), [
            img(rate_bars(labels, places, fair, w.text("positions_plot", lang), w.text("turn_place", lang),
                            say), say),
            f"<p>{html.escape(w.text('positions_note', lang))}</p>"]))
    if lab.get("pace"):   # labs run before the pace was kept have none
        sections.append(("pace", w.text("pace_section", lang), [
            img(_pace_plot(lab["pace"], lang), say), _pace_table(lab["pace"], lang),
            f"<p>{html.escape(w.text('pace_note', lang))}</p>"]))
    if lab.get("pairings"):
        sections.append(("pairings", w.text("pairings_section", lang),
                         [img(_pairings_plot(lab["pairings"], lang), say),
                          _pairings_table(lab["pairings"], lang)]))
    return sections


def _pace_plot(pace: list[dict[str, Any]], lang: str) -> Figure:
    """The mean HP of a winner's seat and of a loser's, round by round, over the games still under
    way; the share of the games still under way beside them."""
    fig, ax = figure()
    rounds = [row["round"] for row in pace]
    for i, key in enumerate(("winners", "losers")):
        ax.plot(rounds, [row[key] for row in pace], color=COLOURS[i], linewidth=1.8,
                label=w.text(f"pace_{key}", lang), drawstyle="steps-post")
    ax.set_xlabel(w.text("pace_round", lang))
    ax.set_ylabel(w.text("pace_hp", lang))
    ax.set_ylim(bottom=0)
    share = ax.twinx()
    share.plot(rounds, [row["games"] / pace[0]["games"] for row in pace], color="grey", linewidth=1,
               linestyle="--", label=w.text("pace_going", lang), drawstyle="steps-post")
    share.set_ylim(0, 1.05)
    share.set_ylabel(w.text("pace_going", lang))
    lines = ax.get_legend_handles_labels()
    more = share.get_legend_handles_labels()
    ax.legend(lines[0] + more[0], lines[1] + more[1], fontsize="small")
    ax.set_title(w.text("pace_plot", lang))
    return fig


def _pace_table(pace: list[dict[str, Any]], lang: str) -> str:
    def cell(value: float | None) -> str:
        return "–" if value is None else f"{value:.1f}"

    head = "".join(f"<th>{html.escape(w.text(key, lang))}</th>"
                   for key in ("pace_round", "pace_games", "pace_total", "pace_winners", "pace_losers"))
    body = "".join(f"<tr><td>{row['round']}</td><td>{row['games']}</td><td>{cell(row['total'])}</td>"
                   f"<td>{cell(row['winners'])}</td><td>{cell(row['losers'])}</td></tr>"
                   for row in pace_rows(pace))
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _place(number: int, places: int, lang: str) -> str:
    """A place in the turn order in words: first, 2nd, 3rd, ..., last."""
    if number == 1:
        return w.text("place_first_word", lang)
    if number == places:
        return w.text("place_last_word", lang)
    if number in (2, 3):
        return w.text(f"place_{number}", lang)
    return w.text("place_nth", lang).format(n=number)


def _object_name(o: dict[str, Any], lang: str) -> str:
    return f"{o['no']} {w.named(o, lang)}"


def _production(objects: list[dict[str, Any]], lang: str) -> Figure:
    series = [(w.text(label, lang), [o[key] for o in objects])
              for key, label in (("produced", "plot_made"), ("completed", "plot_completed"),
                                 ("used", "plot_used"))]
    return _object_bars([_object_name(o, lang) for o in objects], series, lang,
                        w.text("count_all_games", lang), w.text("production_plot", lang))


def _object_bars(names: list[str], series: list[tuple[str, list[Any]]], lang: str, x_label: str,
                 title: str) -> Figure:
    """A group of horizontal bars for each object, top to bottom in the order given, a bar and a
    colour for each of `series` (its label and a value per object)."""
    fig, ax = figure(7.5, 0.29 * len(names) + 1.5)
    width = 0.8 / len(series)
    rows = list(range(len(names)))
    for i, (label, values) in enumerate(series):
        offset = (i - (len(series) - 1) / 2) * width
        ax.barh([r + offset for r in rows], values, height=width, color=COLOURS[i], label=label)
    ax.set_yticks(rows, names)
    ax.invert_yaxis()
    ax.set_xlabel(x_label)
    ax.set_ylabel(w.text("object", lang))
    ax.set_title(title)
    ax.legend(fontsize="small")
    return fig


def _users(objects: list[dict[str, Any]], fair: float, lang: str) -> Figure:
    fig, ax = figure(7.5, 0.3 * len(objects) + 1.4)
    rows = list(range(len(objects)))
    for i, (key, label) in enumerate((("used_by", "seats_used"), ("not_used_by", "seats_other"))):
        rates = [o[key]["win_rate"] for o in objects]
        low = [max(0.0, r - o[key]["ci"][0]) for r, o in zip(rates, objects, strict=True)]
        high = [max(0.0, o[key]["ci"][1] - r) for r, o in zip(rates, objects, strict=True)]
        ax.errorbar(rates, [r + (i - 0.5) * 0.3 for r in rows], xerr=[low, high], fmt="o",
                    color=COLOURS[i], capsize=2, label=w.text(label, lang))
    ax.axvline(fair, color="#444", linestyle="--", linewidth=1)
    ax.set_yticks(rows, [_object_name(o, lang) for o in objects])
    ax.invert_yaxis()
    ax.set_xlabel(Words(lang)("win_rate_axis"))
    ax.set_ylabel(w.text("object", lang))
    ax.set_title(w.text("users_plot_title", lang))
    ax.legend(fontsize="small")
    return fig


def _edge(o: dict[str, Any]) -> str:
    """The edge in points with its 95% interval ("+12 (-3…+27)"; one game has none), "–" without a game
    that had both users and others."""
    edge = o.get("edge")
    if not edge or not edge["games"]:
        return "–"
    if edge["games"] < 2:
        return f"{100 * edge['mean']:+.0f}"
    low, high = edge["ci"]
    return f"{100 * edge['mean']:+.0f} ({100 * low:+.0f}…{100 * high:+.0f})"


def _object_table(objects: list[dict[str, Any]], lang: str) -> str:
    headings = [w.text(key, lang) for key in ("object", "th_type", "th_cost", "th_made", "th_completed",
                                              "th_used", "th_dealt", "th_prevented", "th_users",
                                              "th_their_win", "interval", "th_others_win", "th_edge")]
    head = "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headings) + "</tr>"
    body = []
    for o in objects:
        used, others = o["used_by"], o["not_used_by"]
        rate = _pct(used["win_rate"]) if used["seats"] else "–"
        low, high = used["ci"]
        ci = f"{100 * low:.0f}–{100 * high:.0f}%" if used["seats"] else "–"
        body.append(
            f"<tr><td style='text-align:left'>{html.escape(_object_name(o, lang))}</td>"
            f"<td>{html.escape(w.value(o['type'], lang))}</td><td>{o['cost']}</td>"
            f"<td>{o['produced']}</td><td>{o['completed']}</td><td>{o['used']}</td>"
            f"<td>{o['damage_dealt']}</td><td>{o['damage_prevented']}</td><td>{used['seats']}</td>"
            f"<td>{rate}</td><td>{ci}</td><td>{_pct(others['win_rate'])}</td><td>{_edge(o)}</td></tr>")
    return f"<table>{head}{''.join(body)}</table><p>{html.escape(w.text('objects_page_note', lang))}</p>"


def _effects_table(effects: list[dict[str, Any]], lang: str) -> str:
    """What objects' and abilities' effects did: a row for each thing a source did."""
    headings = [w.text(key, lang) for key in ("col_source", "col_effect", "col_total", "col_per_game",
                                              "col_per_use")]
    # the source and the effect are words, headed and set from the left; the rest, numbers
    head = "<tr>" + "".join(f"<th style='text-align:left'>{html.escape(h)}</th>" for h in headings[:2]) \
        + "".join(f"<th>{html.escape(h)}</th>" for h in headings[2:]) + "</tr>"
    left = "<td style='text-align:left'>{}</td>"
    body = "".join("<tr>" + "".join(left.format(html.escape(cell)) for cell in row[:2])
                   + "".join(f"<td>{html.escape(cell)}</td>" for cell in row[2:]) + "</tr>"
                   for row in w.effect_rows(effects, lang))
    return f"<table>{head}{body}</table><p>{html.escape(w.text('effects_note', lang))}</p>"


def _sides(pairing: dict[str, Any], lang: str) -> str:
    """The teams of a pairing by their policies ("rusher + builder vs defender + search")."""
    return w.text("versus", lang).join(" + ".join(w.policy(name, lang) for name in side.split(" + "))
                                        for side in pairing["sides"])


def _pairings_plot(pairings: list[dict[str, Any]], lang: str) -> Figure:
    fig, ax = figure(7.5, 0.45 * len(pairings) + 1.4)
    rows = list(range(len(pairings)))
    means = [p["rounds"]["mean"] for p in pairings]
    low = [max(0.0, m - p["ci"][0]) for m, p in zip(means, pairings, strict=True)]
    high = [max(0.0, p["ci"][1] - m) for m, p in zip(means, pairings, strict=True)]
    ax.barh(rows, means, xerr=[low, high], color=COLOURS[0], capsize=3)
    ax.set_yticks(rows, [_sides(p, lang) for p in pairings])
    ax.invert_yaxis()
    ax.set_xlabel(w.text("pairings_axis", lang))
    ax.set_ylabel(w.text("col_teams", lang))
    ax.set_title(w.text("pairings_plot", lang))
    return fig


def _pairings_table(pairings: list[dict[str, Any]], lang: str) -> str:
    headings = [w.text(key, lang) for key in ("col_teams", "col_games", "th_rounds_mean", "interval",
                                              "col_median", "th_wins_share")]
    head = "<tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headings) + "</tr>"
    body = "".join(
        f"<tr><td style='text-align:left'>{html.escape(_sides(p, lang))}</td>"
        f"<td>{p['games']}</td><td>{p['rounds']['mean']:.1f}</td>"
        f"<td>{p['ci'][0]:.1f} – {p['ci'][1]:.1f}</td><td>{p['rounds']['median']:.1f}</td>"
        f"<td>{' / '.join(_pct(x) for x in p['won'])}</td></tr>" for p in pairings)
    return f"<table>{head}{body}</table>"


# -- parlor starroad compare --html ---------------------------------------------------------------

def write_compare_page(report: dict[str, Any], directory: Path, lang: str = "en") -> Path:
    """Write `directory/compare.html`: the comparison with its plots, in `lang`."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / "compare.html"
    target.write_text(compare_page(report, lang), encoding="utf-8")
    return target


def compare_page(report: dict[str, Any], lang: str) -> str:
    """The comparison's page with its plots, in `lang` (their words in a font with Chinese glyphs)."""
    fonts = logging.getLogger("matplotlib.font_manager")
    level = fonts.level
    fonts.setLevel(logging.ERROR)  # the CJK font has no "normal" weight, only its "medium" one
    try:
        with matplotlib.rc_context({"font.family": FONTS}):
            return _compare_page(report, lang)
    finally:
        fonts.setLevel(level)


def _compare_page(report: dict[str, Any], lang: str) -> str:
    t = partial(w.text, lang=lang)
    facts = [(t("games"), str(report["games"])), (t("players"), str(report["players"])),
             (t("policies"), "、".join(w.policy(p, lang) for p in report["policies"])
              if lang == "zh_TW" else ", ".join(w.policy(p, lang) for p in report["policies"])),
             (t("seed"), str(report["seed"])), (t("base"), report["charts"]["base"]),
             (t("new"), report["charts"]["new"])]
    intro = "".join(f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>"
                    f"{html.escape(v)}</td></tr>" for k, v in facts)
    parts = [_head(t("title"), lang), f"<table>{intro}</table>",
             _section("edits", t("edits"), [_edits(report["edits"], lang)]),
             _section("game", t("game"), _game(report, lang)),
             _section("objects", t("objects"), [
                 img(_change_plot(report["objects"], "users_win", lang, t("users_plot"),
                                   t("object")), Words(lang)),
                 img(_made_plot(report["objects"], lang), Words(lang)),
                 _table(report["objects"], lang, t("object")),
                 f"<p>{html.escape(t('users_note'))}</p>"]),
             _section("characters", t("characters"), [
                 img(_change_plot(report["characters"], "holders_win", lang, t("holders_plot"),
                                   t("character")), Words(lang)),
                 _table(report["characters"], lang, t("character"))]),
             _section("reading", t("reading"), [f"<p>{html.escape(t('how'))}</p>"]),
             "</body></html>\n"]
    return "\n".join(parts)


def _head(title: str, lang: str) -> str:
    code = {"zh_TW": "zh-Hant-TW", "es": "es"}.get(lang, "en")
    return (f"<!doctype html><html lang='{code}'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{html.escape(title)}</title><style>"
            "body{font-family:system-ui,'Noto Sans CJK TC','WenQuanYi Zen Hei',sans-serif;"
            "max-width:1000px;margin:2em auto;padding:0 1em;color:#222}"
            "table{border-collapse:collapse;margin:.5em 0;display:block;overflow-x:auto}"
            "td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}th{background:#f3f3f3}"
            "td.n{white-space:nowrap}img{max-width:100%}"
            "h2{border-bottom:2px solid #4C72B0;padding-bottom:.2em;margin-top:2em}"
            ".up{color:#1a7f37;font-weight:bold;white-space:nowrap}"
            ".down{color:#c0392b;font-weight:bold;white-space:nowrap}"
            "@media (max-width:600px){body{margin:1em auto;padding:0 .6em}"
            "td,th{padding:.15em .35em;font-size:.85em}}</style></head><body>"
            f"<h1>{html.escape(title)}</h1>")


def _edits(edits: list[dict[str, Any]], lang: str) -> str:
    if not edits:
        return f"<p>{html.escape(w.text('no_edits', lang))}</p>"
    items = []
    for edit in edits:
        head = f"{edit['no']} {w.named(edit, lang)}"
        if edit["change"] != "edited":
            items.append(f"<li>{html.escape(head)}: {html.escape(w.text(edit['change'], lang))}</li>")
            continue
        fields = "; ".join(f"{w.field(f['field'], lang)} {w.value(f['base'], lang)} → "
                           f"{w.value(f['new'], lang)}" for f in edit["fields"])
        items.append(f"<li>{html.escape(head)}: {html.escape(fields)}</li>")
    return "<ul>" + "".join(items) + "</ul>"


def _game(report: dict[str, Any], lang: str) -> list[str]:
    rounds = report["rounds"]
    t = partial(w.text, lang=lang)
    rows = [_row(t("rounds"), rounds, lang)]
    colon = "：" if lang == "zh_TW" else ": "
    rows += [_row(f"{t('win')}{colon}{w.policy(p['policy'], lang)}", p, lang)
             for p in report["policies_win"]]
    table = (f"<table><tr><th></th><th>{html.escape(t('base'))}</th><th>{html.escape(t('new'))}"
             f"</th><th>{html.escape(t('change'))}</th><th>{html.escape(t('interval'))}</th>"
             f"<th></th></tr>{''.join(rows)}</table>")
    plots = [img(_rounds_plot(report, lang), Words(lang))]
    if report["base"].get("pace") and report["new"].get("pace"):   # comparisons before the pace have none
        plots.append(img(_paces_plot(report, lang), Words(lang)))
    return [*plots, table]


def _paces_plot(report: dict[str, Any], lang: str) -> Figure:
    """Each chart's table HP round by round (the mean over its games still under way): which chart
    wears a table down faster."""
    fig, ax = figure()
    for i, side in enumerate(("base", "new")):
        pace = report[side]["pace"]
        ax.plot([row["round"] for row in pace], [row["total"] for row in pace], color=COLOURS[i],
                linewidth=1.8, drawstyle="steps-post", label=w.text(side, lang))
    ax.set_xlabel(w.text("pace_round", lang))
    ax.set_ylabel(w.text("pace_total", lang))
    ax.set_ylim(bottom=0)
    ax.set_title(w.text("paces_plot", lang))
    ax.legend(fontsize="small")
    return fig


def _row(label: str, m: dict[str, Any], lang: str) -> str:
    return (f"<tr><td class='n' style='text-align:left'>{html.escape(label)}</td>"
            f"<td class='n'>{_value(m, 'base')}</td><td class='n'>{_value(m, 'new')}</td>"
            f"<td class='n'>{_change(m, lang)}</td><td class='n'>{_interval(m, lang)}</td>"
            f"<td>{_flag(m, lang)}</td></tr>")


def _table(rows: list[dict[str, Any]], lang: str, what: str) -> str:
    def t(key: str) -> str:
        return html.escape(w.text(key, lang))

    head = (f"<tr><th>{html.escape(what)}</th><th>{t('measure')}</th><th>{t('base')}</th>"
            f"<th>{t('new')}</th><th>{t('change')}</th><th>{t('interval')}</th><th></th></tr>")
    body = []
    for row in rows:
        name = html.escape(w.row_name(row, lang))
        for i, m in enumerate(row["measures"]):
            label = w.text("ability_used", lang) if "no" not in row and m["measure"] == "used" \
                else w.measure(m["measure"], lang, short=False)
            cell = (f"<td rowspan='{len(row['measures'])}' style='text-align:left'>{name}</td>"
                    if i == 0 else "")
            body.append(f"<tr>{cell}" + _row(label, m, lang)[4:])
    return f"<table>{head}{''.join(body)}</table>"


def _value(m: dict[str, Any], side: str) -> str:
    return shown_value(m, side, 1) or "–"


def _number(m: dict[str, Any], x: float) -> str:
    return f"{100 * x:+.1f}" if is_win_rate(m) else f"{x:+.2f}"


def _unit(m: dict[str, Any], lang: str) -> str:
    """Win rates change in percentage points."""
    return f" {html.escape(w.text('points', lang))}" if is_win_rate(m) else ""


def _change(m: dict[str, Any], lang: str) -> str:
    return "–" if m["change"] is None else _number(m, m["change"]) + _unit(m, lang)


def _interval(m: dict[str, Any], lang: str) -> str:
    if m["ci"] is None:
        return html.escape(w.text("no_users", lang))
    return f"{_number(m, m['ci'][0])} – {_number(m, m['ci'][1])}{_unit(m, lang)}"


def _flag(m: dict[str, Any], lang: str) -> str:
    if not m.get("significant"):
        return ""
    up = m["change"] > 0
    word = html.escape(w.text("rise" if up else "fall", lang))
    return f"<span class='{'up' if up else 'down'}'>{'▲' if up else '▼'} {word}</span>"


def _change_plot(rows: list[dict[str, Any]], measure: str, lang: str, title: str,
                 what: str) -> Figure:
    """Each row's change of one win rate with its 95% interval; significant ones in colour."""
    found = [(row, next(m for m in row["measures"] if m["measure"] == measure)) for row in rows]
    found = [(row, m) for row, m in found if m["change"] is not None]
    fig, ax = figure(7.5, 0.3 * max(len(found), 1) + 1.6)
    for i, (_, m) in enumerate(found):
        colour = COLOURS[2] if m["significant"] and m["change"] > 0 else \
            COLOURS[3] if m["significant"] else "#888888"
        ax.errorbar([100 * m["change"]], [i], xerr=[[100 * (m["change"] - m["ci"][0])],
                                                    [100 * (m["ci"][1] - m["change"])]],
                    fmt="o", color=colour, capsize=3)
    ax.axvline(0, color="#444", linewidth=1)
    ax.set_yticks(list(range(len(found))), [w.row_name(row, lang) for row, _ in found])
    ax.set_ylim(len(found) - 0.5, -0.5)
    ax.set_xlabel(w.text("change_axis", lang))
    ax.set_ylabel(what)
    ax.set_title(title)
    return fig


def _made_plot(rows: list[dict[str, Any]], lang: str) -> Figure:
    ordered = sorted(rows, key=lambda r: r["no"])
    series = [(w.text(side, lang), [next(m for m in r["measures"] if m["measure"] == "made")[side]
                                    for r in ordered]) for side in ("base", "new")]
    return _object_bars([f"{r['no']} {w.named(r, lang)}" for r in ordered], series, lang,
                        w.text("made", lang), w.text("made_plot", lang))


def _rounds_plot(report: dict[str, Any], lang: str) -> Figure:
    fig, ax = figure()
    rounds = {side: [float(x) for x in report["rounds_per_game"][side]] for side in ("base", "new")}
    every = rounds["base"] + rounds["new"]
    edges = _edges(every)
    for i, side in enumerate(("base", "new")):
        ax.hist(rounds[side], bins=edges, histtype="step", linewidth=1.8, color=COLOURS[i],
                label=w.text(side, lang))
    ax.set_xlabel(w.text("rounds", lang))
    ax.set_ylabel(w.text("games_axis", lang))
    ax.set_title(w.text("rounds_plot", lang))
    ax.legend(fontsize="small")
    return fig


def _edges(values: list[float]) -> list[float]:
    """Bins one round wide (or wider, for at most 30 bins), edges between whole rounds."""
    if not values:
        return [0.0, 1.0]
    low, high = int(min(values)), int(max(values)) + 1
    step = max(1, (high - low + 29) // 30)
    return [float(x) for x in range(low, high + step, step)]
