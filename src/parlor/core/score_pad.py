"""What a game's score pad is made of: the facts it asks for, the engine code that scores them, and
the questions the terminal asks for them.

A game played on a real table is scored by the game's own code: `parlor score GAME` asks the
questions, `POST /api/tools/GAME/score` takes the same facts as JSON (validated by the `facts`
model, which names the body in the server's OpenAPI schema), and both hand them to `score`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .result import Result


class Asker(Protocol):
    """The terminal's questions in the player's language (parlor.cli.score's `Asker`): each answer
    is checked before it is kept; labels are the game catalog's `[ui]`/`[names]` words."""

    def say(self, key: str, **fields: Any) -> str:
        """The pad's own sentence `key` (`for`: "{label} ({name})")."""

    def label(self, key: str, **fields: Any) -> str:
        """The game catalog's [ui] (else [names]) word for `key`, filled with `fields`."""

    def name(self, key: str) -> str:
        """The game catalog's [names] (else [ui]) word for an id."""

    def number(self, question: str, low: int = 0, high: int = 999, default: int = 0) -> int: ...

    def yes(self, question: str, default: bool = False) -> bool: ...

    def choice(self, question: str, ids: list[str], default: str | None = None) -> str: ...

    def choices(self, question: str, ids: list[str], allowed: set[str] | None = None) -> list[str]: ...

    def counts(self, question: str, ids: list[str], high: int = 99) -> dict[str, int]: ...


@dataclass(frozen=True, slots=True)
class ScorePad:
    """A game's score pad.

    `facts` is a pydantic model of what lies on the table at the end (its JSON form is what `score`
    takes); `score` refuses impossible facts with a `parlor.games.pad_refusal.PadRefusal` (or any
    BadScenario); `questions` asks for the facts in the terminal, given the players' names, and
    returns them in the same JSON form; `players` is the player counts the pad offers.
    """

    facts: type[Any]
    score: Callable[[dict[str, Any]], Result]
    questions: Callable[[Asker, list[str]], dict[str, Any]]
    players: tuple[int, int]
    summary: str = ""  # what the pad scores, with the rule IDs (the API route's description)
