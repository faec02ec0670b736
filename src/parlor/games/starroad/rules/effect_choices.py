"""Effect primitives' choices (SR-21): what each may choose now (resolution is in common.py,
with the destruction and triggers it may cause).

Choices are fixed at declaration (SR-21.1); a choice is a tuple of ints: a seat, (seat, object
uid), weapon uids, an uid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data import Effect

if TYPE_CHECKING:
    from ..state import StarRoadState


def seat_options(state: StarRoadState, user: int, effect: Effect) -> list[int]:
    """Characters an effect may choose (SR-21.4-21.6): other living ones within max_distance."""
    limit = effect.get("max_distance")
    out = []
    for t in range(state.player_count):
        if t == user or not state.players[t].alive or state.distance(user, t) > limit:
            continue
        if effect.op == "remove_object_w" and not any(o is not None for o in state.players[t].slots):
            continue
        out.append(t)
    return out


def object_options(state: StarRoadState, user: int, effect: Effect, chosen: int) -> list[int]:
    """Slots an effect may choose: any object of the chosen character (SR-21.5), or one's own
    object carrying delay markers (SR-21.10)."""
    if effect.op == "remove_object_w":
        return [i for i, o in enumerate(state.players[chosen].slots) if o is not None]
    return [i for i, o in enumerate(state.players[user].slots) if o is not None and o.delay > 0]


def cancel_options(state: StarRoadState, user: int) -> list[int]:
    """SR-21.7: weapons of the pending attack aimed at `user`, before its damage calculation."""
    a = state.attack
    if a is None or user not in a.order or a.order.index(user) < a.target_index:
        return []
    if a.order.index(user) == a.target_index and a.stage not in ("declared", "choose", "blocking"):
        return []
    out = []
    for uid, targets in a.weapons:
        if user in targets and (uid, user) not in a.cancelled and state.find(uid) is not None:
            out.append(uid)
    return out


def has_options(state: StarRoadState, user: int, effect: Effect) -> bool:
    """Whether an effect that needs a choice has at least one now (SR-21.1)."""
    if effect.op in ("peek_faction", "steal_storage", "remove_object_w"):
        return bool(seat_options(state, user, effect))
    if effect.op == "remove_delay":
        return bool(object_options(state, user, effect, user))
    if effect.op == "cancel_weapon":
        return bool(cancel_options(state, user))
    return True
