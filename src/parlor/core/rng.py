"""The state's own seeded random generator: the only source of chance in rules code."""

from __future__ import annotations

import random


class Rng(random.Random):
    """`random.Random` that clones cheaply and exactly; never seeded from time."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        other.setstate(self.getstate())
        return other


def derive_seed(seed: int, *labels: object) -> int:
    """A seed derived from `seed` and labels, stable across runs and Python versions."""
    import hashlib

    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
