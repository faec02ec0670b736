"""Attacks: declaration (SR-12.1), blocking (SR-12.3), damage calculation (SR-13) and the
after-use step (SR-12.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..model import AttackState, Decl, Draft, Obj
from ..moves import AddWeapon, Attack, Blocker, BlockersDone, Guard, Launch, OrderTarget, Target, TargetsDone
from .common import after_use, damage_base, destroy, pub, use_mark

if TYPE_CHECKING:
    from ..state import StarRoadState


# ----------------------------------------------------------------------------- declaration
def weapon_ready(s: StarRoadState, seat: int, o: Obj) -> bool:
    """SR-9.2, SR-14, SR-15.8: complete, charged if X(t), storage requirement met."""
    d = s.content.chart[o.no]
    if d.type != "A" or o.marks == 0 or not s.storage_ok(seat, d):
        return False
    return d.delay == 0 or (o.armed and o.delay == 0)


def weapon_targets(s: StarRoadState, seat: int, o: Obj) -> list[int]:
    """SR-11.2: living characters other than the attacker within the weapon's range."""
    reach = s.weapon_range(seat, s.content.chart[o.no])
    return [t for t in range(s.n)
            if t != seat and s.players[t].alive and s.distance(seat, t) <= reach]


def attack_moves(s: StarRoadState, seat: int) -> list[Move]:
    """SR-12.1, SR-7.1: weapons that may open an attack."""
    if s.first_turn_locked(seat):
        return []
    out: list[Move] = []
    for slot, o in enumerate(s.players[seat].slots):
        if o is not None and weapon_ready(s, seat, o) and weapon_targets(s, seat, o):
            out.append(Attack(*s.line_level(slot)))
    return out


def draft_moves(s: StarRoadState, d: Draft) -> list[Move]:
    """The next step of an attack declaration."""
    if d.stage == "targets":
        uid, chosen = d.weapons[-1]
        o = s.obj(uid)
        assert o is not None
        out: list[Move] = [Target(t) for t in weapon_targets(s, d.seat, o) if t not in chosen]
        if chosen:
            out.append(TargetsDone())
        return out
    if d.stage == "more":
        used = {uid for uid, _ in d.weapons}
        out = []
        for slot, o in enumerate(s.players[d.seat].slots):
            if (o is not None and o.uid not in used and weapon_ready(s, d.seat, o)
                    and weapon_targets(s, d.seat, o)):
                out.append(AddWeapon(*s.line_level(slot)))
        out.append(Launch())
        return out
    return [OrderTarget(t) for t in _targets(d) if t not in d.order]


def _targets(d: Draft) -> list[int]:
    out: list[int] = []
    for _, targets in d.weapons:
        out.extend(t for t in targets if t not in out)
    return out


def begin(s: StarRoadState, seat: int, move: Attack | AddWeapon) -> list[Event]:
    if s.draft is None:
        s.draft = Draft("attack", seat)
    d = s.draft
    o = s.players[seat].slots[s.slot_of(move.line, move.level)]
    assert o is not None
    d.weapons.append((o.uid, ()))
    d.stage = "targets"
    return []


def target(s: StarRoadState, seat: int, move: Target) -> list[Event]:
    d = s.draft
    assert d is not None
    uid, chosen = d.weapons[-1]
    chosen = (*chosen, move.seat)
    d.weapons[-1] = (uid, chosen)
    o = s.obj(uid)
    assert o is not None
    left = [t for t in weapon_targets(s, seat, o) if t not in chosen]
    if len(chosen) >= s.content.chart[o.no].targets or not left:
        d.stage = "more"
    return []


def targets_done(s: StarRoadState, seat: int, move: TargetsDone) -> list[Event]:
    assert s.draft is not None
    s.draft.stage = "more"
    return []


def launch(s: StarRoadState, seat: int, move: Launch) -> list[Event]:
    d = s.draft
    assert d is not None
    if len(_targets(d)) > 1:
        d.stage = "order"
        return []
    return _declare(s, d)


def order(s: StarRoadState, seat: int, move: OrderTarget) -> list[Event]:
    d = s.draft
    assert d is not None
    d.order.append(move.seat)
    left = [t for t in _targets(d) if t not in d.order]
    if len(left) > 1:
        return []
    d.order.extend(left)
    return _declare(s, d)


