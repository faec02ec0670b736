"""Opera's moves: one small decision each (OP-17). Ids are the data's ids (composer, city, role)."""

from __future__ import annotations

from parlor.core import Move, MoveCatalog


class Bid(Move, kind="bid"):
    """D1: the sealed budget bid in ducats (OP-6.1, OP-6.2)."""
    amount: int


class ChooseRole(Move, kind="role"):
    """D2: choose a role tile and pay its budget cost (OP-7.2, OP-7.3)."""
    role: str


class Pass(Move, kind="pass"):
    """D2: pass for the rest of the action phase (OP-7.8)."""


class Buy(Move, kind="buy"):
    """D3: buy one display piece of this composer at its fame value (OP-9.1.2, OP-9.1.3)."""
    composer: str


class Done(Move, kind="done"):
    """Finish the current step: buying, rearranging or building."""


class Store(Move, kind="store"):
    """Rearranging: take the piece in one of your halls into your supply (OP-10.4)."""
    city: str
    hall: int


class Place(Move, kind="place"):
    """Rearranging: put a supply piece (a composer id, or "house") into an empty hall (OP-10.4)."""
    piece: str
    city: str
    hall: int


class Build(Move, kind="build"):
    """D5: build one part (main, left_wing, right_wing or wing) in a city (OP-9.2)."""
    city: str
    part: str


class Sell(Move, kind="sell"):
    """D6: sell one composer piece to the King, from "supply" (hall 0) or a city's hall, for
    "ducats" or "vp" (OP-9.3.2, OP-9.3.3)."""
    composer: str
    source: str
    hall: int
    reward: str


class Follow(Move, kind="follow"):
    """D4: accept the follow offer of the current functionary (OP-8)."""


class Decline(Move, kind="decline"):
    """D4 / D10: decline a follow offer or the optional Esperto scoring."""


class Destination(Move, kind="destination"):
    """D7-D9: move the chosen character's figure to a city (OP-9.0.1)."""
    city: str


class Fame(Move, kind="fame"):
    """D8: the Critico moves a composer `steps` positions (-2, -1, 1 or 2) (OP-9.5.2)."""
    composer: str
    steps: int


class Score(Move, kind="score"):
    """D10: score your house in the Esperto's city and discard its best piece (OP-9.6.6)."""


# The moves without fields, made once: legal-move lists reuse them (a search lists moves at
# every node; an equal move made anew costs as much as the rest of a short list).
PASS, DONE, FOLLOW, DECLINE, SCORE = Pass(), Done(), Follow(), Decline(), Score()

CATALOG = MoveCatalog([Bid, ChooseRole, Pass, Buy, Done, Store, Place, Build, Sell, Follow,
                       Decline, Destination, Fame, Score])
