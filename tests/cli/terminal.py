"""Driving `parlor` in a pseudo-terminal of 100x40 (pexpect), and what every screen must be: it fits, it
names no raw id, counts no seat from 0 and, in zh_TW and es, shows no English word of the interface."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect
from rich.cells import cell_len

from parlor.cli.words import WORDS, say
from parlor.core import get_game

ROOT = Path(__file__).resolve().parents[2]
PARLOR = [sys.executable, "-m", "parlor.cli.main"]
CLEAR = "\x1b[2J\x1b[H"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
WIDTH, HEIGHT = 100, 40

# ids as the engines write them: snake_case words, piece and place codes, character codes
RAW_ID = re.compile(r"\b(?:[a-z]+_[a-z0-9_]+|s\d_\d{3}|cen_[ns][ew]|[a-d]\d\d|c\d\d)\b")
# values the issue saw leak through, and seats counted from 0
RAW_VALUE = re.compile(r"\b(?:face_up|face_down|placed|idle|None|True|False|null)\b|(?<![\d/])-1\b")
SEAT_ZERO = re.compile(r"\b(?:[Ss]eat|Asiento|P)\s?0\b|座位 0")
# Latin list or label punctuation touching Chinese text ("週視卡: 連鎖, 湖泊"): Chinese takes "：", "，", "、"
LATIN_MARKS_IN_CHINESE = re.compile(r"[\u3400-\u9fff）」](?:: |, )|(?:: |, )[\u3400-\u9fff（「]")
# Latin brackets around Chinese words ("電腦 3 (已放棄)"): Chinese writes an aside "（已放棄）"
LATIN_BRACKETS_ON_CHINESE = re.compile(r"\([\u3400-\u9fff]|[\u3400-\u9fff]\)")
# one space between two Chinese characters, which Chinese does not write ("在 中央島嶼 加價"); a
# screen's columns stand apart by two or more
CHINESE = "\u3000-\u303f\u3400-\u9fff\uff00-\uffef"
SPACED_CHINESE = re.compile(f"(?<![ ])[{CHINESE}] [{CHINESE}]")
# English words of the interface that a zh_TW or es screen must not show (es names bots "Bot" too)
ENGLISH_UI = {
    "zh_TW": re.compile(r"Your choices|Your move|Player|Only you see this|Final result|\bRound\b|\bTurn\b"
                        r"|\(you\)|\bBot\b|\bchoices\b"),
    "es": re.compile(r"Your choices|Your move|\bPlayer\b|Only you see this|Final result|\bRound\b|\bTurn\b"
                     r"|\(you\)|\bchoices\b"),
}


class Terminal:
    """One `parlor` process in a 100x40 pseudo-terminal with its own data folder."""

    def __init__(self, args: list[str], data: Path, lang: str, timeout: float = 60) -> None:
        env = dict(os.environ, XDG_DATA_HOME=str(data), COLUMNS=str(WIDTH), LINES=str(HEIGHT),
                   TERM="xterm-256color", PYTHONPATH=str(ROOT / "src"))
        self.lang = lang
        self.prompt = say(lang, "prompt")
        self.child = pexpect.spawn(PARLOR[0], [*PARLOR[1:], *args], env=env, dimensions=(HEIGHT, WIDTH),
                                   encoding="utf-8", timeout=timeout, cwd=str(ROOT))
        self.transcript: list[str] = []

    def until_prompt(self) -> str:
        """Everything printed up to the next prompt, without colours."""
        self.child.expect_exact(self.prompt)
        text = self.child.before
        self.transcript.append(text)
        return text

    def screen(self) -> str:
        """The screen drawn before the next prompt (from the last clearing of the terminal), plain."""
        text = self.until_prompt()
        assert CLEAR in text, f"no screen was drawn:\n{plain(text)}"
        return plain(text.rsplit(CLEAR, 1)[1]) + self.prompt

    def answer(self, text: str) -> str:
        """Send an answer that draws no new screen (a command) and return what it printed."""
        self.child.sendline(text)
        return plain(self.until_prompt()).split("\n", 1)[-1]

    def move(self, text: str) -> str:
        self.child.sendline(text)
        return self.screen()

    def end(self, text: str) -> str:
        """Send a last answer and return everything printed until the process ends."""
        self.child.sendline(text)
        self.child.expect(pexpect.EOF)
        return plain(self.child.before)

    def close(self) -> None:
        """Close the terminal as a window closes: the process gets a hang-up."""
        self.child.close(force=True)


def plain(text: str) -> str:
    return ANSI.sub("", text).replace("\r", "")


def problems(screen: str, lang: str) -> list[str]:
    """Why a screen is not fit to show (empty when it is)."""
    found = []
    lines = screen.rstrip("\n").split("\n")
    if len(lines) > HEIGHT:
        found.append(f"{len(lines)} lines, more than {HEIGHT}")
    for line in lines:
        if cell_len(line) > WIDTH:
            found.append(f"wider than {WIDTH}: {line!r}")
        if "…" in line:
            found.append(f"a clipped label: {line!r}")
    for pattern, what in ((RAW_ID, "raw id"), (RAW_VALUE, "raw value"), (SEAT_ZERO, "seat from 0")):
        for match in pattern.finditer(screen):
            found.append(f"{what} {match.group(0)!r} in {line_of(screen, match.start())!r}")
    if lang == "zh_TW":
        for match in LATIN_MARKS_IN_CHINESE.finditer(screen):
            found.append(f"Latin marks {match.group(0)!r} in Chinese: {line_of(screen, match.start())!r}")
        for match in LATIN_BRACKETS_ON_CHINESE.finditer(screen):
            found.append(f"Latin brackets {match.group(0)!r} in Chinese: {line_of(screen, match.start())!r}")
        for match in SPACED_CHINESE.finditer(screen):
            found.append(f"a space inside Chinese {match.group(0)!r}: {line_of(screen, match.start())!r}")
    if lang != "en":
        for match in ENGLISH_UI[lang].finditer(screen):
            found.append(f"English UI word {match.group(0)!r} in {lang}: {line_of(screen, match.start())!r}")
        for key, english in WORDS["en"].items():
            if len(english) > 12 and "{" not in english and english in screen and WORDS[lang][key] != english:
                found.append(f"untranslated {key!r}")
    return found


def line_of(text: str, index: int) -> str:
    start = text.rfind("\n", 0, index) + 1
    end = text.find("\n", index)
    return text[start:end if end >= 0 else None]


def title(game_id: str, lang: str) -> str:
    return get_game(game_id).title_in(lang)
