"""The Star Road design lab (`parlor starroad lab`): figures per object, faction and seat.

Every figure is checked against events of the same seeded games counted here by hand, in a
different way from the lab's counter (completions are read from the state, not from slot tracking).
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core import BadOptions, Event, Move, get_game
from parlor.games.starroad.lab.pace import pace_report
from parlor.games.starroad.lab.policies import make_policy
from parlor.games.starroad.lab.study import (
    EFFECTS,
    OBSERVER,
    content_label,
    lab_report,
    make_lab_study,
    run_lab,
)
from parlor.games.starroad.lab.words import effect_rows
from parlor.games.starroad.lab.words import text as lab_words
from parlor.sim.backends import Backend, LocalBackend
from parlor.sim.runner import play_game, seat_bots
from parlor.sim.study import Batch, game_seed, make_study, run_batch

runner = CliRunner()

HAMMER_AND_WALL = '''
[object.0007]
no = "0007"
id = "hammer"
name = "Hammer"
name_zh = "鎚"
origin = "designed"
edition = 1
sheet = 1
type = "A"
cost = 1
a = 3
p = 0
m = 0
r = 1
targets = 1
w_req = 0
recycle = 0
use_limit = 0
delay = 0
block_mode = "none"
timing = "own_action_phase"
after_use = "destroy"
effects = []
text = "A test weapon."

[object.0420]
no = "0420"
id = "wall"
name = "Wall"
name_zh = "牆"
origin = "designed"
edition = 1
sheet = 1
type = "P"
cost = 2
a = 0
p = 2
m = 0
r = 0
targets = 0
w_req = 0
recycle = 0
use_limit = 0
delay = 0
block_mode = "P"
timing = "block_only"
after_use = "keep"
effects = []
text = "A test wall."
'''


class HandCount:
    """Counts the events of one game in the plainest way: a tally per event kind."""

    def __init__(self) -> None:
        self.tally: dict[tuple[str, str], int] = {}
        self.users: dict[str, set[int]] = {}

    def add(self, no: str, what: str, amount: int = 1) -> None:
        self.tally[(no, what)] = self.tally.get((no, what), 0) + amount

    def see(self, state: Any, seat: int, move: Move, events: list[Event]) -> None:
        for e in events:
            d = e.data
            if e.kind == "built_no":
                self.add(d["no"], "produced")
            elif e.kind == "completed":  # the object is in its slot right after the move
                slot = state.slot_of(d["line"], d["level"])
                self.add(state.players[e.seat].slots[slot].no, "completed")
            elif e.kind in ("damage", "reflected"):
                self.add(d["by"], "dealt", d["amount"])
            elif e.kind == "absorbed":
                self.add(d["no"], "prevented", d["amount"])
            elif e.kind in ("healed", "gained", "stole", "drained"):  # what an effect did, by its source
                self.add(d["by"], f"effect {e.kind}", d["amount"])
            elif e.kind in ("cancelled", "delay_removed", "peeked", "range_up", "cap_up"):
                self.add(d["by"], f"effect {e.kind}")
            named = ([w["no"] for w in d["weapons"]] if e.kind == "attack_declared" else
                     [b["no"] for b in d["blockers"]] if e.kind == "block_declared" else
                     [d["no"]] if e.kind == "declared" else [])
            for no in named:
                self.add(no, "used")
                self.users.setdefault(no, set()).add(seat if e.seat is None else e.seat)

    def figures(self, state: Any) -> dict[str, Any]:
        return {}


def hand_counted(study: Any) -> tuple[dict[tuple[str, str], int], list[dict[str, set[int]]], list[Any]]:
    """Replays the study's games with their seeds and bots; totals, each game's users of each
    design, summaries."""
    game = get_game("starroad")
    options = game.make_options(study.options)
    totals: dict[tuple[str, str], int] = {}
    users: list[dict[str, set[int]]] = []
    summaries = []
    for index in range(study.n):
        bots = [make_policy(b) for b in seat_bots(study.bots, study.players, index)]
        count = HandCount()
        summary = play_game(game, study.players, game_seed(study, index), bots, options, count)
        summaries.append(summary)
        for key, value in count.tally.items():
            totals[key] = totals.get(key, 0) + value
        users.append(count.users)
    return totals, users, summaries


def check_against_hand_count(study: Any, report: dict[str, Any]) -> None:
    totals, users, summaries = hand_counted(study)
    user_scores: dict[str, list[float]] = {}
    edges: dict[str, list[float]] = {}   # users' mean score minus the others', in games with both
    for game_users, summary in zip(users, summaries, strict=True):
        for no, seats in game_users.items():
            user_scores.setdefault(no, []).extend(summary.scores[s] for s in seats)
            others = [summary.scores[s] for s in range(study.players) if s not in seats]
            if others:
                mine = [summary.scores[s] for s in seats]
                edges.setdefault(no, []).append(sum(mine) / len(mine) - sum(others) / len(others))
    assert report["games"] == study.n
    for o in report["objects"]:
        no = o["no"]
        got = {"produced": o["produced"], "completed": o["completed"], "used": o["used"],
               "dealt": o["damage_dealt"], "prevented": o["damage_prevented"]}
        want = {k: totals.get((no, k), 0) for k in got}
        assert got == want, no
        assert o["used_by"]["seats"] == len(user_scores.get(no, []))
        assert o["used_by"]["wins"] == pytest.approx(sum(user_scores.get(no, [])))
        assert o["used_by"]["seats"] + o["not_used_by"]["seats"] == study.n * study.players
        mixed = edges.get(no, [])
        assert o["edge"]["games"] == len(mixed), no
        assert o["edge"]["mean"] == pytest.approx(sum(mixed) / len(mixed) if mixed else 0.0), no
        lo, hi = o["edge"]["ci"]
        assert -1.0 <= lo <= o["edge"]["mean"] <= hi <= 1.0   # a difference of two win rates
    listed = {o["no"] for o in report["objects"]}
    assert {no for no, what in totals if not what.startswith("effect ")} <= listed  # nothing is missing
    assert report["length"]["moves"]["mean"] == pytest.approx(
        sum(s.moves for s in summaries) / study.n)
    wins = sum(sum(s.scores) for s in summaries)
    for key in ("by_seat", "by_position", "by_faction", "by_team", "by_character", "by_policy"):
        assert sum(e["seats"] for e in report[key]) == study.n * study.players, key
        assert sum(e["wins"] for e in report[key]) == pytest.approx(wins), key
    for seat, entry in enumerate(report["by_seat"]):
        assert entry["wins"] == pytest.approx(sum(s.scores[seat] for s in summaries))
    factions: dict[str, float] = {}
    for s in summaries:
        for seat, faction in enumerate(s.statistics["factions"]):
            factions[faction] = factions.get(faction, 0.0) + s.scores[seat]
    assert {e["label"]: e["wins"] for e in report["by_faction"]} == pytest.approx(factions)
    # the report's names for what effects did, and the events they count
    kinds = {"healed": "healed", "gained": "gained", "stolen": "stole", "drained": "drained",
             "cancelled": "cancelled", "delays_cut": "delay_removed", "peeked": "peeked",
             "range_raised": "range_up", "cap_raised": "cap_up"}
    reported = {(e["label"], f"effect {kinds[key]}"): total for e in report["effects"]
                for key, total in e["effects"].items()}
    assert reported == {key: n for key, n in totals.items() if key[1].startswith("effect ")}


def test_lab_figures_match_hand_counted_events_of_the_same_seeded_games() -> None:
    """Objects, seats, factions and length of a 4-player lab equal a hand count of its games."""
    study = make_lab_study(4, 4, "greedy,random", seed=5)
    report = run_lab(study, Backend())
    check_against_hand_count(study, report)
    assert [o["no"] for o in report["objects"]] == sorted(o["no"] for o in report["objects"])
    assert len(report["objects"]) == 24 and sum(o["produced"] for o in report["objects"]) > 0
    assert sum(o["damage_dealt"] for o in report["objects"]) > 0
    assert report["effects"], "no effect of an object or ability in four games"
    lo, hi = report["by_seat"][0]["ci"]
    assert 0.0 <= lo <= report["by_seat"][0]["win_rate"] <= hi <= 1.0


def test_lab_report_is_json_with_every_section() -> None:
    study = make_lab_study(2, 3, "random", seed=2)
    report = json.loads(json.dumps(run_lab(study, Backend())))
    assert {"format", "study", "games", "chart", "characters", "length", "end_reasons", "draws",
            "baseline", "by_seat", "by_position", "by_faction", "by_team", "by_character",
            "by_policy", "pairings", "objects", "effects", "run"} <= set(report)
    assert report["study"]["observer"] == OBSERVER and report["chart"] == "default"
    assert report["study"]["bot_maker"] == "parlor.games.starroad.lab.policies:make_policy"
    assert set(report["length"]) == {"moves", "turns", "rounds"}
    assert {"label", "seats", "wins", "win_rate", "ci"} <= set(report["by_faction"][0])
    assert all(e["name"] for e in report["by_faction"] + report["by_character"])
    obj = report["objects"][0]
    assert {"no", "id", "name", "type", "cost", "produced", "produced_per_game", "games_produced",
            "completed", "used", "attacks", "blocks", "activations", "arms", "damage_dealt",
            "damage_reflected", "damage_prevented", "used_by", "not_used_by", "edge"} <= set(obj)
    assert obj["used"] == obj["attacks"] + obj["blocks"] + obj["activations"] + obj["arms"]


def test_an_alternative_chart_is_counted_from_its_own_designs(tmp_path: Path) -> None:
    """SR-20: the lab reads whatever chart it is given; only its designs are listed."""
    chart = tmp_path / "hammer.toml"
    chart.write_text(HAMMER_AND_WALL, encoding="utf-8")
    study = make_lab_study(3, 2, "greedy", chart=str(chart), seed=3)
    report = run_lab(study, Backend())
    assert [(o["no"], o["name"]) for o in report["objects"]] == [("0007", "Hammer"),
                                                                  ("0420", "Wall")]
    assert report["chart"] == content_label(HAMMER_AND_WALL) and report["chart"].startswith("custom")
    assert study.options["chart"] == HAMMER_AND_WALL  # the content travels, never the file name
    hammer = report["objects"][0]
    assert hammer["produced"] > 0 and hammer["attacks"] > 0 and hammer["damage_dealt"] > 0
    check_against_hand_count(study, report)


def test_invalid_chart_and_bad_arguments_are_refused_with_the_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[object.0001]\nname = "x"\n', encoding="utf-8")
    with pytest.raises(BadOptions, match=r"not a valid chart .*\[object.0001\]: missing field 'cost'"):
        make_lab_study(1, 4, chart=str(bad))
    with pytest.raises(BadOptions, match="no such file"):
        make_lab_study(1, 4, characters=str(tmp_path / "none.toml"))
    good = tmp_path / "good.toml"
    good.write_text(HAMMER_AND_WALL, encoding="utf-8")
    with pytest.raises(BadOptions, match="not both"):
        make_lab_study(1, 4, chart=str(good), option=[f"chart={good}"])


def test_a_plain_study_keeps_its_rows_and_study_json_unchanged() -> None:
    """The observer and bot-maker hooks are optional: without them rows have no `observed`
    column and study.json has no `observer` or `bot_maker` key (studies saved before them still
    resume)."""
    plain = make_study("starroad", 1, 2, "random", seed=4)
    assert "observer" not in plain.to_json() and "bot_maker" not in plain.to_json()
    row = run_batch(plain.to_json(), Batch(0, 0, 0, 1))[0]
    assert "observed" not in row
    watched = make_lab_study(1, 2, "random", seed=4)
    again = run_batch(watched.to_json(), Batch(0, 0, 0, 1))[0]
    assert {k: v for k, v in again.items() if k != "observed"} == row
    assert lab_report(watched, [again])["objects"]


def test_lab_resumes_from_its_directory_with_the_same_report(tmp_path: Path) -> None:
    study = make_lab_study(3, 2, "random", seed=6)
    first = run_lab(study, Backend(), tmp_path / "lab")
    second = run_lab(study, Backend(), tmp_path / "lab")
    assert second["run"]["games_run"] == 0
    assert second["objects"] == first["objects"] and second["by_seat"] == first["by_seat"]
    saved = json.loads((tmp_path / "lab" / "lab.json").read_text())
    assert saved["objects"] == first["objects"]


def test_a_lab_directory_written_before_the_lab_moved_still_resumes(tmp_path: Path) -> None:
    """The lab's modules moved into the game's package (issue 26): a directory whose study.json names
    the old places resumes and reports as before, with nothing replayed."""
    study = make_lab_study(2, 2, "random", seed=5)
    first = run_lab(study, Backend(), tmp_path / "lab")
    manifest = tmp_path / "lab" / "study.json"
    saved = json.loads(manifest.read_text())
    saved["observer"] = "parlor.sim.starroad_lab:ObjectCounter"
    saved["bot_maker"] = "parlor.sim.starroad_policies:make_policy"
    manifest.write_text(json.dumps(saved))
    again = run_lab(study, Backend(), tmp_path / "lab")
    assert again["run"]["games_run"] == 0 and again["objects"] == first["objects"]


def test_a_process_pool_gives_the_same_report_as_one_process() -> None:
    """Derived seeds: workers count the same games (the observer is rebuilt in each worker)."""
    study = make_lab_study(4, 3, "random", seed=8)
    with LocalBackend(2) as pool:
        pooled = run_lab(study, pool, batch_size=1)
    serial = run_lab(study, Backend(), batch_size=1)
    assert pooled["run"]["workers"] == 2
    assert {k: v for k, v in pooled.items() if k != "run"} == \
        {k: v for k, v in serial.items() if k != "run"}


def invoke(*args: str) -> Any:
    return runner.invoke(app, list(args))


def test_cli_lab_prints_tables_and_writes_json_same_figures_on_two_workers(tmp_path: Path) -> None:
    chart = tmp_path / "hammer.toml"
    chart.write_text(HAMMER_AND_WALL, encoding="utf-8")
    out = invoke("starroad", "lab", "--chart", str(chart), "-n", "4", "--players", "3",
                 "--bots", "random", "--seed", "9", "--workers", "2",
                 "--json", str(tmp_path / "lab.json"))
    assert out.exit_code == 0, out.output
    for text in ("Star Road design lab", "Objects", "0007 Hammer", "By faction", "By seat",
                 "95%", "Game length"):
        assert text in out.stdout
    report = json.loads((tmp_path / "lab.json").read_text())
    serial = run_lab(make_lab_study(4, 3, "random", chart=str(chart), seed=9), Backend())
    assert report["objects"] == serial["objects"] and report["by_faction"] == serial["by_faction"]


@pytest.mark.parametrize(("lang", "words"), [
    ("zh_TW", ("星光道風雲會設計實驗室", "物件（所有對局的總計）", "按電腦玩法", "按陣營", "紅（隊長）",
               "對局長度", "結束原因", "速攻型")),
    ("es", ("Laboratorio de diseño", "Objetos (totales", "Por estilo", "Por facción", "Rojo (capitán)",
            "Duración de las partidas", "Terminadas por", "asaltante", "Honda", "Médico"))])
def test_cli_lab_speaks_the_language_it_is_asked(lang: str, words: tuple[str, ...]) -> None:
    """The lab's tables, legends and sentences in `--lang`: the game's author reads them in Chinese."""
    out = invoke("starroad", "lab", "-n", "2", "--players", "4", "--seed", "3", "--workers", "1",
                 "--lang", lang)
    assert out.exit_code == 0, out.output
    for word in words:  # a line breaks between two Chinese characters as at a space
        assert "".join(word.split()) in "".join(out.stdout.split()), word
    english = ("Star Road design lab", "Objects", "By policy", "By faction", "Game length", "win rate",
               "Ended by", "Played", "rusher", "games/s")
    assert not [word for word in english if word in out.stdout]
    if lang == "zh_TW":   # a backend's name ("local", "serial") is an identifier, as --backend takes it
        assert set(re.findall(r"[A-Za-z]{3,}", out.stdout)) <= {"local", "serial", "ray"}, out.stdout


def test_cli_lab_errors_are_one_line_and_exit_code_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[object.0001]\nname = "x"\n', encoding="utf-8")
    out = invoke("starroad", "lab", "--chart", str(bad), "-n", "1")
    assert out.exit_code == 2 and "Line 1, object x: missing field 'cost'" in out.stderr
    assert out.stderr.count("\n") == 1
    out = invoke("starroad", "lab", "--chart", str(bad), "-n", "1", "--lang", "zh_TW")
    assert out.exit_code == 2 and out.stderr.count("\n") == 1, out.stderr
    assert out.stderr.startswith("parlor：錯誤：") and "第 1 行，物件「x」：缺少欄位 'cost'" in out.stderr
    for args, text in ((("--players", "9"), "9"), (("-n", "0"), "-n must be at least 1"),
                       (("--bots", "nobody"), "nobody"),
                       (("--chart", str(tmp_path / "none.toml")), "there is no file")):
        out = invoke("starroad", "lab", "-n", "1", *args)
        assert out.exit_code == 2 and text in out.stderr, (args, out.stderr)


def test_the_lab_tables_keep_their_words_whole_at_80_columns() -> None:
    """The Spanish objects table at 80 columns cut "Bomba de relojería" to "Bomba de relo…" and crushed
    its type and cost columns away: names wrap between words, every heading stands whole."""
    out = runner.invoke(app, ["starroad", "lab", "-n", "2", "--players", "4", "--seed", "3", "--workers", "1",
                              "--lang", "es"], terminal_width=80)
    assert out.exit_code == 0, out.output
    assert "…" not in out.stdout, out.stdout
    heading = next(line for line in out.stdout.splitlines() if line.startswith("objeto"))
    for key in ("col_type", "col_cost", "col_made", "col_done", "col_used", "col_dealt", "col_prevented",
                "col_users", "col_win", "col_ci", "col_edge"):
        assert lab_words(key, "es") in heading, (key, heading)
    assert max(len(line) for line in out.stdout.splitlines()) <= 80
    effects = next(line for line in out.stdout.splitlines() if line.startswith(lab_words("col_source", "es")))
    for key in ("col_effect", "col_total", "col_per_game", "col_per_use"):
        assert lab_words(key, "es") in effects, (key, effects)


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_every_effect_the_lab_counts_is_named_in_every_language(lang: str) -> None:
    """What objects' and abilities' effects did reads in words in the lab's three languages."""
    for key, _ in EFFECTS.values():
        word = lab_words(f"effect_{key}", lang)
        assert word and ("effect" not in word if lang != "en" else True), (key, word)
        assert bool(re.search(r"[\u4e00-\u9fff]", word)) == (lang == "zh_TW"), (key, word)


