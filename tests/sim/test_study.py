"""Studies without Ray: reproducible rows, identical across batch sizes and worker counts, resumable,
written as Parquet with a summary."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from parlor.core import BadOptions, UnknownGame, derive_seed
from parlor.sim.backends import Backend, LocalBackend, make_backend
from parlor.sim.execute import run_study
from parlor.sim.stats import summarise, wilson, win_shares
from parlor.sim.study import Batch, choose_batch_size, make_study, plan_batches, run_batch

from .helpers import Interrupt, small_study, stop_after
from .statgame import PLUGIN


def test_rows_are_reproducible_and_do_not_depend_on_batch_size() -> None:
    study = small_study()
    first = run_study(study, Backend(), batch_size=5).rows
    again = run_study(study, Backend(), batch_size=5).rows
    one_batch = run_study(study, Backend(), batch_size=24).rows
    assert first == again == one_batch
    assert [r["game"] for r in first] == list(range(48))
    assert {r["seed"] for r in first} == {derive_seed(7, i) for i in range(24)}


def test_every_sweep_value_plays_the_same_seeds_with_bots_rotating() -> None:
    study = small_study(n=6)
    rows = run_study(study, Backend(), batch_size=4).rows
    three, five = rows[:6], rows[6:]
    assert [r["seed"] for r in three] == [r["seed"] for r in five]
    assert {r["opt_rounds"] for r in three} == {3} and {r["opt_rounds"] for r in five} == {5}
    assert [r["bots"] for r in three[:2]] == [["greedy", "random", "greedy"], ["random", "greedy", "random"]]
    assert all(r["length"] > 0 and len(r["scores"]) == 3 and min(r["ranks"]) == 1 for r in rows)


def test_two_sweeps_play_every_combination_of_their_values_on_the_same_seeds(tmp_path: Path) -> None:
    """A grid: each combination of the swept options' values is a point (the first option varying
    slowest), every point plays the same seeds, and the summary names each point's values."""
    study = small_study(n=3, sweep=("rounds=3,5", "hand_size=2,3"))
    assert study.settings() == [{"rounds": 3, "hand_size": 2}, {"rounds": 3, "hand_size": 3},
                                {"rounds": 5, "hand_size": 2}, {"rounds": 5, "hand_size": 3}]
    assert study.total == 12 and "hand_size" not in study.options
    rows = run_study(study, Backend(), tmp_path, batch_size=2).rows
    by_point = [[r for r in rows if r["point"] == point] for point in range(4)]
    assert [{(r["opt_rounds"], r["opt_hand_size"]) for r in point} for point in by_point] == [
        {(3, 2)}, {(3, 3)}, {(5, 2)}, {(5, 3)}]
    assert len({tuple(r["seed"] for r in point) for point in by_point}) == 1
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert [p["options"] for p in summary["points"]] == study.settings()
    assert [p["games"] for p in summary["points"]] == [3, 3, 3, 3]
    # the manifest lists both sweeps, and a study written with one sweep still reads as before
    manifest = json.loads((tmp_path / "study.json").read_text())
    assert manifest["sweep"] == [{"name": "rounds", "values": [3, 5]},
                                 {"name": "hand_size", "values": [2, 3]}]
    assert type(study).from_json(study.to_json()) == study
    one = small_study(n=3)
    assert one.to_json()["sweep"] == {"name": "rounds", "values": [3, 5]}
    assert type(one).from_json(one.to_json()) == one


@pytest.mark.parametrize("budget", [0.0, 10.0], ids=["one-timed", "three-timed"])
def test_the_games_timed_to_size_the_batches_are_not_played_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, budget: float) -> None:
    """Without a batch size the first games are timed (`time_first_games`); they are the first
    batch's first games, kept as its rows: every game is played once, the rows and the batch
    files are those of a run given the batch size, and the count of games played is the study's."""
    import parlor.sim.execute
    import parlor.sim.study as study_module
    from parlor.sim import runner

    timing = study_module.time_first_games
    monkeypatch.setattr(parlor.sim.execute, "time_first_games",
                        lambda s: timing(s, budget=budget))
    played: list[int] = []
    play = runner.play_game   # as the study module holds it

    def counted(game: Any, players: int, seed: int, *rest: Any) -> Any:
        played.append(seed)
        return play(game, players, seed, *rest)

    monkeypatch.setattr(study_module, "play_game", counted)
    study = small_study()
    run = run_study(study, Backend(), tmp_path)
    assert sorted(played) == sorted(r["seed"] for r in run.rows) and len(played) == study.total
    assert run.played_games == study.total and sorted(run.ran) == list(range(len(run.ran)))
    assert pq.read_table(tmp_path / "games.parquet").to_pylist() == \
        run_study(study, Backend(), batch_size=run.batch_size).rows == run.rows


