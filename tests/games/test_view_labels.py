"""Every key a game's view can show has a label in each text catalog (issue 9: all UI text in zh-TW,
en and es). The browser's generic view and the CLI's tree print a key by its `[ui]` label.

Random games of every game parlor ships, at every player count and in each of its `variants`, are
walked seat by seat (and as a spectator). Keys that are ids, not field names, need no `[ui]` label:
a name from `[names]` (shown by that name), a number, or a key of an id-keyed map in `ID_MAPS`.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from core.conformance import with_options
from parlor.core import Game, Rng, all_games
from parlor.core.text import LANGS

# Per game: view keys whose value is a map keyed by ids (board spaces, patron letters).
ID_MAPS: dict[str, set[str]] = {
    "skyrise": {"board", "blimps", "bridges", "lakes", "patrons", "patron_values"},
}
SEEDS = range(2)
# Views are read at every third decision and at the end: a view's keys follow its phase, which lasts
# several decisions. Measured over these games (session 36): every key of reading all of them is found
# reading a fifth, and Star Road's eight-player games (4,000 decisions) take a third of the time.
READ_EVERY = 3


def parlor_games() -> list[Game[Any]]:
    """The games parlor ships (test fixture games registered by other suites have no catalogs to fix)."""
    return [g for g in all_games() if type(g).__module__.startswith("parlor.games.")]


# A view's leaves: never walked into (a container of any other type is tested with isinstance).
LEAVES = frozenset({str, int, float, bool, type(None)})


def _keys(value: Any, id_maps: set[str], out: set[Any]) -> None:
    """The keys of `value`'s maps, at every depth, but those of the maps named in `id_maps`
    (their values are walked), as they are (`view_keys` makes them text). Only maps and lists
    are walked into, from a stack rather than a call per container, and a value's type is
    tested against the leaves' first: Star Road's eight-player views hold about two hundred
    maps and lists and a great many numbers and strings, and the walk took more of the test's
    time than playing and viewing."""
    stack = [value]
    push, pop = stack.append, stack.pop
    while stack:
        item = pop()
        inners: Any = item
        if isinstance(item, dict):
            out.update(item)
            inners = _inside_id_maps(item, id_maps) if id_maps else item.values()
        for inner in inners:
            kind = type(inner)
            if kind not in LEAVES and (kind is dict or kind is list
                                       or isinstance(inner, (dict, list))):
                push(inner)


def _inside_id_maps(item: dict[Any, Any], id_maps: set[str]) -> list[Any]:
    """The values of a map, those of the maps named in `id_maps` replaced by their values (their
    keys are ids, not labels)."""
    return [list(inner.values()) if isinstance(inner, dict) and str(key) in id_maps else inner
            for key, inner in item.items()]


def view_keys(game: Game[Any]) -> set[str]:
    out: set[Any] = set()
    id_maps = ID_MAPS.get(game.id, set())
    for options in ({}, *game.variants):
        variant = with_options(game, options) if options else game
        for players in range(game.min_players, game.max_players + 1):
            for seed in SEEDS:
                state = variant.setup(players, seed)
                rng = Rng(seed ^ 0x1AB)
                for turn in itertools.count():
                    actors = state.actors()
                    # the spectator, the seats deciding and one other seat in turn: every seat's view is
                    # read many times a game without reading all eight of Star Road's after every move
                    if turn % READ_EVERY == 0 or not actors:
                        for seat in {None, *actors, turn % players}:
                            _keys(state.view(seat), id_maps, out)
                    if not actors:
                        break
                    seat = rng.choice(actors)
                    state.play(seat, rng.choice(state.legal_moves(seat)))
    return {str(key) for key in out}


def test_the_walk_finds_every_key_but_the_ids() -> None:
    """The keys of maps at every depth, in lists and in maps of any dict or list type; an id
    map's own keys are left out, the keys of the maps it holds are not."""
    from collections import OrderedDict

    class Row(list[Any]):
        pass

    view = {"top": 1, "seats": [{"hp": 3, "objects": Row([{"armed": True}])}],
            "board": {"A1": {"tile": None}, "B2": [{"owner": 0}]},
            "extra": OrderedDict(deep={"deeper": [[{"deepest": "x"}]]}), "n": {7: "seven"}}
    out: set[Any] = set()
    _keys(view, {"board"}, out)
    assert {str(key) for key in out} == {"top", "seats", "hp", "objects", "armed", "board",
                                         "tile", "owner", "extra", "deep", "deeper",
                                         "deepest", "n", "7"}


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_every_view_key_has_a_ui_label(game: Game[Any]) -> None:
    catalogs = game.catalogs()
    keys = {k for k in view_keys(game) if not k.isdigit()}
    missing = {
        lang: sorted(k for k in keys if k not in catalogs[lang].ui and k not in catalogs[lang].names)
        for lang in LANGS
    }
    missing = {lang: keys for lang, keys in missing.items() if keys}
    assert not missing, f"{game.id}: view keys without a [ui] label: " + "; ".join(
        f"{lang}.toml: {', '.join(keys)}" for lang, keys in missing.items())


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_ui_labels_are_the_same_keys_in_every_language(game: Game[Any]) -> None:
    catalogs = game.catalogs()
    en = set(catalogs["en"].ui)
    for lang in LANGS:
        assert set(catalogs[lang].ui) == en, (
            f"{game.id} {lang}.toml [ui]: differs from en.toml: "
            f"missing {sorted(en - set(catalogs[lang].ui))}, extra {sorted(set(catalogs[lang].ui) - en)}")


