"""The Skyrise game: setup (SK-3), scenarios (docs/scenarios/skyrise.md), heuristic, statistics."""

from __future__ import annotations

from typing import Any

from parlor.core import BadScenario, BotSettings, DataError, Event, Game, LiveScore, Rng, SearchSettings
from parlor.core.scenario import common, reject_unknown

from . import heuristics
from .const import PIECES, WONDER_K
from .data import DATA, Data
from .layout import make_layout
from .moves import CATALOG
from .options import Options
from .public import public_data
from .rules import auction
from .rules.auction import auction_started
from .scenario import apply_spec
from .state import SkyriseState

DEFAULT_OPTIONS = Options()
SCENARIO_KEYS = ("layout", "era", "first_bidder", "structures", "kept", "hands", "objectives",
                 "discs", "tracks", "excess", "patrons", "commissions", "patron_values",
                 "points", "finished", "panoramas")


class Skyrise(Game[SkyriseState]):
    id = "skyrise"
    title = "Skyrise"
    description = "Spatial auctions over a city of islands (Roxley Games)."
    min_players = DATA.min_players
    max_players = DATA.max_players
    options_type = Options
    moves = CATALOG
    # at most 13 auctions per seat; an auction has at most one bid per neighborhood, one pass per
    # seat and four follow-up decisions (Hammer, wild, Kahn/Vault, wild); plus the wonder choice
    move_bound = 4 * PIECES * (60 + 4 + 4) + 4
    live_score = LiveScore("prestige", parts="points")
    # Measured at 2 players against greedy (docs/status/bots.md): random rollouts of 30 moves did
    # better here than judging the tree's leaves at once.
    bot_settings = BotSettings(depth=30, tuned=SearchSettings(depth=30))

    def __init__(self, data: Data = DATA) -> None:
        self.data = data

    def make_options(self, options: Any = None) -> Any:
        """The default options are built once (setup runs for every playout)."""
        if options is None:
            return DEFAULT_OPTIONS
        return super().make_options(options)

    # -- setup ------------------------------------------------------------------------------
    def _setup(self, players: int, seed: int, options: Options) -> SkyriseState:
        return self._build(players, seed, options, None)

    def _build(self, players: int, seed: int, options: Options,
               placement: dict[str, str] | None) -> SkyriseState:
        """SK-3 with the random steps in the order of SK-3.12."""
        data = self.data
        rng = Rng(seed)
        board = data.board
        outer = [i.id for i in board.islands if i.kind == "outer"]
        slots = [s.id for s in board.slots]
        rng.shuffle(outer)
        rng.shuffle(slots)
        if placement is None:
            placement = dict(zip(slots[:players], outer[:players], strict=True))
        layout = make_layout(board, placement)
        st = SkyriseState(players, layout, options, rng, data)
        bag = self._bag(players)
        if len(bag) != len(layout.nbs):
            raise DataError(f"discs.toml [bag.p{players}]: {len(bag)} discs for "
                            f"{len(layout.nbs)} neighborhoods in play")
        rng.shuffle(bag)
        for neighborhood, d in zip(layout.nbs, bag, strict=True):
            st.discs[neighborhood] = d
        values = list(data.patron_values)
        rng.shuffle(values)
        st.patron_values = values
        cards = list(range(len(data.panoramas)))
        rng.shuffle(cards)
        st.panoramas = tuple(cards[:data.panoramas_in_play])
        deck = list(range(len(data.wonders)))
        rng.shuffle(deck)
        for _ in range(data.setup[players].wonder_cards_each):
            for s in range(players):
                st.hands[s].append(deck.pop(0))
        objectives = list(range(len(data.objectives)))
        rng.shuffle(objectives)
        for s in range(players):
            st.objectives[s] = objectives.pop(0)
        st.first_bidder = rng.randrange(players)
        auction.start_auction(st, [])
        return st

    def _bag(self, players: int) -> list[int]:
        """SK-3.3: the bag contents for this player count, as disc type indices."""
        bag = self.data.bags[players]
        out: list[int] = []
        for i, dt in enumerate(self.data.disc_types):
            count = {"neighborhood": bag.per_colour, "patron": bag.per_letter, "wild": bag.wild,
                     "commission": bag.commission}[dt.kind]
            out.extend([i] * count)
        if len(out) != bag.total:
            raise DataError(f"discs.toml [bag.p{players}]: contents add up to {len(out)}, "
                            f"not total = {bag.total}")
        return out

    # -- scenarios ----------------------------------------------------------------------------
    def opening_events(self, state: SkyriseState) -> list[Event]:
        """SK-5.1: the setup opens auction 1 (the log says so as it says each auction after)."""
        return [auction_started(state)]

    def scenario(self, spec: dict[str, Any]) -> SkyriseState:
        """A position from a compact description; keys in docs/scenarios/skyrise.md."""
        reject_unknown(spec, SCENARIO_KEYS)
        players, seed, options = common(spec, 4)
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise BadScenario(f"'players' must be {self.min_players} to {self.max_players}")
        placement = _placement(self.data, spec.get("layout"), players)
        st = self._build(players, seed, self.make_options(options), placement)
        apply_spec(st, spec)
        return st

    def public_data(self) -> dict[str, Any]:
        return public_data(self.data)

    # -- bots and studies -------------------------------------------------------------------
    def heuristic(self, state: SkyriseState, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def heuristic_all(self, state: SkyriseState, players: int) -> list[float]:
        return heuristics.heuristic_all(state)

    def statistics(self, state: SkyriseState) -> dict[str, Any]:
        data = state.data
        return {
            "layout": [list(p) for p in state.layout.placement],
            "panoramas": [data.panoramas[i].id for i in state.panoramas],
            "kept_wonders": [data.wonders[k].id if k >= 0 else None for k in state.kept],
            "wonders_built": [state.built[s * PIECES + WONDER_K] for s in range(state.players)],
            "finish_order": list(state.finish_order),
            "auctions": state.auctions,
            "prestige": list(state.prestige),
        }


def _placement(data: Data, layout: Any, players: int) -> dict[str, str] | None:
    if layout is None:
        return None
    if layout == "reference":
        layout = f"reference_{players}p"
    if isinstance(layout, str):
        if layout not in data.board.layouts:
            raise BadScenario(f"'layout': unknown layout {layout!r} "
                              f"(known: reference, {', '.join(data.board.layouts)})")
        layout = data.board.layouts[layout]
    if not isinstance(layout, dict) or len(layout) != players:
        raise BadScenario(f"'layout' must place {players} outer islands (slot -> island)")
    try:
        make_layout(data.board, layout)
    except ValueError as err:
        raise BadScenario(f"'layout': {err}") from None
    return dict(layout)

