"""The score pad: final scoring (SK-12) of a game played on a real city, from what players count.

The city's geometry stays on the table: players count, per player, the islands they win (SK-10),
what each panorama card in play counts (SK-11), structures on their objective's colour, their
left-hand area (patron discs by letter, excess and commission discs), structures per colour with
the discs on each colour track, and their place in the finishing order (keys, SK-9.2, and the tie
break, SK-12.2). The engine's own scoring functions (`skyrise.scoring`) turn the counts into
prestige, the same functions the online table's end of game uses.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from parlor.core import Result, ScorePad

from ..pad_refusal import need, seated_players
from .data import DATA
from .pad_form import SkyrisePad
from .pad_questions import questions
from .scoring import (
    keys_for,
    left_area_points,
    objective_points,
    panorama_points,
    ranking,
    structure_points_of,
)

if TYPE_CHECKING:
    from .game import Skyrise

PAD_CATEGORIES = ("before", "island_control", "panoramas", "objective", "patrons", "excess_discs",
                  "keys", "commissions", "structures")
COLOURS = DATA.board.colours
STRUCTURES = 13          # 12 buildings and the wonder piece (SK-1)


def _by_colour(table: dict[str, int], where: str, player: int) -> list[int]:
    unknown = sorted(set(table) - set(COLOURS))
    need(not unknown, "unknown_colour", f"{where}: unknown colour(s) {', '.join(unknown)} "
                                        f"(known: {', '.join(COLOURS)})", player=player)
    return [table.get(c, 0) for c in COLOURS]


def _game_facts(facts: dict[str, Any], n: int) -> tuple[list[Any], list[int]]:
    panoramas = facts.get("panoramas", [])
    by_id = {p.id: p for p in DATA.panoramas}
    need(len(panoramas) == DATA.panoramas_in_play and len(set(panoramas)) == len(panoramas)
         and all(p in by_id for p in panoramas), "panoramas",
         f"name {DATA.panoramas_in_play} different panorama cards ({', '.join(by_id)})",
         field="panoramas", n=DATA.panoramas_in_play)
    values = facts.get("patron_values", {})
    need(sorted(values) == sorted(DATA.patron_letters)
         and sorted(values.values()) == sorted(DATA.patron_values), "patron_values",
         f"patron values: each of {', '.join(DATA.patron_letters)} takes one of "
         f"{', '.join(map(str, sorted(DATA.patron_values)))} (SK-6.2)", field="patron_values",
         letters=", ".join(DATA.patron_letters), values=", ".join(map(str, sorted(DATA.patron_values))))
    return [by_id[p] for p in panoramas], [values[letter] for letter in DATA.patron_letters]


def _check_box(players: list[dict[str, Any]]) -> None:
    """What the box holds for this player count (discs.toml bags)."""
    n = len(players)
    bag = DATA.bags[n]
    for letter in DATA.patron_letters:
        held = sum(p.get("patrons", {}).get(letter, 0) for p in players)
        need(held <= bag.per_letter, "patron_box",
             f"{n} players use {bag.per_letter} patron discs {letter}, not {held}", field=f"patron-{letter}",
             players=n, box=bag.per_letter, letter=letter, n=held)
    commissions = sum(p.get("commissions", 0) for p in players)
    need(commissions <= bag.commission, "commission_box",
         f"{n} players use {bag.commission} commission discs, not {commissions}", field="commissions",
         players=n, box=bag.commission, n=commissions)
    finished = sorted(p.get("finished", 0) for p in players)
    need(finished == list(range(1, n + 1)), "finishing_order",
         f"the finishing order must number the players 1 to {n} once each", field="finished", n=n)
    objectives = [p.get("objective") for p in players]
    need(len(set(objectives)) == n, "objectives_twice", "secret objectives have different colours (SK-3)",
         field="objective")


def _player(entry: dict[str, Any], i: int, n: int, panoramas: list[Any], patron_values: list[int]
            ) -> dict[str, float]:
    where = f"player {i + 1}"
    per_colour = _by_colour(entry.get("structures", {}), f"{where} structures", i)
    tracks = _by_colour(entry.get("tracks", {}), f"{where} tracks", i)
    need(sum(per_colour) <= STRUCTURES, "structures_max",
         f"{where}: at most {STRUCTURES} structures (12 buildings and a wonder)",
         field=f"colour-{COLOURS[0]}", player=i, max=STRUCTURES, n=sum(per_colour))
    for colour, discs in zip(COLOURS, tracks, strict=True):
        need(discs <= DATA.track_spaces, "track_max",
             f"{where}: a colour track holds 0 to {DATA.track_spaces} discs", field=f"colour-{colour}",
             player=i, max=DATA.track_spaces)
    objective = next((o for o in DATA.objectives if COLOURS[o.colour] == entry.get("objective")), None)
    need(objective is not None, "unknown_objective",
         f"{where}: unknown objective colour {entry.get('objective')!r}", field="objective", player=i)
    assert objective is not None
    on_colour = entry.get("objective_structures", per_colour[objective.colour])
    need(on_colour <= per_colour[objective.colour], "objective_structures",
         f"{where}: more structures on the objective's colour than structures of that colour",
         field="objective", player=i)
    counts = entry.get("panorama_counts", [0] * len(panoramas))
    need(len(counts) == len(panoramas), "panorama_counts", f"{where}: one count per panorama card in play",
         field="panorama-0", player=i, n=len(panoramas))
    islands = entry.get("islands", 0)
    in_play = DATA.setup[n].outer_islands + 1
    need(islands <= in_play, "islands_max", f"{where}: {n} players build on {in_play} islands, not {islands}",
         field="islands", player=i, players=n, max=in_play, n=islands)
    patrons = [entry.get("patrons", {}).get(letter, 0) for letter in DATA.patron_letters]
    need(set(entry.get("patrons", {})) <= set(DATA.patron_letters), "unknown_patron",
         f"{where}: unknown patron letter", player=i)
    left = left_area_points(DATA, patrons, patron_values, entry.get("excess_discs", 0),
                            keys_for(DATA, entry["finished"], n), entry.get("commissions", 0))
    return {"before": float(entry.get("before", 0)),
            "island_control": float(islands * DATA.island_control_points),
            "panoramas": float(sum(panorama_points(p, c) for p, c in zip(panoramas, counts, strict=True))),
            "objective": float(objective_points(objective, on_colour)),
            "patrons": float(left["patrons"]), "excess_discs": float(left["excess"]),
            "keys": float(left["keys"]), "commissions": float(left["commissions"]),
            "structures": float(structure_points_of(DATA, tracks, per_colour))}


def score(game: Skyrise, facts: dict[str, Any]) -> Result:
    """SK-12.1 steps 1-5 at the end of era 2 and the winner (SK-12.2). :raises BadScenario:"""
    players = seated_players(game, facts)
    n = len(players)
    panoramas, patron_values = _game_facts(facts, n)
    _check_box(players)
    breakdown = tuple(_player(p, i, n, panoramas, patron_values) for i, p in enumerate(players))
    prestige = [int(sum(b.values())) for b in breakdown]
    finish_order = sorted(range(n), key=lambda s: players[s]["finished"])
    ranks, notes = ranking(prestige, finish_order)
    return Result(tuple(float(p) for p in prestige), breakdown, ranks, notes)


def score_pad(game: Skyrise) -> ScorePad:
    """The pad (this module scores, pad_form.py the facts, pad_questions.py the terminal)."""
    return ScorePad(SkyrisePad, partial(score, game), questions, (2, 4), summary=(
        "Skyrise's final scoring (SK-12.1: islands, panoramas, objective, left-hand area, "
        "structures) and the winner (SK-12.2: ties to whoever finished first)."))
