"""The Opera game: options, setup (OP-4), scenarios, heuristic and statistics."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from parlor.core import BadOptions, BotSettings, Game, LiveScore, Rng, SearchSettings

from . import heuristics
from .board import CITIES, HOUSE, PARTS_BY, PIECE_COMPOSER, flat
from .data import DATA
from .moves import CATALOG
from .options import OperaOptions
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


def draw_episode_composers(s: OperaState) -> None:
    """OP-4.6: draw until pieces of 3 different composers are found; repeats go back."""
    chosen: list[int] = []
    back: list[int] = []
    while len(chosen) < len(DATA.episode_bonus):
        piece = s.draw.pop()
        if PIECE_COMPOSER[piece] in {PIECE_COMPOSER[c] for c in chosen}:
            back.append(piece)
        else:
            chosen.append(piece)
    if back:
        s.draw.extend(back)
        s.rng.shuffle(s.draw)
    s.episode_pieces = tuple(chosen)


def give_venezia(s: OperaState, seat: int, house: int) -> None:
    """OP-4.7: the k-th player in seating order takes venezia_main_k and puts their
    house-composer piece in its hall 1."""
    venezia = CITIES.index("venezia")
    part = PARTS_BY[(venezia, house, "main")]
    s.house[seat][venezia] = part.house
    s.halls[seat][flat(venezia, part.hall_numbers[0])] = HOUSE + seat


def seat_players(s: OperaState, seating: tuple[int, ...]) -> None:
    """OP-4.3, OP-4.7 - OP-4.9 for a seating order (`seating[0]` is the start player): the
    k-th player (k = 0, 1, ...) gets colour k, Venezia house k + 1, budget slot k + 1 in row 0
    and 20 + k ducats."""
    s.seating = seating
    for k, seat in enumerate(seating):
        give_venezia(s, seat, k + 1)                           # OP-4.7
        s.row[seat], s.slot[seat] = 0, k + 1                   # OP-4.8
        s.money[seat] = DATA.money_seat_1 + k * DATA.money_increment   # OP-4.9


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
    # differences from the search's mean, among greedy's three best moves at the root.
    bot_settings = BotSettings(depth=20, tuned=SearchSettings(depth=0, center=True, candidates=3))

    def make_options(self, options: Any = None) -> Any:
        """The standard options are built once (setup is called for every playout)."""
        if options is None:
            return STANDARD
        return super().make_options(options)

    def _setup(self, players: int, seed: int, options: OperaOptions) -> OperaState:
        from .rules import budget, endround
        if options is not STANDARD:
            check_options(options)
        s = OperaState(players, options, Rng(seed))
        order = list(range(len(DATA.composers)))
        s.rng.shuffle(order)                                   # OP-4.5
        for pos, comp in enumerate(order):
            s.fame[comp] = pos + 1
        s.draw = list(range(len(DATA.piece_ids)))              # OP-4.6
        s.rng.shuffle(s.draw)
        draw_episode_composers(s)
        endround.draw_display(s)                               # OP-4.10
        seating = list(range(players))                         # OP-4.3 (drawn last so that
        s.rng.shuffle(seating)                                 # the piles do not depend on it)
        seat_players(s, tuple(seating))
        budget.open_bids(s)
        return s

    def scenario(self, spec: dict[str, Any]) -> OperaState:
        from .scenario import build
        return build(self, spec)

    def public_data(self) -> dict[str, Any]:
        from .public import public_data
        return public_data()

    def heuristic(self, state: OperaState, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def heuristic_all(self, state: OperaState, players: int) -> list[float]:
        return heuristics.heuristic_all(state)

    def statistics(self, state: OperaState) -> dict[str, Any]:
        """Per seat: houses per city, VP by category, money left; the final ladder."""
        from .rules import characters
        return {
            "houses": [[c for i, c in enumerate(CITIES) if state.house[p][i]]
                       for p in range(state.n)],
            "points": [dict(zip(CATEGORIES, state.points[p], strict=True))
                       for p in range(state.n)],
            "money_left": list(state.money),
            "ladder": characters.ladder(state),
        }
