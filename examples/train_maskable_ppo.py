"""Train sb3-contrib's MaskablePPO for one seat of a parlor game against random bots.

    pip install -e '.[train]'          # pettingzoo, gymnasium, sb3-contrib, torch
    python examples/train_maskable_ppo.py opera --players 3 --steps 200000

Every `--every` steps the script plays evaluation games (the learner's masked, deterministic
choices against the same bots) and prints the mean reward and the share of games won; at the end
it saves the model. Rewards are parlor.rl's rank rewards: 1 for a lone win, -1 for a lone last.
"""

from __future__ import annotations

import argparse
from typing import Any

import gymnasium
import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

import parlor.rl as rl


class EncodedView(gymnasium.ObservationWrapper):
    """The encoded view alone (MaskablePPO reads the mask through `action_masks`)."""

    def __init__(self, env: rl.ParlorSingle) -> None:
        super().__init__(env)
        self.observation_space = env.observation_space["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]


def make_env(game: str, players: int, opponents: str) -> gymnasium.Env:
    env = rl.single_env(game, players, seat=0, opponents=opponents)
    return ActionMasker(EncodedView(env), lambda wrapped: env.action_masks())


def evaluate(model: Any, game: str, players: int, opponents: str, games: int, seed: int
             ) -> tuple[float, float]:
    """(mean reward, share of games won) over `games` seeded games."""
    env = make_env(game, players, opponents)
    rewards: list[float] = []
    for g in range(games):
        observation, _ = env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(),
                                      deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        rewards.append(float(reward))
    return float(np.mean(rewards)), sum(r == 1.0 for r in rewards) / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", help="a registered game id: opera, skyrise, starroad, trickerion")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="bot level or spec of the others")
    parser.add_argument("--steps", type=int, default=100_000, help="training steps in all")
    parser.add_argument("--every", type=int, default=20_000, help="steps between evaluations")
    parser.add_argument("--games", type=int, default=50, help="evaluation games each time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default="maskable_ppo_parlor")
    args = parser.parse_args()

    env = make_env(args.game, args.players, args.opponents)
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0)
    before = evaluate(model, args.game, args.players, args.opponents, args.games, 10_000)
    print(f"step 0: mean reward {before[0]:+.3f}, won {before[1]:.0%}", flush=True)
    done = 0
    while done < args.steps:
        chunk = min(args.every, args.steps - done)
        model.learn(total_timesteps=chunk, reset_num_timesteps=False)
        done += chunk
        mean, won = evaluate(model, args.game, args.players, args.opponents, args.games, 10_000)
        print(f"step {done}: mean reward {mean:+.3f}, won {won:.0%}", flush=True)
    model.save(args.save)
    print(f"saved {args.save}.zip")


if __name__ == "__main__":
    main()
