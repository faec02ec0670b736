"""A finished game's record downloaded from its replay: the file the terminal replays, with the players'
names, named for the game and when it ended; `parlor replay FILE --seat N` names the players from it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect
from typer.testing import CliRunner

from parlor.cli.main import app

from .ui import finished_game

pytestmark = pytest.mark.timeout(120)


def test_a_finished_games_record_downloads_and_the_terminal_replays_it(browser: Browser, server: str,
                                                                         tmp_path: Path) -> None:
    table, _, info = finished_game(server, "opera", players=2, level="random")
    page = browser.new_context(locale="en-US", accept_downloads=True).new_page()
    page.goto(f"{server}/#/replay/{table}")
    expect(page.locator("#download-record")).to_be_visible()
    with page.expect_download() as asked:
        page.locator("#download-record").click()
    download = asked.value
    assert re.fullmatch(r"opera-\d{8}-\d{4}\.json", download.suggested_filename), download.suggested_filename
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    record = httpx.get(f"{server}/api/tables/{table}/record", timeout=30).json()["record"]
    assert {key: saved[key] for key in record} == record
    assert saved["names"] == ["Ada", "Bot (random)"]
    page.context.close()
    # in Chinese, the bot is named as a Chinese page names it
    file = f"{server}/api/tables/{table}/record/file"
    chinese = httpx.get(file, params={"lang": "zh_TW"}, timeout=30).json()
    assert chinese["names"] == ["Ada", "電腦（隨機）"] and chinese["seed"] == record["seed"]

    out = CliRunner().invoke(app, ["replay", str(path), "--seat", "1"], env={"COLUMNS": "100"})
    assert out.exit_code == 0, out.stdout
    assert f"{info['index']} moves replayed" in out.stdout
    assert "Ada" in out.stdout and "Bot (random)" in out.stdout and "Seat 1" not in out.stdout
