"""The arena runs kept in docs/status/arenas: each is a run `--resume` can go on with, listed in
the folder's README with the bots and game count its file holds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlor.sim.arena import ArenaResult

RECORDS = Path(__file__).resolve().parents[2] / "docs" / "status" / "arenas"
FILES = sorted(RECORDS.glob("*.json"))


def readme_rows() -> dict[str, list[str]]:
    """File name -> the cells of its row in the README's table."""
    rows = {}
    for line in (RECORDS / "README.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells and cells[0].endswith(".json"):
            rows[cells[0]] = cells
    return rows


def test_every_record_is_listed_and_every_listed_record_exists() -> None:
    assert FILES, "no arena runs kept"
    assert sorted(readme_rows()) == [path.name for path in FILES]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_a_record_is_an_arena_run_as_its_row_says(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    run = ArenaResult.from_json(data)
    _, game, players, bots, asked, held = readme_rows()[path.name]
    assert (run.game, run.players) == (game, int(players))
    labels = [part.split("=", 1)[0] for part in bots.split("`")[1].split(",")]
    assert list(run.bots) == labels
    assert int(held) == len(run.games) <= int(asked)
    assert run.stopped == (len(run.games) < int(asked))
    cycle = len(run.lineups)  # one game per seating of the bots, all on the same deal
    for start in range(0, len(run.games), cycle):
        assert len({game.seed for game in run.games[start:start + cycle]}) == 1
