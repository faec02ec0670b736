"""OP-9.2 Architetto: build 0-2 parts (chooser) or 1-2 parts at 1 budget each (follower); each
part costs its ducats and scores its VP at once, in an open city, main building first."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..board import ARCHITETTO, CITIES, EMPTY, MAINS, NOHALL, PART_KINDS, PARTS_BY, flat
from ..data import Part
from ..moves import DONE, Build
from ..steps import CATEGORIES
from . import programme, turns
from .track import pay_budget

if TYPE_CHECKING:
    from ..state import OperaState


def opens_round(state: OperaState, city: int) -> int:
    """OP-3.11 / OP-16.2: the round from which the city's parts may be built."""
    if state.options.short_game_7_rounds:
        return state.data.short_game.opens.get(CITIES[city], state.data.cities[city].opens_round)
    return state.data.cities[city].opens_round


def free_main(state: OperaState, city: int) -> Part | None:
    """OP-9.2.4: the remaining main building with the lowest house index, if any."""
    used = {state.house[p][city] for p in range(state.players)}
    for part in MAINS[city]:
        if part.min_players <= state.players and part.house not in used:
            return part
    return None


def part_for(state: OperaState, seat: int, city: int, kind: str) -> Part | None:
    """The part `seat` would take, or None when OP-9.2.4 / OP-9.2.5 forbid it."""
    house = state.house[seat][city]
    if kind == "main":
        return None if house else free_main(state, city)
    if not house:
        return None
    part = PARTS_BY.get((city, house, kind))
    if part is None or state.halls[seat][flat(city, part.hall_numbers[0])] != NOHALL:
        return None
    return part


# each city's Build moves by part kind, made once (see moves.PASS)
BUILD_MOVES = tuple({kind: Build(CITIES[city], kind) for kind in kinds}
                    for city, kinds in enumerate(PART_KINDS))


def builds(state: OperaState, seat: int, following: bool, uses: int) -> list[Build]:
    role = state.data.roles[ARCHITETTO]
    if uses >= state.data.max_parts_per_use:
        return []
    if following and state.row[seat] < role.follow_cost_per_use:
        return []
    out = []
    for city, kinds in enumerate(PART_KINDS):
        if opens_round(state, city) > state.round:
            continue
        for kind in kinds:
            part = part_for(state, seat, city, kind)
            if part is not None and part.cost_ducats <= state.money[seat]:
                out.append(BUILD_MOVES[city][kind])
    return out


def moves(state: OperaState, seat: int) -> list[Move]:
    out: list[Move] = list(builds(state, seat, state.following, state.uses))
    if not state.following or state.uses > 0:
        out.append(DONE)
    return out


def build(state: OperaState, seat: int, move: Build) -> list[Event]:
    city = CITIES.index(move.city)
    part = part_for(state, seat, city, move.part)
    assert part is not None
    state.house[seat][city] = part.house
    for hall in part.hall_numbers:
        state.halls[seat][flat(city, hall)] = EMPTY
    state.money[seat] -= part.cost_ducats
    state.add_points(seat, CATEGORIES.index("buildings"), part.vp)
    state.uses += 1
    if state.following:
        pay_budget(state, seat, state.data.roles[ARCHITETTO].follow_cost_per_use)
    return [Event("built", seat, PUBLIC, {"part": part.id, "city": move.city, "kind": move.part,
                                          "ducats": part.cost_ducats, "vp": part.vp,
                                          "row": state.row[seat], "slot": state.slot[seat]})]


def done(state: OperaState, seat: int) -> list[Event]:
    """OP-9.2.7: new halls stay empty, unless option `rearrange_only_with_impresario` is off."""
    if not state.options.rearrange_only_with_impresario and state.uses > 0:
        return programme.start(state, seat)
    return turns.use_finished(state)
