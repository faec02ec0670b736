"""An attack as Star Road's heuristic plays it out (SR-12, SR-13): each target's damage
calculation (SR-13.2) on the outlook's own figures, with the blockers the target chose or, for a
target still to choose, with all its ready armour and mixed objects; then the weapons' after-use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_ledger import Blocker, OutlookLedger
from .rules.attack import weapon_targets
from .rules.damage import calculate_damage

if TYPE_CHECKING:
    from .heuristic_outlook import Outlook
    from .model import Draft, Obj

Weapons = list[tuple[int, tuple[int, ...]]]


def attack_draft(look: Outlook, d: Draft) -> None:
    """An attack being declared: a weapon still without a target aims at the best one."""
    weapons: Weapons = list(d.weapons)
    if weapons and not weapons[-1][1]:
        uid = weapons[-1][0]
        o = look.find(d.seat, uid)
        t = _best_target(look, d.seat, o) if o is not None else -1
        weapons[-1] = (uid, (t,) if t >= 0 else ())
    order = list(d.order)
    for _, targets in weapons:
        order.extend(t for t in targets if t not in order)
    _strike(look, d.seat, weapons, order, 0, look.s.attacks == 0, None)


def _best_target(look: Outlook, owner: int, o: Obj) -> int:
    """The likeliest enemy in range, the weakest first."""
    def rank(t: int) -> tuple[float, float]:
        return (look.weights[t], look.hp[t])
    return min(weapon_targets(look.s, owner, o), key=rank, default=-1)


def attack_in_progress(look: Outlook) -> None:
    s = look.s
    a = s.attack
    assert a is not None
    chosen: tuple[list[int], set[int]] | None = None
    d = s.draft
    if a.target_index < len(a.order):
        t = a.order[a.target_index]
        if d is not None and d.kind == "block" and d.seat == t == look.seat:
            listed = _aimed(look, list(a.weapons), t, set(a.cancelled))
            guards = d.guards + [bool(d.blockers)] * (len(listed) - len(d.guards))
            chosen = (list(d.blockers), {uid for uid, g in zip(listed, guards, strict=False) if g})
        elif a.stage == "blocking":
            chosen = (list(a.blockers), set(a.guarded))
    look.cancelled.update(a.cancelled)
    _strike(look, a.owner, list(a.weapons), list(a.order), a.target_index, a.first, chosen)


def _aimed(look: Outlook, weapons: Weapons, t: int, cancelled: set[tuple[int, int]]) -> list[int]:
    return [uid for uid, targets in weapons
            if t in targets and (uid, t) not in cancelled and uid not in look.gone]


def _strike(look: Outlook, owner: int, weapons: Weapons, order: list[int], start: int, first: bool,
            chosen: tuple[list[int], set[int]] | None) -> None:
    """Each target's damage calculation in target order, then the weapons' after-use."""
    s = look.s
    bonus = s.passive(owner, "first_weapon_attack_bonus") if first and weapons else 0
    for i in range(start, len(order)):
        t = order[i]
        if look.hp[t] <= 0 or not s.players[t].alive:
            continue
        listed = _aimed(look, weapons, t, look.cancelled)
        if i == start and chosen is not None:
            chain = [b for b in (_blocker(look, t, uid) for uid in chosen[0]) if b is not None]
            guarded = chosen[1]
        else:
            chain = _expected_chain(look, t)
            guarded = set(listed)
        _calculate(look, owner, t, listed, guarded, chain,
                   weapons[0][0] if bonus else -1, bonus)
        if look.hp[owner] <= 0:
            return
    for uid, _ in weapons:
        if uid not in look.gone:
            look.after_use(owner, uid)


def _calculate(look: Outlook, owner: int, t: int, listed: list[int], guarded: set[int],
               chain: list[Blocker], bonus_uid: int, bonus: int) -> None:
    """SR-13.2 on the outlook's figures, then what the surviving blockers lost."""
    ledger = OutlookLedger(look, owner, t, chain, bonus_uid, bonus)
    calculate_damage([(uid, uid in guarded) for uid in listed], len(chain), ledger,
                     look.s.options.mixed_reflect_on_destroy)
    if ledger.attacker_down:
        return
    for b in chain:
        if b.obj.uid not in look.gone:
            _blocked(look, t, b)


def _blocked(look: Outlook, t: int, b: Blocker) -> None:
    """A surviving blocker: [W] lost in mode W, one X(UL) marker used (SR-12.3 step 4)."""
    o = b.obj
    if not look.knows(t, o):
        return
    w = b.room if b.mode == "W" else o.w
    marks = o.marks - 1 if look.s.content.chart[o.no].use_limit else o.marks
    if marks > 0:
        look.worth[o.uid] = look.value_as(t, o, w, marks, o.armed, o.delay)
    else:
        look.destroy(o.uid)


def _blocker(look: Outlook, t: int, uid: int) -> Blocker | None:
    o = look.find(t, uid)
    if o is None or uid in look.gone:
        return None
    d = look.s.content.chart[o.no]
    if d.block_mode == "W":
        return Blocker(o, "W", float(o.w))
    return Blocker(o, d.block_mode, float(max(0, look.s.protection(t, d) - o.absorbed)))


def _expected_chain(look: Outlook, t: int) -> list[Blocker]:
    """A target still to choose is expected to block with its ready armour and mixed objects
    (specials in mode W lose what they absorb, so they are left out)."""
    s = look.s
    chain = []
    for o in s.players[t].slots:
        if o is None or not o.marks or o.uid in look.gone:
            continue
        if look.knows(t, o):
            d = s.content.chart[o.no]
            if d.block_mode in ("P", "M") and s.storage_ok(t, d):
                chain.append(Blocker(o, d.block_mode, float(max(0, s.protection(t, d) - o.absorbed))))
        else:
            guard = look.yard.guess(o.w, o.marks, o.intact).guard
            if guard > 0:
                chain.append(Blocker(o, "P", max(0.0, guard - o.absorbed), guess=True))
    return chain
