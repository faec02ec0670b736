"""Downtown (TR-9): Learn Trick, Hire Character, Take Coins, Reroll Die, Set Die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import ENGINEER, ENGINEER_SLOT
from ..data import CATEGORIES, DATA, DICE
from ..follow_ups import HypnoticMotivation, Investments
from ..moves import Hire, HireAny, LearnTrick, OverhaulTrick, RerollDie, SetDie, TakeCoins
from . import specials
from .common import CHAR_INDEX, TRICK_IDS, char_name, free_board_slot, give_trick, in_play, meets, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
LEARN, HIRE, TAKE, REROLL, SET = (AP["learn_trick"], AP["hire_character"], AP["take_coins"],
                                  AP["reroll_die"], AP["set_die"])
SPECIALIST_DIE, APPRENTICE_DIE = 2, 3
SPECIALIST_CHAR = {"assistant": 1, "manager": 2, "engineer": 3}
DISTINCT_FACES = tuple(tuple(dict.fromkeys(f)) for f in DATA.dice_faces)
APPRENTICE_MASK = 0b11110000

# The Downtown's moves made once: a search asks for a magician's moves at every node, and a
# list of ready moves costs far less than a list of new ones (they are equal either way).
LEARN_MOVES = tuple(tuple((LearnTrick(die, t.id, False), LearnTrick(die, t.id, True))
                          for t in DATA.tricks) for die in (0, 1))
HIRE_MOVES = {d: Hire(d) for d in (SPECIALIST_DIE, APPRENTICE_DIE)}
TAKE_MOVES = (TakeCoins(4), TakeCoins(5))
REROLL_MOVES = tuple(RerollDie(d) for d in range(6))
_ALL_SETS = tuple(tuple(SetDie(d, f) for f in faces) for d, faces in enumerate(DISTINCT_FACES))
# Per die, the Set Die moves away from each face it may show (all of them from "x" or any other).
SET_MOVES = tuple({face: tuple(m for m in moves if m.face != face) for face in DISTINCT_FACES[d]}
                  for d, moves in enumerate(_ALL_SETS))


def learn_cost(state: TrickerionState, seat: int, threshold: int) -> int:
    """Coins to pay for missing Fame (TR-9.2 item 2, A-05); -1 if it cannot be learned."""
    missing = threshold - state.fame[seat]
    if missing <= 0:
        return 0
    if state.options.learn_pay_coins_for_fame and state.coins[seat] >= missing:
        return missing
    return -1


def _fame_reach(state: TrickerionState, seat: int) -> int:
    """The highest Threshold `seat` can learn at: `learn_cost` is not -1 exactly up to it
    (its Fame, plus its Coins when missing Fame may be paid, TR-9.2 item 2, A-05)."""
    fame = state.fame[seat]
    return fame + state.coins[seat] if state.options.learn_pay_coins_for_fame else fame


# (Trick index, Threshold) of the Tricks a die's face lets a player learn, in the data's order,
# by (Dark Alley, face, favorite category): Downtown's moves are listed at every node of a
# placement there, and the two filters on the Tricks' printed data are the same every time.
_CANDIDATES: dict[tuple[bool, str, int], tuple[tuple[int, int], ...]] = {}


def _learn_candidates(dark_alley: bool, face: str, favorite: int) -> tuple[tuple[int, int], ...]:
    """Tricks of the mode (TR-2.1, TR-17.2) of the die's category, any with "any", or of the
    favorite category (TR-9.2)."""
    key = (dark_alley, face, favorite)
    found = _CANDIDATES.get(key)
    if found is None:
        found = _CANDIDATES[key] = tuple(
            (t.index, t.threshold) for t in DATA.tricks
            if (dark_alley or not t.dark_alley_only)
            and (face == "any" or CATEGORIES[t.category] == face or t.category == favorite))
    return found


def apprentice_home_free(state: TrickerionState, seat: int) -> bool:
    """A-33: a hired Apprentice needs a free board home, counting this turn's hires."""
    owned = bin((state.team[seat] | state.hired[seat]) & APPRENTICE_MASK).count("1")
    on_board = owned - (1 if state.assistant_home[seat] >= 0 else 0)
    return owned < 4 and on_board < 3


def hire_target(state: TrickerionState, seat: int, die: int) -> int:
    """The character the Inn die would hire for `seat`, or -1 (TR-9.3)."""
    face = state.dice[die]
    if die == APPRENTICE_DIE:
        if face != "apprentice" or not apprentice_home_free(state, seat):
            return -1
        taken = state.team[seat] | state.hired[seat]
        return next(c for c in range(4, 8) if not taken >> c & 1)
    char = SPECIALIST_CHAR.get(face, -1)
    if char < 0 or (state.team[seat] | state.hired[seat]) >> char & 1:
        return -1
    return char


