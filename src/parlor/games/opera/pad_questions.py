"""`parlor score opera`: the questions for the table at a scoring round (OP-13, OP-14), in the
JSON form of the pad's facts (pad_form.py)."""

from __future__ import annotations

from typing import Any

from parlor.core import Asker

from .data import DATA


def questions(ask: Asker, names: list[str]) -> dict[str, Any]:
    short = ask.yes(ask.label("tool_opt_short"))
    rounds = DATA.short_game.scoring_after_rounds if short else DATA.scoring_after_rounds
    composers = [c.id for c in DATA.composers]
    rnd = ask.number(ask.label("tool_pad_round"), min(rounds), max(rounds), max(rounds))
    ladder = ask.choices(ask.label("tool_pad_fame"), composers) or composers
    episodes = ask.choices(ask.label("tool_pad_episode", n="1-3"), composers) or composers[:3]
    players = []
    for i, name in enumerate(names):
        houses = {}
        for city in DATA.cities:
            halls = ask.choices(
                ask.label("tool_ask_halls", city=ask.name(city.id)) + f" — {name}", composers, {"house", "-"}
            )
            if halls:
                houses[city.id] = ["" if h == "-" else h for h in halls]
        players.append(
            {
                "score": ask.number(ask.say("for", label=ask.label("tool_pad_vp_before"), name=name)),
                "budget_row": ask.number(ask.say("for", label=ask.label("row"), name=name), 0, 10),
                "budget_slot": ask.number(ask.say("for", label=ask.label("slot"), name=name), 1, 4, i + 1),
                "houses": houses,
            }
        )
    return {
        "round": rnd,
        "ladder": ladder,
        "episode_composers": episodes,
        "players": players,
        "options": {"short_game_7_rounds": short},
    }
