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
)
from . import attack, priority, production, turns

if TYPE_CHECKING:
    from ..state import StarRoadState

Handler = Callable[[Any, int, Any], list[Event]]


def context(s: StarRoadState) -> str:
    """The kind of decision now: choose | draft | response | action | window."""
    if s.phase == "choose":
        return "choose"
    if s.draft is not None:
        return "draft"
    if s.stack:
        return "response"
    return "action" if s.phase == "action" else "window"


def legal_moves(s: StarRoadState, seat: int) -> list[Move]:
    ctx = context(s)
    if ctx == "choose":
        return [ChooseCharacter(c) for c in sorted(s.players[seat].dealt)]
    if ctx == "draft":
        d = s.draft
        assert d is not None
        if d.kind == "produce":
            if d.new and d.slot < 0 and d.ground < 0:
                return production.place_moves(s, seat)
            return production.invest_moves(s, d)
        if d.kind == "attack":
            return attack.draft_moves(s, d)
        if d.kind == "block":
            return attack.block_moves(s, d)
        if d.kind == "use":
            return priority.use_draft_moves(s, d)
        return turns.reward_moves(s, d)
    return priority.priority_moves(s, seat, ctx)


def _target(s: StarRoadState, seat: int, move: Target) -> list[Event]:
    assert s.draft is not None
    if s.draft.kind == "attack":
        return attack.target(s, seat, move)
    return priority.choose_target(s, seat, move)


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

def apply(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    events = HANDLERS[type(move)](s, seat, move)
    return events + advance(s)


def resolve(s: StarRoadState, decl: Any) -> list[Event]:
    if decl.kind == "attack":
        return attack.resolve_attack(s, decl)
    if decl.kind == "block":
        return attack.resolve_block(s, decl)
    return priority.resolve_use(s, decl)


def advance(s: StarRoadState) -> list[Event]:
    """Automatic steps in a fixed order: raised decisions, the stack, the attack in progress,
    a turn cut short (SR-6.7), the end-of-action window, the turn end."""
    events: list[Event] = []
    for _ in range(100_000):
        if s.over or s.draft is not None or s.phase == "choose":
            return events
        if s.queue:
            s.draft = s.queue.pop(0)
            if s.draft.kind == "use":
                events += priority.settle_use(s)
            continue
        if s.stack:
            top = s.stack[-1]
            if s.responder(top) is not None:
                return events
            s.stack.pop()
            events += resolve(s, top)
            if s.stack:
                s.stack[-1].asked = 0
            continue
        if s.attack is not None:
            events += attack.step(s)
            continue
        if not s.players[s.active].alive:
            events += turns.end_turn(s)
            continue
        if s.phase == "action" or s.window:
            return events
        events += turns.end_turn(s)
    raise AssertionError("advance did not reach a decision")


def why_illegal(s: StarRoadState, seat: int, move: Move) -> str:
    """A sentence naming the rule that forbids `move` now."""
    ctx = context(s)
    kind = move.kind
    if ctx == "choose":
        return f"SR-5.5: seat {seat} may keep only one of its two dealt cards, not {move}"
    if ctx == "draft":
        d = s.draft
        assert d is not None
        if isinstance(move, Invest) and d.kind == "produce" and (d.slot >= 0 or d.ground >= 0):
            return (f"SR-8.5: {move.amount} [W] is not allowed here: between 1 and "
                    f"{production.max_invest(s, d)} (cap left, storage, cost still missing)")
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
        if s.first_turn_locked(seat):
            return "SR-7.1: no object may be used in one's own first turn (except the last character)"
        return ("SR-12.1: that weapon cannot attack now (incomplete, X(t) not charged, storage "
                "requirement SR-14, or no target in range SR-11.2)")
    if isinstance(move, Use):
        if s.first_turn_locked(seat):
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
