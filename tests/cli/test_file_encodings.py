"""Every file the CLI reads (charts, character tables, scenarios, records) is UTF-8, with or
without a byte-order mark; any other encoding is refused in one line (exit code 2)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core import GameRecord
from parlor.core.files import NotUtf8, read_utf8
from parlor.games.starroad.data import DATA_DIR

runner = CliRunner()
BOM = b"\xef\xbb\xbf"


def saved(tmp_path: Path, name: str, text: str, encoding: str, bom: bool = False) -> Path:
    path = tmp_path / name
    path.write_bytes((BOM if bom else b"") + text.encode(encoding))
    return path


def test_read_utf8_drops_a_bom_and_names_the_first_bad_byte(tmp_path: Path) -> None:
    text = "名 = '星光道'\nsecond = 2\n"
    assert read_utf8(saved(tmp_path, "a.toml", text, "utf-8", bom=True)) == text
    assert read_utf8(saved(tmp_path, "b.toml", text, "utf-8")) == text
    with pytest.raises(NotUtf8, match=r"byte 0x[0-9a-f]{2} on line 1\); save it as UTF-8"):
        read_utf8(saved(tmp_path, "c.toml", text, "big5"))
    late = "a = 1\nb = 2\nc = '物件'\n"
    with pytest.raises(NotUtf8, match="on line 3"):
        read_utf8(saved(tmp_path, "d.toml", late, "big5"))


def flat(text: str) -> str:
    """Terminal output as one line (rich wraps it to the terminal's width)."""
    return " ".join(text.split())


def chart_text() -> str:
    return (DATA_DIR / "objects.toml").read_text(encoding="utf-8")


def test_check_chart_reads_a_bom_and_refuses_big5_in_one_line(tmp_path: Path) -> None:
    ok = runner.invoke(app, ["starroad", "check-chart",
                             str(saved(tmp_path, "bom.toml", chart_text(), "utf-8", bom=True))])
    assert ok.exit_code == 0 and "a valid chart." in flat(ok.stdout)
    big5 = saved(tmp_path, "big5.toml", chart_text(), "big5")
    for args in (["starroad", "check-chart", str(big5)],
                 ["starroad", "check-characters",
                  str(saved(tmp_path, "c.toml", (DATA_DIR / "characters.toml")
                            .read_text(encoding="utf-8"), "big5"))],
                 ["starroad", "lab", "--chart", str(big5), "-n", "1"],
                 ["play", "starroad", "--option", f"chart={big5}"],
                 ["starroad", "compare", str(big5), str(DATA_DIR / "objects.toml"), "-n", "1"]):
        out = runner.invoke(app, args)
        assert out.exit_code == 2, (args, out.output)
        assert "not UTF-8 text" in out.stderr and out.stderr.count("\n") == 1, out.stderr
        assert "Traceback" not in out.output


def test_check_chart_prints_warnings_and_stays_valid(tmp_path: Path) -> None:
    text = chart_text().replace("a = 11\n", "a = 500\n")
    out = runner.invoke(app, ["starroad", "check-chart",
                              str(saved(tmp_path, "big.toml", text, "utf-8"))])
    assert out.exit_code == 0, out.output
    assert "a valid chart; warnings: 1:" in flat(out.stdout)
    assert "object Star Breaker: field 'a' is 500, far above" in flat(out.stdout)
    lab = runner.invoke(app, ["starroad", "lab", "--chart", str(tmp_path / "big.toml"), "-n", "1",
                              "--players", "2", "--policies", "random", "--workers", "1"])
    assert lab.exit_code == 0 and "warning: big.toml:" in flat(lab.stdout)


def test_scenarios_and_records_read_a_bom_and_refuse_another_encoding(tmp_path: Path) -> None:
    spec = "# 一個局面\nplayers = 2\nhands = [[1, 2], [3, 4]]\nprize = 3\n"
    ok = runner.invoke(app, ["scenario", "sealed_bids",
                             str(saved(tmp_path, "s.toml", spec, "utf-8", bom=True))])
    assert ok.exit_code == 0 and "bid card=2" in ok.stdout
    bad = runner.invoke(app, ["scenario", "sealed_bids", str(saved(tmp_path, "b.toml", spec,
                                                                   "big5"))])
    assert bad.exit_code == 2 and "b.toml: not UTF-8 text" in bad.stderr
    assert bad.stderr.count("\n") == 1
    record = tmp_path / "g.json"
    runner.invoke(app, ["play", "sealed_bids", "--seed", "3", "--record", str(record)],
                  input="1\n" * 30)
    text = record.read_text(encoding="utf-8")
    assert runner.invoke(app, ["replay", str(saved(tmp_path, "bom.json", text, "utf-8",
                                                   bom=True))]).exit_code == 0
    assert GameRecord.load(tmp_path / "bom.json").moves == GameRecord.load(record).moves
    latin = text.replace('"sealed_bids"', '"sealed_bids", "note": "café"', 1)
    out = runner.invoke(app, ["replay", str(saved(tmp_path, "latin.json", latin, "latin-1"))])
    assert out.exit_code == 2 and "latin.json: not UTF-8 text (byte 0xe9 on line" in out.stderr
