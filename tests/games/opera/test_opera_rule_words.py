"""Opera's texts cite rules by their IDs ("Costs 3 budget (OP-7.3)", "... (OP-9.1)"); the rules panel
lists each of them with its sentence, in every language, so a player who looks a cited ID up finds it."""

from __future__ import annotations

import re

from parlor.games.opera import GAME

CITED = re.compile(r"\bOP-\d+(?:\.\d+)+\b")  # a section such as "OP-11" has no sentence of its own


def test_every_rule_the_texts_cite_has_its_sentence() -> None:
    for lang, catalog in GAME.catalogs().items():
        texts = [*catalog.ui.values(), *catalog.events.values(), *catalog.moves.values(),
                 *catalog.steps.values(), *catalog.rules.values()]
        cited = {rule for text in texts for rule in CITED.findall(text)}
        assert {"OP-7.3", "OP-9.1", "OP-9.6.3"} <= cited, lang
        missing = sorted(cited - set(catalog.rules))
        assert not missing, f"{lang}: cited without a sentence: {missing}"
