"""A study's options as a reader of the report or the terminal reads them: each option by the label
the game's catalog gives it in the reader's language, each value in words ("最低出價：0", "Dark Alley
expansion: yes"), so that a swept option is not shown by its identifier (`min_bid`)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from parlor.core import ParlorError, get_game
from parlor.core.text import Catalog

from .study import Study, load_plugins


def study_catalog(study: Study, lang: str) -> Catalog | None:
    """The study's game's text catalog in `lang`; None for a game without catalogs (or no longer
    registered)."""
    try:
        load_plugins(study.plugins)
        return get_game(study.game).catalogs().get(lang)
    except ParlorError:
        return None


class OptionWords:
    """Options and their values in one language. `yes` and `no` word a switch; `long_text` words a
    text option that holds a whole file (a Star Road chart) from its line count and digest."""

    def __init__(self, catalog: Catalog | None, yes: str, no: str, colon: str,
                 long_text: Callable[[int, str], str]) -> None:
        self.described = catalog.options if catalog is not None else {}
        self.yes, self.no, self.colon = yes, no, colon
        self.long_text = long_text

    def label(self, name: str) -> str:
        """The option's label ("Smallest bid"); its name where the catalog does not describe it."""
        words = self.described.get(name)
        return words.label if words is not None else name

    def value(self, name: str, value: Any) -> str:
        """A value in words: yes or no for a switch, a named value's words, a file's content by its
        size and digest, else the value as typed."""
        words = self.described.get(name)
        if isinstance(value, bool):
            return (self.yes if value else self.no) if words is not None else str(value).lower()
        if words is not None and str(value) in words.values:
            return words.values[str(value)]
        if isinstance(value, str) and ("\n" in value or len(value) > 60):
            digest = hashlib.sha256(value.encode("utf-8")).hexdigest()[:12]
            return self.long_text(len(value.splitlines()), digest)
        return str(value)

    def setting(self, name: str, value: Any) -> str:
        """One option set, "Smallest bid: 2"; as typed after -o ("rounds=3") where the catalog does
        not describe it."""
        if name not in self.described:
            return f"{name}={self.value(name, value)}"
        return f"{self.label(name)}{self.colon}{self.value(name, value)}"
