"""`parlor simulate` (a study: many games between bots, on local processes or Ray) and `parlor report`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from parlor.core.naming import bot_name
from parlor.core.text import PUNCTUATION, Catalog
from parlor.sim.backends import make_backend
from parlor.sim.option_words import OptionWords, study_catalog
from parlor.sim.stats import seats_from_one
from parlor.sim.study import Study, make_study

from .commands import OptionArg, PlayersArg, SeedsArg, check_lang, console, friendly
from .render import WordTable
from .words import say

SweepArg = Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
    "--sweep", help="an option to vary, as name=v1,v2,...; every value plays the same seeds; "
    "several --sweep play every combination of their values")]
PluginArg = Annotated[Optional[list[str]], typer.Option(  # noqa: UP045
    "--plugin", help="module:GameClass to register in every worker (games not installed as packages)")]


def register(app: typer.Typer) -> None:
    app.command("simulate")(friendly(simulate))
    app.command("report")(friendly(report))


def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME")],
    n: Annotated[int, typer.Option("-n", help="games (per sweep point)")] = 100,
    players: PlayersArg = 0,
    bots: Annotated[str, typer.Option("--bots", help="comma-separated bot specs, rotated over seats")]
    = "random",
    seed: SeedsArg = 1,
    option: OptionArg = None,
    sweep: SweepArg = None,
    workers: Annotated[int, typer.Option("--workers", help="local processes or Ray CPUs; 0 = all")] = 0,
    backend: Annotated[str, typer.Option("--backend", help="local or ray")] = "local",
    ray_address: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--ray-address", help="an existing Ray cluster (auto, or HEAD_IP:6379)")] = None,
    out: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--out", help="directory for games.parquet and summary.json; makes the study resumable")] = None,
    batch_size: Annotated[Optional[int], typer.Option(  # noqa: UP045
        "--batch-size", help="games per task (default: sized from a timed game)")] = None,
    plugin: PluginArg = None,
    lang: Annotated[str, typer.Option("--lang", help="the summary's language: en, zh_TW or es")] = "en",
) -> None:
    """Play a study between bots; print win rates by bot and by seat, scores, length, speed.

    With --out the games are written as they finish, and running the same command again resumes an
    interrupted study without replaying finished batches.
    """
    from parlor.sim.execute import run_study  # pyarrow loads only for studies

    check_lang(lang)
    study = make_study(game_id, n, players, bots, option=option or [], sweep=sweep or [], seed=seed,
                       plugins=plugin or [])
    with make_backend(backend, workers, ray_address, study.plugins) as engine:
        parallelism = engine.parallelism()
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      _Speed(lang), TimeRemainingColumn(), console=console, transient=True) as progress:
            task = progress.add_task(study.game, total=study.total)
            try:
                run = run_study(study, engine, out, batch_size,
                                lambda done, total: progress.update(task, completed=done))
            except KeyboardInterrupt:
                progress.stop()
                console.print(say(lang, "sim_interrupted_kept", out=out) if out else
                              say(lang, "sim_interrupted_lost"))
                raise typer.Exit(130) from None
    summary = run.summary(engine.name, parallelism)
    _print_summary(summary, lang)
    if out is not None:
        console.print(say(lang, "sim_wrote", games=out / "games.parquet", summary=out / "summary.json",
                          out=out))


class _Speed(ProgressColumn):
    """Games per second, as measured by the progress bar."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def render(self, task: Task) -> Text:
        speed = task.speed
        shown = f"{speed:.1f}" if speed else "…"
        return Text(say(self.lang, "sim_games_per_second", speed=shown), style="cyan")