def test_local_pool_of_two_workers_gives_the_rows_of_one_process() -> None:
    study = small_study()
    alone = run_study(study, Backend(), batch_size=5).rows
    with LocalBackend(2, study.plugins) as pool:
        pooled = run_study(study, pool, batch_size=5)
    assert pooled.rows == alone
    assert sorted(pooled.ran) == list(range(10))


def test_an_interrupted_study_resumes_without_replaying_finished_batches(tmp_path: Path) -> None:
    study = small_study()
    with pytest.raises(Interrupt):
        run_study(study, Backend(), tmp_path, batch_size=5, on_progress=stop_after(15))
    kept = sorted(p.name for p in (tmp_path / "batches").iterdir())
    assert kept == ["000000.parquet", "000001.parquet", "000002.parquet"]
    assert not (tmp_path / "games.parquet").exists()
    resumed = run_study(study, Backend(), tmp_path)  # the batch size comes from study.json
    assert resumed.skipped == [0, 1, 2] and sorted(resumed.ran) == list(range(3, 10))
    assert resumed.played_games == 48 - 15
    assert resumed.rows == run_study(study, Backend(), batch_size=5).rows
    assert not (tmp_path / "batches").exists()
    finished = run_study(study, Backend(), tmp_path)
    assert finished.ran == [] and finished.rows == resumed.rows


def test_a_pool_interrupted_midway_keeps_its_batches_and_resumes(tmp_path: Path) -> None:
    study = small_study()
    with pytest.raises(Interrupt), LocalBackend(2, study.plugins) as pool:
        run_study(study, pool, tmp_path, batch_size=4, on_progress=stop_after(8))
    first = len(list((tmp_path / "batches").iterdir()))
    assert 2 <= first < 12
    with LocalBackend(2, study.plugins) as pool:
        resumed = run_study(study, pool, tmp_path)
    assert len(resumed.skipped) == first and len(resumed.ran) == 12 - first
    assert resumed.rows == run_study(study, Backend(), batch_size=4).rows


def test_a_directory_holding_another_study_is_refused(tmp_path: Path) -> None:
    run_study(small_study(n=4), Backend(), tmp_path, batch_size=2)
    with pytest.raises(BadOptions, match=r"holds another study \(differs in n\)"):
        run_study(small_study(n=5), Backend(), tmp_path)
    with pytest.raises(BadOptions, match="was started with --batch-size 2, not 3"):
        run_study(small_study(n=4), Backend(), tmp_path, batch_size=3)


def test_games_parquet_has_one_row_per_game_and_summary_json_the_figures(tmp_path: Path) -> None:
    study = small_study(n=10)
    run_study(study, Backend(), tmp_path, batch_size=3)
    table = pq.read_table(tmp_path / "games.parquet")
    assert table.num_rows == 20
    assert table.column_names == ["game", "point", "index", "seed", "bots", "scores", "ranks", "length",
                                  "opt_rounds", "opt_hand_size", "statistics"]
    row = table.slice(0, 1).to_pylist()[0]
    assert set(json.loads(row["statistics"])) == {"points", "hand_parity", "cards_left", "tally",
                                                  "rounds", "last_top_bid"}
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 20 and summary["study"]["sweep"] == {"name": "rounds", "values": [3, 5]}
    overall = summary["overall"]
    assert sum(s["win_rate"] for s in overall["by_seat"]) == pytest.approx(1.0)
    assert [b["label"] for b in overall["by_bot"]] == ["greedy", "random"]
    assert sum(b["seats"] for b in overall["by_bot"]) == 60
    kinds = {s["name"]: s["kind"] for s in overall["statistics"]}
    assert kinds == {"cards_left": "seat_items", "hand_parity": "seat_category", "last_top_bid":
                     "game_category", "points": "seat_numeric", "rounds": "game_numeric",
                     "tally.cards": "seat_numeric", "tally.points": "seat_numeric"}
    assert [(p["options"], p["games"]) for p in summary["points"]] == [({"rounds": 3}, 10),
                                                                        ({"rounds": 5}, 10)]
    assert summary["run"]["backend"] == "serial" and summary["run"]["games_run"] == 20


