"""Whatever a player tries that the rules forbid, the table says the rule in words: every rule ID the
engine cites when it refuses a move a board can offer (another neighborhood, another piece in place
of a legal one: "Why not?", a refused move over the socket, the terminal) has its sentence in every
catalog ([rules]), so no refusal falls back to the bare ID. Games are played at random at 2, 3 and 4
players and every decision is probed."""

from __future__ import annotations

from typing import Any

import pytest

from core.refusals import cited_rules, unstated_rules
from parlor.games.skyrise import GAME
from parlor.games.skyrise.data import DATA

NEIGHBORHOODS = tuple(nb.id for nb in DATA.board.neighborhoods)
# what a tap on the board or a choice may put in a move's field
TRIED: dict[str, tuple[Any, ...]] = {
    "at": NEIGHBORHOODS,
    "piece": tuple(dict.fromkeys(DATA.pieces.ids)),
    "building": tuple(i for i in dict.fromkeys(DATA.pieces.ids) if i != "wonder"),
    "colour": ("yellow", "green", "white", "brown", "purple"),
}


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 8), (4, 5)])
def test_every_refusal_a_player_can_meet_names_a_stated_rule(players: int, seed: int) -> None:
    cited = cited_rules(GAME.setup(players, seed), TRIED, probed=6, seed=seed)
    # SK-5.4 (raise next to the most recent bid), SK-5.7 (a taken neighborhood), SK-5.2.1 (opening)
    assert {"SK-5.4", "SK-5.7", "SK-5.2.1"} <= cited, sorted(cited)
    assert not unstated_rules(GAME, cited), "refusals cite rules without a sentence"
