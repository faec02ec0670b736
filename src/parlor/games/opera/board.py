"""Fixed facts derived once from the data: indexes, hall layout, piece encoding.

Pieces are ints: 0..83 are the music pieces of `music_pieces.toml`; HOUSE + seat is that seat's
house-composer piece. A player's halls are one flat list over all cities (OFFSET[city] + hall - 1)
holding NOHALL (not built), EMPTY, or a piece.
"""

from __future__ import annotations

from .data import DATA, Part

NOHALL = -2
EMPTY = -1
START = -1                      # a figure on the start space (OP-4.2)
HOUSE = len(DATA.piece_ids)     # house-composer pieces are HOUSE + seat
COMPOSERS = tuple(c.id for c in DATA.composers)
CITIES = tuple(c.id for c in DATA.cities)
ROLES = tuple(r.id for r in DATA.roles)
IMPRESARIO, ARCHITETTO, SIGNORA, MAESTRO, CRITICO, ESPERTO = range(6)
CHARACTER_FIGURE = {MAESTRO: 0, CRITICO: 1, ESPERTO: 2}
PIECE_COMPOSER = DATA.piece_composer + (-1,) * len(DATA.colors)

OFFSET: tuple[int, ...] = tuple(sum(c.max_halls for c in DATA.cities[:i])
                                for i in range(len(DATA.cities)))
TOTAL_HALLS = sum(c.max_halls for c in DATA.cities)
HALL_CITY: tuple[int, ...] = tuple(ci for ci, c in enumerate(DATA.cities)
                                   for _ in range(c.max_halls))

# part kinds per city, in the order of cities.toml: main first, then the wings
PART_KINDS: tuple[tuple[str, ...], ...] = tuple(("main",) + tuple(k for k, _ in c.wings)
                                                for c in DATA.cities)


def part_of(city: int, house: int, kind: str) -> Part | None:
    for p in DATA.parts:
        if p.city == city and p.house == house and p.kind == kind:
            return p
    return None


PARTS_BY: dict[tuple[int, int, str], Part] = {(p.city, p.house, p.kind): p for p in DATA.parts}
MAINS: tuple[tuple[Part, ...], ...] = tuple(
    tuple(sorted((p for p in DATA.parts if p.city == ci and p.kind == "main"),
                 key=lambda p: p.house))
    for ci in range(len(DATA.cities)))


def flat(city: int, hall: int) -> int:
    """Index of hall number `hall` (1-based) of `city` in a player's flat hall list."""
    return OFFSET[city] + hall - 1


def piece_name(piece: int) -> str:
    """The id shown in views and events: the composer id, or "house"."""
    comp = PIECE_COMPOSER[piece]
    return COMPOSERS[comp] if comp >= 0 else "house"
