"""A study: many seeded games between bots, split into batches that any backend can run.

Everything that decides a result lives here, in plain functions: which games a study holds, the seed of
each game, who sits where, and how one batch is played. Backends only move batches and rows around, so
the local pool, Ray and a single process give the same rows for the same study.
"""

from __future__ import annotations

import importlib
import itertools
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any

from parlor.ai import make_bot
from parlor.core import (
    BadOptions,
    Game,
    derive_seed,
    get_game,
    option_fields,
    options_from_text,
    options_to_json,
    register,
)
from parlor.sim.runner import play_game, seat_bots

FORMAT = 1
Row = dict[str, Any]


@dataclass(frozen=True)
class Sweep:
    """One option that takes each of `values` in turn; every value plays the same `n` seeds."""

    name: str
    values: tuple[Any, ...]

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "values": list(self.values)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sweep:
        return cls(str(data["name"]), tuple(data["values"]))


@dataclass(frozen=True)
class Study:
    """What a study plays. Two runs of equal studies give equal rows, whatever runs them."""

    game: str
    players: int
    n: int
    bots: tuple[str, ...]
    seed: int = 1
    options: dict[str, Any] = field(default_factory=dict)  # every option, as JSON, the swept excluded
    sweeps: tuple[Sweep, ...] = ()  # options varied together: each combination of values is a point
    plugins: tuple[str, ...] = ()
    rules_version: str = "1"
    observer: str = ""  # "module:factory" of a per-game Observer whose figures each row keeps
    bot_maker: str = ""  # "module:function" that turns each name of `bots` into a Bot (make_bot)

    def points(self) -> list[dict[str, Any]]:
        """The full options of each point of the study: one point, or one per swept value, or one
        per combination of the swept options' values (the first swept option varying slowest)."""
        return [{**self.options, **setting} for setting in self.settings()]

    def settings(self) -> list[dict[str, Any]]:
        """The swept options' values at each point (one empty setting for a study without a sweep)."""
        names = [sweep.name for sweep in self.sweeps]
        return [dict(zip(names, values, strict=True))
                for values in itertools.product(*(sweep.values for sweep in self.sweeps))]

    @property
    def total(self) -> int:
        return self.n * len(self.points())

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT, "game": self.game, "rules_version": self.rules_version,
            "players": self.players, "n": self.n, "bots": list(self.bots), "seed": self.seed,
            "options": dict(self.options),
            # one sweep as the manifests written before grids were (so that their studies resume)
            "sweep": (None if not self.sweeps else self.sweeps[0].to_json() if len(self.sweeps) == 1
                      else [sweep.to_json() for sweep in self.sweeps]),
            "plugins": list(self.plugins),
        }
        if self.observer:  # absent otherwise, so study.json files written before it still match
            data["observer"] = self.observer
        if self.bot_maker:
            data["bot_maker"] = self.bot_maker
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Study:
        data = moved_callables(data)
        if data.get("format") != FORMAT:
            raise BadOptions(f"study format {data.get('format')!r} is not {FORMAT}")
        sweep = data.get("sweep")
        sweeps = [] if sweep is None else [sweep] if isinstance(sweep, dict) else list(sweep)
        return cls(game=data["game"], players=int(data["players"]), n=int(data["n"]),
                   bots=tuple(data["bots"]), seed=int(data["seed"]), options=dict(data["options"]),
                   sweeps=tuple(Sweep.from_json(one) for one in sweeps),
                   plugins=tuple(data.get("plugins", ())),
                   rules_version=str(data.get("rules_version", "1")),
                   observer=str(data.get("observer", "")),
                   bot_maker=str(data.get("bot_maker", "")))


@dataclass(frozen=True, slots=True)
class Batch:
    """Games `start` to `stop - 1` of point `point`; `index` names the batch within its study."""

    index: int
    point: int
    start: int
    stop: int

    @property
    def size(self) -> int:
        return self.stop - self.start


_loaded_plugins: dict[str, Game[Any] | None] = {}  # spec -> its game (None: a module alone)


