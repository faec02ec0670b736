"""OP-10 Programme: a rearrangement as small steps. `store` takes a hall's piece into the supply,
`place` puts a supply piece into an empty hall. Each piece may be stored once and placed once per
rearrangement (a piece placed is locked): every final assignment is still reachable (store all
pieces that move, then place them), only the final state counts (OP-10.4), and the number of
steps stays bounded."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..board import CITIES, COMPOSERS, EMPTY, HALL_CITY, HOUSE, OFFSET, PIECE_COMPOSER, piece_name
from ..moves import DONE, Place, Store
from ..steps import REARRANGE
from . import turns

if TYPE_CHECKING:
    from ..state import OperaState


def start(state: OperaState, seat: int) -> list[Event]:
    state.step, state.actor, state.locked = REARRANGE, seat, []
    return []


def movable(state: OperaState, piece: int) -> bool:
    """OP-10.5: the house-composer piece moves only with option `house_composer_movable`."""
    return piece < HOUSE or state.options.house_composer_movable


def house_has(state: OperaState, seat: int, city: int, composer: int) -> bool:
    """OP-10.2: whether the house already holds a piece of `composer`."""
    start = OFFSET[city]
    for h in state.halls[seat][start:start + state.data.cities[city].max_halls]:
        if h >= 0 and PIECE_COMPOSER[h] == composer:
            return True
    return False


def moves(state: OperaState, seat: int) -> list[Move]:
    out: list[Move] = []
    halls = state.halls[seat]
    for i, h in enumerate(halls):
        if h >= 0 and h not in state.locked and movable(state, h):
            city = HALL_CITY[i]
            out.append(Store(CITIES[city], i - OFFSET[city] + 1))
    kinds = sorted({PIECE_COMPOSER[p] for p in state.supply[seat] if movable(state, p)})
    empty = [i for i, h in enumerate(halls) if h == EMPTY]
    for composer in kinds:
        name = COMPOSERS[composer] if composer >= 0 else "house"
        for i in empty:
            city = HALL_CITY[i]
            if composer < 0 or not house_has(state, seat, city, composer):
                out.append(Place(name, CITIES[city], i - OFFSET[city] + 1))
    out.append(DONE)
    return out


def store(state: OperaState, seat: int, move: Store) -> list[Event]:
    i = OFFSET[CITIES.index(move.city)] + move.hall - 1
    piece = state.halls[seat][i]
    state.halls[seat][i] = EMPTY
    state.supply[seat].append(piece)
    return [Event("stored", seat, PUBLIC, {"piece": piece_name(piece), "city": move.city,
                                           "hall": move.hall})]


def place(state: OperaState, seat: int, move: Place) -> list[Event]:
    composer = -1 if move.piece == "house" else COMPOSERS.index(move.piece)
    piece = next(p for p in state.supply[seat] if PIECE_COMPOSER[p] == composer)
    state.supply[seat].remove(piece)
    state.halls[seat][OFFSET[CITIES.index(move.city)] + move.hall - 1] = piece
    state.locked.append(piece)
    return [Event("placed", seat, PUBLIC, {"piece": move.piece, "city": move.city,
                                           "hall": move.hall})]


def done(state: OperaState, seat: int) -> list[Event]:
    state.locked = []
    return turns.use_finished(state)
