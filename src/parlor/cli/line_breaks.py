"""Where the terminal may break a line of Chinese: between any two characters, as Chinese is set.

Rich wraps text at spaces only, so a Chinese sentence (no spaces) was one long "word": a paragraph
broke at the last space before it ("每個 3" / "級戲法…") and left half a line empty, and a sentence
longer than the screen was cut anywhere, a "，" or "）" starting the next line. `install` teaches
Rich's wrapping (its module's word pattern) that each Chinese character is a word of its own, with
the closing marks that follow it and the opening marks before it kept on its line, as Chinese
typesetting keeps them (no line starts with "，" or ends with "（").
A line of phrases, such as a status line, breaks between its phrases (`broken_between_phrases`).
"""

from __future__ import annotations

import re

import rich._wrap
from rich.text import Text

# Characters set one by one: kana, CJK ideographs, full-width forms and CJK punctuation.
CJK = "\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
OPENING = "（「『【〔《〈［｛"
CLOSING = "，。、；：？！）」』】〕》〉］｝％…・"

# A word: the opening marks before it, then a Chinese character or a run of other characters (a Latin
# word, a number, "TR-16.3"), then the closing marks after it; with the spaces around it, as Rich's
# own pattern.
WORD = re.compile(rf"\s*[{OPENING}]*(?:[{CJK}][{CLOSING}]*|[^\s{CJK}]+[{CLOSING}]*)\s*")
BETWEEN_PHRASES = re.compile(r" {2,}")


def broken_between_phrases(text: Text, width: int) -> Text:
    """`text`, phrases set two spaces apart (a status line: "Round 1/40  Turn 1: Bot 3 (easy)  ..."),
    in lines of at most `width` cells broken between its phrases: each phrase goes on the line while
    it fits, else starts the next one. Word by word, a label was parted from its value ("Active:" /
    "Bot 3 (easy)"), and Chinese, which may break between any two characters, parted a name ("電腦 2"
    / "（簡單）"). A phrase longer than a line is left to wrap as any text."""
    cuts = [offset for gap in BETWEEN_PHRASES.finditer(text.plain) for offset in gap.span()]
    pieces = text.divide(cuts)
    lines: list[Text] = []
    for phrase in (piece for piece in pieces if piece.plain.strip()):  # the gaps left out
        if lines and lines[-1].cell_len + 2 + phrase.cell_len <= width:
            lines[-1].append("  ").append_text(phrase)
        else:
            lines.append(phrase)
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
