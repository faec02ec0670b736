"""Sealed Bids: state, moves and rules (see the package docstring for SB-n)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from parlor.core import (
    PUBLIC,
    BadScenario,
    Commits,
    Event,
    Game,
    LiveScore,
    Move,
    MoveCatalog,
    Result,
    Rng,
    State,
    rank_seats,
)
from parlor.core.rng import SharedRng, share_rng
from parlor.core.scenario import common, reject_unknown


@dataclass(frozen=True, slots=True)
class Bid(Move):
    """Bid a card from hand (SB-2)."""

    kind: ClassVar[str] = "bid"
    card: int


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Take the prize just won (SB-4)."""

    kind: ClassVar[str] = "take"


@dataclass(frozen=True, slots=True)
class Trade(Move):
    """Give up the prize just won to draw two cards (SB-4)."""

    kind: ClassVar[str] = "trade"


@dataclass(frozen=True, slots=True)
class Options:
    rounds: int = field(default=4, metadata={"help": "number of rounds (SB-5)"})
    hand_size: int = field(default=3, metadata={"help": "cards dealt to each seat (SB-1)"})


_SLOTS = ("players", "options", "_rng", "deck", "hands", "prizes", "prize", "round", "commits", "winner",
          "points", "last_bids")


class SealedBidsState(State):
    __slots__ = (*_SLOTS, "_rng_shared")
    rng = SharedRng()  # shared with clones until one draws, as the real games' generators are

    def __init__(self, players: int, options: Options, rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.deck: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.prizes: list[int] = []
        self.prize = 0                    # face-up prize of this round; 0 = none
        self.round = 0
        self.commits: Commits | None = None
        self.winner: int | None = None    # seat deciding take/trade
        self.points = [0] * players
        self.last_bids: tuple[int, ...] = ()  # the bids revealed most recently (public)

    # -- protocol -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.commits is not None:
            return self.commits.pending()
        if self.winner is not None:
            return (self.winner,)
        return ()

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.actors():
            return []
        if self.commits is not None:
            return [Bid(c) for c in sorted(self.hands[seat])]
        return [Take(), Trade()]

    def why_illegal(self, seat: int, move: Move) -> str:
        if isinstance(move, Bid):
            return f"SB-2: card {move.card} is not in seat {seat}'s hand"
        return f"SB-4: {move} is not possible now"

    def _apply(self, seat: int, move: Move) -> list[Event]:
        if isinstance(move, Bid):
            return self._bid(seat, move)
        assert self.winner == seat
        self.winner = None
        if isinstance(move, Take):
            self.points[seat] += self.prize
            events = [Event("took", seat, PUBLIC, {"prize": self.prize})]
        else:
            drawn = self._draw(seat, 2)
            events = [Event("traded", seat, PUBLIC, {"prize": self.prize, "count": len(drawn)}),
                      Event("drew", seat, (seat,), {"cards": drawn}, reveal=True)]
        self.prize = 0
        return events + self._next_round()

    def _bid(self, seat: int, move: Bid) -> list[Event]:
        assert self.commits is not None
        self.hands[seat].remove(move.card)
        events = [Event("bid", seat, PUBLIC, {})]
        if self.commits.commit(seat, move):
            events += self._resolve()
        return events

    def _resolve(self) -> list[Event]:
        """SB-3: reveal every bid, discard them, find the single highest."""
        assert self.commits is not None
        bids = [self._bid_of(s) for s in range(self.players)]
        self.commits = None
        self.last_bids = tuple(bids)
        top = max(bids)
        leaders = [s for s, b in enumerate(bids) if b == top]
        events = [Event("revealed", None, PUBLIC, {"bids": bids}, reveal=True)]
        if len(leaders) == 1:
            self.winner = leaders[0]
            events.append(Event("won", self.winner, PUBLIC, {"prize": self.prize}))
            return events
        events.append(Event("tied", None, PUBLIC, {"prize": self.prize}))
        self.prize = 0
        return events + self._next_round()

    def _bid_of(self, seat: int) -> int:
        """A seat with no card to bid counts as bidding 0."""
        assert self.commits is not None
        move = self.commits.moves[seat]
        return move.card if isinstance(move, Bid) else 0

    def _next_round(self) -> list[Event]:
        """SB-2 and SB-5: turn the next prize up and open the bids, or end the game."""
        if self.round >= self.options.rounds or not self.prizes:
            return [Event("ended", None, PUBLIC, {"points": list(self.points)})]
        self.round += 1
        self.prize = self.prizes.pop()
        events = [Event("prize", None, PUBLIC, {"round": self.round, "prize": self.prize},
                        reveal=True)]
        for seat in range(self.players):
            if not self.hands[seat]:
                drawn = self._draw(seat, 1)
                events.append(Event("drew", seat, (seat,), {"cards": drawn}, reveal=True))
        bidders = [s for s in range(self.players) if self.hands[s]]
        if not bidders:
            return events + [Event("ended", None, PUBLIC, {"points": list(self.points)})]
        self.commits = Commits(bidders, self.players)
        return events

    def _draw(self, seat: int, count: int) -> list[int]:
        drawn = [self.deck.pop() for _ in range(min(count, len(self.deck)))]
        self.hands[seat].extend(drawn)
        return drawn

    def result(self) -> Result:
        keys = [(self.points[s], sum(self.hands[s])) for s in range(self.players)]
        ranks, notes = rank_seats(keys, ("points", "cards left in hand"))
        return Result(tuple(float(p) for p in self.points),
                      tuple({"prizes": float(p)} for p in self.points), ranks, notes)

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "round": self.round, "rounds": self.options.rounds, "prize": self.prize,
            "prizes_left": len(self.prizes), "deck": len(self.deck),
            "points": list(self.points), "hand_sizes": [len(h) for h in self.hands],
            "winner": self.winner, "last_bids": list(self.last_bids),
            "bidding": self.commits.view(seat) if self.commits is not None else None,
        }
        if seat is not None:
            v["hand"] = sorted(self.hands[seat])
        return v

    def clone(self) -> SealedBidsState:
        c = type(self).__new__(type(self))
        c.players = self.players
        c.options = self.options
        share_rng(self, c)
        c.deck = list(self.deck)
        c.hands = [list(h) for h in self.hands]
        c.prizes = list(self.prizes)
        c.prize = self.prize
        c.round = self.round
        c.commits = self.commits.clone() if self.commits is not None else None
        c.winner = self.winner
        c.points = list(self.points)
        c.last_bids = self.last_bids
        return c

    def __getstate__(self) -> dict[str, Any]:
        """Pickled form (fingerprints): every rules field, not whether the generator is shared."""
        return {name: getattr(self, name) for name in _SLOTS}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._rng_shared = False

    def redetermine(self, seat: int, rng: Rng) -> SealedBidsState:
        """Deal the cards `seat` cannot see (others' hands, their hidden bids, the deck) anew."""
        c = self.clone()
        c.rng = Rng(rng.getrandbits(64))
        others = [s for s in range(self.players) if s != seat]
        pool = list(c.deck)
        hidden_bids = [s for s in others if c.commits is not None and c.commits.committed(s)]
        for s in others:
            pool.extend(c.hands[s])
        pool.extend(self._bid_of(s) for s in hidden_bids)
        rng.shuffle(pool)
        for s in hidden_bids:
            assert c.commits is not None
            c.commits.moves[s] = Bid(pool.pop())
        for s in others:
            c.hands[s] = [pool.pop() for _ in c.hands[s]]
        c.deck = pool
        rng.shuffle(c.prizes)
        return c

    def plant_markers(self, seat: int | None) -> list[int | str]:
        markers: list[int | str] = []

        def mark() -> int:
            markers.append(9_000_001 + len(markers))
            return int(markers[-1])

        self.deck = [mark() for _ in self.deck]
        self.prizes = [mark() for _ in self.prizes]
        for s in range(self.players):
            if s != seat:
                self.hands[s] = [mark() for _ in self.hands[s]]
                if self.commits is not None and self.commits.committed(s):
                    self.commits.moves[s] = Bid(mark())
        return markers


