"""The arena: bots play seat-rotated matches; win rates with Wilson intervals, ratings, margins.

**Schedule.** With K bots at N seats, the tables are every N-bot combination of the bots
(K >= N), or, when there are fewer bots than seats, the K cyclic shifts of the bots repeated
around the table. Each table is then played in each of its N seat rotations. Game `i` plays
line-up `i mod L` (L line-ups in all) on deal `i div L`: every line-up of one cycle shares the
deal (seed), so luck of the deal cancels out between the bots (duplicate style). Use an `n` that
is a multiple of L for balanced results.

**Names.** A bot is named by its spec (`hard`, `greedy`, `ismcts:500i:t`), or as
`label=spec` to seat one spec several times under different labels (`hard,greedy,g2=greedy,
g3=greedy`: one `hard` seat against three greedy ones); each name appears once, and the tables
count every label as its own bot.

**Win rate.** A game's win is shared among the seats ranked first. A bot's win rate is its share
of wins over the seats it played; the 95% interval is Wilson's score interval.

**Ratings.** Every game gives one pairwise result for every two seats held by different bots
(1 to the better rank, 1/2 each for the same rank). A Bradley-Terry model is fitted to them by
maximum likelihood with Hunter's MM iteration (2004), after adding one virtual draw to every pair
of bots that met (which keeps a perfect record finite). Strengths are put on the Elo scale,
`400 * log10(strength)`, shifted so the bots' mean rating is 1500. For two bots with W and L
wins: the difference is `400 * log10((W + 1/2) / (L + 1/2))`.

**Margins.** A bot's mean margin is its score minus the best other score at the table, averaged
over the seats it played; a pair's margin is the first bot's score minus the second's.

**Deals.** At two players each pair of bots plays every deal from both seats; `deals` counts
those one bot won both times and those the same seat won whichever bot sat there (`deals.py`).

**Paired.** With `paired` (a bot spec), each deal of the run is also played once with that bot at
every seat, and every bot of another spec is measured by what it adds to its seat against the
baseline in the same seat on the same deal, a team's win counted once (see `paired.py`: this is
the measure for games of teams, where the deal decides which seats win whoever plays them).
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from parlor.ai.bots import Bot
from parlor.ai.levels import make_bot
from parlor.core import BadOptions, Game, derive_seed, get_game, options_to_json

from .deals import DealStats, deal_stats
from .paired import RESAMPLES, PairedStats, paired_stats, pairs_of
from .runner import GameSummary, play_game
from .stats import wilson  # Wilson's score interval, shared with the study summaries

__all__ = ["ArenaResult", "BotStats", "PairStats", "PairedStats", "bot_label", "bradley_terry",
           "deal_count", "run_arena", "schedule", "wilson"]

BASE_RATING = 1500.0


def schedule(names: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The line-ups of one cycle: each table in each of its seat rotations (see the module doc)."""
    if not names:
        raise BadOptions("the arena needs at least one bot")
    if players < 1:
        raise BadOptions("the arena needs at least one seat")
    k = len(names)
    if k >= players:
        tables = [tuple(names[i] for i in combo) for combo in itertools.combinations(range(k), players)]
    else:
        tables = [tuple(names[(seat + shift) % k] for seat in range(players)) for shift in range(k)]
    return [table[r:] + table[:r] for table in tables for r in range(players)]


