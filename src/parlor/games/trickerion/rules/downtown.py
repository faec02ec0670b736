"""Downtown (TR-9): Learn Trick, Hire Character, Take Coins, Reroll Die, Set Die."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import ENGINEER, ENGINEER_SLOT
from ..data import CATEGORIES, DATA, DICE
from ..moves import Hire, LearnTrick, RerollDie, SetDie, TakeCoins
from .common import free_board_slot, give_trick, in_play, pub

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
    on_board = owned - (1 if s.asst_home[seat] >= 0 else 0)
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


def moves(s: TrickerionState, seat: int) -> list[Move]:
    ap = s.pc_ap
    out: list[Move] = []
    if ap >= LEARN:
        board = free_board_slot(s, seat) >= 0
        eng = s.owns(seat, ENGINEER) and s.tslot[seat][ENGINEER_SLOT] < 0
        fav = DATA.magicians[s.magician[seat]].favorite
        for die in (0, 1):
            face = s.dice[die]
            if face == "x" or not (board or eng):
                continue
            for t in DATA.tricks:
                if s.owner[t.index] >= 0 or not in_play(s, t):
                    continue
                if not (face == "any" or CATEGORIES[t.category] == face or t.category == fav):
                    continue
                if learn_cost(s, seat, t.threshold) < 0:
                    continue
                if board:
                    out.append(LearnTrick(die, t.id, False))
                if eng:
                    out.append(LearnTrick(die, t.id, True))
    if ap >= HIRE:
        out.extend(Hire(d) for d in (SPECIALIST_DIE, APPRENTICE_DIE) if hire_target(s, seat, d) >= 0)
    if ap >= TAKE:
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
    s.coins[seat] -= cost
    give_trick(s, seat, trick.index, move.engineer)
    s.dice[move.die] = "x"
    s.pc_ap -= LEARN
    return [pub("learned", seat, trick=move.trick, die=DICE[move.die], coins=cost,
                engineer=move.engineer)]


def hire(s: TrickerionState, seat: int, move: Hire) -> list[Event]:
    from .common import char_name
    char = hire_target(s, seat, move.die)
    s.hired[seat] |= 1 << char
    s.dice[move.die] = "x"
    s.pc_ap -= HIRE
    return [pub("hired", seat, character=char_name(char), die=DICE[move.die])]


def take_coins(s: TrickerionState, seat: int, move: TakeCoins) -> list[Event]:
    amount = int(s.dice[move.die])
    s.coins[seat] += amount
    s.dice[move.die] = "x"
    s.pc_ap -= TAKE
    return [pub("took_coins", seat, coins=amount, die=DICE[move.die])]


def reroll(s: TrickerionState, seat: int, move: RerollDie) -> list[Event]:
    s.dice[move.die] = s.rng.choice(DATA.dice_faces[move.die])
    s.rerolls[move.die] += 1
    s.pc_ap -= REROLL
    return [pub("die_rerolled", seat, True, die=DICE[move.die], face=s.dice[move.die])]


def set_die(s: TrickerionState, seat: int, move: SetDie) -> list[Event]:
    s.dice[move.die] = move.face
    s.pc_ap -= SET
    return [pub("die_set", seat, die=DICE[move.die], face=move.face)]
