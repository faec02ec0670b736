"""Downtown (TR-9): Learn Trick, Hire Character, Take Coins, Reroll Die, Set Die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import ENGINEER, ENGINEER_SLOT
from ..data import CATEGORIES, DATA, DICE
from ..follow_ups import HypnoticMotivation, Investments
from ..moves import Hire, HireAny, LearnTrick, OverhaulTrick, RerollDie, SetDie, TakeCoins
from . import specials
from .common import TRICK_IDS, char_name, free_board_slot, give_trick, in_play, meets, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
LEARN, HIRE, TAKE, REROLL, SET = (AP["learn_trick"], AP["hire_character"], AP["take_coins"],
                                  AP["reroll_die"], AP["set_die"])
SPECIALIST_DIE, APPRENTICE_DIE = 2, 3
SPECIALIST_CHAR = {"assistant": 1, "manager": 2, "engineer": 3}
DISTINCT_FACES = tuple(tuple(dict.fromkeys(f)) for f in DATA.dice_faces)
APPRENTICE_MASK = 0b11110000


def learn_cost(s: TrickerionState, seat: int, threshold: int) -> int:
    """Coins to pay for missing Fame (TR-9.2 item 2, A-05); -1 if it cannot be learned."""
    missing = threshold - s.fame[seat]
    if missing <= 0:
        return 0
    if s.options.learn_pay_coins_for_fame and s.coins[seat] >= missing:
        return missing
    return -1


def apprentice_home_free(s: TrickerionState, seat: int) -> bool:
    """A-33: a hired Apprentice needs a free board home, counting this turn's hires."""
    owned = bin((s.team[seat] | s.hired[seat]) & APPRENTICE_MASK).count("1")
    on_board = owned - (1 if s.assistant_home[seat] >= 0 else 0)
    return owned < 4 and on_board < 3


def hire_target(s: TrickerionState, seat: int, die: int) -> int:
    """The character the Inn die would hire for `seat`, or -1 (TR-9.3)."""
    face = s.dice[die]
    if die == APPRENTICE_DIE:
        if face != "apprentice" or not apprentice_home_free(s, seat):
            return -1
        taken = s.team[seat] | s.hired[seat]
        return next(c for c in range(4, 8) if not taken >> c & 1)
    char = SPECIALIST_CHAR.get(face, -1)
    if char < 0 or (s.team[seat] | s.hired[seat]) >> char & 1:
        return -1
    return char


def hire_any_targets(s: TrickerionState, seat: int) -> list[int]:
    """Headhunter: every character the player could hire with a matching die (TR-18.4)."""
    taken = s.team[seat] | s.hired[seat]
    out = [c for c in (1, 2, 3) if not taken >> c & 1]
    if apprentice_home_free(s, seat):
        out.append(next(c for c in range(4, 8) if not taken >> c & 1))
    return out


