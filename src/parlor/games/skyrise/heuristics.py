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


def _worth(st: SkyriseState, s: int, seat: int, patron_guess: list[float],
           control: list[tuple[str, list[int]]] | None = None) -> float:
    """What player `s` holds or is promised, as far as `seat` can tell; `control` is
    `scoring.island_control(st)` when the caller already has it (it is the same for every
    player, and most of an evaluation's work)."""
    data = st.data
    tv = data.track_values
    tracks = st.tracks[s]
    v = float(st.prestige[s]) + scoring.structure_points(st, s)
    v += sum(n * g for n, g in zip(st.patrons[s], patron_guess, strict=True))
    v += data.excess_points * sum(st.excess[s])
    v += sum(data.keys[k].points for k in scoring.keys_held(st, s))
    v += st.commissions[s] * scoring.left_area_items(st, s) * data.commission_per_item
    if s == seat or st.revealed[s]:
        obj = data.objectives[st.objectives[s]]
        count = scoring.objective_count(st, s)
        v += obj.points if count >= obj.min_structures else obj.points * count / (
            2 * obj.min_structures)
    # every unbuilt piece is constructed by the end: it will score a track value, most likely
    # one of the better ones (the player chooses where to bid)
    base = s * PIECES
    unbuilt = sum(1 for p in range(base, base + PIECES) if not st.built[p])
    values = [tv[t] for t in tracks]
    v += unbuilt * (max(values) + sum(values) / len(values)) / 2
    scorings_left = 2 if st.era == 1 else 1
    if control is None:
        control = scoring.island_control(st)
    islands = sum(1 for _, w in control if s in w)
    v += scorings_left * (data.island_control_points * islands
                          + sum(p for _, p in scoring.panoramas_for(st, s)))
    return v


def _win_gain(st: SkyriseState, seat: int, guess: list[float],
              control: list[tuple[str, list[int]]]) -> tuple[int, float]:
    """(bidder, how much their worth grows if the most recent bid is constructed now and its
    disc collected): the state is changed and restored exactly. `control` is the island control
    of `st` as it stands."""
    pid = st.bids[-1]
    leader = pid // PIECES
    nb = st.piece_neighborhood[pid]
    before = _worth(st, leader, seat, guess, control)
    st.built[pid] = True
    d = st.discs[nb]
    dt = st.data.disc_types[d] if d >= 0 else None
    extra = 0.0
    excess = False
    if dt is not None:
        if dt.kind == "neighborhood":
            excess = st.tracks[leader][dt.colour] >= st.data.track_spaces
            (st.excess if excess else st.tracks)[leader][dt.colour] += 1
        elif dt.kind == "patron":
            st.patrons[leader][dt.letter] += 1
        elif dt.kind == "commission":
            st.commissions[leader] += 1
        else:
            extra = WILD_GUESS
    after = _worth(st, leader, seat, guess)
    if dt is not None:
        if dt.kind == "neighborhood":
            (st.excess if excess else st.tracks)[leader][dt.colour] -= 1
        elif dt.kind == "patron":
            st.patrons[leader][dt.letter] -= 1
        elif dt.kind == "commission":
            st.commissions[leader] -= 1
    st.built[pid] = False
    return leader, after - before + extra


def _contested(st: SkyriseState, leader: int) -> bool:
    """Whether some other player may still outbid the most recent bid (SK-5.3 .. SK-5.5)."""
    if st.phase == HAMMER:
        return True
    for t in range(st.players):
        if t != leader and not st.passed[t] and not st.finished(t) and auction.can_bid(st, t):
            return True
    return False


def heuristic(st: SkyriseState, seat: int,
              control: list[tuple[str, list[int]]] | None = None) -> float:
    """Own projected score minus the best opponent's, using only what `seat` can see;
    `control` is `scoring.island_control(st)` when the caller already has it."""
    if st.phase == OVER:
        return float(st.prestige[seat] - max(st.prestige[s] for s in range(st.players)
                                             if s != seat))
    known = set(known_letters(st, seat))
    values = st.data.patron_values
    rest = list(values)
    for i in known:
        rest.remove(st.patron_values[i])
    avg = sum(rest) / len(rest) if rest else 0.0
    guess = [float(st.patron_values[i]) if i in known else avg for i in range(len(values))]
    if control is None:
        control = scoring.island_control(st)
    scores = [_worth(st, s, seat, guess, control) for s in range(st.players)]
    if st.phase in (BID, HAMMER) and st.bids:
        leader, gain = _win_gain(st, seat, guess, control)
        scores[leader] += gain * (LEAD_SHARE if _contested(st, leader) else 1.0)
    best_other = max(scores[s] for s in range(st.players) if s != seat)
    return scores[seat] - best_other


def heuristic_all(st: SkyriseState) -> list[float]:
    """`heuristic` of every seat, the island control (public, the same for all) computed once."""
    control = None if st.phase == OVER else scoring.island_control(st)
    return [heuristic(st, seat, control) for seat in range(st.players)]
