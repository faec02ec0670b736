"""Scenario files: a compact JSON or TOML description of a position (keys documented per game)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

from .errors import BadScenario
from .files import NotUtf8, read_utf8

COMMON_KEYS = ("game", "players", "seed", "options")


def load_spec(path: str | Path) -> dict[str, Any]:
    """Read a scenario file (.json or .toml). :raises BadScenario: naming the file and the place."""
    p = Path(path)
    try:
        text = read_utf8(p)
    except OSError as err:
        raise BadScenario(f"{p}: {err.strerror}") from None
    except NotUtf8 as err:
        raise BadScenario(f"{p}: {err}") from None
    try:
        data = tomllib.loads(text) if p.suffix == ".toml" else json.loads(text)
    except json.JSONDecodeError as err:
        raise BadScenario(f"{p}: not JSON: {err.msg} at line {err.lineno}, column {err.colno}") from None
    except tomllib.TOMLDecodeError as err:
        raise BadScenario(f"{p}: not TOML: {err}") from None
    if not isinstance(data, dict):
        raise BadScenario(f"{p}: a scenario must be an object of keys")
    return data


def common(spec: dict[str, Any], default_players: int) -> tuple[int, int, dict[str, Any]]:
    """(players, seed, options) from a spec's common keys, with checks."""
    players = spec.get("players", default_players)
    seed = spec.get("seed", 0)
    options = spec.get("options", {})
    if not isinstance(players, int) or isinstance(players, bool):
        raise BadScenario(f"'players' must be a whole number, got {players!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadScenario(f"'seed' must be a whole number, got {seed!r}")
    if not isinstance(options, dict):
        raise BadScenario("'options' must be a table of option values")
    return players, seed, options


def reject_unknown(spec: dict[str, Any], known: tuple[str, ...], where: str = "scenario") -> None:
    """:raises BadScenario: if `spec` has keys outside `known` and the common keys."""
    unknown = sorted(set(spec) - set(known) - set(COMMON_KEYS))
    if unknown:
        raise BadScenario(f"{where}: unknown key(s) {', '.join(unknown)} "
                          f"(known: {', '.join(list(COMMON_KEYS) + list(known))})")
