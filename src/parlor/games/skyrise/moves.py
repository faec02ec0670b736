"""Skyrise moves: one frozen class per decision kind (SK-14).

Pieces are named by building id (`s1_024`) or `wonder`; neighborhoods by id (`cen_nw`, `a12`).
"""

from __future__ import annotations

from parlor.core import Move, MoveCatalog

WONDER = "wonder"


class Open(Move, kind="open"):
    """Open an auction with an available piece (SK-5.2)."""
    piece: str
    at: str


class Raise(Move, kind="raise"):
    """Raise with a building next to the most recent bid (SK-5.4)."""
    building: str
    at: str


class WonderBid(Move, kind="wonder_bid"):
    """Bid the wonder piece next to the most recent bid, era 2 only (SK-5.5)."""
    at: str


class Pass(Move, kind="pass"):
    """Pass for the rest of this auction (SK-5.6)."""


class HammerAnswer(Move, kind="hammer_answer"):
    """The Hammer's answer to another player's wonder bid (SK-5.9)."""
    at: str


class Decline(Move, kind="decline"):
    """Let the other player's wonder bid stand (SK-5.9)."""


class AssignWild(Move, kind="assign_wild"):
    """Place a wild disc as a disc of `colour` (SK-6.3)."""
    colour: str


class KeepWonder(Move, kind="keep_wonder"):
    """Keep one dealt wonder card at the end of era 1 (SK-7.2), a hidden simultaneous choice."""
    card: str


class KahnReveal(Move, kind="kahn_reveal"):
    """Kahn's Ambition: reveal the secret objective or not (SK-7.12)."""
    reveal: bool


class VaultTake(Move, kind="vault_take"):
    """The Vault: take the disc of an adjacent empty neighborhood (SK-7.22)."""
    at: str


CATALOG = MoveCatalog([Open, Raise, WonderBid, Pass, HammerAnswer, Decline, AssignWild,
                       KeepWonder, KahnReveal, VaultTake])
PASS = Pass()
DECLINE = Decline()
