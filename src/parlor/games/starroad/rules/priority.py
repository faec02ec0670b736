"""Holding priority (SR-10.4): object uses outside attacks, character abilities, free reveals,
passing, response rounds (SR-10.6) and the resolution of arming and activations (SR-10.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event, Move

from ..model import Decl, Draft
from ..moves import (
    ABILITY,
    CHOICES_DONE,
    END_PHASE,
    PASS,
    REVEAL_CHARACTER,
    REVEAL_FACTION,
    ChoicesDone,
    PickObject,
    PickWeapon,
    Target,
    Use,
    pick_object_at,
    pick_weapon_at,
    target_of,
    use_at,
)
from .attack import attack_moves
from .common import CHOICE_OPS, after_use, apply_effect, pub, told
from .effect_choices import cancel_options, has_options, object_options, seat_options
from .production import production_moves

if TYPE_CHECKING:
    from ..state import StarRoadState


def attack_on_self(state: StarRoadState, seat: int) -> bool:
    """SR-10.3: an attack aims a weapon at `seat` and its damage calculation has not started."""
    a = state.attack
    if a is None or seat not in a.order:
        return False
    i = a.order.index(seat)
    if i < a.target_index or (i == a.target_index and a.stage not in ("declared", "choose", "blocking")):
        return False
    return any(seat in targets and state.find(uid) is not None for uid, targets in a.weapons)


def _timing_ok(state: StarRoadState, seat: int, timing: str, ctx: str) -> bool:
    if timing == "any":
        return True
    if timing == "own_action_phase":
        return ctx == "action"
    if timing == "response_to_attack_on_self":
        return ctx == "response" and attack_on_self(state, seat)
    return False


def use_moves(state: StarRoadState, seat: int, ctx: str) -> list[Move]:
    """SR-10.2: arming and activations the seat may declare now. An object whose declaration
    is still on the stack cannot be declared again: its use is already spent (SR-10.9)."""
    if state.first_turn_locked(seat):
        return []
    pending = {d.uid for d in state.stack if d.uid >= 0}
    out: list[Move] = []
    for slot, o in enumerate(state.players[seat].slots):
        if o is None or o.marks == 0 or o.uid in pending:
            continue
        d = state.content.chart[o.no]
        if d.type == "A":
            if d.delay > 0 and not o.armed and ctx == "action" and state.storage_ok(seat, d):
                out.append(use_at(*state.line_level(slot)))
            continue
        if d.type != "?" or not d.effects or not _timing_ok(state, seat, d.timing, ctx):
            continue
        if not state.storage_ok(seat, d):
            continue
        if d.delay > 0 and not o.armed:
            out.append(use_at(*state.line_level(slot)))
        elif (d.delay == 0 or o.delay == 0) and all(
                has_options(state, seat, e) for e in d.effects if e.op in CHOICE_OPS):
            out.append(use_at(*state.line_level(slot)))
    return out


def ability_ok(state: StarRoadState, seat: int, ctx: str) -> bool:
    """SR-18.2-18.4: an activated ability within its limit and timing, with legal choices."""
    p = state.players[seat]
    if not state.options.character_abilities or not p.character:
        return False
    card = state.content.characters[p.character]
    if card.kind != "activated":
        return False
    if (card.limit == "once_per_game" and p.ability_game) or (
            card.limit == "once_per_turn" and p.ability_turn):
        return False
    if not _timing_ok(state, seat, card.timing, ctx):
        return False
    return all(has_options(state, seat, e) for e in card.effects if e.op in CHOICE_OPS)


def priority_moves(state: StarRoadState, seat: int, ctx: str) -> list[Move]:
    """Everything a seat holding priority may do (SR-6.4, SR-6.5, SR-10.6)."""
    out: list[Move] = []
    if ctx == "action":
        out += production_moves(state, seat)
        out += attack_moves(state, seat)
    out += use_moves(state, seat, ctx)
    if ability_ok(state, seat, ctx):
        out.append(ABILITY)
    p = state.players[seat]
    if not p.faction_up and state.content.base.cards[p.faction].captain:
        out.append(REVEAL_FACTION)
    if not p.character_up:
        out.append(REVEAL_CHARACTER)
    out.append(END_PHASE if ctx == "action" else PASS)
    return out


# ----------------------------------------------------------------------------- free actions
def reveal_faction(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-4.2: a captain turns its card face up, irreversibly."""
    p = state.players[seat]
    p.faction_up = True
    return [told(state, "faction_revealed", seat, PUBLIC, {"faction": p.faction}, reveal=True)]


