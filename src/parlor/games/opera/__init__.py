"""Opera (Hans van Tol, 2009): opera houses, composers and their fame, 2-4 players.

Rules: ../shared/rules/opera/RULES.md (rule IDs OP-n.m), numbers in `data/`.
"""

from .game import Opera
from .state import OperaState

GAME = Opera()

__all__ = ["GAME", "Opera", "OperaState"]
