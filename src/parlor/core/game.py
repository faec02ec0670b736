"""The core protocol: a `Game` makes `State`s; a state says who acts, what they may do, and plays it.

Every game package subclasses both. The server, CLI, bots and simulations use nothing else.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import inspect
import pickle
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .bot_settings import BotSettings
from .errors import BadOptions, IllegalMove, NotYourTurn
from .events import Event
from .moves import Move, MoveCatalog
from .options import NoOptions, options_from_json
from .result import Result
from .rng import Rng
from .score_pad import ScorePad
from .setup_guide import SetupGuide
from .text import Catalog, load_catalogs

S = TypeVar("S", bound="State")
_catalog_cache: dict[str, dict[str, Catalog]] = {}


class State(ABC):
    """A position. Mutable: `play` changes it in place; `clone` gives an independent copy.

    Subclasses declare `__slots__`, keep compact fields (ints, tuples, small lists), and write
    `clone` by hand, naming every field.
    """

    __slots__ = ()

    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """Seats that must decide now; several = a simultaneous decision; () = the game is over."""

    @abstractmethod
    def legal_moves(self, seat: int) -> list[Move]:
        """The moves `seat` may play now, in a fixed order; never empty for an actor."""

    def play(self, seat: int, move: Move) -> list[Event]:
        """Play `move` for `seat` and return what happened.

        :raises NotYourTurn: `seat` is not an actor.
        :raises IllegalMove: the rules forbid `move`; the state is unchanged.
        """
        self.check(seat, move)
        return self._apply(seat, move)

    def check(self, seat: int, move: Move) -> None:
        """Raise exactly as `play` would, without playing."""
        if seat not in self.actors():
            if self.is_over():
                raise NotYourTurn(f"the game is over; seat {seat} cannot move")
            raise NotYourTurn(f"seat {seat} is not deciding now (deciding: {list(self.actors())})")
        if not self.is_legal(seat, move):
            raise IllegalMove(self.why_illegal(seat, move))

    def is_legal(self, seat: int, move: Move) -> bool:
        """Whether `move` is legal for an acting `seat`; games may override with a faster test."""
        return move in self.legal_moves(seat)

    def why_illegal(self, seat: int, move: Move) -> str:
        """A sentence naming the rule that forbids `move`; games override to cite rule IDs."""
        return f"{move} is not a legal move for seat {seat} now"

    @abstractmethod
    def _apply(self, seat: int, move: Move) -> list[Event]:
        """Carry out a move already known to be legal, then advance to the next decision."""

    def advance(self, seat: int, move: Move) -> None:
        """Carry out `move` exactly as `_apply` does, for a caller that reads no events (a search's
        rollouts and one-ply rankings): the same position, the same draws of the generator. Games
        override it to skip building the events; the default builds and drops them."""
        self._apply(seat, move)

    def random_move(self, seat: int, rng: Rng) -> Move:
        """A move of `seat` drawn exactly as ``rng.choice(self.legal_moves(seat))`` draws it, and
        without a draw when there is only one (a search's random rollouts). Games may override it
        to draw without listing the moves: the same move, from the same draws."""
        moves = self.legal_moves(seat)
        return moves[0] if len(moves) == 1 else rng.choice(moves)

    def is_over(self) -> bool:
        return not self.actors()

    @abstractmethod
    def result(self) -> Result:
        """Final scores, breakdown and ranking; only meaningful once `is_over()`."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` (None = spectator) may know, JSON-ready, built by whitelisting."""

    @abstractmethod
    def clone(self: S) -> S:
        """A fast, fully independent copy (shares only frozen data)."""

    @abstractmethod
    def redetermine(self: S, seat: int, rng: Rng) -> S:
        """A copy where everything hidden from `seat` is resampled consistently with its view."""

    @abstractmethod
    def plant_markers(self, seat: int | None) -> list[int | str]:
        """Test hook for the conformance kit: overwrite, in place, every value hidden from `seat`
        with a distinctive marker and return the markers. No view of `seat` may contain one."""

    def fingerprint(self) -> str:
        """A digest of the whole state, hidden parts included (used to prove independence)."""
        return hashlib.sha256(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL)).hexdigest()


