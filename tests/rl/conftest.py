"""The fixture game's action catalogue (it lives with the tests, as the game does) and helpers
that play seeded random games for the learning environments' tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from parlor.ai import GreedyBot
from parlor.core import Game, Rng, State, all_games
from parlor.rl import axis, kind, register_actions


def sealed_bids_actions(players: int, options: Any) -> list[Any]:
    """SB-1: the deck holds cards 1..6 per seat; SB-4: take or trade."""
    return [kind("bid", axis("card", range(1, 6 * players + 1))), kind("take"), kind("trade")]


register_actions("sealed_bids", sealed_bids_actions)
GREEDY = GreedyBot()


# Option sets that change the action space, besides the games' own variants: Star Road's ground
# rules add the ground structures' moves (SR-19).
MORE_VARIANTS: dict[str, tuple[dict[str, Any], ...]] = {"starroad": ({"ground_rules": True},)}


def cases() -> list[tuple[str, int, dict[str, Any]]]:
    """Every registered game, player count and variant."""
    return [(game.id, players, variant) for game in all_games()
            for variant in ({}, *game.variants, *MORE_VARIANTS.get(game.id, ()))
            for players in range(game.min_players, game.max_players + 1)]


def case_id(case: tuple[str, int, dict[str, Any]]) -> str:
    game, players, variant = case
    return f"{game}-{players}p" + "".join(f"-{k}" for k in variant)


def random_positions(game: Game[Any], players: int, options: dict[str, Any], seed: int,
                     limit: int, greedy: float = 0.0) -> Iterator[State]:
    """The positions of one seeded game, at most `limit` of them. Each move is the greedy bot's
    with probability `greedy` (random play never reaches some phases, such as Trickerion's
    Theater), else a random kind of move and a random move of that kind."""
    rng = random.Random(seed)
    bot_rng = Rng(seed)
    state = game.setup(players, seed, options)
    for _ in range(limit):
        if state.is_over():
            return
        yield state
        seat = rng.choice(state.actors())
        moves = state.legal_moves(seat)
        if rng.random() < greedy:
            move = GREEDY.choose(game, state, seat, bot_rng)
        else:
            kind = rng.choice(sorted({m.kind for m in moves}))
            move = rng.choice([m for m in moves if m.kind == kind])
        state.play(seat, move)