class SealedBids(Game[SealedBidsState]):
    id = "sealed_bids"
    title = "Sealed Bids"
    description = "A tiny bidding game used to test parlor's core."
    min_players = 2
    max_players = 4
    options_type = Options
    moves = MoveCatalog([Bid, Take, Trade])
    move_bound = 200
    live_score = LiveScore("points", listed=True)  # the view's `points`: one number per seat
    state_class: type[SealedBidsState] = SealedBidsState

    def _setup(self, players: int, seed: int, options: Options) -> SealedBidsState:
        state = self.state_class(players, options, Rng(seed))
        state.deck = list(range(1, 6 * players + 1))
        state.rng.shuffle(state.deck)
        state.prizes = list(range(1, options.rounds + 1))
        state.rng.shuffle(state.prizes)
        for seat in range(players):
            state._draw(seat, options.hand_size)
        state._next_round()
        return state

    def scenario(self, spec: dict[str, Any]) -> SealedBidsState:
        """Keys: hands (list of card lists), points, prize (face-up prize), prizes (pile)."""
        reject_unknown(spec, ("hands", "points", "prize", "prizes"))
        players, seed, options = common(spec, 2)
        state = self.setup(players, seed, options)
        if "hands" in spec:
            hands = spec["hands"]
            if not isinstance(hands, list) or len(hands) != players:
                raise BadScenario(f"'hands' must list {players} hands")
            used = [c for h in hands for c in h]
            if len(set(used)) != len(used) or not all(1 <= c <= 6 * players for c in used):
                raise BadScenario("'hands' must hold distinct cards from the deck")
            state.hands = [list(h) for h in hands]
            state.deck = [c for c in range(1, 6 * players + 1) if c not in used]
            state.rng.shuffle(state.deck)
        if "points" in spec:
            state.points = list(spec["points"])
        if "prize" in spec:
            state.prize = int(spec["prize"])
        if "prizes" in spec:
            state.prizes = list(spec["prizes"])
        return state

    def heuristic(self, state: SealedBidsState, seat: int) -> float:
        return state.points[seat] + 0.05 * sum(state.hands[seat])
