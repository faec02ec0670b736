"""The state's own seeded random generator: the only source of chance in rules code."""

from __future__ import annotations

import random
from collections.abc import MutableSequence
from typing import TYPE_CHECKING, Any, TypeVar, overload

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")

# the generator's own C methods, called on an `Rng` without passing its counting overrides
_random = random.Random.random
_getrandbits = random.Random.getrandbits


class Rng(random.Random):
    """`random.Random` that clones cheaply and exactly; never seeded from time.

    `draws` counts the calls that moved the generator (every draw, a new seed, a state set), so a
    caller tells whether something drew on chance by comparing two counts: the server asks it
    after every move, where comparing the generator's whole state (`getstate`, 625 numbers) cost
    about 40 µs. A clone starts from its source's count; a pickle carries the state only (a
    position's fingerprint never depends on how it was reached), so an unpickled generator's count
    means nothing against its source's.
    """

    draws = 0  # moves of the generator (instances count from here)

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self.draws += 1
        super().seed(a, version)

    def setstate(self, state: tuple[Any, ...]) -> None:
        self.draws += 1
        super().setstate(state)

    def random(self) -> float:
        self.draws += 1
        return _random(self)

    def getrandbits(self, k: int) -> int:
        if k:  # getrandbits(0) is 0 and leaves the generator where it was
            self.draws += 1
        return _getrandbits(self, k)

    def clone(self) -> Rng:
        """An independent generator in the same state: both draw the same numbers from here.

        >>> rng = Rng(5)
        >>> copy = rng.clone()
        >>> [rng.random() == copy.random() for _ in range(3)]
        [True, True, True]
        """
        other = Rng.__new__(Rng)
        other.setstate(self.getstate())
        other.draws = self.draws
        return other

    # `random.Random`'s shuffle and choice written out with its `_randbelow` inlined: the same
    # draws in the same order (tests/core/test_protocol.py compares them), one Python call fewer
    # per card shuffled or move drawn (a search's determinizations and rollouts do little else).
    # Each counts itself once and then draws through the C method, not the counting override.
    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle `x` in place, exactly as `random.Random.shuffle`."""
        if len(x) < 2:
            return
        self.draws += 1
        getrandbits = _getrandbits.__get__(self)
        for i in range(len(x) - 1, 0, -1):
            n = i + 1
            bits = n.bit_length()
            j = getrandbits(bits)
            while j >= n:
                j = getrandbits(bits)
            x[i], x[j] = x[j], x[i]

    def below(self, n: int) -> int:
        """A place in a sequence of `n` > 0 items, drawn exactly as `choice` draws it (the same
        draws, the same count): for a caller that finds the item at that place itself."""
        self.draws += 1
        bits = n.bit_length()
        j = _getrandbits(self, bits)
        while j >= n:
            j = _getrandbits(self, bits)
        return j

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        """An element of the non-empty `seq`, exactly as `random.Random.choice` draws it."""
        n = len(seq)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")
        self.draws += 1
        bits = n.bit_length()
        j = _getrandbits(self, bits)
        while j >= n:
            j = _getrandbits(self, bits)
        return seq[j]


def derive_seed(seed: int, *labels: object) -> int:
    """A seed derived from `seed` and labels, stable across runs and Python versions.

    >>> derive_seed(7, "game", 3) == derive_seed(7, "game", 3) != derive_seed(7, "game", 4)
    True
    >>> Rng(derive_seed(1, "deck")).randrange(100) == Rng(derive_seed(1, "deck")).randrange(100)
    True
    """
    import hashlib

    text = ":".join([str(seed), *map(str, labels)]).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


class SharedRng:
    """A state's generator, shared with its clones until one side draws (copy on write).

    Copying a generator is most of a cheap clone, and most clones of a search never draw (a
    redetermination replaces the generator at once). A state class declares the slots ``_rng``
    and ``_rng_shared``, sets ``rng = SharedRng()`` as a class attribute, calls `share_rng` in
    `clone`, and leaves ``_rng_shared`` out of its pickled form (a fingerprint must not change
    because the state was cloned). Reading ``state.rng`` gives a generator that state alone owns.
    """

    __slots__ = ()

    @overload
    def __get__(self, state: None, owner: type) -> SharedRng: ...
    @overload
    def __get__(self, state: object, owner: type | None = None) -> Rng: ...
    def __get__(self, state: Any, owner: type | None = None) -> Rng | SharedRng:
        if state is None:
            return self
        if state._rng_shared:
            state._rng = state._rng.clone()
            state._rng_shared = False
        return state._rng  # type: ignore[no-any-return]

    def __set__(self, state: Any, rng: Rng) -> None:
        state._rng = rng
        state._rng_shared = False


class SeededLater:
    """A generator still to be made: `Rng(seed)`, made by the first `clone`, which is how
    `SharedRng` (or a state's own copy-on-write property) gives a state its own generator when
    it first draws. Pickled as that generator, so a fingerprint does not see the difference."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def clone(self) -> Rng:
        return Rng(self.seed)

    def getstate(self) -> tuple[Any, ...]:
        """The state of the generator it stands for (for a caller comparing generators)."""
        return Rng(self.seed).getstate()

    def __reduce_ex__(self, protocol: Any) -> Any:
        return Rng(self.seed).__reduce_ex__(protocol)


def seed_later(state: Any, seed: int) -> None:
    """Give `state` (with the ``_rng`` and ``_rng_shared`` slots of `SharedRng`) the generator
    `Rng(seed)`, made when the state first draws: seeding a Mersenne Twister costs about as much
    as a cheap clone of a state, and a search's determinizations seldom draw."""
    state._rng = SeededLater(seed)
    state._rng_shared = True


def share_rng(source: Any, copy: Any) -> None:
    """Give `copy` the generator of `source`; whichever draws first takes its own copy then."""
    copy._rng = source._rng
    copy._rng_shared = source._rng_shared = True
