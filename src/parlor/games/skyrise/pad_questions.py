"""`parlor score skyrise`: the questions for the table at the end of era 3 (SK-12), in the JSON
form of the pad's facts (pad_form.py)."""

from __future__ import annotations

from typing import Any

from parlor.core import Asker

from .data import DATA


def questions(ask: Asker, names: list[str]) -> dict[str, Any]:
    panoramas = ask.choices(ask.label("panoramas"), [p.id for p in DATA.panoramas])
    letters = list(DATA.patron_letters)
    values = {
        k: ask.number(f"{ask.label('patron_values')} {k}", 0, max(DATA.patron_values), v)
        for k, v in zip(letters, sorted(DATA.patron_values), strict=True)
    }
    colours = list(DATA.board.colours)
    players = []
    for i, name in enumerate(names):

        def q(key: str, name: str = name, **fields: Any) -> str:
            return ask.say("for", label=ask.label(key, **fields), name=name)

        players.append(
            {
                "before": ask.number(q("tool_pad_before")),
                "islands": ask.number(q("tool_pad_islands"), 0, 9),
                "panorama_counts": [
                    ask.number(q("tool_pad_panorama_count", panorama=ask.name(p)), 0, 99) for p in panoramas
                ],
                "objective": ask.choice(q("objective"), colours),
                "patrons": {
                    k: ask.number(ask.say("for", label=ask.name(f"patron_{k.lower()}"), name=name), 0, 4)
                    for k in letters
                },
                "excess_discs": ask.number(q("tool_pad_excess")),
                "commissions": ask.number(q("tool_pad_commissions"), 0, 2),
                "finished": ask.number(q("tool_pad_finished"), 1, len(names), i + 1),
                "structures": ask.counts(q("tool_pad_structures"), colours, 13),
                "tracks": ask.counts(q("tool_pad_track"), colours, 4),
            }
        )
    return {"panoramas": panoramas, "patron_values": values, "players": players}
