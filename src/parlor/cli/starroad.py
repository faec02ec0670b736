"""`parlor starroad ...`: the Star Road design lab's commands (the game's author edits its data,
checks it, and measures it with bot games)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich import box
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from parlor.core import BadOptions
from parlor.games.starroad.data import check_characters, check_chart

from .commands import OptionArg, console, friendly

starroad = typer.Typer(no_args_is_help=True,
                       help="Star Road design lab: check charts and characters, measure them.")


def register(app: typer.Typer) -> None:
    starroad.command("check-chart")(friendly(check_chart_cmd))
    starroad.command("check-characters")(friendly(check_characters_cmd))
    starroad.command("lab")(friendly(lab_cmd))
    app.add_typer(starroad, name="starroad")


FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="a TOML file in the documented format")]


def check_chart_cmd(file: FileArg) -> None:
    """Validate a design chart of objects (SR-20): list every problem, or say it is valid.
    Exit code 0 when valid, 1 when it has problems."""
    _report(file, check_chart, "chart")


def check_characters_cmd(file: FileArg) -> None:
    """Validate a character table (SR-20.8): list every problem, or say it is valid."""
    _report(file, check_characters, "character table")


def _report(file: Path, check: object, what: str) -> None:
    if not file.is_file():
        raise BadOptions(f"{file}: no such file")
    problems: list[str] = check(file)  # type: ignore[operator]
    if not problems:
        console.print(f"{file}: a valid {what}.")
        return
    console.print(f"{file}: {len(problems)} problem(s):")
    for problem in problems:
        console.print(f"  - {escape(problem)}")
    raise typer.Exit(1)


# ------------------------------------------------------------------------------------ lab
PathOpt = Optional[Path]  # noqa: UP045 (Typer reads the annotation at run time)


def lab_cmd(
    chart: Annotated[PathOpt, typer.Option("--chart", help="design chart (default: the packaged one)")]
    = None,
    characters: Annotated[PathOpt, typer.Option(
        "--characters", help="character table (default: the packaged one)")] = None,
    n: Annotated[int, typer.Option("-n", help="games")] = 200,
    players: Annotated[int, typer.Option("--players", "-p", help="seats, 2 to 8")] = 4,
    bots: Annotated[str, typer.Option("--bots", help="bot specs, rotated over seats")] = "greedy",
    seed: Annotated[int, typer.Option("--seed", help="the lab's seed: same seed, same games")] = 1,
    workers: Annotated[int, typer.Option("--workers", help="local processes; 0 = every CPU")] = 0,
    option: OptionArg = None,
    json_file: Annotated[PathOpt, typer.Option("--json", help="also write the report as JSON here")]
    = None,
    out: Annotated[PathOpt, typer.Option(
        "--out", help="keep the games here (games.parquet, lab.json); the same command resumes")]
    = None,
) -> None:
    """Play bot games on a chart and report each object (produced, completed, used, damage dealt
    and prevented, win rate of the seats that used it), win rates by faction, team, seat and
    character with 95% intervals, and game length."""
    from parlor.sim.backends import make_backend
    from parlor.sim.starroad_lab import make_lab_study, run_lab

    study = make_lab_study(n, players, bots, chart=str(chart or ""),
                           characters=str(characters or ""), option=option or [], seed=seed)
    with make_backend("local", workers, None, study.plugins) as engine:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as progress:
            task = progress.add_task("Star Road lab", total=study.total)
            try:
                report = run_lab(study, engine, out,
                                 lambda done, total: progress.update(task, completed=done))
            except KeyboardInterrupt:
                progress.stop()
                where = f"finished batches are kept in {out}; run the same command to resume" \
                    if out else "nothing was kept (give --out to make the lab resumable)"
                console.print(f"Interrupted: {where}.")
                raise typer.Exit(130) from None
    print_lab(report)
    if json_file is not None:
        json_file.write_text(json.dumps(report, indent=2, ensure_ascii=False))
        console.print(f"Wrote {json_file}")
    if out is not None:
        console.print(f"Kept the games in {out} (lab.json, games.parquet).")


def _pct(entry: dict[str, Any]) -> str:
    return f"{entry['win_rate']:.0%}" if entry["seats"] else "-"


def _ci(entry: dict[str, Any], short: bool = False) -> str:
    if not entry["seats"]:
        return "-"
    low, high = entry["ci"]
    return f"{100 * low:.0f}-{100 * high:.0f}" if short else f"{low:.0%}-{high:.0%}"


def print_lab(report: dict[str, Any]) -> None:
    """The lab report as terminal tables."""
    study = report["study"]
    games = report["games"]
    base = report["baseline"]
    console.print(f"[bold]Star Road design lab[/bold]: {games} games, {study['players']} players, "
                  f"bots {', '.join(study['bots'])}, seed {study['seed']}")
    console.print(f"chart: {escape(report['chart'])}; characters: {escape(report['characters'])}")
    console.print(f"A seat wins {base['win_rate']:.1%} of its games on average (its team won; a "
                  "draw counts half): compare the win rates below with it.")
    objects = Table(title="Objects (totals over all games)", header_style="bold",
                    box=box.SIMPLE_HEAD, padding=0, pad_edge=False)
    for column in ("object", "T", "W", "made", "done", "used", "dealt", "prev.", "users", "win%",
                   "95% CI", "others"):
        if column == "object":
            objects.add_column(column, no_wrap=True, max_width=20)
        else:
            objects.add_column(column, justify="right", no_wrap=True, min_width=len(column))
    for o in report["objects"]:
        used, unused = o["used_by"], o["not_used_by"]
        objects.add_row(f"{o['no']} {escape(o['name'])}", o["type"], str(o["cost"]),
                        str(o["produced"]), str(o["completed"]), str(o["used"]),
                        str(o["damage_dealt"]), str(o["damage_prevented"]), str(used["seats"]),
                        _pct(used), _ci(used, short=True), _pct(unused))
    console.print(objects)
    console.print("T: type; W: cost; made: objects started on a line; done: completed; used: "
                  "declared in an attack, a block, an arming or an activation; dealt: HP taken "
                  "from bases (reflection included); prev.: attack absorbed by it; users: seats "
                  "(one per game) that used it, their win% and its 95% interval; others: the "
                  "win% of every other seat.")
    for title, key in (("By faction", "by_faction"), ("By team", "by_team"), ("By seat", "by_seat"),
                       ("By character", "by_character"), ("By bot", "by_bot")):
        if key == "by_bot" and len(report[key]) < 2:
            continue
        console.print(_rates(title, report[key]))
    length = Table(title="Game length", header_style="bold")
    for column in ("", "mean", "median", "min", "max"):
        length.add_column(column, justify="right")
    for label, key in (("moves", "moves"), ("turns", "turns"), ("rounds", "rounds")):
        d = report["length"][key]
        length.add_row(label, f"{d['mean']:.1f}", f"{d['median']:.1f}", f"{d['min']:g}",
                       f"{d['max']:g}")
    console.print(length)
    ends = ", ".join(f"{reason} {count}" for reason, count in report["end_reasons"].items())
    console.print(f"Ended by: {ends}; draws: {report['draws']}.")
    run = report.get("run")
    if run and run.get("games_run"):
        console.print(f"Played {run['games_run']} games in {run['seconds']:.1f} s "
                      f"({run['games_per_second']:.1f} games/s, {run['backend']}, "
                      f"{run['workers']} workers).")


def _rates(title: str, entries: list[dict[str, Any]]) -> Table:
    table = Table(title=title, header_style="bold")
    for column in ("", "seats", "wins", "win rate", "95% interval"):
        table.add_column(column, justify="left" if not column else "right")
    for e in entries:
        label = f"{e['label']} {e['name']}" if "name" in e else str(e["label"])
        table.add_row(escape(label), str(e["seats"]), f"{e['wins']:g}", _pct(e), _ci(e))
    return table
