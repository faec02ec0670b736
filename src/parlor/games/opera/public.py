"""Opera's printed components for the browser (`Game.public_data`): the board's tracks, the cities
with their building parts, the composers and the role tiles, as the data files give them.

Everything here is printed on the board or a tile and the same for every table: no pile order,
no money, no supply. Served once per game, never per view.
"""

from __future__ import annotations

from typing import Any

from .data import DATA, OperaData


def _cities(d: OperaData) -> list[dict[str, Any]]:
    return [{
        "id": c.id, "episode": c.episode, "opens_round": c.opens_round,
        "opens_round_short_game": d.short_game.opens.get(c.id, c.opens_round),
        "max_halls": c.max_halls, "main_halls": c.main_halls,
        "wings": [{"kind": kind, "halls": halls} for kind, halls in c.wings],
        "houses_by_players": {str(n): houses for n, houses in sorted(c.houses.items())},
        "figure_fields": c.figure_fields,
    } for c in d.cities]


def _parts(d: OperaData) -> list[dict[str, Any]]:
    return [{
        "id": p.id, "city": d.cities[p.city].id, "house": p.house, "kind": p.kind, "halls": p.halls,
        "hall_numbers": list(p.hall_numbers), "min_players": p.min_players,
        "cost_ducats": p.cost_ducats, "vp": p.vp,
    } for p in d.parts]


def _roles(d: OperaData) -> list[dict[str, Any]]:
    return [{
        "id": r.id, "kind": r.kind, "cost": r.cost, "followable": r.followable, "max_uses": r.max_uses,
        "follow_cost_per_use": r.follow_cost_per_use, "follow_min_cost": r.follow_min_cost,
        "figure": r.figure, "max_steps": r.max_steps,
    } for r in d.roles]


def public_data(d: OperaData = DATA) -> dict[str, Any]:
    """The board and tiles as printed (OP-2), keyed by the ids the views use."""
    return {
        "composers": [{"id": c.id, "pieces": c.pieces} for c in d.composers],
        "fame": [{
            "position": f.position, "value": f.value, "purchase_price": f.purchase_price,
            "signora_ducats": f.signora_ducats, "signora_vp": f.signora_vp, "esperto_vp": f.esperto_vp,
            "main_hall_vp": f.main_hall_vp,
        } for f in d.fame],
        "cities": _cities(d),
        "parts": _parts(d),
        "roles": _roles(d),
        "figures": [{"id": figure, "role": role.id}
                    for figure, role in zip(d.figures, (r for r in d.roles if r.kind == "character"),
                                            strict=True)],
        "colors": list(d.colors),
        "rounds": {
            "standard": {"rounds": d.rounds, "episode_of_round": list(d.episode_of_round),
                         "scoring_after_rounds": list(d.scoring_after_rounds)},
            "short_game": {"rounds": d.short_game.rounds,
                           "episode_of_round": list(d.short_game.episode_of_round),
                           "scoring_after_rounds": list(d.short_game.scoring_after_rounds)},
        },
        "budget": {"rows": d.row_max, "slots": d.slots_per_row, "max_bid": d.max_bid,
                   "zero_budget_bonus": d.zero_budget_bonus},
        "max_roles": d.max_roles,
        "display_by_players": {str(n): size for n, size in sorted(d.display_by_players.items())},
        "display_cap": d.display_cap,
        "palazzo_capacity": d.palazzo_capacity,
        "income_by_pieces": list(d.income_by_pieces),
        "maestro_multiplier": d.maestro_multiplier,
        "episode_bonus": list(d.episode_bonus),
        "empty_hall_penalty": d.empty_hall_penalty,
        "max_parts_per_use": d.max_parts_per_use,
    }
