"""Helpers for Star Road tests: scenarios, playing moves by notation, passing rounds."""

from __future__ import annotations

from typing import Any

from parlor.core import Event
from parlor.games.starroad import GAME, StarRoadState
from parlor.games.starroad.model import Obj


def scen(**spec: Any) -> StarRoadState:
    return GAME.scenario(spec)


def play(s: StarRoadState, seat: int, *moves: str) -> list[Event]:
    """Play moves written in notation for `seat` (each must be legal)."""
    events: list[Event] = []
    for text in moves:
        assert seat in s.actors(), f"seat {seat} is not deciding; actors {s.actors()}"
        events += s.play(seat, GAME.parse(text))
    return events


def legal(s: StarRoadState, seat: int) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def settle(s: StarRoadState, until: int | None = None) -> list[Event]:
    """Everyone passes until `until` decides or the decision is not a pass."""
    events: list[Event] = []
    while s.actors() and s.actors()[0] != until:
        seat = s.actors()[0]
        moves = legal(s, seat)
        if "pass" not in moves:
            break
        events += play(s, seat, "pass")
    return events


def to_block(s: StarRoadState) -> list[Event]:
    """Everyone passes until some target must declare its blockers."""
    events: list[Event] = []
    while s.actors() and not (s.draft is not None and s.draft.kind == "block"):
        events += play(s, s.actors()[0], "pass")
    return events


def attack(s: StarRoadState, seat: int, *weapons: tuple[int, int, list[int]],
           order: list[int] | None = None) -> list[Event]:
    """Declare an attack: weapons as (line, level, targets)."""
    events: list[Event] = []
    for i, (line, level, targets) in enumerate(weapons):
        events += play(s, seat, f"{'attack' if i == 0 else 'add_weapon'} line={line} level={level}")
        for t in targets:
            events += play(s, seat, f"target seat={t}")
        if s.draft is not None and s.draft.stage == "targets":
            events += play(s, seat, "targets_done")
    events += play(s, seat, "launch")
    for t in order or []:
        if s.draft is not None:
            events += play(s, seat, f"order seat={t}")
    return events


def block(s: StarRoadState, seat: int, blockers: list[tuple[int, int]],
          guards: list[bool] | None = None) -> list[Event]:
    """Declare blockers in order, then which weapons of the list are blocked (default all)."""
    events: list[Event] = []
    for line, level in blockers:
        events += play(s, seat, f"blocker line={line} level={level}")
    events += play(s, seat, "blockers_done")
    while s.draft is not None and s.draft.kind == "block" and s.draft.stage == "guard":
        g = guards[len(s.draft.guards)] if guards is not None else True
        events += play(s, seat, f"guard block={'true' if g else 'false'}")
    while s.stack and s.stack[-1].kind == "block":        # its response round: all pass
        events += play(s, s.actors()[0], "pass")
    return events


def at(s: StarRoadState, seat: int, line: int, level: int = 1) -> Obj | None:
    return s.players[seat].slots[s.slot_of(line, level)]


def end_turn(s: StarRoadState) -> list[Event]:
    """The active character ends its action phase and everyone passes in the window."""
    events = play(s, s.active, "end")
    return events + settle(s, until=-1)


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
