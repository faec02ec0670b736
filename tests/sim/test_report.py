"""`parlor report`: one self-contained HTML page with every section and its plots."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

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
    # one plot per declared statistic, as analysed in summary.json
    for name in ("points", "hand_parity", "cards_left", "tally.points", "tally.cards", "rounds",
                 "last_top_bid"):
        assert f"<h3>{name}</h3>" in found["statistics"]
    assert len(images(found["statistics"])) == 7
    assert all(png.startswith(b"\x89PNG\r\n\x1a\n") for png in images(page))
    assert "95% interval" in found["seats"] and "greedy" in found["bots"]
    assert "rounds" in found["sweep"] and "same 30 seeds" in found["sweep"]
    assert "src='http" not in page and "<script" not in page  # self-contained
    assert "serial backend" in page  # how the run went, from summary.json


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
