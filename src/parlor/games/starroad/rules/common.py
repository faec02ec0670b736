"""Shared rule steps: destroying objects (SR-17.1), after-use (SR-15), triggers (SR-18.5), effect
primitives' resolution (SR-21), elimination with reward and penalty (SR-16) and the end of the game
(SR-3.5, SR-23). They call each other (a destruction fires a trigger whose effect destroys), so they
live together. At resolution a choice that is no longer valid is ignored (SR-10.8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event

from ..data import Effect
from ..model import Draft, Obj

if TYPE_CHECKING:
    from ..state import StarRoadState

CHOICE_OPS = frozenset({"peek_faction", "remove_object_w", "steal_storage", "cancel_weapon",
                        "remove_delay"})


# What the rules return for an event while the state carries out a move quietly (`quiet`, set
# by `StarRoadState.advance`, the search's path, which reads no events): building the events
# was about a twentieth of a search's iteration. One shared event, so the rules' control flow
# (lists built, joined and returned) stays the one `_apply` runs.
UNTOLD = Event("untold", None, PUBLIC)


def pub(state: StarRoadState, kind: str, seat: int | None, **data: Any) -> Event:
    """A public event, unless the state is carried out quietly."""
    return UNTOLD if state.quiet else Event(kind, seat, PUBLIC, data)


def told(state: StarRoadState, kind: str, seat: int | None, visible_to: tuple[int, ...] | None,
         data: dict[str, Any], reveal: bool = False) -> Event:
    """An event for `visible_to` (PUBLIC: everyone), unless the state is carried out quietly."""
    return UNTOLD if state.quiet else Event(kind, seat, visible_to, data, reveal=reveal)


def describe(state: StarRoadState, seat: int, slot: int, obj: Obj, show: bool = False) -> dict[str, Any]:
    """An object as a public event names it: slot, and its number only once public."""
    line, level = state.line_level(slot)
    return {"line": line, "level": level,
            "no": obj.no if (obj.revealed or show) else None}


def destroy(state: StarRoadState, seat: int, slot: int, reason: str,
            trigger: bool = True) -> list[Event]:
    """SR-17.1: an object leaves play with its [W] and markers; its number becomes public
    (SR-24.3). `trigger`: whether on_own_object_destroyed fires (SR-18.5)."""
    p = state.players[seat]
    obj = p.slots[slot]
    assert obj is not None
    p.slots[slot] = None
    obj.revealed = True
    state.gone.append((seat, obj.no))
    events = [pub(state, "destroyed", seat, **describe(state, seat, slot, obj), w=obj.w, reason=reason)]
    if trigger:
        events += fire_trigger(state, seat, "on_own_object_destroyed")
    return events


def after_use(state: StarRoadState, seat: int, uid: int) -> list[Event]:
    """SR-15.1: destroy, X(R) or X(UL) after an attack or an activation."""
    at = state.find(uid)
    if at is None:
        return []
    slot = at[1]
    obj = state.players[seat].slots[slot]
    assert obj is not None
    d = state.defn(obj)
    if d.after_use == "destroy":
        return destroy(state, seat, slot, "used", trigger=False)
    if d.after_use == "recycle":
        if obj.w <= d.recycle:
            return destroy(state, seat, slot, "recycled", trigger=False)
        obj.w -= d.recycle
        obj.marks = 0
        obj.intact = False
        obj.armed = False
        line, level = state.line_level(slot)
        return [pub(state, "recycled", seat, line=line, level=level, removed=d.recycle, w=obj.w)]
    if d.after_use == "use_limit":
        return use_mark(state, seat, slot)
    obj.armed = False
    return []


def use_mark(state: StarRoadState, seat: int, slot: int) -> list[Event]:
    """SR-15.5: one use of an X(UL) object removes a completion marker; the last destroys it."""
    obj = state.players[seat].slots[slot]
    assert obj is not None
    obj.marks -= 1
    if obj.marks <= 0:
        return destroy(state, seat, slot, "use_limit", trigger=False)
    obj.armed = False
    line, level = state.line_level(slot)
    return [pub(state, "use_marker", seat, line=line, level=level, marks=obj.marks)]


def fire_trigger(state: StarRoadState, seat: int, trigger: str) -> list[Event]:
    """SR-18.5: a face-up triggered card resolves at once (choices, if any, are asked next)."""
    p = state.players[seat]
    if not (state.options.character_abilities and p.alive and p.character_up and p.character):
        return []
    card = state.content.characters[p.character]
    if card.kind != "triggered" or card.trigger != trigger:
        return []
    events = [pub(state, "triggered", seat, card=card.key)]
    if any(e.op in CHOICE_OPS for e in card.effects):
        draft = Draft("use", seat)
        draft.fire = "trigger"
        draft.effects = card.effects
        state.queue.append(draft)
        return events
    for e in card.effects:
        events += apply_effect(state, seat, e, (), card.key)
    return events


def damage_base(state: StarRoadState, victim: int, amount: int, source: int,
                reflected: bool = False, by: str = "") -> list[Event]:
    """SR-13.7: damage moves min(x, HP) [W] from the base to the supply; 0 HP eliminates.
    `by`: the number of the weapon (or reflecting mixed object) responsible, for statistics."""
    p = state.players[victim]
    if not p.alive or amount <= 0:
        return []
    lost = min(amount, p.hp)
    p.hp -= lost
    events = [pub(state, "reflected" if reflected else "damage", victim, amount=lost, hp=p.hp,
                  source=source, by=by)]
    if p.hp == 0:
        events += eliminate(state, victim, source if source != victim else -1)
    return events


def eliminate(state: StarRoadState, victim: int, eliminator: int) -> list[Event]:
    """SR-16.3 in its order: reveal, reward/penalty, trigger, return everything, end check.

    A reward the eliminator hands out is a decision (`Draft("reward")`); its
    on_eliminate_character trigger fires only once that decision is over (SR-18.5: after the
    whole reward step, `turns.give`/`turns.keep`), so the storage shown while it decides is
    the reward's alone."""
    p = state.players[victim]
    p.faction_up = True
    p.character_up = bool(p.character)
    state.eliminations.append((victim, eliminator))
    events = [told(state, "eliminated", victim, PUBLIC,
                   {"faction": p.faction, "character": p.character, "eliminator": eliminator},
                   reveal=True)]
    killer = state.players[eliminator] if eliminator >= 0 else None
    rewarding = False
    if killer is not None and killer.alive and killer.faction_up:
        if state.group(eliminator) == state.group(victim):
            events.append(pub(state, "penalty", eliminator, victim=victim))
            for slot, obj in enumerate(killer.slots):
                if obj is not None:
                    events += destroy(state, eliminator, slot, "penalty")
        else:
            got = state.acquire(state.content.base.constants.reward)
            killer.storage += got
            events.append(pub(state, "reward", eliminator, amount=got, storage=killer.storage))
            if got > 0:
                draft = Draft("reward", eliminator)
                draft.remaining = got
                state.queue.append(draft)
                rewarding = True
    if eliminator >= 0 and not rewarding:
        events += fire_trigger(state, eliminator, "on_eliminate_character")
    for slot, obj in enumerate(p.slots):
        if obj is not None:
            obj.revealed = True
            state.gone.append((victim, obj.no))
            events.append(pub(state, "returned", victim, **describe(state, victim, slot, obj), w=obj.w))
    p.slots = [None] * len(p.slots)
    p.ground = [None] * len(p.ground)
    p.storage = 0
    p.alive = False
    state.stack = [d for d in state.stack if d.owner != victim]
    state.queue = [d for d in state.queue if d.seat != victim]
    state.window = [w for w in state.window if w != victim]
    return events + check_end(state)