def _print_summary(summary: dict[str, Any], lang: str) -> None:
    overall = summary["overall"]
    by_bot, by_seat = say(lang, "sim_by_bot"), say(lang, "sim_by_seat")
    console.print(_rate_table(by_bot, "sim_bot", overall["by_bot"], lang),
                  _rate_table(by_seat, "sim_seat", seats_from_one(overall["by_seat"]), lang))
    if summary.get("points"):
        console.print(_sweep_table(Study.from_json(summary["study"]), summary["points"], lang))
    run = summary.get("run", {})
    length = f"{overall['length']['mean']:.1f}"
    if run.get("games_run"):
        speed = say(lang, "sim_games_per_second", speed=f"{run['games_per_second']:.1f}")
        if not run.get("batches_resumed"):
            moves = overall["length"]["mean"] * run["games_run"] / run["seconds"]
            speed += PUNCTUATION[lang].phrases + say(lang, "sim_moves_per_second", speed=f"{moves:.0f}")
        console.print(say(lang, "sim_played", games=summary["games"], length=length, speed=speed,
                          backend=say(lang, f"sim_backend_{run['backend']}"), workers=run["workers"],
                          batch=run["batch_size"]))
    else:
        console.print(say(lang, "sim_resumed", games=summary["games"], length=length))


def _rate_table(title: str, what: str, entries: list[dict[str, Any]], lang: str) -> Table:
    table = WordTable(title=title, header_style="bold")
    # a bot's name reads from the left, as words do; a seat's number lines up with the figures
    table.add_column(say(lang, what), justify="left" if what == "sim_bot" else "right")
    for column in ("sim_seats_played", "sim_win_rate", "sim_interval", "sim_mean_score"):
        table.add_column(say(lang, column), justify="right")
    for e in entries:
        label = bot_name(str(e["label"]), lang) if what == "sim_bot" else str(e["label"])
        table.add_row(label, str(e["seats"]), f"{e['win_rate']:.1%}",
                      f"{e['ci'][0]:.1%}–{e['ci'][1]:.1%}", f"{e['score']['mean']:.2f}")
    return table


def option_words(catalog: Catalog | None, lang: str) -> OptionWords:
    """Options and their values in the terminal's words in `lang`, as the game's catalog names them."""
    return OptionWords(catalog, say(lang, "yes"), say(lang, "no"), PUNCTUATION[lang].colon,
                       lambda lines, digest: say(lang, "sim_custom_text", lines=lines, digest=digest))


def _sweep_table(study: Study, points: list[dict[str, Any]], lang: str) -> Table:
    """Every point of a sweep in one table, a row for each bot at each point: the swept options'
    values in the game's words, then the bot's win rate, its interval and its mean score."""
    words = option_words(study_catalog(study, lang), lang)
    table = WordTable(title=say(lang, "sim_sweep", n=study.n), header_style="bold")
    for sweep in study.sweeps:
        table.add_column(words.label(sweep.name))
    table.add_column(say(lang, "sim_bot"))
    for column in ("sim_win_rate", "sim_interval", "sim_mean_score"):
        table.add_column(say(lang, column), justify="right")
    for point in points:
        values = [words.value(name, value) for name, value in point["options"].items()]
        for i, e in enumerate(point["by_bot"]):
            shown = values if i == 0 else [""] * len(values)   # a point's values head its first row
            table.add_row(*shown, bot_name(str(e["label"]), lang), f"{e['win_rate']:.1%}",
                          f"{e['ci'][0]:.1%}–{e['ci'][1]:.1%}", f"{e['score']['mean']:.2f}",
                          end_section=i == len(point["by_bot"]) - 1)
    return table


def report(
    directory: Annotated[Path, typer.Argument(metavar="DIR", help="a study directory (simulate --out)")],
    output: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--output", "-o", help="HTML file to write (default DIR/report.html)")] = None,
    lang: Annotated[str, typer.Option("--lang", help="the page's language: en, zh_TW or es")] = "en",
) -> None:
    """Write a self-contained HTML report of a finished study: win rates with 95% intervals, scores,
    game length, the game's statistics against win rate, and each sweep value's figures."""
    from parlor.sim.report import write_report  # matplotlib loads only for reports

    check_lang(lang)
    path = write_report(directory, output, lang)
    console.print(say(lang, "report_wrote", path=path))
