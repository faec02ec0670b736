"""Phase F (TR-14): weekdays Thursday to Sunday, yields with weekday modifiers, bonuses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..data import CHARACTERS, DATA, WEEKDAYS
from ..follow_ups import GrandPremiere
from ..markers import GRAY, is_gray, is_stack, marker_seat, marker_suit
from ..moves import Decline, Perform, StealPerform
from . import specials
from .common import TRICK_IDS, gain_shards, pub, remove_marker
from .theater import links_on

if TYPE_CHECKING:
    from ..state import TrickerionState

PERFORMANCE_SLOTS = tuple(next(sl.index for sl in DATA.slots if sl.day == d and sl.performance)
                          for d in range(4))


def performer(state: TrickerionState, day: int) -> int:
    """The seat whose Magician holds `day`'s Performance slot, or -1."""
    occ = state.occupant_by_slot[PERFORMANCE_SLOTS[day]]
    return occ // 8 if occ >= 0 else -1


def cards_with_marker(state: TrickerionState, seat: int) -> list[int]:
    """Theater positions whose card holds one of `seat`'s markers (TR-14.1, A-22)."""
    return [pos for pos in range(len(state.stage))
            if state.stage[pos] >= 0 and any(c >= 0 and marker_seat(c) == seat for c in state.markers[pos])]