def check_end(state: StarRoadState) -> list[Event]:
    """SR-3.5 / SR-3.6: the game ends at once when one team has all living characters."""
    teams = {state.team(x) for x in state.living()}
    if len(teams) > 1:
        return []
    team = teams.pop() if teams else ""
    winners = [x for x in range(state.player_count) if state.team(x) == team]
    return finish(state, winners, False, "one_team_left")


def finish(state: StarRoadState, winners: list[int], draw: bool, reason: str) -> list[Event]:
    """The game is over: every card is revealed (SR-3.5)."""
    state.over = True
    state.phase = "over"
    state.winners = tuple(winners)
    state.draw = draw
    state.end_reason = reason
    state.draft = None
    state.queue = []
    state.stack = []
    state.attack = None
    state.window = []
    for p in state.players:
        p.faction_up = True
        p.character_up = bool(p.character)
    return [told(state, "game_over", None, PUBLIC,
                 {"winners": list(winners), "draw": draw, "reason": reason,
                  "factions": [p.faction for p in state.players],
                  "characters": [p.character for p in state.players]}, reveal=True)]


def round_limit_end(state: StarRoadState) -> list[Event]:
    """SR-23.2: the team with the most total HP among its living characters wins."""
    totals: dict[str, int] = {}
    for x in state.living():
        totals[state.team(x)] = totals.get(state.team(x), 0) + state.players[x].hp
    best = max(totals.values())
    top = [t for t, v in totals.items() if v == best]
    winners = [x for x in range(state.player_count) if state.team(x) in top]
    return finish(state, winners, len(top) > 1, "round_limit")


