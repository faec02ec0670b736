"""What a seat risks before its next turn (the lab's cautious policy, `Style.caution`): the
attacks within reach of it, less what its ready blockers absorb, read from an `Outlook`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_values import KILLED, hp_worth

if TYPE_CHECKING:
    from .data import ObjectDef
    from .heuristic_outlook import Outlook
    from .state import StarRoadState


def exposure(look: Outlook, threat: float | None = None) -> float:
    """The HP worth the seat expects to lose before its next turn: the attacks it can expect
    (`incoming`; `threat` when the caller worked it out for this outlook), less what the seat's
    ready blockers absorb (SR-13)."""
    x = look.seat
    hp = look.hp[x]
    if hp <= 0:
        return 0.0
    net = (incoming(look) if threat is None else threat) - guard(look, x)
    if net <= 0.0:
        return 0.0
    left = hp - net
    return hp_worth(hp) - (hp_worth(left) if left > 0 else -KILLED)


def incoming(look: Outlook) -> float:
    """The attack the seat can expect before its next turn: every other living character's
    ready weapons within reach and the attack its storage can still build and fire (SR-8.5,
    SR-12), each weighted by the chance that it is an enemy and shared among the characters
    it can reach. It reads only the other characters, so the seat's own production leaves it
    as it is."""
    s = look.s
    x = look.seat
    gain = s.content.base.constants.supply_gain
    incoming = 0.0
    for e in s.after(x):
        hostile = (1.0 - look.weights[e]) / 2.0
        if hostile <= 0.0 or look.hp[e] <= 0:
            continue
        reach = s.distance(e, x)
        power = ready_attack(look, e, reach) + look.yard.burst(look.storage[e] + gain, reach)
        if power <= 0.0:
            continue
        aims = sum(1 for t in s.after(e) if s.distance(e, t) <= max(reach, 1))
        incoming += hostile * power / max(1.0, 0.5 * (aims + 1))
    return incoming


def ready_attack(look: Outlook, e: int, reach: int) -> float:
    """Attack of `e`'s ready weapons that reach `reach` (a hidden one by its average)."""
    s = look.s
    total = 0.0
    for o in s.players[e].slots:
        if o is None or not o.marks or o.uid in look.gone:
            continue
        if look.knows(e, o):
            d = s.content.chart[o.no]
            if (d.type == "A" and (not d.delay or (o.armed and not o.delay))
                    and s.weapon_range(e, d) >= reach):
                total += d.a
        elif reach <= 1:
            total += look.yard.guess(o.w, o.marks, o.intact).attack
    return total


def guard(look: Outlook, x: int) -> float:
    """What `x`'s ready blockers absorb of one turn's attacks (SR-13.3-13.5), the production
    under way included."""
    s = look.s
    plan = look.plan if look.plan is not None and look.plan.seat == x else None
    total = plan.guard if plan is not None else 0.0
    skip = plan.replaced if plan is not None else -1
    for o in s.players[x].slots:
        if o is None or not o.marks or o.uid in look.gone or o.uid == skip:
            continue
        if look.knows(x, o):
            d = s.content.chart[o.no]
            if s.storage_ok(x, d):
                total += max(0.0, guard_of(s, x, d, float(o.w)) - o.absorbed)
        else:
            total += look.yard.guess(o.w, o.marks, o.intact).guard
    return total


def guard_of(s: StarRoadState, x: int, d: ObjectDef, w: float) -> float:
    """What a complete object of design `d` holding `w` [W] absorbs as a blocker."""
    if d.block_mode in ("P", "M"):
        return float(s.protection(x, d))
    return w if d.block_mode == "W" else 0.0
