"""How good a position looks to one seat, from its view only (for the greedy and search bots)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import StarRoadState


def heuristic(s: StarRoadState, seat: int) -> float:
    """Own strength minus the expected strength of likely enemies.

    A character's strength is its HP, plus 0.3 per [W] in storage or on objects, plus 0.5 per
    complete object (complete objects are what attacks and blocks).
    Another character counts as an ally or an enemy with the probability given by the faction
    cards still unaccounted for (its face-up card, a peeked card, or the deal's composition).
    """
    if s.over:
        return 100.0 if seat in s.winners else -100.0
    me = s.players[seat]
    if not me.alive:
        return -50.0
    mine = s.team(seat)
    known: dict[int, str] = {}
    for x, p in enumerate(s.players):
        if x == seat or p.faction_up or x in me.peeked:
            known[x] = s.team(x)
    pool = [s.team_of_card(c) for c in s.content.base.table[s.n]]
    for t in known.values():
        pool.remove(t)
    friend = sum(1 for t in pool if t == mine) / len(pool) if pool else 0.0
    score = _strength(s, seat) * 1.5
    for x in range(s.n):
        if x == seat or not s.players[x].alive:
            continue
        ally = (1.0 if known[x] == mine else 0.0) if x in known else friend
        score += (2 * ally - 1) * _strength(s, x)
    return score


def _strength(s: StarRoadState, x: int) -> float:
    p = s.players[x]
    on_lines = 0
    complete = 0
    for o in p.slots:
        if o is not None:
            on_lines += o.w
            complete += o.marks > 0
    return p.hp + 0.3 * (p.storage + on_lines) + 0.5 * complete
