"""Every game's set-up guide for a real table (`parlor.core.setup_guide`), for every player count and
every choice of its options: each fact cites a rule its spec defines, is worded whole in every language
(nothing left to fill, Chinese in zh_TW, none in the others) and its values travel as JSON."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_rule_sentences import CHINESE, defined_rules, headed_rules, spec_rules

from parlor.core.game import Game
from parlor.core.registry import all_games

GUIDED = [game for game in all_games() if game.has_setup_guide()]
# a word of Latin letters in a Chinese sentence: a name the catalog left untranslated, or an id
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# the rule IDs, units and names that stay Latin in Chinese (a Magician's ability "AP", "VP")
LATIN_KEPT = {"AP", "VP", "HP"}
# a placeholder the web client's catalog fills (catalog.ts `segments`): a name, then at most a format
# word and its argument ("{n:count:card|cards}"); Python's own specs ("{n:+d}") it leaves unfilled
CLIENT_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+)(?::([^{}]*))?)?\}")


def test_the_four_games_have_a_guide() -> None:
    assert {game.id for game in GUIDED} >= {"opera", "skyrise", "starroad", "trickerion"}


@pytest.mark.parametrize("game", GUIDED, ids=lambda game: game.id)
def test_every_fact_cites_a_rule_and_reads_whole_in_every_language(game: Game[Any]) -> None:
    guide = game.setup_guide()
    assert guide is not None
    rules = defined_rules(game) | headed_rules(game) if spec_rules(game.id) else set()
    catalogs = game.catalogs()
    for players in range(game.min_players, game.max_players + 1):
        for on in guide.option_sets():
            facts = guide.facts(players, game.make_options(dict.fromkeys(on, True)))
            assert facts, (game.id, players, on)
            for fact in facts:
                where = f"{game.id} {players} {on} {fact.key}"
                assert fact.rule in rules, where
                assert json.loads(json.dumps(fact.to_json())) == fact.to_json(), where
                for lang, catalog in catalogs.items():
                    words = fact.words(catalog)
                    filled = "{" not in words and "setup_" not in words and words.strip() == words
                    assert filled, (where, lang)
                    assert bool(CHINESE.search(words)) == (lang == "zh_TW"), (where, lang, words)
                    if lang == "zh_TW":
                        latin = set(LATIN_WORD.findall(words)) - LATIN_KEPT
                        assert not latin, (where, words)


@pytest.mark.parametrize("game", GUIDED, ids=lambda game: game.id)
def test_the_pages_fill_every_placeholder_of_the_sentences(game: Game[Any]) -> None:
    for lang, catalog in game.catalogs().items():
        for key, template in catalog.ui.items():
            if key.startswith("setup_"):
                assert "{" not in CLIENT_PLACEHOLDER.sub("", template), (game.id, lang, key, template)


@pytest.mark.parametrize("game", GUIDED, ids=lambda game: game.id)
def test_each_option_of_a_guide_is_a_true_or_false_option_of_the_game(game: Game[Any]) -> None:
    guide = game.setup_guide()
    assert guide is not None
    for name in guide.options:
        assert getattr(game.make_options({name: True}), name) is True, name
