"""The arena: schedule, Wilson intervals and ratings against hand-computed values, a small run,
and the `parlor arena` command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fixturegames.sealed_bids import SealedBids
from parlor.cli import arena as arena_cli
from parlor.core import BadOptions
from parlor.sim.arena import ArenaResult, bradley_terry, run_arena, schedule, wilson
from parlor.sim.runner import GameSummary

GAME = SealedBids()


def test_schedule_rotates_every_table_through_every_seat() -> None:
    assert schedule(["a", "b"], 2) == [("a", "b"), ("b", "a")]
    three = schedule(["a", "b", "c"], 2)
    assert len(three) == 6 and set(three) == {(x, y) for x in "abc" for y in "abc" if x != y}
    assert schedule(["a", "b", "c"], 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]


def test_schedule_with_fewer_bots_than_seats_balances_the_seats() -> None:
    lineups = schedule(["a", "b"], 3)
    assert len(lineups) == 6
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in lineups) == ["a"] * 3 + ["b"] * 3


def test_wilson_matches_hand_computed_intervals() -> None:
    """8 of 10: centre (0.8 + z²/20) / (1 + z²/10), half-width
    z·sqrt(0.8·0.2/10 + z²/400) / (1 + z²/10) with z = 1.96: (0.4902, 0.9433)."""
    low, high = wilson(8, 10)
    assert (round(low, 4), round(high, 4)) == (0.4902, 0.9433)
    assert wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    low, high = wilson(50, 100)
    assert low == pytest.approx(1 - high) and low == pytest.approx(0.4038, abs=1e-4)


def test_two_bot_rating_is_the_log_odds_with_one_virtual_draw() -> None:
    """7 wins in 10: difference 400·log10(7.5 / 3.5) = 132.4 Elo, centred on 1500."""
    ratings = bradley_terry({("a", "b"): (7.0, 10)}, ["a", "b"])
    difference = 400 * math.log10(7.5 / 3.5)
    assert ratings["a"] == pytest.approx(1500 + difference / 2)
    assert ratings["b"] == pytest.approx(1500 - difference / 2)


def test_ratings_solve_the_bradley_terry_likelihood_equations() -> None:
    results = {("a", "b"): (6.0, 10), ("a", "c"): (9.0, 10), ("b", "c"): (5.5, 10)}
    ratings = bradley_terry(results, ["a", "b", "c"])
    strength = {k: 10 ** (v / 400) for k, v in ratings.items()}
    for bot in "abc":
        wins = expected = 0.0
        for (x, y), (score, count) in results.items():
            if bot in (x, y):
                other = y if bot == x else x
                wins += (score if bot == x else count - score) + 0.5
                expected += (count + 1) * strength[bot] / (strength[bot] + strength[other])
        assert wins == pytest.approx(expected, rel=1e-6)
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert sum(ratings.values()) / 3 == pytest.approx(1500)


def test_by_bot_and_pairs_from_hand_made_games() -> None:
    """Three seats: a wins one game outright, then a and c tie for first (half a win each)."""
    result = ArenaResult("g", 3, ("a", "b", "c"), 1, {}, schedule(["a", "b", "c"], 3))
    result.games = [GameSummary(1, ("a", "b", "c"), (10.0, 4.0, 6.0), (1, 3, 2), 5, {}),
                    GameSummary(1, ("b", "c", "a"), (2.0, 8.0, 8.0), (3, 1, 1), 5, {})]
    stats = {b.name: b for b in result.by_bot()}
    assert (stats["a"].wins, stats["b"].wins, stats["c"].wins) == (1.5, 0.0, 0.5)
    assert stats["a"].mean_margin == pytest.approx(((10 - 6) + (8 - 8)) / 2)
    assert stats["b"].mean_margin == pytest.approx(((4 - 10) + (2 - 8)) / 2)
    pairs = {(p.a, p.b): p for p in result.pairs()}
    assert pairs[("a", "c")].a_score == 1.5 and pairs[("a", "c")].games == 2
    assert pairs[("a", "b")].mean_margin == pytest.approx(((10 - 4) + (8 - 2)) / 2)
    assert result.by_seat()[0][0] == pytest.approx(0.5)


def test_deals_tell_the_bots_decisions_from_the_seats() -> None:
    """Each deal twice, a and b swapping seats: a wins deal 1 from both seats, seat 1 wins deal 2
    whoever sits there, b wins deal 3 from both, deal 4 has a shared first place, and deal 5 was
    played from one seat only (a run stopped between its games): it is not counted."""
    def game(seed: int, bots: str, ranks: tuple[int, int]) -> GameSummary:
        return GameSummary(seed, tuple(bots), (0.0, 0.0), ranks, 5, {})

    result = ArenaResult("g", 2, ("a", "b"), 1, {}, schedule(["a", "b"], 2))
    result.games = [game(1, "ab", (1, 2)), game(1, "ba", (2, 1)),
                    game(2, "ab", (1, 2)), game(2, "ba", (1, 2)),
                    game(3, "ab", (2, 1)), game(3, "ba", (1, 2)),
                    game(4, "ab", (1, 1)), game(4, "ba", (1, 2)),
                    game(5, "ab", (1, 2))]
    [deals] = result.deals()
    assert (deals.a, deals.b, deals.deals) == ("a", "b", 4)
    assert (deals.a_both, deals.b_both, deals.by_seat, deals.shared) == (1, 1, 1, 1)
    data = result.to_json()["deals"]
    assert data == [{"a": "a", "b": "b", "deals": 4, "a_won_both": 1, "b_won_both": 1,
                     "same_seat_won_both": 1, "first_place_shared": 1}]
    lines = arena_cli.deal_lines(result)
    assert lines == ["Deals played from both seats by a and b: 4; a won both games of 1, b of 1, "
                     "the same seat won both of 1 (25%: the deal, not the bots), a first place "
                     "was shared in 1"]
    three = ArenaResult("g", 3, ("a", "b", "c"), 1, {}, schedule(["a", "b", "c"], 3))
    three.games = [GameSummary(1, ("a", "b", "c"), (0.0,) * 3, (1, 2, 3), 5, {})]
    assert three.deals() == [] and three.to_json()["deals"] == []


def test_run_arena_plays_the_schedule_on_shared_deals() -> None:
    seen: list[int] = []
    result = run_arena(GAME, 2, ["greedy", "random"], 8, seed=4,
                       progress=lambda done, _summary: seen.append(done))
    assert seen == list(range(1, 9)) and len(result.games) == 8
    assert [g.bots for g in result.games[:2]] == [("greedy", "random"), ("random", "greedy")]
    assert result.games[0].seed == result.games[1].seed != result.games[2].seed
    data = json.loads(json.dumps(result.to_json()))
    assert data["n"] == 8 and {b["bot"] for b in data["by_bot"]} == {"greedy", "random"}
    assert sum(b["seats"] for b in data["by_bot"]) == 16


def test_run_arena_refuses_bad_input() -> None:
    with pytest.raises(BadOptions, match="unknown bot"):
        run_arena(GAME, 2, ["greedy", "grumpy"], 2)
    with pytest.raises(BadOptions, match="2 to 4 players"):
        run_arena(GAME, 7, ["greedy"], 2)
    with pytest.raises(BadOptions, match="named once"):
        run_arena(GAME, 2, ["greedy", "greedy"], 2)


def test_run_arena_seats_one_spec_under_labels() -> None:
    """`label=spec` seats greedy at three of four seats, each under its own label."""
    result = run_arena(GAME, 4, ["random", "greedy", "g2=greedy", "g3=greedy"], 4, seed=3)
    assert result.bots == ("random", "greedy", "g2", "g3")
    assert [g.bots for g in result.games[:2]] == [("random", "greedy", "g2", "g3"),
                                                  ("greedy", "g2", "g3", "random")]
    greedy_seats = [g.bots.index("g2") for g in result.games]
    assert sorted(greedy_seats) == [0, 1, 2, 3]  # the labelled bot sits at every seat once
    assert {b.name for b in result.by_bot()} == {"random", "greedy", "g2", "g3"}
    with pytest.raises(BadOptions, match="named once"):
        run_arena(GAME, 2, ["greedy", "greedy=random"], 2)
    with pytest.raises(BadOptions, match="label=spec"):
        run_arena(GAME, 2, ["greedy", "=random"], 2)
    with pytest.raises(BadOptions, match="unknown bot"):
        run_arena(GAME, 2, ["greedy", "g2=grumpy"], 2)


def test_labelled_bots_play_as_their_spec() -> None:
    """A label changes only the name: the same deals give the same games as the plain spec."""
    plain = run_arena(GAME, 2, ["ismcts:10i", "greedy"], 4, seed=6)
    labelled = run_arena(GAME, 2, ["search=ismcts:10i", "greedy"], 4, seed=6)
    assert [(g.scores, g.ranks, g.moves) for g in plain.games] == \
        [(g.scores, g.ranks, g.moves) for g in labelled.games]
    assert labelled.games[0].bots == ("search", "greedy")


def test_arena_command_prints_tables_and_writes_json(tmp_path: Path) -> None:
    app = typer.Typer()
    arena_cli.register(app)
    app.command("other")(lambda: None)  # a second command keeps `arena` a subcommand
    out_file = tmp_path / "arena.json"
    out = CliRunner().invoke(app, ["arena", "sealed_bids", "--bots", "ismcts:20i,greedy,random",
                                   "-n", "6", "--seed", "2", "--json", str(out_file), "-j", "2"])
    assert out.exit_code == 0, out.output
    assert "rating" in out.stdout and "Head to head" in out.stdout and "By seat" in out.stdout
    seat_table = out.stdout.split("By seat", 1)[1].split("┡", 1)[1].split("└", 1)[0]
    seats = [row.split("│")[1].strip() for row in seat_table.splitlines() if row.startswith("│")]
    assert seats == ["1", "2"]  # players count seats from 1
    assert "Sealed Bids arena: 6/6 games" in out.stderr  # not a terminal: progress as lines
    data = json.loads(out_file.read_text())
    assert data["n"] == 6 and len(data["games"]) == 6 and data["seed"] == 2
    assert {(d["a"], d["b"]) for d in data["deals"]} == {
        ("ismcts:20i", "greedy"), ("ismcts:20i", "random"), ("greedy", "random")}
    assert "Deals played from both seats by ismcts:20i and greedy: 1;" in " ".join(out.stdout.split())
    bad = CliRunner().invoke(app, ["arena", "sealed_bids", "--bots", "nobody"])
    assert bad.exit_code == 2 and "there is no bot 'nobody'" in bad.output


def test_arena_in_two_processes_gives_the_same_games() -> None:
    one = run_arena(GAME, 2, ["ismcts:10i", "greedy"], 6, seed=5)
    two = run_arena(GAME, 2, ["ismcts:10i", "greedy"], 6, seed=5, jobs=2)
    assert one.games == two.games


def test_arena_command_speaks_the_language_it_is_asked() -> None:
    """`--lang zh_TW`: the tables, the deals' sentences and the footer in Chinese; the bots keep the
    specs they were given, and the progress lines of a log name the game as typed."""
    app = typer.Typer()
    arena_cli.register(app)
    app.command("other")(lambda: None)
    out = CliRunner().invoke(app, ["arena", "sealed_bids", "--bots", "greedy,random", "-n", "4", "--seed",
                                   "2", "--lang", "zh_TW"])
    assert out.exit_code == 0, out.output
    text = " ".join(out.stdout.split())
    for words in ("2 位玩家，4 局", "勝率", "兩兩對戰", "按座位", "從兩個座位都下過的發牌", "評分"):
        assert words in text, words
    assert not [english for english in ("Head to head", "By seat", "win rate", "Deals played", "games in")
                if english in text]
    assert "Sealed Bids 對戰：4/4 局" in out.stderr


def test_arena_names_the_options_it_played_other_than_the_defaults() -> None:
    """`-o` changed how the games were played, yet the arena's tables never said so: a line names
    each option that differs from the defaults, in the game's words (Opera's, in Chinese); none
    without `-o`. One bot alone (a game's seat balance in self-play) crashed drawing its empty
    table of pairs: it has none now."""
    app = typer.Typer()
    arena_cli.register(app)
    app.command("other")(lambda: None)
    args = ["arena", "opera", "--bots", "greedy", "-n", "1", "--lang", "zh_TW"]
    out = CliRunner().invoke(app, [*args, "-o", "min_bid=1", "-o", "maestro_persists=false",
                                   "-o", "bid_cap_mode=track_room"])   # the last one is the default
    assert out.exit_code == 0, out.output
    assert "與預設不同的選項：最低出價：1，大師總是讓所在城市加倍：否" in " ".join(out.stdout.split())
    assert "min_bid" not in out.stdout and "預算" not in out.stdout.split("與預設不同的選項", 1)[1]
    plain = CliRunner().invoke(app, args)
    assert plain.exit_code == 0 and "與預設不同的選項" not in plain.stdout
    assert "按座位" in plain.stdout and "兩兩對戰" not in plain.stdout


def test_the_arena_tables_keep_their_words_whole_at_80_columns() -> None:
    """At 80 columns the Spanish table cut "valoración" to "valoraci…" (and crushed other columns):
    every heading's words stand whole and nothing ends in "…"."""
    from parlor.cli.words import say

    app = typer.Typer()
    arena_cli.register(app)
    app.command("other")(lambda: None)
    out = CliRunner().invoke(app, ["arena", "sealed_bids", "--bots", "greedy,random,easy", "--players", "3",
                                   "-n", "3", "--seed", "2", "--lang", "es"], terminal_width=80)
    assert out.exit_code == 0, out.output
    assert "…" not in out.stdout, out.stdout
    columns = ("bot", "seats", "win_rate", "ci", "rating", "mean_score", "mean_margin", "vs", "games",
               "score", "seat")
    words = {word for column in columns for word in say("es", f"arena_{column}").split()}
    shown = {word for line in out.stdout.splitlines() for word in line.replace("┃", " ").split()}
    assert words <= shown, sorted(words - shown)
    assert max(len(line) for line in out.stdout.splitlines()) <= 80
