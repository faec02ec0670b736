"""What Skyrise's components print, for the browser table (served once per game, never per view).

Everything here is the same for every table and every seat: the islands' neighborhoods with their
colours, windmills and local grid places, the lakes, blimps and bridges printed on the islands, the
slots around the central island, the buildings' numbers and heights, the cards' numbers, the track
values and the keys. Which islands are in play, the discs, the pieces and every hidden value come
with the seat's view. Card texts are in the catalogs (`[ui] text_<card id>`), in each language.
"""

from __future__ import annotations

from typing import Any

from .buildings import HEIGHTS
from .data import Data


def public_data(data: Data) -> dict[str, Any]:
    board = data.board
    neighborhoods = board.neighborhoods
    return {
        "colours": list(board.colours),
        "islands": {i.id: {"kind": i.kind, "port": neighborhoods[i.port].id if i.port >= 0 else None}
                    for i in board.islands},
        # SK-2.10: where each slot lies and how an island placed there is turned for display
        "slots": {s.id: {"order": s.order, "quarter_turns": s.quarter_turns,
                         "bridge_from": neighborhoods[s.bridge_from].id, "bridge": s.bridge_id}
                  for s in board.slots},
        "neighborhoods": {n.id: {"island": n.island, "colour": board.colours[n.colour],
                                 "col": n.col, "row": n.row, "windmill": n.windmill,
                                 "port": n.port}
                          for n in neighborhoods},
        # the bridges printed on the outer islands (SK-2.8); central bridges come from the slots
        "bridges": {a.id: {"island": a.island, "ends": [neighborhoods[a.a].id, neighborhoods[a.b].id],
                           "lake": a.spans_lake}
                    for a in board.adjacencies if a.kind == "bridge"},
        "lakes": {f.id: {"island": f.island, "cell": list(f.at),
                         "neighborhoods": [neighborhoods[x].id for x in f.neighborhoods]}
                  for f in board.lakes},
        "blimps": {f.id: {"island": f.island, "corner": list(f.at),
                          "neighborhoods": [neighborhoods[x].id for x in f.neighborhoods]}
                   for f in board.blimps},
        "sets": [{"id": s.id, "colour": s.display_colour} for s in data.sets],
        "buildings": {b.id: {"set": b.set, "number": b.number, "height": HEIGHTS[b.height],
                             "era": b.era}
                      for s in data.sets for b in s.buildings},
        "wonders": {w.id: {"value": w.value} for w in data.wonders},
        "panoramas": {p.id: {"feature": p.feature, "min_structures": p.min_structures,
                             "points": p.points}
                      for p in data.panoramas},
        "objectives": {o.id: {"colour": board.colours[o.colour],
                              "min_structures": o.min_structures, "points": o.points}
                       for o in data.objectives},
        "patron_letters": list(data.patron_letters),
        "patron_values": sorted(data.patron_values),
        "track_values": list(data.track_values),
        "track_spaces": data.track_spaces,
        "excess_points": data.excess_points,
        "keys": {k.id: {"points": k.points, "rank": k.finish_rank, "min_players": k.min_players}
                 for k in data.keys},
    }
