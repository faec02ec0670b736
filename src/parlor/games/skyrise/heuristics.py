"""The greedy bot's evaluation: prestige plus what the position promises, from `seat`'s view.

A player's worth is their prestige plus what the board already promises at the end (structures at
their track values, left-hand area, own objective, the island-control and panorama scorings still
to come) plus what their unbuilt pieces will add at their track values. A standing high bid is
credited with the change in its bidder's worth if it were constructed and its disc collected
(tracks, majorities, panoramas), in full when nobody can outbid it, in part otherwise. The
evaluation is own worth minus the best opponent's, and uses only what `seat` may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .const import BID, HAMMER, OVER, PIECES
from .rules import auction
from .view import known_letters

if TYPE_CHECKING:
    from .state import SkyriseState

WILD_GUESS = 4.0      # a wild disc: about one step on a useful track
LEAD_SHARE = 0.5      # share of a contested high bid's worth credited to its bidder


def _worth(state: SkyriseState, s: int, seat: int, patron_guess: list[float],
           control: list[tuple[str, list[int]]] | None = None) -> float:
    """What player `s` holds or is promised, as far as `seat` can tell; `control` is
    `scoring.island_control(st)` when the caller already has it (it is the same for every
    player, and most of an evaluation's work)."""
    data = state.data
    tv = data.track_values
    tracks = state.tracks[s]
    v = float(state.prestige[s]) + scoring.structure_points(state, s)
    v += sum(n * g for n, g in zip(state.patrons[s], patron_guess, strict=True))
    v += data.excess_points * sum(state.excess[s])
    v += sum(data.keys[k].points for k in scoring.keys_held(state, s))
    v += state.commissions[s] * scoring.left_area_items(state, s) * data.commission_per_item
    if s == seat or state.revealed[s]:
        obj = data.objectives[state.objectives[s]]
        count = scoring.objective_count(state, s)
        v += obj.points if count >= obj.min_structures else obj.points * count / (
            2 * obj.min_structures)
    # every unbuilt piece is constructed by the end: it will score a track value, most likely
    # one of the better ones (the player chooses where to bid)
    base = s * PIECES
    unbuilt = sum(1 for p in range(base, base + PIECES) if not state.built[p])
    values = [tv[t] for t in tracks]
    v += unbuilt * (max(values) + sum(values) / len(values)) / 2
    scorings_left = 2 if state.era == 1 else 1
    if control is None:
        control = scoring.island_control(state)
    islands = sum(1 for _, w in control if s in w)
    v += scorings_left * (data.island_control_points * islands
                          + sum(p for _, p in scoring.panoramas_for(state, s)))
    return v


def _win_gain(state: SkyriseState, seat: int, guess: list[float],
              control: list[tuple[str, list[int]]]) -> tuple[int, float]:
    """(bidder, how much their worth grows if the most recent bid is constructed now and its
    disc collected): the state is changed and restored exactly. `control` is the island control
    of `state` as it stands."""
    piece = state.bids[-1]
    leader = piece // PIECES
    neighborhood = state.piece_neighborhood[piece]
    before = _worth(state, leader, seat, guess, control)
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
    after = _worth(state, leader, seat, guess)
    if dt is not None:
        if dt.kind == "neighborhood":
            (state.excess if excess else state.tracks)[leader][dt.colour] -= 1
        elif dt.kind == "patron":
            state.patrons[leader][dt.letter] -= 1
        elif dt.kind == "commission":
            state.commissions[leader] -= 1
    state.built[piece] = False
    return leader, after - before + extra


def _contested(state: SkyriseState, leader: int) -> bool:
    """Whether some other player may still outbid the most recent bid (SK-5.3 .. SK-5.5)."""
    if state.phase == HAMMER:
        return True
    for t in range(state.players):
        if t != leader and not state.passed[t] and not state.finished(t) and auction.can_bid(state, t):
            return True
    return False


def heuristic(state: SkyriseState, seat: int,
              control: list[tuple[str, list[int]]] | None = None) -> float:
    """Own projected score minus the best opponent's, using only what `seat` can see;
    `control` is `scoring.island_control(st)` when the caller already has it."""
    if state.phase == OVER:
        return float(state.prestige[seat] - max(state.prestige[s] for s in range(state.players)
                                             if s != seat))
    known = set(known_letters(state, seat))
    values = state.data.patron_values
    rest = list(values)
    for i in known:
        rest.remove(state.patron_values[i])
    avg = sum(rest) / len(rest) if rest else 0.0
    guess = [float(state.patron_values[i]) if i in known else avg for i in range(len(values))]
    if control is None:
        control = scoring.island_control(state)
    scores = [_worth(state, s, seat, guess, control) for s in range(state.players)]
    if state.phase in (BID, HAMMER) and state.bids:
        leader, gain = _win_gain(state, seat, guess, control)
        scores[leader] += gain * (LEAD_SHARE if _contested(state, leader) else 1.0)
    best_other = max(scores[s] for s in range(state.players) if s != seat)
    return scores[seat] - best_other


def heuristic_all(state: SkyriseState) -> list[float]:
    """`heuristic` of every seat, the island control (public, the same for all) computed once."""
    control = None if state.phase == OVER else scoring.island_control(state)
    return [heuristic(state, seat, control) for seat in range(state.players)]
