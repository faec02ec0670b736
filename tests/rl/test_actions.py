"""The action spaces: one stable index for every legal move, both ways, on random positions."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from parlor.core import Move, get_game
from parlor.rl import NotInActionSpace, action_space

from .conftest import case_id, cases, random_positions

# Positions per game over its player counts and variants (several random games each).
POSITIONS = {"trickerion": 4000, "opera": 1500, "skyrise": 1500, "starroad": 2000, "sealed_bids": 600}


def same_move(restored: Move, move: Move) -> bool:
    """The same move, an unordered collection (Trickerion's components) perhaps in another
    order: the game lists a Component Sale's components in its stock's order."""
    if restored == move:
        return True
    return type(restored) is type(move) and all(
        sorted(getattr(restored, f.name)) == sorted(getattr(move, f.name))
        if isinstance(getattr(move, f.name), tuple) else
        getattr(restored, f.name) == getattr(move, f.name)
        for f in dataclasses.fields(move))  # type: ignore[arg-type]


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_actions_and_legal_moves_are_a_bijection(case: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, variant = case
    game = get_game(game_id)
    space = action_space(game, players, variant)
    counts = len([c for c in cases() if c[0] == game_id])
    budget = POSITIONS[game_id] // counts + 1
    positions = moves = 0
    # a random game and a mostly greedy one (random play never reaches some phases, such as
    # Trickerion's Theater), `budget` positions of each at most
    for seed, greedy in ((1, 0.0), (2, 0.7), (3, 0.0), (4, 0.7)):
        if positions >= 2 * budget:
            break
        for state in random_positions(game, players, variant, seed, budget, greedy=greedy):
            positions += 1
            for seat in state.actors():
                legal = state.legal_moves(seat)
                actions = [space.move_to_action(m) for m in legal]
                assert len(set(actions)) == len(legal), f"two legal moves share an action: {legal}"
                assert all(0 <= a < space.size for a in actions)
                for move, action in zip(legal, actions, strict=True):
                    assert same_move(space.action_to_move(action), move)
                    assert space.move_to_action(space.action_to_move(action)) == action
                mask = space.mask(legal)
                assert int(mask.sum()) == len(legal) and all(mask[a] == 1 for a in actions)
                moves += len(legal)
    assert positions >= 20 and moves >= positions


@pytest.mark.parametrize("game_id", ["opera", "skyrise", "starroad", "sealed_bids"])
def test_every_action_stands_for_one_move(game_id: str) -> None:
    game = get_game(game_id)
    space = action_space(game, game.max_players)
    moves = [space.action_to_move(a) for a in range(space.size)]
    assert len(set(moves)) == space.size
    assert [space.move_to_action(m) for m in moves] == list(range(space.size))


def test_trickerion_actions_sampled_both_ways() -> None:
    """Trickerion's space is large (Component Sale's mixes); a seeded sample of it."""
    game = get_game("trickerion")
    space = action_space(game, 4)
    rng = random.Random(5)
    for action in [0, space.size - 1, *rng.sample(range(space.size), 3000)]:
        assert space.move_to_action(space.action_to_move(action)) == action
    kinds = space.describe()
    assert [k for k, _, _ in kinds] == [k.kind for k in space.kinds]
    assert sum(size for _, _, size in kinds) == space.size


def test_the_index_of_a_move_never_depends_on_the_position() -> None:
    """OP-6.2: the same bid is the same action in any game of the same player count."""
    game = get_game("opera")
    first = action_space(game, 3)
    again = action_space(game, 3)
    bid = game.parse("bid amount=4")
    assert first.move_to_action(bid) == again.move_to_action(bid) == 4


def test_a_move_outside_the_catalogue_is_refused() -> None:
    game = get_game("opera")
    space = action_space(game, 3)
    with pytest.raises(NotInActionSpace):
        space.move_to_action(game.parse("bid amount=11"))   # OP-6.2: at most 10
    with pytest.raises(ValueError):
        space.action_to_move(space.size)


def test_a_catalogue_must_list_every_kind_of_the_game() -> None:
    game = get_game("opera")
    catalogue = game.action_catalogue()
    assert catalogue is not None
    kinds = catalogue(3, game.make_options())
    from parlor.rl.actions import ActionSpace
    with pytest.raises(ValueError, match="missing"):
        ActionSpace(game, kinds[1:])


def test_a_purchase_is_one_action_whatever_the_order_of_its_components() -> None:
    """Component Sale (TR-18.4): the game lists the components in its stock's order."""
    game = get_game("trickerion")
    space = action_space(game, 3, {"dark_alley": True})
    stock_order = game.parse("buy_mix components=metal,glass,metal bargains=1 manager=metal,glass")
    data_order = game.parse("buy_mix components=glass,metal,metal bargains=1 manager=glass,metal")
    assert space.move_to_action(stock_order) == space.move_to_action(data_order)
    assert space.action_to_move(space.move_to_action(stock_order)) == data_order
