"""Whatever a player tries that the rules forbid, the table says the rule in words: every rule ID the
engine cites when it refuses a move a board can offer (another neighborhood, another piece in place
of a legal one: "Why not?", a refused move over the socket, the terminal) has its sentence in every
catalog ([rules]), so no refusal falls back to the bare ID. Games are played at random at 2, 3 and 4
players and every decision is probed."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest

from parlor.core import Rng
from parlor.games.skyrise import GAME
from parlor.games.skyrise.data import DATA
from parlor.server.jobs import rule_of

NEIGHBORHOODS = tuple(nb.id for nb in DATA.board.neighborhoods)
# what a tap on the board or a choice may put in a move's field
TRIED: dict[str, tuple[Any, ...]] = {
    "at": NEIGHBORHOODS,
    "piece": tuple(dict.fromkeys(DATA.pieces.ids)),
    "building": tuple(i for i in dict.fromkeys(DATA.pieces.ids) if i != "wonder"),
    "colour": ("yellow", "green", "white", "brown", "purple"),
}


def cited_rules(players: int, seed: int) -> set[str]:
    """The rules the engine cites for every variation of every legal move of one random game."""
    state = GAME.setup(players, seed)
    rng = Rng(seed)
    cited: set[str] = set()
    while state.actors():
        seat = state.actors()[0]
        legal = state.legal_moves(seat)
        for move in legal[:6]:
            for field in fields(move):
                for value in TRIED.get(field.name, ()):
                    tried = replace(move, **{field.name: value})
                    if not state.is_legal(seat, tried):
                        rule = rule_of(state.why_illegal(seat, tried))
                        assert rule is not None, state.why_illegal(seat, tried)
                        cited.add(rule)
        state.play(seat, rng.choice(legal))
    return cited


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 8), (4, 5)])
def test_every_refusal_a_player_can_meet_names_a_stated_rule(players: int, seed: int) -> None:
    cited = cited_rules(players, seed)
    # SK-5.4 (raise next to the most recent bid), SK-5.7 (a taken neighborhood), SK-5.2.1 (opening)
    assert {"SK-5.4", "SK-5.7", "SK-5.2.1"} <= cited, sorted(cited)
    for lang, catalog in GAME.catalogs().items():
        unstated = sorted(rule for rule in cited if rule not in catalog.rules)
        assert not unstated, f"{lang}: refusals cite rules without a sentence: {unstated}"
