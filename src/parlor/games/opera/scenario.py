"""Scenarios: an Opera position from a compact description (docs/scenarios/opera.md).

Unspecified parts come from a seeded setup. Every music piece is reallocated so that the 84 pieces
are always all somewhere (OP-18.2): named places first, leftovers into the draw pile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario
from parlor.core.scenario import common, reject_unknown

from .board import (
    CITIES,
    COMPOSERS,
    EMPTY,
    HOUSE,
    NOHALL,
    PART_KINDS,
    PARTS_BY,
    PIECE_COMPOSER,
    ROLES,
    flat,
)
from .data import DATA
from .rules import budget, turns
from .rules.architetto import free_main
from .setup import seat_players

if TYPE_CHECKING:
    from .game import Opera
    from .state import OperaState

COLORS = DATA.colors
KEYS = ("round", "ladder", "episode_composers", "display", "palazzo", "draw_pile", "discard",
        "figures", "roles_taken", "phase", "seats", "rest", *COLORS)
SEAT_KEYS = ("money", "score", "row", "slot", "passed", "roles_chosen", "supply", "houses")
PIECE_PLACES = ("episode_composers", "display", "palazzo", "draw_pile", "discard")


def _composer_list(value: Any, where: str) -> list[int]:
    if not isinstance(value, list) or not all(v in COMPOSERS for v in value):
        raise BadScenario(f"'{where}' must be a list of composer ids ({', '.join(COMPOSERS)})")
    return [COMPOSERS.index(v) for v in value]


def _int(value: Any, where: str, low: int = 0, high: int = 10**6) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadScenario(f"'{where}' must be a whole number from {low} to {high}, got {value!r}")
    return value


class _Pool:
    """Concrete piece ids handed out per composer."""

    def __init__(self) -> None:
        self.free: list[list[int]] = [[] for _ in COMPOSERS]
        for piece in range(len(DATA.piece_ids) - 1, -1, -1):
            self.free[DATA.piece_composer[piece]].append(piece)

    def take(self, composer: int, where: str) -> int:
        if not self.free[composer]:
            raise BadScenario(f"{where}: more than {DATA.composers[composer].pieces} "
                              f"{COMPOSERS[composer]} pieces are placed")
        return self.free[composer].pop()

    def rest(self) -> list[int]:
        return sorted(p for lst in self.free for p in lst)


def _seat_specs(spec: dict[str, Any], players: int) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = [{} for _ in range(players)]
    if "seats" in spec:
        if not isinstance(spec["seats"], list) or len(spec["seats"]) > players:
            raise BadScenario(f"'seats' must be a list of at most {players} tables")
        for i, entry in enumerate(spec["seats"]):
            seats[i] = dict(entry)
    for i, color in enumerate(COLORS):
        if color in spec:
            if i >= players:
                raise BadScenario(f"'{color}' is seat {i + 1}; this game has {players} players")
            seats[i].update(spec[color])
    for i, entry in enumerate(seats):
        reject_unknown(entry, SEAT_KEYS, f"seat {i} ({COLORS[i]})")
    return seats


def _houses(state: OperaState, seat: int, houses: Any, pool: _Pool, where: str) -> None:
    """`houses`: city -> list of hall contents for halls 1.. (built parts follow from the
    length), or {"parts": [...], "halls": [...]} listing the built halls in order."""
    if not isinstance(houses, dict):
        raise BadScenario(f"{where}: 'houses' must map city ids to halls")
    state.house[seat] = [0] * len(CITIES)
    state.halls[seat] = [NOHALL] * len(state.halls[seat])
    venezia = CITIES.index("venezia")
    houses = {"venezia": ["house"], **houses}
    house_piece_used = False
    for cid, content in houses.items():
        if cid not in CITIES:
            raise BadScenario(f"{where}: unknown city {cid!r}")
        city = CITIES.index(cid)
        if content is None:
            continue
        if city == venezia:
            number = seat + 1
        else:
            main = free_main(state, city)
            if main is None:
                raise BadScenario(f"{where}: no opera house is left in {cid}")
            number = main.house
        if isinstance(content, dict):
            parts, halls = content.get("parts", ["main"]), content.get("halls", [])
        else:
            parts, halls = _parts_for_length(city, len(content), where), content
        built: list[int] = []
        for kind in parts:
            if kind not in PART_KINDS[city] or (city, number, kind) not in PARTS_BY:
                raise BadScenario(f"{where}: {cid} has no part {kind!r} for house {number}")
            built.extend(PARTS_BY[(city, number, kind)].hall_numbers)
        built.sort()
        if "main" not in parts or len(halls) != len(built):
            raise BadScenario(f"{where}: {cid} lists {len(halls)} halls for parts {parts}")
        state.house[seat][city] = number
        for hall, item in zip(built, halls, strict=True):
            if item is None or item == "":
                piece = EMPTY
            elif item == "house":
                if house_piece_used:
                    raise BadScenario(f"{where}: the house-composer piece is placed twice")
                piece, house_piece_used = HOUSE + seat, True
            elif item in COMPOSERS:
                piece = pool.take(COMPOSERS.index(item), where)
            else:
                raise BadScenario(f"{where}: unknown piece {item!r} in {cid}")
            state.halls[seat][flat(city, hall)] = piece
    if not house_piece_used:
        state.supply[seat].append(HOUSE + seat)


def _parts_for_length(city: int, length: int, where: str) -> list[str]:
    parts, total = [], 0
    for kind in PART_KINDS[city]:
        if total >= length:
            break
        part = next(p for (c, _, k), p in PARTS_BY.items() if c == city and k == kind)
        parts.append(kind)
        total += part.halls
    if total != length:
        raise BadScenario(f"{where}: {CITIES[city]} cannot have exactly {length} halls as a list; "
                          "use {\"parts\": [...], \"halls\": [...]}")
    return parts


def build(game: Opera, spec: dict[str, Any]) -> OperaState:
    reject_unknown(spec, KEYS)
    players, seed, options = common(spec, 4)
    s = game.setup(players, seed, options)
    seat_players(s, tuple(range(players)))    # seat 0 = red = start player (OP-4.3)
    if "round" in spec:
        s.round = _int(spec["round"], "round", 1, DATA.rounds)
    if "ladder" in spec:
        ladder = _composer_list(spec["ladder"], "ladder")
        if sorted(ladder) != list(range(len(COMPOSERS))):
            raise BadScenario("'ladder' must list each composer once, bottom first")
        for pos, composer in enumerate(ladder):
            s.fame[composer] = pos + 1
    seats = _seat_specs(spec, players)
    _pieces(s, spec, seats)
    for seat, entry in enumerate(seats):
        _seat(s, seat, entry)
    _positions_unique(s)
    if "figures" in spec:
        figures = spec["figures"]
        for i, role in enumerate(("maestro", "critico", "esperto")):
            where = figures.get(role, "start")
            if where != "start" and where not in CITIES:
                raise BadScenario(f"figures.{role}: unknown city {where!r}")
            s.figures[i] = -1 if where == "start" else CITIES.index(where)
    if "roles_taken" in spec:
        for role, seat in spec["roles_taken"].items():
            if role not in ROLES:
                raise BadScenario(f"roles_taken: unknown role {role!r}")
            s.role_by[ROLES.index(role)] = _int(seat, f"roles_taken.{role}", 0, players - 1)
    phase = spec.get("phase", "budget")
    if phase == "budget":
        budget.open_bids(s)
    elif phase == "action":
        s.commits = None
        turns.next_turn(s)
    else:
        raise BadScenario(f"'phase' must be budget or action, not {phase!r}")
    s._cache = None
    return s


def _pieces(state: OperaState, spec: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    """Reallocate every music piece: named places first, the rest into the draw pile."""
    pool = _Pool()
    named: dict[str, list[int]] = {}
    current = {"episode_composers": list(state.episode_pieces), "display": state.display,
               "palazzo": state.palazzo, "discard": state.discard}
    for key in PIECE_PLACES:
        if key in spec:
            composers = _composer_list(spec[key], key)
        elif key in current:
            composers = [PIECE_COMPOSER[p] for p in current[key]]
        else:
            continue
        named[key] = [pool.take(c, key) for c in composers]
    if len(named["episode_composers"]) != len(DATA.episode_bonus):
        raise BadScenario(f"'episode_composers' must name {len(DATA.episode_bonus)} composers")
    state.supply = [[] for _ in range(state.players)]
    for seat, entry in enumerate(seats):
        where = f"seat {seat} ({COLORS[seat]})"
        if "houses" in entry:
            _houses(state, seat, entry["houses"], pool, where)
        state.supply[seat] += [pool.take(c, where) for c in _composer_list(entry.get("supply", []),
                                                                       f"{where} supply")]
    state.episode_pieces = tuple(named["episode_composers"])
    state.display, state.palazzo, state.discard = named["display"], named["palazzo"], named["discard"]
    if len(state.palazzo) > DATA.palazzo_capacity:
        raise BadScenario(f"'palazzo' holds at most {DATA.palazzo_capacity} pieces")
    rest = pool.rest()
    state.rng.shuffle(rest)
    top = list(reversed(named.get("draw_pile", [])))
    rest_to = spec.get("rest", "draw_pile")
    if rest_to == "discard":
        state.draw = top
        state.discard += rest
    elif rest_to == "draw_pile":
        state.draw = rest + top
    else:
        raise BadScenario(f"'rest' must be draw_pile or discard, not {rest_to!r}")


def _seat(state: OperaState, seat: int, entry: dict[str, Any]) -> None:
    where = f"seat {seat} ({COLORS[seat]})"
    if "money" in entry:
        state.money[seat] = _int(entry["money"], f"{where} money")
    if "score" in entry:
        state.score[seat] = _int(entry["score"], f"{where} score", -10**6)
        state.points[seat] = [0] * len(state.points[seat])
        state.points[seat][-1] = state.score[seat]   # a given score is booked as "scenario"
    if "row" in entry:
        state.row[seat] = _int(entry["row"], f"{where} row", 0, DATA.row_max)
    if "slot" in entry:
        state.slot[seat] = _int(entry["slot"], f"{where} slot", 1, DATA.slots_per_row)
    if "passed" in entry:
        state.passed[seat] = bool(entry["passed"])
    if "roles_chosen" in entry:
        state.roles_used[seat] = _int(entry["roles_chosen"], f"{where} roles_chosen", 0,
                                  DATA.max_roles)


def _positions_unique(state: OperaState) -> None:
    """OP-18.3: no two markers share a (row, slot)."""
    seen: dict[tuple[int, int], int] = {}
    for seat in range(state.players):
        key = (state.row[seat], state.slot[seat])
        if key in seen:
            raise BadScenario(f"seats {seen[key]} and {seat} share budget position "
                              f"{key[0]}/{key[1]}")
        seen[key] = seat