def hire_any_targets(state: TrickerionState, seat: int) -> list[int]:
    """Headhunter: every character the player could hire with a matching die (TR-18.4)."""
    taken = state.team[seat] | state.hired[seat]
    out = [c for c in (1, 2, 3) if not taken >> c & 1]
    if apprentice_home_free(state, seat):
        out.append(next(c for c in range(4, 8) if not taken >> c & 1))
    return out


def moves(state: TrickerionState, seat: int) -> list[Move]:
    ap = state.action_points
    out: list[Move] = []
    if state.dark_alley:
        learn_ap = specials.cost(state, seat, "learn_trick", LEARN)
        hire_ap = specials.cost(state, seat, "hire_character", HIRE)
        take_ap = specials.cost(state, seat, "take_coins", TAKE)
        any_cat = specials.has(state, seat, "learn_trick", "any_category") is not None
    else:
        learn_ap, hire_ap, take_ap, any_cat = LEARN, HIRE, TAKE, False
    if ap >= learn_ap:
        board = free_board_slot(state, seat) >= 0
        eng = state.owns(seat, ENGINEER) and state.trick_slots[seat][ENGINEER_SLOT] < 0
        fav = DATA.magicians[state.magician[seat]].favorite
        reach = _fame_reach(state, seat)
        owner = state.owner
        for die in (0, 1):
            face = state.dice[die]
            if face == "x" or not (board or eng):
                continue
            for index, threshold in _learn_candidates(state.dark_alley, "any" if any_cat else face, fav):
                if owner[index] >= 0 or threshold > reach:
                    continue
                if board:
                    out.append(LEARN_MOVES[die][index][0])
                if eng:
                    out.append(LEARN_MOVES[die][index][1])
    if state.dark_alley and ap >= learn_ap and specials.has(state, seat, "learn_trick", "replace_trick"):
        out.extend(_overhauls(state, seat))
    if ap >= hire_ap:
        if state.dark_alley and specials.has(state, seat, "hire_character", "any_character"):
            out.extend(HireAny(d, char_name(c)) for d in (SPECIALIST_DIE, APPRENTICE_DIE)
                       if state.dice[d] != "x" for c in hire_any_targets(state, seat))
        else:
            out.extend(HIRE_MOVES[d] for d in (SPECIALIST_DIE, APPRENTICE_DIE)
                       if hire_target(state, seat, d) >= 0)
    dice = state.dice
    if ap >= take_ap:
        out.extend(m for m in TAKE_MOVES if dice[m.die] != "x")
    if ap >= REROLL:
        out.extend(REROLL_MOVES)
    if ap >= SET:
        for d in range(6):
            out.extend(SET_MOVES[d].get(dice[d], _ALL_SETS[d]))
    return out


def learn(state: TrickerionState, seat: int, move: LearnTrick) -> list[Event]:
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    cost = learn_cost(state, seat, trick.threshold)
    state.action_points -= specials.cost(state, seat, "learn_trick", LEARN) if state.dark_alley else LEARN
    state.coins[seat] -= cost
    suit = give_trick(state, seat, trick.index, move.engineer)
    state.dice[move.die] = "x"
    die = DICE[move.die]
    events = [pub("learned_paid", seat, trick=move.trick, die=die, coins=cost, engineer=move.engineer) if cost
              else pub("learned", seat, trick=move.trick, die=die, engineer=move.engineer)]
    if state.dark_alley and specials.active(state, seat, "learn_trick"):
        if specials.has(state, seat, "learn_trick", "any_category"):
            specials.consume(state)
        elif specials.has(state, seat, "learn_trick", "arrives_prepared") and \
                trick.threshold <= LEAKED_MAX_THRESHOLD:
            state.prepared[seat][suit] = 1            # Leaked Blueprints (TR-18.4)
            specials.consume(state)
            events.append(pub("prepared", seat, trick=move.trick, markers=1))
    return events


def _overhauls(state: TrickerionState, seat: int) -> list[Move]:
    """Trick Overhaul (TR-18.4): a learnable Trick whose requirements are met replaces an owned
    one on its slot (no free slot needed)."""
    owned = [TRICK_IDS[t] for t in state.trick_by_suit[seat] if t >= 0]
    if not owned:
        return []
    fav = DATA.magicians[state.magician[seat]].favorite
    out: list[Move] = []
    for die in (0, 1):
        face = state.dice[die]
        if face == "x":
            continue
        for t in DATA.tricks:
            if state.owner[t.index] >= 0 or not in_play(state, t) or not meets(state, seat, t):
                continue
            if not (face == "any" or CATEGORIES[t.category] == face or t.category == fav):
                continue
            if learn_cost(state, seat, t.threshold) >= 0:
                out.extend(OverhaulTrick(die, t.id, old) for old in owned)
    return out


