"""Trickerion: Legends of Illusion, the base game for 2-4 players (rules: ../shared/rules/trickerion)."""

from .game import Trickerion
from .options import Options
from .state import TrickerionState

GAME = Trickerion()

__all__ = ["GAME", "Options", "Trickerion", "TrickerionState"]
