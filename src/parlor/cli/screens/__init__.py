"""Terminal screens: how each game's position is drawn in one 100x40 terminal screen with Rich.

They live with the terminal client rather than in the game packages: the engines stay free of any
client's looks (as the browser's boards live in `web/src/games/`), and one folder shows every game's
terminal face side by side. `screen_for(game_id)` gives a game's screen; a game without one (the test
fixtures) gets the default summary of `base.GameScreen`.
"""

from __future__ import annotations

import importlib
import importlib.util

from .base import Context, GameScreen
from .layout import Decision, draw


def screen_for(game_id: str) -> GameScreen:
    """The screen of the module named after the game in this package (holding `SCREEN`), else the
    default summary."""
    module = f"{__name__}.{game_id}"
    if not game_id.isidentifier() or importlib.util.find_spec(module) is None:
        return GameScreen()
    screen = getattr(importlib.import_module(module), "SCREEN", None)  # the helper modules have none
    return screen if isinstance(screen, GameScreen) else GameScreen()


__all__ = ["Context", "Decision", "GameScreen", "draw", "screen_for"]