def deal_count(n: int, lineups: Sequence[tuple[str, ...]]) -> int:
    """How many deals `n` games of the schedule use (its last cycle may be cut short)."""
    return -(-n // len(lineups))


def bradley_terry(results: dict[tuple[str, str], tuple[float, int]], names: Sequence[str],
                  prior: float = 0.5, tolerance: float = 1e-12) -> dict[str, float]:
    """Elo-scale ratings (mean 1500) from pairwise results.

    `results[(a, b)] = (score of a against b, games)` with a < b in `names` order or any order;
    `prior` virtual wins are given to each side of every pair that met.
    """
    wins = {name: 0.0 for name in names}
    games: dict[tuple[str, str], float] = {}
    for (a, b), (score, count) in results.items():
        if a == b or count <= 0:
            continue
        wins[a] += score + prior
        wins[b] += count - score + prior
        games[(a, b)] = games.get((a, b), 0.0) + count + 2 * prior
        games[(b, a)] = games.get((b, a), 0.0) + count + 2 * prior
    strength = {name: 1.0 for name in names}
    for _ in range(10_000):
        updated = {}
        for name in names:
            denominator = sum(count / (strength[name] + strength[other])
                              for (first, other), count in games.items() if first == name)
            updated[name] = wins[name] / denominator if denominator > 0 else strength[name]
        log_mean = sum(math.log(v) for v in updated.values()) / len(updated)
        updated = {name: v / math.exp(log_mean) for name, v in updated.items()}
        change = max(abs(math.log(updated[n] / strength[n])) for n in names)
        strength = updated
        if change < tolerance:
            break
    ratings = {name: 400.0 * math.log10(v) for name, v in strength.items()}
    mean = sum(ratings.values()) / len(ratings)
    return {name: BASE_RATING + r - mean for name, r in ratings.items()}


@dataclass(frozen=True, slots=True)
class BotStats:
    name: str
    seats: int
    wins: float
    win_rate: float
    ci95: tuple[float, float]
    rating: float
    mean_score: float
    mean_margin: float


@dataclass(frozen=True, slots=True)
class PairStats:
    a: str
    b: str
    games: int
    a_score: float  # wins of a against b (ties count 1/2)
    a_rate: float
    ci95: tuple[float, float]
    mean_margin: float  # mean of a's score minus b's


@dataclass
class ArenaResult:
    """Every game of an arena run and the figures drawn from them."""

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    lineups: list[tuple[str, ...]]
    games: list[GameSummary] = field(default_factory=list)
    seconds: float = 0.0
    specs: dict[str, str] = field(default_factory=dict)  # label -> spec
    paired: str | None = None  # the baseline's spec, when each deal was played by it too
    baselines: dict[int, GameSummary] = field(default_factory=dict)  # deal seed -> its game
    stopped: bool = False  # interrupted before its n games (one process only)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ArenaResult:
        """The run `to_json` wrote (its games and baselines; the figures are computed again).

        :raises BadOptions: not an arena run's JSON (a key missing or of the wrong kind).
        """
        try:
            paired = data.get("paired")
            result = cls(str(data["game"]), int(data["players"]), tuple(map(str, data["bots"])),
                         int(data["seed"]), dict(data["options"]),
                         [tuple(map(str, lineup)) for lineup in data["lineups"]],
                         games=[_game_from_json(g) for g in data["games"]],
                         seconds=float(data["seconds"]),
                         specs={str(k): str(v) for k, v in data["specs"].items()},
                         paired=None if paired is None else str(paired["baseline"]),
                         stopped=bool(data["stopped"]))
            if paired is not None:
                result.baselines = {g.seed: g for g in map(_game_from_json, paired["games"])}
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise BadOptions(f"not the JSON of an arena run ({type(err).__name__}: {err})") from None
        return result

    def same_run(self, other: ArenaResult) -> bool:
        """Whether `other` is this run's schedule: the same game, seats, bots, seed, options and
        baseline (its games may be more or fewer)."""
        def schedule_of(run: ArenaResult) -> tuple[Any, ...]:
            return (run.game, run.players, run.bots, run.specs, run.seed,
                    json.dumps(run.options, sort_keys=True), run.lineups, run.paired)

        return schedule_of(self) == schedule_of(other)

    def paired_by_bot(self) -> list[PairedStats]:
        """What each bot of another spec than the baseline adds to its seat (module doc)."""
        if self.paired is None:
            return []
        return [paired_stats(name, self.paired, pairs_of(name, self.games, self.baselines))
                for name in self.bots
                if self.specs.get(name, name) != self.paired
                and any(name in summary.bots for summary in self.games)]

    def pair_results(self) -> dict[tuple[str, str], tuple[float, int, float]]:
        """(a, b) in bot order -> (a's score against b, games, sum of a's score minus b's)."""
        order = {name: i for i, name in enumerate(self.bots)}
        out: dict[tuple[str, str], tuple[float, int, float]] = {}
        for summary in self.games:
            for s, t in itertools.combinations(range(len(summary.bots)), 2):
                a, b = summary.bots[s], summary.bots[t]
                if a == b:
                    continue
                if order[a] > order[b]:
                    s, t, a, b = t, s, b, a
                ra, rb = summary.ranks[s], summary.ranks[t]
                point = 1.0 if ra < rb else 0.5 if ra == rb else 0.0
                score, count, margin = out.get((a, b), (0.0, 0, 0.0))
                out[(a, b)] = (score + point, count + 1,
                               margin + summary.scores[s] - summary.scores[t])
        return out

    def pairs(self) -> list[PairStats]:
        out = []
        for (a, b), (score, count, margin) in self.pair_results().items():
            out.append(PairStats(a, b, count, score, score / count, wilson(score, count),
                                 margin / count))
        return out

    def ratings(self) -> dict[str, float]:
        results = {pair: (score, count) for pair, (score, count, _) in self.pair_results().items()}
        return bradley_terry(results, self.bots)

    def by_bot(self) -> list[BotStats]:
        seats = {name: 0 for name in self.bots}
        wins = {name: 0.0 for name in self.bots}
        scores = {name: 0.0 for name in self.bots}
        margins = {name: 0.0 for name in self.bots}
        for summary in self.games:
            winners = [s for s, r in enumerate(summary.ranks) if r == 1]
            for seat, name in enumerate(summary.bots):
                seats[name] += 1
                wins[name] += 1.0 / len(winners) if seat in winners else 0.0
                scores[name] += summary.scores[seat]
                others = [x for s, x in enumerate(summary.scores) if s != seat]
                margins[name] += summary.scores[seat] - (max(others) if others else 0.0)
        ratings = self.ratings()
        return [BotStats(name, seats[name], wins[name],
                         wins[name] / seats[name] if seats[name] else 0.0,
                         wilson(wins[name], seats[name]), ratings[name],
                         scores[name] / seats[name] if seats[name] else 0.0,
                         margins[name] / seats[name] if seats[name] else 0.0)
                for name in self.bots]

    def deals(self) -> list[DealStats]:
        """At two players, how each pair's deals were decided: by the bots or by the seat."""
        return deal_stats(self.games, self.bots) if self.players == 2 else []

    def by_seat(self) -> list[tuple[float, tuple[float, float]]]:
        """Each seat's win rate over all games and its Wilson interval (first-player advantage)."""
        wins = [0.0] * self.players
        for summary in self.games:
            winners = [s for s, r in enumerate(summary.ranks) if r == 1]
            for seat in winners:
                wins[seat] += 1.0 / len(winners)
        n = len(self.games)
        return [(w / n if n else 0.0, wilson(w, n)) for w in wins]

    def to_json(self) -> dict[str, Any]:
        out = self._plain_json()
        if self.paired is not None:
            out["paired"] = {
                "baseline": self.paired,
                "method": {"result": "the seat's part of the first place, a team's win counted "
                                     "once (1 / number of teams ranked first)",
                           "pairs": "each seat a bot played, with the same seat of the same deal "
                                    "played with the baseline at every seat",
                           "ci95": f"bootstrap over deals, {RESAMPLES} resamples, percentile",
                           "ratio": "the bot's rate over the baseline's in the same seats",
                           "margin": "score minus the best score of another team's seat"},
                "by_bot": [{"bot": p.bot, "pairs": p.pairs, "deals": p.deals, "rate": p.rate,
                            "baseline_rate": p.baseline_rate, "difference": p.difference,
                            "difference_ci95": list(p.difference_ci), "ratio": p.ratio,
                            "ratio_ci95": None if p.ratio_ci is None else list(p.ratio_ci),
                            "gained": p.gained, "lost": p.lost,
                            "margin_difference": p.margin_difference}
                           for p in self.paired_by_bot()],
                "games": [_game_json(g) for g in self.baselines.values()],
            }
        return out

    def _plain_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "players": self.players, "bots": list(self.bots),
            "specs": dict(self.specs), "seed": self.seed, "options": self.options,
            "n": len(self.games), "seconds": self.seconds, "stopped": self.stopped,
            "lineups": [list(lineup) for lineup in self.lineups],
            "method": {"win": "share of first places; ties for first split the win",
                       "ci95": "Wilson score interval",
                       "rating": "Bradley-Terry MLE (MM), one virtual draw per pair, Elo scale, "
                                 "mean 1500",
                       "margin": "own score minus the best other score"},
            "by_bot": [{"bot": b.name, "seats": b.seats, "wins": b.wins, "win_rate": b.win_rate,
                        "ci95": list(b.ci95), "rating": b.rating, "mean_score": b.mean_score,
                        "mean_margin": b.mean_margin} for b in self.by_bot()],
            "pairs": [{"a": p.a, "b": p.b, "games": p.games, "a_score": p.a_score,
                       "a_rate": p.a_rate, "ci95": list(p.ci95), "mean_margin": p.mean_margin}
                      for p in self.pairs()],
            "by_seat": [{"seat": seat, "win_rate": rate, "ci95": list(ci)}
                        for seat, (rate, ci) in enumerate(self.by_seat())],
            "deals": [{"a": d.a, "b": d.b, "deals": d.deals, "a_won_both": d.a_both,
                       "b_won_both": d.b_both, "same_seat_won_both": d.by_seat,
                       "first_place_shared": d.shared} for d in self.deals()],
            "games": [_game_json(g) for g in self.games],
        }


