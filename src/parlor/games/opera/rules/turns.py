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


def start_action_phase(state: OperaState) -> list[Event]:
    """OP-6.5: the new turn order governs the action phase."""
    state.passed = [False] * state.players
    state.roles_used = [0] * state.players
    return next_turn(state)


def role_open(state: OperaState, seat: int, role: int) -> bool:
    """OP-7.2 items 1-3: not chosen yet, fewer than 3 roles, enough budget."""
    return (state.role_by[role] < 0 and state.roles_used[seat] < state.data.max_roles
            and state.row[seat] >= state.data.roles[role].cost)


def _publicly_possible(state: OperaState, seat: int) -> bool:
    """Whether some role might be legal, judged on public facts only (the Signora's need for a
    piece is not judged: supplies are private). False means the player must pass (OP-7.8)."""
    for role in range(len(ROLES)):
        if not role_open(state, seat, role):
            continue
        if role == SIGNORA and len(state.palazzo) >= state.data.palazzo_capacity:
            continue
        if role in CHARACTER_FIGURE and not destinations(state, seat, role):
            continue
        return True
    return False


def next_turn(state: OperaState) -> list[Event]:
    """OP-7.1: the first active player in turn order decides; OP-7.9: all passed ends the phase.
    A player for whom no role can be legal (public facts) passes at once (OP-7.8, EX-27)."""
    events: list[Event] = []
    while True:
        active = [p for p in state.order() if not state.passed[p]]
        if not active:
            return events + endround.finish_round(state)
        seat = active[0]
        if _publicly_possible(state, seat):
            state.step, state.actor, state.role, state.chooser = TURN, seat, -1, -1
            return events
        events.append(mark_passed(state, seat, forced=True))


def mark_passed(state: OperaState, seat: int, forced: bool) -> Event:
    state.passed[seat] = True
    return Event("passed", seat, PUBLIC, {"forced": forced})


def choose_role(state: OperaState, seat: int, role: int) -> list[Event]:
    """OP-7.3, OP-7.4: pay the cost, take the tile, carry out the role."""
    cost = state.data.roles[role].cost
    pay_budget(state, seat, cost)
    state.role_by[role] = seat
    state.roles_used[seat] += 1
    state.role, state.chooser, state.actor, state.uses, state.following = role, seat, seat, 0, False
    events = [Event("role_chosen", seat, PUBLIC, {"role": ROLES[role], "cost": cost,
                                                  "row": state.row[seat], "slot": state.slot[seat]})]
    return events + start_use(state, seat)


def start_use(state: OperaState, seat: int) -> list[Event]:
    """Hand the decision to `seat` (chooser or follower) for the current role."""
    state.actor, state.uses = seat, 0
    state.step = {IMPRESARIO: BUY, ARCHITETTO: BUILD, SIGNORA: SELL}.get(state.role, DEST)
    return []


def use_finished(state: OperaState) -> list[Event]:
    """The chooser's or a follower's action is over: open / continue the follow window (OP-8)."""
    if not state.following:
        if not state.data.roles[state.role].followable:
            return end_role(state)
        state.queue = [p for p in state.order() if p != state.chooser]
        state.following = True
    return next_offer(state)


def may_be_offered(state: OperaState, seat: int) -> bool:
    """OP-8.2, OP-8.4: active (option `passed_players_may_follow`) and budget for one use."""
    if state.passed[seat] and not state.options.passed_players_may_follow:
        return False
    return state.row[seat] >= state.data.roles[state.role].follow_min_cost


def next_offer(state: OperaState) -> list[Event]:
    """OP-8.3, OP-8.5: offers in the snapshot order; OP-9.3.4: no Signora offer once full."""
    while state.queue:
        if state.role == SIGNORA and len(state.palazzo) >= state.data.palazzo_capacity:
            state.queue = []
            break
        seat = state.queue.pop(0)
        if may_be_offered(state, seat):
            state.step, state.actor = OFFER, seat
            return []
    return end_role(state)


def follow(state: OperaState, seat: int) -> list[Event]:
    event = Event("followed", seat, PUBLIC, {"role": ROLES[state.role]})
    return [event, *start_use(state, seat)]


def decline(state: OperaState, seat: int) -> list[Event]:
    event = Event("declined", seat, PUBLIC, {"role": ROLES[state.role]})
    return [event, *next_offer(state)]


def end_role(state: OperaState) -> list[Event]:
    """OP-7.7: after the third role and its window, the chooser passes (option
    `pass_after_third_role`); then the next turn."""
    events: list[Event] = []
    chooser = state.chooser
    state.following, state.queue = False, []
    if (state.options.pass_after_third_role and state.roles_used[chooser] >= state.data.max_roles
            and not state.passed[chooser]):
        events.append(mark_passed(state, chooser, forced=True))
    return events + next_turn(state)
