"""Data files (SR-0.2, SR-1, SR-3.2, SR-20): the package's copies, validation, check_chart."""

from __future__ import annotations

import dataclasses
import tomllib
from pathlib import Path

import pytest

from core.spec import spec_path
from parlor.core import BadOptions, DataError, Rng
from parlor.games.starroad import GAME, check_characters, check_chart
from parlor.games.starroad.chart_data import load_chart
from parlor.games.starroad.data import DATA_DIR, FILES, _factions, base_data
from parlor.games.starroad.options import Options

SPEC = spec_path("starroad", "data")


@pytest.mark.parametrize("name", FILES)
def test_package_data_equals_the_spec(name):
    """SR-0.2: the package loads its own copy of the spec's data, unchanged."""
    assert (DATA_DIR / name).read_bytes() == (SPEC / name).read_bytes()


def test_constants_come_from_data():
    """SR-1.1, SR-5.2, SR-6.3, SR-8.1, SR-8.5, SR-16.4: numbers read from game.toml."""
    k = base_data().constants
    assert (k.starting_storage, k.starting_hp, k.supply_gain, k.invest_cap) == (4, 8, 2, 4)
    assert (k.lines, k.levels, k.reward, k.resource_markers, k.character_cards) == (4, 2, 3, 256, 16)


def test_faction_table():
    """SR-3.1, SR-3.2, SR-3.3: eight cards, the table per player count, groups RG and BY."""
    b = base_data()
    assert sorted(b.cards) == sorted(["R*", "R", "G*", "G", "B*", "B", "Y*", "Y"])
    assert b.table[4] == ("R*", "R", "B*", "B") and b.table[8] == ("R*", "R", "G*", "G", "B*", "B",
                                                                  "Y*", "Y")
    assert b.groups == {"RG": ("R", "G"), "BY": ("B", "Y")}
    assert [b.cards[c].captain for c in ("R*", "R")] == [True, False]


def test_option_defaults_match_options_toml():
    """SR-22, SR-0.3: every option of options.toml exists with the same default."""
    defaults = {f.name: f.default for f in dataclasses.fields(Options)}
    for spec in base_data().options:
        assert defaults[spec.id] == spec.default, spec.id


def test_malformed_faction_table_names_file_and_entry():
    doc = tomllib.loads((DATA_DIR / "factions.toml").read_text(encoding="utf-8"))
    doc["player_count"][2]["cards"] = ["R*", "R", "B*", "Q"]
    with pytest.raises(DataError, match=r"factions.toml \[\[player_count\]\] players=4"):
        _factions(doc, base_data().constants)


def test_default_chart_is_valid():
    """SR-20.6, SR-20.7: the designed chart passes validation: 24 designs on 3 sheets."""
    assert check_chart(DATA_DIR / "objects.toml") == []
    chart = load_chart()
    assert len(chart) == 24 and {d.sheet for d in chart.values()} == {1, 2, 3}
    assert all(d.origin == "designed" for d in chart.values())
    assert check_characters(DATA_DIR / "characters.toml") == []


def _chart_with(tmp_path, edits: dict, drop: tuple[str, ...] = (), key="1011", extra="") -> Path:
    text = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    entry = doc["object"][key]
    entry.update(edits)
    for f in drop:
        del entry[f]
    path = tmp_path / "chart.toml"
    path.write_text(_dump(doc) + extra, encoding="utf-8")
    return path


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return '"' + v.replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{k} = {_value(x)}" for k, x in v.items()) + " }"
    return str(v)


