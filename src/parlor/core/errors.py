"""Errors that name what is wrong. Each class carries a stable `code` the server and CLI map to messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence


class ParlorError(Exception):
    """Base of every error parlor raises on purpose; `str(err)` is a sentence for a person.
    A kind of error names its code where it subclasses: `class BadMove(ParlorError, code=...)`."""

    code = "error"

    def __init__(self, message: str = "", *, reason: str | None = None,
                 problems: Sequence[Mapping[str, object]] = (), **params: object) -> None:
        """`message` is the English sentence; `reason` (with its `params`) names the case for a
        surface that words it in the reader's language (the terminal's `error_<reason>` texts);
        `problems` lists each problem of a file found at once (a reason, params and place each).

        >>> err = BadOptions("unknown option 'x'", reason="unknown_option", name="x")
        >>> err.reason, err.params, str(err)
        ('unknown_option', {'name': 'x'}, "unknown option 'x'")
        """
        super().__init__(message)
        self.reason = reason
        self.params = params
        self.problems = tuple(problems)

    def __init_subclass__(cls, code: str | None = None, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if code is not None:
            cls.code = code


class IllegalMove(ParlorError, code="illegal_move"):
    """A well-formed move that the rules forbid now; the message starts with the rule ID."""


class NotYourTurn(ParlorError, code="not_your_turn"):
    """A seat tried to move while it is not among the actors."""


class BadMove(ParlorError, code="bad_move"):
    """A move that cannot even be read: unknown kind, missing or mistyped field, bad notation."""


class StaleIndex(ParlorError, code="stale_index"):
    """A move sent for a position that has already moved on."""


class BadRecord(ParlorError, code="bad_record"):
    """A game record that cannot be read or does not replay."""


class BadScenario(ParlorError, code="bad_scenario"):
    """A scenario description that names something unknown or impossible."""


class BadOptions(ParlorError, code="bad_options"):
    """Unknown option name or a value of the wrong type."""


class DataError(ParlorError, code="bad_data"):
    """A data file that is malformed; the message names the file and the entry."""


class UnknownGame(ParlorError, code="unknown_game"):
    """No registered game has this id."""


class UndoRefused(ParlorError, code="undo_refused"):
    """An undo that would take back a move after which hidden information was revealed."""
