"""The game registry, fed by the `parlor.games` entry-point group (and `register` in tests)."""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

from .errors import UnknownGame
from .game import Game

_games: dict[str, Game[Any]] = {}
_loaded = False


def register(game: Game[Any]) -> Game[Any]:
    """Make `game` available under `game.id`; registering the same id twice replaces it."""
    _games[game.id] = game
    return game


def unregister(game_id: str) -> None:
    _games.pop(game_id, None)


def _load_entry_points() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for ep in entry_points(group="parlor.games"):
        obj = ep.load()
        game = obj() if isinstance(obj, type) else obj
        if not isinstance(game, Game):
            raise TypeError(f"entry point parlor.games:{ep.name} is not a Game")
        _games.setdefault(game.id, game)


def all_games() -> list[Game[Any]]:
    """Every registered game, by id."""
    _load_entry_points()
    return [_games[k] for k in sorted(_games)]


def get_game(game_id: str) -> Game[Any]:
    """The game registered under `game_id`. :raises UnknownGame: naming the known ids.

    >>> first = all_games()[0]
    >>> get_game(first.id) is first
    True
    >>> get_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    parlor.core.errors.UnknownGame: unknown game 'chess' (known: ...)
    """
    _load_entry_points()
    try:
        return _games[game_id]
    except KeyError:
        known = ", ".join(sorted(_games)) or "none"
        raise UnknownGame(f"unknown game '{game_id}' (known: {known})", reason="unknown_game",
                          game=game_id, known=known) from None
