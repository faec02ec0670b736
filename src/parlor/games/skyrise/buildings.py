"""The players' building sets from `buildings.toml` (SK-1: 12 buildings and a wonder piece per
set) and the piece table the rules index: piece `set_index * 13 + k`, k = 12 the wonder piece."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from parlor.core.data import entries, load_toml
from parlor.core.errors import DataError

from .const import PIECES, WONDER_K

HEIGHTS = ("short", "medium", "tall")
SHORT, MEDIUM, TALL = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Building:
    id: str
    set: str
    number: int
    height: int        # SHORT, MEDIUM, TALL
    era: int
    dotted: bool


@dataclass(frozen=True, slots=True)
class PlayerSet:
    id: str
    name: str
    display_colour: str
    wonder_piece: str
    buildings: tuple[Building, ...]   # by increasing number


@dataclass(frozen=True, slots=True)
class PieceTable:
    """Per piece `pid = set_index * 13 + k` (k = 12 is the wonder piece): its facts."""

    ids: tuple[str, ...]        # building id, or "wonder"
    number: tuple[int, ...]     # bid number; 0 for a wonder (it has none)
    height: tuple[int, ...]     # SHORT/MEDIUM/TALL; -1 for a wonder
    era: tuple[int, ...]        # 1 = undotted, 2 = dotted or wonder
    pid: dict[tuple[int, str], int]   # (set index, building id or "wonder") -> pid
    # per piece, per set index: the first building of that set numbered above the piece (its
    # wonder piece when none is), so that a raise's candidates are found by comparing pids
    # (a set's buildings are numbered in pid order: `load_sets` sorts them)
    above: tuple[tuple[int, ...], ...]


def piece_table(sets: tuple[PlayerSet, ...]) -> PieceTable:
    ids: list[str] = []
    number: list[int] = []
    height: list[int] = []
    era: list[int] = []
    piece: dict[tuple[int, str], int] = {}
    for s, ps in enumerate(sets):
        if len(ps.buildings) != 12:
            raise DataError(f"buildings.toml [sets {ps.id}]: a set needs 12 buildings, "
                            f"found {len(ps.buildings)}")
        for b in ps.buildings:
            piece[(s, b.id)] = len(ids)
            ids.append(b.id)
            number.append(b.number)
            height.append(b.height)
            era.append(b.era)
        piece[(s, "wonder")] = len(ids)
        ids.append("wonder")
        number.append(0)
        height.append(-1)
        era.append(2)
    above = tuple(tuple(_first_above(number, s, number[p]) for s in range(len(sets)))
                  for p in range(len(ids)))
    return PieceTable(tuple(ids), tuple(number), tuple(height), tuple(era), piece, above)


def _first_above(number: list[int], set_index: int, threshold: int) -> int:
    """The first building of set `set_index` numbered above `threshold`, or its wonder piece."""
    base = set_index * PIECES
    for pid in range(base, base + WONDER_K):
        if number[pid] > threshold:
            return pid
    return base + WONDER_K


def load_sets(path: Path) -> tuple[PlayerSet, ...]:
    doc = load_toml(path)
    fname = path.name
    by_set: dict[str, list[Building]] = {}
    heads = []
    for e in entries(doc, "sets", fname):
        heads.append((e.req("id", str), e.req("name", str), e.opt("display_colour", str, ""),
                      e.req("wonder_piece", str)))
        e.done()
    set_ids = {h[0] for h in heads}
    numbers: set[int] = set()
    for e in entries(doc, "buildings", fname):
        number = e.req("number", int)
        if number in numbers:
            raise DataError(f"{e.where}: number {number} is used twice")
        numbers.add(number)
        era = e.req("era", int)
        if era not in (1, 2):
            raise DataError(f"{e.where}: field 'era' must be 1 or 2")
        b = Building(e.req("id", str), e.ref("set", set_ids), number,
                     HEIGHTS.index(e.one_of("height", HEIGHTS)), era, e.req("dotted", bool))
        if b.dotted != (era == 2):
            raise DataError(f"{e.where}: dotted buildings are exactly the era-2 buildings")
        e.done()
        by_set.setdefault(b.set, []).append(b)
    return tuple(PlayerSet(sid, name, colour, wonder,
                           tuple(sorted(by_set.get(sid, []), key=lambda b: b.number)))
                 for sid, name, colour, wonder in heads)
