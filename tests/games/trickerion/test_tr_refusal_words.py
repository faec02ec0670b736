"""Whatever a Trickerion player tries that the rules forbid, the table says the rule in words: every rule
ID the engine cites when it refuses a variation of a legal move (another slot, die, Trick, component,
character, card or deck, as a tap on the board or a stale choice makes it: "Why not?", a refused move
over the socket, the terminal) has its sentence in every catalog ([rules]). Random games at 2, 3 and
4 players, with and without the Dark Alley, are probed at every decision."""

from __future__ import annotations

from typing import Any

import pytest

from core.refusals import cited_rules, unstated_rules
from parlor.games.trickerion import GAME
from parlor.games.trickerion.data import DATA

CARD_SLOTS = ("c0r0", "c1r0", "c0r1", "c1r1", "c0r2", "c1r2")
# what a tap on the board or a choice may put in a move's field
TRIED: dict[str, tuple[Any, ...]] = {
    "slot": (*DATA.slot_by_id, *CARD_SLOTS),
    "die": tuple(range(6)),
    "trick": tuple(DATA.trick_by_id),
    "component": tuple(DATA.component_by_id),
    "character": ("magician", "assistant", "manager", "engineer", "apprentice_1", "apprentice_2",
                  "apprentice_3", "apprentice_4"),
    "card": (1, 2, 3, 4, 5, *DATA.special_by_id),
    "deck": ("downtown", "market_row", "workshop", "theater"),
    "location": ("downtown", "market_row", "workshop", "theater", "dark_alley", "none"),
    "magician": tuple(DATA.magician_by_id),
    "specialist": ("assistant", "manager", "engineer"),
}


@pytest.mark.parametrize(("players", "seed", "dark_alley"), [(2, 3, False), (3, 8, False), (4, 5, False),
                                                             (2, 3, True), (3, 8, True), (4, 5, True)])
def test_every_refusal_a_player_can_meet_names_a_stated_rule(players: int, seed: int,
                                                             dark_alley: bool) -> None:
    cited = cited_rules(GAME.setup(players, seed, {"dark_alley": dark_alley}), TRIED, probed=8, seed=seed)
    # TR-2.4 (the starting Trick), TR-7.1 (a card per character at home), TR-8.3 (a free slot of the
    # card's Location), TR-23.1 and TR-23.2 (a component or a Trick you have, in a discard step: not
    # the section's bare "TR-23", which the spec states as no rule)
    assert {"TR-2.4", "TR-7.1", "TR-8.3", "TR-23.1", "TR-23.2"} <= cited, sorted(cited)
    if dark_alley:  # TR-18.2 (a Special card under a character at home), TR-13.2 (the Special decks)
        assert {"TR-18.2", "TR-13.2"} <= cited, sorted(cited)
    assert not unstated_rules(GAME, cited), "refusals cite rules without a sentence"
