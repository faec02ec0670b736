"""The lobby offers every game's options in words (issue 15): each option has a label and a one-line
help in English, Traditional Chinese and Spanish, each value of a choice is described, and each preset
(the house rules of the notes, an expansion, a variant) has words and is a set of options the game
accepts."""

from __future__ import annotations

import dataclasses

import pytest

from installed_games import INSTALLED
from parlor.core.errors import BadOptions
from parlor.core.options import option_fields
from parlor.core.registry import get_game
from parlor.core.text import LANGS
from parlor.server.routers.lobby import _choices

GAMES = [get_game(game_id) for game_id in INSTALLED]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
@pytest.mark.parametrize("lang", LANGS)
def test_every_option_and_value_has_words(game, lang: str) -> None:
    words = game.catalogs()[lang].options
    for name, _, _, _ in option_fields(game.options_type):
        assert name in words, f"{game.id} {lang}: option {name} has no words"
        assert words[name].label and words[name].help, (game.id, lang, name)
        for value in _choices(game.options_type, name):
            assert str(value) in words[name].values, f"{game.id} {lang}: {name}={value} has no words"
    assert set(words) <= {name for name, _, _, _ in option_fields(game.options_type)}, "words for no option"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_presets_have_words_and_are_accepted(game) -> None:
    for lang in LANGS:
        assert set(game.catalogs()[lang].presets) == set(game.presets), (game.id, lang)
    for name, options in game.presets.items():
        defaults = {f.name: f.default for f in dataclasses.fields(game.options_type)}
        assert any(defaults[k] != v for k, v in options.items()), f"{name} changes nothing"
        players = 2 if game.id != "starroad" else 4
        game.setup(players, seed=1, options=options)   # accepted: no BadOptions


def test_house_rules_of_the_notes() -> None:
    """A-01/A-04 (Trickerion) and A-08 (Star Road): the notes' readings, offered together."""
    by_id = {g.id: g for g in GAMES}
    assert by_id["trickerion"].presets["notes"] == {"prepare_blocked_by_theater_markers": True,
                                                    "two_player_second_start_coins": 12}
    assert by_id["starroad"].presets["notes"] == {"team_mode": "colour"}


def test_unavailable_options_are_refused_by_setup() -> None:
    """TR-21/TR-22 (A-23): an option the lobby shows as unavailable is refused with the reason."""
    for game in GAMES:
        for name in game.unavailable_options:
            options = {name: True, "dark_alley": True} if game.id == "trickerion" else {name: True}
            with pytest.raises(BadOptions, match="unavailable"):
                game.setup(2, seed=1, options=options)
