"""Tokens in a game's text (`[W]`, the rulebook's resource marker) are drawn as icons in the browser
(TABLE.md "Seeing": icons for amounts in log lines and choices; web/src/icons.tsx). Every token a
game's event and move templates write is one the game's web module draws (its `TEXT_ICONS`), every
drawn token has its word (`[ui] icon_<token>`) in every language for screen readers and copied lines,
and each text writes the same tokens in every language, so that no translation shows bracketed
letters where the English shows an icon.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from parlor.core import Game, all_games
from parlor.core.events import PUBLIC, Event
from parlor.core.text import LANGS, TEXT_SECTIONS, Catalog

TOKEN = re.compile(r"\[([A-Za-z]\w*)\]")
WEB_GAMES = Path(__file__).resolve().parents[2] / "web" / "src" / "games"
# `export const TEXT_ICONS = { W: <Icon .../>, ... }`: the tokens a game's web module draws
REGISTRY = re.compile(r"export const TEXT_ICONS = \{(.*?)\}\s*$", re.MULTILINE)


def parlor_games() -> list[Game[Any]]:
    return [g for g in all_games() if type(g).__module__.startswith("parlor.games.")]


# what log lines and choices are filled from (other texts may quote the rulebook's notation, "[No]")
TEMPLATES = ("events", "moves")


def texts(catalog: Catalog, sections: tuple[str, ...] = TEXT_SECTIONS) -> dict[str, str]:
    """Every text of a catalog's `sections` by `section.key`."""
    return {f"{section}.{key}": text
            for section in sections for key, text in getattr(catalog, section).items()}


def tokens(text: str) -> list[str]:
    return sorted(TOKEN.findall(text))


def registered(game: str) -> set[str]:
    """The tokens the game's web module registers a drawing for."""
    found: set[str] = set()
    for path in (WEB_GAMES / game).glob("*.tsx"):
        for match in REGISTRY.finditer(path.read_text(encoding="utf-8")):
            found.update(re.findall(r"(?:^|,)\s*(\w+):", match.group(1)))
    return found


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_every_token_is_drawn_and_worded(game: Game[Any]) -> None:
    catalogs = game.catalogs()
    drawn = registered(game.id)
    used = {token for catalog in catalogs.values()
            for text in texts(catalog, TEMPLATES).values() for token in tokens(text)}
    assert used <= drawn, f"tokens without a drawing: {sorted(used - drawn)}"
    missing = {lang: sorted(t for t in drawn if not catalogs[lang].ui.get(f"icon_{t}")) for lang in LANGS}
    assert not any(missing.values()), f"tokens without their [ui] icon_<token> word: {missing}"
    for lang in LANGS:
        words = [catalogs[lang].ui[f"icon_{t}"] for t in drawn]
        assert not any(TOKEN.search(w) for w in words), f"{lang}: an icon's word is itself a token"
        # one form, or the forms for one and for more ("Coin|Coins"), as `count` takes them
        assert all(1 <= len(w.split("|")) <= 2 and all(w.split("|")) for w in words), words


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_translations_write_the_same_tokens(game: Game[Any]) -> None:
    catalogs = game.catalogs()
    english = texts(catalogs["en"])
    for lang in LANGS:
        other = texts(catalogs[lang])
        differ = {key: (tokens(text), tokens(other[key])) for key, text in english.items()
                  if key in other and tokens(text) != tokens(other[key])}
        assert not differ, f"{lang} writes other tokens than English: {differ}"


def test_star_road_draws_its_resource_marker() -> None:
    """SR-0.5: `X[W]` is X resource markers; Star Road's texts write it, and its board draws it."""
    assert "W" in registered("starroad")
    starroad = next(g for g in parlor_games() if g.id == "starroad")
    assert any("[W]" in text for text in texts(starroad.catalogs()["en"], TEMPLATES).values())


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_reads_a_token_as_its_word(lang: str) -> None:
    """The terminal prints the same catalogs: "Ada acquires 3 resources", "Give 1 resource to Bob",
    never "3 [W]" (SR-0.5)."""
    starroad = next(g for g in parlor_games() if g.id == "starroad")
    catalog = starroad.catalogs()[lang]
    supply = Event(kind="supply", data={"amount": 3, "storage": 7}, seat=0, visible_to=PUBLIC)
    line = catalog.event(supply, ["Ada", "Bob"])
    move = catalog.move(starroad.move_from_json({"kind": "give", "seat": 1}), ["Ada", "Bob"], seat=0)
    one, many = catalog.ui["icon_W"].split("|")[0], catalog.ui["icon_W"].split("|")[-1]
    assert "[W]" not in line and re.search(rf"3\s*{many}", line), line
    assert "[W]" not in move and re.search(rf"1\s*{one}", move), move
    assert "Ada" in line and "3" in line
