"""`parlor score starroad`: the questions for the characters at the end (SR-3.5, SR-23.2), in
the JSON form of the pad's facts (pad_form.py)."""

from __future__ import annotations

from typing import Any

from parlor.core import Asker

from .data import base_data


def questions(ask: Asker, names: list[str]) -> dict[str, Any]:
    mode = "colour" if ask.yes(ask.label("tool_team_colour")) else "alliance"
    cards = list(base_data().table[len(names)])
    players = []
    for i, name in enumerate(names):
        faction = ask.choice(ask.say("for", label=ask.label("tool_pad_faction"), name=name), cards, cards[i])
        alive = ask.yes(ask.say("for", label=ask.label("tool_pad_alive"), name=name), True)
        hp = ask.number(ask.say("for", label=ask.label("tool_pad_hp"), name=name), 1, 256, 8) if alive else 0
        players.append({"faction": faction, "alive": alive, "hp": hp})
    return {"players": players, "options": {"team_mode": mode}}