def _declare(s: StarRoadState, d: Draft) -> list[Event]:
    """SR-12.1: the attack goes on the stack; its weapons are turned face outward."""
    s.draft = None
    order = tuple(d.order) if d.order else tuple(_targets(d))
    s.attack = AttackState(d.seat, tuple(d.weapons), order, s.attacks == 0)
    s.attacks += 1
    weapons = []
    for uid, targets in d.weapons:
        at = s.find(uid)
        assert at is not None
        o = s.players[at[0]].slots[at[1]]
        assert o is not None
        o.revealed = True
        line, level = s.line_level(at[1])
        weapons.append({"line": line, "level": level, "no": o.no, "targets": list(targets)})
    s.stack.append(Decl("attack", d.seat, -1))
    return [Event("attack_declared", d.seat, PUBLIC, {"weapons": weapons, "order": list(order)},
                  reveal=True)]


# ----------------------------------------------------------------------------- resolution
def weapon_list(s: StarRoadState, target: int) -> list[int]:
    """SR-12.3 1.: weapons aimed at `target`, in play and not cancelled for it, in order."""
    a = s.attack
    assert a is not None
    return [uid for uid, targets in a.weapons
            if target in targets and (uid, target) not in a.cancelled and s.find(uid) is not None]


def step(s: StarRoadState) -> list[Event]:
    """Advance the attack in progress to the next decision (block choice) or to its end."""
    a = s.attack
    assert a is not None
    if not s.players[a.owner].alive:
        s.attack = None
        return [pub("attack_over", a.owner)]
    while a.idx < len(a.order):
        t = a.order[a.idx]
        if s.players[t].alive and weapon_list(s, t):
            break
        a.idx += 1
    if a.idx == len(a.order):
        return finish(s)
    d = Draft("block", a.order[a.idx])
    d.stage = "chain"
    s.draft = d
    a.stage = "choose"
    return []


def can_block(s: StarRoadState, seat: int, o: Obj) -> bool:
    """SR-13.1: a ready object whose block mode is not none (weapons and X(t) never block)."""
    d = s.content.chart[o.no]
    return d.block_mode != "none" and o.marks > 0 and d.delay == 0 and s.storage_ok(seat, d)


def block_moves(s: StarRoadState, d: Draft) -> list[Move]:
    """SR-12.3 step 3: an ordered chain of blockers, then which weapons it blocks."""
    if d.stage == "chain":
        out: list[Move] = [Blocker(*s.line_level(slot))
                           for slot, o in enumerate(s.players[d.seat].slots)
                           if o is not None and o.uid not in d.blockers and can_block(s, d.seat, o)]
        out.append(BlockersDone())
        return out
    return [Guard(True), Guard(False)]


def add_blocker(s: StarRoadState, seat: int, move: Blocker) -> list[Event]:
    d = s.draft
    assert d is not None
    o = s.players[seat].slots[s.slot_of(move.line, move.level)]
    assert o is not None
    d.blockers.append(o.uid)
    return []


def blockers_done(s: StarRoadState, seat: int, move: BlockersDone) -> list[Event]:
    d = s.draft
    assert d is not None
    if not d.blockers:
        return _block_declared(s, d)
    d.stage = "guard"
    return []


def guard(s: StarRoadState, seat: int, move: Guard) -> list[Event]:
    d = s.draft
    assert d is not None
    d.guards.append(move.block)
    if len(d.guards) < len(weapon_list(s, seat)):
        return []
    return _block_declared(s, d)


def _block_declared(s: StarRoadState, d: Draft) -> list[Event]:
    """The block declaration: with blockers it goes on the stack (a response round follows),
    without them the damage calculation runs at once (SR-12.3)."""
    a = s.attack
    assert a is not None
    s.draft = None
    wl = weapon_list(s, d.seat)
    a.blockers = tuple(d.blockers)
    a.guarded = tuple(uid for uid, g in zip(wl, d.guards, strict=False) if g)
    if not d.blockers:
        return [pub("no_block", d.seat)] + _resolve_target(s)
    chain = []
    for uid in d.blockers:
        at = s.find(uid)
        assert at is not None
        o = s.players[at[0]].slots[at[1]]
        assert o is not None
        o.revealed = True
        line, level = s.line_level(at[1])
        chain.append({"line": line, "level": level, "no": o.no})
    blocked = []
    for uid in a.guarded:
        at = s.find(uid)
        assert at is not None
        line, level = s.line_level(at[1])
        blocked.append({"line": line, "level": level})
    a.stage = "blocking"
    s.stack.append(Decl("block", d.seat, -1))
    return [Event("block_declared", d.seat, PUBLIC, {"blockers": chain, "blocked": blocked},
                  reveal=True)]


