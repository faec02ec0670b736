"""The arena's paired measure (sim/paired.py): a seat's result with teams, the figures of hand-made
pairs, and a Star Road run whose figures are recomputed here from its games."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fixturegames.sealed_bids import SealedBids
from parlor.ai.levels import make_bot
from parlor.cli import arena as arena_cli
from parlor.core import BadOptions, get_game
from parlor.sim.arena import ArenaResult, run_arena, schedule
from parlor.sim.paired import Pair, paired_stats, pairs_of, seat_margins, seat_results
from parlor.sim.runner import GameSummary, play_game


def summary(seed: int, bots: tuple[str, ...], scores: tuple[float, ...], ranks: tuple[int, ...],
            teams: tuple[str, ...] | None = None) -> GameSummary:
    return GameSummary(seed, bots, scores, ranks, 10, {}, None, teams)


def test_without_teams_a_tie_for_first_is_shared_by_the_seats() -> None:
    game = summary(1, ("a", "b", "c"), (5.0, 5.0, 2.0), (1, 1, 3))
    assert seat_results(game) == [0.5, 0.5, 0.0]
    assert seat_margins(game) == [0.0, 0.0, -3.0]


def test_a_winning_team_counts_once_and_every_player_of_it_wins() -> None:
    """SR-3.5: every player of the winning group wins, so each of its seats has the whole win."""
    won = summary(1, ("a", "b", "c", "d"), (1.0, 0.0, 1.0, 0.0), (1, 3, 1, 3),
                  ("RG", "BY", "RG", "BY"))
    assert seat_results(won) == [1.0, 0.0, 1.0, 0.0]
    assert seat_margins(won) == [1.0, -1.0, 1.0, -1.0]


def test_a_draw_of_two_teams_gives_each_seat_half() -> None:
    """SR-23.2: a shared highest total HP is a draw; both teams' seats rank first."""
    drawn = summary(1, ("a", "b", "c"), (0.5, 0.5, 0.5), (1, 1, 1), ("RG", "BY", "RG"))
    assert seat_results(drawn) == [0.5, 0.5, 0.5]
    assert seat_margins(drawn) == [0.0, 0.0, 0.0]


def test_paired_figures_of_hand_made_pairs() -> None:
    """Two deals: on deal 1 the bot turns a lost seat into a win and keeps a won one; on deal 2
    it loses one seat the baseline won and wins one it lost: 3 of 4 seats against 2 of 4."""
    pairs = [Pair(1, 1.0, 0.0, 1.0, -1.0), Pair(1, 1.0, 1.0, 1.0, 1.0),
             Pair(2, 0.0, 1.0, -1.0, 1.0), Pair(2, 1.0, 0.0, 1.0, -1.0)]
    stats = paired_stats("hard", "greedy", pairs)
    assert (stats.pairs, stats.deals) == (4, 2)
    assert stats.rate == pytest.approx(3 / 4) and stats.baseline_rate == pytest.approx(2 / 4)
    assert stats.difference == pytest.approx(1 / 4)
    assert stats.ratio == pytest.approx(1.5)
    assert (stats.gained, stats.lost) == (2, 1)
    assert stats.margin_difference == pytest.approx((2 + 0 - 2 + 2) / 4)
    # a resample of the two deals: both deal 1 (+1/2), both deal 2 (0) or one of each (+1/4)
    low, high = stats.difference_ci
    assert (low, high) == (0.0, 0.5)
    assert stats.ratio_ci is not None and stats.ratio_ci[0] <= 1.5 <= stats.ratio_ci[1]
    assert paired_stats("hard", "greedy", pairs) == stats  # the bootstrap has a fixed seed


def test_paired_ratio_is_absent_when_the_baseline_never_won_those_seats() -> None:
    stats = paired_stats("hard", "greedy", [Pair(1, 1.0, 0.0, 1.0, -1.0)])
    assert stats.ratio is None and stats.ratio_ci is None and stats.difference_ci == (1.0, 1.0)
    with pytest.raises(ValueError, match="no seat"):
        paired_stats("hard", "greedy", [])


