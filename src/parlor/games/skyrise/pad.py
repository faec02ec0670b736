"""The score pad: final scoring (SK-12) of a game played on a real city, from what players count.

The city's geometry stays on the table: players count, per player, the islands they win (SK-10),
what each panorama card in play counts (SK-11), structures on their objective's colour, their
left-hand area (patron discs by letter, excess and commission discs), structures per colour with
the discs on each colour track, and their place in the finishing order (keys, SK-9.2, and the tie
break, SK-12.2). The engine's own scoring functions (`skyrise.scoring`) turn the counts into
prestige, the same functions the online table's end of game uses.
"""

from __future__ import annotations

from typing import Any

from parlor.core import BadScenario, Result

from .data import DATA
from .scoring import (
    keys_for,
    left_area_points,
    objective_points,
    panorama_points,
    ranking,
    structure_points_of,
)

PAD_CATEGORIES = ("before", "island_control", "panoramas", "objective", "patrons", "excess_discs",
                  "keys", "commissions", "structures")
COLOURS = DATA.board.colours
STRUCTURES = 13          # 12 buildings and the wonder piece (SK-1)


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadScenario(message)


def _by_colour(table: dict[str, int], where: str) -> list[int]:
    unknown = sorted(set(table) - set(COLOURS))
    _need(not unknown, f"{where}: unknown colour(s) {', '.join(unknown)} (known: {', '.join(COLOURS)})")
    return [table.get(c, 0) for c in COLOURS]


def _game_facts(facts: dict[str, Any], n: int) -> tuple[list[Any], list[int]]:
    panoramas = facts.get("panoramas", [])
    by_id = {p.id: p for p in DATA.panoramas}
    _need(len(panoramas) == DATA.panoramas_in_play and len(set(panoramas)) == len(panoramas)
          and all(p in by_id for p in panoramas),
          f"name {DATA.panoramas_in_play} different panorama cards ({', '.join(by_id)})")
    values = facts.get("patron_values", {})
    _need(sorted(values) == sorted(DATA.patron_letters)
          and sorted(values.values()) == sorted(DATA.patron_values),
          f"patron values: each of {', '.join(DATA.patron_letters)} takes one of "
          f"{', '.join(map(str, sorted(DATA.patron_values)))} (SK-6.2)")
    return [by_id[p] for p in panoramas], [values[letter] for letter in DATA.patron_letters]


def _check_box(players: list[dict[str, Any]]) -> None:
    """What the box holds for this player count (discs.toml bags)."""
    n = len(players)
    bag = DATA.bags[n]
    for letter in DATA.patron_letters:
        held = sum(p.get("patrons", {}).get(letter, 0) for p in players)
        _need(held <= bag.per_letter, f"{n} players use {bag.per_letter} patron discs {letter}, not {held}")
    commissions = sum(p.get("commissions", 0) for p in players)
    _need(commissions <= bag.commission,
          f"{n} players use {bag.commission} commission discs, not {commissions}")
    finished = sorted(p.get("finished", 0) for p in players)
    _need(finished == list(range(1, n + 1)),
          f"the finishing order must number the players 1 to {n} once each")
    objectives = [p.get("objective") for p in players]
    _need(len(set(objectives)) == n, "secret objectives have different colours (SK-3)")


def _player(entry: dict[str, Any], i: int, n: int, panoramas: list[Any], patron_values: list[int]
            ) -> dict[str, float]:
    where = f"player {i + 1}"
    per_colour = _by_colour(entry.get("structures", {}), f"{where} structures")
    tracks = _by_colour(entry.get("tracks", {}), f"{where} tracks")
    _need(sum(per_colour) <= STRUCTURES,
          f"{where}: at most {STRUCTURES} structures (12 buildings and a wonder)")
    _need(all(t <= DATA.track_spaces for t in tracks),
          f"{where}: a colour track holds 0 to {DATA.track_spaces} discs")
    objective = next((o for o in DATA.objectives if COLOURS[o.colour] == entry.get("objective")), None)
    _need(objective is not None, f"{where}: unknown objective colour {entry.get('objective')!r}")
    assert objective is not None
    on_colour = entry.get("objective_structures", per_colour[objective.colour])
    _need(on_colour <= per_colour[objective.colour],
          f"{where}: more structures on the objective's colour than structures of that colour")
    counts = entry.get("panorama_counts", [0] * len(panoramas))
    _need(len(counts) == len(panoramas), f"{where}: one count per panorama card in play")
    islands = entry.get("islands", 0)
    in_play = DATA.setup[n].outer_islands + 1
    _need(islands <= in_play, f"{where}: {n} players build on {in_play} islands, not {islands}")
    patrons = [entry.get("patrons", {}).get(letter, 0) for letter in DATA.patron_letters]
    _need(set(entry.get("patrons", {})) <= set(DATA.patron_letters), f"{where}: unknown patron letter")
    left = left_area_points(DATA, patrons, patron_values, entry.get("excess_discs", 0),
                            keys_for(DATA, entry["finished"], n), entry.get("commissions", 0))
    return {"before": float(entry.get("before", 0)),
            "island_control": float(islands * DATA.island_control_points),
            "panoramas": float(sum(panorama_points(p, c) for p, c in zip(panoramas, counts, strict=True))),
            "objective": float(objective_points(objective, on_colour)),
            "patrons": float(left["patrons"]), "excess_discs": float(left["excess"]),
            "keys": float(left["keys"]), "commissions": float(left["commissions"]),
            "structures": float(structure_points_of(DATA, tracks, per_colour))}


def score(facts: dict[str, Any]) -> Result:
    """SK-12.1 steps 1-5 at the end of era 2 and the winner (SK-12.2). :raises BadScenario:"""
    players = facts["players"]
    n = len(players)
    _need(DATA.min_players <= n <= DATA.max_players,
          f"Skyrise is for {DATA.min_players} to {DATA.max_players} players, not {n}")
    panoramas, patron_values = _game_facts(facts, n)
    _check_box(players)
    breakdown = tuple(_player(p, i, n, panoramas, patron_values) for i, p in enumerate(players))
    prestige = [int(sum(b.values())) for b in breakdown]
    finish_order = sorted(range(n), key=lambda s: players[s]["finished"])
    ranks, notes = ranking(prestige, finish_order)
    return Result(tuple(float(p) for p in prestige), breakdown, ranks, notes)
