"""The greedy bot's evaluation: prestige plus what the position promises, from `seat`'s view.

A player's worth is their prestige plus what the board already promises at the end (structures at
their track values, left-hand area, own objective, the island-control and panorama scorings still
to come) plus what their unbuilt pieces will add at their track values. A standing high bid is
credited with the change in its bidder's worth if it were constructed and its disc collected
(tracks, majorities, panoramas), in full when nobody can outbid it, in part otherwise. The
evaluation is own worth minus the best opponent's, and uses only what `seat` may see.
"""

from __future__ import annotations

from operator import mul
from typing import TYPE_CHECKING

from . import scoring
from .const import BID, HAMMER, OVER, PIECES
from .rules import auction
from .view import known_letters

if TYPE_CHECKING:
    from .state import SkyriseState

WILD_GUESS = 4.0      # a wild disc: about one step on a useful track
LEAD_SHARE = 0.5      # share of a contested high bid's worth credited to its bidder


class _Terms:
    """The terms of one player's worth that every judging seat shares (all but the patron
    discs, valued by the judge's guess, and the objective, which only some judges see), kept
    apart so that `_worth` adds them up in the same order for each judge: the same value to the
    last bit as adding them as it goes."""

    __slots__ = ("held", "patrons", "excess", "keys", "commissions", "objective", "unbuilt",
                 "scorings", "mine")

    def __init__(self, state: SkyriseState, s: int, islands: int | None = None) -> None:
        """`islands`: how many islands `s` would score now (else found here)."""
        data = state.data
        tv = data.track_values
        self.mine = scoring.structures(state, s)  # the neighborhoods of `s`'s structures
        self.held = float(state.prestige[s]) + scoring.structure_points(state, s, self.mine)
        patrons = state.patrons[s]
        # None when `s` holds none: adding their worth, 0.0, would leave the sum as it was
        self.patrons = tuple(patrons) if any(patrons) else None
        excess = sum(state.excess[s])
        self.excess = data.excess_points * excess
        keys = scoring.keys_held(state, s)
        self.keys = sum(data.keys[k].points for k in keys)
        items = sum(patrons) + excess + len(keys) + state.commissions[s]  # SK-6.4's left area
        self.commissions = state.commissions[s] * items * data.commission_per_item
        self.objective: float | None = None  # read only when a judge may see it (`objective`)
        # every unbuilt piece is constructed by the end: it will score a track value, most
        # likely one of the better ones (the player chooses where to bid)
        base = s * PIECES
        unbuilt = state.built[base:base + PIECES].count(False)
        values = [tv[t] for t in state.tracks[s]]
        self.unbuilt = unbuilt * (max(values) + sum(values) / len(values)) / 2
        scorings_left = 2 if state.era == 1 else 1
        if islands is None:
            islands = sum(1 for _, w in scoring.island_control(state) if s in w)
        self.scorings = scorings_left * (data.island_control_points * islands
                                         + scoring.panorama_total(state, s, self.mine))


def _objective(state: SkyriseState, s: int, terms: _Terms) -> float:
    """Player `s`'s objective points, worked out the first time a judge who sees it asks."""
    if terms.objective is None:
        obj = state.data.objectives[state.objectives[s]]
        colour = state.layout.colour
        count = sum(1 for neighborhood in terms.mine if colour[neighborhood] == obj.colour)
        terms.objective = obj.points if count >= obj.min_structures else obj.points * count / (
            2 * obj.min_structures)
    return terms.objective


def _worth(state: SkyriseState, s: int, seat: int, patron_guess: list[float],
           terms: _Terms) -> float:
    """What player `s` holds or is promised, as far as `seat` can tell (`terms`: `s`'s shared
    terms in this position)."""
    v = terms.held
    if terms.patrons is not None:
        v += sum(map(mul, terms.patrons, patron_guess))
    v += terms.excess
    v += terms.keys
    v += terms.commissions
    if s == seat or state.revealed[s]:
        v += _objective(state, s, terms)
    v += terms.unbuilt
    v += terms.scorings
    return v