def test_the_effects_table_gives_each_source_its_totals_a_game_and_a_use() -> None:
    effects = [{"label": "4031", "kind": "object", "name": "Med Kit", "name_zh": "醫療包", "uses": 4,
                "games": 8, "effects": {"healed": 10}},
               {"label": "c09", "kind": "character", "name": "Recycler", "name_zh": "回收者", "uses": 0,
                "games": 8, "effects": {"gained": 3}}]
    assert effect_rows(effects, "en") == [("4031 Med Kit", "HP healed", "10", "1.25", "2.5"),
                                          ("Recycler", "resources acquired", "3", "0.38", "–")]
    assert effect_rows(effects, "zh_TW")[0][:2] == ("4031 醫療包", "回復的能量值")


def test_the_pace_counts_every_round_of_every_game_and_the_round_limit_decides_by_hp() -> None:
    """SR-23.1: a round is a turn of each player; the pace holds, round by round, the games still under
    way (as many as the games whose length in rounds reaches it) and their seats' HP. With a round limit
    of 3, the games the limit ends are won by the team with the most total HP (SR-23.2), which the
    pace's last round shows: a winner's seat holds more HP than a loser's."""
    study = make_lab_study(6, 4, "greedy,random", seed=3, option=["round_limit=3"])
    rows = run_batch(study.to_json(), Batch(0, 0, 0, study.n))
    pace = lab_report(study, rows)["pace"]
    stats = [json.loads(row["statistics"]) for row in rows]
    rounds = [math.ceil(stat["rounds"]) for stat in stats]
    assert [row["round"] for row in pace] == list(range(1, max(rounds) + 1))
    assert [row["games"] for row in pace] == [sum(1 for r in rounds if r >= n)
                                              for n in range(1, max(rounds) + 1)]
    assert pace[0]["total"] <= 8 * 4
    limited = [json.loads(row["observed"])["pace"][-1] for row, stat in zip(rows, stats, strict=True)
               if stat["end_reason"] == "round_limit" and not stat["draw"]]
    assert limited, "no game of six ran to a round limit of 3"
    for row, stat in zip(rows, stats, strict=True):
        if stat["end_reason"] == "round_limit" and not stat["draw"]:
            hp = json.loads(row["observed"])["pace"][-1]
            teams = stat["teams"]
            won = {teams[seat] for seat, score in enumerate(row["scores"]) if score == 1}
            assert sum(hp[s] for s in range(4) if teams[s] in won) > \
                max(sum(hp[s] for s in range(4) if teams[s] == team) for team in set(teams) - won)


def test_the_pace_report_averages_the_games_still_under_way() -> None:
    """Two games: the first ends within round 2 (its HP where it ended), the second runs to round 3;
    seat 0 won the first, seat 1 the second, the second's third seat lost; nobody drew."""
    paces = [[[8, 7], [8, 0]], [[6, 8, 5], [5, 8, 1], [4, 7, 0]]]
    shares = [[1.0, 0.0], [0.0, 1.0, 0.0]]
    assert pace_report(paces, shares) == [
        {"round": 1, "games": 2, "total": (15 + 19) / 2, "winners": (8 + 8) / 2, "losers": (7 + 6 + 5) / 3},
        {"round": 2, "games": 2, "total": (8 + 14) / 2, "winners": (8 + 8) / 2, "losers": (0 + 5 + 1) / 3},
        {"round": 3, "games": 1, "total": 11.0, "winners": 7.0, "losers": (4 + 0) / 2}]
    assert pace_report([], []) == []
    drawn = pace_report([[[3, 3]]], [[0.5, 0.5]])
    assert drawn == [{"round": 1, "games": 1, "total": 6.0, "winners": None, "losers": None}]
