"""`parlor starroad compare`: two charts played on the same seeds, what changed, and its page.

The packaged chart against a copy with one weapon made much stronger: Missile Pod (1052, cost 5,
three uses, SR-20.7) with attack 5 instead of 2. Two players and the three one-ply policies keep
the labs quick (the search bot takes about a second a game).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core.text import LANGS
from parlor.games.starroad.data import DATA_DIR
from parlor.games.starroad.lab.compare import chart_edits, make_compare, run_compare
from parlor.games.starroad.lab.pages import compare_page
from parlor.games.starroad.lab.study import card_names
from parlor.games.starroad.lab.words import WORDS, named
from parlor.games.starroad.lab.words import measure as words_measure
from parlor.sim.backends import Backend
from parlor.sim.report import write_report

runner = CliRunner()
POLICIES = "rusher,builder,defender"


def stronger(tmp_path: Path, no: str = "1052", field: str = "a", old: int = 2, new: int = 5
             ) -> Path:
    """A copy of the packaged chart with one field of one design changed."""
    text = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
    start = text.index(f"[object.{no}]")
    end = text.find("[object.", start + 1)
    end = len(text) if end < 0 else end
    block = text[start:end].replace(f"\n{field} = {old}\n", f"\n{field} = {new}\n")
    assert block != text[start:end]
    path = tmp_path / f"{no}-{field}{new}.toml"
    path.write_text(text[:start] + block + text[end:], encoding="utf-8")
    return path


def measure(report: dict[str, Any], no: str, name: str) -> dict[str, Any]:
    row = next(o for o in report["objects"] if o["no"] == no)
    return next(m for m in row["measures"] if m["measure"] == name)


def test_a_much_stronger_weapon_is_found_and_an_untouched_object_is_not(tmp_path: Path) -> None:
    """Issue 20's check: on three seeds the stronger Missile Pod's users win significantly more
    (and it is made more); Flash Barrier (2021), untouched and used in most games, shows no
    significant change in its users' win rate in most seeds.

    100 games a chart are needed: over seeds 1-8 (session 39), the users' win rate change is
    significant at 100 games on seeds 1-4, 7 and 8 (its change over half its interval
    1.13-1.48 on seeds 1-3) and not on 5 and 6; at 70 games seed 2 falls to 0.98, and the
    barrier's seats on the new chart to 19. The games run in this process: a pool of two
    would start two more on a machine whose cores the test workers already hold (every
    backend gives the same rows, tests/sim/test_study.py)."""
    new = stronger(tmp_path)
    quiet = quiet_edges = 0
    for seed in (1, 2, 3):
        labs = make_compare(str(DATA_DIR / "objects.toml"), str(new), 100, 2, POLICIES,
                            seed=seed)
        report = run_compare(*labs, Backend())
        pod = measure(report, "1052", "users_win")
        assert pod["significant"] and pod["change"] > 0, (seed, pod)
        made = measure(report, "1052", "made")
        assert made["significant"] and made["change"] > 0 and made["paired"]
        barrier = measure(report, "2021", "users_win")
        assert min(barrier["seats"]) >= 20, barrier["seats"]
        quiet += not barrier["significant"]
        # the edge over the seats of the same games that did not use it says the same (session 52:
        # +44 to +50 points, significant on the three seeds; the barrier's +3 to +18 on none)
        edge = measure(report, "1052", "users_edge")
        assert edge["significant"] and edge["change"] > 0 and not edge["paired"], (seed, edge)
        quiet_edges += not measure(report, "2021", "users_edge")["significant"]
    assert quiet >= 2 and quiet_edges >= 2
    assert report["edits"] == [{"no": "1052", "name": "Missile Pod", "name_zh": "飛彈巢",
                                "name_es": "Lanzamisiles", "change": "edited",
                                "fields": [{"field": "a", "base": 2, "new": 5}]}]


def test_a_stronger_heal_shows_in_what_its_effects_did(tmp_path: Path) -> None:
    """A Med Kit that heals 4 instead of 2 (SR-21.3): the comparison's Med Kit row measures the HP
    it healed per game on each chart, clearly more on the new one; its words on the page and in
    the terminal say so in every language."""
    text = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
    start = text.index("[object.4031]")
    block = text[start:text.index("[object.", start + 1)]
    healing = block.replace('op = "heal_base", amount = 2', 'op = "heal_base", amount = 4')
    assert healing != block
    new = tmp_path / "med-kit-4.toml"
    new.write_text(text.replace(block, healing), encoding="utf-8")
    labs = make_compare(str(DATA_DIR / "objects.toml"), str(new), 12, 4, "rusher,builder,defender,greedy",
                        seed=1)
    report = run_compare(*labs, Backend())
    healed = measure(report, "4031", "effect_healed")
    assert healed["new"] > 2 * healed["base"] > 0 and healed["significant"], healed
    assert measure(report, "4031", "made")["base"] > 0
    for lang, words in (("en", "HP healed per game"), ("zh_TW", "每局回復的能量值"),
                        ("es", "PV recuperados por partida")):
        assert words_measure("effect_healed", lang, short=True) == words
        assert words in compare_page(report, lang)


def test_a_chart_against_itself_changes_nothing(tmp_path: Path) -> None:
    """The same seeds on the same chart give the same games: every change is 0, none flagged,
    and the two labs are kept as lab directories that `parlor report` reads."""
    chart = str(DATA_DIR / "objects.toml")
    labs = make_compare(chart, chart, 4, 2, POLICIES, seed=3)
    report = run_compare(*labs, Backend(), tmp_path / "cmp")
    assert report["edits"] == []
    for row in report["objects"] + report["characters"]:
        for m in row["measures"]:
            assert m["change"] in (0.0, None) and not m["significant"], (row, m)
    assert report["rounds"]["change"] == 0.0
    saved = json.loads((tmp_path / "cmp" / "compare.json").read_text(encoding="utf-8"))
    assert saved["objects"] == report["objects"]
    page = write_report(tmp_path / "cmp" / "base").read_text(encoding="utf-8")
    assert "Star Road design lab" in page and "Objects: made, completed" in page


def test_parlor_report_reads_a_lab_directory_as_the_lab_does(tmp_path: Path) -> None:
    """A seat's win is its team's (SR-3.5), so the fair share is the average seat's win rate
    (50% with two teams) and the seats' rates are the lab's; the lab's objects, turn positions
    and pairings have sections; statistics are headed and valued in words (no card codes, no
    raw keys), and one that never varies is a sentence."""
    from parlor.games.starroad.lab.study import make_lab_study, run_lab

    lab = run_lab(make_lab_study(6, 4, POLICIES, seed=2), Backend(), tmp_path / "lab")
    page = write_report(tmp_path / "lab").read_text(encoding="utf-8")
    found = dict(re.findall(r"<section id='(\w+)'>(.*?)</section>", page, flags=re.S))
    assert list(found) == ["seats", "bots", "objects", "effects", "positions", "pace", "pairings",
                           "length", "statistics"]
    # HP round by round: its plot, and a row for the first round with every game under way
    assert "<img" in found["pace"] and f"<tr><td>1</td><td>{lab['games']}</td>" in found["pace"]
    for entry in lab["effects"]:  # what each object's and ability's effects did, by its name
        assert html.escape(named(entry, "en")) in found["effects"], entry
    assert "the average seat&#x27;s win rate, 50.0%" in found["seats"]
    for entry in lab["by_seat"]:
        assert f"<td>{entry['label'] + 1}</td><td>{entry['seats']}</td><td>" \
               f"{100 * entry['win_rate']:.1f}%</td>" in found["seats"]
    assert "Win rate by policy" in found["bots"] and "rusher" in found["bots"]
    assert "1052 Missile Pod" in found["objects"] and "their win rate" in found["objects"]
    assert "<h3>Character card</h3>" in found["statistics"]
    assert "<h3>How the game ended</h3>" in found["statistics"]
    words = re.sub(r"<img[^>]*>", "", found["statistics"])
    for raw in ("end_reason", "<h3>characters", "c01", ">RG<", "one_team_left", "<h3>Winners"):
        assert raw not in words, raw


def test_chart_edits_name_each_changed_rules_field(tmp_path: Path) -> None:
    from parlor.games.starroad.chart_data import load_chart

    base = load_chart()
    new = load_chart(stronger(tmp_path, "2021", "p", 3, 4))
    edits = chart_edits(base, new)
    assert edits == [{"no": "2021", "name": "Flash Barrier", "name_zh": "閃光屏障",
                      "name_es": "Barrera relámpago", "change": "edited",
                      "fields": [{"field": "p", "base": 3, "new": 4}]}]
    smaller = {no: d for no, d in new.items() if no != "4051"}
    assert {"no": "4051", "name": "EMP Charge", "name_zh": "電磁脈衝", "name_es": "Carga PEM",
            "change": "removed"} in chart_edits(base, smaller)


def test_names_follow_the_language_and_every_word_is_translated() -> None:
    """Objects and characters by `name`, `name_zh` and `name_es` when the data has it (else
    the English name); every text of the comparison page exists in en, zh_TW and es."""
    card = SimpleNamespace(name="Rocket", name_zh="火箭", name_es="Cohete")
    assert named(card_names(card), "es") == "Cohete"
    plain = card_names(SimpleNamespace(name="Rocket", name_zh="火箭"))
    assert (named(plain, "zh_TW"), named(plain, "es"), named(plain, "en")) == \
        ("火箭", "Rocket", "Rocket")
    for table in (None, "field_names", "value_names", "policy_names"):
        tables = [WORDS[lang][table] if table else WORDS[lang] for lang in LANGS]
        for key, english in tables[0].items():
            if isinstance(english, dict):
                continue
            words = [words[key] for words in tables]  # every language has every key (word_tables)
            assert all(words), key
            if key not in ("A", "P", "M", "?", "W", "search", "col_cost"):  # the seed's [W] in every language
                assert len(set(words)) > 1 or key in ("none",), key


def test_cli_compare_prints_changes_and_writes_a_page_in_chinese(tmp_path: Path) -> None:
    new = stronger(tmp_path)
    out = runner.invoke(app, ["starroad", "compare", str(DATA_DIR / "objects.toml"), str(new),
                              "-n", "4", "--players", "2", "--policies", "rusher,defender",
                              "--workers", "1", "--lang", "zh_TW", "--html", str(tmp_path / "page"),
                              "--json", str(tmp_path / "cmp.json")])
    assert out.exit_code == 0, out.output
    for text in ("星光道風雲會設計圖表比較", "1052 飛彈巢：攻擊值 (A) 2 -> 5", "物件（每局", "角色（每局",
                 "95% 區間", "生產", "使用者勝率", "速攻型、防守型"):
        # a line breaks between two Chinese characters as at a space (parlor.cli.line_breaks)
        assert "".join(text.split()) in "".join(out.stdout.split()), text
    # all of it in Chinese but the files' paths (the terminal wraps a long one across lines)
    flat = out.stdout.replace("\n", "")
    for path in (DATA_DIR / "objects.toml", new, tmp_path / "cmp.json", tmp_path / "page" / "compare.html"):
        flat = flat.replace(str(path), "")
    assert not re.findall(r"[A-Za-z]{3,}", flat), out.stdout
    page = (tmp_path / "page" / "compare.html").read_text(encoding="utf-8")
    assert "<html lang='zh-Hant-TW'>" in page and "攻擊值 (A) 2 → 5" in page
    assert len(re.findall(r"data:image/png;base64,", page)) == 5   # with the two charts' HP round by round
    visible = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))
    for path in (str(DATA_DIR / "objects.toml"), str(new)):
        visible = visible.replace(path, "")
    english = set(re.findall(r"[A-Za-z]{3,}", visible)) - {"ISMCTS"}
    assert not english, english
    # a character by its name, never the data's key (c05): on the page, in its plots' labels (their
    # words come from `row_name`) and in the terminal
    assert "破壞者" in visible and not re.findall(r"\bc\d\d\b", visible + flat)
    assert json.loads((tmp_path / "cmp.json").read_text(encoding="utf-8"))["games"] == 4


@pytest.mark.parametrize("args, text", [
    (("missing.toml",), "there is no file"),
    (("--lang", "fr"), "--lang must be one of en, zh_TW, es"),
    (("--policies", "turtle"), "turtle"),
])
def test_cli_compare_errors_are_one_line(tmp_path: Path, args: tuple[str, ...], text: str) -> None:
    chart = str(DATA_DIR / "objects.toml")
    charts = [chart, str(tmp_path / args[0])] if args[0].endswith(".toml") else [chart, chart]
    rest = list(args[1:]) if args[0].endswith(".toml") else list(args)
    out = runner.invoke(app, ["starroad", "compare", *charts, "-n", "1", *rest])
    assert out.exit_code == 2 and text in out.stderr and out.stderr.count("\n") == 1, out.stderr


def test_parlor_report_of_a_lab_in_chinese_holds_no_english(tmp_path: Path) -> None:
    """`parlor report DIR --lang zh_TW` on a lab's directory: the lab's own sections (objects, turn
    positions, pairings, their plots' words), the policies, the statistics and how the games were
    run in Chinese."""
    from parlor.games.starroad.lab.study import make_lab_study, run_lab

    run_lab(make_lab_study(6, 4, POLICIES, seed=2), Backend(), tmp_path / "lab")
    page = write_report(tmp_path / "lab", tmp_path / "zh.html", "zh_TW").read_text(encoding="utf-8")
    for words in ("星光道風雲會設計實驗室", "物件：生產、完成、使用，以及誰贏了", "各行動順位的勝率",
                  "逐輪能量值",
                  "速攻型", "投石索", "遊戲如何結束"):
        assert words in page, words
    visible = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))
    assert not re.findall(r"[A-Za-z]{3,}", visible), visible
