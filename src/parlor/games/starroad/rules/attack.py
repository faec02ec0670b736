"""Attacks: declaration (SR-12.1), blocking (SR-12.3), damage calculation (SR-13) and the
after-use step (SR-12.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event, Move

from ..model import AttackState, Decl, Draft, Obj
from ..moves import (
    BLOCKERS_DONE,
    GUARD,
    LAUNCH,
    LET_THROUGH,
    TARGETS_DONE,
    AddWeapon,
    Attack,
    Blocker,
    BlockersDone,
    Guard,
    Launch,
    OrderTarget,
    Target,
    TargetsDone,
    add_weapon_at,
    attack_at,
    blocker_at,
    order_target_of,
    target_of,
)
from .common import after_use, damage_base, destroy, pub, told, use_mark
from .damage import calculate_damage

if TYPE_CHECKING:
    from ..state import StarRoadState


# ----------------------------------------------------------------------------- declaration
def weapon_ready(state: StarRoadState, seat: int, weapon: Obj) -> bool:
    """SR-9.2, SR-14, SR-15.8: complete, charged if X(t), storage requirement met."""
    design = state.content.chart[weapon.no]
    if design.type != "A" or weapon.marks == 0 or not state.storage_ok(seat, design):
        return False
    return design.delay == 0 or (weapon.armed and weapon.delay == 0)


def weapon_targets(state: StarRoadState, seat: int, weapon: Obj) -> list[int]:
    """SR-11.2: living characters other than the attacker within the weapon's range."""
    reach = state.weapon_range(seat, state.content.chart[weapon.no])
    return [t for t in range(state.player_count)
            if t != seat and state.players[t].alive and state.distance(seat, t) <= reach]


def attack_moves(state: StarRoadState, seat: int) -> list[Move]:
    """SR-12.1, SR-7.1: weapons that may open an attack."""
    if state.first_turn_locked(seat):
        return []
    out: list[Move] = []
    for slot, o in enumerate(state.players[seat].slots):
        if o is not None and weapon_ready(state, seat, o) and weapon_targets(state, seat, o):
            out.append(attack_at(*state.line_level(slot)))
    return out


def draft_moves(state: StarRoadState, draft: Draft) -> list[Move]:
    """The next step of an attack declaration."""
    if draft.stage == "targets":
        uid, chosen = draft.weapons[-1]
        o = state.obj(uid)
        assert o is not None
        out: list[Move] = [target_of(t) for t in weapon_targets(state, draft.seat, o)
                           if t not in chosen]
        if chosen:
            out.append(TARGETS_DONE)
        return out
    if draft.stage == "more":
        used = {uid for uid, _ in draft.weapons}
        out = []
        for slot, o in enumerate(state.players[draft.seat].slots):
            if (o is not None and o.uid not in used and weapon_ready(state, draft.seat, o)
                    and weapon_targets(state, draft.seat, o)):
                out.append(add_weapon_at(*state.line_level(slot)))
        out.append(LAUNCH)
        return out
    return [order_target_of(t) for t in _targets(draft) if t not in draft.order]


def _targets(draft: Draft) -> list[int]:
    out: list[int] = []
    for _, targets in draft.weapons:
        out.extend(t for t in targets if t not in out)
    return out


def begin(state: StarRoadState, seat: int, move: Attack | AddWeapon) -> list[Event]:
    if state.draft is None:
        state.draft = Draft("attack", seat)
    d = state.draft
    o = state.players[seat].slots[state.slot_of(move.line, move.level)]
    assert o is not None
    d.weapons.append((o.uid, ()))
    d.stage = "targets"
    return []


def target(state: StarRoadState, seat: int, move: Target) -> list[Event]:
    d = state.draft
    assert d is not None
    uid, chosen = d.weapons[-1]
    chosen = (*chosen, move.seat)
    d.weapons[-1] = (uid, chosen)
    o = state.obj(uid)
    assert o is not None
    left = [t for t in weapon_targets(state, seat, o) if t not in chosen]
    if len(chosen) >= state.content.chart[o.no].targets or not left:
        d.stage = "more"
    return []


def targets_done(state: StarRoadState, seat: int, move: TargetsDone) -> list[Event]:
    assert state.draft is not None
    state.draft.stage = "more"
    return []


def launch(state: StarRoadState, seat: int, move: Launch) -> list[Event]:
    d = state.draft
    assert d is not None
    if len(_targets(d)) > 1:
        d.stage = "order"
        return []
    return _declare(state, d)


def order(state: StarRoadState, seat: int, move: OrderTarget) -> list[Event]:
    d = state.draft
    assert d is not None
    d.order.append(move.seat)
    left = [t for t in _targets(d) if t not in d.order]
    if len(left) > 1:
        return []
    d.order.extend(left)
    return _declare(state, d)


