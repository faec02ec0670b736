"""Difficulty levels and bot specs, and the CLI commands that take them."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlor.ai import LEVELS, Budget, GreedyBot, IsmctsBot, RandomBot, make_bot
from parlor.ai.search import Search
from parlor.ai.settings import settings_for
from parlor.cli.main import app
from parlor.core import BadOptions, BotSettings, Rng, SearchSettings, all_games, get_game


def test_levels_are_greedy_then_growing_searches() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    easy, medium, hard, expert = (make_bot(name) for name in LEVELS)
    assert isinstance(easy, GreedyBot) and easy.name == "easy"
    searches = [medium, hard, expert]
    for weaker, stronger in pairwise(searches):
        assert isinstance(weaker, IsmctsBot) and isinstance(stronger, IsmctsBot)
        assert weaker.budget.iterations is not None and stronger.budget.iterations is not None
        assert weaker.budget.seconds is not None and stronger.budget.seconds is not None
        assert stronger.budget.iterations > weaker.budget.iterations
        assert stronger.budget.seconds > weaker.budget.seconds
    assert isinstance(medium, IsmctsBot) and isinstance(hard, IsmctsBot)
    assert isinstance(expert, IsmctsBot) and expert.settings.expert
    assert hard.settings.tuned and medium.settings.tuned  # the settings tuned for each game
    trickerion = get_game("trickerion")
    assert settings_for(hard.settings, trickerion, 2) == trickerion.bot_settings.tuned
    assert settings_for(hard.settings, get_game("sealed_bids"), 2) == BotSettings().tuned


def test_spec_parts_set_the_search_settings() -> None:
    bot = make_bot("ismcts:100i:n1:z1:k3:p0.5:c0.3:d0")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == SearchSettings(depth=0, exploration=0.3, normalize=True, center=True,
                                          candidates=3, prior=0.5)
    tuned = make_bot("ismcts:100i:t")
    opera = get_game("opera")
    assert isinstance(tuned, IsmctsBot) and settings_for(tuned.settings, opera, 2) == opera.bot_settings.tuned


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


def test_every_level_spec_parses_and_names_the_bot() -> None:
    for name, level in LEVELS.items():
        assert make_bot(level.spec).name == level.spec and make_bot(name).name == name
        assert level.description


def test_opponent_sampling_is_a_spec_part() -> None:
    bot = make_bot("ismcts:100i:d0:z1:k3:a1:r1")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == SearchSettings(depth=0, center=True, candidates=3, everywhere=True,
                                          sample_opponents=True)
    plain = make_bot("ismcts:100i:r0")
    assert isinstance(plain, IsmctsBot) and not plain.settings.sample_opponents


def test_centring_by_depth_is_a_spec_part() -> None:
    bot = make_bot("ismcts:1000i:d0:z2:k3")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == SearchSettings(depth=0, center=True, center_by_depth=True, candidates=3)
    plain = make_bot("ismcts:1000i:d0:z1:k3")
    assert isinstance(plain, IsmctsBot) and not plain.settings.center_by_depth


def test_a_bounded_tree_depth_is_a_spec_part() -> None:
    bot = make_bot("ismcts:1000i:d0:z2:k3:h6")
    assert isinstance(bot, IsmctsBot) and bot.settings.tree_depth == 6


def test_playing_to_win_is_a_spec_part() -> None:
    bot = make_bot("ismcts:200i:d0:z1:k3:f1")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == SearchSettings(depth=0, center=True, candidates=3, play_to_win=True)
    plain = make_bot("ismcts:200i:d0:z1:k3:f0")
    assert isinstance(plain, IsmctsBot) and not plain.settings.play_to_win


def test_root_candidates_are_a_spec_part() -> None:
    bot = make_bot("ismcts:1000i:m5:d0:z1:k3:b6:a1:o0")
    assert isinstance(bot, IsmctsBot) and bot.trees == 5
    assert bot.settings == SearchSettings(depth=0, center=True, candidates=3, root_candidates=6,
                                          everywhere=True, observe=False)


def test_widening_is_a_spec_part() -> None:
    bot = make_bot("ismcts:1000i:d0:z1:k3:a1:w256")
    assert isinstance(bot, IsmctsBot)
    assert bot.settings == SearchSettings(depth=0, center=True, candidates=3, everywhere=True, widen=256)


def test_expert_searches_the_way_each_game_states() -> None:
    """The expert level spends five times hard's budget with the game's expert search: a game that
    states none votes five of its tuned trees; one that does, searches as it says."""
    hard, expert = make_bot("hard"), make_bot("expert")
    assert isinstance(hard, IsmctsBot) and isinstance(expert, IsmctsBot)
    assert expert.budget.iterations == 5 * hard.budget.iterations  # type: ignore[operator]
    assert expert.settings == SearchSettings(expert=True)
    plain = get_game("sealed_bids")
    assert settings_for(expert.settings, plain, 2) == plain.bot_settings.tuned
    assert plain.bot_settings.expert_trees == 5
    for game in all_games():
        assert settings_for(expert.settings, game, 2) == game.bot_settings.expert_search(2)
    tuned_vote = make_bot("ismcts:m3:600i:t")  # a budget partition may come with t
    assert isinstance(tuned_vote, IsmctsBot) and tuned_vote.trees == 3 and tuned_vote.settings.tuned


def test_levels_search_with_a_games_multiplayer_settings_at_three_players_or_more() -> None:
    """A game may state other tuned settings for three players and more (Opera: greedy's three
    best moves at every node): hard and medium search with them there, and the expert level too
    (its own settings are measured at two players); at two players nothing changes."""
    from fixturegames.sealed_bids import SealedBids

    crowd = SearchSettings(depth=0, center=True, candidates=2, everywhere=True)

    class Crowded(SealedBids):
        bot_settings = BotSettings(tuned=SearchSettings(depth=4), tuned_multiplayer=crowd,
                                   expert=SearchSettings(depth=8))

    game = Crowded()
    hard, expert = make_bot("hard"), make_bot("expert")
    assert isinstance(hard, IsmctsBot) and isinstance(expert, IsmctsBot)
    for players, levels, experts in ((2, SearchSettings(depth=4), SearchSettings(depth=8)),
                                     (3, crowd, crowd), (4, crowd, crowd)):
        state = game.setup(players, 3)
        seat = state.actors()[0]
        assert Search(game, state, seat, Rng(1), hard.settings).settings == levels, players
        assert Search(game, state, seat, Rng(1), expert.settings).settings == experts, players
    opera = get_game("opera")
    assert opera.bot_settings.tuned_for(2) == opera.bot_settings.tuned
    assert opera.bot_settings.tuned_for(3) == opera.bot_settings.tuned_for(4) != opera.bot_settings.tuned
    assert opera.bot_settings.tuned_for(4).everywhere
    with pytest.raises(ValueError, match="cannot themselves"):
        BotSettings(tuned_multiplayer=SearchSettings(expert=True))


def test_expert_takes_its_trees_and_settings_from_the_game() -> None:
    """Sealed Bids stated as searching one tree of 8-move rollouts at the expert level: the expert
    bot searches exactly as that tree does; plain Sealed Bids states nothing, and the expert bot
    searches as five of its tuned trees voting (not as one tree of them)."""
    from fixturegames.sealed_bids import SealedBids

    class OneTree(SealedBids):
        bot_settings = BotSettings(expert=SearchSettings(depth=8), expert_trees=1)

    def search(bot: IsmctsBot, game: SealedBids) -> tuple[object, object]:
        state = game.setup(2, 3)
        move = bot.choose(game, state, state.actors()[0], Rng(5))
        return move, bot.last

    budget = Budget(iterations=40)
    expert = make_bot("ismcts:40i:x")
    assert isinstance(expert, IsmctsBot)
    one_tree, plain = OneTree(), SealedBids()
    assert search(expert, one_tree) == search(IsmctsBot(budget, SearchSettings(depth=8)), one_tree)
    five = search(IsmctsBot(budget, plain.bot_settings.tuned, trees=5), plain)
    assert search(expert, plain) == five
    assert five != search(IsmctsBot(budget, plain.bot_settings.tuned), plain)
    with pytest.raises(ValueError, match="at least one tree"):
        BotSettings(expert_trees=0)
    with pytest.raises(ValueError, match="cannot themselves"):
        BotSettings(expert=SearchSettings(tuned=True))


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
    ("ismcts:z3", "cannot read 'z3'"),
    ("ismcts:r3", "cannot read 'r3'"),
    ("ismcts:m0", "at least one tree"),
    ("ismcts:100i:t:d0", "cannot be combined with other settings \\(depth\\)"),
    ("ismcts:100i:x:k3", "'x' takes the game's expert settings; it cannot be combined with other "
                         "settings \\(candidates\\)"),
    ("ismcts:100i:x:t", "cannot be combined with other settings"),
    ("ismcts:100i:x:m5", "'x' takes the game's number of trees; it cannot come with m5"),
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
    assert bad.exit_code == 2 and "there is no bot 'grandmaster'" in bad.output


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


WEB_I18N = Path(__file__).parents[2] / "web" / "src" / "i18n"


def test_every_level_is_named_in_every_language_on_every_surface() -> None:
    """The server's level list, the names the server gives seats (core.naming) and the web
    client's level names (LEVEL_KEYS and each catalog) all know every level, expert included."""
    from parlor.core.naming import level_name
    from parlor.server.bots import LEVELS as SERVER_LEVELS

    assert "expert" in LEVELS
    index = (WEB_I18N / "index.ts").read_text(encoding="utf-8")
    keys_block = re.search(r"LEVEL_KEYS[^{]*\{(?P<body>[^}]*)\}", index)
    assert keys_block is not None
    web_keys = dict(re.findall(r"(\w+): '(\w+)'", keys_block["body"]))
    catalogs = {lang: (WEB_I18N / f"{lang}.ts").read_text(encoding="utf-8")
                for lang in ("en", "zh_TW", "es")}
    for name in LEVELS:
        assert name in SERVER_LEVELS
        names = {level_name(name, lang) for lang in ("en", "zh_TW", "es")}
        assert len(names) == 3 and level_name(name, "en") == name  # translated, not "custom"
        key = web_keys[name]
        for lang, text in catalogs.items():
            word = re.search(rf"^  {key}: '(?P<word>[^']+)',$", text, re.MULTILINE)
            assert word is not None, (lang, key)
            if name in ("easy", "medium", "hard", "expert"):  # the same word on both surfaces
                assert word["word"] == level_name(name, lang), (lang, name)
    assert [level_name("expert", lang) for lang in ("en", "zh_TW", "es")] == ["expert", "專家", "experto"]
