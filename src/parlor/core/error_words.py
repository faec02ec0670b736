"""The words of errors every surface shows (the terminal, the browser's lobby), in English, Traditional
Chinese and Spanish (`error_words.<lang>.toml`): `error_<reason>` for each `reason` a core error
names (with its params as fields), and `type_<type>` for an option's type. The terminal's own words
(parlor.cli.words) add to these; the server sends them with each game's catalog, so the browser words
the same errors the same way.
"""

from __future__ import annotations

from pathlib import Path

from .text import word_tables

ERROR_WORDS: dict[str, dict[str, str]] = word_tables(Path(__file__).parent, "error_words")


def error_words(lang: str) -> dict[str, str]:
    """The error words of `lang` (English for a language parlor does not speak)."""
    return ERROR_WORDS.get(lang, ERROR_WORDS["en"])