def overhaul(state: TrickerionState, seat: int, move: OverhaulTrick) -> list[Event]:
    """Trick Overhaul: the old Trick returns to the Residence; its Symbol marker and every
    marker of its suit now stand for the new Trick."""
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    old = DATA.trick_by_id[move.old]
    cost = learn_cost(state, seat, trick.threshold)
    state.action_points -= specials.cost(state, seat, "learn_trick", LEARN)
    state.coins[seat] -= cost
    suit = state.suit_of_trick(seat, old)
    state.trick_by_suit[seat][suit] = trick.index
    state.owner[old] = -1
    state.enhanced_tricks[old] = 0
    state.owner[trick.index] = seat
    state.dice[move.die] = "x"
    specials.consume(state)
    return [pub("trick_overhauled", seat, trick=move.trick, old=move.old, die=DICE[move.die],
                coins=cost)]


LEAKED_MAX_THRESHOLD = DATA.tricks[next(t.index for t in DATA.tricks if t.level == 2)].threshold


def hire(state: TrickerionState, seat: int, move: Hire) -> list[Event]:
    char = hire_target(state, seat, move.die)
    return _hire(state, seat, char, move.die)


def hire_any(state: TrickerionState, seat: int, move: HireAny) -> list[Event]:
    events = _hire(state, seat, CHAR_INDEX[move.character], move.die)
    specials.consume(state)
    return events


def _hire(state: TrickerionState, seat: int, char: int, die: int) -> list[Event]:
    state.action_points -= specials.cost(state, seat, "hire_character", HIRE) if state.dark_alley else HIRE
    state.hired[seat] |= 1 << char
    state.dice[die] = "x"
    events = [pub("hired", seat, character=char_name(char), die=DICE[die])]
    if state.dark_alley and specials.has(state, seat, "hire_character", "hire_joins_now"):
        specials.consume(state)                                  # Hypnotic Motivation (TR-18.4)
        state.hired[seat] &= ~(1 << char)
        state.team[seat] |= 1 << char
        state.follow_up = HypnoticMotivation(char)
        events.append(pub("joined_at_once", seat, character=char_name(char)))
    card = specials.has(state, seat, "hire_character", "second_apprentice") if state.dark_alley else None
    if card is not None and char >= 4:                       # Mass Recruitment (TR-18.4)
        specials.consume(state)
        price = card.params.get("coins_cost", 0)
        if state.coins[seat] >= price and apprentice_home_free(state, seat):
            taken = state.team[seat] | state.hired[seat]
            second = next(c for c in range(4, 8) if not taken >> c & 1)
            state.hired[seat] |= 1 << second
            state.coins[seat] -= price
            events.append(pub("hired_second", seat, character=char_name(second), coins=price))
    return events


def take_coins(state: TrickerionState, seat: int, move: TakeCoins) -> list[Event]:
    value = int(state.dice[move.die])
    amount = value
    state.action_points -= specials.cost(state, seat, "take_coins", TAKE) if state.dark_alley else TAKE
    events: list[Event] = []
    if state.dark_alley:
        if state.prophecy() == "double_take_coins":
            amount *= 2                                           # p07 (TR-19.2)
        if specials.has(state, seat, "take_coins", "roll_bonus"):     # Interest
            face = state.rng.choice(DATA.dice_faces[move.die])
            bonus = 0 if face == "x" else int(face)
            amount += bonus
            specials.consume(state)
            events.append(pub("interest_rolled", seat, True, face=face, coins=bonus))
        elif specials.has(state, seat, "take_coins", "fame_die_minus_one"):   # Fame and Fortune
            state.fame[seat] += max(0, value - 1)
            specials.consume(state)
            events.append(pub("fame_and_fortune", seat, fame=max(0, value - 1)))
    state.coins[seat] += amount
    state.dice[move.die] = "x"
    if state.dark_alley and amount and specials.has(state, seat, "take_coins", "spend_at_once"):
        specials.consume(state)                                  # Investments (TR-18.4)
        state.follow_up = Investments(amount, INVEST_COUNT)
    return [pub("took_coins", seat, coins=amount, die=DICE[move.die]), *events]


INVEST_COUNT = 3                 # Investments: "up to 3 components"


def reroll(state: TrickerionState, seat: int, move: RerollDie) -> list[Event]:
    state.dice[move.die] = state.rng.choice(DATA.dice_faces[move.die])
    state.rerolls[move.die] += 1
    state.action_points -= REROLL
    return [pub("die_rerolled", seat, True, die=DICE[move.die], face=state.dice[move.die])]


def set_die(state: TrickerionState, seat: int, move: SetDie) -> list[Event]:
    state.dice[move.die] = move.face
    state.action_points -= SET
    return [pub("die_set", seat, die=DICE[move.die], face=move.face)]
