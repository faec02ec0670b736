"""`parlor setup GAME`: a game's set-up for a real table in the terminal, each fact with its rule, in
the player's language, the options that change it turned on with --with; mistakes in one line."""

from __future__ import annotations

from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.core import get_game

runner = CliRunner()


def words(text: str) -> str:
    """The output with its line breaks and the table's padding folded (Rich wraps long facts)."""
    return "".join(text.split())


def test_the_set_up_of_a_player_count_and_a_variant_in_chinese() -> None:
    args = ["setup", "opera", "-p", "3", "--with", "short_game_7_rounds", "--lang", "zh_TW"]
    out = runner.invoke(app, args, env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.stdout
    assert out.stdout.startswith("歌劇院：3 人遊戲的設置") and "使用：短局（7 回合）" in out.stdout
    game = get_game("opera")
    guide = game.setup_guide()
    assert guide is not None
    catalog = game.catalogs()["zh_TW"]
    for fact in guide.facts(3, game.make_options({"short_game_7_rounds": True})):
        assert fact.rule in out.stdout and words(fact.words(catalog)) in words(out.stdout), fact.key
    assert "共 7 回合" in out.stdout  # OP-16.2: the variant's rounds, not the 9 of OP-5.1
    plain = runner.invoke(app, ["setup", "opera"], env={"COLUMNS": "80"})
    assert plain.exit_code == 0 and "Opera: setting up for 2 players" in plain.stdout  # the fewest players
    assert "9 rounds" in plain.stdout


def test_mistakes_are_one_line_in_the_players_language() -> None:
    for args, said in ((["setup", "opera", "--with", "dark_alley", "--lang", "es"],
                        "no hay ninguna opción 'dark_alley'"),
                       (["setup", "opera", "-p", "7"], "this game is for 2 to 4 players, not 7"),
                       (["setup", "sealed_bids", "--lang", "zh_TW"], "parlor setup 只認得"),
                       (["setup", "chess"], "there is no game 'chess'")):
        out = runner.invoke(app, args)
        assert out.exit_code == 2, (args, out.stdout)
        assert said in out.stderr and len(out.stderr.strip().splitlines()) == 1, (args, out.stderr)
