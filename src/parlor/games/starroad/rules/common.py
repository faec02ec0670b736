"""Shared rule steps: destroying objects (SR-17.1), after-use (SR-15), triggers (SR-18.5),
elimination with reward and penalty (SR-16) and the end of the game (SR-3.5, SR-23)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event

from ..model import Draft, Obj

if TYPE_CHECKING:
    from ..state import StarRoadState

CHOICE_OPS = frozenset({"peek_faction", "remove_object_w", "steal_storage", "cancel_weapon",
                        "remove_delay"})


def pub(kind: str, seat: int | None, **data: Any) -> Event:
    return Event(kind, seat, PUBLIC, data)


def describe(s: StarRoadState, seat: int, slot: int, obj: Obj, show: bool = False) -> dict[str, Any]:
    """An object as a public event names it: slot, and its number only once public."""
    line, level = s.line_level(slot)
    return {"line": line, "level": level,
            "no": obj.no if (obj.revealed or show) else None}


def destroy(s: StarRoadState, seat: int, slot: int, reason: str,
            trigger: bool = True) -> list[Event]:
    """SR-17.1: an object leaves play with its [W] and markers; its number becomes public
    (SR-24.3). `trigger`: whether on_own_object_destroyed fires (SR-18.5)."""
    p = s.players[seat]
    obj = p.slots[slot]
    assert obj is not None
    p.slots[slot] = None
    obj.revealed = True
    s.gone.append((seat, obj.no))
    events = [pub("destroyed", seat, **describe(s, seat, slot, obj), w=obj.w, reason=reason)]
    if trigger:
        events += fire_trigger(s, seat, "on_own_object_destroyed")
    return events


def after_use(s: StarRoadState, seat: int, uid: int) -> list[Event]:
    """SR-15.1: destroy, X(R) or X(UL) after an attack or an activation."""
    at = s.find(uid)
    if at is None:
        return []
    slot = at[1]
    obj = s.players[seat].slots[slot]
    assert obj is not None
    d = s.defn(obj)
    if d.after_use == "destroy":
        return destroy(s, seat, slot, "used", trigger=False)
    if d.after_use == "recycle":
        if obj.w <= d.recycle:
            return destroy(s, seat, slot, "recycled", trigger=False)
        obj.w -= d.recycle
        obj.marks = 0
        obj.intact = False
        obj.armed = False
        line, level = s.line_level(slot)
        return [pub("recycled", seat, line=line, level=level, removed=d.recycle, w=obj.w)]
    if d.after_use == "use_limit":
        return use_mark(s, seat, slot)
    obj.armed = False
    return []


def use_mark(s: StarRoadState, seat: int, slot: int) -> list[Event]:
    """SR-15.5: one use of an X(UL) object removes a completion marker; the last destroys it."""
    obj = s.players[seat].slots[slot]
    assert obj is not None
    obj.marks -= 1
    if obj.marks <= 0:
        return destroy(s, seat, slot, "use_limit", trigger=False)
    obj.armed = False
    line, level = s.line_level(slot)
    return [pub("use_marker", seat, line=line, level=level, marks=obj.marks)]


def fire_trigger(s: StarRoadState, seat: int, trigger: str) -> list[Event]:
    """SR-18.5: a face-up triggered card resolves at once (choices, if any, are asked next)."""
    p = s.players[seat]
    if not (s.options.character_abilities and p.alive and p.character_up and p.character):
        return []
    card = s.content.characters[p.character]
    if card.kind != "triggered" or card.trigger != trigger:
        return []
    events = [pub("triggered", seat, card=card.key)]
    if any(e.op in CHOICE_OPS for e in card.effects):
        draft = Draft("use", seat)
        draft.fire = "trigger"
        draft.effects = card.effects
        s.queue.append(draft)
        return events
    from .effects import apply_effect
    for e in card.effects:
        events += apply_effect(s, seat, e, ())
    return events


def damage_base(s: StarRoadState, victim: int, amount: int, source: int,
                reflected: bool = False, by: str = "") -> list[Event]:
    """SR-13.7: damage moves min(x, HP) [W] from the base to the supply; 0 HP eliminates.
    `by`: the number of the weapon (or reflecting mixed object) responsible, for statistics."""
    p = s.players[victim]
    if not p.alive or amount <= 0:
        return []
    lost = min(amount, p.hp)
    p.hp -= lost
    events = [pub("reflected" if reflected else "damage", victim, amount=lost, hp=p.hp,
                  source=source, by=by)]
    if p.hp == 0:
        events += eliminate(s, victim, source if source != victim else -1)
    return events


def eliminate(s: StarRoadState, victim: int, eliminator: int) -> list[Event]:
    """SR-16.3 in its order: reveal, reward/penalty, trigger, return everything, end check.

    A reward the eliminator hands out is a decision (`Draft("reward")`); its
    on_eliminate_character trigger fires only once that decision is over (SR-18.5: after the
    whole reward step, `turns.give`/`turns.keep`), so the storage shown while it decides is
    the reward's alone."""
    p = s.players[victim]
    p.faction_up = True
    p.character_up = bool(p.character)
    s.eliminations.append((victim, eliminator))
    events = [Event("eliminated", victim, PUBLIC,
                    {"faction": p.faction, "character": p.character, "eliminator": eliminator},
                    reveal=True)]
    killer = s.players[eliminator] if eliminator >= 0 else None
    rewarding = False
    if killer is not None and killer.alive and killer.faction_up:
        if s.group(eliminator) == s.group(victim):
            events.append(pub("penalty", eliminator, victim=victim))
            for slot, obj in enumerate(killer.slots):
                if obj is not None:
                    events += destroy(s, eliminator, slot, "penalty")
        else:
            got = s.acquire(s.content.base.constants.reward)
            killer.storage += got
            events.append(pub("reward", eliminator, amount=got, storage=killer.storage))
            if got > 0:
                draft = Draft("reward", eliminator)
                draft.remaining = got
                s.queue.append(draft)
                rewarding = True
    if eliminator >= 0 and not rewarding:
        events += fire_trigger(s, eliminator, "on_eliminate_character")
    for slot, obj in enumerate(p.slots):
        if obj is not None:
            obj.revealed = True
            s.gone.append((victim, obj.no))
            events.append(pub("returned", victim, **describe(s, victim, slot, obj), w=obj.w))
    p.slots = [None] * len(p.slots)
    p.ground = [None] * len(p.ground)
    p.storage = 0
    p.alive = False
    s.stack = [d for d in s.stack if d.owner != victim]
    s.queue = [d for d in s.queue if d.seat != victim]
    s.window = [w for w in s.window if w != victim]
    return events + check_end(s)


