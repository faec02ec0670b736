"""Observations: a fixed-length vector made from one seat's view, and nothing else.

A view is JSON (dicts, lists, numbers, strings, booleans, None) of a size that changes with the
position, so it is read as *features* and the features are hashed into `size` slots (the hashing
trick), the same way for every game:

- a number or boolean at a path (``players/2/coins``) adds its value under that path;
- a string or None at a path adds 1 under ``path=value`` (``phase=auction``);
- an element of a list also counts once more under the path with ``*`` for its index and its
  value (``hand/*=c07``), so a hand is also read as a bag of cards, whatever their order;
- each list adds its length under ``path/#``;
- ``@seat=k`` says whose view it is.

The number of slots is fixed per game, player count and options (see `parlor.rl.table`'s
`observation_size`, unless the environment is given one).

The slot of a feature is a stable hash (CRC-32) of its name, so a vector means the same in every
process. `features` returns the named features before hashing, for tests and debugging.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import numpy as np

MIN_SIZE = 2048
SLOTS_PER_FEATURE = 8    # so that few of a view's features share a slot (see docs/rl.md)
LIMIT = 1e6     # numbers are clipped to +-LIMIT so the observation space can be bounded


def features(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Every named feature of `view` (seen by `seat`) with its value."""
    out: dict[str, float] = {f"@seat={seat}": 1.0}
    _add(view, "", out)
    return out


def _add(node: Any, path: str, out: dict[str, float]) -> None:
    """Add the features of `node` at `path` to `out` (the hot loop of every observation)."""
    if isinstance(node, dict):
        for key, value in node.items():
            _add(value, f"{path}/{key}", out)
    elif isinstance(node, (list, tuple)):
        count = f"{path}/#"
        out[count] = out.get(count, 0.0) + len(node)
        star = f"{path}/*"
        for index, value in enumerate(node):
            if isinstance(value, (dict, list, tuple)):
                _add(value, f"{path}/{index}", out)
            else:
                _leaf(value, f"{path}/{index}", out)
                _leaf(value, star, out)
    else:
        _leaf(node, path, out)


def _leaf(value: Any, path: str, out: dict[str, float]) -> None:
    if isinstance(value, (bool, int, float)):
        out[path] = out.get(path, 0.0) + float(value)
    else:
        name = f"{path}={'null' if value is None else value}"
        out[name] = out.get(name, 0.0) + 1.0


@lru_cache(maxsize=1 << 16)
def _slot(name: str, size: int) -> int:
    return zlib.crc32(name.encode("utf-8")) % size


def size_for(feature_counts: Iterable[int]) -> int:
    """The number of slots for views with these numbers of features: a power of two, at least
    `MIN_SIZE` and at least `SLOTS_PER_FEATURE` per feature of the largest."""
    size = MIN_SIZE
    most = max(feature_counts, default=0)
    while size < SLOTS_PER_FEATURE * most:
        size *= 2
    return size


def encode(view: dict[str, Any], seat: int, size: int) -> np.ndarray:
    """The float32 vector of `size` slots for `view` seen by `seat`."""
    found = features(view, seat)
    slots = np.fromiter((_slot(name, size) for name in found), dtype=np.int64, count=len(found))
    values = np.fromiter(found.values(), dtype=np.float64, count=len(found))
    out = np.bincount(slots, weights=values, minlength=size).astype(np.float32)
    np.clip(out, -LIMIT, LIMIT, out=out)
    return out
