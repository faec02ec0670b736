"""`parlor starroad ...`: the Star Road design lab's commands (the game's author edits its data,
checks it, and measures it with bot games)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from parlor.cli.commands import OptionArg, check_lang, console, friendly
from parlor.cli.words import say
from parlor.core import BadOptions
from parlor.core.files import NotUtf8, read_utf8
from parlor.core.text import PUNCTUATION

from ..character_data import CHARACTERS
from ..chart_checks import warning_problems
from ..chart_data import CHART
from ..problems import Problem, catalogs
from .policies import POPULATION
from .tables import print_compare, print_lab
from .words import text

starroad = typer.Typer(no_args_is_help=True,
                       help="Star Road design lab: check charts and characters, measure them.")


def register(app: typer.Typer) -> None:
    starroad.command("check-chart")(friendly(check_chart_cmd))
    starroad.command("check-characters")(friendly(check_characters_cmd))
    starroad.command("lab")(friendly(lab_cmd))
    starroad.command("compare")(friendly(compare_cmd))
    app.add_typer(starroad, name="starroad")


FileArg = Annotated[Path, typer.Argument(metavar="FILE", help="a TOML file in the documented format")]


CheckLangOpt = Annotated[str, typer.Option("--lang", help="the language of the problems: en, zh_TW or es")]


def check_chart_cmd(file: FileArg, lang: CheckLangOpt = "en") -> None:
    """Validate a design chart of objects (SR-20): list every problem with its line, or say it
    is valid; values far outside the packaged chart's ranges are warnings. Exit code 0 when
    valid (warnings or not), 1 when it has problems, 2 when it cannot be read (not UTF-8)."""
    _report(file, CHART.problems, "chart", lang, warning_problems)


def check_characters_cmd(file: FileArg, lang: CheckLangOpt = "en") -> None:
    """Validate a character table (SR-20.8): list every problem with its line, or say it is
    valid."""
    _report(file, CHARACTERS.problems, "character_table", lang)


def _report(file: Path, check: Callable[[Path], list[Problem]], what: str, lang: str,
            warn: Callable[[Path], list[Problem]] | None = None) -> None:
    """Every problem (or warning) of `file` in `lang`: its place (line, the entry by its author's
    name) and what is wrong, as the lobby words it."""
    check_lang(lang)
    readable(file)
    problems = check(file)
    warnings = warn(file) if warn is not None and not problems else []
    name, kind = str(file), text(what, lang)
    if problems:
        console.print(escape(text("check_problems", lang).format(file=name, count=len(problems))))
    elif warnings:
        console.print(escape(text("check_valid_warnings", lang).format(file=name, what=kind,
                                                                       count=len(warnings))))
    else:
        console.print(escape(text("check_valid", lang).format(file=name, what=kind)))
    for problem in problems or warnings:
        console.print(f"  - {escape(problem.worded(lang))}")
    if problems:
        raise typer.Exit(1)


def readable(file: Path) -> None:
    """:raises BadOptions: in one line, for a missing file or one that is not UTF-8 text."""
    if not file.is_file():
        raise BadOptions(f"{file}: no such file", reason="no_file", path=str(file))
    try:
        read_utf8(file)
    except NotUtf8 as err:
        raise BadOptions(f"{file}: {err}", reason="not_utf8", path=str(file), byte=err.byte,
                         line=err.line) from None


# ------------------------------------------------------------------------------------ lab
PathOpt = Optional[Path]  # noqa: UP045 (Typer reads the annotation at run time)


DEFAULT_POLICIES = ",".join(POPULATION)
PoliciesOpt = Annotated[str, typer.Option(
    "--policies", "--bots",
    help="lab policies (rusher, builder, defender, search) or bot specs (random, greedy, medium, "
         "ismcts:...), rotated over the seats")]
BackendOpt = Annotated[str, typer.Option("--backend", help="local or ray")]
RayOpt = Annotated[Optional[str], typer.Option(  # noqa: UP045
    "--ray-address", help="an existing Ray cluster (auto, or HEAD_IP:6379)")]
LangOpt = Annotated[str, typer.Option("--lang", help="the report's language (its tables, legends and "
                                                     "the names in them): en, zh_TW or es")]
WorkersOpt = Annotated[int, typer.Option(
    "--workers", help="local processes or Ray CPUs; 0 = every CPU")]


def lab_cmd(
    chart: Annotated[PathOpt, typer.Option("--chart", help="design chart (default: the packaged one)")]
    = None,
    characters: Annotated[PathOpt, typer.Option(
        "--characters", help="character table (default: the packaged one)")] = None,
    n: Annotated[int, typer.Option("-n", help="games")] = 200,
    players: Annotated[int, typer.Option("--players", "-p", help="seats, 2 to 8")] = 4,
    policies: PoliciesOpt = DEFAULT_POLICIES,
    seed: Annotated[int, typer.Option("--seed", help="the lab's seed: same seed, same games")] = 1,
    workers: WorkersOpt = 0,
    backend: BackendOpt = "local",
    ray_address: RayOpt = None,
    option: OptionArg = None,
    json_file: Annotated[PathOpt, typer.Option("--json", help="also write the report as JSON here")]
    = None,
    out: Annotated[PathOpt, typer.Option(
        "--out", help="keep the games here (games.parquet, lab.json); the same command resumes")]
    = None,
    lang: LangOpt = "en",
) -> None:
    """Play games between the lab's policies on a chart and report each object (produced,
    completed, used, damage dealt and prevented, win rate of the seats that used it), what
    specials' and abilities' effects did (HP healed, resources taken ...), win rates
    by policy, faction, team, seat, turn position and character with 95% intervals, and game
    length overall and by policy pairing."""
    from .study import make_lab_study, run_lab

    check_lang(lang)
    _chart_files(chart, characters, lang)
    study = make_lab_study(n, players, policies, chart=str(chart or ""),
                           characters=str(characters or ""), option=option or [], seed=seed)
    report = play_lab(study, backend, workers, ray_address, out, run_lab, lang,
                      text("progress_lab", lang))
    print_lab(report, lang)
    if json_file is not None:
        json_file.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
        console.print(escape(text("wrote", lang).format(path=json_file)))
    if out is not None:
        console.print(escape(text("kept_lab", lang).format(out=out)))


def play_lab(study: Any, backend: str, workers: int, ray_address: str | None, out: Path | None,
             run: Any, lang: str, title: str, total: int = 0) -> Any:
    """Run `run(study, engine, out, on_progress)` with a progress bar titled `title`; Ctrl-C keeps
    what is finished (with --out) and says so in `lang`."""
    from parlor.sim.backends import make_backend

    with make_backend(backend, workers, ray_address, study.plugins) as engine:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as progress:
            task = progress.add_task(title, total=total or study.total)
            try:
                return run(study, engine, out,
                           lambda done, _: progress.update(task, completed=done))
            except KeyboardInterrupt:
                progress.stop()
                said = text("interrupted_kept", lang).format(out=out) if out else \
                    text("interrupted_lost", lang)
                console.print(escape(said))
                raise typer.Exit(130) from None



def compare_cmd(
    base: Annotated[Path, typer.Argument(metavar="BASE", help="the chart to compare with")],
    new: Annotated[Path, typer.Argument(metavar="NEW", help="the changed chart")],
    n: Annotated[int, typer.Option("-n", help="games on each chart")] = 200,
    players: Annotated[int, typer.Option("--players", "-p", help="seats, 2 to 8")] = 4,
    policies: PoliciesOpt = DEFAULT_POLICIES,
    characters: Annotated[PathOpt, typer.Option(
        "--characters", help="character table for both (default: the packaged one)")] = None,
    seed: Annotated[int, typer.Option("--seed", help="the seed of both labs")] = 1,
    workers: WorkersOpt = 0,
    backend: BackendOpt = "local",
    ray_address: RayOpt = None,
    option: OptionArg = None,
    html: Annotated[PathOpt, typer.Option(
        "--html", help="also write an HTML report with plots into this directory")] = None,
    json_file: Annotated[PathOpt, typer.Option("--json", help="also write the comparison as JSON")]
    = None,
    out: Annotated[PathOpt, typer.Option(
        "--out", help="keep both labs' games here (base/, new/, compare.json); the same command "
        "resumes")] = None,
    lang: LangOpt = "en",
) -> None:
    """Play the same seeds on two charts and show, per object and per character, what changed:
    made, completed, used, what its effects did and the win rate of its users on each chart, the
    difference with a 95% interval (paired game by game where it can be), sorted by how clearly
    it changed, with significant changes flagged."""
    from .compare import make_compare, run_compare

    check_lang(lang)
    _chart_files(base, characters, lang)
    _chart_files(new, None, lang)
    labs = make_compare(str(base), str(new), n, players, policies,
                        characters=str(characters or ""), option=option or [], seed=seed)
    report = play_lab(labs[0], backend, workers, ray_address, out,
                      lambda _, engine, folder, progress: run_compare(
                          *labs, engine, folder, progress, (str(base), str(new))),
                      lang, text("progress_compare", lang), labs[0].total + labs[1].total)
    print_compare(report, lang)
    if json_file is not None:
        json_file.write_text(json.dumps(report, indent=2, ensure_ascii=False), encoding="utf-8")
        console.print(escape(text("wrote", lang).format(path=json_file)))
    if html is not None:
        from parlor.games.starroad.lab.pages import write_compare_page  # matplotlib loads only here

        console.print(escape(text("wrote", lang).format(path=write_compare_page(report, html, lang))))
    if out is not None:
        console.print(escape(text("kept_compare", lang).format(out=out)))


def _chart_files(chart: Path | None, characters: Path | None, lang: str) -> None:
    """Refuse an unreadable or invalid file in one line, its problems in `lang` (exit code 2);
    say (in `lang`) what is far outside the packaged ranges."""
    for path, table in ((chart, CHART), (characters, CHARACTERS)):
        if path is None:
            continue
        readable(path)
        problems = table.problems(path)
        if problems:
            heading = text("check_problems", lang).format(file=path, count=len(problems))
            joined = catalogs()[lang].ui["problem_join"].join(p.worded(lang) for p in problems)
            detail = f"{heading} {joined}"
            typer.echo(say(lang, "error", detail=detail), err=True)
            raise typer.Exit(2)
    if chart is not None:
        for warning in warning_problems(chart):
            colon = PUNCTUATION[lang].colon
            console.print(f"{text('warning', lang)}{colon}{escape(chart.name)}{colon}"
                          f"{escape(warning.worded(lang))}")