def apply_effect(state: StarRoadState, user: int, effect: Effect, choice: tuple[int, ...], by: str
                 ) -> list[Event]:
    """Resolve one primitive for `user` with its fixed choice (SR-21.2-21.10); its events name what
    it came from, `by` (the object's design number or the character card: public once used, and
    what the design lab adds the amounts up by)."""
    events = _effect(state, user, effect, choice)
    for event in events:
        if event is not UNTOLD:  # a trigger it set off (a drained object destroyed) names its own
            event.data.setdefault("by", by)
    return events


def _effect(state: StarRoadState, user: int, effect: Effect, choice: tuple[int, ...]) -> list[Event]:
    """`apply_effect`'s resolution."""
    p = state.players[user]
    op = effect.op
    if op == "gain_storage":
        got = state.acquire(effect.get("amount"))
        p.storage += got
        return [pub(state, "gained", user, amount=got, storage=p.storage)]
    if op == "heal_base":
        got = state.acquire(effect.get("amount"))
        p.hp += got
        return [pub(state, "healed", user, amount=got, hp=p.hp)]
    if op == "turn_range_bonus":
        p.range_turn = max(p.range_turn, effect.get("amount"))
        return [pub(state, "range_up", user, amount=p.range_turn)]
    if op == "turn_invest_cap":
        p.cap_turn = max(p.cap_turn, effect.get("amount"))
        return [pub(state, "cap_up", user, amount=p.cap_turn)]
    if not choice:
        return []
    if op == "peek_faction":
        t = choice[0]
        if not state.players[t].alive:
            return [pub(state, "fizzled", user, what=op)]
        if t not in p.peeked:
            p.peeked.append(t)
        return [pub(state, "peeked", user, target=t),
                told(state, "peek_result", user, (user,),
                     {"target": t, "faction": state.players[t].faction}, reveal=True)]
    if op == "steal_storage":
        t = choice[0]
        if not state.players[t].alive:
            return [pub(state, "fizzled", user, what=op)]
        taken = min(effect.get("amount"), state.players[t].storage)
        state.players[t].storage -= taken
        p.storage += taken
        return [pub(state, "stole", user, target=t, amount=taken)]
    if op == "remove_object_w":
        return _remove_w(state, user, effect.get("amount"), choice[0], choice[1])
    if op == "cancel_weapon":
        a = state.attack
        if a is None:
            return [pub(state, "fizzled", user, what=op)]
        events = []
        for uid in choice:
            at = state.find(uid)
            if at is not None and (uid, user) not in a.cancelled:
                a.cancelled.append((uid, user))
                line, level = state.line_level(at[1])
                events.append(pub(state, "cancelled", user, attacker=a.owner, line=line, level=level))
        return events
    if op == "remove_delay":
        at = state.find(choice[0])
        obj = state.obj(choice[0])
        if at is None or obj is None or at[0] != user:
            return [pub(state, "fizzled", user, what=op)]
        obj.delay = max(0, obj.delay - effect.get("amount"))
        line, level = state.line_level(at[1])
        return [pub(state, "delay_removed", user, line=line, level=level, delay=obj.delay)]
    raise AssertionError(f"effect op {op!r} has no resolution")


def _remove_w(state: StarRoadState, user: int, amount: int, seat: int, uid: int) -> list[Event]:
    """SR-21.5: remove up to `amount` [W] from the chosen object; at 0 it is destroyed."""
    at = state.find(uid)
    if at is None or not state.players[seat].alive:
        return [pub(state, "fizzled", user, what="remove_object_w")]
    owner, slot = at
    obj = state.players[owner].slots[slot]
    assert obj is not None
    taken = min(amount, obj.w)
    obj.w -= taken
    obj.intact = False
    line, level = state.line_level(slot)
    events = [pub(state, "drained", user, target=owner, line=line, level=level, amount=taken, w=obj.w)]
    if obj.w == 0:
        events += destroy(state, owner, slot, "drained")
    return events
