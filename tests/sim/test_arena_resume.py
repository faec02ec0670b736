"""A long arena run goes on from its JSON file: after an interrupt, a kill, or to more games, it
plays exactly the games an unbroken run would have played, and refuses a file of another run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fixturegames.sealed_bids import SealedBids
from parlor.cli import arena as arena_cli
from parlor.core import BadOptions
from parlor.sim.arena import ArenaResult, run_arena

GAME = SealedBids()
BOTS = ["ismcts:10i", "greedy"]


def round_trip(result: ArenaResult) -> ArenaResult:
    """The run as its JSON file gives it back."""
    return ArenaResult.from_json(json.loads(json.dumps(result.to_json())))


def test_a_run_continued_from_its_file_plays_the_games_of_an_unbroken_run() -> None:
    unbroken = run_arena(GAME, 2, BOTS, 8, seed=3)
    first = round_trip(run_arena(GAME, 2, BOTS, 3, seed=3))
    seen: list[int] = []
    continued = run_arena(GAME, 2, BOTS, 8, seed=3, earlier=first,
                          progress=lambda done, _summary: seen.append(done))
    assert continued.games == unbroken.games
    assert seen == [4, 5, 6, 7, 8]  # counted on from the games the file held
    assert continued.to_json()["by_bot"] == unbroken.to_json()["by_bot"]
    assert continued.seconds >= first.seconds


def test_a_paired_run_continued_plays_only_the_missing_baselines() -> None:
    unbroken = run_arena(GAME, 2, ["greedy", "random"], 6, seed=2, paired="random")
    first = round_trip(run_arena(GAME, 2, ["greedy", "random"], 2, seed=2, paired="random"))
    played: list[int] = []
    continued = run_arena(GAME, 2, ["greedy", "random"], 6, seed=2, paired="random",
                          earlier=first, progress=lambda done, _summary: played.append(done))
    assert continued.games == unbroken.games and continued.baselines == unbroken.baselines
    assert len(played) == 4 + 2  # four games and the two new deals' baselines, nothing again
    assert continued.to_json()["paired"] == unbroken.to_json()["paired"]


def test_a_file_of_another_run_is_refused() -> None:
    earlier = round_trip(run_arena(GAME, 2, BOTS, 4, seed=3))
    with pytest.raises(BadOptions, match="another arena run"):
        run_arena(GAME, 2, ["ismcts:10i", "random"], 8, seed=3, earlier=earlier)
    with pytest.raises(BadOptions, match="another arena run"):
        run_arena(GAME, 2, BOTS, 8, seed=4, earlier=earlier)
    with pytest.raises(BadOptions, match="another arena run"):
        run_arena(GAME, 2, BOTS, 8, seed=3, earlier=earlier, paired="random")
    with pytest.raises(BadOptions, match="already holds 4 games, more than -n 2"):
        run_arena(GAME, 2, BOTS, 2, seed=3, earlier=earlier)
    data = earlier.to_json()
    data["games"][1]["seed"] += 1  # a game that is not the schedule's
    with pytest.raises(BadOptions, match="not this run's schedule"):
        run_arena(GAME, 2, BOTS, 8, seed=3, earlier=ArenaResult.from_json(data))
    for broken in ({}, {**data, "games": "many"}, {**data, "players": "two"}):
        with pytest.raises(BadOptions, match="not the JSON of an arena run"):
            ArenaResult.from_json(broken)


def command() -> typer.Typer:
    app = typer.Typer()
    arena_cli.register(app)
    app.command("other")(lambda: None)  # a second command keeps `arena` a subcommand
    return app


def test_the_command_saves_while_it_runs_and_resumes_a_killed_run(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    out_file = tmp_path / "arena.json"
    args = ["arena", "sealed_bids", "--bots", ",".join(BOTS), "--seed", "5", "--json", str(out_file)]

    class Killed(Exception):
        pass

    saves = 0
    save = arena_cli.Saver.save

    def save_then_die(self: arena_cli.Saver, result: ArenaResult, running: bool = False) -> None:
        nonlocal saves
        save(self, result, running)
        saves += 1
        if saves == 3:
            raise Killed  # the process dies after its third save, as a killed one would

    monkeypatch.setattr(arena_cli.Saver, "save", save_then_die)
    monkeypatch.setattr(arena_cli, "SAVE_EVERY", 0.0)  # a save after every game
    died = CliRunner().invoke(command(), [*args, "-n", "8"])
    assert isinstance(died.exception, Killed)
    saved = json.loads(out_file.read_text())
    assert saved["n"] == 3 and saved["stopped"] is True
    assert not list(tmp_path.glob("*.partial"))  # each save replaced the file whole

    monkeypatch.undo()
    resumed = CliRunner().invoke(command(), [*args, "-n", "8", "--resume"])
    assert resumed.exit_code == 0, resumed.output
    final = json.loads(out_file.read_text())
    unbroken = run_arena(GAME, 2, BOTS, 8, seed=5).to_json()
    assert final["n"] == 8 and final["stopped"] is False
    assert final["games"] == unbroken["games"] and final["by_bot"] == unbroken["by_bot"]


def test_the_command_refuses_a_resume_it_cannot_make(tmp_path: Path) -> None:
    args = ["arena", "sealed_bids", "--bots", ",".join(BOTS), "-n", "2"]
    no_file = CliRunner().invoke(command(), [*args, "--resume"])
    assert no_file.exit_code == 2 and "--resume goes on with the run of a --json file" in no_file.output
    junk = tmp_path / "junk.json"
    for text in ("{not json", "[1, 2]", '{"game": "sealed_bids"}'):
        junk.write_text(text)
        refused = CliRunner().invoke(command(), [*args, "--json", str(junk), "--resume"])
        assert refused.exit_code == 2, refused.output
        assert junk.read_text() == text  # a refused file is left as it was
    fresh = tmp_path / "new.json"  # --resume on a file not made yet starts the run
    started = CliRunner().invoke(command(), [*args, "--json", str(fresh), "--resume"])
    assert started.exit_code == 0 and json.loads(fresh.read_text())["n"] == 2
