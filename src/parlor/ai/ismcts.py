"""The ISMCTS bot: it searches with `search.Search` within its budget (iterations, seconds), or splits
the budget among several trees that vote (`vote`), and plays the move the search visited most.
How the search works: search.py."""

from __future__ import annotations

import math
from typing import Any

from parlor.core import Game, Move, Rng, State

from .bots import Bot, Budget
from .search import Search
from .settings import DEFAULT_BUDGET, DEFAULT_SETTINGS, SearchSettings
from .tree import MoveStats, SearchInfo

__all__ = ["IsmctsBot", "SearchInfo", "tighter"]


class IsmctsBot(Bot):
    """A bot that searches with single-observer ISMCTS.

    :param budget: the bot's own budget (its strength); a budget given to `choose` caps it (the
        tighter of each limit applies), so a server's time limit never makes a bot think longer
        than its level says. The search stops at whichever limit comes first.
    :param settings: how it explores and judges (`SearchSettings`).
    """

    def __init__(self, budget: Budget = DEFAULT_BUDGET, settings: SearchSettings = DEFAULT_SETTINGS,
                 name: str = "ismcts", trees: int = 1, by_mean: bool = False) -> None:
        if budget.seconds is None and budget.iterations is None:
            raise ValueError("an ISMCTS budget needs seconds or iterations")
        if trees < 1:
            raise ValueError("a search needs at least one tree")
        self.budget = budget
        self.settings = settings
        self.name = name
        self.trees = trees
        self.by_mean = by_mean  # independent trees vote by their pooled mean reward, not visits
        self.last: SearchInfo | None = None

    def choose(self, game: Game[Any], state: State, seat: int, rng: Rng,
               budget: Budget | None = None) -> Move:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            self.last = SearchInfo(0, 0.0, 0, (MoveStats(moves[0], 0, 0, 0.0),))
            return moves[0]
        limit = tighter(self.budget, budget)
        trees = game.bot_settings.expert_trees if self.settings.expert else self.trees
        if trees == 1:
            search = Search(game, state, seat, Rng(rng.getrandbits(64)), self.settings)
            self.last = search.run(limit)
            return search.best(moves)
        return self.vote(game, state, seat, rng, limit, moves, trees)

    def vote(self, game: Game[Any], state: State, seat: int, rng: Rng, budget: Budget,
             moves: list[Move], trees: int) -> Move:
        """`trees` independent searches, each with an even share of the budget; the move with
        the most root visits over all of them (ties: the higher mean, then list order).

        A search's choice varies with its determinizations (at the levels' 200 iterations two
        seeds often choose differently); more iterations in one tree grow it deeper, where the
        depth-0 cut-offs judge ever later positions, while independent trees of the tuned size
        spend the same time on lowering that variance (root parallelisation).
        """
        share = Budget(
            seconds=None if budget.seconds is None else budget.seconds / trees,
            iterations=None if budget.iterations is None else max(1, budget.iterations // trees))
        visits: dict[Move, int] = {}
        available: dict[Move, int] = {}
        rewards: dict[Move, float] = {}
        iterations = nodes = 0
        seconds = 0.0
        for _ in range(trees):
            search = Search(game, state, seat, Rng(rng.getrandbits(64)), self.settings)
            info = search.run(share)
            iterations, nodes, seconds = iterations + info.iterations, nodes + info.nodes, \
                seconds + info.seconds
            for move, edge in search.root.edges.get(seat, {}).items():
                visits[move] = visits.get(move, 0) + edge.visits
                available[move] = available.get(move, 0) + edge.available
                rewards[move] = rewards.get(move, 0.0) + edge.reward
        stats = tuple(MoveStats(move, visits[move], available[move],
                                rewards[move] / visits[move] if visits[move] else 0.0)
                      for move in visits)
        self.last = SearchInfo(iterations, seconds, nodes, stats)
        best = moves[0]
        best_key: tuple[float, float] = (-math.inf, -math.inf)
        for move in moves:  # the true legal moves: a determinization's others are not playable
            count = visits.get(move, 0)
            mean = rewards[move] / count if count else -math.inf
            key = (mean, count) if self.by_mean else (count, mean)
            if key > best_key:
                best, best_key = move, key
        return best


def tighter(own: Budget, given: Budget | None) -> Budget:
    """Each limit of `own`, capped by the same limit of `given` when it sets one."""
    if given is None:
        return own

    def least(a: float | None, b: float | None) -> float | None:
        return b if a is None else a if b is None else min(a, b)

    iterations = least(own.iterations, given.iterations)
    return Budget(seconds=least(own.seconds, given.seconds),
                  iterations=None if iterations is None else int(iterations))