def move_heading(catalog: Any, kind: str) -> str:
    """The heading the decision panel puts over one kind of move (web/src/catalog.ts `kind`): the
    catalog's `[ui] kind_<kind>`, else the move's template with each field replaced by its word."""
    if f"kind_{kind}" in catalog.ui:
        return str(catalog.ui[f"kind_{kind}"])
    bare = re.sub(r"\{player\}", "", catalog.moves[kind])
    bare = re.sub(r"\{(\w+)(?::\w+(?::[^{}]*)?)?\}", lambda m: catalog.ui.get(f"field_{m.group(1)}", ""),
                  bare)
    bare = re.sub(r"\s*[(\[]\s*[)\]]", "", bare)
    return re.sub(r"\s{2,}", " ", bare).strip()


# an article before a field's own article ("the a", "al un"), a word before its own field word ("line a
# line", "戲法 戲法"), a comma or an ordinal left without its number ("to card , pointing", "第 層 層")
BROKEN_HEADING = re.compile(r"(?i)\b(?:the|al|el|la|del) (?:a|an|un|una)\b|\b(\w+) (?:a |an |un |una )?\1\b"
                            r"|\s[,，]|第\s+\S*\s+(?:廳|層)|(?<!\S)(\S+) \2(?:\s|$)")


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_move_headings_read_as_phrases(game: Game[Any]) -> None:
    """Each kind of move's heading is a phrase ("Place a character on a slot"), never a template
    bare of its fields ("Place the a character on a slot", "Elegir al un papel", "第 層 層")."""
    for lang in LANGS:
        catalog = game.catalogs()[lang]
        broken = [f"{kind}: {move_heading(catalog, kind)}" for kind in catalog.moves
                  if BROKEN_HEADING.search(move_heading(catalog, kind))]
        assert not broken, (lang, broken)


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_every_declared_statistic_has_words_in_every_language(game: Game[Any]) -> None:
    """`parlor report --lang` heads each statistic a game declares (Game.statistics) by its catalog's
    words: a key by its [ui] label or [names] name, a nested key's part as a scoring category
    (`category_<key>`, else its label or name)."""
    from parlor.ai import make_bot

    players = min(max(3, game.min_players), game.max_players)
    state, bot, rng = game.setup(players, 4), make_bot("random"), Rng(4)
    while not state.is_over():
        seat = state.actors()[0]
        state.play(seat, bot.choose(game, state, seat, rng))
    keys: set[str] = set()
    for key, value in game.statistics(state).items():
        keys.add(key)
        inner = value[0] if isinstance(value, list) and value and isinstance(value[0], dict) else value
        if isinstance(inner, dict):
            keys |= {f"{key}.{part}" for part in inner}
    for lang in LANGS:
        catalog = game.catalogs()[lang]
        known = {**catalog.names, **catalog.ui}
        missing = [key for key in sorted(keys) if key not in known and not (
            "." in key and (f"category_{key.partition('.')[2]}" in known or key.partition(".")[2] in known))]
        assert not missing, (lang, missing)