def moves(s: TrickerionState, seat: int) -> list[Move]:
    ap = s.action_points
    out: list[Move] = []
    if s.dark_alley:
        learn_ap = specials.cost(s, seat, "learn_trick", LEARN)
        hire_ap = specials.cost(s, seat, "hire_character", HIRE)
        take_ap = specials.cost(s, seat, "take_coins", TAKE)
        any_cat = specials.has(s, seat, "learn_trick", "any_category") is not None
    else:
        learn_ap, hire_ap, take_ap, any_cat = LEARN, HIRE, TAKE, False
    if ap >= learn_ap:
        board = free_board_slot(s, seat) >= 0
        eng = s.owns(seat, ENGINEER) and s.trick_slots[seat][ENGINEER_SLOT] < 0
        fav = DATA.magicians[s.magician[seat]].favorite
        for die in (0, 1):
            face = s.dice[die]
            if face == "x" or not (board or eng):
                continue
            for t in DATA.tricks:
                if s.owner[t.index] >= 0 or not in_play(s, t):
                    continue
                if not (any_cat or face == "any" or CATEGORIES[t.category] == face
                        or t.category == fav):
                    continue
                if learn_cost(s, seat, t.threshold) < 0:
                    continue
                if board:
                    out.append(LearnTrick(die, t.id, False))
                if eng:
                    out.append(LearnTrick(die, t.id, True))
    if s.dark_alley and ap >= learn_ap and specials.has(s, seat, "learn_trick", "replace_trick"):
        out.extend(_overhauls(s, seat))
    if ap >= hire_ap:
        if s.dark_alley and specials.has(s, seat, "hire_character", "any_character"):
            out.extend(HireAny(d, char_name(c)) for d in (SPECIALIST_DIE, APPRENTICE_DIE)
                       if s.dice[d] != "x" for c in hire_any_targets(s, seat))
        else:
            out.extend(Hire(d) for d in (SPECIALIST_DIE, APPRENTICE_DIE)
                       if hire_target(s, seat, d) >= 0)
    if ap >= take_ap:
        out.extend(TakeCoins(d) for d in (4, 5) if s.dice[d] != "x")
    if ap >= REROLL:
        out.extend(RerollDie(d) for d in range(6))
    if ap >= SET:
        for d in range(6):
            out.extend(SetDie(d, f) for f in DISTINCT_FACES[d] if f != s.dice[d])
    return out


def learn(s: TrickerionState, seat: int, move: LearnTrick) -> list[Event]:
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    cost = learn_cost(s, seat, trick.threshold)
    s.action_points -= specials.cost(s, seat, "learn_trick", LEARN) if s.dark_alley else LEARN
    s.coins[seat] -= cost
    suit = give_trick(s, seat, trick.index, move.engineer)
    s.dice[move.die] = "x"
    events = [pub("learned", seat, trick=move.trick, die=DICE[move.die], coins=cost,
                  engineer=move.engineer)]
    if s.dark_alley and specials.active(s, seat, "learn_trick"):
        if specials.has(s, seat, "learn_trick", "any_category"):
            specials.consume(s)
        elif specials.has(s, seat, "learn_trick", "arrives_prepared") and \
                trick.threshold <= LEAKED_MAX_THRESHOLD:
            s.prepared[seat][suit] = 1            # Leaked Blueprints (TR-18.4)
            specials.consume(s)
            events.append(pub("prepared", seat, trick=move.trick, markers=1))
    return events


def _overhauls(s: TrickerionState, seat: int) -> list[Move]:
    """Trick Overhaul (TR-18.4): a learnable Trick whose requirements are met replaces an owned
    one on its slot (no free slot needed)."""
    owned = [TRICK_IDS[t] for t in s.trick_by_suit[seat] if t >= 0]
    if not owned:
        return []
    fav = DATA.magicians[s.magician[seat]].favorite
    out: list[Move] = []
    for die in (0, 1):
        face = s.dice[die]
        if face == "x":
            continue
        for t in DATA.tricks:
            if s.owner[t.index] >= 0 or not in_play(s, t) or not meets(s, seat, t):
                continue
            if not (face == "any" or CATEGORIES[t.category] == face or t.category == fav):
                continue
            if learn_cost(s, seat, t.threshold) >= 0:
                out.extend(OverhaulTrick(die, t.id, old) for old in owned)
    return out


def overhaul(s: TrickerionState, seat: int, move: OverhaulTrick) -> list[Event]:
    """Trick Overhaul: the old Trick returns to the Residence; its Symbol marker and every
    marker of its suit now stand for the new Trick."""
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    old = DATA.trick_by_id[move.old]
    cost = learn_cost(s, seat, trick.threshold)
    s.action_points -= specials.cost(s, seat, "learn_trick", LEARN)
    s.coins[seat] -= cost
    suit = s.suit_of_trick(seat, old)
    s.trick_by_suit[seat][suit] = trick.index
    s.owner[old] = -1
    s.enhanced_tricks[old] = 0
    s.owner[trick.index] = seat
    s.dice[move.die] = "x"
    specials.consume(s)
    return [pub("trick_overhauled", seat, trick=move.trick, old=move.old, die=DICE[move.die],
                coins=cost)]