def _dump(doc) -> str:
    lines = [f"{k} = {_value(v)}" for k, v in doc.items() if k != "object"]
    for key, entry in doc["object"].items():
        lines.append(f'\n[object."{key}"]')
        lines += [f"{k} = {_value(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(("key", "edits", "drop", "expected"), [
    ("1011", {"p": 1}, (), r"\[object.1011\]: field 'p' must be 0 \(type A"),
    ("1011", {"r": 0}, (), r"\[object.1011\]: field 'r' must be >= 1"),
    ("1011", {"no": "1012"}, (), r"\[object.1011\]: field 'no' is '1012'"),
    ("1011", {"type": "X"}, (), r"\[object.1011\]: field 'type' must be one of"),
    ("1011", {"cost": "three"}, (), r"\[object.1011\]: field 'cost' must be a whole number"),
    ("1011", {"colour": "red"}, (), r"\[object.1011\]: unknown field 'colour'"),
    ("1011", {}, ("text",), r"\[object.1011\]: missing field 'text'"),
    ("1011", {"id": "Sling!"}, (), r"field 'id' must be snake_case"),
    ("1011", {"id": "blaster"}, (), r"\[object.1021\]: field 'id' 'blaster' is also used by object 1011"),
    ("1011", {"edition": 4}, (), r"field 'edition' must be 1, 2 or 3"),
    ("1042", {"recycle": 4}, (), r"\[object.1042\]: field 'recycle' must be less than cost 4"),
    ("1042", {"use_limit": 2}, (), r"'recycle' and 'use_limit' cannot both be > 0"),
    ("1042", {"edition": 1}, (), r"\[object.1042\]: field 'edition' must be >= 2"),
    ("1043", {"edition": 2}, (), r"\[object.1043\]: field 'edition' must be 3 when delay"),
    ("2031", {"delay": 1, "edition": 3}, (), r"\[object.2031\]: field 'delay' must be 0"),
    ("2031", {"after_use": "destroy"}, (), r"\[object.2031\]: field 'after_use' must be keep"),
    ("1052", {"after_use": "destroy"}, (), r"field 'after_use' must be 'use_limit'"),
    ("4031", {"effects": [{"op": "teleport"}]}, (), r"\[object.4031\] effect #1: unknown effect op"),
    ("4031", {"effects": [{"op": "heal_base"}]}, (), r"needs integer parameter 'amount'"),
    ("4031", {"effects": [{"op": "heal_base", "amount": 0}]}, (), r"'amount' must be >= 1"),
    ("4031", {"effects": [{"op": "heal_base", "amount": 1, "range": 2}]}, (),
     r"op 'heal_base' has no parameter 'range'"),
    ("4031", {"effects": [{"op": "range_bonus", "amount": 1}]}, (), r"is a passive effect"),
    ("4031", {"effects": [{"op": "cancel_weapon", "count": 1}]}, (),
     r"'timing' must be 'response_to_attack_on_self' with a cancel_weapon"),
    ("4031", {"block_mode": "none"}, (), r"field 'block_mode' must be 'W' when delay is 0"),
    ("2031", {"effects": [{"op": "heal_base", "amount": 1}]}, (), r"field 'effects' must be empty"),
])
def test_check_chart_explains_each_problem(tmp_path, key, edits, drop, expected):
    """SR-20.1-20.6, SR-20.10: every broken rule is reported with its object id and field."""
    errors = check_chart(_chart_with(tmp_path, edits, drop, key))
    assert any(__import__("re").search(expected, e) for e in errors), errors
    with pytest.raises(BadOptions, match="chart or character table is invalid"):
        GAME.setup(2, 0, {"chart": (tmp_path / "chart.toml").read_text(encoding="utf-8")})


def test_check_chart_lists_every_problem_at_once(tmp_path):
    path = _chart_with(tmp_path, {"p": 1, "m": 2, "w_req": -1})
    assert len(check_chart(path)) >= 3


def test_check_chart_bad_files(tmp_path):
    """SR-20.1: unreadable, not TOML, no entries, a key that is not 4 digits."""
    assert "cannot read" in check_chart(tmp_path / "missing.toml")[0]
    bad = tmp_path / "bad.toml"
    bad.write_text("[object.1011\n", encoding="utf-8")
    assert "not valid TOML" in check_chart(bad)[0]
    bad.write_text("schema_version = 1\n", encoding="utf-8")
    assert "at least one design" in check_chart(bad)[0]
    bad.write_text("[object.abc]\nno = 'abc'\n", encoding="utf-8")
    assert any("4-digit number" in e for e in check_chart(bad))


