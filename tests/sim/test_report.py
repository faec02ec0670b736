"""`parlor report`: one self-contained HTML page with every section and its plots."""

from __future__ import annotations

import base64
import html
import re
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core import BadOptions
from parlor.sim.backends import Backend
from parlor.sim.execute import run_study
from parlor.sim.report import write_report

from .helpers import small_study


def sections(page: str) -> dict[str, str]:
    """Each section's HTML by its anchor."""
    return dict(re.findall(r"<section id='(\w+)'>(.*?)</section>", page, flags=re.S))


def images(fragment: str) -> list[bytes]:
    return [base64.b64decode(d) for d in re.findall(r"data:image/png;base64,([A-Za-z0-9+/=]+)", fragment)]


def test_report_has_every_section_with_its_plots(tmp_path: Path) -> None:
    run_study(small_study(n=30), Backend(), tmp_path, batch_size=10)
    path = write_report(tmp_path)
    assert path == tmp_path / "report.html"
    page = path.read_text()
    found = sections(page)
    assert list(found) == ["seats", "bots", "scores", "length", "statistics", "sweep"]
    for name in ("seats", "bots", "scores", "length", "sweep"):
        assert len(images(found[name])) == 1, name
    # one plot per declared statistic, as analysed in summary.json, headed in words
    for heading in ("Points", "Hand parity", "Cards left", "Tally: points", "Tally: cards",
                    "Rounds", "Last top bid"):
        assert f"<h3>{heading}</h3>" in found["statistics"]
    assert len(images(found["statistics"])) == 7
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") for png in images(page))
    assert "95% interval" in found["seats"] and "greedy" in found["bots"]
    assert "rounds" in found["sweep"] and "same 30 seeds" in found["sweep"]
    assert "src='http" not in page and "<script" not in page  # self-contained
    assert "in this process, 1 worker" in page  # how the run went, from summary.json, in words


def test_report_without_sweep_or_statistics_says_so(tmp_path: Path) -> None:
    from parlor.sim.study import make_study

    study = make_study("sealed_bids", 12, 2, "random", seed=3)
    run_study(study, Backend(), tmp_path, batch_size=12)
    out = tmp_path / "elsewhere.html"
    write_report(tmp_path, out)
    found = sections(out.read_text())
    assert "sweep" not in found
    assert "declares no statistics" in found["statistics"]


def test_report_refuses_a_directory_without_a_finished_study(tmp_path: Path) -> None:
    with pytest.raises(BadOptions, match="holds no study"):
        write_report(tmp_path)
    (tmp_path / "study.json").write_text("{}")
    with pytest.raises(BadOptions, match="the study is not finished"):
        write_report(tmp_path)


def test_numeric_bins_never_overlap_and_constant_statistics_are_a_sentence() -> None:
    """Bins of whole numbers are labelled by the values inside (0–3, 4–7: no shared ends); a
    statistic that never varies, or whose groups all win alike, is one sentence, not a plot."""
    from parlor.sim.report import _constant, words
    from parlor.sim.report_words import Words
    from parlor.sim.stats import _seat_numeric

    english, chinese = Words("en"), Words("zh_TW")

    pairs = [(float(x), 1.0 if x > 10 else 0.0) for x in range(21) for _ in range(3)]
    bins = _seat_numeric("hp", pairs)["bins"]
    spans = [tuple(int(v) for v in b["label"].split("–")) for b in bins]
    assert all(a[-1] < b[0] for a, b in pairwise(spans)), spans
    assert sum(b["seats"] for b in bins) == len(pairs)
    flat = _seat_numeric("draw", [(0.0, 0.5)] * 8)
    assert _constant(flat, {}, english) == "The same in every game: 0."
    assert _constant(flat, {"0": "No game was a draw"}, english) == "No game was a draw."
    assert _constant(flat, {}, chinese) == "每局都相同：0。"
    assert _constant(flat, {"0": "沒有任何一局平手"}, chinese) == "沒有任何一局平手。"
    teams = {"kind": "seat_category", "categories": [
        {"label": "RG", "win_rate": 0.5, "seats": 4}, {"label": "BY", "win_rate": 0.5, "seats": 4}]}
    assert "RG, BY" in (_constant(teams, {}, english) or "")
    assert "RG、BY" in (_constant(teams, {}, chinese) or "")
    assert words("end_reason", {}) == "End reason" and words("tally.points", {}) == "Tally: points"


