"""Skyrise moves: one frozen class per decision kind (SK-14).

Pieces are named by building id (`s1_024`) or `wonder`; neighborhoods by id (`cen_nw`, `a12`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlor.core import Move, MoveCatalog

WONDER = "wonder"


@dataclass(frozen=True, slots=True)
class Open(Move):
    """Open an auction with an available piece (SK-5.2)."""

    kind: ClassVar[str] = "open"
    piece: str
    at: str


@dataclass(frozen=True, slots=True)
class Raise(Move):
    """Raise with a building next to the most recent bid (SK-5.4)."""

    kind: ClassVar[str] = "raise"
    building: str
    at: str


@dataclass(frozen=True, slots=True)
class WonderBid(Move):
    """Bid the wonder piece next to the most recent bid, era 2 only (SK-5.5)."""

    kind: ClassVar[str] = "wonder_bid"
    at: str


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Pass for the rest of this auction (SK-5.6)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class HammerAnswer(Move):
    """The Hammer's answer to another player's wonder bid (SK-5.9)."""

    kind: ClassVar[str] = "hammer_answer"
    at: str


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Let the other player's wonder bid stand (SK-5.9)."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class AssignWild(Move):
    """Place a wild disc as a disc of `colour` (SK-6.3)."""

    kind: ClassVar[str] = "assign_wild"
    colour: str


@dataclass(frozen=True, slots=True)
class KeepWonder(Move):
    """Keep one dealt wonder card at the end of era 1 (SK-7.2), a hidden simultaneous choice."""

    kind: ClassVar[str] = "keep_wonder"
    card: str


@dataclass(frozen=True, slots=True)
class KahnReveal(Move):
    """Kahn's Ambition: reveal the secret objective or not (SK-7.12)."""

    kind: ClassVar[str] = "kahn_reveal"
    reveal: bool


@dataclass(frozen=True, slots=True)
class VaultTake(Move):
    """The Vault: take the disc of an adjacent empty neighborhood (SK-7.22)."""

    kind: ClassVar[str] = "vault_take"
    at: str


CATALOG = MoveCatalog([Open, Raise, WonderBid, Pass, HammerAnswer, Decline, AssignWild,
                       KeepWonder, KahnReveal, VaultTake])
PASS = Pass()
DECLINE = Decline()
