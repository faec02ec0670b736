"""Telling a chance move: the server asks the generator's draw count (`Rng.draws`) before and after
every move instead of comparing its whole state, and undo never takes back a move that drew. These
tests hold the count to the whole state: a move is told as chance exactly when the generator's
state changed, for every game, and every way of drawing moves the count exactly when it moves the
generator."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlor.core import State, all_games, get_game
from parlor.core.rng import Rng
from parlor.server.jobs import replay_moves, rng_state

SEEDS = range(3)


def whole_state(state: State) -> Any:
    """The generator's whole state, as the server compared it before (read without copying a shared
    generator, so that reading it never changes what is compared)."""
    rng = getattr(state, "_rng", None) or getattr(state, "rng", None)
    return rng.getstate() if rng is not None else None


def played(game_id: str, players: int, seed: int) -> tuple[list[tuple[int, Any]], list[bool], list[bool]]:
    """A seeded random game played as the server plays it (clone, then play on the clone): its
    moves, whether each was told as chance by the count, and by the whole state."""
    game = get_game(game_id)
    state = game.setup(players, seed)
    chooser = random.Random(seed)
    moves: list[tuple[int, Any]] = []
    counted: list[bool] = []
    compared: list[bool] = []
    for _ in range(game.move_bound):
        actors = state.actors()
        if not actors:
            break
        seat = chooser.choice(list(actors))
        move = chooser.choice(state.legal_moves(seat))
        after = state.clone()
        after.play(seat, move)
        counted.append(rng_state(state) != rng_state(after))
        compared.append(whole_state(state) != whole_state(after))
        moves.append((seat, move.to_json()))
        state = after
    return moves, counted, compared


def cases() -> list[tuple[str, int]]:
    return [(game.id, players) for game in all_games()
            for players in sorted({game.min_players, game.max_players})]


@pytest.mark.parametrize(("game_id", "players"), cases())
def test_a_move_is_chance_exactly_when_the_generator_moved(game_id: str, players: int) -> None:
    for seed in SEEDS:
        moves, counted, compared = played(game_id, players, seed)
        assert counted == compared, f"{game_id} players={players} seed={seed}: first differing move " \
            f"{next(i for i, (a, b) in enumerate(zip(counted, compared, strict=True)) if a != b)}"
        game = get_game(game_id)
        replayed = replay_moves(game_id, game.rules_version, players, seed, {}, moves)
        assert replayed.problem is None
        assert replayed.chance == compared, f"{game_id} players={players} seed={seed}: the replay"


def test_the_games_draw_mid_game_and_most_moves_do_not() -> None:
    """The test above compares both answers: at least one game draws on chance after its setup, and
    most moves do not, so that telling every move as chance (or none) would fail it."""
    told = [chance for game_id, players in cases() for chance in played(game_id, players, 0)[2]]
    assert any(told) and told.count(False) > told.count(True)


def draws_and_moves(rng: Rng, act: Any) -> tuple[bool, bool]:
    before_count, before_state = rng.draws, rng.getstate()
    act(rng)
    return rng.draws != before_count, rng.getstate() != before_state


@pytest.mark.parametrize("act", [
    lambda r: r.random(), lambda r: r.getrandbits(0), lambda r: r.getrandbits(1), lambda r: r.getrandbits(64),
    lambda r: r.shuffle([]), lambda r: r.shuffle([1]), lambda r: r.shuffle([1, 2]),
    lambda r: r.shuffle(list(range(40))), lambda r: r.choice([7]), lambda r: r.choice(range(5)),
    lambda r: r.randrange(1), lambda r: r.randrange(6), lambda r: r.randint(1, 6),
    lambda r: r.sample(range(9), 3), lambda r: r.sample(range(9), 0), lambda r: r.choices("abc", k=2),
    lambda r: r.choices("abc", [1, 2, 3]),
    lambda r: r.uniform(0, 1), lambda r: r.gauss(), lambda r: r.randbytes(0), lambda r: r.randbytes(3),
    lambda r: r.seed(9), lambda r: r.setstate(Rng(1000).getstate()), lambda r: r.getstate(),
    lambda r: r.clone(),
])
def test_the_count_moves_exactly_when_the_generator_does(act: Any) -> None:
    for seed in range(5):
        counted, moved = draws_and_moves(Rng(seed), act)
        assert counted == moved


def test_a_clone_starts_from_its_source_count_and_counts_apart() -> None:
    rng = Rng(4)
    rng.shuffle(list(range(10)))
    copy = rng.clone()
    assert copy.draws == rng.draws
    copy.random()
    assert copy.draws == rng.draws + 1
    assert rng.getstate() != copy.getstate()


def test_asking_never_makes_a_state_copy_its_shared_generator() -> None:
    """A game whose clones share the generator until one draws (`SharedRng`) keeps sharing it when
    the server asks where it stands: asking through `state.rng` took a copy every move."""
    state = get_game("trickerion").setup(2, 1)
    copy = state.clone()
    assert state._rng_shared and copy._rng_shared  # type: ignore[attr-defined]
    assert rng_state(state) == rng_state(copy)
    assert state._rng_shared and copy._rng is state._rng  # type: ignore[attr-defined]
