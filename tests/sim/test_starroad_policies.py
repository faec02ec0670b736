"""The design lab's players (`parlor.games.starroad.lab.policies`): each policy beats random play, the
default population explores the packaged chart, and the lab records and reports the policies.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core import BadOptions, Rng, derive_seed, get_game
from parlor.games.starroad.lab.policies import POLICIES, POPULATION, PolicyBot, make_policy, rush_taste
from parlor.games.starroad.lab.study import make_lab_study, pairings, run_lab
from parlor.games.starroad.moves import Build, Invest
from parlor.sim.backends import Backend
from parlor.sim.runner import play_game, seat_bots
from parlor.sim.study import Batch, run_batch

runner = CliRunner()


@pytest.mark.parametrize("name", sorted(POLICIES))
def test_each_policy_beats_random_play(name: str) -> None:
    """Two players, the policy and random play, each in both seats: the policy wins at least
    11 of 12 games (a seat of random play wins about half of them against itself)."""
    game = get_game("starroad")
    wins = 0.0
    for i in range(12):
        bots = [make_policy(name), make_policy("random")]
        if i % 2:
            bots.reverse()
        summary = play_game(game, 2, derive_seed(11, "beats-random", i), bots)
        wins += summary.scores[i % 2]
    assert wins >= 11, f"{name} won {wins} of 12 against random play"


def test_the_default_population_explores_the_packaged_chart(tmp_path: Path) -> None:
    """Issue 20's regression check: a fixed seeded batch of the lab's default population on the
    packaged chart makes at least 20 of its 24 designs and no design takes more than 25% of all
    builds; the lab prints game length by policy pairing (shown here with `pytest -s`)."""
    out = runner.invoke(app, ["starroad", "lab", "-n", "20", "--players", "4", "--seed", "1",
                              "--workers", "1", "--json", str(tmp_path / "lab.json")])
    assert out.exit_code == 0, out.output
    print(out.stdout[out.stdout.index("Game length by policy pairing"):])
    report = json.loads((tmp_path / "lab.json").read_text(encoding="utf-8"))
    made = {o["no"]: o["produced"] for o in report["objects"]}
    builds = sum(made.values())
    assert len(made) == 24
    assert sum(1 for count in made.values() if count) >= 20, made
    assert max(made.values()) <= 0.25 * builds, made
    assert [e["label"] for e in report["by_policy"]] == list(POPULATION)
    assert sum(p["games"] for p in report["pairings"]) == 20
    for policy in POPULATION:
        assert policy in out.stdout


def test_each_seat_records_its_policy_and_pairings_are_counted_by_team() -> None:
    """The rows keep the policy of every seat (the population rotated over the seats); a
    pairing is the policies of each team, its length the rounds of its games."""
    study = make_lab_study(3, 4, "rusher,defender", seed=4)
    rows = run_batch(study.to_json(), Batch(0, 0, 0, 3))
    for row in rows:
        assert row["bots"] == seat_bots(("rusher", "defender"), 4, row["index"])
    stats = [json.loads(r["statistics"]) for r in rows]
    shares = [r["scores"] for r in rows]
    found = pairings(rows, stats, shares)
    assert sum(p["games"] for p in found) == 3
    for p in found:
        games = [s for r, s in zip(rows, stats, strict=True) if _sides(r, s) == p["sides"]]
        assert p["games"] == len(games)
        assert p["rounds"]["mean"] == pytest.approx(
            sum(s["rounds"] for s in games) / len(games))
        assert sum(p["won"]) == pytest.approx(1.0)
    report = run_lab(study, Backend())
    assert [(e["label"], e["seats"]) for e in report["by_policy"]] == [("rusher", 6),
                                                                     ("defender", 6)]
    assert sum(e["seats"] for e in report["by_position"]) == 12


def _sides(row: dict[str, Any], stat: dict[str, Any]) -> list[str]:
    teams: dict[str, list[str]] = {}
    for seat, team in enumerate(stat["teams"]):
        teams.setdefault(team, []).append(row["bots"][seat])
    return sorted(" + ".join(sorted(policies)) for policies in teams.values())


def test_the_rusher_prefers_the_most_attack_per_w() -> None:
    """The rusher's taste reads the chart (SR-20.7): Heavy Blade (4 attack for 3 [W]) before
    Sling (1 for 1), a delayed Time Bomb and a two-turn Rail Gun at half, no taste for armour."""
    chart = get_game("starroad").setup(2, 1).content.chart
    taste = {no: rush_taste(chart[no], 4) for no in ("1031", "1011", "1043", "1061", "2021")}
    assert taste["1031"] > taste["1011"] > taste["1061"] > 0
    assert taste["1043"] == pytest.approx(3.0 * 7 / 4 / 2)
    assert taste["2021"] == 0.0


def test_a_policy_builds_what_it_chose_at_full_speed_and_draws_designs() -> None:
    """A policy invests the most it may in what it produces (SR-8.5) and, among designs of
    about the same value, draws different ones (SR-8.3: the builder, 6 [W] in storage)."""
    game = get_game("starroad")
    chosen: set[str] = set()
    for seed in range(8):
        s = game.scenario({"players": 2, "turns": 1, "first": 0, "active": 0,
                           "characters": ["engineer", "sniper"], "seats": [{"storage": 6}]})
        bot, rng = make_policy("builder"), Rng(seed)
        assert isinstance(bot, PolicyBot)
        move = bot.choose(game, s, 0, rng)
        assert isinstance(move, Build)
        chosen.add(move.no)
        s.play(0, move)
        while s.draft is not None and s.draft.kind == "produce":
            legal = s.legal_moves(0)
            move = bot.choose(game, s, 0, rng)
            if isinstance(move, Invest):
                assert move.amount == max(m.amount for m in legal if isinstance(m, Invest))
            s.play(0, move)
    assert len(chosen) >= 2


def test_unknown_policies_are_refused_with_the_names_that_exist() -> None:
    with pytest.raises(BadOptions, match="rusher, builder, defender, search"):
        make_policy("turtle")
    with pytest.raises(BadOptions, match="turtle"):
        make_lab_study(1, 4, "rusher,turtle")
    assert make_policy("greedy").name == "greedy" and make_policy("search").name == "search"


@pytest.mark.parametrize("name", ["rusher", "builder", "defender"])
def test_policies_read_only_what_their_seat_may_see(name: str) -> None:
    """SR-24: markers planted in everything the deciding seat cannot see (others' faction and
    character cards, their unrevealed object numbers, the undealt cards) leave each policy's
    choice unchanged, in positions of rusher games (productions, attacks, blocks and uses under
    way): what a policy reads itself (its tastes, its investment, the designs it draws) is its
    own or public. That the heuristic it judges with reads only the seat's view, in its cautious
    style too, is tests/games/starroad/test_heuristics.py's."""
    game = get_game("starroad")
    driver = make_policy("rusher")
    checked = 0
    for players, seed in ((2, 1), (4, 2), (5, 3), (4, 4)):
        s = game.setup(players, seed)
        rng = Rng(seed)
        for step in range(400):
            if s.is_over():
                break
            seat = s.actors()[0]
            if step % 3 == 0 and len(s.legal_moves(seat)) > 1:
                planted = s.clone()
                assert planted.plant_markers(seat) or players == 2
                move = make_policy(name).choose(game, s, seat, Rng(step))
                assert make_policy(name).choose(game, planted, seat, Rng(step)) == move, \
                    (players, seed, step)
                checked += 1
            s.play(seat, driver.choose(game, s, seat, rng))
    assert checked > 40
