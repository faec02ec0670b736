"""Phase F (TR-14): weekdays Thursday to Sunday, yields with weekday modifiers, bonuses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..data import CHARACTERS, DATA, WEEKDAYS
from ..moves import Decline, Perform
from .common import TRICK_IDS, pub, remove_marker
from .theater import links_on

if TYPE_CHECKING:
    from ..state import TrickerionState

PERFORMANCE_SLOTS = tuple(next(sl.index for sl in DATA.slots if sl.day == d and sl.performance)
                          for d in range(4))


def performer(s: TrickerionState, day: int) -> int:
    """The seat whose Magician holds `day`'s Performance slot, or -1."""
    occ = s.occ[PERFORMANCE_SLOTS[day]]
    return occ // 8 if occ >= 0 else -1


def cards_with_marker(s: TrickerionState, seat: int) -> list[int]:
    """Theater positions whose card holds one of `seat`'s markers (TR-14.1, A-22)."""
    return [pos for pos in range(len(s.stage))
            if s.stage[pos] >= 0 and any(c >= 0 and c >> 4 == seat for c in s.marks[pos])]


def moves(s: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = [Perform(pos + 1) for pos in cards_with_marker(s, seat)]
    out.append(Decline())
    return out


def yield_day(s: TrickerionState, owner: int, day: int) -> int:
    """TR-14.3: the owner's own weekday, or the performer's if the owner has none."""
    return s.pday[owner] if s.pday[owner] >= 0 else day


def perform(s: TrickerionState, seat: int, move: Perform) -> list[Event]:
    day = s.perf_day
    pos = move.card - 1
    card = DATA.cards[s.stage[pos]]
    gains = [[0, 0, 0] for _ in range(s.n)]
    row = s.marks[pos]
    for code in row:
        if code < 0:
            continue
        owner = code >> 4
        trick = DATA.tricks[s.strick[owner][code >> 2 & 3]]
        wd = yield_day(s, owner, day)
        gains[owner][0] += max(0, trick.yield_fame + DATA.weekday_fame[wd])
        gains[owner][1] += max(0, trick.yield_coins + DATA.weekday_coins[wd])
        gains[owner][2] += trick.yield_shards
    bonus = [links_on(s, pos), 0, 0]
    for c in (1, 2, 3):
        sl = s.placed[seat][c]
        if sl >= 0 and DATA.slots[sl].day == day:
            ch = DATA.characters[CHARACTERS[c]]
            bonus[0] += ch.bonus_fame
            bonus[1] += ch.bonus_coins
            bonus[2] += ch.bonus_shards
    bonus[0] += card.bonus_fame
    bonus[1] += card.bonus_coins
    bonus[2] += card.bonus_shards
    tricks = [TRICK_IDS[s.strick[c >> 4][c >> 2 & 3]] for c in row if c >= 0]
    owners = [c >> 4 for c in row if c >= 0]
    for i in range(len(row)):
        if row[i] >= 0:
            remove_marker(s, pos, i)
    for p in range(s.n):
        f, c, sh = gains[p]
        if p == seat:
            f, c, sh = f + bonus[0], c + bonus[1], sh + bonus[2]
        s.fame[p] += f
        s.coins[p] += c
        s.shards[p] += sh
    s.perf_day += 1
    return [pub("performed", seat, day=WEEKDAYS[day], card=move.card, tricks=tricks,
                owners=owners, yields=gains, bonus=bonus)]


def decline(s: TrickerionState, seat: int, move: Move) -> list[Event]:
    day = s.perf_day
    s.perf_day += 1
    return [pub("declined", seat, day=WEEKDAYS[day])]