def test_the_result_pairs_each_bot_with_its_seat_of_the_baseline_game() -> None:
    """Bots of the baseline's spec (greedy, g2=greedy) are not measured against themselves."""
    result = ArenaResult("g", 2, ("hard", "greedy"), 1, {}, schedule(["hard", "greedy"], 2),
                         specs={"hard": "hard", "greedy": "greedy"}, paired="greedy")
    result.games = [summary(7, ("hard", "greedy"), (3.0, 1.0), (1, 2)),
                    summary(7, ("greedy", "hard"), (2.0, 2.0), (1, 1))]
    result.baselines = {7: summary(7, ("greedy", "greedy"), (1.0, 4.0), (2, 1))}
    assert pairs_of("hard", result.games, result.baselines) == [
        Pair(7, 1.0, 0.0, 2.0, -3.0), Pair(7, 0.5, 1.0, 0.0, 3.0)]
    (stats,) = result.paired_by_bot()
    assert stats.bot == "hard" and stats.rate == pytest.approx(0.75)
    assert stats.baseline_rate == pytest.approx(0.5) and (stats.gained, stats.lost) == (1, 1)
    data = json.loads(json.dumps(result.to_json()))
    assert data["paired"]["baseline"] == "greedy"
    assert [b["bot"] for b in data["paired"]["by_bot"]] == ["hard"]
    assert len(data["paired"]["games"]) == 1


def test_star_road_paired_run_against_its_games_recomputed_by_hand() -> None:
    """Star Road at 3 players (SR-3.2: R, G, B; the RG group two seats against BY's one). Each
    deal's baseline is the game with greedy at every seat; a seat's result is its score (SR-3.5:
    every player of the winning team wins), and the paired figures follow from the games."""
    game = get_game("starroad")
    result = run_arena(game, 3, ["random", "greedy", "g2=greedy"], 6, seed=3, paired="greedy")
    deals = sorted({g.seed for g in result.games})
    assert len(deals) == 2 and sorted(result.baselines) == deals
    for deal, base in result.baselines.items():
        greedy = make_bot("greedy")
        again = play_game(game, 3, deal, [greedy, greedy, greedy])
        assert (again.scores, again.ranks, again.moves) == (base.scores, base.ranks, base.moves)
    for played in [*result.games, *result.baselines.values()]:
        assert played.teams == tuple(played.statistics["teams"])
        assert sorted(played.teams) == ["BY", "RG", "RG"]
        assert seat_results(played) == list(played.scores)
    with_random = [(g.scores[g.bots.index("random")],
                    result.baselines[g.seed].scores[g.bots.index("random")]) for g in result.games]
    (stats,) = result.paired_by_bot()
    assert stats.bot == "random" and stats.pairs == 6 and stats.deals == 2
    assert stats.rate == pytest.approx(sum(x for x, _ in with_random) / 6)
    assert stats.baseline_rate == pytest.approx(sum(y for _, y in with_random) / 6)
    assert stats.gained == sum(1 for x, y in with_random if x > y)
    assert stats.lost == sum(1 for x, y in with_random if x < y)


def test_run_arena_refuses_an_unknown_baseline() -> None:
    with pytest.raises(BadOptions, match="unknown bot"):
        run_arena(SealedBids(), 2, ["greedy", "random"], 2, paired="grumpy")


def test_arena_command_prints_and_writes_the_paired_figures(tmp_path: Path) -> None:
    app = typer.Typer()
    arena_cli.register(app)
    app.command("other")(lambda: None)  # a second command keeps `arena` a subcommand
    out_file = tmp_path / "arena.json"
    out = CliRunner().invoke(app, ["arena", "sealed_bids", "--bots", "random,greedy", "-n", "4",
                                   "--paired", "greedy", "--json", str(out_file)])
    assert out.exit_code == 0, out.output
    assert "Paired against greedy" in out.stdout
    assert "Sealed Bids arena: 6/6 games" in out.stderr  # 4 games and the 2 deals' baselines
    data = json.loads(out_file.read_text())
    (random_bot,) = data["paired"]["by_bot"]
    assert random_bot["bot"] == "random" and random_bot["pairs"] == 4 and random_bot["deals"] == 2
    assert len(data["paired"]["games"]) == 2


def test_an_interrupted_run_keeps_the_games_it_finished() -> None:
    """Ctrl-C on a long run (here raised by the progress call after the game it reports): the
    baselines and the games finished so far are the result."""
    def stop_after(games: int) -> Callable[[int, GameSummary], None]:
        def progress(done: int, _summary: GameSummary) -> None:
            if done == games:
                raise KeyboardInterrupt
        return progress

    result = run_arena(SealedBids(), 2, ["random", "greedy"], 8, seed=2, paired="greedy",
                       progress=stop_after(4))
    assert result.stopped and len(result.baselines) == 4 and result.games == []
    result = run_arena(SealedBids(), 2, ["random", "greedy"], 8, seed=2, paired="greedy",
                       progress=stop_after(7))
    assert result.stopped and len(result.games) == 3
    assert result.paired_by_bot()[0].pairs == 3 and result.to_json()["stopped"] is True
    whole = run_arena(SealedBids(), 2, ["random", "greedy"], 8, seed=2, paired="greedy")
    assert not whole.stopped and whole.games[:3] == result.games
