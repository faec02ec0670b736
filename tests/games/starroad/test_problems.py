"""Problems of a design chart or character table as values (SR-20): each a reason, its params and its
place; the English sentence as authors know it, the same problem worded in zh_TW and es from the game's
catalogs, and every reason the checks raise worded in every language."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from parlor.core import DataError
from parlor.core.text import LANGS
from parlor.games.starroad import chart_data
from parlor.games.starroad.character_data import CHARACTERS, KINDS
from parlor.games.starroad.chart_data import CHART, load_chart
from parlor.games.starroad.data import DATA_DIR
from parlor.games.starroad.problems import At, Problem, catalogs, written

PACKAGE = Path(chart_data.__file__).parent
CHART_TEXT = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")


def reasons_raised() -> set[str]:
    """Every reason the Star Road game raises for its catalogs to word: `at.problem("x")`,
    `check_field(..., at, "x", ...)`, `reason="x"` of the game's errors (the lab's are the terminal's,
    in parlor.cli.words), and the card kinds' `<kind>_needs_value` / `<kind>_needs_none`."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        found |= set(re.findall(r'problem\(\s*"(\w+)"', source))
        found |= set(re.findall(r'check_field\((?:[^()]|\([^()]*\))*?,\s*at,\s*"(\w+)"', source))
        found |= set(re.findall(r'reason="(\w+)"', source))
        found |= set(re.findall(r'missing="(\w+)"', source))  # a table file's missing table
    found |= {f"{kind}_needs_{what}" for kind in KINDS for what in ("value", "none") if kind != "passive"}
    # `bad_table_file` holds the problems, each worded by its own reason
    return (found | {"passive_needs_none"}) - {"bad_table_file"}


def test_the_labs_reasons_are_the_terminals() -> None:
    from parlor.cli.words import WORDS
    reasons = {reason for path in (PACKAGE / "lab").glob("*.py")
               for reason in re.findall(r'reason="(\w+)"', path.read_text(encoding="utf-8"))}
    assert {"no_file", "not_utf8"} <= reasons
    assert not [(lang, r) for r in reasons for lang in LANGS if f"error_{r}" not in WORDS[lang]]


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_reason_is_worded_in_every_language_with_the_same_fields() -> None:
    reasons = reasons_raised()
    assert {"unknown_field", "wrong_type", "far_above", "activated_needs_value", "no_characters"} <= reasons
    english = catalogs()["en"].ui
    for lang in LANGS:
        ui = catalogs()[lang].ui
        missing = sorted(r for r in reasons if f"error_{r}" not in ui)
        assert not missing, (lang, missing)
        for key, template in english.items():
            if key.startswith(("error_", "problem")):
                # a translation fills what English fills (it may leave out the system's English
                # words, such as the reason a file cannot be read)
                assert fields(ui[key]) <= fields(template), (lang, key)
                assert fields(ui[key]) == fields(template) or key == "error_cannot_read", (lang, key)


def test_a_problem_keeps_its_english_sentence_and_place() -> None:
    at = At("chart.toml").entry("object", "1011", {"name": "Laser", "name_zh": "雷射"})
    problem = at.in_effect(2).problem("op_param_below", op="heal_base", param="amount", min=1,
                                      value=0).on_line(12)
    assert str(problem) == ("chart.toml:12 [object.1011] effect #2: op 'heal_base' parameter "
                            "'amount' must be >= 1, got 0")
    assert problem.subject() == "effects"
    assert problem.to_json() == {
        "reason": "op_param_below", "params": {"op": "heal_base", "param": "amount", "min": 1, "value": 0},
        "file": "chart.toml", "table": "object", "key": "1011", "name": "Laser", "name_zh": "雷射",
        "effect": 2, "line": 12}


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Line 12, object Laser: field 'after_use' must be destroy, recycle or use_limit "
           "(type A, SR-20.4)"),
    ("zh_TW", "第 12 行，物件「雷射」：欄位 'after_use' 必須是 destroy, recycle 或 use_limit"
              "（類型 A，SR-20.4）"),
    ("es", "Línea 12, objeto Laser: el campo 'after_use' debe ser destroy, recycle o use_limit "
           "(tipo A, SR-20.4)"),
])
def test_a_problem_is_worded_in_the_readers_language(lang: str, expected: str) -> None:
    """The place in the reader's words, the entry by its author's name (name_zh in Chinese), the
    field and its values as the file writes them."""
    at = At("chart").entry("object", "1011", {"name": "Laser", "name_zh": "雷射"})
    problem = at.problem("type_either", field="after_use", either=["destroy", "recycle", "use_limit"],
                         kind="A").on_line(12)
    assert problem.worded(lang) == expected


