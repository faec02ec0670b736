"""Final scoring (TR-16) and the result with its tie break (TR-16.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Result, rank_seats

from .data import DATA
from .rules.common import pub

if TYPE_CHECKING:
    from .state import TrickerionState

CATEGORIES = {c.id: c for c in DATA.scoring}
APPRENTICE_MASK = 0b11110000
SPECIALIST_MASK = 0b00001110


def final_points(s: TrickerionState, seat: int) -> dict[str, int]:
    """TR-16.1: Shards, Coins / 3, 2 per Apprentice, 3 per Specialist; cap 20 each (A-02)."""
    amounts = {
        "shards": s.shards[seat],
        "coins": s.coins[seat],
        "apprentices": bin(s.team[seat] & APPRENTICE_MASK).count("1"),
        "specialists": bin(s.team[seat] & SPECIALIST_MASK).count("1"),
    }
    out = {}
    for key, amount in amounts.items():
        cat = CATEGORIES[key]
        points = amount // cat.unit * cat.fame_per
        out[key] = min(points, cat.cap) if s.options.final_scoring_cap else points
    return out


def final_scoring(s: TrickerionState) -> list[Event]:
    s.final = []
    events: list[Event] = []
    for seat in range(s.n):
        points = final_points(s, seat)
        s.final.append({"fame_in_game": s.fame[seat], **points})
        s.fame[seat] += sum(points.values())
        events.append(pub("final_scoring", seat, points=points, fame=s.fame[seat]))
    events.append(pub("game_over", None, fame=list(s.fame), winner=s.result().winners()[0]))
    return events


def result(s: TrickerionState) -> Result:
    """Most Fame wins; a tie goes to the player earlier in the last turn's Initiative Order."""
    position = {seat: k for k, seat in enumerate(s.order)}
    keys = [(s.fame[seat], -position[seat]) for seat in range(s.n)]
    ranks, notes = rank_seats(keys, ("Fame", "earlier Initiative Order in the last turn"))
    if s.final is not None:
        breakdown = tuple({k: float(v) for k, v in f.items()} for f in s.final)
    else:
        breakdown = tuple({"fame_in_game": float(f)} for f in s.fame)
    return Result(tuple(float(f) for f in s.fame), breakdown, ranks, notes)
