"""Skyrise (Roxley Games): spatial auctions over islands, 2-4 players (rules prefix SK)."""

from .game import Skyrise

GAME = Skyrise()

__all__ = ["GAME", "Skyrise"]
