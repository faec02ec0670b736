"""`parlor play` as a player meets it, through a 100x40 pseudo-terminal, for every game in every language:
each screen fits and shows no raw id, 0-based seat or English interface word; help, rules, card and ?N
answer; a number out of range and an unknown word get one helpful line; undo takes a move back when it
revealed nothing (and says why not otherwise); save writes the game; a terminal closed mid-game resumes
at the same position; `parlor replay --step` shows the positions."""

from __future__ import annotations

import io
import json
import os
import subprocess
import time
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from installed_games import INSTALLED
from parlor.cli.saves import SavedGame, load_saved
from parlor.cli.screens import screen_for
from parlor.cli.session import Session
from parlor.cli.words import WORDS, say
from parlor.core import GameRecord, get_game
from parlor.core.text import LANGS

from .terminal import PARLOR, ROOT, Terminal, plain, problems, title

# game -> players, seed (a seed whose first own move can be taken back where the game allows it);
# a game not named plays its fewest players from seed 1
CHOSEN = {"trickerion": (2, 4), "opera": (3, 4), "skyrise": (2, 4), "starroad": (3, 5)}
GAMES = {game_id: CHOSEN.get(game_id, (get_game(game_id).min_players, 1)) for game_id in INSTALLED}
# Opera's every decision is a bid or follows one: bids are opened, so undo is refused (reveal)
UNDO_REFUSED = {"opera"}
DECISIONS = 4


def check(screen: str, lang: str, where: str) -> None:
    found = problems(screen, lang)
    assert not found, f"{where}:\n" + "\n".join(found) + "\n" + screen


def a_card(game_id: str, lang: str) -> list[str]:
    """A card `card NAME` must find, as the screen's card table writes it."""
    game = get_game(game_id)
    session = Session(game, SavedGame(GameRecord.start(game, GAMES[game_id][0], 1), Path("unused.json"), 0,
                                      "easy", lang, ""), Console(file=io.StringIO()))
    cards = screen_for(game_id).cards(session.context())
    names = [lines[0] for lines in cards.values()]
    lines = next(lines for lines in cards.values() if names.count(lines[0]) == 1)
    return lines


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_game_in_the_terminal(game_id: str, lang: str, tmp_path: Path) -> None:
    players, seed = GAMES[game_id]
    data = tmp_path / "data"
    term = Terminal(["play", game_id, "--players", str(players), "--seed", str(seed), "--lang", lang], data,
                    lang)
    first = term.screen()
    check(first, lang, "first screen")
    opening = plain(term.transcript[0])
    assert say(lang, "autosave", path="")[:6] in opening and str(data) in opening

    help_text = term.answer("help")
    for key in ("help_title", "help_card", "help_undo", "help_rules", "help_quit"):
        assert say(lang, key) in " ".join(help_text.split()).replace(" ", "") or \
            say(lang, key).replace(" ", "") in help_text.replace(" ", "").replace("\n", ""), (key, help_text)

    rules = term.answer("rules")
    written = get_game(game_id).rules_text(lang)
    if written.strip():
        first_words = next(line for line in written.splitlines() if line.strip()).lstrip("# ").strip()
        assert first_words.split()[0] in rules
    else:
        polite = say(lang, "rules_none", title=title(game_id, lang))
        assert " ".join(polite.split()) in " ".join(rules.split())

    card = a_card(game_id, lang)
    shown = " ".join(term.answer(f"card {card[0]}").split())
    assert " ".join(card[1].split()) in shown, (card, shown)
    assert say(lang, "card_none", name="zzzz")[:8] in term.answer("card zzzz")
    about = term.answer("?1")
    assert about.strip(), "?1 printed nothing"

    assert " ".join(say(lang, "out_of_range", number=999, count=0).split()[:3]) in term.answer("999")
    unknown = " ".join(term.answer("frobnicate").split())
    assert "frobnicate" in unknown and say(lang, "unknown_word", word="frobnicate", count=1)[:12] in unknown

    # undo right after the first decision (with these seeds it revealed nothing, except in Opera)
    screen = term.move("1")
    check(screen, lang, "after the first decision")
    if game_id in UNDO_REFUSED:
        assert say(lang, "undo_revealed")[:20] in " ".join(term.answer("undo").split())
    else:
        term.child.sendline("undo")
        undone = term.screen()
        assert WORDS[lang]["undo_done"].split("{count}")[0] in plain(term.transcript[-1])
        assert undone == first, "undo did not return to the position before the move"
        screen = term.move("1")
    for decision in range(DECISIONS):
        screen = term.move("1")
        check(screen, lang, f"after decision {decision + 2}")

    saved = " ".join(term.answer("save").split())
    path = Path(saved.split(say(lang, "saved", path="").strip(), 1)[-1].strip())
    assert path.is_file() and path.parent == data / "parlor" / "saves", saved
    moves = len(load_saved(path).record.moves)
    assert moves >= DECISIONS

    term.close()  # the terminal is closed in the middle of the game
    resumed = Terminal(["play", "--resume"], data, lang)
    again = resumed.screen()
    assert str(moves) in plain(resumed.transcript[0])
    assert again == screen, "resuming did not continue the same position"
    left = resumed.end("quit")
    assert "--resume" in left
    assert len(load_saved(path).record.moves) == moves

    # a spectator in Chinese, the player's own seat in English and Spanish
    seat = "0" if lang == "zh_TW" else "1"
    stepped = subprocess.run([*PARLOR, "replay", str(path), "--step", "--seat", seat, "--lang", lang],
                             capture_output=True, text=True, timeout=120, cwd=ROOT, stdin=subprocess.DEVNULL,
                             env=dict(os.environ, XDG_DATA_HOME=str(data), COLUMNS="100"))
    text = plain(stepped.stdout)
    assert stepped.returncode == 0, stepped.stderr
    assert say(lang, "before_first") in text
    assert say(lang, "move_of", number=moves, count=moves, name="", move="")[:4] in text
    # each position's header line names the game (its players may be a table or blocks)
    assert text.count(title(game_id, lang)) >= moves + 1, "a position was not drawn after each move"
    seen = say(lang, "spectator_view" if seat == "0" else "seat_view", name=load_names(path, lang))
    assert "".join(seen.split()) in "".join(text.split())  # a line may break between Chinese characters
    for position in text.split("─" * 100)[1:]:
        check(position, lang, "a replayed position")