def resolve_block(s: StarRoadState, decl: Decl) -> list[Event]:
    """The block declaration resolves: the target's damage calculation (SR-12.3 3.-4.)."""
    return _resolve_target(s)


def resolve_attack(s: StarRoadState, decl: Decl) -> list[Event]:
    """The attack declaration resolves: targets are resolved in target order (SR-12.3)."""
    a = s.attack
    assert a is not None
    a.stage = "resolve"
    a.idx = 0
    return []


def _resolve_target(s: StarRoadState) -> list[Event]:
    a = s.attack
    assert a is not None
    t = a.order[a.idx]
    events = calculate(s, t)
    if s.over or s.attack is None:
        return events
    for uid in a.blockers:
        at = s.find(uid)
        if at is None:
            continue
        o = s.players[at[0]].slots[at[1]]
        assert o is not None
        if s.content.chart[o.no].use_limit > 0:
            events += use_mark(s, at[0], at[1])
    a.blockers, a.guarded = (), ()
    a.idx += 1
    a.stage = "resolve"
    return events


def calculate(s: StarRoadState, t: int) -> list[Event]:
    """SR-13.2: weapons in order through one chain of blockers; leftovers hit the base."""
    a = s.attack
    assert a is not None
    attacker = a.owner
    events: list[Event] = []
    chain = list(a.blockers)
    ptr = 0
    bonus_uid = a.weapons[0][0] if a.first else -1
    for uid in weapon_list(s, t):
        w = s.obj(uid)
        if w is None:
            continue
        rem = s.content.chart[w.no].a
        if uid == bonus_uid:
            rem += s.passive(attacker, "first_weapon_attack_bonus")
        if uid in a.guarded:
            while rem > 0 and ptr < len(chain):
                at = s.find(chain[ptr])
                if at is None or at[0] != t:
                    ptr += 1
                    continue
                rem, advance, more = _absorb(s, t, at[1], rem, attacker, w.no)
                events += more
                ptr += advance
                if s.over or not s.players[attacker].alive:
                    return events
        if rem > 0:
            events += damage_base(s, t, rem, attacker, by=w.no)
            if s.over or not s.players[t].alive:
                return events
    return events


def _absorb(s: StarRoadState, t: int, slot: int, rem: int, attacker: int,
            weapon: str) -> tuple[int, int, list[Event]]:
    """SR-13.3-13.5 for one blocker: (attack left, pointer advance, events)."""
    b = s.players[t].slots[slot]
    assert b is not None
    d = s.content.chart[b.no]
    line, level = s.line_level(slot)
    events: list[Event] = []
    if d.block_mode == "W":
        take = min(rem, b.w)
        b.w -= take
        b.intact = False
        events.append(pub("absorbed", t, line=line, level=level, amount=take, w=b.w, no=b.no,
                          weapon=weapon))
        if b.w == 0:
            events += destroy(s, t, slot, "blocking")
            return rem - take, 1, events
        return rem - take, 0, events
    cap = max(0, s.protection(t, d) - b.acc)
    if rem <= cap:
        b.acc += rem
        events.append(pub("absorbed", t, line=line, level=level, amount=rem, w=b.w, no=b.no,
                          weapon=weapon))
        if d.block_mode == "M":
            events += damage_base(s, attacker, rem, t, reflected=True, by=b.no)
        return 0, 0, events
    if cap > 0:
        events.append(pub("absorbed", t, line=line, level=level, amount=cap, w=b.w, no=b.no,
                          weapon=weapon))
    events += destroy(s, t, slot, "blocking")
    if d.block_mode == "M" and s.options.mixed_reflect_on_destroy and cap > 0:
        events += damage_base(s, attacker, cap, t, reflected=True, by=b.no)
    return rem - cap, 1, events


def finish(s: StarRoadState) -> list[Event]:
    """SR-12.5 step 8: every declared weapon still in play goes through its after-use rule."""
    a = s.attack
    assert a is not None
    s.attack = None
    events: list[Event] = []
    for uid, _ in a.weapons:
        if s.find(uid) is not None:
            events += after_use(s, a.owner, uid)
    return events + [pub("attack_over", a.owner)]
