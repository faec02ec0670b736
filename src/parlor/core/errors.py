"""Errors that name what is wrong. Each class carries a stable `code` the server and CLI map to messages."""

from __future__ import annotations


class ParlorError(Exception):
    """Base of every error parlor raises on purpose; `str(err)` is a sentence for a person."""

    code = "error"


class IllegalMove(ParlorError):
    """A well-formed move that the rules forbid now; the message starts with the rule ID."""

    code = "illegal_move"


class NotYourTurn(ParlorError):
    """A seat tried to move while it is not among the actors."""

    code = "not_your_turn"


class BadMove(ParlorError):
    """A move that cannot even be read: unknown kind, missing or mistyped field, bad notation."""

    code = "bad_move"


class StaleIndex(ParlorError):
    """A move sent for a position that has already moved on."""

    code = "stale_index"


class BadRecord(ParlorError):
    """A game record that cannot be read or does not replay."""

    code = "bad_record"


class BadScenario(ParlorError):
    """A scenario description that names something unknown or impossible."""

    code = "bad_scenario"


class BadOptions(ParlorError):
    """Unknown option name or a value of the wrong type."""

    code = "bad_options"


class DataError(ParlorError):
    """A data file that is malformed; the message names the file and the entry."""

    code = "bad_data"


class UnknownGame(ParlorError):
    """No registered game has this id."""

    code = "unknown_game"


class UndoRefused(ParlorError):
    """An undo that would take back a move after which hidden information was revealed."""

    code = "undo_refused"