def test_saved_games_are_listed(tmp_path: Path) -> None:
    term = Terminal(["play", "skyrise", "--seed", "3", "--lang", "es"], tmp_path, "es")
    term.screen()
    term.move("1")
    term.end("quit")
    listing = subprocess.run([*PARLOR, "games", "--saved", "--lang", "es"], capture_output=True, text=True,
                             timeout=60, cwd=ROOT, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path),
                                                            COLUMNS="80"))
    text = plain(listing.stdout)
    assert say("es", "saved_title", folder=tmp_path / "parlor" / "saves") in " ".join(text.split())
    (saved,) = (tmp_path / "parlor" / "saves").iterdir()
    # the file's whole name at 80 columns: it is what --resume takes (it was cut to "skyrise-20261130…")
    assert saved.name in text and "Skyrise" in text and say("es", "state_running") in text
    # saved today: the time alone, whole on the game's line (a full date and time wrapped at 80 columns)
    line = next(line for line in text.splitlines() if saved.name in line)
    assert time.strftime("%H:%M", time.localtime(saved.stat().st_mtime)) in line
    assert time.strftime("%Y-", time.localtime()) not in line
    # the saved game continues in another language when asked
    english = Terminal(["play", "--resume", "--lang", "en"], tmp_path, "en")
    check(english.screen(), "en", "resumed in English")
    assert "--resume" in english.end("quit")


def load_names(path: Path, lang: str) -> str:
    from parlor.cli.session import default_name

    return default_name(lang) if load_saved(path).from_terminal else ""


def test_a_record_that_is_not_utf8_is_one_line(tmp_path: Path) -> None:
    record = tmp_path / "big5.json"
    record.write_bytes(json.dumps({"format": 1, "game": "opera", "names": "歌劇院"}, ensure_ascii=False)
                       .encode("big5"))
    for args in (["replay", str(record), "--step"], ["play", "--resume", str(record)]):
        term = Terminal(args, tmp_path, "en")
        term.child.expect(pexpect.EOF)
        text = plain(term.child.before).strip()
        assert "not UTF-8 text" in text and "Traceback" not in text and text.count("\n") == 0, text
    scenario = tmp_path / "s.toml"
    scenario.write_bytes("players = 2\n名 = '歌劇院'\n".encode("big5"))
    term = Terminal(["scenario", "opera", str(scenario)], tmp_path, "en")
    term.child.expect(pexpect.EOF)
    text = plain(term.child.before).strip()
    assert "not UTF-8 text" in text and "Traceback" not in text and text.count("\n") == 0, text
