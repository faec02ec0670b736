"""A position value for the greedy bot, roughly in Fame, from what `seat` can see (TR-24).

It rewards what leads to Fame: Tricks whose components are owned, prepared and scheduled markers
(worth their yields while Performances remain), characters, Coins and Shards, and unspent Action
Points or useful Assignment cards while they can still be used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import (
    CS_PENDING,
    CS_PLACED,
    PF_ABILITY,
    PH_ACTION,
    PH_ASSIGN,
    PH_OVER,
    PH_PERFORM,
    PH_PLACE,
)
from .data import DATA
from .rules.common import effective, requirements
from .rules.placement import base_ap
from .scoring import final_points, level3_bonus

if TYPE_CHECKING:
    from .state import TrickerionState

COIN, SHARD = 0.35, 0.7
DOWNTOWN, MARKET_ROW, WORKSHOP, THEATER, DARK_ALLEY = 0, 1, 2, 3, 4
SPECIAL_CARD = 2.4               # 2 Fame at the end (TR-16.2) plus its use as +1 AP or ability
SPECIAL_USE = 1.6                # playing one: +1 AP or its ability on top of the Location
SPECIAL_END = 2.0                # ... costs its end Fame (TR-16.2)


def _marker_value(trick_index: int) -> float:
    t = DATA.tricks[trick_index]
    return t.yield_fame + COIN * t.yield_coins + SHARD * t.yield_shards


def _tricks(s: TrickerionState, seat: int, left: int) -> tuple[float, int, int, int]:
    """Value of owned Tricks and markers; also (Tricks short of components, preparable, prepared)."""
    value, short, preparable, prepared = 0.0, 0, 0, 0
    for suit in range(4):
        t = s.strick[seat][suit]
        if t < 0:
            continue
        trick = DATA.tricks[t]
        need = requirements(s, trick)
        have = sum(min(effective(s, seat, c), k) for c, k in need)
        total = sum(k for _, k in need)
        done = 3.0 if have == total else 0.0
        value += (1.0 + trick.level + 6.0 * have / total + done) * min(1.0, left / 2)
        if have < total:
            short += 1
        elif not s.prepared[seat][suit]:
            preparable += 1
        per = _marker_value(t)
        value += per * (0.55 * s.prepared[seat][suit] * min(1.0, left) +
                        0.8 * s.scheduled[seat][suit])
        prepared += s.prepared[seat][suit]
    return value, short, preparable, prepared


def _card_value(s: TrickerionState, seat: int, char: int, loc: int, short: int,
                preparable: int, prepared: int) -> float:
    """How useful an assigned card looks (phases D and E)."""
    free_slot = any(x < 0 for x in s.tslot[seat][:3])
    poor = s.coins[seat] < 8
    scheduled = sum(s.scheduled[seat])
    if loc == DOWNTOWN:
        v = 1.8 if poor else (1.4 if free_slot else 0.6)
    elif loc == MARKET_ROW:
        v = 1.5 if short and s.coins[seat] >= 2 else 0.1
    elif loc == WORKSHOP:
        v = 1.6 * min(preparable, 2) if preparable else 0.1
    elif loc == THEATER:
        v = 2.5 if char == 0 and (prepared or scheduled) else (1.8 if prepared else 0.1)
    elif loc == DARK_ALLEY:
        v = 1.0 + 0.3 * base_ap(char)
    else:
        v = 0.0
    if s.scard[seat][char] >= 0:         # played when the Location is worth more than 0.4
        v += SPECIAL_USE - SPECIAL_END

    wage = 0 if char == 0 or char == s.asst_home[seat] else (1 if char >= 4 else 2)
    return v - COIN * wage


def _placed_ap(s: TrickerionState, seat: int) -> int:
    """AP of the characters placed this turn (their work is what the slots gave them)."""
    total = 0
    for c in range(8):
        slot = s.placed[seat][c]
        if slot >= 0 and not DATA.slots[slot].performance:
            total += max(0, base_ap(c) + DATA.slots[slot].ap_modifier)
    return total


def _worth(s: TrickerionState, seat: int, private: bool) -> float:
    """What a player's position is worth in Fame; `private` adds their hidden Assignment cards."""
    left = s.last_turn - s.turn + 1
    value = float(s.fame[seat]) + COIN * s.coins[seat] + SHARD * s.shards[seat]
    if s.da:
        value += _dark_alley(s, seat)
        value += 0.8 * bin(s.team[seat] | s.hired[seat]).count("1") * min(1.0, (left - 2) / 3)
    else:
        value += sum(final_points(s, seat)[k] for k in ("apprentices", "specialists"))
        value += 1.5 * bin(s.team[seat] | s.hired[seat]).count("1") * min(1.0, (left - 1) / 2)
    tricks, short, preparable, prepared = _tricks(s, seat, left)
    value += tricks + 0.15 * sum(s.comps[seat])
    if s.pday[seat] >= 0:
        day = s.pday[seat]
        per_marker = DATA.weekday_fame[day] + COIN * DATA.weekday_coins[day]
        value += 0.8 * per_marker * sum(s.scheduled[seat])
    if private and (s.phase == PH_ASSIGN or s.cstate[seat].count(CS_PENDING)):
        for c in range(8):
            loc = s.card[seat][c]
            if loc < 0:
                continue
            if s.phase == PH_ASSIGN:
                value += _card_value(s, seat, c, loc, short, preparable, prepared)
            elif s.cstate[seat][c] == CS_PENDING:
                value += 0.5              # a flat hope: the actions it gives are valued when taken
    if s.phase not in (PH_PLACE, PH_ACTION, PH_PERFORM):
        return value
    value += 0.3 * _placed_ap(s, seat)
    if not (s.phase == PH_ACTION and s.acting == seat):
        value += 0.01                     # a finished placement beats a pointless action
    magician_slot = s.placed[seat][0]
    if s.cstate[seat][0] == CS_PLACED and magician_slot >= 0 and \
            DATA.slots[magician_slot].performance:
        if s.da:                          # seven weeks: performing each one matters more
            value += 1.5 + 0.5 * prepared + 0.9 * sum(s.scheduled[seat])
        else:
            value += 1.0 + 0.5 * prepared + 0.5 * sum(s.scheduled[seat])
    for c in range(1, 8):
        if s.cstate[seat][c] == CS_PLACED and c != s.asst_home[seat]:
            value -= COIN * (1 if c >= 4 else 2)
    return value


def _dark_alley(s: TrickerionState, seat: int) -> float:
    """Special cards (end Fame and use), Level-3 end bonuses in reach, the placement's AP and a
    declared ability not used yet (TR-16.2, TR-16.3, TR-18)."""
    value = SPECIAL_CARD * sum(s.sheld[seat])
    for t in s.strick[seat]:
        if t >= 0 and DATA.tricks[t].level == 3:
            value += 0.8 * level3_bonus(s, seat, t)
    if s.phase == PH_ACTION and s.acting == seat:
        value += 0.25 * s.pc_ap
        if s.pc_flags & PF_ABILITY:
            value += 0.5
    return value


def evaluate(s: TrickerionState, seat: int) -> float:
    """Own worth minus the best opponent's (public) worth: the scale of a final Fame margin."""
    if s.phase == PH_OVER:
        best = max(s.fame[p] for p in range(s.n) if p != seat)
        return float(s.fame[seat] - best)
    return _worth(s, seat, True) - max(_worth(s, p, False) for p in range(s.n) if p != seat)