def _game_json(g: GameSummary) -> dict[str, Any]:
    out = {"seed": g.seed, "bots": list(g.bots), "scores": list(g.scores), "ranks": list(g.ranks),
           "moves": g.moves}
    if g.teams is not None:
        out["teams"] = list(g.teams)
    if g.statistics:
        out["statistics"] = g.statistics  # the game's own figures (JSON already, as in studies)
    return out


def _game_from_json(data: dict[str, Any]) -> GameSummary:
    teams = data.get("teams")
    return GameSummary(int(data["seed"]), tuple(map(str, data["bots"])), tuple(data["scores"]),
                       tuple(map(int, data["ranks"])), int(data["moves"]),
                       dict(data.get("statistics", {})),
                       teams=None if teams is None else tuple(map(str, teams)))


def run_arena(game: Game[Any], players: int, names: Sequence[str], n: int, seed: int = 1,
              options: Any = None,
              progress: Callable[[int, GameSummary], None] | None = None,
              jobs: int = 1, paired: str | None = None, earlier: ArenaResult | None = None,
              checkpoint: Callable[[ArenaResult], None] | None = None) -> ArenaResult:
    """Play `n` games of the schedule; `progress(done, summary)` is called after each game,
    `checkpoint(result)` too, with the games so far (a caller saves them: see `parlor arena
    --resume`).

    With `earlier` (the same run, stopped or shorter: `ArenaResult.same_run`), its games are kept
    and the run goes on from there: game `i` is always line-up `i mod L` on deal `i div L`, so the
    games played later are those an unbroken run would have played.

    With `jobs` > 1 the games run in that many forked processes; every game is seeded on its
    own, so the results are the same as with one process. With `paired` (a bot spec), every
    deal is first played once with that bot at every seat (the baselines, counted by `progress`
    too: `deal_count` more games). In one process an interrupt (Ctrl-C, SIGINT) ends the run
    early: the games finished so far are the result, marked `stopped`.

    :raises BadOptions: unknown bot specs, bad player counts or options, `n` < 1, or `earlier`
        another run or holding more than `n` games or other deals.
    """
    if n < 1:
        raise BadOptions("the arena needs at least one game (-n)")
    if jobs < 1:
        raise BadOptions("--jobs must be at least 1")
    specs = dict(bot_label(name) for name in names if name.strip())
    names = [bot_label(name)[0] for name in names if name.strip()]
    if len(specs) != len(names):
        raise BadOptions("each bot may be named once in the arena (the line-ups repeat them); "
                         "seat one spec again under another label: g2=greedy")
    for spec in [*specs.values(), *([paired] if paired is not None else [])]:
        make_bot(spec)  # refuse an unknown spec before the long run
    resolved = game.make_options(options)
    game.setup(players, seed, resolved)  # checks the player count before the long run
    lineups = schedule(names, players)
    result = ArenaResult(game.id, players, tuple(names), seed, options_to_json(resolved), lineups,
                         specs=specs, paired=paired)
    deals = [derive_seed(seed, "arena", d) for d in range(deal_count(n, lineups))]
    baselines = [(game.id, players, deal, tuple((paired, paired) for _ in range(players)),
                  resolved) for deal in deals] if paired is not None else []
    tasks = [(game.id, players, deals[i // len(lineups)],
              tuple((label, specs[label]) for label in lineups[i % len(lineups)]), resolved)
             for i in range(n)]
    if earlier is not None:
        _take_over(result, earlier, tasks)
        baselines = [task for task in baselines if task[2] not in result.baselines]
        tasks = tasks[len(result.games):]
    previous_seconds = result.seconds
    started = time.perf_counter()
    played = len(result.baselines) + len(result.games)
    if jobs == 1:
        try:
            _collect(result, (_play(task, game) for task in [*baselines, *tasks]),
                     len(baselines), played, progress, checkpoint)
        except KeyboardInterrupt:  # a long run stopped by hand: its finished games are the result
            result.stopped = True
    else:
        context = multiprocessing.get_context("fork")  # the children inherit the game registry
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            _collect(result, pool.map(_play, [*baselines, *tasks]), len(baselines), played,
                     progress, checkpoint)
    result.seconds = previous_seconds + time.perf_counter() - started
    return result


def _take_over(result: ArenaResult, earlier: ArenaResult,
               tasks: list[tuple[str, int, int, tuple[tuple[str, str], ...], Any]]) -> None:
    """Start `result` from `earlier`'s games, after checking they are this schedule's first."""
    if not earlier.same_run(result):
        raise BadOptions("the file holds another arena run (its game, players, bots, seed, "
                         "options or --paired differ): name a new file")
    if len(earlier.games) > len(tasks):
        raise BadOptions(f"the file already holds {len(earlier.games)} games, more than -n "
                         f"{len(tasks)}")
    for summary, task in zip(earlier.games, tasks, strict=False):
        if summary.seed != task[2] or summary.bots != tuple(label for label, _ in task[3]):
            raise BadOptions("the file's games are not this run's schedule: name a new file")
    result.games = list(earlier.games)
    result.baselines = dict(earlier.baselines)
    result.seconds = earlier.seconds


def _collect(result: ArenaResult, summaries: Any, baselines: int, played: int,
             progress: Callable[[int, GameSummary], None] | None,
             checkpoint: Callable[[ArenaResult], None] | None) -> None:
    """Sort the played games into the result: the first `baselines` are the paired deals'
    (`played`: the games the result held already, counted by `progress`)."""
    for done, summary in enumerate(summaries, start=1):
        if done <= baselines:
            result.baselines[summary.seed] = summary
        else:
            result.games.append(summary)
        if progress is not None:
            progress(played + done, summary)
        if checkpoint is not None:
            checkpoint(result)


def bot_label(name: str) -> tuple[str, str]:
    """(label, spec) of an arena name: `label=spec`, or a spec that is its own label.

    :raises BadOptions: an empty label or spec around the `=`.
    """
    label, sep, spec = name.strip().partition("=")
    label, spec = label.strip(), spec.strip()
    if not sep:
        return label, label
    if not label or not spec:
        raise BadOptions(f"a bot is named as spec or label=spec, not {name.strip()!r}")
    return label, spec


_bots: dict[tuple[str, str], Bot] = {}  # per process: bots keep no state between games


def _play(task: tuple[str, int, int, tuple[tuple[str, str], ...], Any],
          game: Game[Any] | None = None) -> GameSummary:
    """One game of the arena (in this process or a worker, which finds the game by id); the
    line-up is (label, spec) per seat, and each bot plays under its label."""
    game_id, players, deal, lineup, options = task
    for label, spec in lineup:
        if (label, spec) not in _bots:
            bot = _bots[(label, spec)] = make_bot(spec)
            bot.name = label
    return play_game(game or get_game(game_id), players, deal, [_bots[seat] for seat in lineup],
                     options)
