"""PettingZoo's and Gymnasium's own checks on every game and player count, seeding, rewards and
the text rendering."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import parlor.rl as rl
from parlor.core import all_games, get_game
from parlor.rl.table import margin_rewards, rank_rewards

from .conftest import case_id, cases

CYCLES = 12  # steps per agent: the checks' cost grows with the observation and the action space


@pytest.fixture(autouse=True)
def _quiet() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # PettingZoo warns of float observations' bounds
        yield


@pytest.mark.parametrize("case", cases(), ids=case_id)
def test_pettingzoo_checks(case: tuple[str, int, dict[str, Any]]) -> None:
    game, players, variant = case
    api_test(rl.env(game, players, variant), num_cycles=CYCLES)
    seed_test(lambda: rl.env(game, players, variant), num_cycles=CYCLES)
    parallel_api_test(rl.parallel_env(game, players, variant), num_cycles=CYCLES)
    parallel_seed_test(lambda: rl.parallel_env(game, players, variant), num_cycles=CYCLES)


@pytest.mark.parametrize("game_id", [g.id for g in all_games()])
def test_gymnasium_check_env(game_id: str) -> None:
    game = get_game(game_id)
    check_env(rl.single_env(game_id, game.min_players, opponents="random"), skip_render_check=True)


def play_out(env: rl.ParlorAEC, seed: int) -> tuple[list[Any], dict[str, float]]:
    """Play a whole game with masked random actions; the actions and the final rewards."""
    env.reset(seed=seed)
    for agent in env.possible_agents:
        env.action_space(agent).seed(seed)
    actions: list[Any] = []
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        action = None if terminated or truncated else \
            env.action_space(agent).sample(observation["action_mask"])
        actions.append(action)
        env.step(action)
    return actions, totals


def test_reset_with_a_seed_replays_the_game_exactly() -> None:
    env = rl.env("sealed_bids", 3)
    first = play_out(env, 7)
    assert play_out(env, 7) == first
    assert play_out(rl.env("sealed_bids", 3), 7) == first
    env.reset(seed=7)
    fingerprint = env.table.state.fingerprint()
    env.reset(seed=8)
    assert env.table.state.fingerprint() != fingerprint


def test_a_finished_game_pays_its_ranks() -> None:
    """SB-5: most points wins; the rank rewards of a whole game add up to 0."""
    env = rl.env("sealed_bids", 3)
    _, totals = play_out(env, 3)
    ranks = env.table.state.result().ranks
    assert [totals[a] for a in env.possible_agents] == rank_rewards(ranks)
    assert abs(sum(totals.values())) < 1e-9


def test_rank_and_margin_rewards() -> None:
    assert rank_rewards((1, 2)) == [1.0, -1.0]
    assert rank_rewards((1, 1)) == [0.0, 0.0]
    assert rank_rewards((1, 1, 3)) == [0.5, 0.5, -1.0]
    assert rank_rewards((2, 1, 3, 3)) == [1 / 3, 1.0, -2 / 3, -2 / 3]
    assert margin_rewards((10.0, 7.0, 12.0)) == [-2.0, -5.0, 2.0]
    env = rl.env("sealed_bids", 2, reward="margin")
    _, totals = play_out(env, 4)
    scores = env.table.state.result().scores
    assert [totals[a] for a in env.possible_agents] == margin_rewards(scores)


def test_an_illegal_action_ends_the_game_against_its_player() -> None:
    env = rl.env("opera", 3)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0 and env.infos[agent] == {"illegal": True}
    assert all(r == 0.0 for a, r in env.rewards.items() if a != agent)


def test_the_single_seat_environment_plays_against_bots() -> None:
    env = rl.single_env("opera", 3, seat=1, opponents="easy")
    _, info = env.reset(seed=2)
    assert env.seat in env.table.state.actors() and info["view"] == env.table.state.view(1)
    steps, done, reward = 0, False, 0.0
    while not done and steps < 40:
        legal = np.flatnonzero(env.action_masks())
        _, reward, terminated, truncated, info = env.step(int(legal[0]))
        done = terminated or truncated
        steps += 1
    assert steps == 40 or reward in (-1.0, -0.5, 0.0, 0.5, 1.0)


def test_the_single_seat_environment_replays_a_seed_exactly() -> None:
    """The game and the bots' choices both come from the seed."""
    def trajectory(seed: int) -> list[bytes]:
        env = rl.single_env("skyrise", 3, seat=2, opponents="easy")
        observation, _ = env.reset(seed=seed)
        seen = [observation["observation"].tobytes()]
        for _ in range(15):
            legal = np.flatnonzero(env.action_masks())
            observation, _, terminated, truncated, _ = env.step(int(legal[len(legal) // 2]))
            seen.append(observation["observation"].tobytes())
            if terminated or truncated:
                break
        return seen
    assert trajectory(9) == trajectory(9)
    assert trajectory(9) != trajectory(10)


def test_ansi_rendering_shows_the_acting_seats_view() -> None:
    env = rl.env("sealed_bids", 2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and text.startswith("Sealed Bids, move 0; to act: seat 1, seat 2")
    hand = env.table.state.view(0)["hand"]
    assert f"hand: {hand}" in text
    assert rl.env("sealed_bids", 2).render() is None


def test_the_parallel_environment_takes_a_simultaneous_decision_in_one_step() -> None:
    """SB-2, SB-3: the three bids go in together and are revealed together; afterwards only the
    seats that decide next (the winner, SB-4, or the next round's bidders) have a mask."""
    env = rl.parallel_env("sealed_bids", 3)
    observations, infos = env.reset(seed=2)
    assert all(infos[a]["view"]["bidding"] is not None for a in env.agents)
    actions = {a: int(np.flatnonzero(observations[a]["action_mask"])[-1]) for a in env.agents}
    observations, _, terminations, _, infos = env.step(actions)
    state = env.table.state
    assert len(state.view(None)["last_bids"]) == 3 and not any(terminations.values())
    deciding = [a for a in env.agents if observations[a]["action_mask"].any()]
    assert [env.possible_agents.index(a) for a in deciding] == list(state.actors())
