"""The score pad: who won a game of Star Road played on a real table, from its end state.

The players type each character's faction card (from the player count's row, SR-3.2), whether it
is still alive and its HP. The scenario builder makes the position and the engine decides as at
the online table: if every living character is of one team, that team wins (SR-3.5, SR-3.6);
otherwise the game ended at the round limit and the team with the most total HP among its living
characters wins, a shared highest total being a draw (SR-23.2).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from parlor.core import Result, ScorePad

from ..pad_refusal import need, seated_players
from .data import base_data
from .pad_form import StarRoadPad
from .pad_questions import questions
from .rules.common import check_end, round_limit_end
from .scoring import result

if TYPE_CHECKING:
    from .game import StarRoad

OPTIONS = ("team_mode",)
RESOURCE_MARKERS = 256          # SR-0.6 components: 64 x 4 resource markers in the box


def score(game: StarRoad, facts: dict[str, Any]) -> Result:
    """SR-3.5 / SR-23.2: the winners (1 each, 0.5 each in a draw) with the reason.
    :raises BadScenario: impossible facts."""
    players = seated_players(game, facts)
    n = len(players)
    cards = list(base_data().table[n])
    for i, p in enumerate(players):
        faction = p.get("faction")
        need(faction in cards, "faction_cards", f"player {i + 1}: {faction!r} is not among the {n}-player "
                               "faction cards or is given twice (SR-3.2)", field="faction", player=i, n=n)
        cards.remove(faction)
    living = [i for i, p in enumerate(players) if p.get("alive", True)]
    need(bool(living), "none_alive", "at least one character is still alive at the end (SR-3.5)",
         field="alive")
    for i in living:
        need(players[i].get("hp", 0) >= 1, "hp_min", "a living character has HP 1 or more (SR-25.3)",
             field="hp", player=i)
    need(sum(players[i].get("hp", 0) for i in living) <= RESOURCE_MARKERS, "hp_box",
         f"the box holds {RESOURCE_MARKERS} resource markers for every HP", field="hp", box=RESOURCE_MARKERS)
    options = {k: v for k, v in facts.get("options", {}).items() if k in OPTIONS}
    seats = [{"hp": p.get("hp", 1) if p.get("alive", True) else 1, "alive": bool(p.get("alive", True))}
             for p in players]
    spec = {"players": n, "seed": 0, "options": options, "factions": [p.get("faction") for p in players],
            "first": living[0], "active": living[0], "seats": seats}
    state = game.scenario(spec)
    check_end(state)
    if not state.over:
        round_limit_end(state)
    return result(state)


def score_pad(game: StarRoad) -> ScorePad:
    """The pad (this module scores, pad_form.py the facts, pad_questions.py the terminal)."""
    return ScorePad(StarRoadPad, partial(score, game), questions, (2, 8), summary=(
        "Star Road's outcome from its end state (SR-3.5 one team left, else SR-23.2 most "
        "total HP, a shared highest total a draw). Winners score 1, 0.5 each in a draw."))
