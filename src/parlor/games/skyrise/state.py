"""The Skyrise position: compact fields, a hand-written clone, and the protocol entry points.

Pieces are numbered `pid = seat * 13 + k`: k = 0..11 the seat's buildings by increasing number,
k = 12 its wonder piece. Neighborhoods, disc types, wonder cards, panoramas and objectives are
indices into the frozen data (`data.py`) and the layout in play (`layout.py`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlor.core import Commits, Event, IllegalMove, Move, Result, Rng, State
from parlor.core.rng import SharedRng, share_rng

from . import scoring
from . import view as view_mod
from .const import CATEGORIES, CHOOSE, OPEN, OVER, PIECES, STEP_NONE, WONDER_K
from .data import DATA, Data
from .layout import Layout
from .options import Options
from .rules import auction, bidding, random_moves, turns
from .rules.move_tables import tables
from .rules.turns import apply, is_legal, reason, why_illegal

# the sharing flag, and the move tables (thousands of moves: found again from the data)
_NOT_PICKLED = frozenset(("_rng_shared", "move_tables"))


class SkyriseState(State):
    __slots__ = (
        "data", "layout", "options", "players", "alone", "clockwise", "_rng", "_rng_shared", "move_tables",
        "era", "phase", "to_act",
        "piece_neighborhood", "built", "unbuilt", "occupant", "discs",
        "tracks", "excess", "patrons", "commissions", "wilds",
        "prestige", "points",
        "patron_values", "panoramas", "hands", "kept", "objectives", "revealed",
        "finish_order", "first_bidder", "opener", "open_mode", "open_pieces", "open_neighborhoods",
        "opening_spots", "in_reach", "strength", "passed", "bids", "bid_count",
        "spots", "raisable", "may_bid_wonder",
        "winner", "won_piece", "step", "commits", "auctions", "hammer_neighborhood", "hammer_owner",
    )
    rng = SharedRng()  # shared with clones until one draws

    def __init__(self, players: int, layout: Layout, options: Options, rng: Rng,
                 data: Data = DATA) -> None:
        neighborhoods = len(data.board.neighborhoods)
        colours = len(data.board.colours)
        letters = len(data.patron_letters)
        self.data = data
        # every move a list holds, made once per data set (`move_tables.tables`), kept at hand:
        # a rollout's draws and lists read them at every move
        self.move_tables = tables(data)
        self.layout = layout
        self.options = options
        self.players = players
        self.alone = tuple((seat,) for seat in range(players))  # `actors` of each seat deciding alone
        self.clockwise = bidding.clockwise(players)  # per seat, the others from it (SK-5.3)
        self.rng = rng
        self.era = 1
        self.phase = OPEN
        self.to_act = 0
        self.piece_neighborhood = [-1] * (players * PIECES)   # where each piece stands, or -1
        self.built = [False] * (players * PIECES)
        # per seat: its buildings not constructed yet and unlocked in this era (SK-4.2), by
        # number, as `auction.unbuilt_buildings` finds them (kept by `resolve.end_auction` and at
        # each change of era; the rules list bids from it)
        self.unbuilt: list[tuple[int, ...]] = []
        self.occupant = [-1] * neighborhoods                   # the piece on each, or -1
        self.discs = [-1] * neighborhoods                      # the disc type on each, or -1
        self.tracks = [[0] * colours for _ in range(players)]
        self.excess = [[0] * colours for _ in range(players)]
        self.patrons = [[0] * letters for _ in range(players)]
        self.commissions = [0] * players
        self.wilds: list[list[int]] = [[] for _ in range(players)]
        self.prestige = [0] * players
        self.points = [[0] * len(CATEGORIES) for _ in range(players)]
        self.patron_values = [0] * letters
        self.panoramas: tuple[int, ...] = ()
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.kept = [-1] * players
        self.objectives = [0] * players
        self.revealed = [False] * players
        self.finish_order: list[int] = []
        self.first_bidder = 0
        self.opener = 0
        self.open_mode = 0
        # the opener's `auction.opening_pieces`, as `auction.start_auction` found them when it
        # chose the opener (its bids are listed or drawn from them; never changed in place)
        self.open_pieces: list[int] = []
        self.open_neighborhoods: tuple[int, ...] = ()   # where the current opening bid may go
        # the empty neighborhoods where an ordinary opening bid may go once the bids are back
        # (SK-5.2.1), in the layout's order (`layout.nbs`): on the central island or next to a
        # structure (`resolve.stand_structure` keeps it; an auction's start reads it)
        self.opening_spots = [nb for nb in layout.nbs if layout.central_mask[nb]]
        # per neighborhood of the board: whether it is in `opening_spots` (asked for each empty
        # neighbor of a new structure, where scanning the list cost more)
        self.in_reach = list(layout.central_mask)
        # per island of the layout, per seat: its constructed buildings there weighed by
        # `scoring.CONTROL_WEIGHT` (SK-10.1; a wonder is added when read, as only a built
        # Atelier counts), kept by `resolve.stand_structure`: `scoring.island_strength` reads it
        self.strength = [[0] * players for _ in layout.islands]
        self.passed = [False] * players
        self.bids: list[int] = []
        self.bid_count = 0
        # while an auction asks a bidder (phase BID): the empty neighbors of the most recent bid,
        # where a raise or a wonder bid may go (`auction.bid_spots`), as `bidding.next_turn`
        # found them when it handed the turn: the bidder's moves are listed or drawn from them.
        # A list never changed in place (clones share it)
        self.spots: list[int] = []
        # and what that bidder may bid there, found with them (`auction.bidder_offer`): its
        # raisable buildings (a slice, never changed) and whether it may bid its wonder
        self.raisable: Sequence[int] = ()
        self.may_bid_wonder = False
        self.winner = -1
        self.won_piece = -1
        self.step = STEP_NONE
        self.commits: Commits | None = None
        self.auctions = 0
        self.hammer_neighborhood = -1
        self.hammer_owner = -1
        auction.refresh_unbuilt(self)

    # -- protocol ---------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == CHOOSE:
            assert self.commits is not None
            return self.commits.pending()
        if phase == OVER:
            return ()
        return self.alone[self.to_act]

    # the rules' own function, bound as the method: one call fewer at every move of a rollout
    legal_moves = turns.legal_moves

    def play(self, seat: int, move: Move) -> list[Event]:
        """As `State.play`, with a shorter path for the one-seat decisions (speed)."""
        phase = self.phase
        if phase == CHOOSE or phase == OVER or seat != self.to_act:
            return super().play(seat, move)
        problem = reason(self, seat, move)
        if problem is not None:
            raise IllegalMove(problem)
        return apply(self, seat, move)

    def is_legal(self, seat: int, move: Move) -> bool:
        return is_legal(self, seat, move)

    def why_illegal(self, seat: int, move: Move) -> str:
        return why_illegal(self, seat, move)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        return apply(self, seat, move)

    # `carry_out` without events (its default), bound as the method like `legal_moves`
    advance = turns.carry_out
    # drawn without listing the moves (rollouts): the move `rng.choice(legal_moves)` draws
    random_move = random_moves.random_move

    def result(self) -> Result:
        return scoring.result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view_mod.view(self, seat)

    def redetermine(self, seat: int, rng: Rng) -> SkyriseState:
        return view_mod.redetermine(self, seat, rng)

    def plant_markers(self, seat: int | None) -> list[int | str]:
        return view_mod.plant_markers(self, seat)

    # -- helpers used everywhere ----------------------------------------------------------
    def finished(self, seat: int) -> bool:
        return seat in self.finish_order

    def kept_id(self, seat: int) -> str:
        k = self.kept[seat]
        return self.data.wonders[k].id if k >= 0 else ""

    def wonder_built(self, seat: int) -> bool:
        return self.built[seat * PIECES + WONDER_K]

    def sees_all_patrons(self, seat: int) -> bool:
        """SK-7.16: Munch's Haven's owner sees every patron value once it is built."""
        return self.kept_id(seat) == "munchs_haven" and self.wonder_built(seat)

    def gain(self, seat: int, category: int, amount: int) -> None:
        self.prestige[seat] += amount
        self.points[seat][category] += amount

    # -- copying --------------------------------------------------------------------------
    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled (and fingerprinted) without the generator's sharing flag."""
        return None, {k: getattr(self, k) for k in self.__slots__ if k not in _NOT_PICKLED}

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for key, value in state[1].items():
            setattr(self, key, value)
        self._rng_shared = False
        self.move_tables = tables(self.data)

    def clone(self) -> SkyriseState:
        """A copy sharing nothing that changes (nested lists copied by `map`: no Python loop)."""
        c = SkyriseState.__new__(SkyriseState)
        c.data = self.data
        c.move_tables = self.move_tables
        c.layout = self.layout
        c.options = self.options
        c.players = self.players
        c.alone = self.alone
        c.clockwise = self.clockwise
        share_rng(self, c)
        c.era = self.era
        c.phase = self.phase
        c.to_act = self.to_act
        c.piece_neighborhood = self.piece_neighborhood[:]
        c.built = self.built[:]
        c.unbuilt = self.unbuilt[:]
        c.occupant = self.occupant[:]
        c.discs = self.discs[:]
        c.tracks = list(map(list.copy, self.tracks))
        c.excess = list(map(list.copy, self.excess))
        c.patrons = list(map(list.copy, self.patrons))
        c.commissions = self.commissions[:]
        c.wilds = list(map(list.copy, self.wilds))
        c.prestige = self.prestige[:]
        c.points = list(map(list.copy, self.points))
        c.patron_values = self.patron_values[:]
        c.panoramas = self.panoramas
        c.hands = list(map(list.copy, self.hands))
        c.kept = self.kept[:]
        c.objectives = self.objectives[:]
        c.revealed = self.revealed[:]
        c.finish_order = self.finish_order[:]
        c.first_bidder = self.first_bidder
        c.opener = self.opener
        c.open_mode = self.open_mode
        c.open_pieces = self.open_pieces
        c.open_neighborhoods = self.open_neighborhoods
        c.opening_spots = self.opening_spots[:]
        c.in_reach = self.in_reach[:]
        c.strength = list(map(list.copy, self.strength))
        c.passed = self.passed[:]
        c.bids = self.bids[:]
        c.bid_count = self.bid_count
        c.spots = self.spots
        c.raisable = self.raisable
        c.may_bid_wonder = self.may_bid_wonder
        c.winner = self.winner
        c.won_piece = self.won_piece
        c.step = self.step
        c.commits = self.commits.clone() if self.commits is not None else None
        c.auctions = self.auctions
        c.hammer_neighborhood = self.hammer_neighborhood
        c.hammer_owner = self.hammer_owner
        return c