def load_plugins(plugins: Sequence[str]) -> None:
    """Import each `module` or `module:Name` and register the Game it names (once per process).

    Workers run this before playing, so a game outside the installed packages (a designer's own, or
    the test fixture) is known in every process, local or on a Ray cluster.
    """
    for spec in plugins:
        if spec in _loaded_plugins:
            known = _loaded_plugins[spec]
            if known is not None:
                register(known)  # again: a registry reset (tests do) must not lose it
            continue
        module_name, _, attribute = spec.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError as err:
            raise BadOptions(f"plugin {spec!r}: cannot import {module_name!r} ({err})") from None
        game: Game[Any] | None = None
        if attribute:
            obj = getattr(module, attribute, None)
            game = obj() if isinstance(obj, type) else obj
            if not isinstance(game, Game):
                raise BadOptions(f"plugin {spec!r}: {attribute!r} is not a Game or Game class")
            register(game)
        _loaded_plugins[spec] = game


def make_study(game_id: str, n: int, players: int, bots: str | Sequence[str], *,
               option: Sequence[str] = (), sweep: Sequence[str] = (), seed: int = 1,
               plugins: Sequence[str] = (), bot_maker: str = "") -> Study:
    """A checked study from command-line style arguments; `bot_maker` ("module:function") makes
    the bots from their names instead of `make_bot`.

    :raises BadOptions: unknown option, bad value, bad bot, player count, or sweep.
    :raises UnknownGame: unknown game id.
    """
    load_plugins(plugins)
    game = get_game(game_id)
    plugins = [*plugins, *_plugin_for(game, plugins)]
    players = players or game.min_players
    names = [b.strip() for b in (bots.split(",") if isinstance(bots, str) else bots) if b.strip()]
    if not names:
        raise BadOptions("--bots needs at least one bot")
    maker = load_callable(bot_maker, "bot maker") if bot_maker else make_bot
    for name in names:
        maker(name)
    if n < 1:
        raise BadOptions("-n must be at least 1")
    base: Any = options_from_text(game.options_type, list(option))
    swept = _parse_sweeps(game, list(option), list(sweep))
    options = options_to_json(base)
    for one in swept:
        options.pop(one.name)
    study = Study(game.id, players, n, tuple(names), seed, options, swept, tuple(plugins),
                  game.rules_version, bot_maker=bot_maker)
    for point in study.points():
        game.setup(players, seed, point)  # player count and each point's options, before the long run
    return study


def _plugin_for(game: Game[Any], plugins: Sequence[str]) -> list[str]:
    """A game registered by hand (not by an installed entry point) must be registered again in each
    worker process: name its class as a plugin, unless a plugin already brings it."""
    cls = type(game)
    for ep in entry_points(group="parlor.games"):
        if ep.name == game.id or ep.load() in (cls, game):
            return []
    if any(spec.split(":")[0] == cls.__module__ or spec.endswith(f":{cls.__name__}") for spec in plugins):
        return []
    return [f"{cls.__module__}:{cls.__name__}"]


def _parse_sweeps(game: Game[Any], option: list[str], sweep: list[str]) -> tuple[Sweep, ...]:
    """Each `--sweep name=v1,v2,...`, its values checked as the option's; several make a grid."""
    sweeps: list[Sweep] = []
    for text in sweep:
        one = _parse_sweep(game, option, text)
        if any(earlier.name == one.name for earlier in sweeps):
            raise BadOptions(f"option {one.name} is swept twice (give all its values in one --sweep)")
        sweeps.append(one)
    return tuple(sweeps)


def _parse_sweep(game: Game[Any], option: list[str], sweep: str) -> Sweep:
    name, eq, text = sweep.partition("=")
    values_text = [v.strip() for v in text.split(",") if v.strip()]
    if not eq or not values_text:
        raise BadOptions(f"--sweep {sweep!r} must be written name=value1,value2,...")
    if any(pair.partition("=")[0] == name for pair in option):
        raise BadOptions(f"option {name} is both set with --option and swept")
    values: list[Any] = []
    for text_value in values_text:
        parsed = options_to_json(options_from_text(game.options_type, [*option, f"{name}={text_value}"]))
        if parsed[name] in values:
            raise BadOptions(f"--sweep lists {name}={text_value} twice")
        values.append(parsed[name])
    return Sweep(name, tuple(values))


def plan_batches(study: Study, batch_size: int) -> list[Batch]:
    """Every batch of the study, point by point; a batch never spans two points."""
    if batch_size < 1:
        raise BadOptions("--batch-size must be at least 1")
    batches: list[Batch] = []
    for point in range(len(study.points())):
        for start in range(0, study.n, batch_size):
            batches.append(Batch(len(batches), point, start, min(start + batch_size, study.n)))
    return batches


