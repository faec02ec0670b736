"""Helpers for the Opera tests: scenarios by colour, moves by notation, readable halls."""

from __future__ import annotations

from typing import Any

from parlor.core import Event
from parlor.games.opera import GAME, OperaState
from parlor.games.opera.board import CITIES, OFFSET, piece_name

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
L0 = ["bach", "handel", "mozart", "wagner", "verdi", "monteverdi"]


def scen(**spec: Any) -> OperaState:
    return GAME.scenario(spec)


def play(s: OperaState, seat: int, *texts: str) -> list[Event]:
    events: list[Event] = []
    for text in texts:
        events += s.play(seat, GAME.parse(text))
    return events


def moves(s: OperaState, seat: int) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def halls(s: OperaState, seat: int, city: str) -> list[str | None]:
    """Hall contents of a house, hall 1 first; only built halls."""
    c = CITIES.index(city)
    out: list[str | None] = []
    for h in s.halls[seat][OFFSET[c]:OFFSET[c] + s.data.cities[c].max_halls]:
        if h != -2:
            out.append(piece_name(h) if h >= 0 else None)
    return out


def supply(s: OperaState, seat: int) -> list[str]:
    return sorted(piece_name(p) for p in s.supply[seat])


def pos(s: OperaState, seat: int) -> str:
    return f"{s.row[seat]}/{s.slot[seat]}"


def ladder(s: OperaState) -> list[str]:
    out = [""] * 6
    for comp, p in enumerate(s.fame):
        out[p - 1] = s.data.composers[comp].id
    return out


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def all_passed(players: int = 4, **spec: Any) -> dict[str, Any]:
    """A spec whose action phase is over at once: every seat has passed (income etc. follow)."""
    colors = ("red", "blue", "green", "yellow")[:players]
    for i, color in enumerate(colors):
        entry = dict(spec.get(color, {}))
        entry.setdefault("passed", True)
        entry.setdefault("row", 10 - i)
        spec[color] = entry
    spec.setdefault("phase", "action")
    spec["players"] = players
    return spec
