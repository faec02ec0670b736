"""The score pad: a scoring round (OP-13) of a game played on a real table, from what lies on it.

The players type the round (which gives its episode, OP-4.6), the fame ladder as it stands after
the end phase's fame move (OP-12.2), the three episode composers, and per player the VP on the
score track before the round, the budget marker's place (row and slot: the tie break, OP-14.2)
and the opera houses with the piece in every hall. The scenario builder turns the facts into a
position (refusing more pieces of a composer than the box holds, OP-18.2, and houses the cities
do not have) and the engine's own `scoring_round` and `result` score it.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario, Result, ScorePad

from ..pad_refusal import PadRefusal, need, seated_players
from .data import DATA
from .pad_form import OperaPad
from .pad_questions import questions
from .rules.endround import scoring_after, scoring_round
from .scoring import result
from .steps import CATEGORIES

OPTIONS = ("short_game_7_rounds", "allow_negative_score")
if TYPE_CHECKING:
    from .game import Opera

PAD_CATEGORIES = ("main_halls", "episode_bonus", "empty_halls", "score_floor")


def _halls_of(house: Any) -> list[str]:
    return list(house.get("halls", [])) if isinstance(house, dict) else list(house)


def _check_pieces(players: list[dict[str, Any]]) -> None:
    """OP-18.2: no composer has more pieces in the halls than the box holds; the refusal points at
    the house where one piece too many was entered."""
    box = {c.id: c.pieces for c in DATA.composers}
    placed = dict.fromkeys(box, 0)
    for i, p in enumerate(players):
        for city, house in p.get("houses", {}).items():
            for piece in _halls_of(house):
                if piece in placed:
                    placed[piece] += 1
                    need(placed[piece] <= box[piece], "pieces_box",
                         f"player {i + 1}: more than {box[piece]} {piece} pieces are placed (OP-18.2)",
                         field=f"city-{city}", player=i, composer=piece, box=box[piece])


def _check_ladder(facts: dict[str, Any]) -> None:
    composers = sorted(c.id for c in DATA.composers)
    need(sorted(facts.get("ladder", [])) == composers, "ladder",
         "the fame ladder must list each composer once, bottom first (OP-3)", field="ladder")
    need(all(c in composers for c in facts.get("episode_composers", [])), "episode_composer",
         f"the episode composers are among {', '.join(composers)}", field="episodes")


def _check_budget(players: list[dict[str, Any]]) -> None:
    """OP-18.3: no two budget markers share a place (row and slot)."""
    seen: set[tuple[int, int]] = set()
    for i, p in enumerate(players):
        place = (p.get("budget_row", 0), p.get("budget_slot", i + 1))
        need(place not in seen, "budget_shared", f"player {i + 1}: shares budget position "
                                                  f"{place[0]}/{place[1]} with another player (OP-18.3)",
             field="budget", player=i, row=place[0], slot=place[1])
        seen.add(place)


def _find_house(game: Opera, spec: dict[str, Any], seats: list[dict[str, Any]]) -> None:
    """After the scenario builder refused the houses: the first house (players in order, then their
    cities) that cannot be built as entered, by the builder's own rules (a city with no house left,
    halls its parts do not have, a piece that is not a composer)."""
    so_far = [{**seat, "houses": {}} for seat in seats]
    for i, seat in enumerate(seats):
        for city, house in seat["houses"].items():
            so_far[i] = {**so_far[i], "houses": {**so_far[i]["houses"], city: house}}
            try:
                game.scenario({**spec, "seats": so_far})
            except BadScenario as err:
                raise PadRefusal("house_impossible", f"player {i + 1}: {err}", field=f"city-{city}",
                                 player=i, city=city) from None


def position(game: Opera, facts: dict[str, Any]) -> Any:
    """The position just before the round's scoring. :raises BadScenario: impossible facts (a
    PadRefusal with its reason when the pad can say which entry is impossible)."""
    players = seated_players(game, facts)
    n = len(players)
    _check_ladder(facts)
    _check_budget(players)
    _check_pieces(players)
    options = {k: v for k, v in facts.get("options", {}).items() if k in OPTIONS}
    seats = [{"score": p.get("score", 0), "row": p.get("budget_row", 0),
              "slot": p.get("budget_slot", i + 1), "houses": dict(p.get("houses", {}))}
             for i, p in enumerate(players)]
    spec = {"players": n, "seed": 0, "options": options, "round": facts.get("round", DATA.rounds),
            "ladder": facts.get("ladder", []), "episode_composers": facts.get("episode_composers", []),
            "seats": seats, "rest": "discard"}
    try:
        state = game.scenario(spec)
    except BadScenario:
        _find_house(game, spec, seats)
        raise
    need(scoring_after(state, state.round), "no_scoring_round",
         f"round {state.round} is followed by no scoring round (OP-13.1)", field="round", round=state.round)
    return state


def score(game: Opera, facts: dict[str, Any]) -> Result:
    """OP-13.2 - OP-13.6 and OP-14.2: each player's VP after the round, what the round gave, and the
    ranking (most VP, then the higher place on the budget track)."""
    state = position(game, facts)
    scoring_round(state)
    engine = result(state)
    before = CATEGORIES.index("scenario")
    breakdown = tuple({"score_before": float(state.points[p][before]),
                       **{c: float(state.points[p][CATEGORIES.index(c)]) for c in PAD_CATEGORIES}}
                      for p in range(state.players))
    return Result(engine.scores, breakdown, engine.ranks, engine.tiebreak)


def score_pad(game: Opera) -> ScorePad:
    """The pad (this module scores, pad_form.py the facts, pad_questions.py the terminal)."""
    return ScorePad(OperaPad, partial(score, game), questions, (2, 4), summary=(
        "One scoring round of Opera (OP-13: main halls, episode bonus, empty halls, the "
        "floor at 0) and the ranking after it (OP-14.2: ties to the higher budget "
        "position)."))
