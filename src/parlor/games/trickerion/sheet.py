"""What the trick reference sheet shows: every Trick card's printed face (base and Dark Alley) and
the components, straight from `data/`. Public: the same for everyone, no table involved."""

from __future__ import annotations

from typing import Any

from .data import CATEGORIES, DATA, Trick


def _counts(pairs: tuple[tuple[int, int], ...]) -> dict[str, int]:
    return {DATA.components[c].id: n for c, n in pairs}


def _trick(t: Trick) -> dict[str, Any]:
    """TR-1.3: category, level, Fame threshold, components, Prepare cost, markers, yields; a
    Level-3 Trick's end bonus (TR-16.3) by its kind and numbers (words live in the catalogs)."""
    endgame = {key.removeprefix("endgame_"): value for key, value in t.endgame if key != "endgame_text"}
    return {"id": t.id, "category": CATEGORIES[t.category], "level": t.level, "threshold": t.threshold,
            "dark_alley": t.dark_alley_only, "components": _counts(t.components),
            "bga_components": _counts(t.alt_components), "prepare_ap": t.prepare_ap,
            "markers": t.markers, "bga_markers": t.alt_markers,
            "yields": {"fame": t.yield_fame, "coins": t.yield_coins, "shards": t.yield_shards},
            "link_reward": t.link_reward,
            "endgame": endgame if endgame.get("type", "none") != "none" else None}


def sheet() -> dict[str, Any]:
    """Tricks in the order of tricks.toml, components with tier and Market price, categories."""
    return {"categories": list(CATEGORIES),
            "components": [{"id": c.id, "tier": c.tier, "price": c.price} for c in DATA.components],
            "tricks": [_trick(t) for t in DATA.tricks],
            "markers_per_trick": DATA.markers_per_suit}
