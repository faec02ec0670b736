"""The Opera position: compact fields, hand-written clone, and the protocol methods.

The rules live in `rules/`; this module dispatches to them by decision step and move kind.
"""

from __future__ import annotations

from typing import Any

from parlor.core import Commits, Event, Move, Result, Rng, State
from parlor.core.markers import Markers
from parlor.core.rng import SharedRng, seed_later, share_rng

from . import view as view_mod
from .board import NOHALL, OFFSET, PIECE_COMPOSER, TOTAL_HALLS
from .data import DATA, OperaData
from .moves import Bid
from .options import OperaOptions
from .rules import budget, flow, legal
from .scoring import result
from .steps import BID, CATEGORIES, OVER

_SLOTS = ("players", "options", "_rng", "round", "step", "fame", "draw", "discard", "display",
          "palazzo", "episode_pieces", "money", "score", "points", "row", "slot", "supply", "house", "halls",
          "figures", "role_by", "roles_used", "passed", "commits", "bids", "actor", "chooser",
          "role", "uses", "following", "queue", "locked", "seating",
          "critico_move")


class OperaState(State):
    __slots__ = (*_SLOTS, "_rng_shared", "data", "_cache_seat", "_cache")
    rng = SharedRng()  # shared with clones until one draws

    def __init__(self, players: int, options: OperaOptions, rng: Rng) -> None:
        self.data: OperaData = DATA
        self.players = players
        self.options = options
        self.rng = rng
        self.round = 1
        self.step = BID
        self.fame: list[int] = list(range(1, len(DATA.composers) + 1))  # position per composer
        self.draw: list[int] = []           # draw pile, top = last
        self.discard: list[int] = []
        self.display: list[int] = []
        self.palazzo: list[int] = []
        self.episode_pieces: tuple[int, ...] = ()
        self.money = [0] * players
        self.score = [0] * players
        self.points = [[0] * len(CATEGORIES) for _ in range(players)]
        self.row = [0] * players
        self.slot = [s + 1 for s in range(players)]
        self.supply: list[list[int]] = [[] for _ in range(players)]
        self.house = [[0] * len(DATA.cities) for _ in range(players)]   # house index, 0 = none
        self.halls = [[NOHALL] * TOTAL_HALLS for _ in range(players)]
        self.figures = [-1, -1, -1]         # Maestro, Critico, Esperto: city or START
        self.role_by = [-1] * len(DATA.roles)
        self.roles_used = [0] * players
        self.passed = [False] * players
        self.commits: Commits | None = None
        self.bids: list[int] | None = None  # the last revealed bids (public, OP-6.3)
        self.actor = -1
        self.chooser = -1
        self.role = -1
        self.uses = 0
        self.following = False
        self.queue: list[int] = []
        self.locked: list[int] = []
        self.seating: tuple[int, ...] = tuple(range(players))   # seats in seating order (OP-4.3)
        self.critico_move: tuple[int, int, int] | None = None   # seat, composer, steps
        self._cache_seat = -1
        self._cache: list[Move] | None = None

    # -- protocol -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.step == OVER:
            return ()
        if self.step == BID:
            assert self.commits is not None
            return self.commits.pending()
        return (self.actor,)

    def legal_moves(self, seat: int) -> list[Move]:
        if self._cache is not None and self._cache_seat == seat:
            return list(self._cache)
        if seat not in self.actors():
            return []
        moves = legal.moves(self, seat)
        self._cache_seat, self._cache = seat, moves
        return list(moves)

    def is_legal(self, seat: int, move: Move) -> bool:
        if self._cache is None or self._cache_seat != seat:
            self.legal_moves(seat)
        assert self._cache is not None
        return move in self._cache

    def why_illegal(self, seat: int, move: Move) -> str:
        return legal.why_illegal(self, seat, move)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._cache = None
        return flow.apply(self, seat, move)

    def result(self) -> Result:
        return result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view_mod.view(self, seat)

    # -- helpers used by the rules ----------------------------------------------------------
    def value(self, piece: int) -> int:
        """OP-3.2: a composer piece is worth its composer's fame position; a house piece 0."""
        composer = PIECE_COMPOSER[piece]
        return self.fame[composer] if composer >= 0 else 0

    def order(self) -> list[int]:
        """OP-3.6: turn order, row descending then slot ascending."""
        row, slot = self.row, self.slot
        return sorted(range(self.players), key=lambda s: (-row[s], slot[s]))

    def owns_house(self, seat: int, city: int) -> bool:
        return self.house[seat][city] != 0

    def house_halls(self, seat: int, city: int) -> list[int]:
        """The built halls of `seat`'s house in `city` (pieces or EMPTY), hall 1 first."""
        start = OFFSET[city]
        halls = self.halls[seat][start:start + self.data.cities[city].max_halls]
        return [h for h in halls if h != NOHALL]

    def performed(self, seat: int, city: int) -> int:
        """OP-11.1: pieces performed in a house (house-composer piece included)."""
        return sum(1 for h in self.house_halls(seat, city) if h >= 0)

    def add_points(self, seat: int, category: int, vp: int) -> None:
        self.score[seat] += vp
        self.points[seat][category] += vp

    # -- copying ---------------------------------------------------------------------------
    def clone(self) -> OperaState:
        c = OperaState.__new__(OperaState)
        c.data = self.data
        c.players = self.players
        c.options = self.options
        share_rng(self, c)
        c.round = self.round
        c.step = self.step
        c.fame = list(self.fame)
        c.draw = list(self.draw)
        c.discard = list(self.discard)
        c.display = list(self.display)
        c.palazzo = list(self.palazzo)
        c.episode_pieces = self.episode_pieces
        c.money = list(self.money)
        c.score = list(self.score)
        c.points = [list(p) for p in self.points]
        c.row = list(self.row)
        c.slot = list(self.slot)
        c.supply = [list(p) for p in self.supply]
        c.house = [list(h) for h in self.house]
        c.halls = [list(h) for h in self.halls]
        c.figures = list(self.figures)
        c.role_by = list(self.role_by)
        c.roles_used = list(self.roles_used)
        c.passed = list(self.passed)
        c.commits = self.commits.clone() if self.commits is not None else None
        c.bids = list(self.bids) if self.bids is not None else None
        c.actor = self.actor
        c.chooser = self.chooser
        c.role = self.role
        c.uses = self.uses
        c.following = self.following
        c.queue = list(self.queue)
        c.locked = list(self.locked)
        c.seating = self.seating
        c.critico_move = self.critico_move
        c._cache_seat = -1
        c._cache = None
        return c

    def __getstate__(self) -> dict[str, Any]:
        """Pickled form (fingerprints): every rules field; not the shared data or the cache."""
        return {name: getattr(self, name) for name in _SLOTS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.data = DATA
        self._rng_shared = False
        self._cache_seat = -1
        self._cache = None

    # -- hidden information ----------------------------------------------------------------
    def hidden_from(self, seat: int | None) -> list[int]:
        """Seats whose money / supply `seat` may not see (OP-15.1)."""
        return [s for s in range(self.players) if s != seat]

    def redetermine(self, seat: int, rng: Rng) -> OperaState:
        """Resample what `seat` cannot know: the draw pile's order, the others' sealed bids and
        future chance. Money and supplies are kept: every change to them is announced by public
        events (bids revealed, prices, incomes, purchases from the public display, hall moves),
        so they are fixed by what `seat` has seen; screens hide them only from memory."""
        c = self.clone()
        seed_later(c, rng.getrandbits(64))  # made when the rules first draw (a reshuffle, OP-12.4)
        rng.shuffle(c.draw)
        if c.commits is not None:
            for s in range(c.players):
                if s != seat and c.commits.committed(s):
                    c.commits.moves[s] = rng.choice(budget.legal_bids(c, s))
        return c

    def plant_markers(self, seat: int | None) -> list[int | str]:
        mark = Markers()

        self.draw = [mark() for _ in self.draw]
        for s in self.hidden_from(seat):
            if self.options.hidden_money:
                self.money[s] = mark()
            if self.options.hidden_supply:
                self.supply[s] = [mark() for _ in self.supply[s]]
            if self.commits is not None and self.commits.committed(s):
                self.commits.moves[s] = Bid(mark())
        self._cache = None
        return mark.planted

