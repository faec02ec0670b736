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


def _bid(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Bid)
    events = budget.commit(s, seat, m)
    if s.commits is None:  # the last bid revealed them all: the action phase begins (OP-6.5)
        events += turns.start_action_phase(s)
    return events


def _role(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, ChooseRole)
    return turns.choose_role(s, seat, ROLES.index(m.role))


def _pass(s: OperaState, seat: int, m: Move) -> list[Event]:
    return [turns.mark_passed(s, seat, forced=False), *turns.next_turn(s)]


def _buy(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Buy)
    return impresario.buy(s, seat, m)


def _done(s: OperaState, seat: int, m: Move) -> list[Event]:
    if s.step == BUY:
        return impresario.done(s, seat)
    if s.step == BUILD:
        return architetto.done(s, seat)
    return programme.done(s, seat)


def _store(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Store)
    return programme.store(s, seat, m)


def _place(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Place)
    return programme.place(s, seat, m)


def _build(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Build)
    return architetto.build(s, seat, m)


def _sell(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Sell)
    return signora.sell(s, seat, m)


def _follow(s: OperaState, seat: int, m: Move) -> list[Event]:
    return turns.follow(s, seat)


def _decline(s: OperaState, seat: int, m: Move) -> list[Event]:
    if s.step == ESPERTO:
        return characters.other_scores(s, seat, take=False)
    return turns.decline(s, seat)


def _destination(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Destination)
    return characters.move_figure(s, seat, m)


def _fame(s: OperaState, seat: int, m: Move) -> list[Event]:
    assert isinstance(m, Fame)
    return characters.critico(s, seat, m)


def _score(s: OperaState, seat: int, m: Move) -> list[Event]:
    return characters.other_scores(s, seat, take=True)


HANDLERS: dict[str, Callable[[OperaState, int, Move], list[Event]]] = {
    Bid.kind: _bid, ChooseRole.kind: _role, Pass.kind: _pass, Buy.kind: _buy, Done.kind: _done,
    Store.kind: _store, Place.kind: _place, Build.kind: _build, Sell.kind: _sell,
    Follow.kind: _follow, Decline.kind: _decline, Destination.kind: _destination,
    Fame.kind: _fame, Score.kind: _score,
}


def apply(s: OperaState, seat: int, move: Move) -> list[Event]:
    return HANDLERS[move.kind](s, seat, move)
