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

The slot of a feature is a stable hash (CRC-32) of its name, so a vector means the same in every
process. `features` returns the named features before hashing, for tests and debugging.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import numpy as np

DEFAULT_SIZE = 2048
LIMIT = 1e6     # numbers are clipped to +-LIMIT so the observation space can be bounded


def features(view: dict[str, Any], seat: int) -> dict[str, float]:
    """Every named feature of `view` (seen by `seat`) with its value."""
    out: dict[str, float] = {f"@seat={seat}": 1.0}
    for name, value in _walk(view, ""):
        out[name] = out.get(name, 0.0) + value
    return out


def _walk(node: Any, path: str) -> Iterator[tuple[str, float]]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _walk(value, f"{path}/{key}")
    elif isinstance(node, (list, tuple)):
        yield f"{path}/#", float(len(node))
        for index, value in enumerate(node):
            yield from _walk(value, f"{path}/{index}")
            if not isinstance(value, (dict, list, tuple)):
                yield from _walk(value, f"{path}/*")
    elif isinstance(node, bool):
        yield path, float(node)
    elif isinstance(node, (int, float)):
        yield path, float(node)
    else:
        yield f"{path}={node if node is not None else 'null'}", 1.0


@lru_cache(maxsize=1 << 16)
def _slot(name: str, size: int) -> int:
    return zlib.crc32(name.encode("utf-8")) % size


def encode(view: dict[str, Any], seat: int, size: int = DEFAULT_SIZE) -> np.ndarray:
    """The float32 vector of `size` slots for `view` seen by `seat`."""
    out = np.zeros(size, dtype=np.float32)
    for name, value in features(view, seat).items():
        out[_slot(name, size)] += value
    np.clip(out, -LIMIT, LIMIT, out=out)
    return out
