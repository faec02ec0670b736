"""The Opera game: options, setup (OP-4), scenarios, heuristic and statistics."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from parlor.core import BadOptions, BotSettings, Event, Game, LiveScore, Rng, SearchSettings

from . import heuristics
from .board import CITIES
from .data import DATA
from .moves import CATALOG
from .options import OperaOptions
from .public import public_data
from .rules import budget, endround, fame
from .rules.endround import round_started
from .scenario import build
from .setup import draw_episode_composers, seat_players
from .state import OperaState
from .steps import CATEGORIES

STANDARD = OperaOptions()


def check_options(opt: OperaOptions) -> None:
    """Values the dataclass cannot check by type. :raises BadOptions:"""
    for f in dataclasses.fields(opt):
        choices = f.metadata.get("choices", ())
        if choices and getattr(opt, f.name) not in choices:
            raise BadOptions(f"option {f.name} must be one of {', '.join(choices)}")
    if not 0 <= opt.min_bid <= DATA.max_bid:
        raise BadOptions(f"option min_bid must be between 0 and {DATA.max_bid} (OP-6.2)")
    if not opt.bank_unlimited:
        raise BadOptions("option bank_unlimited=false is not supported: the data gives the "
                         "physical bank as 54 coins of 1 and 5 but not its ducat value (OP-2.9)")


class Opera(Game[OperaState]):
    id = "opera"
    title = "Opera"
    description = ("Build opera houses across Europe, buy and perform the works of six "
                   "composers and steer their fame over nine rounds.")
    min_players = 2
    max_players = 4
    options_type = OperaOptions
    moves = CATALOG
    move_bound = 50_000
    categories: ClassVar[tuple[str, ...]] = CATEGORIES
    # OP-16.2 the designer's short game; OP-15.1 everything on the table for a teaching game
    presets = {"short": {"short_game_7_rounds": True},
               "open": {"hidden_money": False, "hidden_supply": False}}
    live_score = LiveScore("score", parts="points")
    # Measured at 2 players against greedy (docs/status/bots.md): depth 20 did best for long
    # searches (1000 iterations); the levels judge the tree's leaves at once (depth 0), by
    # differences from the search's mean, among greedy's three best moves at the root. The expert
    # level's five trees weigh greedy's six best root moves: greedy's third best is too often not
    # the move to play (against `hard`, five trees of three root moves won 47%, of six 76%).
    # At three and four players the opponents' moves too are only greedy's three best (at every
    # node): with two opponents to model, 200 iterations spread over all their moves were too
    # thin (against greedy seats at 3 players, about 200 games each: 49.8% that way, 58.7% this way).
    bot_settings = BotSettings(depth=20, tuned=SearchSettings(depth=0, center=True, candidates=3),
                               tuned_multiplayer=SearchSettings(depth=0, center=True, candidates=3,
                                                                everywhere=True),
                               expert=SearchSettings(depth=0, center=True, candidates=6))

    def make_options(self, options: Any = None) -> Any:
        """The standard options are built once (setup is called for every playout)."""
        if options is None:
            return STANDARD
        return super().make_options(options)

    def _setup(self, players: int, seed: int, options: OperaOptions) -> OperaState:
        if options is not STANDARD:
            check_options(options)
        s = OperaState(players, options, Rng(seed))
        order = list(range(len(DATA.composers)))
        s.rng.shuffle(order)                                   # OP-4.5
        for pos, composer in enumerate(order):
            s.fame[composer] = pos + 1
        s.draw = list(range(len(DATA.piece_ids)))              # OP-4.6
        s.rng.shuffle(s.draw)
        draw_episode_composers(s)
        endround.draw_display(s)                               # OP-4.10
        seating = list(range(players))                         # OP-4.3 (drawn last so that
        s.rng.shuffle(seating)                                 # the piles do not depend on it)
        seat_players(s, tuple(seating))
        budget.open_bids(s)
        return s

    def opening_events(self, state: OperaState) -> list[Event]:
        """OP-5: the setup begins round 1 (the log says so as it says each round after)."""
        return [round_started(state)]

    def scenario(self, spec: dict[str, Any]) -> OperaState:
        return build(self, spec)

    def public_data(self) -> dict[str, Any]:
        return public_data()

    def heuristic(self, state: OperaState, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def heuristic_all(self, state: OperaState, players: int) -> list[float]:
        return heuristics.heuristic_all(state)

    def statistics(self, state: OperaState) -> dict[str, Any]:
        """Per seat: houses per city, VP by category, money left; the final ladder."""
        return {
            "houses": [[c for i, c in enumerate(CITIES) if state.house[p][i]]
                       for p in range(state.players)],
            "points": [dict(zip(CATEGORIES, state.points[p], strict=True))
                       for p in range(state.players)],
            "money_left": list(state.money),
            "ladder": fame.ladder(state),
        }
