"""The `parlor` command, driven in-process with the fixture game registered by tests/conftest.py."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlor
from parlor.cli.main import app
from parlor.cli.words import WORDS
from parlor.core import GameRecord, get_game
from parlor.core.text import LANGS
from parlor.games.starroad.data import DATA_DIR

from .terminal import LATIN_MARKS_IN_CHINESE

runner = CliRunner()


def invoke(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def test_games_lists_ids_and_players_and_one_game_its_options() -> None:
    out = invoke("games")
    assert out.exit_code == 0
    assert "sealed_bids" in out.stdout and "2–4 players" in out.stdout
    one = invoke("games", "sealed_bids")
    assert one.exit_code == 0 and "rounds=4" in one.stdout


def test_help_reads_each_command_as_one_sentence() -> None:
    """A command's summary is one paragraph on the screen: the docstring's own line breaks are not
    printed in the middle of a sentence ("Elo-like" / "ratings" on two lines before)."""
    listing = runner.invoke(app, ["--help"], env={"COLUMNS": "240"}, terminal_width=240)
    assert listing.exit_code == 0
    lines = listing.stdout.splitlines()
    arena = next(line for line in lines if "arena" in line and "Seat-rotated" in line)
    assert "Elo-like ratings (Bradley-Terry)" in arena and "shares its deal" in arena
    play = next(line for line in lines if " play " in line)
    assert "move's notation;" in play and "lists the commands" in play


def test_games_speak_the_players_language() -> None:
    """The list and a game's options read in the catalogs' words: titles, labels, values."""
    listing = invoke("games", "--lang", "zh_TW")
    assert "歌劇院" in listing.stdout and "2–4 位玩家" in listing.stdout and "Players" not in listing.stdout
    opera = invoke("games", "opera", "--lang", "zh_TW").stdout
    catalog = get_game("opera").catalogs()["zh_TW"]
    assert catalog.options["min_bid"].label in opera and "min_bid=0" in opera
    assert f"track_room：{catalog.options['bid_cap_mode'].values['track_room']}" in opera
    assert not LATIN_MARKS_IN_CHINESE.search(opera), LATIN_MARKS_IN_CHINESE.search(opera)
    spanish = invoke("games", "starroad", "--lang", "es").stdout
    assert get_game("starroad").catalogs()["es"].options["team_mode"].label in spanish
    assert "Options" not in spanish


@pytest.mark.parametrize("lang", ["zh_TW", "es"])
def test_errors_a_player_makes_read_in_their_language(lang: str, tmp_path: Path) -> None:
    broken, foreign = tmp_path / "broken.json", tmp_path / "foreign.json"
    broken.write_text("{not json", encoding="utf-8")
    foreign.write_text('{"chess": "e4"}', encoding="utf-8")
    cases = [
        (("play", "chess"), "error_unknown_game"),
        (("play", "sealed_bids", "--players", "9"), "error_player_count"),
        (("play", "sealed_bids", "-o", "speed=3"), "error_unknown_option"),
        (("play", "sealed_bids", "-o", "rounds=x"), "error_option_type"),
        (("play", "sealed_bids", "-o", "rounds"), "error_option_syntax"),
        (("play", "sealed_bids", "--bot", "genius"), "error_unknown_bot"),
        (("play", "sealed_bids", "--players", "2", "--seat", "5"), "error_seat_range"),
        (("replay", str(tmp_path / "missing.json")), "error_no_file"),
        (("play",), "error_no_game"),
        (("play", "--resume", str(broken)), "error_save_not_json"),
        (("play", "--resume", str(foreign)), "error_save_not_record"),
        (("score", "chess"), "error_score_game"),
    ]
    prefix = WORDS[lang]["error"].split("{detail}")[0]
    for args, key in cases:
        code, err = errors(*args, "--lang", lang)
        opening = WORDS[lang][key].split("{")[0]
        assert code == 2 and err.startswith(prefix + opening), (args, err)


def test_every_error_reason_is_worded_in_every_language() -> None:
    """An error raised with a `reason` is worded by the terminal (`error_<reason>`) in en, zh_TW, es."""
    root = Path(parlor.__file__).parent
    reasons = {reason for part in ("core", "cli", "ai") for path in (root / part).rglob("*.py")
               for reason in re.findall(r'reason="(\w+)"', path.read_text(encoding="utf-8"))}
    assert {"unknown_game", "unknown_option", "player_count"} <= reasons
    missing = [(lang, reason) for reason in sorted(reasons) for lang in LANGS
               if f"error_{reason}" not in WORDS[lang]]
    assert not missing


def test_play_a_whole_game_by_numbers_and_save_the_record(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    out = invoke("play", "sealed_bids", "--players", "3", "--seat", "2", "--bot", "random",
                 "--seed", "5", "--record", str(record), input="1\n" * 40)
    assert out.exit_code == 0, out.stdout
    assert "Final result" in out.stdout and "Your choices" in out.stdout
    # the way to look back at the game with the hard bot, as a command that runs (seats count from 1)
    command = f"parlor replay {record} --seat 2 --analyse"
    assert command in " ".join(out.stdout.split())
    analysed = invoke(*command.split()[1:])
    assert analysed.exit_code == 0 and "chose as the hard bot would have" in analysed.stdout, analysed.stdout
    rec = GameRecord.load(record)
    assert rec.game == "sealed_bids" and rec.players == 3 and rec.seed == 5
    replayed = invoke("replay", str(record))
    assert replayed.exit_code == 0 and "moves replayed" in replayed.stdout


def test_play_accepts_notation_and_explains_illegal_moves() -> None:
    out = invoke("play", "sealed_bids", "--seed", "5", "--bot", "random", "--name", "Ada",
                 input="bid card=999\nfly\n" + "1\n" * 30)
    assert out.exit_code == 0
    assert "SB-2: card 999 is not in Ada's hand" in out.stdout
    assert "'fly' is neither a command nor a move" in out.stdout


def test_play_in_chinese_and_quit_midway(tmp_path: Path) -> None:
    record = tmp_path / "left.json"
    out = invoke("play", "sealed_bids", "--seed", "2", "--lang", "zh_TW", "--record", str(record),
                 input="1\nq\n")
    assert out.exit_code == 0 and "已離開遊戲" in out.stdout
    assert "密封出價" in out.stdout
    assert len(GameRecord.load(record).moves) >= 1


def test_simulate_prints_win_rates_by_bot_and_seat() -> None:
    out = invoke("simulate", "sealed_bids", "-n", "30", "--players", "2", "--bots",
                 "greedy,random", "--seed", "3")
    assert out.exit_code == 0, out.stdout
    assert "By bot" in out.stdout and "By seat" in out.stdout and "games/s" in out.stdout
    assert "greedy" in out.stdout and "30 games" in out.stdout
    assert seat_column(out.stdout, "By seat") == ["1", "2"]  # players count seats from 1


def seat_column(text: str, title: str) -> list[str]:
    """The first column of the rich table titled `title` in `text`, its body rows only."""
    table = text.split(title, 1)[1]
    body = table.split("┡", 1)[1].split("└", 1)[0]
    return [row.split("│")[1].strip() for row in body.splitlines() if row.startswith("│")]


def test_replay_step_walks_every_move(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    invoke("play", "sealed_bids", "--seed", "9", "--record", str(record), input="1\n" * 30)
    out = invoke("replay", str(record), "--step")
    moves = len(GameRecord.load(record).moves)
    assert out.exit_code == 0 and f"Move {moves} of {moves}" in out.stdout and "Bids revealed" in out.stdout


def test_scenario_prints_position_and_legal_moves(tmp_path: Path) -> None:
    spec = tmp_path / "s.toml"
    spec.write_text('players = 2\nhands = [[1, 2], [3, 4]]\nprize = 3\n')
    out = invoke("scenario", "sealed_bids", str(spec))
    assert out.exit_code == 0, out.stdout
    assert "Seat 1 to decide" in out.stdout and "bid card=2" in out.stdout


def errors(*args: str) -> tuple[int, str]:
    out = invoke(*args)
    return out.exit_code, out.stderr.strip()


def test_errors_are_one_line_with_exit_code_2(tmp_path: Path) -> None:
    bad_record = tmp_path / "bad.json"
    bad_record.write_text(json.dumps({"format": 1, "game": "sealed_bids"}))
    bad_spec = tmp_path / "bad.json5"
    bad_spec.write_text("{nope")
    cases = [
        (("play", "chess"), "there is no game 'chess'"),
        (("play", "sealed_bids", "--players", "9"), "2 to 4 players, not 9"),
        (("play", "sealed_bids", "-o", "speed=3"), "there is no option 'speed'"),
        (("play", "sealed_bids", "--bot", "genius"), "there is no bot 'genius'"),
        (("replay", str(bad_record)), "bad.json: record field 'rules_version'"),
        (("replay", str(tmp_path / "missing.json")), "there is no file"),
        (("scenario", "sealed_bids", str(bad_spec)), "bad.json5: not JSON"),
        (("simulate", "sealed_bids", "--bots", ","), "--bots needs at least one bot"),
    ]
    for args, message in cases:
        code, err = errors(*args)
        assert code == 2 and message in err and "\n" not in err, (args, err)


def test_console_script_reports_errors_without_traceback() -> None:
    proc = subprocess.run([sys.executable, "-m", "parlor.cli.main", "replay", "/no/such/file"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr.strip().startswith("parlor: error:") and "Traceback" not in proc.stderr


def test_the_command_line_loads_no_study_or_report_library() -> None:
    """`parlor play`, `replay` and the other commands start without pyarrow (studies) and
    matplotlib (reports), and so numpy: every terminal game and replay pays for what it imports.
    A command that needs them imports them itself."""
    script = ("import sys, parlor.cli.main; "
              "print(sorted({m.split('.')[0] for m in sys.modules} & {'pyarrow', 'numpy', 'matplotlib'}))")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         check=True).stdout
    assert out.strip() == "[]"


def test_view_lists_of_names_are_shown_literally() -> None:
    """Regression (found on Opera): Rich markup swallowed `[bach, handel]` in the view tree."""
    from rich.console import Console

    from parlor.cli.render import view_tree

    console = Console(width=100, record=True)
    console.print(view_tree({"ladder": ["[bach]", "handel"], "[odd]": 1}, "t"))
    text = console.export_text()
    assert "Ladder: [bach], handel" in text and "[odd]: 1" in text


def test_view_tree_is_compact_and_localised() -> None:
    """Small records fit one line, empty values are left out, ids show their localised names, keys
    their `[ui]` labels (as in the browser's generic view; else the key made readable)."""
    from rich.console import Console

    from parlor.cli.render import view_tree
    from parlor.core.text import Catalog

    catalog = Catalog("zh_TW", {"names": {"wolf_cage": "狼籠"},
                                "ui": {"tricks": "戲法", "magician": "魔術師", "coins": "金錢"}},
                      "zh_TW.toml")
    view = {"tricks": ["wolf_cage"], "magician": {"owned": True, "hired": False, "coins": 3},
            "hand": [], "poster": None}
    console = Console(width=100, record=True)
    console.print(view_tree(view, "t", catalog))
    text = console.export_text()
    assert "戲法：狼籠" in text and "魔術師：Owned，金錢=3" in text  # Chinese marks in a Chinese tree
    assert "tricks" not in text and "hand" not in text.lower() and "poster" not in text.lower()


SHARED_CHART = Path(__file__).resolve().parents[2].parent / "shared/rules/starroad/data/objects.toml"


def test_starroad_check_chart_accepts_the_designed_chart_and_explains_errors(tmp_path: Path) -> None:
    """SR-20: `parlor starroad check-chart` says valid, or lists each problem with exit code 1."""
    ok = invoke("starroad", "check-chart", str(SHARED_CHART))
    assert ok.exit_code == 0 and "a valid chart" in ok.stdout
    bad = tmp_path / "chart.toml"
    bad.write_text('[object.0001]\nname = "x"\n')
    out = invoke("starroad", "check-chart", str(bad))
    assert out.exit_code == 1 and "Line 1, object x: missing field 'cost' (SR-20.2)" in out.stdout
    missing = invoke("starroad", "check-chart", str(tmp_path / "none.toml"))
    assert missing.exit_code == 2 and "there is no file" in missing.stderr


@pytest.mark.parametrize(("lang", "heading", "first", "second"), [
    ("zh_TW", "2 個問題：", "第 {range} 行，物件「雷射」：不明的欄位 'range'",
     "第 {cost} 行，物件「雷射」：欄位 'cost' 必須是整數，目前是 'four'"),
    ("es", "problemas encontrados: 2:", "Línea {range}, objeto Laser: campo desconocido 'range'",
     "Línea {cost}, objeto Laser: el campo 'cost' debe ser un número entero, no 'four'"),
])
def test_starroad_check_chart_words_each_problem_in_the_chosen_language(
        tmp_path: Path, lang: str, heading: str, first: str, second: str) -> None:
    """SR-20.2: the packaged chart with one design renamed by its author, given a field the format
    lacks and a text for its cost: both problems in --lang, the author's names as written."""
    chart = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
    start = chart.index("[object.1011]")
    end = chart.index("[object.", start + 1)
    entry = chart[start:end]
    entry = re.sub(r'^name = ".*"$', 'name = "Laser"', entry, count=1, flags=re.M)
    entry = re.sub(r'^name_zh = ".*"$', 'name_zh = "雷射"', entry, count=1, flags=re.M)
    entry = re.sub(r"^cost = \d+$", 'cost = "four"', entry, count=1, flags=re.M)
    text = chart[:start] + entry.replace("[object.1011]\n", "[object.1011]\nrange = 3\n") + chart[end:]
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    at = {"range": lines.index("range = 3") + 1, "cost": lines.index('cost = "four"') + 1}
    out = invoke("starroad", "check-chart", str(path), "--lang", lang)
    # rich wraps lines to the terminal's width: compare without any white space
    bare = "".join(out.stdout.split())
    assert out.exit_code == 1, out.stdout
    expected = f"{heading}-{first.format(**at)}-{second.format(**at)}"
    assert bare.endswith("".join(expected.split())), out.stdout
    assert not re.search(r"\b(?:unknown|field|must|Line|object|problem)\b", out.stdout)


def test_playing_with_an_invalid_chart_words_its_problems_in_one_line(tmp_path: Path) -> None:
    """SR-20: `parlor play starroad --option chart=FILE --lang zh_TW` refuses a chart with a mistake
    in one line, the problem in Chinese with its line and the design's own name."""
    chart = (DATA_DIR / "objects.toml").read_text(encoding="utf-8")
    bad = tmp_path / "mine.toml"
    bad.write_text(chart.replace("[object.1011]\n", "[object.1011]\nrange = 3\n", 1), encoding="utf-8")
    line = bad.read_text(encoding="utf-8").splitlines().index("range = 3") + 1
    out = runner.invoke(app, ["play", "starroad", "--players", "2", "--bot", "random",
                              "--option", f"chart={bad}", "--lang", "zh_TW"])
    assert out.exit_code == 2 and out.stderr.count("\n") == 1, out.output
    assert out.stderr == f"parlor：錯誤：設計表：1 個問題：第 {line} 行，物件「投石索」：不明的欄位 'range'\n"


def test_the_coach_says_after_each_decision_what_the_hard_bot_would_have_played() -> None:
    """`parlor play --coach`: under the next screen, the player's last decision with a choice set
    beside the hard bot's (the move they made with its share of the search, then the bot's choice or
    that it agrees), as `hint` would have said there; without --coach, nothing of it."""
    from parlor.cli.words import say

    args = ("play", "opera", "--players", "2", "--seed", "3", "--lang", "es")
    coached = invoke(*args, "--coach", input="2\n2\nquit\n")
    assert coached.exit_code == 0, coached.stdout
    text = coached.stdout
    assert text.count(say("es", "coach_title")) >= 2, text    # after each of the two decisions
    after = text.split(say("es", "coach_title"))[1].splitlines()
    share = r" \(\d+% de su búsqueda\)"
    assert re.fullmatch(rf"Jugaste .+{share}", after[1].strip()), after[:3]
    bot = after[2].strip()
    assert bot == say("es", "hint_agrees") or re.fullmatch(rf"El bot difícil elegiría .+{share}", bot), after
    plain = invoke(*args, input="2\n2\nquit\n")
    assert plain.exit_code == 0 and say("es", "coach_title") not in plain.stdout
