"""The plots of `parlor report`'s page (matplotlib figures, embedded as PNG): win rates with their 95%
intervals, histograms, score distributions and game counts, worded in the page's language."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from .report_words import Words
from .study import Row, Study

COLOURS = ("#4C72B0", "#DD8452", "#55A868", "#C44E52", "#8172B3", "#937860", "#DA8BC3", "#8C8C8C")
FONTS = ["DejaVu Sans", "WenQuanYi Zen Hei"]   # Latin first, then CJK for what it lacks


def img(fig: Figure, say: Words) -> str:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f"<img alt='{html.escape(say('plot'))}' src='data:image/png;base64,{data}'>"


def figure(width: float = 7.0, height: float = 3.2) -> tuple[Figure, Axes]:
    fig = Figure(figsize=(width, height))
    return fig, fig.add_subplot()


def rate_bars(labels: Sequence[str], entries: Sequence[dict[str, Any]], fair: float | None,
               title: str, what: str, say: Words) -> Figure:
    """Win rates with their 95% intervals, one bar per `what` (horizontal when there are many)."""
    fig, ax = figure(7.0, max(2.2, 0.45 * len(labels) + 1.0) if len(labels) > 8 else 3.2)
    rates = [e["win_rate"] for e in entries]
    errors = error_bars(rates, entries)
    positions = list(range(len(labels)))
    if len(labels) > 8:
        ax.barh(positions, rates, xerr=errors, color=COLOURS[0], capsize=3)
        ax.set_yticks(positions, labels)
        ax.invert_yaxis()
        ax.set_xlabel(say("win_rate_axis"))
        ax.set_ylabel(what)
        if fair is not None:
            ax.axvline(fair, color="#444", linestyle="--", linewidth=1)
    else:
        ax.bar(positions, rates, yerr=errors, color=[COLOURS[i % len(COLOURS)] for i in positions],
               capsize=4)
        ax.set_xticks(positions, labels)
        ax.set_ylabel(say("win_rate_axis"))
        ax.set_xlabel(what)
        if fair is not None:
            ax.axhline(fair, color="#444", linestyle="--", linewidth=1)
    ax.set_title(title)
    return fig


def error_bars(rates: Sequence[float], entries: Sequence[dict[str, Any]]) -> list[list[float]]:
    """Distances from each rate to its interval's ends (never negative, despite rounding)."""
    return [[max(0.0, r - e["ci"][0]) for r, e in zip(rates, entries, strict=True)],
            [max(0.0, e["ci"][1] - r) for r, e in zip(rates, entries, strict=True)]]


def histogram(values: Sequence[float], xlabel: str, title: str, say: Words) -> Figure:
    fig, ax = figure()
    ax.hist(values, bins=histogram_bins(values), color=COLOURS[0], edgecolor="white")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(say("games"))
    ax.set_title(title)
    return fig


def histogram_bins(values: Sequence[float]) -> Any:
    if not values:
        return 1
    low, high = min(values), max(values)
    if all(float(v).is_integer() for v in values) and high - low <= 60:
        return [x - 0.5 for x in range(int(low), int(high) + 2)]
    return 30


def score_plot(study: Study, rows: Sequence[Row], say: Words) -> Figure:
    fig = Figure(figsize=(10.0, 3.4))
    by_seat, by_bot = fig.subplots(1, 2)
    every = [float(s) for r in rows for s in r["scores"]]
    bins = histogram_bins(every)
    for seat in range(study.players):
        by_seat.hist([r["scores"][seat] for r in rows], bins=bins, histtype="step", linewidth=1.5,
                     label=say("seat_n", n=seat + 1), color=COLOURS[seat % len(COLOURS)])
    for i, bot in enumerate(dict.fromkeys(study.bots)):
        by_bot.hist([r["scores"][s] for r in rows for s, b in enumerate(r["bots"]) if b == bot],
                    bins=bins, histtype="step", linewidth=1.5, label=bot, color=COLOURS[i % len(COLOURS)])
    for ax, title in ((by_seat, say("scores_by_seat")), (by_bot, say("scores_by_bot"))):
        ax.set_xlabel(say("final_score"))
        ax.set_ylabel(say("seats"))
        ax.set_title(title)
        ax.legend(fontsize="small")
    return fig



def count_bars(categories: Sequence[dict[str, Any]], title: str, what: str, say: Words) -> Figure:
    fig, ax = figure(7.0, max(2.2, 0.35 * len(categories) + 1.0))
    positions = list(range(len(categories)))
    ax.barh(positions, [c["games"] for c in categories], color=COLOURS[0])
    ax.set_yticks(positions, [str(c["label"]) for c in categories])
    ax.invert_yaxis()
    ax.set_xlabel(say("games"))
    ax.set_ylabel(what)
    ax.set_title(title)
    return fig


def rate_line(ax: Axes, x: Sequence[int], entries: Sequence[dict[str, Any]], label: str, i: int) -> None:
    rates = [e["win_rate"] for e in entries]
    errors = error_bars(rates, entries)
    ax.errorbar(x, rates, yerr=errors, marker="o", capsize=3, label=label, color=COLOURS[i % len(COLOURS)])
