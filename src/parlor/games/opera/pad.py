"""The score pad: a scoring round (OP-13) of a game played on a real table, from what lies on it.

The players type the round (which gives its episode, OP-4.6), the fame ladder as it stands after
the end phase's fame move (OP-12.2), the three episode composers, and per player the VP on the
score track before the round, the budget marker's place (row and slot: the tie break, OP-14.2)
and the opera houses with the piece in every hall. The scenario builder turns the facts into a
position (refusing more pieces of a composer than the box holds, OP-18.2, and houses the cities
do not have) and the engine's own `scoring_round` and `result` score it.
"""

from __future__ import annotations

from typing import Any

from parlor.core import BadScenario, Result

from . import GAME
from .data import DATA
from .rules.endround import scoring_after, scoring_round
from .scoring import result
from .steps import CATEGORIES

OPTIONS = ("short_game_7_rounds", "allow_negative_score")
PAD_CATEGORIES = ("main_halls", "episode_bonus", "empty_halls", "score_floor")


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadScenario(message)


def position(facts: dict[str, Any]) -> Any:
    """The position just before the round's scoring. :raises BadScenario: impossible facts."""
    players = facts["players"]
    n = len(players)
    _need(GAME.min_players <= n <= GAME.max_players,
          f"Opera is for {GAME.min_players} to {GAME.max_players} players, not {n}")
    options = {k: v for k, v in facts.get("options", {}).items() if k in OPTIONS}
    seats = [{"score": p.get("score", 0), "row": p.get("budget_row", 0),
              "slot": p.get("budget_slot", i + 1), "houses": dict(p.get("houses", {}))}
             for i, p in enumerate(players)]
    spec = {"players": n, "seed": 0, "options": options, "round": facts.get("round", DATA.rounds),
            "ladder": facts.get("ladder", []), "episode_composers": facts.get("episode_composers", []),
            "seats": seats, "rest": "discard"}
    state = GAME.scenario(spec)
    _need(scoring_after(state, state.round),
          f"round {state.round} is followed by no scoring round (OP-13.1)")
    return state


def score(facts: dict[str, Any]) -> Result:
    """OP-13.2 - OP-13.6 and OP-14.2: each player's VP after the round, what the round gave, and the
    ranking (most VP, then the higher place on the budget track)."""
    state = position(facts)
    scoring_round(state)
    engine = result(state)
    before = CATEGORIES.index("scenario")
    breakdown = tuple({"score_before": float(state.points[p][before]),
                       **{c: float(state.points[p][CATEGORIES.index(c)]) for c in PAD_CATEGORIES}}
                      for p in range(state.players))
    return Result(engine.scores, breakdown, engine.ranks, engine.tiebreak)
