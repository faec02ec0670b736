"""What Opera's reference sheet and score pad show: composers and the fame ladder's numbers, the
six roles with their costs, every city's opera houses and building costs, and the rounds with their
episodes and scoring rounds (OP-3, OP-4.6, OP-9, OP-13), straight from `data/`."""

from __future__ import annotations

from typing import Any

from .data import DATA


def _city(index: int) -> dict[str, Any]:
    city = DATA.cities[index]
    parts: dict[str, dict[str, Any]] = {}
    for part in DATA.parts:
        if part.city == index and part.kind not in parts:
            parts[part.kind] = {"kind": part.kind, "halls": part.halls, "cost": part.cost_ducats,
                                "vp": part.vp}
    return {"id": city.id, "episode": city.episode, "opens_round": city.opens_round,
            "short_game_opens_round": DATA.short_game.opens.get(city.id, city.opens_round),
            "main_halls": city.main_halls, "max_halls": city.max_halls,
            "wings": [{"kind": kind, "halls": halls} for kind, halls in city.wings],
            "houses": {str(n): k for n, k in sorted(city.houses.items())},
            "parts": list(parts.values())}


def sheet() -> dict[str, Any]:
    return {
        "composers": [{"id": c.id, "pieces": c.pieces} for c in DATA.composers],
        "fame": [{"position": f.position, "value": f.value, "purchase_price": f.purchase_price,
                  "signora_ducats": f.signora_ducats, "signora_vp": f.signora_vp,
                  "esperto_vp": f.esperto_vp, "main_hall_vp": f.main_hall_vp} for f in DATA.fame],
        "roles": [{"id": r.id, "kind": r.kind, "cost": r.cost, "followable": r.followable,
                   "max_uses": r.max_uses, "follow_cost_per_use": r.follow_cost_per_use,
                   "follow_min_cost": r.follow_min_cost}
                  for r in sorted(DATA.roles, key=lambda r: r.board_order)],
        "cities": [_city(i) for i in range(len(DATA.cities))],
        "income_by_pieces": list(DATA.income_by_pieces),
        "episode_bonus": list(DATA.episode_bonus), "empty_hall_penalty": DATA.empty_hall_penalty,
        "rounds": {"standard": {"rounds": DATA.rounds, "scoring_after": list(DATA.scoring_after_rounds),
                                "episode_of_round": list(DATA.episode_of_round)},
                   "short": {"rounds": DATA.short_game.rounds,
                             "scoring_after": list(DATA.short_game.scoring_after_rounds),
                             "episode_of_round": list(DATA.short_game.episode_of_round)}},
        "budget": {"rows": DATA.row_max, "slots": DATA.slots_per_row},
    }
