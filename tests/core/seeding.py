"""A check that games with hidden information share: a determinization's generator, made only
when the rules first draw (`parlor.core.rng.seed_later`), plays as one given at once."""

from __future__ import annotations

from typing import Any

from parlor.core import Game, Rng
from parlor.core.rng import SeededLater


def lazy_generator_plays_as_eager(game: Game[Any], players: int, game_seed: int, opening: int) -> bool:
    """Set up `game` and play `opening` random moves; then seat 0's determinization, whose
    generator is made on first draw, is played to the end beside a copy given `Rng(seed)` at once:
    both have one fingerprint after every move, and a clone taken before play draws the same
    numbers as `Rng(seed)`, independently. True when the rules drew (the generator was made)."""
    state = game.setup(players, game_seed)
    moves = Rng(5)
    for _ in range(opening):
        seat = state.actors()[0]
        state.play(seat, moves.choice(state.legal_moves(seat)))
    seed = Rng(9).getrandbits(64)  # what a redetermination given Rng(9) seeds its generator with
    lazy = state.redetermine(0, Rng(9))
    eager = state.redetermine(0, Rng(9))
    eager.rng = Rng(seed)
    assert lazy.fingerprint() == eager.fingerprint()
    twin = lazy.clone()
    draws = Rng(1)
    while lazy.actors():
        seat = lazy.actors()[0]
        move = draws.choice(lazy.legal_moves(seat))
        lazy.play(seat, move)
        eager.play(seat, move)
        assert lazy.fingerprint() == eager.fingerprint()
    seeded = Rng(seed)
    assert [twin.rng.random(), twin.rng.random()] == [seeded.random(), seeded.random()]
    return not isinstance(lazy._rng, SeededLater)
