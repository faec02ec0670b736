"""`parlor play` offers the same game once more at its end: the same players, seat, bots and options,
the next deal, a save of its own; any answer but yes (or no more input) ends it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.cli.words import say

runner = CliRunner()


def test_a_finished_game_is_played_again_when_the_player_says_so(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    record = tmp_path / "first.json"
    args = ["play", "sealed_bids", "--players", "2", "--seed", "4", "--lang", "es", "--record", str(record),
            "-o", "rounds=1", "-o", "hand_size=2"]
    # the first game (one round: a bid, then keep the prize), yes in Spanish, the second game, then no
    out = runner.invoke(app, args, input="1\n1\ns\n1\n1\nno\n")
    assert out.exit_code == 0, out.output
    ask = say("es", "play_again_ask")
    assert out.output.count(ask) == 2, out.output
    assert out.output.count(say("es", "final")) == 2
    first = json.loads(record.read_text(encoding="utf-8"))
    saves = [json.loads(p.read_text(encoding="utf-8")) for p in (tmp_path / "data").rglob("*.json")]
    assert len(saves) == 1, saves
    second = saves[0]
    assert (second["game"], second["players"], second["options"]) == (first["game"], first["players"],
                                                                      first["options"])
    assert second["seed"] == first["seed"] + 1 and second["moves"]
    # no more input after the end: the terminal stops without a trace back
    out = runner.invoke(app, [*args[:-6], "--record", str(tmp_path / "third.json"), "-o", "rounds=1",
                              "-o", "hand_size=2"], input="1\n1\n")
    assert out.exit_code == 0 and out.output.count(ask) == 1, out.output