def _declare(state: StarRoadState, draft: Draft) -> list[Event]:
    """SR-12.1: the attack goes on the stack; its weapons are turned face outward."""
    state.draft = None
    order = tuple(draft.order) if draft.order else tuple(_targets(draft))
    state.attack = AttackState(draft.seat, tuple(draft.weapons), order, state.attacks == 0)
    state.attacks += 1
    weapons = []
    for uid, targets in draft.weapons:
        weapons.append({**_reveal(state, uid), "targets": list(targets)})
    state.stack.append(Decl("attack", draft.seat, -1))
    return [told(state, "attack_declared", draft.seat, PUBLIC,
                 {"weapons": weapons, "order": list(order)}, reveal=True)]


def _reveal(state: StarRoadState, uid: int) -> dict[str, Any]:
    """A declared weapon or blocker is turned face outward (SR-12.1, SR-12.3): its place and
    number, as the declaration's event names it."""
    at = state.find(uid)
    assert at is not None
    obj = state.players[at[0]].slots[at[1]]
    assert obj is not None
    obj.revealed = True
    line, level = state.line_level(at[1])
    return {"line": line, "level": level, "no": obj.no}


# ----------------------------------------------------------------------------- resolution
def weapon_list(state: StarRoadState, target: int) -> list[int]:
    """SR-12.3 1.: weapons aimed at `target`, in play and not cancelled for it, in order."""
    a = state.attack
    assert a is not None
    return [uid for uid, targets in a.weapons
            if target in targets and (uid, target) not in a.cancelled and state.find(uid) is not None]


def step(state: StarRoadState) -> list[Event]:
    """Advance the attack in progress to the next decision (block choice) or to its end."""
    a = state.attack
    assert a is not None
    if not state.players[a.owner].alive:
        state.attack = None
        return [pub(state, "attack_over", a.owner)]
    while a.target_index < len(a.order):
        t = a.order[a.target_index]
        if state.players[t].alive and weapon_list(state, t):
            break
        a.target_index += 1
    if a.target_index == len(a.order):
        return finish(state)
    d = Draft("block", a.order[a.target_index])
    d.stage = "chain"
    state.draft = d
    a.stage = "choose"
    return []


def can_block(state: StarRoadState, seat: int, obj: Obj) -> bool:
    """SR-13.1: a ready object whose block mode is not none (weapons and X(t) never block)."""
    d = state.content.chart[obj.no]
    return d.block_mode != "none" and obj.marks > 0 and d.delay == 0 and state.storage_ok(seat, d)


def block_moves(state: StarRoadState, draft: Draft) -> list[Move]:
    """SR-12.3 step 3: an ordered chain of blockers, then which weapons it blocks."""
    if draft.stage == "chain":
        out: list[Move] = [blocker_at(*state.line_level(slot))
                           for slot, o in enumerate(state.players[draft.seat].slots)
                           if o is not None and o.uid not in draft.blockers
                           and can_block(state, draft.seat, o)]
        out.append(BLOCKERS_DONE)
        return out
    return [GUARD, LET_THROUGH]


def add_blocker(state: StarRoadState, seat: int, move: Blocker) -> list[Event]:
    d = state.draft
    assert d is not None
    o = state.players[seat].slots[state.slot_of(move.line, move.level)]
    assert o is not None
    d.blockers.append(o.uid)
    return []


def blockers_done(state: StarRoadState, seat: int, move: BlockersDone) -> list[Event]:
    d = state.draft
    assert d is not None
    if not d.blockers:
        return _block_declared(state, d)
    d.stage = "guard"
    return []


def guard(state: StarRoadState, seat: int, move: Guard) -> list[Event]:
    d = state.draft
    assert d is not None
    d.guards.append(move.block)
    if len(d.guards) < len(weapon_list(state, seat)):
        return []
    return _block_declared(state, d)


def _block_declared(state: StarRoadState, draft: Draft) -> list[Event]:
    """The block declaration: with blockers it goes on the stack (a response round follows),
    without them the damage calculation runs at once (SR-12.3)."""
    a = state.attack
    assert a is not None
    state.draft = None
    wl = weapon_list(state, draft.seat)
    a.blockers = tuple(draft.blockers)
    a.guarded = tuple(uid for uid, g in zip(wl, draft.guards, strict=False) if g)
    if not draft.blockers:
        return [pub(state, "no_block", draft.seat)] + _resolve_target(state)
    chain = [_reveal(state, uid) for uid in draft.blockers]
    blocked = []
    for uid in a.guarded:
        at = state.find(uid)
        assert at is not None
        line, level = state.line_level(at[1])
        blocked.append({"line": line, "level": level})
    a.stage = "blocking"
    state.stack.append(Decl("block", draft.seat, -1))
    return [told(state, "block_declared", draft.seat, PUBLIC,
                 {"blockers": chain, "blocked": blocked}, reveal=True)]


