"""Holding priority (SR-10.4): object uses outside attacks, character abilities, free reveals,
passing, response rounds (SR-10.6) and the resolution of arming and activations (SR-10.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event, Move

from ..model import Decl, Draft
from ..moves import (
    Ability,
    ChoicesDone,
    EndPhase,
    Pass,
    PickObject,
    PickWeapon,
    RevealCharacter,
    RevealFaction,
    Target,
    Use,
)
from .attack import attack_moves
from .common import CHOICE_OPS, after_use, pub
from .effects import apply_effect, cancel_options, has_options, object_options, seat_options
from .production import production_moves

if TYPE_CHECKING:
    from ..state import StarRoadState


def attack_on_self(s: StarRoadState, seat: int) -> bool:
    """SR-10.3: an attack aims a weapon at `seat` and its damage calculation has not started."""
    a = s.attack
    if a is None or seat not in a.order:
        return False
    i = a.order.index(seat)
    if i < a.target_index or (i == a.target_index and a.stage not in ("declared", "choose", "blocking")):
        return False
    return any(seat in targets and s.find(uid) is not None for uid, targets in a.weapons)


def _timing_ok(s: StarRoadState, seat: int, timing: str, ctx: str) -> bool:
    if timing == "any":
        return True
    if timing == "own_action_phase":
        return ctx == "action"
    if timing == "response_to_attack_on_self":
        return ctx == "response" and attack_on_self(s, seat)
    return False


def use_moves(s: StarRoadState, seat: int, ctx: str) -> list[Move]:
    """SR-10.2: arming and activations the seat may declare now. An object whose declaration
    is still on the stack cannot be declared again: its use is already spent (SR-10.9)."""
    if s.first_turn_locked(seat):
        return []
    pending = {d.uid for d in s.stack if d.uid >= 0}
    out: list[Move] = []
    for slot, o in enumerate(s.players[seat].slots):
        if o is None or o.marks == 0 or o.uid in pending:
            continue
        d = s.content.chart[o.no]
        if d.type == "A":
            if d.delay > 0 and not o.armed and ctx == "action" and s.storage_ok(seat, d):
                out.append(Use(*s.line_level(slot)))
            continue
        if d.type != "?" or not d.effects or not _timing_ok(s, seat, d.timing, ctx):
            continue
        if not s.storage_ok(seat, d):
            continue
        if d.delay > 0 and not o.armed:
            out.append(Use(*s.line_level(slot)))
        elif (d.delay == 0 or o.delay == 0) and all(
                has_options(s, seat, e) for e in d.effects if e.op in CHOICE_OPS):
            out.append(Use(*s.line_level(slot)))
    return out


def ability_ok(s: StarRoadState, seat: int, ctx: str) -> bool:
    """SR-18.2-18.4: an activated ability within its limit and timing, with legal choices."""
    p = s.players[seat]
    if not s.options.character_abilities or not p.character:
        return False
    card = s.content.characters[p.character]
    if card.kind != "activated":
        return False
    if (card.limit == "once_per_game" and p.ability_game) or (
            card.limit == "once_per_turn" and p.ability_turn):
        return False
    if not _timing_ok(s, seat, card.timing, ctx):
        return False
    return all(has_options(s, seat, e) for e in card.effects if e.op in CHOICE_OPS)


def priority_moves(s: StarRoadState, seat: int, ctx: str) -> list[Move]:
    """Everything a seat holding priority may do (SR-6.4, SR-6.5, SR-10.6)."""
    out: list[Move] = []
    if ctx == "action":
        out += production_moves(s, seat)
        out += attack_moves(s, seat)
    out += use_moves(s, seat, ctx)
    if ability_ok(s, seat, ctx):
        out.append(Ability())
    p = s.players[seat]
    if not p.faction_up and s.content.base.cards[p.faction].captain:
        out.append(RevealFaction())
    if not p.character_up:
        out.append(RevealCharacter())
    out.append(EndPhase() if ctx == "action" else Pass())
    return out


# ----------------------------------------------------------------------------- free actions
def reveal_faction(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-4.2: a captain turns its card face up, irreversibly."""
    p = s.players[seat]
    p.faction_up = True
    return [Event("faction_revealed", seat, PUBLIC, {"faction": p.faction}, reveal=True)]


