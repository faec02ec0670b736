"""Who decides what: legal moves per decision, one handler per move kind, and `advance`, the
automatic steps run in a fixed order until some seat must decide (DESIGN: decisions are small)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlor.core import Event, Move

from ..moves import (
    Ability,
    AddWeapon,
    Attack,
    Blocker,
    BlockersDone,
    Build,
    BuildGround,
    ChoicesDone,
    ChooseCharacter,
    Continue,
    ContinueGround,
    EndPhase,
    Give,
    Guard,
    Invest,
    Keep,
    Launch,
    OrderTarget,
    Pass,
    PickObject,
    PickWeapon,
    Place,
    RevealCharacter,
    RevealFaction,
    Target,
    TargetsDone,
    Use,
    choose_card,
)
from . import attack, priority, production, turns

if TYPE_CHECKING:
    from ..state import StarRoadState

Handler = Callable[[Any, int, Any], list[Event]]


def context(state: StarRoadState) -> str:
    """The kind of decision now: choose | draft | response | action | window."""
    if state.phase == "choose":
        return "choose"
    if state.draft is not None:
        return "draft"
    if state.stack:
        return "response"
    return "action" if state.phase == "action" else "window"


def legal_moves(state: StarRoadState, seat: int) -> list[Move]:
    ctx = context(state)
    if ctx == "choose":
        return [choose_card(c) for c in sorted(state.players[seat].dealt)]
    if ctx == "draft":
        d = state.draft
        assert d is not None
        if d.kind == "produce":
            if d.new and d.slot < 0 and d.ground < 0:
                return production.place_moves(state, seat)
            return production.invest_moves(state, d)
        if d.kind == "attack":
            return attack.draft_moves(state, d)
        if d.kind == "block":
            return attack.block_moves(state, d)
        if d.kind == "use":
            return priority.use_draft_moves(state, d)
        return turns.reward_moves(state, d)
    return priority.priority_moves(state, seat, ctx)


def _target(state: StarRoadState, seat: int, move: Target) -> list[Event]:
    assert state.draft is not None
    if state.draft.kind == "attack":
        return attack.target(state, seat, move)
    return priority.choose_target(state, seat, move)


HANDLERS: dict[type[Move], Handler] = {
    ChooseCharacter: turns.choose,
    Build: production.start, Continue: production.start, BuildGround: production.start,
    ContinueGround: production.start, Place: production.place, Invest: production.invest,
    Attack: attack.begin, AddWeapon: attack.begin, Target: _target,
    TargetsDone: attack.targets_done, Launch: attack.launch, OrderTarget: attack.order,
    Blocker: attack.add_blocker, BlockersDone: attack.blockers_done, Guard: attack.guard,
    Use: priority.use, Ability: priority.ability, PickObject: priority.pick_object,
    PickWeapon: priority.pick_weapon, ChoicesDone: priority.choices_done,
    RevealFaction: priority.reveal_faction, RevealCharacter: priority.reveal_character,
    Pass: priority.pass_priority, EndPhase: priority.end_phase,
    Give: turns.give, Keep: turns.keep,
}

def apply(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    events = HANDLERS[type(move)](state, seat, move)
    return events + advance(state)


def resolve(state: StarRoadState, decl: Any) -> list[Event]:
    if decl.kind == "attack":
        return attack.resolve_attack(state, decl)
    if decl.kind == "block":
        return attack.resolve_block(state, decl)
    return priority.resolve_use(state, decl)


def advance(state: StarRoadState) -> list[Event]:
    """Automatic steps in a fixed order: raised decisions, the stack, the attack in progress,
    a turn cut short (SR-6.7), the end-of-action window, the turn end."""
    events: list[Event] = []
    for _ in range(100_000):
        if state.over or state.draft is not None or state.phase == "choose":
            return events
        if state.queue:
            state.draft = state.queue.pop(0)
            if state.draft.kind == "use":
                events += priority.settle_use(state)
            continue
        if state.stack:
            top = state.stack[-1]
            if state.responder(top) is not None:
                return events
            state.stack.pop()
            events += resolve(state, top)
            if state.stack:
                state.stack[-1].asked = 0
            continue
        if state.attack is not None:
            events += attack.step(state)
            continue
        if not state.players[state.active].alive:
            events += turns.end_turn(state)
            continue
        if state.phase == "action" or state.window:
            return events
        events += turns.end_turn(state)
    raise AssertionError("advance did not reach a decision")


def why_illegal(state: StarRoadState, seat: int, move: Move) -> str:
    """A sentence naming the rule that forbids `move` now."""
    ctx = context(state)
    kind = move.kind
    if ctx == "choose":
        return f"SR-5.5: seat {seat} may keep only one of its two dealt cards, not {move}"
    if ctx == "draft":
        d = state.draft
        assert d is not None
        if isinstance(move, Invest) and d.kind == "produce" and (d.slot >= 0 or d.ground >= 0):
            return (f"SR-8.5: {move.amount} [W] is not allowed here: between 1 and "
                    f"{production.max_invest(state, d)} (cap left, storage, cost still missing)")
        if isinstance(move, Place) and d.kind == "produce":
            return ("SR-8.3: a new object takes the lowest empty level of its line; only on a "
                    f"full line may one of its objects be replaced ({move})")
        if isinstance(move, Target):
            return f"SR-11.2/SR-21: seat {move.seat} is not a legal choice (distance, range, alive)"
        return f"SR-6.4: {kind} is not the decision being made now ({d.kind} in progress)"
    if isinstance(move, (Build, Continue, Invest, Place, BuildGround, ContinueGround)):
        if ctx != "action":
            return "SR-8.3: only the active character produces, in its action phase, stack empty"
        return ("SR-8.3/SR-8.5: cannot produce that now (storage, investment cap per object per "
                "turn, or the object is complete: SR-8.9)")
    if isinstance(move, Attack):
        if ctx != "action":
            return "SR-10.3: weapons are used only in one's own action phase with an empty stack"
        if state.first_turn_locked(seat):
            return "SR-7.1: no object may be used in one's own first turn (except the last character)"
        return ("SR-12.1: that weapon cannot attack now (incomplete, X(t) not charged, storage "
                "requirement SR-14, or no target in range SR-11.2)")
    if isinstance(move, Use):
        if state.first_turn_locked(seat):
            return "SR-7.1: no object may be used in one's own first turn (except the last character)"
        return ("SR-10.2: that object cannot be used now (not ready, timing SR-10.3, storage "
                "requirement SR-14, or no legal choice SR-21.1)")
    if isinstance(move, Ability):
        return "SR-18.3: no activated ability is available now (limit, timing or choices)"
    if isinstance(move, RevealFaction):
        return "SR-4.3: only a face-down captain card can be turned face up"
    if isinstance(move, RevealCharacter):
        return "SR-18.2: the character card is already face up"
    if isinstance(move, EndPhase):
        return "SR-6.4: only the active character ends its action phase"
    if isinstance(move, Pass):
        return "SR-6.4: the active character ends its action phase with `end`, not `pass`"
    return f"SR-10.4: {kind} is not possible for seat {seat} now (context: {ctx})"
