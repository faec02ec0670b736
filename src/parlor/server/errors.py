"""Errors the server reports, each with a stable `code` and an HTTP status.

Core errors (`parlor.core.errors`) keep their own codes (`illegal_move`, `not_your_turn`,
`bad_move`, `stale_index`, `undo_refused`, ...); the server adds the ones below.
"""

from __future__ import annotations

from parlor.core import ParlorError

STATUS = {
    "not_found": 404, "unknown_game": 404, "bad_token": 401, "forbidden": 403, "seat_taken": 409,
    "undo_refused": 409, "stale_index": 409, "too_large": 413, "rate_limited": 429, "bad_record": 409,
    "method_not_allowed": 405, "not_finished": 409, "server_error": 500,
}


class ApiError(ParlorError):
    """An error with an explicit code (see STATUS for the HTTP status it maps to)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def http_status(err: ParlorError) -> int:
    return STATUS.get(err.code, 400)


def error_json(err: ParlorError) -> dict[str, str]:
    return {"code": err.code, "message": str(err)}
