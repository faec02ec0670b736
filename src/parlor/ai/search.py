"""Information-set Monte Carlo tree search (single observer), for any registered game: the search
that `IsmctsBot` (ismcts.py) runs, one tree per call.

One tree is grown from the point of view of the seat that must decide (the observer). Every
iteration starts from a fresh determinization, ``state.redetermine(seat, rng)``: everything the
observer cannot see (other hands, hidden commits, deck orders, the state's own random generator
and with it every chance outcome still to come) is resampled consistently with its view. That
call is the only way the search looks at the position; it never reads the true state's hidden
parts, so planting other values there cannot change what it does.

Each iteration (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search"):

1. *Select*: walk down the tree, choosing at each node one move per acting seat by UCB1 with
   availability counts (a move's exploration term counts the visits in which it was legal, since
   the legal moves vary from one determinization to the next); untried moves come first.
2. *Expand*: the first joint move that has no node yet gets one, and the walk stops.
3. *Roll out*: random moves until the game ends or ``depth`` moves have been played.
4. *Evaluate*: a finished game gives each seat a reward from its rank (first = 1, last = 0, tied
   seats share the places they span) plus a small score-margin term; a cut-off position is scored
   with ``game.heuristic`` for every seat, turned into pairwise win chances (a logistic of each
   difference over the spread of the differences met so far in this search): `parlor.ai.rewards`.
   In a game of teams (`Game.teams` of the determinization: its hidden teams are dealt from
   what the observer sees), every seat of a team takes its team's mean reward
   (`rewards.share_in_teams`): allies win together, so none plays to beat the others.
5. *Back up*: each node keeps, for every seat, the sum of that seat's rewards; each move's edge
   keeps visits, availability and the reward of the seat that chose it.

**Simultaneous decisions.** When several seats act at once (hidden commits), every pending seat
picks its move from its own statistics at the same node (decoupled UCT), and the joint move leads
to one child. No seat's choice is conditioned on another's hidden commit, in the tree or in the
rollout. The observer's own choice at the root is read from its own statistics.

**Chance** happens inside ``play`` through the state's generator, which each determinization
reseeds. What the observer sees revealed (events marked ``reveal`` and visible to its seat: its
own draws, a prize turned up, bids opened) is part of a child's key, so the observer's later
choices in the tree depend on what it has seen and nothing else (``observe=False`` keys children
by the moves alone and averages over every outcome).

**Moves of other seats** are tree edges keyed by the move itself (single-observer ISMCTS treats
them as seen). Hidden commits are decoupled as above; a game whose other hidden moves matter
would call for the "partially observable moves" variant, which this module does not build.

The search is reproducible: it draws every random number from one generator seeded from the
caller's ``rng``, so the same seed and an iteration budget give the same move and statistics.
A time budget stops the search when the clock says so, which is not reproducible by nature.
"""

from __future__ import annotations

import math
import time
from typing import Any

from parlor.core import Game, Move, Rng, State

from .bots import Budget, one_ply_value, one_ply_values, ranking
from .rewards import (
    DepthSpread,
    Spread,
    first_place_chances,
    heuristic_rewards,
    share_in_teams,
    team_groups,
    terminal_rewards,
)
from .settings import DEADLINE_SHARE, DEFAULT_DEPTH, DEFAULT_SETTINGS, SearchSettings, settings_for
from .tree import Edge, MoveStats, Node, SearchInfo, freeze

__all__ = ["Search", "seat_count"]