ALT = '''
[object.0007]
no = "0007"
id = "hammer"
name = "Hammer"
name_zh = "鎚"
origin = "seed"
edition = 1
sheet = 1
type = "A"
cost = 1
a = 9
p = 0
m = 0
r = 1
targets = 1
w_req = 0
recycle = 0
use_limit = 0
delay = 0
block_mode = "none"
timing = "own_action_phase"
after_use = "destroy"
effects = []
text = "A test weapon."

[object.0420]
no = "0420"
id = "wall"
name = "Wall"
name_zh = "牆"
origin = "seed"
edition = 1
sheet = 1
type = "P"
cost = 2
a = 0
p = 9
m = 0
r = 0
targets = 0
w_req = 0
recycle = 0
use_limit = 0
delay = 0
block_mode = "P"
timing = "block_only"
after_use = "keep"
effects = []
text = "A test wall."
'''


def test_an_alternative_chart_is_played_from_data(tmp_path):
    """SR-20.1, SR-20.6: objects are data: another chart gives other designs and values."""
    path = tmp_path / "alt.toml"
    path.write_text(ALT, encoding="utf-8")
    assert check_chart(path) == []
    s = GAME.scenario({"players": 2, "options": {"chart": ALT}, "turns": 1, "first": 0,
                       "active": 0, "seats": [{"objects": ["0007"]}, {"hp": 20}]})
    assert s.content.designs == ("0007", "0420")
    assert [str(m) for m in s.legal_moves(0)][:2] == ["build no=0007", "build no=0420"]
    for text in ("attack line=1 level=1", "target seat=1", "launch", "pass", "blockers_done"):
        seat = s.actors()[0]
        s.play(seat, GAME.parse(text))
    assert s.players[1].hp == 11
    rng = Rng(3)
    game = GAME.setup(3, 3, {"chart": ALT})
    while not game.is_over():
        seat = rng.choice(game.actors())
        game.play(seat, rng.choice(game.legal_moves(seat)))
    assert game.result().winners()


def test_chart_options_hold_content_never_a_file_name(tmp_path):
    """Options come from strangers over the network: a file name is read as (invalid) chart text,
    so the answer is the same whether the file exists or not; uploads have a size limit; the CLI
    reads a local file named with `chart=PATH` (options_from_text)."""
    from parlor.core import options_from_text

    path = tmp_path / "alt.toml"
    path.write_text(ALT, encoding="utf-8")
    answers = set()
    for name in (str(path), "/etc/passwd", "/no/such/file", "/dev/urandom"):
        with pytest.raises(BadOptions) as err:
            GAME.setup(2, 0, {"chart": name})
        answers.add(str(err.value))
    assert len(answers) == 1 and "not valid TOML" in answers.pop()
    with pytest.raises(BadOptions, match="larger than 65536 bytes"):
        GAME.setup(2, 0, {"characters": "# x\n" * 20_000})
    with pytest.raises(BadOptions, match="nested too deeply"):
        GAME.setup(2, 0, {"chart": "a = " + "[" * 30_000})
    assert GAME.setup(2, 0, {"chart": "default"}).content.designs == GAME.setup(2, 0).content.designs
    assert options_from_text(GAME.options_type, [f"chart={path}"]).chart == ALT


def test_broken_character_table(tmp_path):
    """SR-20.8: characters are validated with their card key and field."""
    text = (DATA_DIR / "characters.toml").read_text(encoding="utf-8")
    path = tmp_path / "chars.toml"
    path.write_text(text.replace('kind = "passive"', 'kind = "sleepy"', 1), encoding="utf-8")
    errors = check_characters(path)
    assert any("[character.c01]: field 'kind'" in e for e in errors)
    path.write_text(text.replace('limit = "once_per_game"', 'limit = "none"', 1), encoding="utf-8")
    assert any("[character.c03]: field 'limit' must be set" in e for e in check_characters(path))


