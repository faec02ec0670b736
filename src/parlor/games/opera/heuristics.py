"""The greedy bot's judgement of a position, from what `seat` may see (OP-15): points now plus
what halls, budget, money and pieces are likely to bring, minus the best opponent's estimate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import CITIES, HOUSE, OFFSET, PIECE_COMPOSER
from .rules import endround

if TYPE_CHECKING:
    from .state import OperaState

# weights, in VP
W = {"row": 0.25, "empty": 0.5, "income": 0.2, "role": 1.5, "money": 0.22, "piece": 0.5,
     "piece_base": 0.0}


def scorings_left(s: OperaState) -> int:
    last = endround.last_round(s)
    return sum(1 for r in range(s.round, last + 1) if endround.scoring_after(s, r))


def _board_value(s: OperaState, p: int, scorings: int, rounds_left: int) -> float:
    """Public part: score, budget, what the houses will score and earn."""
    ep = endround.episode(s, s.round)
    ep_comp = PIECE_COMPOSER[s.episode_pieces[ep - 1]] if s.episode_pieces else -1
    value = float(s.score[p]) + W["row"] * s.row[p]
    for city in range(len(CITIES)):
        if not s.house[p][city]:
            continue
        main = s.halls[p][OFFSET[city]]
        if 0 <= main < HOUSE:
            gain = s.value(main) + (1.5 if PIECE_COMPOSER[main] == ep_comp else 0.0)
            value += gain * scorings
        empty = sum(1 for h in s.house_halls(p, city) if h < 0)
        value -= W["empty"] * empty * scorings
        value += W["income"] * endround.house_income(s, p, city) * rounds_left
    if s.role >= 0 and s.actor == p and s.role_by[s.role] == p:
        value += W["role"] * s.d.roles[s.role].cost     # the role's effect is still to come
    return value


def heuristic(s: OperaState, seat: int) -> float:
    if not s.actors():
        return float(s.score[seat] - max(x for i, x in enumerate(s.score) if i != seat))
    scorings = scorings_left(s)
    rounds_left = endround.last_round(s) - s.round + 1
    mine = _board_value(s, seat, scorings, rounds_left)
    mine += W["money"] * s.money[seat]
    mine += sum(W["piece_base"] + W["piece"] * s.value(p) for p in s.supply[seat] if p < HOUSE)
    best_other = max(_board_value(s, p, scorings, rounds_left) for p in range(s.n) if p != seat)
    return mine - best_other