def resolve_block(state: StarRoadState, decl: Decl) -> list[Event]:
    """The block declaration resolves: the target's damage calculation (SR-12.3 3.-4.)."""
    return _resolve_target(state)


def resolve_attack(state: StarRoadState, decl: Decl) -> list[Event]:
    """The attack declaration resolves: targets are resolved in target order (SR-12.3)."""
    a = state.attack
    assert a is not None
    a.stage = "resolve"
    a.target_index = 0
    return []


def _resolve_target(state: StarRoadState) -> list[Event]:
    a = state.attack
    assert a is not None
    t = a.order[a.target_index]
    events = calculate(state, t)
    if state.over or state.attack is None:
        return events
    for uid in a.blockers:
        at = state.find(uid)
        if at is None:
            continue
        o = state.players[at[0]].slots[at[1]]
        assert o is not None
        if state.content.chart[o.no].use_limit > 0:
            events += use_mark(state, at[0], at[1])
    a.blockers, a.guarded = (), ()
    a.target_index += 1
    a.stage = "resolve"
    return events


def calculate(state: StarRoadState, target: int) -> list[Event]:
    """SR-13.2 on the state: the target's weapon list through the chain it chose."""
    attack = state.attack
    assert attack is not None
    first_weapon = attack.weapons[0][0] if attack.first else -1
    ledger = StateLedger(state, attack.owner, target, attack.blockers, first_weapon)
    weapons = [(uid, uid in attack.guarded) for uid in weapon_list(state, target)]
    calculate_damage(weapons, len(attack.blockers), ledger,
                     state.options.mixed_reflect_on_destroy)
    return ledger.events


class StateLedger:
    """The damage calculation applied to the state: blockers lose [W] or take damage this
    turn (SR-9.5), are destroyed, reflect; bases lose HP; every step is an event."""

    __slots__ = ("state", "attacker", "target", "chain", "bonus_weapon", "weapon_number",
                 "events")

    def __init__(self, state: StarRoadState, attacker: int, target: int, chain: tuple[int, ...],
                 bonus_weapon: int) -> None:
        self.state, self.attacker, self.target = state, attacker, target
        self.chain = chain
        self.bonus_weapon = bonus_weapon      # the first weapon of the turn's first attack
        self.weapon_number = ""               # the weapon being calculated, for the events
        self.events: list[Event] = []

    def attack(self, weapon: int) -> int | None:
        obj = self.state.obj(weapon)
        if obj is None:
            return None
        self.weapon_number = obj.no
        attack = self.state.content.chart[obj.no].a
        if weapon == self.bonus_weapon:
            attack += self.state.passive(self.attacker, "first_weapon_attack_bonus")
        return attack

    def blocker(self, position: int) -> tuple[str, int] | None:
        obj = self._blocker_object(position)
        if obj is None:
            return None
        design = self.state.content.chart[obj.no]
        if design.block_mode == "W":
            return "W", obj.w
        return design.block_mode, max(0, self.state.protection(self.target, design) - obj.absorbed)

    def _blocker_object(self, position: int) -> Obj | None:
        at = self.state.find(self.chain[position])
        if at is None or at[0] != self.target:
            return None
        return self.state.players[self.target].slots[at[1]]

    def absorb(self, position: int, mode: str, amount: int, destroyed: bool,
               reflected: int) -> bool:
        state, target = self.state, self.target
        at = state.find(self.chain[position])
        assert at is not None
        slot = at[1]
        obj = state.players[target].slots[slot]
        assert obj is not None
        if mode == "W":
            obj.w -= amount
            obj.intact = False
        elif not destroyed:
            obj.absorbed += amount
        if mode == "W" or amount > 0:
            line, level = state.line_level(slot)
            self.events.append(pub(state, "absorbed", target, line=line, level=level,
                                   amount=amount, w=obj.w, no=obj.no, weapon=self.weapon_number))
        if destroyed:
            self.events += destroy(state, target, slot, "blocking")
        if reflected:
            self.events += damage_base(state, self.attacker, reflected, target, reflected=True,
                                       by=obj.no)
        return not state.over and state.players[self.attacker].alive

    def hit(self, weapon: int, amount: int) -> bool:
        state = self.state
        self.events += damage_base(state, self.target, amount, self.attacker,
                                   by=self.weapon_number)
        return not state.over and state.players[self.target].alive


def finish(state: StarRoadState) -> list[Event]:
    """SR-12.5 step 8: every declared weapon still in play goes through its after-use rule."""
    a = state.attack
    assert a is not None
    state.attack = None
    events: list[Event] = []
    for uid, _ in a.weapons:
        if state.find(uid) is not None:
            events += after_use(state, a.owner, uid)
    return events + [pub(state, "attack_over", a.owner)]
