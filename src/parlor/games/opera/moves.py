"""Opera's moves: one small decision each (OP-17). Ids are the data's ids (composer, city, role)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlor.core import Move, MoveCatalog


@dataclass(frozen=True, slots=True)
class Bid(Move):
    """D1: the sealed budget bid in ducats (OP-6.1, OP-6.2)."""

    kind: ClassVar[str] = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class ChooseRole(Move):
    """D2: choose a role tile and pay its budget cost (OP-7.2, OP-7.3)."""

    kind: ClassVar[str] = "role"
    role: str


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """D2: pass for the rest of the action phase (OP-7.8)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """D3: buy one display piece of this composer at its fame value (OP-9.1.2, OP-9.1.3)."""

    kind: ClassVar[str] = "buy"
    composer: str


@dataclass(frozen=True, slots=True)
class Done(Move):
    """Finish the current step: buying, rearranging or building."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Store(Move):
    """Rearranging: take the piece in one of your halls into your supply (OP-10.4)."""

    kind: ClassVar[str] = "store"
    city: str
    hall: int


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Rearranging: put a supply piece (a composer id, or "house") into an empty hall (OP-10.4)."""

    kind: ClassVar[str] = "place"
    piece: str
    city: str
    hall: int


@dataclass(frozen=True, slots=True)
class Build(Move):
    """D5: build one part (main, left_wing, right_wing or wing) in a city (OP-9.2)."""

    kind: ClassVar[str] = "build"
    city: str
    part: str


@dataclass(frozen=True, slots=True)
class Sell(Move):
    """D6: sell one composer piece to the King, from "supply" (hall 0) or a city's hall, for
    "ducats" or "vp" (OP-9.3.2, OP-9.3.3)."""

    kind: ClassVar[str] = "sell"
    composer: str
    source: str
    hall: int
    reward: str


@dataclass(frozen=True, slots=True)
class Follow(Move):
    """D4: accept the follow offer of the current functionary (OP-8)."""

    kind: ClassVar[str] = "follow"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """D4 / D10: decline a follow offer or the optional Esperto scoring."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class Destination(Move):
    """D7-D9: move the chosen character's figure to a city (OP-9.0.1)."""

    kind: ClassVar[str] = "destination"
    city: str


@dataclass(frozen=True, slots=True)
class Fame(Move):
    """D8: the Critico moves a composer `steps` positions (-2, -1, 1 or 2) (OP-9.5.2)."""

    kind: ClassVar[str] = "fame"
    composer: str
    steps: int


@dataclass(frozen=True, slots=True)
class Score(Move):
    """D10: score your house in the Esperto's city and discard its best piece (OP-9.6.6)."""

    kind: ClassVar[str] = "score"


CATALOG = MoveCatalog([Bid, ChooseRole, Pass, Buy, Done, Store, Place, Build, Sell, Follow,
                       Decline, Destination, Fame, Score])
