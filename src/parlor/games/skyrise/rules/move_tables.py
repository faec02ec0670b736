"""Every move a legal-move list holds, made once per data set: lists are built by indexing, not by
constructing moves (performance, DESIGN.md)."""

from __future__ import annotations

from parlor.core import Move

from ..data import Data
from ..moves import AssignWild, HammerAnswer, KahnReveal, KeepWonder, Open, Raise, VaultTake, WonderBid

KAHN_MOVES: list[Move] = [KahnReveal(True), KahnReveal(False)]


class MoveTables:
    """Open / Raise moves as `[piece][neighborhood]`, the neighborhood moves by neighborhood, the
    wild colours and the wonder cards of one data set."""

    __slots__ = ("open", "raise_", "wonder_bid", "answer", "vault", "wild", "keep")

    def __init__(self, data: Data) -> None:
        ids = data.pieces.ids
        neighborhoods = [n.id for n in data.board.neighborhoods]
        self.open = [[Open(ids[p], nb) for nb in neighborhoods] for p in range(len(ids))]
        self.raise_ = [[Raise(ids[p], nb) for nb in neighborhoods] for p in range(len(ids))]
        self.wonder_bid = [WonderBid(nb) for nb in neighborhoods]
        self.answer = [HammerAnswer(nb) for nb in neighborhoods]
        self.vault = [VaultTake(nb) for nb in neighborhoods]
        self.wild: list[Move] = [AssignWild(c) for c in data.board.colours]
        self.keep = [KeepWonder(w.id) for w in data.wonders]


_tables: dict[int, tuple[Data, MoveTables]] = {}


_last: list[tuple[Data, MoveTables]] = []


def tables(data: Data) -> MoveTables:
    if _last and _last[0][0] is data:
        return _last[0][1]
    entry = _tables.get(id(data))
    if entry is None or entry[0] is not data:
        entry = _tables[id(data)] = (data, MoveTables(data))
    _last[:] = [entry]
    return entry[1]
