"""Final scoring (TR-16) and the result with its tie break (TR-16.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Result, rank_seats

from .data import DATA
from .rules.common import effective, meets, pub
from .rules.setup import SPECIALIST_CHAR

if TYPE_CHECKING:
    from .state import TrickerionState

CATEGORIES = {c.id: c for c in DATA.scoring}
APPRENTICE_MASK = 0b11110000
SPECIALIST_MASK = 0b00001110


def final_points(state: TrickerionState, seat: int) -> dict[str, int]:
    """TR-16.1: Shards, Coins / 3, 2 per Apprentice, 3 per Specialist; cap 20 each (A-02).
    TR-16.2 (Dark Alley): Shards, Coins, 2 per Special card in hand, Level-3 Trick bonuses."""
    mode = "dark_alley" if state.options.dark_alley else "base"
    amounts = {
        "shards": state.shards[seat],
        "coins": state.coins[seat],
        "apprentices": bin(state.team[seat] & APPRENTICE_MASK).count("1"),
        "specialists": bin(state.team[seat] & SPECIALIST_MASK).count("1"),
        "special_assignments": len(state.special_hand[seat]),
    }
    out = {}
    for key, amount in amounts.items():
        if mode in CATEGORIES[key].modes:
            out[key] = category_points(state, key, amount)
    if mode == "dark_alley":
        out["level3_tricks"] = sum(level3_bonus(state, seat, t) for t in state.trick_by_suit[seat]
                                   if t >= 0 and DATA.tricks[t].level == 3)
    return out


def category_points(state: TrickerionState, key: str, amount: int) -> int:
    """TR-16.1: the Fame `amount` items of a final-scoring category bring, capped (A-02)."""
    cat = CATEGORIES[key]
    points = amount // cat.unit * cat.fame_per
    return min(points, cat.cap) if state.options.final_scoring_cap else points


def crew_points(state: TrickerionState, seat: int) -> int:
    """TR-16.1 (base game): the Fame of a player's Apprentices and Specialists at the end, as
    `final_points` counts them (without building the whole breakdown, for the heuristic)."""
    team = state.team[seat]
    return (category_points(state, "apprentices", bin(team & APPRENTICE_MASK).count("1"))
            + category_points(state, "specialists", bin(team & SPECIALIST_MASK).count("1")))


def level3_bonus(state: TrickerionState, seat: int, trick_index: int) -> int:
    """TR-16.3: a Level-3 Trick's end bonus, if its owner meets its requirements; cap per Trick."""
    trick = DATA.tricks[trick_index]
    if not meets(state, seat, trick):
        return 0
    g = dict(trick.endgame)
    kind = g["endgame_type"]
    each = g.get("endgame_fame_each", 0)
    team = state.team[seat]
    owned = [DATA.tricks[t] for t in state.trick_by_suit[seat] if t >= 0]
    if kind == "all_specialists":
        points = g["endgame_fame"] if team & SPECIALIST_MASK == SPECIALIST_MASK else 0
    elif kind == "has_specialist":
        points = g["endgame_fame"] if team >> SPECIALIST_CHAR[g["endgame_specialist"]] & 1 else 0
    elif kind == "min_tricks_owned":
        points = g["endgame_fame"] if len(owned) >= g["endgame_min_tricks"] else 0
    elif kind == "per_component_tier":
        points = each * sum(effective(state, seat, c.index) for c in DATA.components
                            if c.tier == g["endgame_tier"])
    elif kind == "per_apprentice":
        points = each * bin(team & APPRENTICE_MASK).count("1")
    elif kind == "per_coins":
        points = each * (state.coins[seat] // g["endgame_coins_per_fame"])
    elif kind == "per_trick_level":
        points = each * sum(1 for t in owned if t.level == g["endgame_level"])
    elif kind == "per_marker_on_trick_cards":
        points = each * sum(state.prepared[seat])
    elif kind == "per_shard":
        points = each * state.shards[seat]
    elif kind == "per_special_assignment_in_hand":
        points = each * len(state.special_hand[seat])
    else:
        raise ValueError(f"TR-16.3: unknown end bonus {kind!r} of {trick.id}")
    return min(points, g["endgame_cap"]) if state.options.final_scoring_cap else points


def final_scoring(state: TrickerionState) -> list[Event]:
    state.final = []
    events: list[Event] = []
    for seat in range(state.players):
        points = final_points(state, seat)
        state.final.append({"fame_in_game": state.fame[seat], **points})
        state.fame[seat] += sum(points.values())
        events.append(pub("final_scoring", seat, points=points, fame=state.fame[seat]))
    events.append(pub("game_over", None, fame=list(state.fame), winner=state.result().winners()[0]))
    return events


def result(state: TrickerionState) -> Result:
    """Most Fame wins; a tie goes to the player earlier in the last turn's Initiative Order."""
    position = {seat: k for k, seat in enumerate(state.order)}
    keys = [(state.fame[seat], -position[seat]) for seat in range(state.players)]
    ranks, notes = rank_seats(keys, ("Fame", "earlier Initiative Order in the last turn"))
    if state.final is not None:
        breakdown = tuple({k: float(v) for k, v in f.items()} for f in state.final)
    else:
        breakdown = tuple({"fame_in_game": float(f)} for f in state.fame)
    return Result(tuple(float(f) for f in state.fame), breakdown, ranks, notes)
