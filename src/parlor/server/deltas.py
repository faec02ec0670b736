"""Deltas of views: what changed in a seat's view since the last one its connection received.

A client that says `"deltas": true` in its hello gets, instead of a large view, `view_delta`:
`{"set": [[path, value], ...], "drop": [path, ...]}` where a path is a list of object keys and
array positions from the view's root. Applying the sets (creating or replacing the value at each
path) and drops (removing that key) to the previous view gives the new one. Objects are compared
key by key, arrays of the same length position by position; anything else changed is replaced.

A delta is built only from two views of the same seat, so it holds nothing that seat's own views do
not: a set's value is part of the new view, a path names keys of the old or new view.
"""

from __future__ import annotations

from typing import Any

import orjson

LARGE_VIEW = 2048  # bytes of JSON: smaller views are always sent whole

Path = list[str | int]


def view_delta(old: Any, new: Any) -> dict[str, list[Any]] | None:
    """The changes from `old` to `new`, or None when only replacing the whole view says it."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return None
    sets: list[Any] = []
    drops: list[Path] = []
    _diff(old, new, [], sets, drops)
    return {"set": sets, "drop": drops}


def _diff(old: Any, new: Any, path: Path, sets: list[Any], drops: list[Path]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key, value in new.items():
            if key not in old:
                sets.append([[*path, key], value])
            elif old[key] != value:
                _diff(old[key], value, [*path, key], sets, drops)
        drops.extend([*path, key] for key in old if key not in new)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for i, (before, after) in enumerate(zip(old, new, strict=True)):
            if before != after:
                _diff(before, after, [*path, i], sets, drops)
    else:
        sets.append([path, new])


def apply_delta(view: Any, delta: dict[str, list[Any]]) -> Any:
    """The view after `delta` (a copy; the tests check that it gives the new view exactly)."""
    out = orjson.loads(orjson.dumps(view))
    for path, value in delta["set"]:
        *parents, last = path
        _at(out, parents)[last] = value
    for path in delta["drop"]:
        *parents, last = path
        del _at(out, parents)[last]
    return out


def _at(view: Any, path: Path) -> Any:
    for step in path:
        view = view[step]
    return view


def delta_if_smaller(old: Any, new: Any, new_size: int) -> dict[str, list[Any]] | None:
    """A delta for a large view when it is less than half the size of the whole view."""
    if new_size < LARGE_VIEW:
        return None
    delta = view_delta(old, new)
    if delta is None or 2 * len(orjson.dumps(delta, option=orjson.OPT_NON_STR_KEYS)) >= new_size:
        return None
    return delta


__all__ = ["LARGE_VIEW", "apply_delta", "delta_if_smaller", "view_delta"]
