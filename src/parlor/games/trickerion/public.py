"""Every printed face of Trickerion's components, for the browser table (`Game.public_data`).

Served once per game to every client, so it holds only what is printed on cards and boards (TR-1):
no deck order, no hand, nothing a seat may not know. Keys are the ids the view uses. Ability and
card texts are not here: they are words, in the catalogs' `[ui]` as `text_<id>` (three languages).
"""

from __future__ import annotations

from typing import Any

from .data import CATEGORIES, CHARACTERS, DATA, DICE, DIRECTIONS, LOCATIONS, WEEKDAYS
from .records import Trick


def _counts(pairs: tuple[tuple[int, int], ...]) -> dict[str, int]:
    return {DATA.components[c].id: n for c, n in pairs}


def _trick(t: Trick) -> dict[str, Any]:
    endgame = {key.removeprefix("endgame_"): value for key, value in t.endgame
               if key != "endgame_text"}
    out: dict[str, Any] = {
        "category": CATEGORIES[t.category], "level": t.level, "threshold": t.threshold,
        "dark_alley_only": t.dark_alley_only, "components": _counts(t.components),
        "prepare_ap": t.prepare_ap, "markers": t.markers,
        "yields": {"fame": t.yield_fame, "coins": t.yield_coins, "shards": t.yield_shards},
        "link_reward": t.link_reward, "endgame": endgame if endgame.get("type") != "none" else None,
    }
    if t.alt_components != t.components or t.alt_markers != t.markers:   # A-06, A-07 (option)
        out["bga"] = {"components": _counts(t.alt_components), "markers": t.alt_markers}
    return out


def _performance_cards() -> dict[str, Any]:
    return {c.id: {"theater": c.theater, "slots": list(c.slots),
                   "links": [{"a": c.slots[a], "b": c.slots[b], "shard": shard}
                             for a, b, shard in c.links],
                   "bonus": {"fame": c.bonus_fame, "coins": c.bonus_coins, "shards": c.bonus_shards}}
            for c in DATA.cards}


def _slots() -> dict[str, Any]:
    return {s.id: {"location": LOCATIONS[s.location], "ap_modifier": s.ap_modifier,
                   "min_players": s.min_players, "day": WEEKDAYS[s.day] if s.day >= 0 else None,
                   "performance": s.performance}
            for s in DATA.slots}


def public_data() -> dict[str, Any]:
    """Tricks, Performance cards, Assignment cards, Magicians, Prophecies, dice, components,
    characters and the city's spaces with every printed number."""
    return {
        "categories": list(CATEGORIES), "directions": list(DIRECTIONS),
        "locations": list(LOCATIONS), "weekdays": list(WEEKDAYS),
        "tricks": {t.id: _trick(t) for t in DATA.tricks},
        "performance_cards": _performance_cards(),
        "components": {c.id: {"tier": c.tier, "price": c.price} for c in DATA.components},
        "characters": {c: {"base_ap": ch.base_ap, "wage": ch.wage, "final_fame": ch.final_fame,
                           "performer_bonus": {"fame": ch.bonus_fame, "coins": ch.bonus_coins,
                                               "shards": ch.bonus_shards}}
                       for c, ch in DATA.characters.items()},
        "character_ids": list(CHARACTERS),
        "magicians": {m.id: {"favorite": CATEGORIES[m.favorite], "ability": m.ability_id,
                             "ability_ap": m.ability_ap, "shard_cost": m.shard_cost}
                      for m in DATA.magicians},
        "assignments": {
            "permanent": {mode: {loc: cards[i] for i, loc in enumerate(LOCATIONS) if cards[i]}
                          for mode, cards in DATA.hands.items()},
            "special": {c.id: {"location": c.location, "target_action": c.target_action,
                               "params": dict(c.params)} for c in DATA.specials},
        },
        "prophecies": {p.id: {"category": CATEGORIES[p.category] if p.category >= 0 else None,
                              "coins": p.coins} for p in DATA.prophecies},
        "dice": {die: list(DATA.dice_faces[i]) for i, die in enumerate(DICE)},
        "slots": _slots(),
        "weekdays_modifiers": {day: {"fame": DATA.weekday_fame[i], "coins": DATA.weekday_coins[i]}
                               for i, day in enumerate(WEEKDAYS)},
        "action_ap": dict(DATA.action_ap),
        "initiative_spaces": {str(n): list(spaces) for n, spaces in DATA.initiative_spaces.items()},
        "advertise_fame": DATA.setup["advertise_fame"],
        "enhance": {"shards": DATA.enhance_shards, "ap": DATA.enhance_ap},
        "quick_order_surcharge": DATA.quick_order_surcharge,
        "turns": {"base": DATA.setup["turns_base"], "dark_alley": DATA.setup["turns_dark_alley"]},
        "fame_thresholds": sorted({t.threshold for t in DATA.tricks}),
        "scoring": [{"id": c.id, "fame_per": c.fame_per, "unit": c.unit, "cap": c.cap}
                    for c in DATA.scoring],
    }
