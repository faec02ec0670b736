"""Playing a legal move: one rule per move class, each advancing to the next decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlor.core import Event, Move

from ..board import ROLES
from ..moves import (
    Bid,
    Build,
    Buy,
    ChooseRole,
    Decline,
    Destination,
    Done,
    Fame,
    Follow,
    Pass,
    Place,
    Score,
    Sell,
    Store,
)
from ..steps import BUILD, BUY, ESPERTO
from . import architetto, budget, characters, impresario, programme, signora, turns

if TYPE_CHECKING:
    from ..state import OperaState


Rule = Callable[["OperaState", int, Any], list[Event]]


def _bid(state: OperaState, seat: int, move: Bid) -> list[Event]:
    events = budget.commit(state, seat, move)
    if state.commits is None:  # the last bid revealed them all: the action phase begins (OP-6.5)
        events += turns.start_action_phase(state)
    return events


def _role(state: OperaState, seat: int, move: ChooseRole) -> list[Event]:
    return turns.choose_role(state, seat, ROLES.index(move.role))


def _pass(state: OperaState, seat: int, move: Pass) -> list[Event]:
    return [turns.mark_passed(state, seat, forced=False), *turns.next_turn(state)]


def _done(state: OperaState, seat: int, move: Done) -> list[Event]:
    if state.step == BUY:
        return impresario.done(state, seat)
    if state.step == BUILD:
        return architetto.done(state, seat)
    return programme.done(state, seat)


def _follow(state: OperaState, seat: int, move: Follow) -> list[Event]:
    return turns.follow(state, seat)


def _decline(state: OperaState, seat: int, move: Decline) -> list[Event]:
    if state.step == ESPERTO:
        return characters.other_scores(state, seat, take=False)
    return turns.decline(state, seat)


def _score(state: OperaState, seat: int, move: Score) -> list[Event]:
    return characters.other_scores(state, seat, take=True)


# Each move class to the rule that plays it; every rule takes (state, seat, move of that class).
RULES: dict[type[Move], Rule] = {
    Bid: _bid, ChooseRole: _role, Pass: _pass, Buy: impresario.buy, Done: _done,
    Store: programme.store, Place: programme.place, Build: architetto.build, Sell: signora.sell,
    Follow: _follow, Decline: _decline, Destination: characters.move_figure,
    Fame: characters.critico, Score: _score,
}


def apply(state: OperaState, seat: int, move: Move) -> list[Event]:
    return RULES[type(move)](state, seat, move)
