"""Producing objects on production lines (SR-8) and ground structures (SR-19.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..model import Draft, Obj
from ..moves import Build, BuildGround, Continue, ContinueGround, Invest, Place
from .common import destroy, pub

if TYPE_CHECKING:
    from ..state import StarRoadState


def production_moves(s: StarRoadState, seat: int) -> list[Move]:
    """SR-8.3 / SR-8.4 / SR-19.3: what the active character may start producing."""
    p = s.players[seat]
    least = s.content.base.constants.min_investment
    if p.storage < least or production_limit_reached(s):
        return []
    out: list[Move] = list(s.content.build_moves)
    cap = s.invest_cap(seat)
    for slot, o in enumerate(p.slots):
        if o is not None and o.marks == 0 and o.invested < cap and o.w < s.defn(o).cost:
            out.append(Continue(*s.line_level(slot)))
    for g, name in enumerate(s.content.ground_slots):
        o = p.ground[g]
        no = _structure_no(s, name)
        if o is None:
            out.append(BuildGround(no))
        elif o.marks == 0 and o.invested < cap:
            out.append(ContinueGround(no))
    return out


def production_limit_reached(s: StarRoadState) -> bool:
    """Engine guard (docs/status/starroad.md, not in the seed): at most `production_limit`
    production actions per turn. The rules let the Recycler build over a full line and invest
    1 [W] forever (the discarded object refunds it), so a turn could never end; the limit is far
    above what storage pays for in a real turn."""
    limit = s.options.production_limit
    return limit > 0 and s.productions >= limit


def _structure_no(s: StarRoadState, slot_name: str) -> str:
    for no, d in s.content.ground.items():
        if d.slot == slot_name:
            return no
    raise AssertionError(slot_name)


def place_moves(s: StarRoadState, seat: int) -> list[Move]:
    """SR-8.3 steps 2-3: lowest empty level, or replace either object of a full line."""
    p = s.players[seat]
    out: list[Move] = []
    for line in range(1, len(p.slots) // s.levels + 1):
        levels = [lv for lv in range(1, s.levels + 1) if p.slots[s.slot_of(line, lv)] is None]
        if levels:
            out.append(Place(line, levels[0]))
        else:
            out.extend(Place(line, lv) for lv in range(1, s.levels + 1))
    return out


def max_invest(s: StarRoadState, d: Draft) -> int:
    """SR-8.3 step 4 / SR-8.4: min(cap left this turn, storage, cost still missing)."""
    p = s.players[d.seat]
    if d.ground >= 0:
        o = p.ground[d.ground]
        cost = s.content.ground[d.no].cost
    else:
        o = p.slots[d.slot] if not d.new else None
        cost = s.content.chart[d.no].cost
    have, invested = (o.w, o.invested) if o is not None else (0, 0)
    return max(0, min(s.invest_cap(d.seat) - invested, p.storage, cost - have))


def invest_moves(s: StarRoadState, d: Draft) -> list[Move]:
    least = s.content.base.constants.min_investment
    return [Invest(x) for x in range(least, max_invest(s, d) + 1)]


def start(s: StarRoadState, seat: int, move: Move) -> list[Event]:
    """Open a production draft for Build / Continue / BuildGround / ContinueGround."""
    d = Draft("produce", seat)
    s.productions += 1
    if isinstance(move, Build):
        d.no, d.new = s.content.canonical(move.no), True
    elif isinstance(move, Continue):
        d.slot = s.slot_of(move.line, move.level)
        obj = s.players[seat].slots[d.slot]
        assert obj is not None
        d.no = obj.no
    else:
        assert isinstance(move, (BuildGround, ContinueGround))
        d.no = s.content.canonical(move.no)
        d.ground = s.content.ground_slots.index(s.content.ground[move.no].slot)
        d.new = isinstance(move, BuildGround)
    s.draft = d
    return []


def place(s: StarRoadState, seat: int, move: Place) -> list[Event]:
    """SR-8.3 steps 2-3: choose the slot; on a full line the chosen object is discarded."""
    d = s.draft
    assert d is not None
    slot = s.slot_of(move.line, move.level)
    d.slot = slot
    if s.players[seat].slots[slot] is not None:
        return destroy(s, seat, slot, "discarded")
    return []


def invest(s: StarRoadState, seat: int, move: Invest) -> list[Event]:
    """SR-8.3 step 4-5 / SR-8.4 / SR-8.6: move [W] onto the object, then the completion check."""
    d = s.draft
    assert d is not None
    s.draft = None
    p = s.players[seat]
    hidden = s.options.hidden_object_numbers
    if d.ground >= 0:
        cost, use_limit = s.content.ground[d.no].cost, 0
        if d.new:
            p.ground[d.ground] = Obj(s.next_uid, d.no, True)
            s.next_uid += 1
        obj = p.ground[d.ground]
        where: dict[str, object] = {"ground": d.no}
    else:
        chart = s.content.chart[d.no]
        cost, use_limit = chart.cost, chart.use_limit
        if d.new:
            p.slots[d.slot] = Obj(s.next_uid, d.no, not hidden)
            s.next_uid += 1
        obj = p.slots[d.slot]
        line, level = s.line_level(d.slot)
        where = {"line": line, "level": level}
    assert obj is not None
    p.storage -= move.amount
    obj.w += move.amount
    obj.invested += move.amount
    kind = ("built" if d.new else "invested") + ("_ground" if d.ground >= 0 else "")
    events = [pub(kind, seat, **where, amount=move.amount, w=obj.w)]
    if d.new and d.ground < 0:
        events.append(Event("built_no", seat, (seat,), {"no": d.no, **where}))
    if obj.w == cost:
        obj.marks = use_limit or 1
        obj.intact = True  # it shows its cost now, whatever it lost while incomplete (SR-24.3)
        events.append(pub("completed_ground" if d.ground >= 0 else "completed", seat, **where,
                          marks=obj.marks))
        if d.ground >= 0:
            s.sync_lines(seat)
    return events
