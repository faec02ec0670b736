"""What one seat may see (SR-24), built by whitelisting: every field below is chosen on purpose."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import Decl, Draft, Obj

if TYPE_CHECKING:
    from .state import StarRoadState


def view(s: StarRoadState, seat: int | None) -> dict[str, Any]:
    # the turn being played; after the round limit (SR-23.1) the last one, which it completed: the
    # table read "Round 41 / 40" at the end of a game the limit had ended
    turn = s.completed if s.end_reason == "round_limit" else s.completed + 1
    v: dict[str, Any] = {
        "players": s.player_count,
        "phase": s.phase,
        "active": s.active,
        "first": s.first,
        "last": (s.first - 1) % s.player_count,
        "turn": turn,
        "round": (turn - 1) // s.player_count + 1,
        "round_limit": s.options.round_limit,
        "productions": s.productions,
        "production_limit": s.options.production_limit,
        "deciding": {"seats": list(s.actors()), "step": step(s)},
        "seats": [_player(s, x, seat) for x in range(s.player_count)],
        "stack": [_decl(s, d) for d in s.stack],
        "attack": _attack(s),
        "window": list(s.window),
        "left_play": [[x, no] for x, no in s.gone],
        "over": s.over,
        "winners": list(s.winners),
        "draw": s.draw,
        "end_reason": s.end_reason,
        "designs": list(s.content.designs),
    }
    v.update(_own_content(s))
    if s.options.finite_supply:
        v["supply"] = s.supply()
    if seat is not None:
        v["you"] = _private(s, seat)
    return v


def _own_content(s: StarRoadState) -> dict[str, Any]:
    """A table playing with its own chart or character table (option text every player may read)
    carries their printed faces; the packaged ones are public data, served once."""
    from .faces import character_faces, chart_faces
    out: dict[str, Any] = {}
    if s.options.chart not in ("", "default"):
        out["chart"] = chart_faces(s.content.chart, False)
    if s.options.characters not in ("", "default"):
        out["character_cards"] = character_faces(s.content.characters, False)
    return out


def step(s: StarRoadState) -> str:
    """What is being decided, in words every seat may read."""
    if s.over:
        return "over"
    if s.phase == "choose":
        return "choose_character"
    if s.draft is not None:
        return s.draft.kind
    if s.stack:
        return "respond"
    return "action" if s.phase == "action" else "window"


def _visible_faction(s: StarRoadState, x: int, seat: int | None) -> bool:
    p = s.players[x]
    return p.faction_up or (seat is not None and (x == seat or x in s.players[seat].peeked))


def _player(s: StarRoadState, x: int, seat: int | None) -> dict[str, Any]:
    p = s.players[x]
    own = seat == x
    return {
        "seat": x,
        "alive": p.alive,
        "hp": p.hp,
        "storage": p.storage,
        "faction": p.faction if _visible_faction(s, x, seat) else None,
        "faction_up": p.faction_up,
        "character": p.character if (p.character_up or own) and p.character else None,
        "character_up": p.character_up,
        "chosen": bool(p.character),
        "lines": len(p.slots) // s.levels,
        "objects": [_obj(s, slot, o, own) for slot, o in enumerate(p.slots) if o is not None],
        "ground": [{"no": o.no, "w": o.w, "complete": o.marks > 0, "invested": o.invested}
                   for o in p.ground if o is not None],
        "turns": p.turns,
        "ability_used_game": p.ability_game,
        "ability_used_turn": p.ability_turn,
        "range_bonus_turn": p.range_turn,
        "invest_cap_turn": p.cap_turn,
        "peeked_at": list(p.peeked),
    }


def _obj(s: StarRoadState, slot: int, o: Obj, own: bool) -> dict[str, Any]:
    line, level = s.line_level(slot)
    return {"line": line, "level": level, "no": o.no if (o.revealed or own) else None,
            "w": o.w, "marks": o.marks, "complete": o.marks > 0, "delay": o.delay,
            "armed": o.armed, "acc": o.absorbed, "invested": o.invested, "intact": o.intact,
            "revealed": o.revealed}


def _where(s: StarRoadState, uid: int, show: bool = False) -> dict[str, Any] | None:
    at = s.find(uid)
    if at is None:
        return None
    o = s.players[at[0]].slots[at[1]]
    assert o is not None
    line, level = s.line_level(at[1])
    return {"seat": at[0], "line": line, "level": level, "no": o.no if o.revealed or show else None}


def _decl(s: StarRoadState, d: Decl) -> dict[str, Any]:
    from .rules.priority import choice_json
    out: dict[str, Any] = {"kind": d.kind, "owner": d.owner,
                           "asking": s.responder(d) if d is s.stack[-1] else None}
    if d.uid >= 0:
        out["object"] = _where(s, d.uid)
    if d.kind == "ability":
        out["card"] = s.players[d.owner].character
    out["choices"] = [choice_json(s, e.op, c) for e, c in zip(d.effects, d.choices, strict=True)]
    return out


def _attack(s: StarRoadState) -> dict[str, Any] | None:
    a = s.attack
    if a is None:
        return None
    return {
        "attacker": a.owner,
        "weapons": [{"weapon": _where(s, uid), "targets": list(t),
                     "cancelled_for": [x for u, x in a.cancelled if u == uid]}
                    for uid, t in a.weapons],
        "order": list(a.order),
        "target": a.order[a.target_index] if a.target_index < len(a.order) else None,
        "stage": a.stage,
        "blockers": [_where(s, uid) for uid in a.blockers] if a.stage == "blocking" else [],
        "blocked": [_where(s, uid) for uid in a.guarded] if a.stage == "blocking" else [],
    }


def _private(s: StarRoadState, seat: int) -> dict[str, Any]:
    p = s.players[seat]
    return {
        "seat": seat,
        "faction": p.faction,
        "captain": s.content.base.cards[p.faction].captain,
        "character": p.character or None,
        "set_aside": p.unchosen or None,
        "dealt": sorted(p.dealt),
        "peeked": {str(t): s.players[t].faction for t in p.peeked},
        "draft": _draft(s, s.draft) if s.draft is not None and s.draft.seat == seat else None,
        "invest_cap": s.invest_cap(seat),
    }


def _draft(s: StarRoadState, d: Draft) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": d.kind, "stage": d.stage}
    if d.kind == "produce":
        out.update(no=d.no, new=d.new, ground=d.ground >= 0)
        if d.slot >= 0:
            out["line"], out["level"] = s.line_level(d.slot)
    elif d.kind == "attack":
        out["weapons"] = [{"weapon": _where(s, uid, True) or {}, "targets": list(t)}
                          for uid, t in d.weapons]
        out["order"] = list(d.order)
    elif d.kind == "use":
        out.update(fire=d.fire, object=_where(s, d.uid, True) if d.uid >= 0 else None,
                   effects=[e.op for e in d.effects], chosen=len(d.choices), sub=d.chosen_seat)
    elif d.kind == "block":
        from .rules.attack import weapon_list
        out["blockers"] = [_where(s, uid, True) for uid in d.blockers]
        out["weapons"] = [_where(s, uid) for uid in weapon_list(s, d.seat)]
        out["guards"] = list(d.guards)
    else:
        out["remaining"] = d.remaining
    return out
