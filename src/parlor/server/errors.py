"""Errors the server reports, each with a stable `code` and an HTTP status.

Core errors (`parlor.core.errors`) keep their own codes (`illegal_move`, `not_your_turn`,
`bad_move`, `stale_index`, `undo_refused`, ...); the server adds the ones below.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from parlor.core import IllegalMove, NotYourTurn, ParlorError

from .jobs import rule_of

STATUS = {
    "not_found": 404, "unknown_game": 404, "bad_token": 401, "forbidden": 403, "seat_taken": 409,
    "undo_refused": 409, "stale_index": 409, "too_large": 413, "rate_limited": 429, "bad_record": 409,
    "method_not_allowed": 405, "not_finished": 409, "server_error": 500, "misdirected": 421,
}


class ApiError(ParlorError):
    """An error with an explicit code (see STATUS for the HTTP status it maps to)."""

    def __init__(self, code: str, message: str, *, reason: str | None = None,
                 problems: tuple[Mapping[str, object], ...] = (), **params: object) -> None:
        super().__init__(message, reason=reason, problems=problems, **params)
        self.code = code


def http_status(err: ParlorError) -> int:
    return STATUS.get(err.code, 400)


# What an error may tell a (possibly hostile) client, by whitelist. Params name the player's own
# input (an option's name and value, a field and value of the file they uploaded) or public facts
# (the options a game has, a bound, a line number); a parameter not listed here (a file path of the
# server, an exception's text, anything of a game's hidden state) is never sent.
PUBLIC_PARAMS = frozenset({
    # parlor's options and games (core.options, core.registry, ai.levels)
    "name", "known", "type", "value", "choices", "min", "max", "pair", "game", "bot", "n",
    # a chart's or character table's problems (games.starroad.problems)
    "field", "key", "either", "kind", "rule", "cost", "delay", "count", "sheet", "sheets", "keys",
    "limit", "op", "context", "allowed", "param", "top", "low", "high", "need", "found", "other",
    "column", "byte", "line",
    # a refused move over the socket (ws.py, moves.py): the move count sent and the table's
    "index", "current",
})
PROBLEM_PLACE = ("file", "table", "key", "name", "name_zh")
TEXT_LIMIT = 200          # characters of one text value sent back
LIST_LIMIT = 50           # values of one list parameter
PROBLEM_LIMIT = 100       # problems of one file
_REASON = re.compile(r"^[a-z][a-z0-9_]{0,63}$")


def error_json(err: ParlorError) -> dict[str, Any]:
    """The error as the API sends it: `code`, `message`, and when the error names its case,
    `reason` with its whitelisted `params`, and `problems` (each whitelisted the same way)."""
    out: dict[str, Any] = {"code": err.code, "message": str(err)}
    if err.reason is not None and _REASON.match(err.reason):
        out["reason"] = err.reason
        out["params"] = public_params(err.params)
    problems = [p for p in map(public_problem, err.problems[:PROBLEM_LIMIT]) if p is not None]
    if problems:
        out["problems"] = problems
    return out


def socket_error(err: ParlorError, index: int | None) -> dict[str, Any]:
    """A refusal over the socket (ws.py): the HTTP error's shape (`error_json`) and the table's
    `index`. An engine's refusal names its case here, for the page to word in its language: an
    illegal move by the ID of the rule that forbids it, a move out of turn as `not_deciding`."""
    if err.reason is None and isinstance(err, IllegalMove) and (rule := rule_of(str(err))) is not None:
        err = IllegalMove(str(err), reason="illegal_move", rule=rule)
    elif err.reason is None and isinstance(err, NotYourTurn):
        err = NotYourTurn(str(err), reason="not_deciding")
    return {"type": "error", **error_json(err), "index": index}


def public_params(params: Mapping[str, object]) -> dict[str, Any]:
    """The params a client may read: whitelisted names, plain values (text cut to TEXT_LIMIT)."""
    out = {}
    for key, value in params.items():
        shown = _plain(value)
        if key in PUBLIC_PARAMS and shown is not _LEFT_OUT:
            out[key] = shown
    return out


def public_problem(problem: Mapping[str, object]) -> dict[str, Any] | None:
    """One problem of an uploaded file, rebuilt from its whitelisted fields (None if malformed)."""
    reason, params = problem.get("reason"), problem.get("params")
    if not isinstance(reason, str) or not _REASON.match(reason) or not isinstance(params, Mapping):
        return None
    out: dict[str, Any] = {"reason": reason, "params": public_params(params)}
    for key in PROBLEM_PLACE:
        text = problem.get(key)
        # a file is named, never placed: only the last part of anything path-like
        text = re.split(r"[\\/]", text)[-1] if key == "file" and isinstance(text, str) else text
        out[key] = text[:TEXT_LIMIT] if isinstance(text, str) else ""
    effect, line = problem.get("effect"), problem.get("line")
    out["effect"] = effect if isinstance(effect, int) and not isinstance(effect, bool) else 0
    out["line"] = line if isinstance(line, int) and not isinstance(line, bool) else None
    return out


_LEFT_OUT = object()


def _plain(value: object) -> object:
    """`value` when it is plain JSON (text cut short; a list of plain values), else _LEFT_OUT."""
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else _LEFT_OUT
    if isinstance(value, str):
        return value[:TEXT_LIMIT]
    if isinstance(value, (list, tuple)):
        items = [_plain(v) for v in value[:LIST_LIMIT]]
        return _LEFT_OUT if any(i is _LEFT_OUT or isinstance(i, list) for i in items) else items
    return _LEFT_OUT
