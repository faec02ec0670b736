"""Playing a legal move: one handler per move kind, each advancing to the next decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

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


def _bid(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Bid)
    events = budget.commit(state, seat, move)
    if state.commits is None:  # the last bid revealed them all: the action phase begins (OP-6.5)
        events += turns.start_action_phase(state)
    return events


def _role(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, ChooseRole)
    return turns.choose_role(state, seat, ROLES.index(move.role))


def _pass(state: OperaState, seat: int, move: Move) -> list[Event]:
    return [turns.mark_passed(state, seat, forced=False), *turns.next_turn(state)]


def _buy(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Buy)
    return impresario.buy(state, seat, move)


def _done(state: OperaState, seat: int, move: Move) -> list[Event]:
    if state.step == BUY:
        return impresario.done(state, seat)
    if state.step == BUILD:
        return architetto.done(state, seat)
    return programme.done(state, seat)


def _store(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Store)
    return programme.store(state, seat, move)


def _place(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Place)
    return programme.place(state, seat, move)


def _build(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Build)
    return architetto.build(state, seat, move)


def _sell(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Sell)
    return signora.sell(state, seat, move)


def _follow(state: OperaState, seat: int, move: Move) -> list[Event]:
    return turns.follow(state, seat)


def _decline(state: OperaState, seat: int, move: Move) -> list[Event]:
    if state.step == ESPERTO:
        return characters.other_scores(state, seat, take=False)
    return turns.decline(state, seat)


def _destination(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Destination)
    return characters.move_figure(state, seat, move)


def _fame(state: OperaState, seat: int, move: Move) -> list[Event]:
    assert isinstance(move, Fame)
    return characters.critico(state, seat, move)


def _score(state: OperaState, seat: int, move: Move) -> list[Event]:
    return characters.other_scores(state, seat, take=True)


HANDLERS: dict[str, Callable[[OperaState, int, Move], list[Event]]] = {
    Bid.kind: _bid, ChooseRole.kind: _role, Pass.kind: _pass, Buy.kind: _buy, Done.kind: _done,
    Store.kind: _store, Place.kind: _place, Build.kind: _build, Sell.kind: _sell,
    Follow.kind: _follow, Decline.kind: _decline, Destination.kind: _destination,
    Fame.kind: _fame, Score.kind: _score,
}


def apply(state: OperaState, seat: int, move: Move) -> list[Event]:
    return HANDLERS[move.kind](state, seat, move)