def reveal_character(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-18.2: the character card is turned face up; its ability works from now on."""
    p = state.players[seat]
    p.character_up = True
    state.sync_lines(seat)
    return [told(state, "character_revealed", seat, PUBLIC, {"card": p.character}, reveal=True)]


def pass_priority(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-10.6 / SR-6.5: pass in a response round or in the end-of-action window."""
    if state.stack:
        state.stack[-1].asked += 1
    else:
        state.window.pop(0)
    return [pub(state, "passed", seat)]


def end_phase(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-6.4 -> SR-6.5: the action phase ends; the others hold priority once each."""
    state.phase = "window"
    state.window = state.after(seat)
    return [pub(state, "action_end", seat)]


# ----------------------------------------------------------------------------- declarations
def use(state: StarRoadState, seat: int, move: Use) -> list[Event]:
    """SR-10.1: arm an X(t) object, or activate a special (choices next, if any)."""
    slot = state.slot_of(move.line, move.level)
    o = state.players[seat].slots[slot]
    assert o is not None
    d = state.content.chart[o.no]
    if d.delay > 0 and not o.armed:
        return declare(state, Decl("arm", seat, o.uid))
    draft = Draft("use", seat)
    draft.fire, draft.uid, draft.effects = "activate", o.uid, d.effects
    state.draft = draft
    return settle_use(state)


def ability(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    """SR-18.2-18.3: declaring an activated ability turns the card face up."""
    p = state.players[seat]
    card = state.content.characters[p.character]
    events: list[Event] = []
    if not p.character_up:
        p.character_up = True
        events.append(told(state, "character_revealed", seat, PUBLIC, {"card": p.character},
                           reveal=True))
    if card.limit == "once_per_game":
        p.ability_game = True
    else:
        p.ability_turn = True
    draft = Draft("use", seat)
    draft.fire, draft.effects = "ability", card.effects
    state.draft = draft
    return events + settle_use(state)


def settle_use(state: StarRoadState) -> list[Event]:
    """Fill in effects that need no choice; declare (or, for a trigger, apply) once complete."""
    d = state.draft
    assert d is not None and d.kind == "use"
    while len(d.choices) < len(d.effects):
        e = d.effects[len(d.choices)]
        if e.op not in CHOICE_OPS or (d.fire == "trigger" and not has_options(state, d.seat, e)):
            d.choices.append(())
            continue
        if e.op == "cancel_weapon" and d.picks and (
                len(d.picks) >= e.get("count") or not _cancel_left(state, d)):
            d.choices.append(tuple(d.picks))
            d.picks = []
            continue
        return []
    state.draft = None
    choices = tuple(d.choices)
    if d.fire == "trigger":
        events: list[Event] = []
        card = state.content.characters[state.players[d.seat].character].key
        for e, c in zip(d.effects, choices, strict=True):
            events += apply_effect(state, d.seat, e, c, card)
        return events
    kind = "ability" if d.fire == "ability" else "activate"
    return declare(state, Decl(kind, d.seat, d.uid, d.effects, choices))


def _cancel_left(state: StarRoadState, draft: Draft) -> list[int]:
    return [u for u in cancel_options(state, draft.seat) if u not in draft.picks]


def use_draft_moves(state: StarRoadState, draft: Draft) -> list[Move]:
    """The next choice of an effect (SR-21.1)."""
    e = draft.effects[len(draft.choices)]
    if e.op in ("peek_faction", "steal_storage") or (e.op == "remove_object_w" and draft.chosen_seat < 0):
        return [target_of(t) for t in seat_options(state, draft.seat, e)]
    if e.op in ("remove_object_w", "remove_delay"):
        owner = draft.chosen_seat if e.op == "remove_object_w" else draft.seat
        return [pick_object_at(*state.line_level(i)) for i in object_options(state, draft.seat, e, owner)]
    out: list[Move] = []
    for uid in _cancel_left(state, draft):
        at = state.find(uid)
        assert at is not None
        out.append(pick_weapon_at(*state.line_level(at[1])))
    if draft.picks:
        out.append(CHOICES_DONE)
    return out


def choose_target(state: StarRoadState, seat: int, move: Target) -> list[Event]:
    d = state.draft
    assert d is not None
    e = d.effects[len(d.choices)]
    if e.op == "remove_object_w":
        d.chosen_seat = move.seat
        return []
    d.choices.append((move.seat,))
    return settle_use(state)


def pick_object(state: StarRoadState, seat: int, move: PickObject) -> list[Event]:
    d = state.draft
    assert d is not None
    e = d.effects[len(d.choices)]
    owner = d.chosen_seat if e.op == "remove_object_w" else seat
    o = state.players[owner].slots[state.slot_of(move.line, move.level)]
    assert o is not None
    d.choices.append((owner, o.uid) if e.op == "remove_object_w" else (o.uid,))
    d.chosen_seat = -1
    return settle_use(state)


def pick_weapon(state: StarRoadState, seat: int, move: PickWeapon) -> list[Event]:
    d = state.draft
    assert d is not None and state.attack is not None
    o = state.players[state.attack.owner].slots[state.slot_of(move.line, move.level)]
    assert o is not None
    d.picks.append(o.uid)
    return settle_use(state)


def choices_done(state: StarRoadState, seat: int, move: ChoicesDone) -> list[Event]:
    d = state.draft
    assert d is not None
    d.choices.append(tuple(d.picks))
    d.picks = []
    return settle_use(state)


def declare(state: StarRoadState, decl: Decl) -> list[Event]:
    """SR-10.5: put a declaration on the stack; the object used is turned face outward."""
    data: dict[str, Any] = {"what": decl.kind}
    if decl.uid >= 0:
        at = state.find(decl.uid)
        assert at is not None
        o = state.players[at[0]].slots[at[1]]
        assert o is not None
        o.revealed = True
        line, level = state.line_level(at[1])
        data.update(line=line, level=level, no=o.no)
    else:
        data.update(card=state.players[decl.owner].character)
    data["choices"] = [choice_json(state, e.op, c)
                       for e, c in zip(decl.effects, decl.choices, strict=True)]
    state.stack.append(decl)
    kind = "declared" if decl.uid >= 0 else "ability_declared"
    return [told(state, kind, decl.owner, PUBLIC, data, reveal=decl.uid >= 0)]


def choice_json(state: StarRoadState, op: str, choice: tuple[int, ...]) -> list[int]:
    """A choice for an event: seats as they are; objects as [seat, line, level, ...]."""
    uids = choice[1:] if op == "remove_object_w" else choice if op in (
        "cancel_weapon", "remove_delay") else ()
    out = list(choice[:1]) if op == "remove_object_w" else [] if uids else list(choice)
    for uid in uids:
        at = state.find(uid)
        if at is not None:
            out.extend((at[0], *state.line_level(at[1])))
    return out


def resolve_use(state: StarRoadState, decl: Decl) -> list[Event]:
    """SR-10.7, SR-15.7, SR-10.8: arming, activation or ability; a vanished object fizzles."""
    if decl.uid >= 0:
        at = state.find(decl.uid)
        if at is None:
            return [pub(state, "fizzled", decl.owner, what=decl.kind)]
        o = state.players[at[0]].slots[at[1]]
        assert o is not None
        line, level = state.line_level(at[1])
        if decl.kind == "arm":
            o.armed = True
            o.delay = state.content.chart[o.no].delay
            return [pub(state, "armed", decl.owner, line=line, level=level, delay=o.delay)]
        by = o.no
    else:  # an ability: the character card's
        by = state.content.characters[state.players[decl.owner].character].key
    events = [pub(state, "resolved", decl.owner, what=decl.kind)]
    for e, c in zip(decl.effects, decl.choices, strict=True):
        events += apply_effect(state, decl.owner, e, c, by)
        if state.over:
            return events
    if decl.uid >= 0:
        events += after_use(state, decl.owner, decl.uid)
    return events
