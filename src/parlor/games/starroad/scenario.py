"""Scenarios for Star Road: a position from a compact description (docs/scenarios/starroad.md).

Anything not given comes from the seeded setup. The position starts in the action phase of the
active character with an empty stack (its turn start and supply already done), unless
`choosing` keeps the game at the character choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario
from parlor.core.scenario import common, reject_unknown

from .model import Obj

if TYPE_CHECKING:
    from .game import StarRoad
    from .state import StarRoadState

KEYS = ("factions", "characters", "choosing", "first", "active", "turns", "completed", "phase",
        "window", "seats")
SEAT_KEYS = ("hp", "storage", "faction_up", "character_up", "alive", "objects", "ground",
             "peeked", "ability_used")
OBJECT_KEYS = ("no", "line", "level", "w", "marks", "delay", "armed", "acc", "invested",
               "revealed")


def _int(value: Any, where: str, least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise BadScenario(f"{where} must be a whole number >= {least}, got {value!r}")
    return value


def _seat(value: Any, n: int, where: str) -> int:
    seat = _int(value, where)
    if seat >= n:
        raise BadScenario(f"{where}: there is no seat {seat} with {n} players")
    return seat


def build(game: StarRoad, spec: dict[str, Any]) -> StarRoadState:
    reject_unknown(spec, KEYS)
    players, seed, options = common(spec, 4)
    s = game.setup(players, seed, options)
    _factions(s, spec.get("factions"))
    if spec.get("choosing", False):
        return s
    _characters(s, spec.get("characters"))
    n = s.player_count
    s.first = _seat(spec.get("first", s.first), n, "'first'")
    s.active = _seat(spec.get("active", s.first), n, "'active'")
    turns = spec.get("turns")
    if turns is None:
        before = [(s.first + k) % n for k in range(n)]
        turns = [1 if x in before[:before.index(s.active)] else 0 for x in range(n)]
    elif not isinstance(turns, list):
        turns = [_int(turns, "'turns'")] * n
    if len(turns) != n:
        raise BadScenario(f"'turns' must list {n} numbers")
    for x, t in enumerate(turns):
        s.players[x].turns = _int(t, f"'turns'[{x}]")
    s.completed = _int(spec.get("completed", sum(turns)), "'completed'")
    seats = spec.get("seats", {})
    if isinstance(seats, list):
        seats = {str(i): v for i, v in enumerate(seats)}
    if not isinstance(seats, dict):
        raise BadScenario("'seats' must be a list or a table of seat descriptions")
    for key, desc in seats.items():
        if desc is None:
            continue
        if not str(key).isdigit():
            raise BadScenario(f"'seats': {key!r} is not a seat number")
        _seat_desc(s, _seat(int(key), n, "'seats'"), desc)
    for x in range(n):
        s.sync_lines(x)
    phase = spec.get("phase", "action")
    if phase not in ("action", "window"):
        raise BadScenario("'phase' must be action or window")
    s.phase = phase
    if phase == "window":
        window = spec.get("window", s.after(s.active))
        s.window = [_seat(w, n, "'window'") for w in window]
    if not s.players[s.active].alive:
        raise BadScenario(f"the active seat {s.active} is eliminated")
    return s


def _factions(s: StarRoadState, given: Any) -> None:
    """SR-3.2: the faction cards must be those of the player count's row."""
    if given is None:
        return
    if not isinstance(given, list) or len(given) != s.player_count:
        raise BadScenario(f"'factions' must list {s.player_count} faction cards (or null)")
    row = list(s.content.base.table[s.player_count])
    for code in given:
        if code is None:
            continue
        if code not in row:
            raise BadScenario(f"'factions': {code!r} is not (or no longer) among the "
                              f"{s.player_count}-player cards {list(s.content.base.table[s.player_count])}")
        row.remove(code)
    for x, code in enumerate(given):
        s.players[x].faction = code if code is not None else row.pop(0)


def _characters(s: StarRoadState, given: Any) -> None:
    """SR-5.5: chosen characters (card key like "c03" or id like "medic"; null = first dealt)."""
    by_id = {c.id: k for k, c in s.content.characters.items()}
    wanted: list[str | None] = [None] * s.player_count
    if given is not None:
        if not isinstance(given, list) or len(given) != s.player_count:
            raise BadScenario(f"'characters' must list {s.player_count} character cards (or null)")
        for x, c in enumerate(given):
            if c is None:
                continue
            key = by_id.get(c, c)
            if key not in s.content.characters:
                raise BadScenario(f"'characters'[{x}]: unknown character {c!r}")
            wanted[x] = key
    taken = [k for k in wanted if k is not None]
    if len(set(taken)) != len(taken):
        raise BadScenario("'characters': a character card can be chosen only once")
    pool = [k for p in s.players for k in p.dealt] + s.undealt
    pool = [k for k in pool if k not in taken]
    for x, p in enumerate(s.players):
        p.character = wanted[x] or pool.pop(0)
        p.unchosen = pool.pop(0)
        p.dealt = ()
    s.undealt = pool
    s.phase = "action"


