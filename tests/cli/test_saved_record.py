"""`parlor games --saved` says how each finished save ended for its player ("won", "#2 of 3"; kept in
the save when the game ends, a save from before replayed) and the player's record by game, within 80
columns, in the player's language."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.cells import cell_len
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.cli.saves import SavedGame, load_saved, outcome
from parlor.core import GameRecord, get_game, replay

runner = CliRunner()


def save(folder: Path, name: str, game_id: str, players: int, seed: int, finish: bool,
         keep: bool) -> SavedGame:
    """A save of a game played at random: to its end (`finish`, its result kept in the save if `keep`)
    or five moves in."""
    game = get_game(game_id)
    state = game.setup(players, seed)
    record = GameRecord.start(game, players, seed)
    rng = random.Random(seed)
    while not state.is_over() and (finish or len(record.moves) < 5):
        seat = state.actors()[0]
        move = rng.choice(state.legal_moves(seat))
        state.play(seat, move)
        record.add(seat, move)
    result = state.result() if finish else None
    kept = {"ranks": list(result.ranks), "winners": list(result.winners())} if result and keep else None
    saved = SavedGame(record, folder / name, 0, "easy", "en", "Ada", finish, result=kept)
    saved.write()
    return saved


def test_finished_saves_say_how_they_ended_and_the_record_by_game(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "parlor" / "saves"
    saves = [save(folder, "opera-20261201-120000.json", "opera", 3, 1, True, True),
             save(folder, "trickerion-20261201-120001.json", "trickerion", 2, 2, True, False),  # replayed
             save(folder, "skyrise-20261201-120002.json", "skyrise", 3, 3, False, False)]
    ended = [outcome(load_saved(saved.path)) for saved in saves]
    assert ended[2] is None and all(end is not None for end in ended[:2])
    for saved, end in zip(saves[:2], ended[:2], strict=True):  # the engine's own result, replayed here
        result = replay(get_game(saved.record.game), saved.record)[0].result()
        assert end is not None and (end.place, end.won) == (result.ranks[0], 0 in result.winners())
    out = runner.invoke(app, ["games", "--saved", "--lang", "zh_TW"], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.stdout
    lines = out.stdout.splitlines()
    for saved, end in zip(saves, ended, strict=True):
        line = next(line for line in lines if saved.path.name in line)
        words = "進行中" if end is None else "獲勝" if end.won else f"{end.players} 人中第 {end.place}"
        assert words in line, line
    # the table within 80 columns (the folder's path above it is the terminal's to wrap), nothing cut
    assert all(cell_len(line) <= 80 for line in lines[1:-1]) and "…" not in out.stdout
    wins = [end.won for end in ended[:2] if end is not None]
    assert lines[-1].startswith("已結束的對局戰績：") and f"歌劇院 1 局勝 {int(wins[0])} 局" in lines[-1]


def test_a_finished_play_keeps_its_result_in_the_save(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "sealed_bids", "--seed", "5", "--bot", "random", "--record", str(record)]
    out = runner.invoke(app, args, input="1\n" * 40)
    assert out.exit_code == 0, out.stdout
    kept = json.loads(record.read_text(encoding="utf-8"))["terminal"]["result"]
    result = replay(get_game("sealed_bids"), GameRecord.load(record))[0].result()
    assert kept == {"ranks": list(result.ranks), "winners": list(result.winners())}


def test_a_record_from_the_online_table_names_its_players_if_it_may(tmp_path: Path) -> None:
    """A downloaded record's `names` name the seats; names that are not plain printable text (an escape
    sequence a terminal would obey) name no one: the seats are counted from 1 instead."""
    saved = save(tmp_path, "opera-download.json", "opera", 2, 4, True, False)
    data = json.loads(saved.path.read_text(encoding="utf-8"))
    del data["terminal"]
    for names, shown in ((["Ada", "電腦（隨機）"], ["Ada", "電腦（隨機）"]),
                         (["Ada", "\x1b[31mBo"], ["Seat 1", "Seat 2"]), (["Ada"], ["Seat 1", "Seat 2"])):
        path = tmp_path / "named.json"
        path.write_text(json.dumps({**data, "names": names}, ensure_ascii=False), encoding="utf-8")
        out = runner.invoke(app, ["replay", str(path)], env={"COLUMNS": "100"})
        assert out.exit_code == 0 and "\x1b" not in out.stdout, out.stdout
        assert all(name in out.stdout for name in shown), (names, out.stdout)