def test_summary_follows_the_rows() -> None:
    study = small_study(n=8, sweep=())
    rows = run_batch(study.to_json(), Batch(0, 0, 0, 8))
    overall = summarise(study, rows)["overall"]
    wins = [sum(win_shares(r)[seat] for r in rows) for seat in range(3)]
    assert [s["wins"] for s in overall["by_seat"]] == pytest.approx(wins)
    points = next(s for s in overall["statistics"] if s["name"] == "points")
    assert points["mean_winners"] > points["mean_others"]


def test_wilson_interval_and_shared_wins() -> None:
    lo, hi = wilson(5, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0) and wilson(10, 10)[1] == pytest.approx(1.0)
    assert win_shares({"ranks": [1, 3, 1]}) == [0.5, 0.0, 0.5]


def test_batches_are_sized_for_tens_of_milliseconds_and_never_span_points() -> None:
    assert choose_batch_size(0.001, 100_000, 2) == 2000        # about 2 s of work at most
    assert choose_batch_size(0.001, 200, 2) == 50              # at least 50 ms of work
    assert choose_batch_size(0.5, 1000, 4) == 4                # slow games: 2 s per task
    assert choose_batch_size(0.001, 10, 2) == 10               # never more than the study
    batches = plan_batches(small_study(n=5), 2)
    assert [(b.point, b.start, b.stop) for b in batches] == [
        (0, 0, 2), (0, 2, 4), (0, 4, 5), (1, 0, 2), (1, 2, 4), (1, 4, 5)]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": "greedy,nobody"}, "unknown bot 'nobody'"),
    ({"n": 0}, "-n must be at least 1"),
    ({"players": 9}, "stat_bids is for 2 to 4 players, not 9"),
    ({"sweep": ["rounds"]}, "must be written name=value1,value2"),
    ({"sweep": ["speed=1,2"]}, "unknown option 'speed'"),
    ({"sweep": ["rounds=3,x"]}, "option rounds must be a whole number, got 'x'"),
    ({"sweep": ["rounds=3,3"]}, "lists rounds=3 twice"),
    ({"sweep": ["rounds=3,4", "rounds=5"]}, "option rounds is swept twice"),
    ({"sweep": ["rounds=3,4"], "option": ["rounds=2"]}, "both set with --option and swept"),
    ({"plugins": ["no_such_module:Game"]}, "plugin 'no_such_module:Game': cannot import"),
    ({"plugins": ["sim.statgame:PLUGIN"]}, "'PLUGIN' is not a Game or Game class"),
])
def test_bad_study_arguments_are_refused(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    args = {"game_id": "stat_bids", "n": 4, "players": 3, "bots": "greedy", "plugins": [PLUGIN]}
    args.update(kwargs)
    with pytest.raises(BadOptions) as err:
        make_study(**args)
    assert message in str(err.value)


def test_unknown_game_and_backend_arguments() -> None:
    with pytest.raises(UnknownGame):
        make_study("no_such_game", 4, 2, "random")
    for kind, workers, address, message in (("cloud", 1, None, "--backend must be local or ray"),
                                            ("local", -1, None, "--workers must be 0"),
                                            ("local", 2, "auto", "--ray-address needs --backend ray")):
        with pytest.raises(BadOptions, match=message):
            make_backend(kind, workers, address, ())
    assert type(make_backend("local", 1, None, ())) is Backend


def test_an_unpaired_difference_has_welchs_interval_within_its_bounds() -> None:
    """Two samples of different games: the difference of their means with Welch's 95% interval
    (by hand: means 0.5 and 0.9, standard error 0.2921, 3 degrees of freedom, t 3.182), kept
    within the bounds the values allow; fewer than two values on a side give none."""
    from parlor.sim.stats import unpaired_difference

    got = unpaired_difference([0.0, 1.0, 0.0, 1.0], [1.0, 0.8, 0.9, 1.0, 0.8])
    assert got is not None and got["change"] == pytest.approx(0.4) and not got["paired"]
    low, high = got["ci"]
    assert (low, high) == pytest.approx((0.4 - 3.182 * 0.2921, 0.4 + 3.182 * 0.2921), abs=0.002)
    bounded = unpaired_difference([-1.0, 1.0, -1.0], [1.0, -1.0, 1.0], within=2.0)
    assert bounded is not None and bounded["ci"][0] >= -2.0 and bounded["ci"][1] <= 2.0
    assert unpaired_difference([1.0], [0.0, 1.0]) is None