def game_seed(study: Study, index: int) -> int:
    """The seed of game `index` (0..n-1); every point of a sweep plays the same seeds."""
    return derive_seed(study.seed, index)


def run_batch(study_json: dict[str, Any], batch: Batch) -> list[Row]:
    """Play one batch and return one row per game. The unit of work of every backend."""
    study = Study.from_json(study_json)
    load_plugins(study.plugins)
    game = get_game(study.game)
    point_options = study.points()[batch.point]
    options = game.make_options(point_options)
    option_columns = {f"opt_{name}": value for name, value in options_to_json(options).items()}
    make_observer = load_callable(study.observer, "observer") if study.observer else None
    maker = load_callable(study.bot_maker, "bot maker") if study.bot_maker else make_bot
    rows: list[Row] = []
    for index in range(batch.start, batch.stop):
        line_up = seat_bots(study.bots, study.players, index)
        seed = game_seed(study, index)
        summary = play_game(game, study.players, seed, [maker(spec) for spec in line_up], options,
                            None if make_observer is None else make_observer())
        row: Row = {
            "game": batch.point * study.n + index, "point": batch.point, "index": index,
            "seed": seed, "bots": list(line_up), "scores": [float(s) for s in summary.scores],
            "ranks": [int(r) for r in summary.ranks], "length": summary.moves,
            **option_columns,
            "statistics": _json_text(summary.statistics),
        }
        if make_observer is not None:
            row["observed"] = _json_text(summary.observed or {})
        rows.append(row)
    return rows


def _json_text(value: dict[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_jsonable)


# Callables that studies name and that have since moved (old `module:name` -> new), so that a study
# directory written before the move still resumes and reports.
MOVED_CALLABLES = {
    "parlor.sim.starroad_lab:ObjectCounter": "parlor.games.starroad.lab.study:ObjectCounter",
    "parlor.sim.starroad_policies:make_policy": "parlor.games.starroad.lab.policies:make_policy",
}


def moved_callables(data: dict[str, Any]) -> dict[str, Any]:
    """A saved study's manifest with the callables it names brought to where they live now."""
    return {key: MOVED_CALLABLES.get(value, value) if key in ("observer", "bot_maker") else value
            for key, value in data.items()}


def load_callable(spec: str, what: str) -> Callable[..., Any]:
    """The callable `module:name` names (a study's observer factory or bot maker).

    :raises BadOptions: the module cannot be imported or the name is not callable.
    """
    module_name, _, attribute = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        raise BadOptions(f"{what} {spec!r}: cannot import {module_name!r} ({err})") from None
    found = getattr(module, attribute, None) if attribute else None
    if not callable(found):
        raise BadOptions(f"{what} {spec!r}: {attribute!r} is not a callable of {module_name}")
    return found  # type: ignore[no-any-return]


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if hasattr(value, "to_json"):
        return value.to_json()
    return str(value)


def option_types(study: Study) -> dict[str, type]:
    """The Python type of each `opt_` column of the study's rows."""
    load_plugins(study.plugins)
    game = get_game(study.game)
    return {f"opt_{name}": tp for name, tp, _, _ in option_fields(game.options_type)}


def time_first_games(study: Study, budget: float = 0.2, most: int = 3) -> tuple[float, list[Row]]:
    """Seconds per game of the study's first point, measured on its first few games in this
    process, and their rows: they are the study's own games, which a run need not play again."""
    started = time.perf_counter()
    rows: list[Row] = []
    while len(rows) < most and (not rows or time.perf_counter() - started < budget):
        rows += run_batch(study.to_json(), Batch(0, 0, len(rows), len(rows) + 1))
    return (time.perf_counter() - started) / len(rows), rows


def choose_batch_size(seconds_per_game: float, total: int, parallelism: int) -> int:
    """Games per task: at least 50 ms of work (so tasks are worth sending), at most about 2 s
    (so progress and resume stay fine-grained), aiming at eight tasks per worker in between."""
    per_game = max(seconds_per_game, 1e-6)
    least = math.ceil(0.05 / per_game)
    most = max(1, math.ceil(2.0 / per_game))
    balanced = math.ceil(total / max(1, parallelism * 8))
    return max(1, min(total, max(least, min(balanced, most))))


ProgressFn = Callable[[int, int], None]
