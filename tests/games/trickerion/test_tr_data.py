"""The package's data files equal the spec's and load with validation (TR-1, DESIGN Data)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from core.spec import spec_path
from parlor.core import DataError
from parlor.games.trickerion.data import DATA, DATA_DIR, load

SPEC = spec_path("trickerion", "data")


@pytest.mark.skipif(not SPEC.is_dir(), reason="the shared rules spec is not checked out here")
def test_data_files_equal_the_spec() -> None:
    ours = sorted(p.name for p in DATA_DIR.glob("*.toml"))
    assert ours == sorted(p.name for p in SPEC.glob("*.toml"))
    for name in ours:
        assert (DATA_DIR / name).read_bytes() == (SPEC / name).read_bytes(), name


def test_component_counts() -> None:
    """TR-1.2, TR-1.4, TR-1.8, TR-1.9, TR-1.5: 48 Tricks, 12 components, 28 cards, 6 dice."""
    assert len(DATA.tricks) == 48 and len(DATA.components) == 12 and len(DATA.cards) == 28
    assert sum(1 for t in DATA.tricks if not t.dark_alley_only) == 32
    assert {t.threshold for t in DATA.tricks} == {1, 16, 36}
    assert [len(f) for f in DATA.dice_faces] == [6] * 6
    assert len(DATA.magicians) == 8
    assert {c.id: c.base_ap for c in DATA.characters.values()} == {
        "magician": 3, "apprentice": 1, "assistant": 2, "manager": 2, "engineer": 2}


def test_card_links_have_one_shard_circle() -> None:
    """TR-1.8, TR-12.2: each card has exactly one Shard circle and every slot has a link."""
    for card in DATA.cards:
        assert sum(1 for *_, shard in card.links if shard) == 1
        assert all(card.neighbours[i] for i in range(len(card.slots))), card.id


def test_action_costs_match_the_table() -> None:
    """TR-8.6: the action cost table."""
    assert {k: DATA.action_ap[k] for k in ("learn_trick", "hire_character", "take_coins",
                                          "reroll_die", "set_die", "buy", "bargain", "order",
                                          "quick_order", "set_up_trick", "reschedule")} == {
        "learn_trick": 3, "hire_character": 3, "take_coins": 3, "reroll_die": 1, "set_die": 2,
        "buy": 1, "bargain": 1, "order": 1, "quick_order": 2, "set_up_trick": 1, "reschedule": 1}


def _copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def _load_edited(tmp_path: Path, file: str, old: str, new: str) -> None:
    """`load` of a copy of the packaged data (in `tmp_path`, which it holds alone) whose `file`
    has its first `old` written as `new`."""
    path = _copy(tmp_path) / file
    text = path.read_text()
    assert old in text, old  # an edit that changed nothing would test the packaged data
    path.write_text(text.replace(old, new, 1))
    load(path.parent)


def test_malformed_trick_names_file_and_entry(tmp_path: Path) -> None:
    wolf_cage = "fame_threshold = 16\ndark_alley_only = false\ncomponents = { metal = 2, petroleum"
    with pytest.raises(DataError, match=r"tricks\.toml \[trick wolf_cage\]: field 'level'"):
        _load_edited(tmp_path, "tricks.toml", f"level = 2\n{wolf_cage}", f'level = "two"\n{wolf_cage}')


def test_unknown_component_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"enchanted_butterflies.*unknown component 'steel'"):
        _load_edited(tmp_path, "tricks.toml", "components = { fabric = 2 }", "components = { steel = 2 }")


def test_unknown_field_and_bad_link_are_errors(tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"performance_cards\.toml \[card riverside_01\]: unknown"):
        _load_edited(tmp_path, "performance_cards.toml", 'source_ref = "P01"', 'source_ref = "P01"\nfoo = 1')
    with pytest.raises(DataError, match=r"riverside_01.*not adjacent"):
        _load_edited(tmp_path / "b", "performance_cards.toml", '{ a = "c0r0", b = "c0r1", shard = true }',
                     '{ a = "c0r0", b = "c0r2", shard = true }')


def test_syntax_error_names_the_file(tmp_path: Path) -> None:
    data = _copy(tmp_path)
    (data / "dice.toml").write_text("[[die]\n")
    with pytest.raises(DataError, match=r"dice\.toml"):
        load(data)


def test_entries_are_named_by_their_key_and_must_be_tables(tmp_path: Path) -> None:
    """A player-count entry is named by its player count; a row that is not a table is an error
    naming the file, not a crash."""
    with pytest.raises(DataError, match=r"setup\.toml \[player_count 2\]: unknown field\(s\) foo"):
        _load_edited(tmp_path, "setup.toml", "[[player_count]]\nplayers = 2\n",
                     "[[player_count]]\nplayers = 2\nfoo = 1\n")
    data = _copy(tmp_path / "b")
    (data / "dice.toml").write_text("schema_version = 1\ndie = [1, 2]\n")
    with pytest.raises(DataError, match=r"dice\.toml \[die 0\]: must be a table"):
        load(data)