class Search:
    """One search from `seat`'s point of view; `run` grows the tree, `best` reads the root."""

    def __init__(self, game: Game[Any], state: State, seat: int, rng: Rng,
                 settings: SearchSettings = DEFAULT_SETTINGS) -> None:
        self.game = game
        self.state = state  # the true position: only `redetermine(seat, ...)` is called on it
        self.seat = seat
        self.rng = rng
        self.players = seat_count(game, state, seat)
        settings = settings_for(settings, game, self.players)
        self.settings = settings
        self.depth: int = settings.depth if settings.depth is not None else DEFAULT_DEPTH
        self.exploration = settings.exploration
        self.observe = settings.observe
        self.guide = settings.guide
        self.epsilon = settings.epsilon
        self.root = Node(self.players)
        self.to_win = settings.play_to_win
        judge = first_place_chances if self.to_win else heuristic_rewards
        self.spread = DepthSpread(judge) if settings.center_by_depth else Spread(settings.center, judge)
        self.root_moves: list[Move] | None = None  # the observer's root moves, when ranked
        self.root_ranked: list[Move] = []  # all of them, best one-ply value first
        self.prior: dict[Move, float] = {}
        # the seats' teams in a determinization -> (`team_groups`, the observer's allies)
        self.team_deals: dict[tuple[str, ...] | None, tuple[list[list[int]] | None, frozenset[int]]] = {}

    def rank_root(self) -> None:
        """The observer's root moves by their one-ply value on one determinization (the greedy
        bot's view of them): kept as candidates and as a prior in [0, 1]."""
        world = self.state.redetermine(self.seat, self.rng)
        values = one_ply_values(self.game, world, self.seat, world.legal_moves(self.seat))
        ranked = sorted(values, key=lambda m: -values[m])  # stable: list order breaks ties
        keep = self.settings.root_candidates or self.settings.candidates
        self.root_ranked = ranked
        self.root_moves = ranked[:keep] if keep > 0 else ranked
        low, high = min(values.values()), max(values.values())
        width = high - low or 1.0
        self.prior = {move: (values[move] - low) / width for move in ranked}

    def width(self, visits: int) -> int:
        """How many of a node's ranked moves a node visited `visits` times considers: the
        candidates, and with `widen` one more from `widen` visits on and at each doubling."""
        keep = self.settings.candidates
        widen = self.settings.widen
        if widen and visits >= widen:
            keep += (visits // widen).bit_length()
        return keep

    def root_choices(self) -> list[Move]:
        """The observer's moves at the root now (its candidates, widened with the visits)."""
        assert self.root_moves is not None
        if not self.settings.widen or self.settings.candidates <= 0:
            return self.root_moves
        return self.root_ranked[:self.width(self.root.visits)]

    def run(self, budget: Budget) -> SearchInfo:
        start = time.perf_counter()
        deadline = None if budget.seconds is None else start + budget.seconds * DEADLINE_SHARE
        if self.root_moves is None and (self.settings.candidates > 0 or self.settings.root_candidates > 0
                                        or self.settings.prior > 0):
            self.rank_root()  # inside the budget's time: it costs one greedy move
        limit = budget.iterations
        done = 0
        while (limit is None or done < limit) and (
                deadline is None or done == 0 or time.perf_counter() < deadline):
            self.iterate()
            done += 1
        root_moves = tuple(
            MoveStats(move, e.visits, e.available, e.mean())
            for move, e in self.root.edges.get(self.seat, {}).items())
        return SearchInfo(done, time.perf_counter() - start, self.root.size(), root_moves)

    def iterate(self) -> None:
        """One determinization, selection, expansion, rollout and back-up."""
        observer = self.seat
        world = self.state.redetermine(observer, self.rng)
        root = node = self.root
        path: list[tuple[Node, list[tuple[int, Edge]]]] = []  # each node left and the edges taken
        settings = self.settings
        sample_opponents = settings.sample_opponents
        sample_own = settings.sample_own
        everywhere = settings.everywhere and settings.candidates > 0
        observe = self.observe
        deepest = settings.tree_depth or -1
        groups, allies = self.teams_in(world)
        while len(path) != deepest:
            actors = world.actors()
            if not actors:
                break
            joint: list[tuple[int, Move]] = []
            chosen: list[tuple[int, Edge]] = []
            seen: list[Any] = []
            for actor in actors:
                if joint and actor not in world.actors():
                    break  # a commit ended the step early; the others no longer decide
                sample = sample_opponents and (actor != observer or (sample_own and node is not root))
                if node is root and actor == observer and self.root_moves is not None:
                    move, edge = self.pick(node, actor, self.root_choices(), self.prior)
                elif actor in allies:
                    move, edge = self.pick(node, actor, self.expected(node, world, actor), sample=True)
                elif everywhere:
                    move, edge = self.pick(node, actor, self.plausible(node, world, actor), sample=sample)
                else:
                    move, edge = self.pick(node, actor, world.legal_moves(actor), sample=sample)
                joint.append((actor, move))
                chosen.append((actor, edge))
                if observe:
                    events = world._apply(actor, move)
                    seen.extend(freeze((e.kind, e.data)) for e in events
                                if e.reveal and e.visible(observer))
                else:
                    world.advance(actor, move)  # nobody reads its events
            path.append((node, chosen))
            node, new = self.descend(node, joint, chosen, seen)
            if new:
                break  # expanded: the walk stops at the new node
        rewards = self.rollout(world, len(path))
        if groups is not None:
            rewards = share_in_teams(rewards, groups)
        for parent, edges in path:
            parent.visits += 1
            for s, r in enumerate(rewards):
                parent.totals[s] += r
            for actor, edge in edges:
                edge.visits += 1
                edge.reward += rewards[actor]
        node.visits += 1
        for s, r in enumerate(rewards):
            node.totals[s] += r

    def descend(self, node: Node, joint: list[tuple[int, Move]], chosen: list[tuple[int, Edge]],
                seen: list[Any]) -> tuple[Node, bool]:
        """The child of `node` that the joint move and what was seen lead to, and whether it was
        just made. A move its seat made alone with nothing seen keeps that child on its edge as
        well (`Edge.child`), where later walks find it without hashing the joint move."""
        edge = chosen[0][1] if len(chosen) == 1 and not seen else None
        if edge is not None and edge.child is not None:
            return edge.child, False
        key = (tuple(joint), tuple(seen))
        child = node.children.get(key)
        new = child is None
        if child is None:
            child = node.children[key] = Node(self.players)
        if edge is not None:
            edge.child = child
        return child, new

    def teams_in(self, world: State) -> tuple[list[list[int]] | None, frozenset[int]]:
        """The teams of more than one seat in a determinization (`team_groups`) and the
        observer's allies there, worked out once per way the teams are dealt (few: only the
        hidden ones are dealt anew)."""
        teams = self.game.teams(world)
        known = self.team_deals.get(teams)
        if known is None:
            groups = team_groups(teams)
            known = self.team_deals[teams] = (groups, self.allies(groups))
        return known

    def allies(self, groups: list[list[int]] | None) -> frozenset[int]:
        """The observer's allies in a determinization whose teams are `groups` (`team_groups`)."""
        if groups is None:
            return frozenset()
        for seats in groups:
            if self.seat in seats:
                return frozenset(seats) - {self.seat}
        return frozenset()

    def expected(self, node: Node, world: State, actor: int) -> list[Move]:
        """The one move an ally of the observer is expected to make at `node`: its best legal
        move by its own one-ply value (what the greedy bot plays), ranked on the first
        determinization that asks.

        An ally decides for itself, from what it sees: the observer cannot make it play the
        team's best line. Chosen by UCB1 on the team's reward, it would be modelled as finishing
        whatever the observer leaves undone (an enemy it could eliminate now, say), so the
        observer would leave it undone."""
        moves = world.legal_moves(actor)
        if len(moves) == 1:
            return moves
        return self.best_of(node, world, actor, moves, 1)

    def ranked(self, node: Node, world: State, actor: int, moves: list[Move]) -> list[Move]:
        """`actor`'s moves at `node` by their one-ply value, ranked on the first determinization that
        asks and kept on the node."""
        if node.ranked is None:
            node.ranked = {}
        ranked = node.ranked.get(actor)
        if ranked is None:
            ranked = node.ranked[actor] = ranking(self.game, world, actor, moves)
        return ranked

    def plausible(self, node: Node, world: State, actor: int) -> list[Move]:
        """`actor`'s best `candidates` legal moves at `node` by their one-ply value for it, ranked
        on the first determinization that asks (moves that were not legal then come last)."""
        moves = world.legal_moves(actor)
        keep = self.width(node.visits)
        if len(moves) <= keep:
            return moves
        return self.best_of(node, world, actor, moves, keep)

    def best_of(self, node: Node, world: State, actor: int, moves: list[Move], keep: int) -> list[Move]:
        """The `shortlist` of `keep` of `moves` by `actor`'s ranking at `node`, kept on the node
        and handed out again while the same legal moves come (one list comparison, mostly by
        identity, instead of a set of every legal move)."""
        ranked = self.ranked(node, world, actor, moves)
        if node.shortlists is None:
            node.shortlists = {}
        last = node.shortlists.get(actor)
        if last is not None and last[1] == keep and last[0] == moves:
            return last[2]  # the same legal moves as last time (most often the same objects)
        top = self.shortlist(ranked, moves, keep)
        node.shortlists[actor] = (moves, keep, top)
        return top

    @staticmethod
    def shortlist(ranked: list[Move], moves: list[Move], keep: int) -> list[Move]:
        """The first `keep` moves of `ranked` that are among `moves`, then the first others of
        `moves` when there are not enough."""
        legal = set(moves)
        top: list[Move] = []
        for move in ranked:  # the first `keep` of them legal here: stop there, the list is long
            if move in legal:
                top.append(move)
                if len(top) == keep:
                    return top
        if len(top) < keep:
            top.extend([m for m in moves if m not in top][:keep - len(top)])
        return top

    def select(self, node: Node, seat: int, moves: list[Move],
               prior: dict[Move, float] | None = None, sample: bool = False) -> Move:
        """UCB1 with availability counts; untried moves first, picked at random (best prior
        first when there is a prior, which also adds a bias fading with the visits). With
        `sample`, a uniformly drawn move (`SearchSettings.sample_opponents`)."""
        return self.pick(node, seat, moves, prior, sample)[0]

    def pick(self, node: Node, seat: int, moves: list[Move],
             prior: dict[Move, float] | None = None, sample: bool = False) -> tuple[Move, Edge]:
        """`select`'s move with its edge (the walk backs up through the edges it took)."""
        edges = node.edges.get(seat)
        if edges is None:
            edges = node.edges[seat] = {}
        known = self.edges_of(node, seat, edges, moves)  # the edges of `moves`, in their order
        if len(known) == 1:  # a forced move (half of Star Road's): every way below picks it
            edge = known[0]
            edge.available += 1
            return moves[0], edge
        untried: list[Move] = []
        for move, edge in zip(moves, known, strict=True):
            edge.available += 1
            if edge.visits == 0:
                untried.append(move)
        if sample:
            move = moves[0] if len(moves) == 1 else self.rng.choice(moves)
            return move, edges[move]
        if untried:
            if prior:
                move = max(untried, key=lambda m: prior[m])
            else:
                move = untried[0] if len(untried) == 1 else self.rng.choice(untried)
            return move, edges[move]
        return self.ucb1(moves, known, prior, self.settings.prior if prior else 0.0)

    @staticmethod
    def edges_of(node: Node, seat: int, edges: dict[Move, Edge], moves: list[Move]) -> list[Edge]:
        """The edges of `moves` (made when new), in their order: those of the moves `seat` was
        last offered at `node` when these are the same (most often the very same objects, which
        the list comparison matches without hashing a move), else one lookup per move."""
        if node.met is None:
            node.met = {}
        last = node.met.get(seat)
        if last is not None and last[0] == moves:
            return last[1]
        known: list[Edge] = []
        for move in moves:
            edge = edges.get(move)
            if edge is None:
                edge = edges[move] = Edge()
            known.append(edge)
        node.met[seat] = (moves[:], known)
        return known

    def ucb1(self, moves: list[Move], known: list[Edge], prior: dict[Move, float] | None,
             bias: float) -> tuple[Move, Edge]:
        """`pick`'s UCB1 over tried moves, their means rescaled to [0, 1] with
        `SearchSettings.normalize` (else as they are: minus 0, over 1, exactly) and the prior's
        bias when there is one."""
        low, width = 0.0, 1.0
        if self.settings.normalize:
            means = [edge.reward / edge.visits for edge in known]
            low = min(means)
            width = max(means) - low or 1.0
        best, best_edge = moves[0], known[0]
        best_value = -math.inf
        c = self.exploration
        log, sqrt = math.log, math.sqrt
        for move, edge in zip(moves, known, strict=True):
            visits = edge.visits
            mean = (edge.reward / visits - low) / width
            value = mean + c * sqrt(log(edge.available) / visits)
            if bias:
                value += bias * prior[move] / (visits + 1)  # type: ignore[index]
            if value > best_value:
                best, best_edge, best_value = move, edge, value
        return best, best_edge

    def rollout(self, world: State, depth: int) -> list[float]:
        """Rollout moves until the end or the depth cut-off; the rewards of every seat. `depth`:
        the moves played from the root so far."""
        rng = self.rng
        guide = self.guide
        for _ in range(self.depth):
            actors = world.actors()
            if not actors:
                return terminal_rewards(world, self.players, self.to_win)
            actor = actors[0]
            if not guide:
                move = world.random_move(actor, rng)  # as rng.choice of its legal moves
            else:
                moves = world.legal_moves(actor)
                if len(moves) == 1:
                    move = moves[0]
                elif rng.random() >= self.epsilon:
                    move = self.guided(world, actor, moves)
                else:
                    move = rng.choice(moves)
            world.advance(actor, move)
        if world.is_over():
            return terminal_rewards(world, self.players, self.to_win)
        return self.spread.rewards(self.game.judge_all(world, self.players),
                                   depth + self.depth)

    def guided(self, world: State, actor: int, moves: list[Move]) -> Move:
        """The best for `actor`, by the game's heuristic one move later, of `guide` moves sampled
        from `moves` (all of them when there are no more)."""
        sample = moves if len(moves) <= self.guide else self.rng.sample(moves, self.guide)
        game = self.game
        best = sample[0]
        best_value = -math.inf
        for move in sample:
            after = world.clone()
            after.advance(actor, move)
            value = one_ply_value(game, after, actor)
            if value > best_value:
                best, best_value = move, value
        return best

    def best(self, moves: list[Move]) -> Move:
        """The most visited of the observer's legal moves (ties: higher mean, then list order)."""
        edges = self.root.edges.get(self.seat, {})
        if self.root_moves is not None:
            moves = self.root_choices()
        best = moves[0]
        best_key = (-1, -math.inf)
        for move in moves:
            edge = edges.get(move)
            key = (edge.visits, edge.mean()) if edge is not None else (0, -math.inf)
            if key > best_key:
                best, best_key = move, key
        return best



def seat_count(game: Game[Any], state: State, seat: int) -> int:
    """The number of seats (public): the state's `players`, `player_count` or `n` when it is an
    int, else the length of the ranking at the end of a random playout of a determinization
    (which costs a whole game: Star Road's searches spent a tenth of their time on it)."""
    for name in ("players", "player_count", "n"):
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool) and value > seat:
            return value
    rng = Rng(0)
    world = state.redetermine(seat, rng)
    for _ in range(game.move_bound):
        actors = world.actors()
        if not actors:
            break
        world.advance(actors[0], rng.choice(world.legal_moves(actors[0])))
    return len(world.result().ranks)
