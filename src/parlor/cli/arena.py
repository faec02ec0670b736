"""`parlor arena`: seat-rotated matches between bots, with win rates, intervals and ratings.

The computation lives in `parlor.sim.arena`; this module parses the options, shows a progress bar
and prints the tables (and writes the JSON results with --json).
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from parlor.ai import known_specs
from parlor.core import BadOptions, ParlorError, get_game, options_from_text, options_to_json
from parlor.core.naming import bot_name
from parlor.core.text import PUNCTUATION
from parlor.sim.arena import ArenaResult, deal_count, run_arena, schedule

from .commands import OptionArg, PlayersArg, SeedsArg, check_lang, friendly
from .render import WordTable
from .simulate import option_words
from .words import say

console = Console(highlight=False)
SAVE_EVERY = 30.0  # seconds between two saves of a running arena's --json file


def register(app: typer.Typer) -> None:
    app.command("arena")(friendly(arena))


def arena(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id, see `parlor games`")],
    players: PlayersArg = 0,
    bots: Annotated[str, typer.Option(
        "--bots", help="comma-separated bots or levels: easy, medium, hard, expert, random, greedy, "
                       "ismcts:2s, ismcts:500i:d20 ...; label=spec seats a spec again under "
                       "another name (hard,greedy,g2=greedy,g3=greedy)")] = "hard,medium,greedy",
    n: Annotated[int, typer.Option("-n", help="number of games")] = 200,
    seed: SeedsArg = 1,
    option: OptionArg = None,
    json_file: Annotated[Optional[Path], typer.Option(  # noqa: UP045
        "--json", help="write every figure and game here")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="games played at once, in processes")]
    = 1,
    paired: Annotated[Optional[str], typer.Option(  # noqa: UP045
        "--paired", metavar="SPEC",
        help="also play each deal with SPEC at every seat, and measure what each bot of another "
             "spec adds to its seat against SPEC in that seat on the same deal (a team's win "
             "counted once: the measure for games of teams)")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="go on with the run the --json file holds (stopped, killed or shorter: "
                         "the file is saved every 30 s while the run goes)")] = False,
    lang: Annotated[str, typer.Option("--lang", help="the tables' and sentences' language: en, zh_TW or "
                                                     "es")] = "en",
) -> None:
    """Seat-rotated matches between bots: win rates with 95% Wilson intervals, Elo-like
    ratings (Bradley-Terry), mean score margins; each line-up of a cycle shares its deal.
    With --paired, each bot's seat against the same seat played by a baseline bot."""
    check_lang(lang)
    game = get_game(game_id)
    players = players or game.min_players
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        raise BadOptions(f"--bots needs at least one bot ({known_specs()})")
    options: Any = options_from_text(game.options_type, option or [])
    earlier = read_earlier(json_file) if resume else None
    lineups = schedule(names, players)
    if n % len(lineups):
        console.print(say(lang, "arena_note", lineups=len(lineups), n=n))
    total = n + (deal_count(n, lineups) if paired else 0)  # the baselines are games too
    saver = None if json_file is None else Saver(json_file, n)
    if console.is_terminal:
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), console=console, transient=True) as progress:
            task = progress.add_task(say(lang, "arena_progress", game=game.title_in(lang)), total=total)
            result = run_arena(game, players, names, n, seed, options,
                               progress=lambda done, _summary: progress.update(task, completed=done),
                               jobs=jobs, paired=paired, earlier=earlier, checkpoint=saver)
    else:  # a log file: a line every tenth of the games, so long runs show how far they got
        result = run_arena(game, players, names, n, seed, options,
                           progress=LogProgress(game.id, total, lang), jobs=jobs, paired=paired,
                           earlier=earlier, checkpoint=saver)
    if result.stopped:
        console.print(say(lang, "arena_stopped", played=len(result.games), n=n))
    show(result, lang)
    if saver is not None:
        saver.save(result)
        console.print(say(lang, "arena_written", path=json_file))


