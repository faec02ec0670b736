"""Each game's view has a TypeScript type in the web client (web/src/games/<game>/view.ts), and it says
what the engine's views hold: every key a view has is declared, every required key is always there,
every declared key turns up, and every value is of a declared kind (checked into the interfaces the
type names, such as the players' entries), over seeded random games, for every seat and a spectator."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from installed_games import INSTALLED
from parlor.core import Rng, get_game

GAMES = Path(__file__).resolve().parents[2] / "web" / "src" / "games"
MOVES = 200  # per game: enough to pass through every phase's view of the shorter games
ANY = "any"


def interfaces(text: str) -> dict[str, dict[str, tuple[bool, str]]]:
    """Each `export interface` of a TypeScript file: field -> (optional, type text)."""
    found: dict[str, dict[str, tuple[bool, str]]] = {}
    for name, body in re.findall(r"export interface (\w+) \{\n(.*?)\n\}", text, re.S):
        fields = re.findall(r"^  (\w+)(\??): (.+)$", body, re.M)
        found[name] = {field: (optional == "?", kind) for field, optional, kind in fields}
    return found


@functools.cache
def alternatives(kind: str) -> tuple[str, ...]:
    """`a | b | c` split at the top level (not inside braces or angle brackets). Split once per
    type text: the check asks for every value of every view (half of the test's time)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(kind):
        if char in "{<":
            depth += 1
        elif char in "}>":
            depth -= 1
        if depth == 0 and kind.startswith(" | ", i):
            parts.append(kind[start:i])
            start = i + 3
    return (*parts, kind[start:])


def check(value: Any, kind: str, types: dict[str, dict[str, tuple[bool, str]]], where: str,
          seen: dict[str, set[str]]) -> Iterator[str]:
    """What is wrong with `value` for the TypeScript type `kind` (nothing when it fits)."""
    for option in alternatives(kind.strip()):
        if option in ("Json", ANY):
            return
        if option == "null" and value is None:
            return
        if option == "number" and isinstance(value, int | float) and not isinstance(value, bool):
            return
        if (option, type(value)) in (("string", str), ("boolean", bool)):
            return
        if option.endswith("[]") and isinstance(value, list):
            element = option[:-2]
            if element in types:
                for i, item in enumerate(value):
                    yield from check(item, element, types, f"{where}[{i}]", seen)
            return
        if isinstance(value, dict) and (option in ("JsonObject",) or option.startswith(("Record<", "{"))):
            return
        if isinstance(value, dict) and option in types:
            yield from fields(value, option, types, where, seen)
            return
    yield f"{where}: {value!r:.80} is not {kind}"


def fields(value: dict[str, Any], name: str, types: dict[str, dict[str, tuple[bool, str]]], where: str,
           seen: dict[str, set[str]]) -> Iterator[str]:
    declared = types[name]
    seen.setdefault(name, set()).update(value)
    for key in value.keys() - declared.keys():
        yield f"{where}.{key}: not declared in {name}"
    for key, (optional, kind) in declared.items():
        if key not in value:
            if not optional:
                yield f"{where}.{key}: required in {name} but missing"
            continue
        yield from check(value[key], kind, types, f"{where}.{key}", seen)


def views(game_id: str) -> Iterator[dict[str, Any]]:
    """Every seat's and a spectator's view along seeded random games, each player count (up to 4)
    and variant."""
    game = get_game(game_id)
    for players in range(game.min_players, min(game.max_players, 4) + 1):
        for options in ({}, *game.variants):
            for seed in (1, 2):
                state, rng = game.setup(players, seed, options), Rng(seed)
                for _ in range(MOVES):
                    for seat in (None, *range(players)):
                        yield state.view(seat)
                    if state.is_over():
                        break
                    actor = state.actors()[0]
                    state.play(actor, rng.choice(state.legal_moves(actor)))


def test_the_checker_finds_what_is_wrong() -> None:
    types = interfaces("export interface AView {\n  a: number | null\n  b?: BEntry[]\n}\n"
                       "export interface BEntry {\n  c: string\n}\n")
    seen: dict[str, set[str]] = {}
    assert not list(fields({"a": None, "b": [{"c": "x"}]}, "AView", types, "view", seen))
    assert list(fields({"a": "1"}, "AView", types, "view", seen)) == ["view.a: '1' is not number | null"]
    assert list(fields({"b": [{"c": 2, "d": 1}]}, "AView", types, "view", seen)) == [
        "view.a: required in AView but missing", "view.b[0].d: not declared in BEntry",
        "view.b[0].c: 2 is not string"]


# every installed game with its own looks in the web client (a game without them gets the generic view)
DRAWN = [game_id for game_id in INSTALLED if (GAMES / game_id).is_dir()]


@pytest.mark.parametrize("game_id", DRAWN)
def test_the_view_type_says_what_the_views_hold(game_id: str) -> None:
    path = GAMES / game_id / "view.ts"
    assert path.exists(), f"{game_id} has no view type: write {path.relative_to(GAMES.parents[2])}"
    types = interfaces(path.read_text(encoding="utf-8"))
    view_type = next(name for name in types if name.endswith("View"))
    seen: dict[str, set[str]] = {}
    problems: list[str] = []
    for view in views(game_id):
        problems.extend(fields(view, view_type, types, "view", seen))
        if len(problems) > 20:
            break
    assert not problems, "\n".join(dict.fromkeys(problems))
    for name, declared in types.items():
        if name in seen:
            never = declared.keys() - seen[name]
            assert not never, f"{name} declares keys no view has: {sorted(never)}"