def test_an_entry_without_names_is_placed_by_its_key_and_a_file_problem_by_nothing() -> None:
    nameless = At("chart").entry("object", "1011", "not a table").problem("not_table").on_line(3)
    assert nameless.worded("zh_TW") == "第 3 行，物件「1011」：必須是表格"
    too_deep = At("chart").problem("too_deep")
    assert too_deep.worded("es") == "No es TOML válido: anidado a demasiada profundidad"


def test_written_values_are_the_authors_and_cut_short() -> None:
    assert written("four") == "'four'" and written(True) == "true" and written(12) == "12"
    long = written("x" * 500)
    assert len(long) == 60 and long.endswith("…")


def test_an_invalid_upload_raises_one_data_error_with_every_problem() -> None:
    """SR-20.2: two mistakes in one design, both as values with their lines."""
    text = (CHART_TEXT.replace("[object.1011]\n", "[object.1011]\nrange = 3\n", 1)
            .replace("cost = 4\n", 'cost = "four"\n', 1))
    with pytest.raises(DataError) as caught:
        load_chart(text)
    err = caught.value
    assert err.reason == "bad_table_file"
    assert [(p["reason"], p["params"].get("field")) for p in err.problems] == [
        ("unknown_field", "range"), ("wrong_type", "cost")]
    lines = text.splitlines()
    assert [lines[int(str(p["line"])) - 1] for p in err.problems] == ["range = 3", 'cost = "four"']
    assert {p["file"] for p in err.problems} == {"chart"}
    assert str(err) == "; ".join(CHART.check_text(text))


def test_a_character_table_names_its_cards() -> None:
    text = (DATA_DIR / "characters.toml").read_text(encoding="utf-8")
    text = re.sub(r'(\[character\.c01\][^\[]*?)kind = "\w+"', r'\1kind = "sleepy"', text, count=1)
    problems = CHARACTERS.read("characters", text)[1]
    assert [p.reason for p in problems] == ["not_choice"]
    assert problems[0].worded("es").startswith("Línea ")
    assert ", personaje " in problems[0].worded("es")


def test_toml_that_cannot_be_read_names_its_line_and_column() -> None:
    problems = CHART.read("chart", "[object.1011]\nno = \n")[1]
    assert [(p.reason, p.line) for p in problems] == [("not_toml_at", 2)]
    assert re.fullmatch(r"第 2 行：不是有效的 TOML（第 \d+ 欄）", problems[0].worded("zh_TW"))


def test_problem_records_compare_by_value() -> None:
    one = At("chart").problem("unknown_top_key", key="colour")
    assert one == Problem("unknown_top_key", (("key", "colour"),), At("chart"))


def test_the_top_of_either_table_file_is_checked_alike() -> None:
    """SR-20.1, SR-20.8: a top-level key the file does not define is named, and a file without
    its table of entries is refused; an empty chart has no design, an empty character table
    the wrong number of cards."""
    assert [p.reason for p in CHART.read("chart", "colour = 1\n")[1]] == [
        "unknown_top_key", "no_objects"]
    assert [p.reason for p in CHARACTERS.read("characters", "colour = 1\n")[1]] == [
        "unknown_top_key", "no_characters"]
    assert [p.reason for p in CHART.read("chart", "schema_version = 1\n[object]\n")[1]] == [
        "no_objects"]
    assert [p.reason for p in CHARACTERS.read("characters", "table_origin = 'x'\n[character]\n")[1]
            ] == ["character_count"]
