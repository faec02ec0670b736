"""`parlor score trickerion`: the questions for what lies on the table at the end (TR-16), in
the JSON form of the pad's facts (pad_form.py)."""

from __future__ import annotations

from typing import Any

from parlor.core import Asker

from .data import DATA


def questions(ask: Asker, names: list[str]) -> dict[str, Any]:
    dark_alley = ask.yes(ask.label("tool_opt_dark_alley"))
    cap = ask.yes(ask.label("tool_opt_cap"), True)
    comps = [c.id for c in DATA.components]
    players = []
    for i, name in enumerate(names):

        def q(key: str, name: str = name) -> str:
            return ask.say("for", label=ask.label(key), name=name)

        entry: dict[str, Any] = {
            "fame": ask.number(q("tool_pad_fame")),
            "coins": ask.number(q("tool_pad_coins")),
            "shards": ask.number(q("tool_pad_shards")),
        }
        entry["specialists"] = [s for s in ("assistant", "manager", "engineer") if ask.yes(q(s))]
        if dark_alley:
            entry["special_cards"] = ask.number(q("tool_pad_special_cards"), 0, 40)
            tricks = ask.choices(q("tricks"), [t.id for t in DATA.tricks])[:4]
            entry["tricks"] = [
                {
                    "trick": t,
                    "prepared": ask.number(
                        ask.say("for", label=ask.label("tool_pad_prepared"), name=ask.name(t)), 0, 4
                    ),
                }
                for t in tricks
            ]
            entry["components"] = ask.counts(q("tool_components"), comps, 9)
            if "manager" in entry["specialists"]:
                entry["manager_components"] = ask.counts(q("tool_pad_on_manager"), comps, 9)
        else:
            entry["apprentices"] = ask.number(q("tool_pad_apprentices"), 0, 4)
        entry["place"] = ask.number(q("tool_pad_initiative"), 1, len(names), i + 1)
        players.append(entry)
    places = [p.pop("place") for p in players]
    order = (
        sorted(range(len(names)), key=lambda s: places[s])
        if len(set(places)) == len(names)
        else [p - 1 for p in places]
    )
    return {
        "players": players,
        "initiative": order,
        "options": {"dark_alley": dark_alley, "final_scoring_cap": cap},
    }
