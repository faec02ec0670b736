"""OP-7 Action phase and OP-8 follow windows: turns in budget order, role choice, passing,
the three-role limit, and follow offers in a snapshot of the turn order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..board import ARCHITETTO, CHARACTER_FIGURE, IMPRESARIO, ROLES, SIGNORA
from ..steps import BUILD, BUY, DEST, OFFER, SELL, TURN
from . import endround
from .figures import destinations
from .track import pay_budget

if TYPE_CHECKING:
    from ..state import OperaState


def start_action_phase(s: OperaState) -> list[Event]:
    """OP-6.5: the new turn order governs the action phase."""
    s.passed = [False] * s.players
    s.roles_used = [0] * s.players
    return next_turn(s)


def role_open(s: OperaState, seat: int, role: int) -> bool:
    """OP-7.2 items 1-3: not chosen yet, fewer than 3 roles, enough budget."""
    return (s.role_by[role] < 0 and s.roles_used[seat] < s.data.max_roles
            and s.row[seat] >= s.data.roles[role].cost)


def _publicly_possible(s: OperaState, seat: int) -> bool:
    """Whether some role might be legal, judged on public facts only (the Signora's need for a
    piece is not judged: supplies are private). False means the player must pass (OP-7.8)."""
    for role in range(len(ROLES)):
        if not role_open(s, seat, role):
            continue
        if role == SIGNORA and len(s.palazzo) >= s.data.palazzo_capacity:
            continue
        if role in CHARACTER_FIGURE and not destinations(s, seat, role):
            continue
        return True
    return False


def next_turn(s: OperaState) -> list[Event]:
    """OP-7.1: the first active player in turn order decides; OP-7.9: all passed ends the phase.
    A player for whom no role can be legal (public facts) passes at once (OP-7.8, EX-27)."""
    events: list[Event] = []
    while True:
        active = [p for p in s.order() if not s.passed[p]]
        if not active:
            return events + endround.finish_round(s)
        seat = active[0]
        if _publicly_possible(s, seat):
            s.step, s.actor, s.role, s.chooser = TURN, seat, -1, -1
            return events
        events.append(mark_passed(s, seat, forced=True))


def mark_passed(s: OperaState, seat: int, forced: bool) -> Event:
    s.passed[seat] = True
    return Event("passed", seat, PUBLIC, {"forced": forced})


def choose_role(s: OperaState, seat: int, role: int) -> list[Event]:
    """OP-7.3, OP-7.4: pay the cost, take the tile, carry out the role."""
    cost = s.data.roles[role].cost
    pay_budget(s, seat, cost)
    s.role_by[role] = seat
    s.roles_used[seat] += 1
    s.role, s.chooser, s.actor, s.uses, s.following = role, seat, seat, 0, False
    events = [Event("role_chosen", seat, PUBLIC, {"role": ROLES[role], "cost": cost,
                                                  "row": s.row[seat], "slot": s.slot[seat]})]
    return events + start_use(s, seat)


def start_use(s: OperaState, seat: int) -> list[Event]:
    """Hand the decision to `seat` (chooser or follower) for the current role."""
    s.actor, s.uses = seat, 0
    s.step = {IMPRESARIO: BUY, ARCHITETTO: BUILD, SIGNORA: SELL}.get(s.role, DEST)
    return []


def use_finished(s: OperaState) -> list[Event]:
    """The chooser's or a follower's action is over: open / continue the follow window (OP-8)."""
    if not s.following:
        if not s.data.roles[s.role].followable:
            return end_role(s)
        s.queue = [p for p in s.order() if p != s.chooser]
        s.following = True
    return next_offer(s)


def may_be_offered(s: OperaState, seat: int) -> bool:
    """OP-8.2, OP-8.4: active (option `passed_players_may_follow`) and budget for one use."""
    if s.passed[seat] and not s.options.passed_players_may_follow:
        return False
    return s.row[seat] >= s.data.roles[s.role].follow_min_cost


def next_offer(s: OperaState) -> list[Event]:
    """OP-8.3, OP-8.5: offers in the snapshot order; OP-9.3.4: no Signora offer once full."""
    while s.queue:
        if s.role == SIGNORA and len(s.palazzo) >= s.data.palazzo_capacity:
            s.queue = []
            break
        seat = s.queue.pop(0)
        if may_be_offered(s, seat):
            s.step, s.actor = OFFER, seat
            return []
    return end_role(s)


def follow(s: OperaState, seat: int) -> list[Event]:
    event = Event("followed", seat, PUBLIC, {"role": ROLES[s.role]})
    return [event, *start_use(s, seat)]


def decline(s: OperaState, seat: int) -> list[Event]:
    event = Event("declined", seat, PUBLIC, {"role": ROLES[s.role]})
    return [event, *next_offer(s)]


def end_role(s: OperaState) -> list[Event]:
    """OP-7.7: after the third role and its window, the chooser passes (option
    `pass_after_third_role`); then the next turn."""
    events: list[Event] = []
    chooser = s.chooser
    s.following, s.queue = False, []
    if (s.options.pass_after_third_role and s.roles_used[chooser] >= s.data.max_roles
            and not s.passed[chooser]):
        events.append(mark_passed(s, chooser, forced=True))
    return events + next_turn(s)
