"""The games installed through the registry's entry points (`parlor.games`): every game parlor ships
or a user installs, without the fixture game the tests register for themselves (translated in part).
Tests that cover "every game" loop over these (or over `all_games()` when the fixture game fits)."""

from __future__ import annotations

from importlib.metadata import entry_points

INSTALLED: tuple[str, ...] = tuple(sorted(entry.name for entry in entry_points(group="parlor.games")))
