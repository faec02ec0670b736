"""What the terminal says, in English, Traditional Chinese and Spanish.

Game words (pieces, moves, events, steps, rules) come from the games' catalogs and players' names from
`parlor.core.naming`; `text/terminal.<lang>.toml` holds the terminal's own sentences and
`text/study.<lang>.toml` those of its study commands (`parlor simulate`, `report`, `arena`). Every
language has every key (checked on loading), so a Chinese or Spanish player never meets an English
prompt.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlor.core import ParlorError, get_game
from parlor.core.error_words import ERROR_WORDS
from parlor.core.problem_words import problems_worded
from parlor.core.text import fill_words, word_tables

# The terminal's own sentences (text/terminal.<lang>.toml), those of its study commands
# (text/study.<lang>.toml) and the errors every surface words (parlor.core.error_words), in one
# table a language, so `say` finds them all.
TERMINAL_WORDS = word_tables(Path(__file__).parent / "text", "terminal")
STUDY_WORDS = word_tables(Path(__file__).parent / "text", "study")
WORDS: dict[str, dict[str, str]] = {lang: {**ERROR_WORDS[lang], **words, **STUDY_WORDS[lang]}
                                    for lang, words in TERMINAL_WORDS.items()}

# "Yes" as a player of any of the terminal's languages types it
YES = frozenset(("y", "yes", "s", "si", "sí", "是", "好"))


def is_yes(answer: str) -> bool:
    return answer.strip().lower() in YES


def say(lang: str, key: str, /, **fields: Any) -> str:
    """The terminal's sentence `key` in `lang`, with `fields` filled in."""
    table = WORDS.get(lang, WORDS["en"])
    return fill_words(table[key], **fields)


def error_line(lang: str, err: ParlorError) -> str:
    """The one line a fixable error prints: worded in `lang` when the error names its case (`reason`),
    else the prefix in `lang` around the error's own English sentence (developer tools' errors)."""
    return say(lang, "error", detail=_error_detail(lang, err))


def _error_detail(lang: str, err: ParlorError) -> str:
    if err.problems and isinstance(err.params.get("game"), str):
        return _problems_detail(lang, str(err.params["game"]), err)
    params = dict(err.params)
    key = f"error_{err.reason}"
    if err.reason == "option_range" and (params.get("min") is None or params.get("max") is None):
        key = "error_option_at_most" if params.get("min") is None else "error_option_at_least"
    if err.reason == "option_type" and f"type_{params.get('type')}" in WORDS["en"]:
        params["type"] = say(lang, f"type_{params['type']}")
    if err.reason is None or key not in WORDS["en"]:
        return str(err)
    return say(lang, key, **params)


def _problems_detail(lang: str, game_id: str, err: ParlorError) -> str:
    """Every problem of a file a game was given (its own chart, say), in one line in `lang`: the
    game's catalog words them, each file named by its option's label."""
    catalog = get_game(game_id).catalogs()[lang]
    labels = {name: described.label for name, described in catalog.options.items()}
    return problems_worded(catalog, list(err.problems), labels)


def lang_of(argv: list[str]) -> str:
    """The `--lang` a command line asks for (`--lang xx` or `--lang=xx`), English when none or unknown."""
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else \
            word.partition("=")[2] if word.startswith("--lang=") else None
        if value in WORDS:
            return value
    return "en"
