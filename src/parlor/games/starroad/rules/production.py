"""Producing objects on production lines (SR-8) and ground structures (SR-19.3)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..model import Draft, Obj
from ..moves import Build, BuildGround, Continue, ContinueGround, Invest, Place
from .common import destroy, pub, told

if TYPE_CHECKING:
    from ..state import StarRoadState


# Each move of these kinds made once, when first listed (legal-move lists reuse them).
_continue = functools.cache(Continue)
_place = functools.cache(Place)
_invest = functools.cache(Invest)


def production_moves(state: StarRoadState, seat: int) -> list[Move]:
    """SR-8.3 / SR-8.4 / SR-19.3: what the active character may start producing."""
    p = state.players[seat]
    least = state.content.base.constants.min_investment
    if p.storage < least or production_limit_reached(state):
        return []
    out: list[Move] = list(state.content.build_moves)
    cap = state.invest_cap(seat)
    for slot, o in enumerate(p.slots):
        if o is not None and o.marks == 0 and o.invested < cap and o.w < state.defn(o).cost:
            out.append(_continue(*state.line_level(slot)))
    for g, name in enumerate(state.content.ground_slots):
        o = p.ground[g]
        no = _structure_no(state, name)
        if o is None:
            out.append(BuildGround(no))
        elif o.marks == 0 and o.invested < cap:
            out.append(ContinueGround(no))
    return out


def production_limit_reached(state: StarRoadState) -> bool:
    """Engine guard (docs/status/starroad.md, not in the seed): at most `production_limit`
    production actions per turn. The rules let the Recycler build over a full line and invest
    1 [W] forever (the discarded object refunds it), so a turn could never end; the limit is far
    above what storage pays for in a real turn."""
    limit = state.options.production_limit
    return limit > 0 and state.productions >= limit


def _structure_no(state: StarRoadState, slot_name: str) -> str:
    for no, d in state.content.ground.items():
        if d.slot == slot_name:
            return no
    raise AssertionError(slot_name)


def place_moves(state: StarRoadState, seat: int) -> list[Move]:
    """SR-8.3 steps 2-3: lowest empty level, or replace either object of a full line."""
    p = state.players[seat]
    out: list[Move] = []
    for line in range(1, len(p.slots) // state.levels + 1):
        levels = [lv for lv in range(1, state.levels + 1) if p.slots[state.slot_of(line, lv)] is None]
        if levels:
            out.append(_place(line, levels[0]))
        else:
            out.extend(_place(line, lv) for lv in range(1, state.levels + 1))
    return out


def max_invest(state: StarRoadState, draft: Draft, cap: int | None = None) -> int:
    """SR-8.3 step 4 / SR-8.4: min(cap left this turn, storage, cost still missing). `cap`:
    the seat's investment cap (`StarRoadState.invest_cap`), when the caller knows it."""
    p = state.players[draft.seat]
    if draft.ground >= 0:
        o = p.ground[draft.ground]
        cost = state.content.ground[draft.no].cost
    else:
        o = p.slots[draft.slot] if not draft.new else None
        cost = state.content.chart[draft.no].cost
    if cap is None:
        cap = state.invest_cap(draft.seat)
    return most_investment(p.storage, o, cost, cap)


def most_investment(storage: int, o: Obj | None, cost: int, cap: int) -> int:
    """SR-8.3 step 4 / SR-8.4: `max_invest` in object `o` (None: a new one) of a design
    costing `cost`, for a character with `storage` and investment cap `cap`."""
    have, invested = (o.w, o.invested) if o is not None else (0, 0)
    return max(0, min(cap - invested, storage, cost - have))


def invest_moves(state: StarRoadState, draft: Draft) -> list[Move]:
    least = state.content.base.constants.min_investment
    return [_invest(x) for x in range(least, max_invest(state, draft) + 1)]


def start(state: StarRoadState, seat: int, move: Move) -> list[Event]:
    """Open a production draft for Build / Continue / BuildGround / ContinueGround."""
    d = Draft("produce", seat)
    state.productions += 1
    aim(state, d, move)
    state.draft = d
    return []


def aim(state: StarRoadState, d: Draft, move: Move) -> None:
    """Point a production draft at what `move` makes or continues: its design, line slot,
    ground slot and whether the object is new, every one of them set."""
    if isinstance(move, Build):
        d.no, d.slot, d.ground, d.new = state.content.canonical(move.no), -1, -1, True
    elif isinstance(move, Continue):
        slot = state.slot_of(move.line, move.level)
        obj = state.players[d.seat].slots[slot]
        assert obj is not None
        d.no, d.slot, d.ground, d.new = obj.no, slot, -1, False
    else:
        assert isinstance(move, (BuildGround, ContinueGround))
        d.no, d.slot = state.content.canonical(move.no), -1
        d.ground = state.content.ground_slots.index(state.content.ground[move.no].slot)
        d.new = isinstance(move, BuildGround)


def place(state: StarRoadState, seat: int, move: Place) -> list[Event]:
    """SR-8.3 steps 2-3: choose the slot; on a full line the chosen object is discarded."""
    d = state.draft
    assert d is not None
    slot = state.slot_of(move.line, move.level)
    d.slot = slot
    if state.players[seat].slots[slot] is not None:
        return destroy(state, seat, slot, "discarded")
    return []


def invest(state: StarRoadState, seat: int, move: Invest) -> list[Event]:
    """SR-8.3 step 4-5 / SR-8.4 / SR-8.6: move [W] onto the object, then the completion check."""
    d = state.draft
    assert d is not None
    state.draft = None
    p = state.players[seat]
    hidden = state.options.hidden_object_numbers
    if d.ground >= 0:
        cost, use_limit = state.content.ground[d.no].cost, 0
        if d.new:
            p.ground[d.ground] = Obj(state.next_uid, d.no, True)
            state.next_uid += 1
        obj = p.ground[d.ground]
        where: dict[str, object] = {"ground": d.no}
    else:
        chart = state.content.chart[d.no]
        cost, use_limit = chart.cost, chart.use_limit
        if d.new:
            p.slots[d.slot] = Obj(state.next_uid, d.no, not hidden)
            state.next_uid += 1
        obj = p.slots[d.slot]
        line, level = state.line_level(d.slot)
        where = {"line": line, "level": level}
    assert obj is not None
    p.storage -= move.amount
    obj.w += move.amount
    obj.invested += move.amount
    kind = ("built" if d.new else "invested") + ("_ground" if d.ground >= 0 else "")
    events = [pub(state, kind, seat, **where, amount=move.amount, w=obj.w)]
    if d.new and d.ground < 0:
        events.append(told(state, "built_no", seat, (seat,), {"no": d.no, **where}))
    if obj.w == cost:
        obj.marks = use_limit or 1
        obj.intact = True  # it shows its cost now, whatever it lost while incomplete (SR-24.3)
        events.append(pub(state, "completed_ground" if d.ground >= 0 else "completed", seat, **where,
                          marks=obj.marks))
        if d.ground >= 0:
            state.sync_lines(seat)
    return events
