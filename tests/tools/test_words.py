"""The tools' words exist in every language: each game's `tool_*` keys sit in its catalog's [ui] in
en, zh_TW and es alike, and no template names a field another language's template lacks; every
reason a score pad refuses with is worded in the three languages."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from installed_games import INSTALLED
from parlor.core import get_game
from parlor.games.pad_refusal import SHARED

ROOT = Path(__file__).resolve().parents[2]
GAMES = [game for game in INSTALLED if get_game(game).score_pad() is not None]  # every game with a pad
FIELD = re.compile(r"\{(\w+)(?::\w+(?::[^{}]*)?)?\}")


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


def refusals(game: str) -> dict[str, set[str]]:
    """Every reason the game's pad refuses with (its `need(...)` and `PadRefusal(...)` calls) and the
    fields its words may use: the reason's parameters, and `player` when it names one."""
    package = Path(inspect.getfile(type(get_game(game)))).parent
    tree = ast.parse((package / "pad.py").read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        called = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else ""
        if isinstance(node, ast.Call) and called in ("need", "PadRefusal"):
            reason = node.args[1 if called == "need" else 0]
            assert isinstance(reason, ast.Constant) and isinstance(reason.value, str), ast.dump(node)
            found[reason.value] = {k.arg for k in node.keywords if k.arg and k.arg != "field"}
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_has_words_in_three_languages(game: str) -> None:
    """A refused pad says why in the page's language: each reason of the game's pad has its
    `tool_refused_<reason>` in en, zh_TW and es, using only the parameters the reason gives."""
    reasons = refusals(game)
    assert reasons
    catalogs = get_game(game).catalogs()
    for reason, fields in reasons.items():
        for lang in ("en", "zh_TW", "es"):
            template = catalogs[lang].ui.get(f"tool_refused_{reason}")
            assert template, (game, reason, lang)
            assert set(FIELD.findall(template)) <= fields, (game, reason, lang, template)
    # no words for a reason the pad no longer gives
    worded = {k.removeprefix("tool_refused_") for k in catalogs["en"].ui if k.startswith("tool_refused_")}
    assert worded == set(reasons)


def test_shared_refusals_are_worded_by_the_page() -> None:
    """The reasons every pad shares (a player count, the scenario builder's own checks) are the
    page's words: `toolRefused*` in web/src/i18n/{en,zh_TW,es}.ts, mapped in web/src/tools/refusal.tsx."""
    mapping = (ROOT / "web" / "src" / "tools" / "refusal.tsx").read_text(encoding="utf-8")
    for reason in SHARED:
        key = re.search(rf"\b{reason}: '(\w+)'", mapping)
        assert key, reason
        for lang in ("en", "zh_TW", "es"):
            text = (ROOT / "web" / "src" / "i18n" / f"{lang}.ts").read_text(encoding="utf-8")
            assert re.search(rf"^\s+{key.group(1)}: '.+',$", text, re.MULTILINE), (reason, lang)