def visible_words(page: str) -> set[str]:
    """The Latin words a reader of the page sees (outside tags, styles and embedded images)."""
    text = html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S))
    return set(re.findall(r"[A-Za-z]{3,}", text))


@pytest.mark.parametrize(("lang", "words"), [
    ("zh_TW", ("各座位的勝率", "各電腦的勝率", "分數分布", "對局長度", "遊戲宣告的統計與勝率", "座位數",
               "95% 區間", "歌劇院", "最低出價 × 大師總是讓所在城市加倍 的掃描",
               "的每種組合都下相同的 2 個種子", "<td>是</td>", "<td>否</td>", "<td>貪婪</td>",
               "<td>隨機</td>", "在本行程中")),
    ("es", ("Victorias por asiento", "Victorias por bot", "Distribución de las puntuaciones",
            "Duración de las partidas", "asientos", "intervalo del 95%", "Cada combinación de Puja mínima",
            "<td>sí</td>", "<td>codicioso</td>", "<td>aleatorio</td>", "en este proceso"))])
def test_report_speaks_the_language_it_is_asked(tmp_path: Path, lang: str, words: tuple[str, ...]) -> None:
    """`parlor report DIR --lang`: the page's headings, tables, sentences and the game's own words
    (its title, options and statistics, the swept options and their values) in the language, and the
    bots by their names in it ("greedy" is 貪婪; a spec with settings of its own would stay as typed);
    a Chinese page holds no English word but parlor's name."""
    from parlor.sim.study import make_study

    study = make_study("opera", 2, 3, "greedy,random", seed=2,
                       sweep=["min_bid=0,1", "maestro_persists=true,false"])
    run_study(study, Backend(), tmp_path, batch_size=2)
    result = CliRunner().invoke(app, ["report", str(tmp_path), "--lang", lang, "-o",
                                      str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    for word in words:
        assert word in page, word
    assert {"zh_TW": "<html lang='zh-Hant-TW'>", "es": "<html lang='es'>"}[lang] in page
    if lang == "zh_TW":
        assert visible_words(page) <= {"parlor"}, visible_words(page)


def test_a_grid_sweep_numbers_its_points_along_the_axis_and_in_the_table(tmp_path: Path) -> None:
    """Two swept options: a row a combination of their values, numbered as the plots' axis numbers
    them, and one column each."""
    run_study(small_study(n=4, sweep=("rounds=3,5", "hand_size=2,3")), Backend(), tmp_path, batch_size=4)
    sweep = sections(write_report(tmp_path).read_text())["sweep"]
    assert "Every combination of rounds and hand_size plays the same 4 seeds." in sweep
    head = re.search(r"<table><tr>(.*?)</tr>", sweep, flags=re.S)
    assert head is not None and re.findall(r"<th>(.*?)</th>", head.group(1))[:4] == [
        "Point", "rounds", "hand_size", "games"]
    rows = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td>4</td>", sweep)
    assert rows == [("1", "3", "2"), ("2", "3", "3"), ("3", "5", "2"), ("4", "5", "3")]
    assert len(images(sweep)) == 1


def test_report_refuses_a_language_it_does_not_speak(tmp_path: Path) -> None:
    run_study(small_study(n=10), Backend(), tmp_path, batch_size=10)
    result = CliRunner().invoke(app, ["report", str(tmp_path), "--lang", "fr"])
    assert result.exit_code == 2 and "--lang must be one of en, zh_TW, es" in " ".join(result.output.split())
