"""A probe that games share: the rules the engine cites when it refuses a variation of a legal
move, as a tap on the board or a stale choice makes one ("Why not?", a refused move over the
socket, the terminal), so that a test can ask that each has its sentence in every catalog."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from parlor.core import Game, Rng, State
from parlor.server.jobs import rule_of


def cited_rules(state: State, tried: dict[str, tuple[Any, ...]], probed: int, seed: int) -> set[str]:
    """Play `state` to the end at random (`Rng(seed)`); at every decision, each of the first
    `probed` legal moves with each of its fields set to each value `tried` gives that field: the
    rule IDs the engine cites for the variations it refuses (every refusal must cite one)."""
    rng = Rng(seed)
    cited: set[str] = set()
    while state.actors():
        seat = state.actors()[0]
        legal = state.legal_moves(seat)
        for move in legal[:probed]:
            for field in fields(move):
                for value in tried.get(field.name, ()):
                    variation = replace(move, **{field.name: value})
                    if not state.is_legal(seat, variation):
                        why = state.why_illegal(seat, variation)
                        rule = rule_of(why)
                        assert rule is not None, why
                        cited.add(rule)
        state.play(seat, rng.choice(legal))
    return cited


def unstated_rules(game: Game[Any], cited: set[str]) -> dict[str, list[str]]:
    """By language, the rules of `cited` that the game's catalog in it gives no sentence."""
    unstated = {lang: sorted(rule for rule in cited if rule not in catalog.rules)
                for lang, catalog in game.catalogs().items()}
    return {lang: rules for lang, rules in unstated.items() if rules}
