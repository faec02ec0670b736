"""What Skyrise's reference sheet and score pad show: the wonder cards (value and effect, SK-7), the
secret objectives, the panorama cards (SK-11), the colours, patron letters and values, the track
values and the keys (SK-6, SK-9.2), straight from `data/`."""

from __future__ import annotations

from typing import Any

from .data import DATA


def sheet() -> dict[str, Any]:
    colours = DATA.board.colours
    return {
        "wonders": [{"id": w.id, "value": w.value, "timing": w.timing} for w in DATA.wonders],
        "objectives": [{"id": o.id, "colour": colours[o.colour], "min_structures": o.min_structures,
                        "points": o.points} for o in DATA.objectives],
        "panoramas": [{"id": p.id, "feature": p.feature, "min_structures": p.min_structures,
                       "points": p.points} for p in DATA.panoramas],
        "panoramas_in_play": DATA.panoramas_in_play,
        "colours": list(colours), "patron_letters": list(DATA.patron_letters),
        "patron_values": sorted(DATA.patron_values), "track_values": list(DATA.track_values),
        "excess_points": DATA.excess_points, "commission_per_item": DATA.commission_per_item,
        "island_control_points": DATA.island_control_points,
        "keys": [{"id": k.id, "points": k.points, "finish_rank": k.finish_rank, "min_players": k.min_players}
                 for k in DATA.keys],
        "islands_in_play": {str(n): row.outer_islands + 1 for n, row in sorted(DATA.setup.items())},
        "min_players": DATA.min_players, "max_players": DATA.max_players,
    }