class _Win:
    """The most recent bid, constructed and its disc collected: its bidder's terms before and
    after (the state is changed and restored exactly), and a wild disc's guessed worth."""

    __slots__ = ("leader", "before", "after", "extra")

    def __init__(self, state: SkyriseState, before: _Terms, objective: bool,
                 strength: list[list[int]], islands: int) -> None:
        """`objective`: some judge sees the bidder's objective, so it is worked out on the
        changed state too; `strength`: `scoring.island_strength` before, where the bidder
        scores `islands` islands."""
        piece = state.bids[-1]
        leader = piece // PIECES
        neighborhood = state.piece_neighborhood[piece]
        island = state.layout.island_of[neighborhood]
        weight = scoring.control_weight(state, piece)
        if island >= 0 and weight:  # only the bid's island may change hands
            row = strength[island][:]
            was = leader in scoring.strongest(row)
            row[leader] += weight
            islands += (leader in scoring.strongest(row)) - was
        self.leader, self.before = leader, before
        state.built[piece] = True
        d = state.discs[neighborhood]
        dt = state.data.disc_types[d] if d >= 0 else None
        extra = 0.0
        excess = False
        if dt is not None:
            if dt.kind == "neighborhood":
                excess = state.tracks[leader][dt.colour] >= state.data.track_spaces
                (state.excess if excess else state.tracks)[leader][dt.colour] += 1
            elif dt.kind == "patron":
                state.patrons[leader][dt.letter] += 1
            elif dt.kind == "commission":
                state.commissions[leader] += 1
            else:
                extra = WILD_GUESS
        self.after = _Terms(state, leader, islands)
        if objective:
            _objective(state, leader, self.after)
        self.extra = extra
        if dt is not None:
            if dt.kind == "neighborhood":
                (state.excess if excess else state.tracks)[leader][dt.colour] -= 1
            elif dt.kind == "patron":
                state.patrons[leader][dt.letter] -= 1
            elif dt.kind == "commission":
                state.commissions[leader] -= 1
        state.built[piece] = False

    def gain(self, state: SkyriseState, seat: int, guess: list[float]) -> float:
        """How much the bidder's worth grows, as `seat` (guessing patrons by `guess`) sees it."""
        return (_worth(state, self.leader, seat, guess, self.after)
                - _worth(state, self.leader, seat, guess, self.before) + self.extra)


def _contested(state: SkyriseState, leader: int) -> bool:
    """Whether some other player may still outbid the most recent bid (SK-5.3 .. SK-5.5)."""
    if state.phase == HAMMER:
        return True
    for t in range(state.players):
        if t != leader and not state.passed[t] and not state.finished(t) and auction.can_bid(state, t):
            return True
    return False


def heuristic(state: SkyriseState, seat: int) -> float:
    """Own projected score minus the best opponent's, using only what `seat` can see."""
    if state.phase == OVER:
        return _final(state, seat)
    return _Position(state, (seat,)).judge(state, seat)


def heuristic_all(state: SkyriseState) -> list[float]:
    """`heuristic` of every seat, what every judge shares (the island control, each player's
    shared terms, the most recent bid's outcome) computed once."""
    if state.phase == OVER:
        return [_final(state, seat) for seat in range(state.players)]
    position = _Position(state, range(state.players))
    return [position.judge(state, seat) for seat in range(state.players)]


def _final(state: SkyriseState, seat: int) -> float:
    return float(state.prestige[seat] - max(state.prestige[s] for s in range(state.players)
                                         if s != seat))


class _Position:
    """What every judging seat shares in one position."""

    __slots__ = ("terms", "win", "share")

    def __init__(self, state: SkyriseState, judges: range | tuple[int, ...]) -> None:
        strength = scoring.island_strength(state)
        winners = [scoring.strongest(row) for row in strength]
        islands = [sum(1 for w in winners if s in w) for s in range(state.players)]
        self.terms = [_Terms(state, s, islands[s]) for s in range(state.players)]
        self.win: _Win | None = None
        self.share = 1.0
        if state.phase in (BID, HAMMER) and state.bids:
            leader = state.bids[-1] // PIECES
            seen = leader in judges or bool(state.revealed[leader])
            self.win = _Win(state, self.terms[leader], seen, strength, islands[leader])
            self.share = LEAD_SHARE if _contested(state, self.win.leader) else 1.0

    def judge(self, state: SkyriseState, seat: int) -> float:
        """Own worth minus the best opponent's, as `seat` sees them."""
        known = set(known_letters(state, seat))
        values = state.data.patron_values
        rest = list(values)
        for i in known:
            rest.remove(state.patron_values[i])
        avg = sum(rest) / len(rest) if rest else 0.0
        guess = [float(state.patron_values[i]) if i in known else avg for i in range(len(values))]
        scores = [_worth(state, s, seat, guess, self.terms[s]) for s in range(state.players)]
        if self.win is not None:
            scores[self.win.leader] += self.win.gain(state, seat, guess) * self.share
        best_other = max(scores[s] for s in range(state.players) if s != seat)
        return scores[seat] - best_other
