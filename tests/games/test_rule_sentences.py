"""Every rule a game's spec defines has its sentence in the game's catalogs, in every language, so that
"Why not?", a refused move (in the browser and the terminal) and the rules panel say what the rule is,
not only its ID ("Not allowed (OP-6.2): …")."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from core.spec import spec_path
from parlor.core.game import Game
from parlor.core.registry import all_games

DEFINED = re.compile(r"\*\*([A-Z]{2}-\d+(?:\.\d+)+[a-z]?)\b")  # "- **OP-6.2 Bids [V].**" defines OP-6.2
# "### SK-5.4 Raising" and "## TR-23 Any-time actions" head rules stated in the lines below them: engines
# cite such IDs when they refuse a move ("SK-5.4: not adjacent to the most recent bid"), so a catalog may
# give them a sentence too
HEADED = re.compile(r"^#{2,4} ([A-Z]{2}-\d+(?:\.\d+)*[a-z]?)\b", re.MULTILINE)
CHINESE = re.compile("[\u3400-\u9fff]")
# what belongs to the spec's own apparatus, not to a rule as a player reads it
APPARATUS = re.compile(r"\[[VSR]\]|\.toml\b|\*\*|\{|\[[A-Z][a-z]*\]|AMBIGUITIES|EXAMPLES")
LONGEST = 400  # a rule in one or two sentences: the notice above the board, not a page


def spec_rules(game_id: str) -> Path | None:
    """The game's RULES.md in the shared specification (`core.spec`), if there is one."""
    path = spec_path(game_id, "RULES.md")
    return path if path.exists() else None


SPECIFIED = [game for game in all_games() if spec_rules(game.id) is not None]


def defined_rules(game: Game[Any]) -> set[str]:
    path = spec_rules(game.id)
    assert path is not None
    # section 0 of every spec says how to read the document (status tags, data files), not a rule of play
    text = path.read_text(encoding="utf-8")
    return {rule for rule in DEFINED.findall(text) if not rule[3:].startswith("0.")}


def headed_rules(game: Game[Any]) -> set[str]:
    """The rules the spec states under a heading of their own: a sentence for them is welcome, not
    required."""
    path = spec_rules(game.id)
    assert path is not None
    return set(HEADED.findall(path.read_text(encoding="utf-8")))


def test_the_four_games_have_specs() -> None:
    assert {game.id for game in SPECIFIED} >= {"trickerion", "opera", "skyrise", "starroad"}


@pytest.mark.parametrize("game", SPECIFIED, ids=lambda game: game.id)
def test_every_rule_has_its_sentence_in_every_language(game: Game[Any]) -> None:
    defined = defined_rules(game)
    assert len(defined) > 50
    for lang, catalog in game.catalogs().items():
        missing = sorted(defined - set(catalog.rules))
        unknown = sorted(set(catalog.rules) - defined - headed_rules(game))
        assert not missing, f"{game.id} {lang}: {len(missing)} rules without a sentence, first {missing[:8]}"
        assert not unknown, f"{game.id} {lang}: sentences for rules the spec does not define: {unknown[:8]}"


@pytest.mark.parametrize("game", SPECIFIED, ids=lambda game: game.id)
def test_rule_sentences_read_as_the_players_language(game: Game[Any]) -> None:
    """A sentence is plain text in its language: no status tag, data file, Markdown or placeholder; it
    does not repeat its own ID (the page prints the ID beside it); Chinese in zh_TW only."""
    for lang, catalog in game.catalogs().items():
        for rule, sentence in catalog.rules.items():
            where = f"{game.id} {lang} {rule}: {sentence}"
            assert sentence.strip() == sentence and sentence, where
            assert len(sentence) <= LONGEST, where
            assert not APPARATUS.search(sentence), where
            assert not sentence.startswith(rule), where
            assert bool(CHINESE.search(sentence)) == (lang == "zh_TW"), where
