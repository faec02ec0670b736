"""Difficulty levels and bot specs, and the CLI commands that take them."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from parlor.ai import LEVELS, Budget, GreedyBot, IsmctsBot, RandomBot, make_bot
from parlor.ai.settings import settings_for
from parlor.cli.main import app
from parlor.core import BadOptions, BotSettings, SearchSettings, all_games, get_game


def test_levels_are_greedy_then_growing_searches() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard"]
    easy, medium, hard = (make_bot(name) for name in LEVELS)
    assert isinstance(easy, GreedyBot) and easy.name == "easy"
    assert isinstance(medium, IsmctsBot) and isinstance(hard, IsmctsBot)
    assert medium.budget.iterations is not None and hard.budget.iterations is not None
    assert medium.budget.seconds is not None and hard.budget.seconds is not None
    assert hard.budget.iterations > medium.budget.iterations
    assert hard.budget.seconds > medium.budget.seconds
    assert hard.settings.tuned and medium.settings.tuned  # the settings tuned for each game
    trickerion = get_game("trickerion")
    assert settings_for(hard.settings, trickerion) == trickerion.bot_settings.tuned
    assert settings_for(hard.settings, get_game("sealed_bids")) == BotSettings().tuned


def test_spec_parts_set_the_search_settings() -> None:
    bot = make_bot("ismcts:100i:n1:z1:k3:p0.5:c0.3:d0")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == SearchSettings(depth=0, exploration=0.3, normalize=True, center=True,
                                          candidates=3, prior=0.5)
    tuned = make_bot("ismcts:100i:t")
    opera = get_game("opera")
    assert isinstance(tuned, IsmctsBot) and settings_for(tuned.settings, opera) == opera.bot_settings.tuned


@pytest.mark.parametrize(("spec", "budget", "depth", "exploration"), [
    ("ismcts:2s", Budget(seconds=2.0), 30, 0.7),
    ("ismcts:500i", Budget(iterations=500), 30, 0.7),
    ("ismcts:1000i:d20", Budget(iterations=1000), 20, 0.7),
    ("ismcts:d5:0.25s:40i:c1.4", Budget(seconds=0.25, iterations=40), 5, 1.4),
    ("ismcts:300i:dg", Budget(iterations=300), None, 0.7),
])
def test_ismcts_specs(spec: str, budget: Budget, depth: int, exploration: float) -> None:
    bot = make_bot(spec)
    assert isinstance(bot, IsmctsBot) and bot.name == spec
    assert (bot.budget, bot.settings.depth, bot.settings.exploration) == (budget, depth, exploration)


def test_random_and_greedy_still_work() -> None:
    assert isinstance(make_bot("random"), RandomBot) and isinstance(make_bot("greedy"), GreedyBot)
    assert make_bot(" greedy ").name == "greedy"


@pytest.mark.parametrize(("spec", "message"), [
    ("grumpy", "unknown bot 'grumpy'"),
    ("ismcts:fast", "cannot read 'fast'"),
    ("ismcts:0i", "must be positive"),
    ("ismcts:e1.5", "at most 1"),
    ("ismcts:gx", "cannot read 'gx'"),
    ("ismcts:k", "cannot read 'k'"),
    ("ismcts:z2", "cannot read 'z2'"),
    ("ismcts:100i:t:d0", "cannot be combined with other settings \\(depth\\)"),
    ("greedy:2s", "unknown bot 'greedy:2s'"),
])
def test_unknown_specs_are_bad_options(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        make_bot(spec)


def test_play_and_simulate_accept_levels_and_specs() -> None:
    runner = CliRunner()
    played = runner.invoke(app, ["play", "sealed_bids", "--bot", "ismcts:20i", "--seed", "3"],
                           input="1\n" * 30)
    assert played.exit_code == 0, played.output
    simulated = runner.invoke(app, ["simulate", "sealed_bids", "-n", "4", "--bots", "easy,ismcts:10i"])
    assert simulated.exit_code == 0, simulated.output
    bad = runner.invoke(app, ["play", "sealed_bids", "--bot", "grandmaster"])
    assert bad.exit_code == 2 and "unknown bot 'grandmaster'" in bad.output


def test_observation_splitting_can_be_turned_off() -> None:
    on, off = make_bot("ismcts:50i"), make_bot("ismcts:50i:o0")
    assert isinstance(on, IsmctsBot) and isinstance(off, IsmctsBot)
    assert on.settings.observe and not off.settings.observe


def test_each_game_states_its_bot_settings_and_they_are_not_recursive() -> None:
    for game in all_games():
        assert isinstance(game.bot_settings, BotSettings), game.id
        assert not game.bot_settings.tuned.tuned, game.id
    with pytest.raises(ValueError, match="tuned"):
        BotSettings(tuned=SearchSettings(tuned=True))
