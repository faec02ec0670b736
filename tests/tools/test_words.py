"""The tools' words exist in every language: each game's `tool_*` keys sit in its catalog's [ui] in
en, zh_TW and es alike, and no template names a field another language's template lacks."""

from __future__ import annotations

import re

import pytest

from parlor.core import get_game

GAMES = ("trickerion", "opera", "skyrise", "starroad")
FIELD = re.compile(r"\{(\w+)(?::\w+)?\}")


@pytest.mark.parametrize("game", GAMES)
def test_tool_words_in_three_languages(game: str) -> None:
    catalogs = get_game(game).catalogs()
    keys = {lang: {k for k in catalogs[lang].ui if k.startswith("tool_")} for lang in ("en", "zh_TW", "es")}
    assert keys["en"] and keys["en"] == keys["zh_TW"] == keys["es"]
    for lang in ("en", "zh_TW", "es"):
        for section in ("names", "steps", "events", "moves"):
            assert not [k for k in getattr(catalogs[lang], section) if k.startswith("tool_")], (lang, section)
        for key in keys["en"]:
            english = set(FIELD.findall(catalogs["en"].ui[key]))
            assert set(FIELD.findall(catalogs[lang].ui[key])) == english, (lang, key)
