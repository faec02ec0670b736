"""The greedy bot's evaluation: prestige plus what the position promises, from `seat`'s view."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring
from .const import BID, HAMMER, OVER, PIECES
from .view import known_letters

if TYPE_CHECKING:
    from .state import SkyriseState

DISC_GUESS = 4.0      # rough worth of collecting a disc
LEAD_SHARE = 0.5      # how much of a neighborhood's worth a standing high bid is credited with


def _value(st: SkyriseState, s: int, seat: int, patron_guess: list[float]) -> float:
    data = st.data
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
    scorings_left = 2 if st.era == 1 else 1
    islands = sum(1 for _, w in scoring.island_control(st) if s in w)
    v += scorings_left * (data.island_control_points * islands
                          + sum(p for _, p in scoring.panoramas_for(st, s)))
    return v


def heuristic(st: SkyriseState, seat: int) -> float:
    """Own projected score minus the best opponent's, using only what `seat` can see."""
    if st.phase == OVER:
        return float(st.prestige[seat] - max(st.prestige[s] for s in range(st.players)
                                             if s != seat))
    known = set(known_letters(st, seat))
    values = st.data.patron_values
    seen = [st.patron_values[i] for i in known]
    rest = list(values)
    for v in seen:
        rest.remove(v)
    avg = sum(rest) / len(rest) if rest else 0.0
    guess = [float(st.patron_values[i]) if i in known else avg for i in range(len(values))]
    scores = [_value(st, s, seat, guess) for s in range(st.players)]
    if st.phase in (BID, HAMMER) and st.bids:
        last = st.bids[-1]
        leader = last // PIECES
        nb = st.piece_nb[last]
        worth = float(scoring.track_value(st, leader, st.layout.colour[nb]))
        worth += DISC_GUESS if st.disc[nb] >= 0 else 0.0
        scores[leader] += LEAD_SHARE * float(worth)
    best_other = max(scores[s] for s in range(st.players) if s != seat)
    return scores[seat] - best_other
