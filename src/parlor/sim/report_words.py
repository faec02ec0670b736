"""The words of `parlor report`'s page in English, Traditional Chinese and Spanish (`--lang`), kept in
`text/report.<lang>.toml`.

A game's own words on the page (its statistics' labels and their values' names) come from its text
catalog in the same language; a design lab's sections from the game's `lab_pages()`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlor.core import BadOptions
from parlor.core.text import LANGS, PUNCTUATION, fill_words, word_tables

REPORT_WORDS: dict[str, dict[str, str]] = word_tables(Path(__file__).parent / "text", "report")


def report_words(key: str, lang: str, **fields: Any) -> str:
    """The report's words `key` in `lang` (en, zh_TW or es), with `fields` filled in."""
    words = REPORT_WORDS[lang][key]
    return fill_words(words, **fields) if fields else words


class Words:
    """The report's words in one language, and that language's marks (`say("seat_n", n=2)`)."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise BadOptions(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self.marks = PUNCTUATION[lang]

    def __call__(self, key: str, **fields: Any) -> str:
        return report_words(key, self.lang, **fields)