def reveal_character(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-18.2: the character card is turned face up; its ability works from now on."""
    p = s.players[seat]
    p.character_up = True
    s.sync_lines(seat)
    return [Event("character_revealed", seat, PUBLIC, {"card": p.character}, reveal=True)]


def pass_priority(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-10.6 / SR-6.5: pass in a response round or in the end-of-action window."""
    if s.stack:
        s.stack[-1].asked += 1
    else:
        s.window.pop(0)
    return [pub("passed", seat)]


def end_phase(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-6.4 -> SR-6.5: the action phase ends; the others hold priority once each."""
    s.phase = "window"
    s.window = s.after(seat)
    return [pub("action_end", seat)]


# ----------------------------------------------------------------------------- declarations
def use(s: StarRoadState, seat: int, move: Use) -> list[Event]:
    """SR-10.1: arm an X(t) object, or activate a special (choices next, if any)."""
    slot = s.slot_of(move.line, move.level)
    o = s.players[seat].slots[slot]
    assert o is not None
    d = s.content.chart[o.no]
    if d.delay > 0 and not o.armed:
        return declare(s, Decl("arm", seat, o.uid))
    draft = Draft("use", seat)
    draft.fire, draft.uid, draft.effects = "activate", o.uid, d.effects
    s.draft = draft
    return settle_use(s)


def ability(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-18.2-18.3: declaring an activated ability turns the card face up."""
    p = s.players[seat]
    card = s.content.characters[p.character]
    events: list[Event] = []
    if not p.character_up:
        p.character_up = True
        events.append(Event("character_revealed", seat, PUBLIC, {"card": p.character},
                            reveal=True))
    if card.limit == "once_per_game":
        p.ability_game = True
    else:
        p.ability_turn = True
    draft = Draft("use", seat)
    draft.fire, draft.effects = "ability", card.effects
    s.draft = draft
    return events + settle_use(s)


def settle_use(s: StarRoadState) -> list[Event]:
    """Fill in effects that need no choice; declare (or, for a trigger, apply) once complete."""
    d = s.draft
    assert d is not None and d.kind == "use"
    while len(d.choices) < len(d.effects):
        e = d.effects[len(d.choices)]
        if e.op not in CHOICE_OPS or (d.fire == "trigger" and not has_options(s, d.seat, e)):
            d.choices.append(())
            continue
        if e.op == "cancel_weapon" and d.picks and (
                len(d.picks) >= e.get("count") or not _cancel_left(s, d)):
            d.choices.append(tuple(d.picks))
            d.picks = []
            continue
        return []
    s.draft = None
    choices = tuple(d.choices)
    if d.fire == "trigger":
        events: list[Event] = []
        for e, c in zip(d.effects, choices, strict=True):
            events += apply_effect(s, d.seat, e, c)
        return events
    kind = "ability" if d.fire == "ability" else "activate"
    return declare(s, Decl(kind, d.seat, d.uid, d.effects, choices))


def _cancel_left(s: StarRoadState, d: Draft) -> list[int]:
    return [u for u in cancel_options(s, d.seat) if u not in d.picks]


def use_draft_moves(s: StarRoadState, d: Draft) -> list[Move]:
    """The next choice of an effect (SR-21.1)."""
    e = d.effects[len(d.choices)]
    if e.op in ("peek_faction", "steal_storage") or (e.op == "remove_object_w" and d.chosen_seat < 0):
        return [Target(t) for t in seat_options(s, d.seat, e)]
    if e.op in ("remove_object_w", "remove_delay"):
        owner = d.chosen_seat if e.op == "remove_object_w" else d.seat
        return [PickObject(*s.line_level(i)) for i in object_options(s, d.seat, e, owner)]
    out: list[Move] = []
    for uid in _cancel_left(s, d):
        at = s.find(uid)
        assert at is not None
        out.append(PickWeapon(*s.line_level(at[1])))
    if d.picks:
        out.append(ChoicesDone())
    return out


def choose_target(s: StarRoadState, seat: int, move: Target) -> list[Event]:
    d = s.draft
    assert d is not None
    e = d.effects[len(d.choices)]
    if e.op == "remove_object_w":
        d.chosen_seat = move.seat
        return []
    d.choices.append((move.seat,))
    return settle_use(s)


def pick_object(s: StarRoadState, seat: int, move: PickObject) -> list[Event]:
    d = s.draft
    assert d is not None
    e = d.effects[len(d.choices)]
    owner = d.chosen_seat if e.op == "remove_object_w" else seat
    o = s.players[owner].slots[s.slot_of(move.line, move.level)]
    assert o is not None
    d.choices.append((owner, o.uid) if e.op == "remove_object_w" else (o.uid,))
    d.chosen_seat = -1
    return settle_use(s)


def pick_weapon(s: StarRoadState, seat: int, move: PickWeapon) -> list[Event]:
    d = s.draft
    assert d is not None and s.attack is not None
    o = s.players[s.attack.owner].slots[s.slot_of(move.line, move.level)]
    assert o is not None
    d.picks.append(o.uid)
    return settle_use(s)


def choices_done(s: StarRoadState, seat: int, move: ChoicesDone) -> list[Event]:
    d = s.draft
    assert d is not None
    d.choices.append(tuple(d.picks))
    d.picks = []
    return settle_use(s)


def declare(s: StarRoadState, decl: Decl) -> list[Event]:
    """SR-10.5: put a declaration on the stack; the object used is turned face outward."""
    data: dict[str, Any] = {"what": decl.kind}
    if decl.uid >= 0:
        at = s.find(decl.uid)
        assert at is not None
        o = s.players[at[0]].slots[at[1]]
        assert o is not None
        o.revealed = True
        line, level = s.line_level(at[1])
        data.update(line=line, level=level, no=o.no)
    else:
        data.update(card=s.players[decl.owner].character)
    data["choices"] = [choice_json(s, e.op, c)
                       for e, c in zip(decl.effects, decl.choices, strict=True)]
    s.stack.append(decl)
    kind = "declared" if decl.uid >= 0 else "ability_declared"
    return [Event(kind, decl.owner, PUBLIC, data, reveal=decl.uid >= 0)]


def choice_json(s: StarRoadState, op: str, choice: tuple[int, ...]) -> list[int]:
    """A choice for an event: seats as they are; objects as [seat, line, level, ...]."""
    uids = choice[1:] if op == "remove_object_w" else choice if op in (
        "cancel_weapon", "remove_delay") else ()
    out = list(choice[:1]) if op == "remove_object_w" else [] if uids else list(choice)
    for uid in uids:
        at = s.find(uid)
        if at is not None:
            out.extend((at[0], *s.line_level(at[1])))
    return out


def resolve_use(s: StarRoadState, decl: Decl) -> list[Event]:
    """SR-10.7, SR-15.7, SR-10.8: arming, activation or ability; a vanished object fizzles."""
    if decl.uid >= 0:
        at = s.find(decl.uid)
        if at is None:
            return [pub("fizzled", decl.owner, what=decl.kind)]
        o = s.players[at[0]].slots[at[1]]
        assert o is not None
        line, level = s.line_level(at[1])
        if decl.kind == "arm":
            o.armed = True
            o.delay = s.content.chart[o.no].delay
            return [pub("armed", decl.owner, line=line, level=level, delay=o.delay)]
    events = [pub("resolved", decl.owner, what=decl.kind)]
    for e, c in zip(decl.effects, decl.choices, strict=True):
        events += apply_effect(s, decl.owner, e, c)
        if s.over:
            return events
    if decl.uid >= 0:
        events += after_use(s, decl.owner, decl.uid)
    return events
