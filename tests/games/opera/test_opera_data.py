"""Data checks (OP-0.2, OP-0.3, OP-2, OP-16.1): the package's data equals the spec's, loads with
validation, and malformed files fail naming the file and the entry."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

from core.spec import spec_path
from parlor.core import BadOptions, DataError
from parlor.games.opera import GAME
from parlor.games.opera.data import DATA, DATA_DIR, FILES, load
from parlor.games.opera.options import OperaOptions

SPEC = spec_path("opera", "data")


@pytest.mark.parametrize("name", FILES)
def test_data_files_equal_the_spec(name: str) -> None:
    """OP-0.2: data is authoritative; the package loads its own copy of the spec's files."""
    assert (DATA_DIR / name).read_bytes() == (SPEC / name).read_bytes()


def test_spec_data_loads() -> None:
    """OP-2.7, OP-2.8, OP-2.10: 84 pieces (14 per composer), 38 parts, 6 roles, 3 figures."""
    data = load(SPEC)
    assert len(data.piece_ids) == 84 and len(data.parts) == 38
    assert [r.cost for r in data.roles] == [3, 2, 2, 2, 3, 4]
    assert len(data.figures) == 3 and len(data.cities) == 6 and len(data.composers) == 6
    assert data.palazzo_capacity == 4 and data.row_max == 10


def _corrupt(tmp_path: Path, name: str, old: str, new: str) -> Path:
    for f in FILES:
        shutil.copy(DATA_DIR / f, tmp_path / f)
    text = (tmp_path / name).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("name", "old", "new", "message"), [
    ("roles.toml", "cost = 3 ", 'cost = "three" ', r"roles\.toml \[role impresario\]: field 'cost'"),
    ("building_parts.toml", 'city = "venezia"', 'city = "roma"',
     r"building_parts\.toml \[part venezia_main_1\]: field 'city' names unknown entry 'roma'"),
    ("cities.toml", "figure_fields = 1 ", "figure_field = 1 ",
     r"cities\.toml \[city venezia\]: missing field 'figure_fields'"),
    ("music_pieces.toml", 'composer = "bach"', 'composer = "liszt"',
     r"music_pieces\.toml \[piece bach_01\]"),
    ("game.toml", "by_pieces = [0, 1, 3, 5, 8, 11, 15]", "by_pieces = [0, 1, 3]",
     r"game\.toml \[income\]"),
    ("options.toml", 'default = "leftmost_free"', 'default = "rightmost"',
     r"options\.toml \[option budget_slot_mode\]"),
])
def test_malformed_data_names_file_and_entry(tmp_path: Path, name: str, old: str, new: str,
                                             message: str) -> None:
    """OP-0.2: a malformed data file raises DataError naming the file and the entry."""
    with pytest.raises(DataError, match=message):
        load(_corrupt(tmp_path, name, old, new))


def test_houses_by_player_count_must_agree_with_parts(tmp_path: Path) -> None:
    """OP-4.4, OP-18.6: cities.toml and building_parts.toml must agree on houses per city."""
    with pytest.raises(DataError, match=r"cities\.toml \[wien\]: houses_by_player_count"):
        load(_corrupt(tmp_path, "cities.toml", "{ 2 = 1, 3 = 2, 4 = 3 }", "{ 2 = 2, 3 = 2, 4 = 3 }"))


def test_every_option_of_options_toml_is_a_game_option_with_its_default() -> None:
    """OP-0.3, OP-16.1: named options are game options; the defaults define the standard game."""
    fields = {f.name: f for f in dataclasses.fields(OperaOptions)}
    assert set(fields) == {o.id for o in DATA.options}
    for spec in DATA.options:
        assert fields[spec.id].default == spec.default, spec.id
        if spec.type == "enum":
            assert tuple(fields[spec.id].metadata["choices"]) == spec.values
        assert spec.rule in fields[spec.id].metadata["help"]


def test_bad_option_values_are_refused() -> None:
    """OP-2.9 / option bank_unlimited=false cannot be played (no bank value in the data);
    unknown enum values and out-of-range min_bid are refused too."""
    with pytest.raises(BadOptions, match="bank_unlimited"):
        GAME.setup(3, 0, {"bank_unlimited": False})
    with pytest.raises(BadOptions, match="budget_slot_mode"):
        GAME.setup(3, 0, {"budget_slot_mode": "middle"})
    with pytest.raises(BadOptions, match="min_bid"):
        GAME.setup(3, 0, {"min_bid": 11})
    with pytest.raises(BadOptions):
        GAME.setup(5, 0)


def test_game_identity_and_player_count() -> None:
    """OP-1.1, OP-1.2, OP-1.3: Opera for 2 to 4 players over 9 rounds of 3 episodes."""
    assert (GAME.id, GAME.min_players, GAME.max_players) == ("opera", 2, 4)
    assert DATA.rounds == 9 and DATA.scoring_after_rounds == (3, 6, 9)
    assert DATA.episode_of_round == (1, 1, 1, 2, 2, 2, 3, 3, 3)
