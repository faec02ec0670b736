"""Learning environments' speed (prints figures, never asserts):
`python bench/rl_steps.py [GAME ...] [-s SECONDS]`.

For every packaged game (and the fixture game) at its smallest and largest player count, and for
PettingZoo's own classic Texas Hold'em and Connect Four in the same run, plays masked random
actions through the AEC API (`agent_iter`, `last`, `step`, resetting at each game's end) for a
fixed time and prints environment steps per second. Each step observes the acting agent (the
encoded view and the action mask), as a learner would. The classic games need `rlcard` (Texas
Hold'em) and `pygame` (Connect Four); a missing one is reported, not measured.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import parlor.rl as rl  # noqa: E402
from fixturegames.sealed_bids import SealedBids  # noqa: E402
from parlor.core import get_game, register  # noqa: E402
from rl.conftest import sealed_bids_actions  # noqa: E402  (tests/rl: the fixture game's actions)


def steps_per_second(make: Callable[[], Any], seconds: float) -> tuple[float, int, int]:
    """(steps per second, steps, games finished) of masked random play for about `seconds`."""
    env = make()
    env.reset(seed=0)
    for agent in env.possible_agents:
        env.action_space(agent).seed(0)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(env.action_space(agent).sample(observation["action_mask"]))
            steps += 1
            if steps % 50 == 0 and time.perf_counter() - start >= seconds:
                break
        else:
            games += 1
            env.reset(seed=games)
    return steps / (time.perf_counter() - start), steps, games


def classic(name: str) -> Callable[[], Any] | str:
    """A PettingZoo classic environment's maker, or why it cannot be made here."""
    try:
        if name == "texas_holdem":
            from pettingzoo.classic import texas_holdem_v4
            return texas_holdem_v4.env
        from pettingzoo.classic import connect_four_v3
        return connect_four_v3.env
    except Exception as error:  # a missing extra package of PettingZoo (rlcard, pygame)
        return f"not measured: {error}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="parlor games to measure (default: all)")
    parser.add_argument("-s", "--seconds", type=float, default=5.0, help="time per environment")
    args = parser.parse_args()
    register(SealedBids())
    rl.register_actions("sealed_bids", sealed_bids_actions)
    rows: list[tuple[str, str, int]] = []
    for game_id in args.games or ("trickerion", "opera", "skyrise", "starroad", "sealed_bids"):
        game = get_game(game_id)
        for players in sorted({game.min_players, game.max_players}):
            def make(game_id: str = game_id, players: int = players) -> Any:
                return rl.env(game_id, players)
            table = make().table
            rate, steps, games = steps_per_second(make, args.seconds)
            rows.append((f"parlor {game_id} {players}p ({table.actions.size} actions, "
                         f"{table.observation_size} slots)",
                         f"{rate:10.0f} steps/s  ({steps} steps, {games} games)", 0))
            print(f"{rows[-1][0]:62} {rows[-1][1]}", flush=True)
    for name in ("texas_holdem", "connect_four"):
        maker = classic(name)
        if isinstance(maker, str):
            print(f"{'pettingzoo ' + name:62} {maker}")
            continue
        rate, steps, games = steps_per_second(maker, args.seconds)
        print(f"{'pettingzoo ' + name:62} {rate:10.0f} steps/s  ({steps} steps, {games} games)",
              flush=True)


if __name__ == "__main__":
    main()
