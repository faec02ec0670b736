"""The search tree of `parlor.ai.ismcts` and what a search reports about its root.

A `Node` keeps, for every seat, the sum of its rewards; an `Edge` keeps a move's visits,
availability (how often it was legal when its node was visited) and the reward of the seat that
chose it. Children are keyed by the joint move and what the observer saw revealed by it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlor.core import Move


class Edge:
    """A move's statistics at a node, for the seat that chooses it."""

    __slots__ = ("visits", "available", "reward", "child")

    def __init__(self) -> None:
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # sum of the choosing seat's rewards
        # the node this move leads to when its seat alone moved and nothing was seen revealed
        # (also among its node's children): found without hashing the joint move again
        self.child: Node | None = None

    def mean(self) -> float:
        return self.reward / self.visits if self.visits else 0.0


JointMove = tuple[tuple[int, Move], ...]
Observation = tuple[Any, ...]  # what the observer saw revealed by a joint move (frozen events)


class Node:
    """A position of the observer's tree: per-seat reward sums, edge statistics, children."""

    __slots__ = ("visits", "totals", "edges", "children", "ranked", "shortlists", "met")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.totals = [0.0] * players  # sum of each seat's reward over the visits
        self.edges: dict[int, dict[Move, Edge]] = {}  # seat -> move -> statistics
        self.children: dict[tuple[JointMove, Observation], Node] = {}
        self.ranked: dict[int, list[Move]] | None = None  # seat -> moves, best one-ply first
        # seat -> (the legal moves last met, how many were kept, the best of them kept)
        self.shortlists: dict[int, tuple[list[Move], int, list[Move]]] | None = None
        # seat -> (a copy of the moves it was last offered here, their edges in that order)
        self.met: dict[int, tuple[list[Move], list[Edge]]] | None = None

    def size(self) -> int:
        """Nodes in this subtree (iterative: a tree can be as deep as its iterations)."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children.values())
        return count


@dataclass(frozen=True, slots=True)
class MoveStats:
    """What the search found for one of the observer's moves at the root."""

    move: Move
    visits: int
    available: int
    mean: float  # mean reward of the observer after this move, in [0, 1]


@dataclass(frozen=True, slots=True)
class SearchInfo:
    """A summary of the last search: how much was done, and the root statistics."""

    iterations: int
    seconds: float = field(compare=False)  # timing is noise: equal searches may differ here
    nodes: int = 0
    moves: tuple[MoveStats, ...] = field(default_factory=tuple)

    def to_json(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "seconds": self.seconds, "nodes": self.nodes,
                "moves": [{"move": str(m.move), "visits": m.visits, "available": m.available,
                           "mean": m.mean} for m in self.moves]}


def freeze(value: Any) -> Any:
    """A hashable copy of an event's JSON-like data (part of a child's key)."""
    if isinstance(value, dict):
        return tuple(sorted((k, freeze(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value
