"""`parlor simulate` and `parlor report` from the command line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core.registry import unregister

from .statgame import PLUGIN

runner = CliRunner()


@pytest.fixture(autouse=True)
def _forget_the_plugin_game() -> object:
    """`--plugin` registers its game in this process; later tests must not meet it (it has no catalogs)."""
    yield
    unregister("stat_bids")


def invoke(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def test_simulate_writes_a_study_that_report_draws(tmp_path: Path) -> None:
    out = tmp_path / "study"
    result = invoke("simulate", "stat_bids", "--plugin", PLUGIN, "-n", "20", "--players", "2",
                    "--bots", "greedy,random", "--sweep", "hand_size=2,4", "--workers", "1",
                    "--batch-size", "8", "--out", str(out))
    assert result.exit_code == 0, result.stdout
    assert "Sweep: by bot at each point (20 games each, same seeds)" in " ".join(result.stdout.split())
    assert _sweep_rows(result.stdout) == [["2", "greedy"], ["", "random"], ["4", "greedy"], ["", "random"]]
    assert "40 games" in result.stdout and "games/s" in result.stdout
    assert pq.read_table(out / "games.parquet").num_rows == 40
    assert json.loads((out / "summary.json").read_text())["run"]["batch_size"] == 8
    again = invoke("simulate", "stat_bids", "--plugin", PLUGIN, "-n", "20", "--players", "2",
                   "--bots", "greedy,random", "--sweep", "hand_size=2,4", "--out", str(out))
    assert again.exit_code == 0 and "all resumed, none played now" in again.stdout
    drawn = invoke("report", str(out))
    assert drawn.exit_code == 0 and (out / "report.html").exists()


def _sweep_rows(stdout: str, title: str = "Sweep:") -> list[list[str]]:
    """The cells of the sweep table's rows but the figures: the swept values (on a point's first
    row) and the bot."""
    table = stdout[stdout.index(title):]
    cells = [[c.strip() for c in line.split("│")[1:-1]] for line in table.splitlines()
             if line.startswith("│")]
    return [row[:-3] for row in cells]


def test_a_grid_of_two_sweeps_reads_as_one_table_in_the_games_words() -> None:
    """Two --sweep: every combination, a point's values once at its head, the options named and
    their values worded as the game's catalog says them (Opera's, in Chinese)."""
    result = invoke("simulate", "opera", "-n", "1", "--players", "2", "--bots", "greedy", "--workers", "1",
                    "--sweep", "min_bid=0,1", "--sweep", "budget_slot_mode=leftmost_free,append",
                    "--lang", "zh_TW")
    assert result.exit_code == 0, result.stdout
    table = result.stdout[result.stdout.index("掃描："):]
    assert "最低出價" in table and "預算標記移到哪一格" in table and "budget_slot_mode" not in table
    leftmost, behind = "該列最左邊的空格", "排在該列已有標記之後"
    assert _sweep_rows(result.stdout, "掃描：") == [["0", leftmost, "貪婪"], ["0", behind, "貪婪"],
                                                  ["1", leftmost, "貪婪"], ["1", behind, "貪婪"]]


@pytest.mark.parametrize(("lang", "words"), [
    ("zh_TW", ("按電腦", "按座位", "勝率", "95% 區間", "平均分數", "10 局，平均長度", "每秒")),
    ("es", ("Por bot", "Por asiento", "% victorias", "IC 95%", "10 partidas, duración media",
            "partidas por lote: 5"))])
def test_simulate_speaks_the_language_it_is_asked(lang: str, words: tuple[str, ...]) -> None:
    """The summary's tables and sentence in `--lang`, the bots named in it (a spec with settings of
    its own would stay as typed) and how the games were run."""
    result = invoke("simulate", "sealed_bids", "-n", "10", "--bots", "random,greedy", "--workers", "1",
                    "--batch-size", "5", "--lang", lang)
    assert result.exit_code == 0, result.stdout
    text = " ".join(result.stdout.split())
    for word in words:
        assert word in text, word
    assert not [english for english in ("By bot", "By seat", "win rate", "mean score", "games/s", "workers")
                if english in text]
    if lang == "zh_TW":
        assert "貪婪" in text and "隨機" in text and "在本行程中" in text
        assert not re.findall(r"[A-Za-z]{3,}", text), text


def test_simulate_refuses_a_language_it_does_not_speak() -> None:
    result = invoke("simulate", "sealed_bids", "-n", "2", "--lang", "fr")
    assert result.exit_code == 2 and "--lang must be one of en, zh_TW, es" in " ".join(result.output.split())


def test_simulate_without_out_on_two_local_workers() -> None:
    result = invoke("simulate", "sealed_bids", "-n", "40", "--bots", "random,greedy", "--workers", "2",
                    "--batch-size", "10")
    assert result.exit_code == 0, result.stdout
    text = " ".join(result.stdout.split())
    assert "40 games" in text and "local processes, 2 workers, 10 games per batch" in text


def errors(*args: str) -> tuple[int, str]:
    result = invoke(*args)
    return result.exit_code, result.stderr.strip()


@pytest.mark.parametrize(("args", "message"), [
    (("simulate", "sealed_bids", "--backend", "cloud"), "--backend must be local or ray, not 'cloud'"),
    (("simulate", "sealed_bids", "--ray-address", "auto"), "--ray-address needs --backend ray"),
    (("simulate", "sealed_bids", "--workers", "-2"), "--workers must be 0 (every CPU) or more"),
    (("simulate", "sealed_bids", "--sweep", "rounds=3,x"), "option rounds must be a whole number"),
    (("simulate", "sealed_bids", "--sweep", "colour=red,blue"), "there is no option 'colour'"),
    (("simulate", "sealed_bids", "--bots", "greedy,ghost"), "there is no bot 'ghost'"),
    (("simulate", "sealed_bids", "--batch-size", "0", "-n", "3"), "--batch-size must be at least 1"),
    (("simulate", "sealed_bids", "--plugin", "nowhere:Game"), "plugin 'nowhere:Game': cannot import"),
    (("simulate", "no_such_game"), "there is no game 'no_such_game'"),
    (("report", "/no/such/dir"), "/no/such/dir holds no study"),
])
def test_errors_are_one_line_with_exit_code_2(args: tuple[str, ...], message: str) -> None:
    code, err = errors(*args)
    assert code == 2 and message in err and "\n" not in err, (args, err)


def test_out_holding_another_study_is_one_line_error(tmp_path: Path) -> None:
    assert invoke("simulate", "sealed_bids", "-n", "4", "--out", str(tmp_path)).exit_code == 0
    code, err = errors("simulate", "sealed_bids", "-n", "5", "--out", str(tmp_path))
    assert code == 2 and "holds another study (differs in n)" in err


def test_ctrl_c_keeps_finished_batches_and_the_same_command_resumes(tmp_path: Path) -> None:
    """A real SIGINT to `parlor simulate` running a 2-worker pool; then the same command finishes."""
    tests = Path(__file__).resolve().parents[1]
    path = os.pathsep.join(filter(None, [str(tests), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    command = [sys.executable, "-m", "parlor.cli.main", "simulate", "stat_bids", "--plugin", PLUGIN,
               "-n", "1800", "--players", "4", "--bots", "greedy", "--workers", "2", "--batch-size", "10",
               "--out", str(tmp_path)]
    # A test run started in the background inherits SIGINT ignored, and Python then keeps ignoring
    # it: give the child the default disposition, as a terminal would.
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    batches = tmp_path / "batches"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(list(batches.glob("*.parquet"))) < 2:
        time.sleep(0.02)
    assert proc.poll() is None, "the study ended before it could be interrupted"
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Interrupted: finished batches are kept in" in " ".join(stdout.split())
    kept = len(list(batches.glob("*.parquet")))
    assert 2 <= kept < 180 and not (tmp_path / "games.parquet").exists()
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["run"]["batches_resumed"] == kept and summary["run"]["batches_run"] == 180 - kept
    assert pq.read_table(tmp_path / "games.parquet").num_rows == 1800
