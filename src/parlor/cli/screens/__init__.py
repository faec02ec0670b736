"""Terminal screens: how each game's position is drawn in one 100x40 terminal screen with Rich.

They live with the terminal client rather than in the game packages: the engines stay free of any
client's looks (as the browser's boards live in `web/src/games/`), and one folder shows every game's
terminal face side by side. `screen_for(game_id)` gives a game's screen; a game without one (the test
fixtures) gets the default summary of `base.GameScreen`.
"""

from __future__ import annotations

import importlib

from .base import Context, GameScreen
from .layout import Decision, draw

# game id -> module in this package holding `SCREEN`
SCREENS = {"opera": "opera", "trickerion": "trickerion", "skyrise": "skyrise",
           "starroad": "starroad"}


def screen_for(game_id: str) -> GameScreen:
    module = SCREENS.get(game_id)
    if module is None:
        return GameScreen()
    screen: GameScreen = importlib.import_module(f"{__name__}.{module}").SCREEN
    return screen


__all__ = ["Context", "Decision", "GameScreen", "draw", "screen_for"]
