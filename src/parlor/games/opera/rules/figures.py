"""OP-9.0 the character figures: where a figure may go (free fields, the role's own condition)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import CHARACTER_FIGURE, CITIES, CRITICO, ESPERTO, HOUSE, OFFSET, PIECE_COMPOSER

if TYPE_CHECKING:
    from ..state import OperaState


def has_room(state: OperaState, city: int) -> bool:
    """OP-9.0.3: a free figure field (option `enforce_figure_capacity`)."""
    if not state.options.enforce_figure_capacity:
        return True
    return state.figures.count(city) < state.data.cities[city].figure_fields


def performed_composers(state: OperaState, city: int) -> list[int]:
    """Composers with at least one piece in a hall of any house in `city`, by composer index."""
    start, size = OFFSET[city], state.data.cities[city].max_halls
    found = set()
    for seat in range(state.players):
        for h in state.halls[seat][start:start + size]:
            if 0 <= h < HOUSE:
                found.add(PIECE_COMPOSER[h])
    return sorted(found)


def performed_cities(state: OperaState) -> list[bool]:
    """Per city: whether any house there performs a composer piece."""
    out = [False] * len(CITIES)
    for seat in range(state.players):
        halls, house = state.halls[seat], state.house[seat]
        for city in range(len(CITIES)):
            if house[city] and not out[city]:
                start = OFFSET[city]
                for h in halls[start:start + state.data.cities[city].max_halls]:
                    if 0 <= h < HOUSE:
                        out[city] = True
                        break
    return out


def destinations(state: OperaState, seat: int, role: int) -> list[int]:
    """OP-9.0.1 plus the role's own condition (OP-9.4.1, OP-9.5.1, OP-9.6.1)."""
    current = state.figures[CHARACTER_FIGURE[role]]
    performed = (performed_cities(state) if role == CRITICO and state.options.critico_requires_performed_piece
                 else None)
    out = []
    for city in range(len(CITIES)):
        if city == current or not has_room(state, city):
            continue
        if performed is not None and not performed[city]:
            continue
        if role == ESPERTO and state.options.esperto_requires_own_house and not state.house[seat][city]:
            continue
        out.append(city)
    return out