def _line_of(path: Path, text: str, after: str) -> int:
    """The number of the first line equal to `text` after the line `after`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(after)
    return start + 1 + lines[start:].index(text)


def test_check_chart_gives_the_line_of_each_problem(tmp_path):
    """Every problem names its file's line: the field's, else its entry's header."""
    path = _chart_with(tmp_path, {"p": 1})
    p_line = _line_of(path, "p = 1", '[object."1011"]')
    assert check_chart(path) == [
        f"chart.toml:{p_line} [object.1011]: field 'p' must be 0 (type A, SR-20.4)"]
    path = _chart_with(tmp_path, {}, ("text",))
    header = _line_of(path, '[object."1011"]', '[object."1011"]')
    assert check_chart(path) == [f"chart.toml:{header} [object.1011]: missing field 'text' "
                                 "(SR-20.2)"]


def test_check_chart_refuses_objects_on_sheets_the_chart_does_not_have(tmp_path):
    """SR-1.1, SR-20.2: a chart of `sheets` sheets of `designs_per_sheet` designs each; an
    object on sheet 4 of a 3-sheet chart, or a ninth design on a sheet of 8, is impossible."""
    path = _chart_with(tmp_path, {"sheet": 4})
    line = _line_of(path, "sheet = 4", '[object."1011"]')
    assert check_chart(path) == [f"chart.toml:{line} [object.1011]: field 'sheet' is 4, but the "
                                 "chart's header 'sheets' says 3"]
    crowded = _chart_with(tmp_path, {"sheet": 2})
    assert any("sheet 2 holds 9 designs" in e and "designs_per_sheet" in e
               for e in check_chart(crowded)), check_chart(crowded)
    one = tmp_path / "one.toml"
    one.write_text((DATA_DIR / "objects.toml").read_text(encoding="utf-8")
                   .replace("sheets = 3", "sheets = 1"), encoding="utf-8")
    assert len(check_chart(one)) == 16          # the designs of sheets 2 and 3 (SR-20.7)


def test_far_outside_values_are_warnings_with_their_lines(tmp_path):
    """Values the rules allow but the packaged chart never comes near (cost 1000000, attack
    500, range 99, a heal of 100) are warnings, not problems: the chart stays valid."""
    from parlor.games.starroad.chart_checks import chart_warnings

    assert chart_warnings(DATA_DIR / "objects.toml") == []
    path = _chart_with(tmp_path, {"cost": 1000000, "a": 500, "r": 99})
    assert check_chart(path) == []
    warnings = chart_warnings(path)
    assert len(warnings) == 3
    a_line = _line_of(path, "a = 500", '[object."1011"]')
    assert (f"chart.toml:{a_line} [object.1011]: field 'a' is 500, far above the packaged "
            "chart's 1 to 11 (a warning: the chart is valid)") in warnings
    assert any("field 'cost' is 1000000" in w for w in warnings)
    assert any("field 'r' is 99, far above the packaged chart's 1 to 3" in w for w in warnings)
    kit = _chart_with(tmp_path, {"effects": [{"op": "heal_base", "amount": 100}]}, key="4031")
    assert [w for w in chart_warnings(kit) if "heal_base amount is 100" in w]


def test_a_bom_is_read_and_another_encoding_refused_in_one_line(tmp_path):
    """Charts and character tables saved as UTF-8 with a byte-order mark are read; a Big5
    file is refused with one problem naming the byte and its line."""
    for name in ("objects.toml", "characters.toml"):
        text = (DATA_DIR / name).read_text(encoding="utf-8")
        bom = tmp_path / f"bom-{name}"
        bom.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        big5 = tmp_path / f"big5-{name}"
        big5.write_bytes(text.encode("big5"))
        check = check_chart if name == "objects.toml" else check_characters
        assert check(bom) == []
        problems = check(big5)
        assert len(problems) == 1 and problems[0].startswith(f"big5-{name}: not UTF-8 text (byte ")
        assert "save it as UTF-8" in problems[0] and "\n" not in problems[0]
    assert load_chart(tmp_path / "bom-objects.toml") == load_chart()
