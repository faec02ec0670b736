"""Where the terminal may break a line of Chinese: between any two characters, as Chinese is set.

Rich wraps text at spaces only, so a Chinese sentence (no spaces) was one long "word": a paragraph
broke at the last space before it ("每個 3" / "級戲法…") and left half a line empty, and a sentence
longer than the screen was cut anywhere, a "，" or "）" starting the next line. `install` teaches
Rich's wrapping (its module's word pattern) that each Chinese character is a word of its own, with
the closing marks that follow it and the opening marks before it kept on its line, as Chinese
typesetting keeps them (no line starts with "，" or ends with "（").
A no-break space (U+00A0) joins the words on either side, as in typesetting: `broken_between_phrases`
uses it so that a status line ("Round 1/40  Turn 1: Bot 3 (easy)  ...") breaks only between its
phrases, never between a label and its value.
"""

from __future__ import annotations

import re

import rich._wrap
from rich.console import Console
from rich.text import Text

# Characters set one by one: kana, CJK ideographs, full-width forms and CJK punctuation.
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
OPENING = "（「『【〔《〈［｛"
CLOSING = "，。、；：？！）」』】〕》〉］｝％…・"

# A word: the opening marks before it, then a Chinese character or a run of other characters (a Latin
# word, a number, "TR-16.3"), then the closing marks after it; with the spaces around it, as Rich's
# own pattern. A no-break space is part of the word it stands in, not a space around one.
NO_BREAK = "\u00a0"
SPACE = rf"[^\S{NO_BREAK}]"
WORD = re.compile(rf"{SPACE}*[{OPENING}]*(?:[{CJK}][{CLOSING}]*|(?:[^\s{CJK}]|{NO_BREAK})+[{CLOSING}]*)"
                  rf"{SPACE}*")
LONE_SPACE = re.compile(r"(?<! ) (?! )")


def broken_between_phrases(text: Text, console: Console, width: int) -> Text:
    """`text` (phrases set two spaces apart, such as a status line) in lines of at most `width`
    cells, broken only between its phrases where it can be: a no-break space holds each phrase's
    words together while Rich wraps it, and is a plain space again in the lines printed. (Chinese
    characters still break one by one: a phrase longer than a line must break somewhere.)"""
    held = text.copy()
    held.plain = LONE_SPACE.sub(NO_BREAK, text.plain)  # as long as before: the styles stay in place
    lines = held.wrap(console, width)
    for line in lines:
        line.plain = line.plain.replace(NO_BREAK, " ")
    return Text("\n").join(lines)


TRAILING_SPACE = re.compile(r"\s+$")


def _rstrip_end(self: Text, size: int) -> None:
    """Rich's `Text.rstrip_end` measured in cells, not characters: Rich counted a Chinese line's
    characters, kept the spaces that ran past its width, and then cut the line's last word with
    "…" ("贊助者價值：A 5  B …", the "3" lost). Spaces are one cell each."""
    excess = self.cell_len - size
    if excess > 0:
        found = TRAILING_SPACE.search(self.plain)
        if found is not None:
            self.right_crop(min(len(found.group(0)), excess))


def install() -> None:
    """Make Rich break Chinese lines between characters and trim a wrapped line's spaces by its
    width in cells (idempotent)."""
    rich._wrap.re_word = WORD
    Text.rstrip_end = _rstrip_end  # type: ignore[method-assign]