class LabPages(Protocol):
    """A game's design-lab sections of `parlor report`, read for a lab's directory (one holding
    lab.json), in the report's language (`lang`: en, zh_TW or es); a module with these names will do."""

    SHOWN_ELSEWHERE: tuple[str, ...]          # statistics the lab's own sections show

    def title(self, lang: str) -> str:
        """The page's heading."""

    def statistic_labels(self, lang: str) -> dict[str, str]:
        """Declared statistic -> its label."""

    def lab_sections(self, lab: dict[str, Any], fair: float, lang: str) -> list[tuple[str, str, list[str]]]:
        """The lab's own sections: (anchor, heading, HTML parts)."""

    def statistic_values(self, lab: dict[str, Any], lang: str) -> dict[str, dict[str, str]]:
        """Per statistic, the names of its values."""

    def policy_name(self, name: str, lang: str) -> str:
        """A lab policy's name (the report's "bots") in words."""


@dataclass(frozen=True, slots=True)
class LiveScore:
    """Where a game's views keep a number for each seat, for the table's player panels (its running
    score) or the chart of a finished game (`Game.course_score`): each entry of the view's list
    `entries` (`players` unless the game names another) holds it under `score`, and its parts (a
    mapping of numbers, shown as a breakdown) under `parts` when the game has them. With `listed`,
    `score` names a list of numbers in seat order at the top of the view instead. `label` is the key
    of the game's catalog [ui] word for what the number counts, where it is not a score (Star Road's
    `hp`): the chart's title names it.

    >>> LiveScore("fame").to_json()
    {'score': 'fame', 'parts': None, 'listed': False, 'entries': 'players', 'label': None}
    """

    score: str
    parts: str | None = None
    listed: bool = False
    entries: str = "players"
    label: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {"score": self.score, "parts": self.parts, "listed": self.listed, "entries": self.entries,
                "label": self.label}

    def read(self, view: dict[str, Any]) -> list[float] | None:
        """Each seat's running score in `view`, in seat order (an entry's `seat` places it, else its
        position); None when the view does not hold them (the web client's `liveScores` reads alike).

        >>> LiveScore("fame").read({"players": [{"seat": 1, "fame": 4}, {"seat": 0, "fame": 7}]})
        [7, 4]
        >>> LiveScore("scores", listed=True).read({"scores": [3, 5]}), LiveScore("fame").read({})
        ([3, 5], None)
        >>> LiveScore("hp", entries="seats").read({"players": 2, "seats": [{"hp": 8}, {"hp": 0}]})
        [8, 0]
        """
        found = view.get(self.score if self.listed else self.entries)
        if not isinstance(found, list) or not found:
            return None
        if self.listed:
            return list(found) if all(_is_number(x) for x in found) else None
        if not all(isinstance(entry, dict) and _is_number(entry.get(self.score)) for entry in found):
            return None
        seats = [entry.get("seat", index) for index, entry in enumerate(found)]
        if sorted(seats) != list(range(len(found))):
            return None
        scores: list[float] = [0] * len(found)
        for seat, entry in zip(seats, found, strict=True):
            scores[seat] = entry[self.score]
        return scores


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class Game(ABC, Generic[S]):
    """One instance per game, registered under `id`."""

    id: ClassVar[str]
    title: ClassVar[str]
    description: ClassVar[str] = ""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str] = "1"
    options_type: ClassVar[type] = NoOptions
    moves: ClassVar[MoveCatalog]
    move_bound: ClassVar[int] = 10_000  # no game of any size lasts longer (termination check)
    # Option sets, besides the defaults, that change the rules enough for the conformance kit to
    # play them too (an expansion, a variant with other hidden information).
    variants: ClassVar[tuple[dict[str, Any], ...]] = ()
    # Named option sets offered together in the lobby (labels in the catalogs' [presets]), such as the
    # house rules of the user's notes where they read a rule differently from the published rules.
    presets: ClassVar[dict[str, dict[str, Any]]] = {}
    # Options the lobby shows but does not let anyone choose (their data is incomplete, say); setup
    # refuses them with the reason.
    unavailable_options: ClassVar[frozenset[str]] = frozenset()
    # How the search bots play the game (parlor.ai): its rollout depth and the settings measured
    # best for it. The default is sound but untuned; a game states its own once measured.
    bot_settings: ClassVar[BotSettings] = BotSettings()
    # Where its views keep the running scores the table shows beside each player; None: it shows
    # none while the game runs (the final result is shown either way).
    live_score: ClassVar[LiveScore | None] = None
    # What the chart of a finished game follows (core/score_course.py) where it is not the live score:
    # Star Road keeps no score (its panels show each character's HP), and its chart follows the HP.
    # None: the live score, if any.
    course_score: ClassVar[LiveScore | None] = None

    def charted_score(self) -> LiveScore | None:
        """What the chart of a finished game's course follows: `course_score`, else the live score;
        None: the game draws no chart."""
        return self.course_score or self.live_score

    def setup(self, players: int, seed: int, options: Any = None) -> S:
        """A new game for `players` seats from `seed`; options as a dataclass, a dict or None."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.id} is for {self.min_players} to {self.max_players} players, not {players}",
                reason="player_count", game=self.id, min=self.min_players, max=self.max_players, n=players,
            )
        return self._setup(players, seed, self.make_options(options))

    def make_options(self, options: Any = None) -> Any:
        if options is None or isinstance(options, dict):
            return options_from_json(self.options_type, options)
        if not isinstance(options, self.options_type):
            raise BadOptions(f"options for {self.id} must be {self.options_type.__name__}")
        return options

    @abstractmethod
    def _setup(self, players: int, seed: int, options: Any) -> S:
        """Build the opening position (options already validated)."""

    @abstractmethod
    def scenario(self, spec: dict[str, Any]) -> S:
        """A position from a compact description (see docs/scenarios/<game>.md)."""

    def opening_events(self, state: S) -> list[Event]:
        """What the log tells before the first move, of `state` just set up: a round or an auction
        the setup already began (Opera's "Round 1 begins"). None by default: a game whose setup
        asks its players tells its start with those moves' events."""
        return []

    @abstractmethod
    def heuristic(self, state: S, seat: int) -> float:
        """How good `state` looks for `seat`, roughly in points; used by greedy and search bots.
        Must use only what `state.view(seat)` shows."""

    def heuristic_all(self, state: S, players: int) -> list[float]:
        """`heuristic(state, seat)` of every seat, in seat order, for a search judging a position
        for all of them at once; games override it to compute the totals every seat's value
        shares only once (each value must still read only what its own seat may see)."""
        return [self.heuristic(state, seat) for seat in range(players)]

    def judge_all(self, state: S, players: int) -> list[float]:
        """What a search's cut-off at `state` is worth to every seat, in seat order: `heuristic_all`
        unless the game judges a search's positions otherwise (a worth fitted to the search's own
        games, where the heuristic that steers greedy play foretells the end badly). The same
        rule holds: each value reads only what its own seat may see."""
        return self.heuristic_all(state, players)

    def heuristic_after(self, world: S, seat: int, moves: list[Move]) -> dict[Move, float]:
        """`heuristic` for `seat` of the position each of `moves` (legal for `seat` in `world`)
        leads to, for those the game can judge together without playing each on its own copy of
        `world` (what their positions share worked out once): a one-ply ranking of the moves
        calls it first and plays the others. Only moves after which the game goes on may be
        judged here; `world` must be as it was when this returns. The default judges none."""
        return {}

    def parse(self, text: str) -> Move:
        """A move from its notation. :raises BadMove:"""
        return self.moves.parse(text)

    def move_from_json(self, data: Any) -> Move:
        """A move from its JSON form. :raises BadMove:"""
        return self.moves.from_json(data)

    def cli_commands(self) -> tuple[Callable[[Any], None], ...]:
        """The game's own commands for the `parlor` CLI: each function adds its commands to the
        Typer app it is given (Star Road's design lab: `parlor starroad ...`). Most have none."""
        return ()

    def lab_pages(self) -> LabPages | None:
        """The report sections of the game's design lab, or None: it has no lab."""
        return None

    def package_module(self, name: str) -> ModuleType | None:
        """The module `name` of the game's own package (`sheet` of Opera: `parlor.games.opera.sheet`),
        imported, or None where the package has none. A game offers its companion parts by having
        the modules that hold them (`pad`, `sheet`, `rl_actions`), each loaded when first asked for."""
        found = self._package_module_name(name)
        return importlib.import_module(found) if found is not None else None

    def has_package_module(self, name: str) -> bool:
        """Whether the game's own package has the module `name`, told without importing it (a list
        of the games with a score pad loads none of the pads)."""
        return self._package_module_name(name) is not None

    def _package_module_name(self, name: str) -> str | None:
        """The first package along the class's ancestry that has `name`: a game made by subclassing
        another elsewhere (a test's marked Star Road in a script) keeps its parent's pad and sheet."""
        for cls in type(self).__mro__:
            if cls is Game or not issubclass(cls, Game):
                continue
            module = cls.__module__
            is_package = hasattr(sys.modules.get(module), "__path__")  # declared in its __init__.py
            package = module if is_package else module.rpartition(".")[0]
            if not package:  # a game written in a module of its own, outside a package
                continue
            full = f"{package}.{name}"
            if importlib.util.find_spec(full) is not None:
                return full
        return None

    def score_pad(self) -> ScorePad | None:
        """The score pad for a game played on a real table (`parlor score`, the web's tools page and
        `POST /api/tools/{id}/score`): `score_pad(game)` of the package's `pad` module, or None
        where it has none."""
        pad = self.package_module("pad")
        return pad.score_pad(self) if pad is not None else None

    def has_score_pad(self) -> bool:
        """Whether `score_pad` gives a pad, told without loading it."""
        return type(self).score_pad is not Game.score_pad or self.has_package_module("pad")

    def reference_sheet(self) -> dict[str, Any] | None:
        """What the game's printed reference sheet shows, JSON-ready and public (printed faces only),
        for the tools page (`GET /api/tools/{id}/sheet`): `sheet()` of the package's `sheet` module,
        or None where it has none."""
        sheet = self.package_module("sheet")
        return sheet.sheet() if sheet is not None else None

    def has_reference_sheet(self) -> bool:
        """Whether `reference_sheet` gives a sheet, told without loading it (the server offers the
        sheets of these games)."""
        return type(self).reference_sheet is not Game.reference_sheet or self.has_package_module("sheet")

    def setup_guide(self) -> SetupGuide | None:
        """What setting the game up on a real table needs by player count and options
        (`parlor.core.setup_guide`): `setup_guide(game)` of the package's `setup_guide` module, or
        None where it has none."""
        guide = self.package_module("setup_guide")
        return guide.setup_guide(self) if guide is not None else None

    def has_setup_guide(self) -> bool:
        """Whether `setup_guide` gives a guide, told without loading it."""
        return type(self).setup_guide is not Game.setup_guide or self.has_package_module("setup_guide")

    def tool_routes(self) -> tuple[Callable[[Any], None], ...]:
        """The game's own routes for the tools API: each function adds its routes to the FastAPI
        router of `/api/tools` it is given (Star Road's sheet of an author's own chart: `POST
        /api/tools/starroad/sheet`). Most have none."""
        return ()

    def action_catalogue(self) -> Callable[[int, Any], list[Any]] | None:
        """The game's action catalogue for parlor.rl's fixed action spaces: a function of the player
        count and the validated options giving its `parlor.rl.KindActions`, every value each move
        field can take: `action_catalogue` of the package's `rl_actions` module. None where it has
        none: no catalogue, unless `parlor.rl.register_actions` gives one."""
        actions = self.package_module("rl_actions")
        return actions.action_catalogue if actions is not None else None

    def catalogs(self) -> dict[str, Catalog]:
        """The game's text catalogs (en, zh_TW, es), read once from its package's `text/`."""
        cached = _catalog_cache.get(self.id)
        if cached is None:
            cached = load_catalogs(Path(inspect.getfile(type(self))).parent / "text")
            _catalog_cache[self.id] = cached
        return cached

    def title_in(self, lang: str) -> str:
        """The title players reading `lang` know the game by: its catalog's `[ui] title` where the
        user's documents give one (Traditional Chinese editions have their own), else `title`."""
        catalog = self.catalogs().get(lang)
        return catalog.ui.get("title", self.title) if catalog is not None else self.title

    def description_in(self, lang: str) -> str:
        """The one-sentence description in `lang` for the lobby: its catalog's `[ui] description`,
        else `description`."""
        catalog = self.catalogs().get(lang)
        return catalog.ui.get("description", self.description) if catalog is not None else self.description

    def public_data(self) -> dict[str, Any]:
        """What every component's printed face says (cards, tiles, board spaces), JSON-ready, keyed by
        the ids the views use. Public: served once per game to every client, never per view, so it must
        hold nothing a seat may not know (no deck order, no hidden values)."""
        return {}

    def rules_text(self, lang: str) -> str:
        """The rules summary in `lang` (Markdown: setup, round structure, scoring, with rule IDs), read
        from the package's `text/rules.<lang>.md`; empty when the game has none."""
        path = Path(inspect.getfile(type(self))).parent / "text" / f"rules.{lang}.md"
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""

    def statistics(self, state: S) -> dict[str, Any]:
        """Game-specific figures about a finished game, for simulation studies."""
        return {}

    def teams(self, state: S) -> tuple[str, ...] | None:
        """The team each seat plays for, in a game whose teams win or lose as a whole (every seat
        of a winning team ranks first); None when every seat plays for itself. Read from a
        finished game (the arena's paired measure counts a team's win once with it,
        sim/paired.py) or from a determinization (`State.redetermine`), whose hidden teams are
        dealt from what its seat sees (the search shares a team's reward among its seats with
        it, ai/rewards.py); never from the true state of a game under way, whose teams may be
        hidden."""
        return None