def moves(state: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = [Perform(pos + 1) for pos in cards_with_marker(state, seat)]
    if state.dark_alley and DATA.magicians[state.magician[seat]].ability_id == "trick_steal":
        out.extend(_steals(state, seat))
    out.append(Decline())
    return out


def _trick(state: TrickerionState, code: int) -> int:
    return state.trick_by_suit[marker_seat(code)][marker_suit(code)]


def _steals(state: TrickerionState, seat: int) -> list[Move]:
    """The Red Lotus (TR-20): an own marker and an opponent's marker on the card whose Trick's
    Threshold is the same or lower."""
    out: list[Move] = []
    for pos in cards_with_marker(state, seat):
        row = [c for c in state.markers[pos] if c >= 0]
        own = dict.fromkeys(_trick(state, c) for c in row if marker_seat(c) == seat)
        theirs = dict.fromkeys(_trick(state, c) for c in row if marker_seat(c) not in (seat, GRAY))
        out.extend(StealPerform(pos + 1, TRICK_IDS[a], TRICK_IDS[b]) for a in own for b in theirs
                   if DATA.tricks[b].threshold <= DATA.tricks[a].threshold)
    return out


def yield_day(state: TrickerionState, owner: int, day: int) -> int:
    """TR-14.3: the owner's own weekday, or the performer's if the owner has none."""
    return state.performance_day[owner] if state.performance_day[owner] >= 0 else day


def weekday_modifier(state: TrickerionState, weekday: int) -> tuple[int, int]:
    """TR-14.3 Fame and Coin modifiers of a weekday; p11, p16, p22 change them (TR-19.2)."""
    key = state.prophecy()
    if key == "friday_minus_one" and weekday == 1:
        weekday = 0
    elif key == "saturday_plus_one" and weekday == 2:
        weekday = 3
    elif key == "no_thu_sun_modifiers" and weekday in (0, 3):
        return 0, 0
    return DATA.weekday_fame[weekday], DATA.weekday_coins[weekday]


def modified(base: int, mods: list[int]) -> int:
    """TR-14.6: the owner orders the modifiers, each step floored at 0; the best order for the
    owner is every penalty first, then every bonus."""
    value = base
    for m in sorted(mods):
        value = max(0, value + m)
    return value


def _da_yields(state: TrickerionState, seat: int, day: int, row: list[int],
               gains: list[list[int]], steal: tuple[int, int] = (-1, -1)
               ) -> list[tuple[int, int, int, int]]:
    """Trick yields with the Dark Alley's modifiers: p19, Enhance Trick, Arranged Fiasco, The Red
    Lotus's steal (`steal` = her Trick, the opponent's Trick), p14. Returns (owner's Trick,
    Fame, Coins, Shards) of each of the performer's own markers (Grand Premiere)."""
    fiasco = specials.performer_card(state, seat, "own_fame_per_marker")
    shared = state.prophecy() == "performer_modifier_for_all"
    to_fame = state.prophecy() == "performance_coins_as_fame"
    own: list[tuple[int, int, int, int]] = []
    stolen = robbed = False
    for code in row:
        if code < 0 or is_gray(code):           # gray markers yield nothing (TR-22.1)
            continue
        owner = marker_seat(code)
        trick = DATA.tricks[state.trick_by_suit[owner][marker_suit(code)]]
        yielded = trick
        weekday = day if shared else yield_day(state, owner, day)
        wf, wc = weekday_modifier(state, weekday)
        fame_mods, coin_mods = [wf], [wc]
        if owner == seat and trick.index == steal[0] and not stolen:
            yielded, stolen = DATA.tricks[steal[1]], True   # TR-20 Trick Steal
        elif owner != seat and trick.index == steal[1] and not robbed:
            fame_mods.append(-1)
            robbed = True
        if state.enhanced_tricks[yielded.index]:
            fame_mods.append(1)
            coin_mods.append(1)
        if is_stack(code):                      # Electra's Supercharge stack (TR-20, TR-14.6)
            fame_mods.append(trick.level)
            coin_mods.append(trick.level)
        if fiasco is not None:
            key = "own_fame_per_marker" if owner == seat else "others_fame_per_marker"
            fame_mods.append(fiasco.params.get(key, 0))
        fame = modified(yielded.yield_fame, fame_mods)
        coins = modified(yielded.yield_coins, coin_mods)
        if to_fame:
            fame, coins = fame + coins, 0
        gains[owner][0] += fame
        gains[owner][1] += coins
        gains[owner][2] += yielded.yield_shards
        if owner == seat:
            own.append((trick.index, fame, coins, yielded.yield_shards))
    return own


def steal_perform(state: TrickerionState, seat: int, move: StealPerform) -> list[Event]:
    """TR-20 The Red Lotus: a Performance with one Trick Steal."""
    return perform(state, seat, Perform(move.card),
                   (DATA.trick_by_id[move.trick], DATA.trick_by_id[move.steal]))


def perform(state: TrickerionState, seat: int, move: Perform,
            steal: tuple[int, int] = (-1, -1)) -> list[Event]:
    day = state.performing_day
    pos = move.card - 1
    card = state.cards[state.stage[pos]]
    gains = [[0, 0, 0] for _ in range(state.players)]
    row = state.markers[pos]
    if state.dark_alley:
        own = _da_yields(state, seat, day, row, gains, steal)
        _after_performance(state, seat, row, own)
    for code in row if not state.dark_alley else ():
        if code < 0 or is_gray(code):           # gray markers yield nothing (TR-22.1)
            continue
        owner = marker_seat(code)
        trick = DATA.tricks[state.trick_by_suit[owner][marker_suit(code)]]
        weekday = yield_day(state, owner, day)
        gains[owner][0] += max(0, trick.yield_fame + DATA.weekday_fame[weekday])
        gains[owner][1] += max(0, trick.yield_coins + DATA.weekday_coins[weekday])
        gains[owner][2] += trick.yield_shards
    bonus = [links_on(state, pos), 0, 0]
    for c in (1, 2, 3):
        sl = state.placed[seat][c]
        if sl >= 0 and DATA.slots[sl].day == day:
            ch = DATA.characters[CHARACTERS[c]]
            bonus[0] += ch.bonus_fame
            bonus[1] += ch.bonus_coins
            bonus[2] += ch.bonus_shards
    bonus[0] += card.bonus_fame
    bonus[1] += card.bonus_coins
    bonus[2] += card.bonus_shards
    if state.dark_alley and state.prophecy() == "double_performer_bonuses":
        bonus = [2 * b for b in bonus]                          # p06 (TR-19.2)
    tricks = [TRICK_IDS[state.trick_by_suit[marker_seat(c)][marker_suit(c)]] for c in row
              if c >= 0 and not is_gray(c)]
    owners = [marker_seat(c) for c in row if c >= 0 and not is_gray(c)]
    for i in range(len(row)):
        if row[i] >= 0:
            remove_marker(state, pos, i)
    for p in range(state.players):
        f, c, sh = gains[p]
        if p == seat:
            f, c, sh = f + bonus[0], c + bonus[1], sh + bonus[2]
        state.fame[p] += f
        state.coins[p] += c
        if state.dark_alley:
            gains[p][2] = gain_shards(state, p, sh) - (bonus[2] if p == seat else 0)
        else:
            state.shards[p] += sh
    state.performing_day += 1
    return [pub("performed", seat, day=WEEKDAYS[day], card=move.card, tricks=tricks,
                owners=owners, yields=gains, bonus=bonus)]


def _after_performance(state: TrickerionState, seat: int, row: list[int],
                       own: list[tuple[int, int, int, int]]) -> None:
    """Grand Premiere's choice (first performances of a Trick, TR-18.4) and Durable Components'
    markers to decide after the last Performance; every performed Trick is now premiered."""
    if specials.performer_card(state, seat, "double_first_yield") is not None:
        first = [x for x in own if not state.premiered >> x[0] & 1 and any(x[1:])]
        if first:
            state.follow_up = GrandPremiere(tuple(first))
    if specials.performer_card(state, seat, "marker_back_to_card") is not None:
        for code in row:
            if code >= 0 and marker_seat(code) == seat:
                state.durable[seat] |= 1 << (marker_suit(code))
    for code in row:
        if code >= 0 and not is_gray(code):
            state.premiered |= 1 << _trick(state, code)


def decline(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    day = state.performing_day
    state.performing_day += 1
    return [pub("declined", seat, day=WEEKDAYS[day])]
