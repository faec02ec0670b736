"""Effect primitives (SR-21): the legal choices for each, and their resolution.

Choices are fixed at declaration (SR-21.1); at resolution a choice that is no longer valid is
ignored (SR-10.8). A choice is a tuple of ints: a seat, (seat, object uid), weapon uids, an uid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event

from ..data import Effect
from .common import destroy, pub

if TYPE_CHECKING:
    from ..state import StarRoadState


def seat_options(s: StarRoadState, user: int, e: Effect) -> list[int]:
    """Characters an effect may choose (SR-21.4-21.6): other living ones within max_distance."""
    limit = e.get("max_distance")
    out = []
    for t in range(s.player_count):
        if t == user or not s.players[t].alive or s.distance(user, t) > limit:
            continue
        if e.op == "remove_object_w" and not any(o is not None for o in s.players[t].slots):
            continue
        out.append(t)
    return out


def object_options(s: StarRoadState, user: int, e: Effect, chosen: int) -> list[int]:
    """Slots an effect may choose: any object of the chosen character (SR-21.5), or one's own
    object carrying delay markers (SR-21.10)."""
    if e.op == "remove_object_w":
        return [i for i, o in enumerate(s.players[chosen].slots) if o is not None]
    return [i for i, o in enumerate(s.players[user].slots) if o is not None and o.delay > 0]


def cancel_options(s: StarRoadState, user: int) -> list[int]:
    """SR-21.7: weapons of the pending attack aimed at `user`, before its damage calculation."""
    a = s.attack
    if a is None or user not in a.order or a.order.index(user) < a.target_index:
        return []
    if a.order.index(user) == a.target_index and a.stage not in ("declared", "choose", "blocking"):
        return []
    out = []
    for uid, targets in a.weapons:
        if user in targets and (uid, user) not in a.cancelled and s.find(uid) is not None:
            out.append(uid)
    return out


def has_options(s: StarRoadState, user: int, e: Effect) -> bool:
    """Whether an effect that needs a choice has at least one now (SR-21.1)."""
    if e.op in ("peek_faction", "steal_storage", "remove_object_w"):
        return bool(seat_options(s, user, e))
    if e.op == "remove_delay":
        return bool(object_options(s, user, e, user))
    if e.op == "cancel_weapon":
        return bool(cancel_options(s, user))
    return True


def apply_effect(s: StarRoadState, user: int, e: Effect, choice: tuple[int, ...]) -> list[Event]:
    """Resolve one primitive for `user` with its fixed choice (SR-21.2-21.10)."""
    p = s.players[user]
    op = e.op
    if op == "gain_storage":
        got = s.acquire(e.get("amount"))
        p.storage += got
        return [pub("gained", user, amount=got, storage=p.storage)]
    if op == "heal_base":
        got = s.acquire(e.get("amount"))
        p.hp += got
        return [pub("healed", user, amount=got, hp=p.hp)]
    if op == "turn_range_bonus":
        p.range_turn = max(p.range_turn, e.get("amount"))
        return [pub("range_up", user, amount=p.range_turn)]
    if op == "turn_invest_cap":
        p.cap_turn = max(p.cap_turn, e.get("amount"))
        return [pub("cap_up", user, amount=p.cap_turn)]
    if not choice:
        return []
    if op == "peek_faction":
        t = choice[0]
        if not s.players[t].alive:
            return [pub("fizzled", user, what=op)]
        if t not in p.peeked:
            p.peeked.append(t)
        return [pub("peeked", user, target=t),
                Event("peek_result", user, (user,), {"target": t,
                                                     "faction": s.players[t].faction},
                      reveal=True)]
    if op == "steal_storage":
        t = choice[0]
        if not s.players[t].alive:
            return [pub("fizzled", user, what=op)]
        taken = min(e.get("amount"), s.players[t].storage)
        s.players[t].storage -= taken
        p.storage += taken
        return [pub("stole", user, target=t, amount=taken)]
    if op == "remove_object_w":
        return _remove_w(s, user, e.get("amount"), choice[0], choice[1])
    if op == "cancel_weapon":
        a = s.attack
        if a is None:
            return [pub("fizzled", user, what=op)]
        events = []
        for uid in choice:
            at = s.find(uid)
            if at is not None and (uid, user) not in a.cancelled:
                a.cancelled.append((uid, user))
                line, level = s.line_level(at[1])
                events.append(pub("cancelled", user, attacker=a.owner, line=line, level=level))
        return events
    if op == "remove_delay":
        at = s.find(choice[0])
        obj = s.obj(choice[0])
        if at is None or obj is None or at[0] != user:
            return [pub("fizzled", user, what=op)]
        obj.delay = max(0, obj.delay - e.get("amount"))
        line, level = s.line_level(at[1])
        return [pub("delay_removed", user, line=line, level=level, delay=obj.delay)]
    raise AssertionError(f"effect op {op!r} has no resolution")


def _remove_w(s: StarRoadState, user: int, amount: int, seat: int, uid: int) -> list[Event]:
    """SR-21.5: remove up to `amount` [W] from the chosen object; at 0 it is destroyed."""
    at = s.find(uid)
    if at is None or not s.players[seat].alive:
        return [pub("fizzled", user, what="remove_object_w")]
    owner, slot = at
    obj = s.players[owner].slots[slot]
    assert obj is not None
    taken = min(amount, obj.w)
    obj.w -= taken
    obj.intact = False
    line, level = s.line_level(slot)
    events = [pub("drained", user, target=owner, line=line, level=level, amount=taken, w=obj.w)]
    if obj.w == 0:
        events += destroy(s, owner, slot, "drained")
    return events