def _seat_desc(s: StarRoadState, x: int, desc: Any) -> None:
    where = f"'seats'[{x}]"
    if not isinstance(desc, dict):
        raise BadScenario(f"{where} must be a table")
    unknown = sorted(set(desc) - set(SEAT_KEYS))
    if unknown:
        raise BadScenario(f"{where}: unknown key(s) {', '.join(unknown)} "
                          f"(known: {', '.join(SEAT_KEYS)})")
    p = s.players[x]
    if "hp" in desc:
        p.hp = _int(desc["hp"], f"{where}.hp", 1)
    if "storage" in desc:
        p.storage = _int(desc["storage"], f"{where}.storage")
    if desc.get("faction_up", False):
        if not s.content.base.cards[p.faction].captain:
            raise BadScenario(f"{where}: only a captain's card can be face up (SR-4.3)")
        p.faction_up = True
    p.character_up = bool(desc.get("character_up", False))
    p.ability_game = bool(desc.get("ability_used", False))
    for t in desc.get("peeked", []):
        p.peeked.append(_seat(t, s.player_count, f"{where}.peeked"))
    s.sync_lines(x)
    for i, o in enumerate(desc.get("objects", [])):
        _object(s, x, o, f"{where}.objects[{i}]")
    for i, no in enumerate(desc.get("ground", [])):
        if no not in s.content.ground:
            raise BadScenario(f"{where}.ground[{i}]: unknown ground structure {no!r} "
                              "(is option ground_rules on?)")
        g = s.content.ground_slots.index(s.content.ground[no].slot)
        obj = Obj(s.next_uid, s.content.canonical(no), True)
        s.next_uid += 1
        obj.w, obj.marks = s.content.ground[no].cost, 1
        p.ground[g] = obj
        s.sync_lines(x)
    if desc.get("alive", True) is False:
        p.alive = False
        p.hp = 0
        p.storage = 0
        p.faction_up = True
        p.character_up = True
        p.slots = [None] * len(p.slots)


def _object(s: StarRoadState, x: int, o: Any, where: str) -> None:
    if isinstance(o, str):
        o = {"no": o}
    if not isinstance(o, dict):
        raise BadScenario(f"{where} must be a design number or a table")
    unknown = sorted(set(o) - set(OBJECT_KEYS))
    if unknown:
        raise BadScenario(f"{where}: unknown key(s) {', '.join(unknown)}")
    no = o.get("no")
    if no not in s.content.designs:
        raise BadScenario(f"{where}: {no!r} is not a design of the chart in this edition")
    d = s.content.chart[no]
    p = s.players[x]
    if "line" in o or "level" in o:
        line = _int(o.get("line"), f"{where}.line", 1)
        level = _int(o.get("level", 1), f"{where}.level", 1)
        if line > len(p.slots) // s.levels or level > s.levels:
            raise BadScenario(f"{where}: there is no line {line} level {level}")
        slot = s.slot_of(line, level)
        if p.slots[slot] is not None:
            raise BadScenario(f"{where}: line {line} level {level} is already taken")
    else:
        free = sorted((i for i, q in enumerate(p.slots) if q is None),
                      key=lambda i: (s.line_level(i)[1], s.line_level(i)[0]))
        if not free:
            raise BadScenario(f"{where}: no empty slot left")
        slot = free[0]
    obj = Obj(s.next_uid, s.content.canonical(no), bool(o.get("revealed", False))
              or not s.options.hidden_object_numbers)
    s.next_uid += 1
    obj.w = _int(o.get("w", d.cost), f"{where}.w", 1)
    if obj.w > d.cost:
        raise BadScenario(f"{where}: {obj.w} [W] is more than the cost {d.cost} (SR-8.7)")
    complete = obj.w == d.cost
    obj.marks = _int(o.get("marks", (d.use_limit or 1) if complete else 0), f"{where}.marks")
    obj.intact = obj.marks == 0 or complete
    obj.delay = _int(o.get("delay", 0), f"{where}.delay")
    obj.armed = bool(o.get("armed", obj.delay > 0))
    obj.absorbed = _int(o.get("acc", 0), f"{where}.absorbed")
    obj.invested = _int(o.get("invested", 0), f"{where}.invested")
    p.slots[slot] = obj
