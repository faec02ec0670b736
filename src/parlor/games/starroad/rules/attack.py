"""Attacks: declaration (SR-12.1), blocking (SR-12.3), damage calculation (SR-13) and the
after-use step (SR-12.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..model import AttackState, Decl, Draft, Obj
from ..moves import AddWeapon, Attack, Blocker, BlockersDone, Guard, Launch, OrderTarget, Target, TargetsDone
from .common import after_use, damage_base, destroy, pub, use_mark
from .damage import calculate_damage

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
    return [t for t in range(s.player_count)
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
    while a.target_index < len(a.order):
        t = a.order[a.target_index]
        if s.players[t].alive and weapon_list(s, t):
            break
        a.target_index += 1
    if a.target_index == len(a.order):
        return finish(s)
    d = Draft("block", a.order[a.target_index])
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
    a.target_index = 0
    return []


def _resolve_target(s: StarRoadState) -> list[Event]:
    a = s.attack
    assert a is not None
    t = a.order[a.target_index]
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
    a.target_index += 1
    a.stage = "resolve"
    return events


def calculate(s: StarRoadState, t: int) -> list[Event]:
    """SR-13.2 on the state: target `t`'s weapon list through the chain it chose."""
    a = s.attack
    assert a is not None
    ledger = StateLedger(s, a.owner, t, a.blockers, a.weapons[0][0] if a.first else -1)
    weapons = [(uid, uid in a.guarded) for uid in weapon_list(s, t)]
    calculate_damage(weapons, len(a.blockers), ledger, s.options.mixed_reflect_on_destroy)
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
            self.events.append(pub("absorbed", target, line=line, level=level, amount=amount,
                                   w=obj.w, no=obj.no, weapon=self.weapon_number))
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