def read_earlier(json_file: Path | None) -> ArenaResult | None:
    """The run a --json file holds, to go on with; None when there is no such file yet (a script
    can pass --resume on every start).

    :raises BadOptions: --resume without --json, or a file that is not an arena run's JSON.
    """
    if json_file is None:
        raise BadOptions("--resume goes on with the run of a --json file: name it")
    if not json_file.exists():
        return None
    try:
        data = json.loads(json_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise BadOptions(f"cannot read {json_file} ({err})") from None
    if not isinstance(data, dict):
        raise BadOptions(f"{json_file} is not the JSON of an arena run")
    return ArenaResult.from_json(data)


class Saver:
    """Writes the run's JSON: every `SAVE_EVERY` seconds while it goes (marked stopped: it holds fewer
    games than asked, and --resume goes on from them) and at the end. Each write replaces the file
    whole, so a run killed while writing leaves the last complete one."""

    def __init__(self, path: Path, n: int) -> None:
        self.path, self.n = path, n
        self.last = time.monotonic()

    def __call__(self, result: ArenaResult) -> None:
        if time.monotonic() - self.last >= SAVE_EVERY and len(result.games) < self.n:
            self.save(result, running=True)

    def save(self, result: ArenaResult, running: bool = False) -> None:
        data = result.to_json()
        if running:
            data["stopped"] = True
        partial = self.path.with_name(self.path.name + ".partial")
        partial.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        os.replace(partial, self.path)
        self.last = time.monotonic()


class LogProgress:
    """Progress as plain lines (games done, elapsed time) at every tenth of the run."""

    def __init__(self, game_id: str, total: int, lang: str = "en") -> None:
        self.game_id, self.total, self.lang = game_id, total, lang
        self.start = time.monotonic()
        self.step = max(1, total // 10)

    def __call__(self, done: int, _summary: object) -> None:
        if done % self.step == 0 or done == self.total:
            elapsed = time.monotonic() - self.start
            print(say(self.lang, "arena_log", game=_title(self.game_id, self.lang), done=done,
                      total=self.total, seconds=f"{elapsed:.0f}"), file=sys.stderr, flush=True)


def show(result: ArenaResult, lang: str = "en") -> None:
    """Print the bot, pair and seat tables of an arena run, in `lang`."""
    by_bot = WordTable(title=say(lang, "arena_title", game=_title(result.game, lang), players=result.players,
                             games=len(result.games)), header_style="bold")
    by_bot.add_column(say(lang, "arena_bot"))   # names read from the left; figures line up on the right
    for column in ("seats", "win_rate", "ci", "rating", "mean_score", "mean_margin"):
        by_bot.add_column(say(lang, f"arena_{column}"), justify="right")
    for b in sorted(result.by_bot(), key=lambda b: -b.rating):
        by_bot.add_row(bot_name(b.name, lang), str(b.seats), f"{b.win_rate:.1%}",
                       _interval(b.ci95), f"{b.rating:.0f}",
                       f"{b.mean_score:.2f}", f"{b.mean_margin:+.2f}")
    pairs = WordTable(title=say(lang, "arena_pairs"), header_style="bold")
    for column in ("bot", "vs"):
        pairs.add_column(say(lang, f"arena_{column}"))
    for column in ("games", "score", "ci", "mean_margin"):
        pairs.add_column(say(lang, f"arena_{column}"), justify="right")
    for p in result.pairs():
        pairs.add_row(bot_name(p.a, lang), bot_name(p.b, lang), str(p.games), f"{p.a_rate:.1%}",
                      _interval(p.ci95), f"{p.mean_margin:+.2f}")
    seats = WordTable(title=say(lang, "arena_by_seat"), header_style="bold")
    for column in ("seat", "win_rate", "ci"):
        seats.add_column(say(lang, f"arena_{column}"), justify="right")
    for seat, (rate, ci) in enumerate(result.by_seat(), start=1):  # players count seats from 1
        seats.add_row(str(seat), f"{rate:.1%}", _interval(ci))
    console.print(by_bot, *([pairs] if pairs.row_count else []), seats)   # one bot alone has no pairs
    for line in deal_lines(result, lang):
        console.print(line)
    if result.paired is not None:
        for line in paired_lines(result, lang):
            console.print(line)
    changed = _changed_options(result)
    if changed:   # what the defaults would not have played (`-o`), in the game's words
        words = option_words(get_game(result.game).catalogs().get(lang), lang)
        settings = [words.setting(name, value) for name, value in changed.items()]
        console.print(say(lang, "arena_options", options=PUNCTUATION[lang].phrases.join(settings)))
    console.print(say(lang, "arena_footer", games=len(result.games), seconds=f"{result.seconds:.1f}"))


def _changed_options(result: ArenaResult) -> dict[str, Any]:
    """The run's options that differ from the game's defaults (none for a game no longer registered)."""
    try:
        defaults = options_to_json(get_game(result.game).make_options({}))
    except ParlorError:
        return {}
    return {name: value for name, value in result.options.items() if defaults.get(name) != value}


def _title(game_id: str, lang: str) -> str:
    """The game's title in `lang` (its id for a game no longer registered)."""
    try:
        return get_game(game_id).title_in(lang)
    except ParlorError:
        return game_id


def deal_lines(result: ArenaResult, lang: str = "en") -> list[str]:
    """At two players, how each pair's deals were decided, as sentences: a deal one bot won from
    both seats was decided by the bots; one the same seat won both times, by the deal."""
    lines = []
    for d in result.deals():
        line = say(lang, "arena_deals", a=bot_name(d.a, lang), b=bot_name(d.b, lang), deals=d.deals,
                   a_both=d.a_both, b_both=d.b_both, by_seat=d.by_seat, share=f"{d.by_seat / d.deals:.0%}")
        lines.append(line + (say(lang, "arena_deals_shared", shared=d.shared) if d.shared else ""))
    return lines


def paired_lines(result: ArenaResult, lang: str = "en") -> list[str]:
    """Each bot's seat against the baseline in the same seat on the same deals, as sentences
    (a table of these twelve figures would be clipped in an 80-column log)."""
    if result.paired is None:   # the run named no baseline: nothing was paired
        return []
    lines = [say(lang, "arena_paired_head", baseline=bot_name(result.paired, lang))]
    for p in result.paired_by_bot():
        low, high = p.difference_ci
        ratio = (say(lang, "arena_no_ratio") if p.ratio is None or p.ratio_ci is None else
                 say(lang, "arena_ratio", ratio=f"{p.ratio:.2f}", low=f"{p.ratio_ci[0]:.2f}",
                     high=f"{p.ratio_ci[1]:.2f}"))
        lines.append(say(lang, "arena_paired", bot=bot_name(p.bot, lang), pairs=p.pairs, deals=p.deals,
                         rate=f"{p.rate:.1%}",
                         baseline=bot_name(p.baseline, lang), baseline_rate=f"{p.baseline_rate:.1%}",
                         difference=f"{100 * p.difference:+.1f}", low=f"{100 * low:+.1f}",
                         high=f"{100 * high:+.1f}", ratio=ratio, gained=p.gained, lost=p.lost,
                         margin=f"{p.margin_difference:+.2f}"))
    return lines


def _interval(ci: tuple[float, float]) -> str:
    return f"{100 * ci[0]:.0f}-{100 * ci[1]:.0f}%"
