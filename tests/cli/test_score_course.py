"""The scores through a finished game in the terminal: under the final result of `parlor replay` and of
a finished `parlor play`, a line of blocks a player in their language, within the screen's width, each
ending on the player's final score; Star Road's HP under its own word; nothing for a game whose chart
follows nothing."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from parlor.cli.course import BLOCKS, course_lines
from parlor.cli.main import app
from parlor.cli.screens.base import Context
from parlor.core import GameRecord, LiveScore, get_game, replay

runner = CliRunner()


def finished_record(path: Path, game_id: str, players: int, seed: int) -> GameRecord:
    game = get_game(game_id)
    state = game.setup(players, seed)
    record = GameRecord.start(game, players, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.actors()[0]
        move = rng.choice(state.legal_moves(seat))
        state.play(seat, move)
        record.add(seat, move)
    path.write_text(record.dumps(), encoding="utf-8")
    return record


def course_rows(output: str, title: str) -> list[str]:
    """The lines under the course's title: one a player."""
    lines = output.split(title, 1)[1].splitlines()[1:]
    return [line for line in lines if line.strip() and any(block in line for block in BLOCKS)]


@pytest.mark.parametrize(("lang", "title"), [("zh_TW", "整局分數走勢（共 {n} 步）"),
                                             ("es", "La puntuación a lo largo de la partida ({n} jugadas)")])
def test_a_replayed_game_ends_with_its_scores_through_it(tmp_path: Path, lang: str, title: str) -> None:
    path = tmp_path / "trickerion.json"
    record = finished_record(path, "trickerion", 3, 4)
    out = runner.invoke(app, ["replay", str(path), "--lang", lang], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.stdout
    heading = title.format(n=len(record.moves))
    assert heading in out.stdout
    rows = course_rows(out.stdout, heading)
    result = replay(get_game("trickerion"), record)[0].result()
    assert len(rows) == 3
    for row, score in zip(rows, result.scores, strict=True):
        assert row.split()[-1] == str(int(score)) and cell_len(row) <= 80
    # the blocks of all lines on one scale: the winner's line ends at least as high as every other
    blocks = [[ch for ch in row if ch in BLOCKS] for row in rows]
    best = max(range(3), key=lambda seat: result.scores[seat])
    assert all(BLOCKS.index(blocks[best][-1]) >= BLOCKS.index(line[-1]) for line in blocks)
    assert all(len(line) == min(60, len(record.moves)) for line in blocks)


def test_a_narrow_screen_narrows_the_lines_and_a_game_without_scores_draws_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    record = finished_record(tmp_path / "opera.json", "opera", 2, 7)
    game = get_game("opera")
    context = Context(game, game.catalogs()["en"], "en", ["Ada", "Bot 2 (easy)"], None, ["red", "blue"])
    drawn = course_lines(game, record, context, 40)
    assert drawn is not None
    screen = Console(width=40, record=True, file=io.StringIO())
    screen.print(drawn)
    heading = f"Scores through the game ({len(record.moves)} moves)"
    rows = course_rows(screen.export_text(), heading)
    assert len(rows) == 2 and all(cell_len(row) <= 40 for row in rows)
    assert all(len([ch for ch in row if ch in BLOCKS]) < 30 for row in rows)  # fewer blocks, not wrapped
    monkeypatch.setattr(type(game), "live_score", None)  # a game whose chart follows nothing draws none
    assert course_lines(game, record, context, 80) is None


@pytest.mark.parametrize(("lang", "title"), [("en", "HP through the game ({n} moves)"),
                                             ("zh_TW", "整局能量值走勢（共 {n} 步）"),
                                             ("es", "PV a lo largo de la partida ({n} jugadas)")])
def test_star_road_draws_each_players_hp_through_the_game(tmp_path: Path, lang: str, title: str) -> None:
    """SR-3.5, SR-23.2: no score, the last team standing or the most total HP wins; the lines follow each
    seat's HP under the catalog's word for it, never "Scores", each ending on the final HP."""
    path = tmp_path / "starroad.json"
    record = finished_record(path, "starroad", 3, 2)  # seat 2 eliminated, 5 HP each left
    out = runner.invoke(app, ["replay", str(path), "--lang", lang], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.stdout
    heading = title.format(n=len(record.moves))
    assert heading in out.stdout
    scores_titles = ("Scores through", "分數走勢", "La puntuación a lo largo")
    assert not any(words in out.stdout for words in scores_titles)
    final = replay(get_game("starroad"), record)[0].view(None)
    hp = [seat["hp"] for seat in final["seats"]]
    rows = course_rows(out.stdout, heading)
    assert len(rows) == 3 and all(cell_len(row) <= 80 for row in rows)
    assert [int(row.split()[-1]) for row in rows] == hp
    # blocks from 0 HP: an eliminated character's line ends on the lowest block (SR-16.1)
    for row, left in zip(rows, hp, strict=True):
        blocks = [ch for ch in row if ch in BLOCKS]
        assert (blocks[-1] == BLOCKS[0]) == (left == 0)


def test_a_finished_play_ends_with_the_scores_through_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fixture game's views keep its points as a list (the course is the game's declared score)."""
    monkeypatch.setattr(type(get_game("sealed_bids")), "live_score", LiveScore("points", listed=True))
    out = runner.invoke(app, ["play", "sealed_bids", "--seed", "5", "--bot", "random", "--name", "Ada"],
                        input="1\n" * 40, env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.stdout
    assert "Scores through the game (" in out.stdout
    rows = course_rows(out.stdout, "Scores through the game (")
    assert len(rows) == 2 and rows[0].split()[0] == "Ada"
