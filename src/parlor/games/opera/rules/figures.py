"""OP-9.0 the character figures: where a figure may go (free fields, the role's own condition)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..board import CHARACTER_FIGURE, CITIES, CRITICO, ESPERTO, HOUSE, OFFSET, PIECE_COMPOSER

if TYPE_CHECKING:
    from ..state import OperaState


def has_room(s: OperaState, city: int) -> bool:
    """OP-9.0.3: a free figure field (option `enforce_figure_capacity`)."""
    if not s.options.enforce_figure_capacity:
        return True
    return s.figures.count(city) < s.data.cities[city].figure_fields


def performed_composers(s: OperaState, city: int) -> list[int]:
    """Composers with at least one piece in a hall of any house in `city`, by composer index."""
    start, size = OFFSET[city], s.data.cities[city].max_halls
    found = set()
    for seat in range(s.players):
        for h in s.halls[seat][start:start + size]:
            if 0 <= h < HOUSE:
                found.add(PIECE_COMPOSER[h])
    return sorted(found)


def performed_cities(s: OperaState) -> list[bool]:
    """Per city: whether any house there performs a composer piece."""
    out = [False] * len(CITIES)
    for seat in range(s.players):
        halls, house = s.halls[seat], s.house[seat]
        for city in range(len(CITIES)):
            if house[city] and not out[city]:
                start = OFFSET[city]
                for h in halls[start:start + s.data.cities[city].max_halls]:
                    if 0 <= h < HOUSE:
                        out[city] = True
                        break
    return out


def destinations(s: OperaState, seat: int, role: int) -> list[int]:
    """OP-9.0.1 plus the role's own condition (OP-9.4.1, OP-9.5.1, OP-9.6.1)."""
    current = s.figures[CHARACTER_FIGURE[role]]
    performed = (performed_cities(s) if role == CRITICO and s.options.critico_requires_performed_piece
                 else None)
    out = []
    for city in range(len(CITIES)):
        if city == current or not has_room(s, city):
            continue
        if performed is not None and not performed[city]:
            continue
        if role == ESPERTO and s.options.esperto_requires_own_house and not s.house[seat][city]:
            continue
        out.append(city)
    return out