def check_end(s: StarRoadState) -> list[Event]:
    """SR-3.5 / SR-3.6: the game ends at once when one team has all living characters."""
    teams = {s.team(x) for x in s.living()}
    if len(teams) > 1:
        return []
    team = teams.pop() if teams else ""
    return finish(s, [x for x in range(s.player_count) if s.team(x) == team], False, "one_team_left")


def finish(s: StarRoadState, winners: list[int], draw: bool, reason: str) -> list[Event]:
    """The game is over: every card is revealed (SR-3.5)."""
    s.over = True
    s.phase = "over"
    s.winners = tuple(winners)
    s.draw = draw
    s.end_reason = reason
    s.draft = None
    s.queue = []
    s.stack = []
    s.attack = None
    s.window = []
    for p in s.players:
        p.faction_up = True
        p.character_up = bool(p.character)
    return [Event("game_over", None, PUBLIC,
                  {"winners": list(winners), "draw": draw, "reason": reason,
                   "factions": [p.faction for p in s.players],
                   "characters": [p.character for p in s.players]}, reveal=True)]


def round_limit_end(s: StarRoadState) -> list[Event]:
    """SR-23.2: the team with the most total HP among its living characters wins."""
    totals: dict[str, int] = {}
    for x in s.living():
        totals[s.team(x)] = totals.get(s.team(x), 0) + s.players[x].hp
    best = max(totals.values())
    top = [t for t, v in totals.items() if v == best]
    winners = [x for x in range(s.player_count) if s.team(x) in top]
    return finish(s, winners, len(top) > 1, "round_limit")
