"""How parlor's search bots play a game: the settings a game declares (`Game.bot_settings`).

The search itself lives in `parlor.ai`; these are plain values so that a game can state what was
measured best for it without importing the bots. A game that declares nothing gets the defaults,
which are sound but untuned: measure a new game with ``bench/ismcts.py`` and the arena (docs/bots.md).

>>> BotSettings().depth == DEFAULT_DEPTH and BotSettings().tuned == SearchSettings()
True
>>> SearchSettings(depth=0, candidates=3).candidates
3
"""

from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_DEPTH = 30
DEFAULT_EXPLORATION = 0.7
DEFAULT_EPSILON = 0.1  # share of random moves in a guided rollout


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How an ISMCTS search explores and judges, apart from its budget.

    :param depth: rollout moves before the position is judged by the game's heuristic; None
        takes the game's own depth (`BotSettings.depth`).
    :param exploration: the UCB1 constant (rewards lie in [0, 1]).
    :param observe: split children by what the observer sees revealed.
    :param guide: rollout policy: 0 plays uniformly random moves; k > 0 plays, with probability
        ``1 - epsilon``, the best by the game's heuristic (for the seat moving) of k moves sampled
        from the legal ones, and a random move otherwise.
    :param normalize: UCB compares the means of a node's moves rescaled to [0, 1] between the
        worst and the best of them, so exploration weighs the same whatever the spread of rewards.
    :param center: cut-off rewards measure heuristic differences from their mean over the search
        (how much better than usual a line leaves each seat) rather than from zero.
    :param center_by_depth: with ``center``, the mean differences are kept per depth of the
        cut-off (moves from the root), so lines the tree grew deeper are judged against cut-offs
        as far ahead, not against the whole search's (`parlor.ai.rewards.DepthSpread`).
    :param candidates: when positive, the observer's moves at the root are only the best this many
        by their one-ply heuristic value (what the greedy bot sees), so the iterations go deeper
        into the plausible ones.
    :param root_candidates: when positive, the observer's moves at the root are greedy's best this
        many whatever ``candidates`` says for the other nodes (with ``everywhere``): a search may
        weigh more of its own moves now than it follows at every later node.
    :param everywhere: the candidates rule applies at every node and to every seat (each node
        ranks a seat's moves once, on the determinization that first asks), so the tree follows
        the lines greedy play finds plausible, the opponents' included.
    :param widen: progressive unpruning (Chaslot et al. 2008): when positive, a node that has been
        visited ``widen`` times considers one more of its ranked moves beyond ``candidates``, and
        one more each time its visits double again; so a longer search weighs moves greedy ranks
        lower where it has spent the time, instead of only growing deeper among the same few.
        Searches of fewer than ``widen`` iterations are unchanged by it.
    :param prior: progressive bias at the root: the observer's moves get ``prior`` times their
        one-ply value (rescaled to [0, 1] between the worst and best move) over ``visits + 1``,
        and untried moves are tried best first.
    :param sample_opponents: in the tree, every seat but the observer plays a move drawn uniformly
        from its moves (its candidates, with ``everywhere``) instead of the one UCB1 favours. The
        observer's own hidden cards are the same in every determinization, so opponents that
        optimise in its tree learn to play against cards they cannot see, and the more iterations,
        the better they learn it; sampled opponents are a fixed model whose value only sharpens.
    :param sample_own: with ``sample_opponents``, the observer's own moves below the root are drawn
        uniformly too: only the root chooses by UCB1, and each root move is judged by the mean over
        its plausible continuations, which more iterations only sharpen.
    :param tree_depth: when positive, the tree grows no deeper than this many moves from the
        root: an iteration that reaches a node that deep is judged there, so more iterations sharpen
        the same horizon's estimates instead of judging positions further ahead.
    :param play_to_win: at three players or more, a finished game rewards first place alone and
        a cut-off each seat's chance of beating every other seat at once (the product of its
        pairwise chances), instead of the mean of its pairwise chances and its rank: a search
        for wins rather than for a good place (`parlor.ai.rewards`). The same at two players.
    :param tuned: use the settings measured best for the game being played
        (`BotSettings.tuned`) instead of these; the levels do.
    :param expert: use the game's expert search (`BotSettings.expert`, and its number of trees)
        instead of these; the expert level does.
    """

    depth: int | None = DEFAULT_DEPTH
    exploration: float = DEFAULT_EXPLORATION
    observe: bool = True
    guide: int = 0
    epsilon: float = DEFAULT_EPSILON
    normalize: bool = False
    center: bool = False
    center_by_depth: bool = False
    candidates: int = 0
    root_candidates: int = 0
    everywhere: bool = False
    widen: int = 0
    prior: float = 0.0
    sample_opponents: bool = False
    sample_own: bool = False
    tree_depth: int = 0
    play_to_win: bool = False
    tuned: bool = False
    expert: bool = False


@dataclass(frozen=True, slots=True)
class BotSettings:
    """What a game tells the search bots about itself.

    :param depth: the rollout depth of a search that asks for the game's own (spec part ``dg``).
    :param tuned: the settings the difficulty levels search with (spec part ``t``); never itself
        marked `tuned`.
    :param tuned_multiplayer: the levels' settings at three players or more, when they differ
        from `tuned`: with several opponents to model, what a search does best is measured apart
        (at two players it faces one).
    :param expert: the expert level's search (spec part ``x``) when it differs from `tuned`: the
        expert level spends five times hard's budget, and a game whose search gains from a longer
        one (rollouts instead of judging the leaves at once, say) states it here. It is measured
        at two players: at more, a game that states `tuned_multiplayer` searches with that.
    :param expert_trees: how many independent trees the expert level divides its budget among,
        voting with their root visits (1: one tree with the whole budget).

    >>> BotSettings().expert_search(2) == BotSettings().tuned and BotSettings().expert_trees
    5
    >>> crowd = SearchSettings(depth=0, candidates=3, everywhere=True)
    >>> BotSettings(tuned_multiplayer=crowd).tuned_for(3) == crowd
    True
    """

    depth: int = DEFAULT_DEPTH
    tuned: SearchSettings = field(default_factory=SearchSettings)
    tuned_multiplayer: SearchSettings | None = None
    expert: SearchSettings | None = None
    expert_trees: int = 5

    def __post_init__(self) -> None:
        for settings in (self.tuned, self.tuned_for(3), self.expert_search(2)):
            if settings.tuned or settings.expert:
                raise ValueError("a game's tuned or expert settings cannot themselves ask for a "
                                 "game's settings")
        if self.expert_trees < 1:
            raise ValueError("the expert level needs at least one tree")

    def tuned_for(self, players: int) -> SearchSettings:
        """The settings the levels search with at `players` seats: `tuned_multiplayer` at three
        or more when the game states it, else `tuned`."""
        if players > 2 and self.tuned_multiplayer is not None:
            return self.tuned_multiplayer
        return self.tuned

    def expert_search(self, players: int) -> SearchSettings:
        """The settings the expert level searches with at `players` seats: `expert` (measured at
        two players) unless `tuned_multiplayer` speaks for more, else the levels' settings."""
        if self.expert is None or (players > 2 and self.tuned_multiplayer is not None):
            return self.tuned_for(players)
        return self.expert