LEAKED_MAX_THRESHOLD = DATA.tricks[next(t.index for t in DATA.tricks if t.level == 2)].threshold


def hire(s: TrickerionState, seat: int, move: Hire) -> list[Event]:
    char = hire_target(s, seat, move.die)
    return _hire(s, seat, char, move.die)


def hire_any(s: TrickerionState, seat: int, move: HireAny) -> list[Event]:
    from .placement import CHAR_INDEX
    events = _hire(s, seat, CHAR_INDEX[move.character], move.die)
    specials.consume(s)
    return events


def _hire(s: TrickerionState, seat: int, char: int, die: int) -> list[Event]:
    s.action_points -= specials.cost(s, seat, "hire_character", HIRE) if s.dark_alley else HIRE
    s.hired[seat] |= 1 << char
    s.dice[die] = "x"
    events = [pub("hired", seat, character=char_name(char), die=DICE[die])]
    if s.dark_alley and specials.has(s, seat, "hire_character", "hire_joins_now"):
        specials.consume(s)                                  # Hypnotic Motivation (TR-18.4)
        s.hired[seat] &= ~(1 << char)
        s.team[seat] |= 1 << char
        s.follow_up = HypnoticMotivation(char)
        events.append(pub("joined_at_once", seat, character=char_name(char)))
    card = specials.has(s, seat, "hire_character", "second_apprentice") if s.dark_alley else None
    if card is not None and char >= 4:                       # Mass Recruitment (TR-18.4)
        specials.consume(s)
        price = card.params.get("coins_cost", 0)
        if s.coins[seat] >= price and apprentice_home_free(s, seat):
            taken = s.team[seat] | s.hired[seat]
            second = next(c for c in range(4, 8) if not taken >> c & 1)
            s.hired[seat] |= 1 << second
            s.coins[seat] -= price
            events.append(pub("hired_second", seat, character=char_name(second), coins=price))
    return events


def take_coins(s: TrickerionState, seat: int, move: TakeCoins) -> list[Event]:
    value = int(s.dice[move.die])
    amount = value
    s.action_points -= specials.cost(s, seat, "take_coins", TAKE) if s.dark_alley else TAKE
    events: list[Event] = []
    if s.dark_alley:
        if s.prophecy() == "double_take_coins":
            amount *= 2                                           # p07 (TR-19.2)
        if specials.has(s, seat, "take_coins", "roll_bonus"):     # Interest
            face = s.rng.choice(DATA.dice_faces[move.die])
            bonus = 0 if face == "x" else int(face)
            amount += bonus
            specials.consume(s)
            events.append(pub("interest_rolled", seat, True, face=face, coins=bonus))
        elif specials.has(s, seat, "take_coins", "fame_die_minus_one"):   # Fame and Fortune
            s.fame[seat] += max(0, value - 1)
            specials.consume(s)
            events.append(pub("fame_and_fortune", seat, fame=max(0, value - 1)))
    s.coins[seat] += amount
    s.dice[move.die] = "x"
    if s.dark_alley and amount and specials.has(s, seat, "take_coins", "spend_at_once"):
        specials.consume(s)                                  # Investments (TR-18.4)
        s.follow_up = Investments(amount, INVEST_COUNT)
    return [pub("took_coins", seat, coins=amount, die=DICE[move.die]), *events]


INVEST_COUNT = 3                 # Investments: "up to 3 components"


def reroll(s: TrickerionState, seat: int, move: RerollDie) -> list[Event]:
    s.dice[move.die] = s.rng.choice(DATA.dice_faces[move.die])
    s.rerolls[move.die] += 1
    s.action_points -= REROLL
    return [pub("die_rerolled", seat, True, die=DICE[move.die], face=s.dice[move.die])]


def set_die(s: TrickerionState, seat: int, move: SetDie) -> list[Event]:
    s.dice[move.die] = move.face
    s.action_points -= SET
    return [pub("die_set", seat, die=DICE[move.die], face=move.face)]
