"""What a search's cut-offs and finished games are worth to each seat, in [0, 1].

A finished game rewards each seat by its rank plus a small score-margin term
(`terminal_rewards`); a position cut off before the end is judged by the game's heuristic for
every seat, turned into pairwise win chances over the spread of the differences met so far in
the search (`Spread`, `heuristic_rewards`).

At three players or more a search may instead play for first place alone
(`SearchSettings.play_to_win`): a finished game rewards only the winner (`terminal_rewards` with
``to_win``), and a cut-off each seat's chance of beating every other seat at once
(`first_place_chances`). Pairwise chances reward a line that keeps a seat second as much as one
that makes it first against a third seat; the arena, and the players, count wins. At two players
both judge alike, to the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from parlor.core import State

MARGIN_WEIGHT = 0.1  # share of a terminal reward given by the score margin; ranks give the rest


def terminal_rewards(state: State, players: int, to_win: bool = False) -> list[float]:
    """Rank rewards (first 1, last 0, ties share their places) plus a small score-margin term.

    The margin is a seat's score minus the best other score, squashed by tanh over the mean
    absolute score, so a bigger win is a little better but never outweighs a better rank. With
    `to_win`, only first place is worth 1 and every other place 0 (seats tied for first share
    the places they span, as before): the same at two players.
    """
    result = state.result()
    ranks = result.ranks
    scores = result.scores
    n = len(ranks)
    if n < 2:
        return [1.0] * players
    scale = max(1.0, sum(abs(s) for s in scores) / n)
    out = []
    for seat in range(n):
        better = sum(1 for r in ranks if r < ranks[seat])
        tied = sum(1 for r in ranks if r == ranks[seat])
        if to_win:
            place = (1.0 if better == 0 else 0.0) / tied
        else:
            place = sum((n - 1 - p) / (n - 1) for p in range(better, better + tied)) / tied
        best_other = max(scores[s] for s in range(n) if s != seat)
        margin = 0.5 + 0.5 * math.tanh((scores[seat] - best_other) / scale)
        out.append((1.0 - MARGIN_WEIGHT) * place + MARGIN_WEIGHT * margin)
    return out


def heuristic_rewards(values: list[float], scale: float,
                      offsets: list[list[float]] | None = None) -> list[float]:
    """Each seat's chance of beating each other seat, from heuristic values: the mean over the
    others of a logistic of the difference (less ``offsets[seat][other]`` when given) divided by
    `scale`."""
    players = len(values)
    if players < 2:
        return [0.5] * players
    return [sum(_chances_against_others(values, seat, scale, offsets)) / (players - 1)
            for seat in range(players)]


def first_place_chances(values: list[float], scale: float,
                        offsets: list[list[float]] | None = None) -> list[float]:
    """Each seat's chance of finishing first, from heuristic values: the product of its pairwise
    chances against every other seat (`heuristic_rewards`' logistic), the products rescaled to
    add up to 1 over the seats. At two players the pairwise chances themselves."""
    players = len(values)
    if players <= 2:
        return heuristic_rewards(values, scale, offsets)
    products = [math.prod(_chances_against_others(values, seat, scale, offsets)) for seat in range(players)]
    total = sum(products)
    return [product / total for product in products]


def _chances_against_others(values: list[float], seat: int, scale: float,
                            offsets: list[list[float]] | None) -> Iterator[float]:
    """`seat`'s chance of beating each other seat in turn: a logistic of the difference of their
    values (less ``offsets[seat][other]`` when given) over `scale`."""
    mine = values[seat]
    for other, theirs in enumerate(values):
        if other != seat:
            gap = mine - theirs - (offsets[seat][other] if offsets else 0.0)
            yield 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -gap / scale))))


# how a cut-off's heuristic values become rewards: (values, scale, offsets) -> each seat's reward
Judge = Callable[[list[float], float, list[list[float]] | None], list[float]]


class Spread:
    """The root mean square of the heuristic differences between seats seen in one search.

    Heuristics count points on each game's own scale, and the differences that matter are small
    next to the totals; dividing by the spread actually met keeps a cut-off's rewards informative
    (one typical difference is worth about 73% against 27%) whatever the game's scale.

    With ``center``, each pair's differences are measured from their mean so far: a seat far
    ahead at the root is not rewarded 0.9 by every line alike, but by how much a line keeps or
    widens its lead, which separates the moves far more.
    """

    __slots__ = ("center", "count", "judge", "pairs", "squares", "sums")

    def __init__(self, center: bool = False, judge: Judge = heuristic_rewards) -> None:
        self.center = center
        self.judge = judge
        self.count = 0  # cut-offs recorded
        self.pairs = 0  # pairwise differences recorded
        self.squares = 0.0  # their sum of squares
        self.sums: list[list[float]] = []  # with center: per ordered pair, the sum of differences

    def add(self, values: list[float]) -> float:
        """Record the pairwise differences of `values`; the scale to use for them."""
        return self._record(values)[0]

    def _record(self, values: list[float]) -> tuple[float, list[list[float]] | None]:
        """Record `values`; the scale and (when centering) the pairs' mean differences."""
        n = len(values)
        if self.center and not self.sums:
            self.sums = [[0.0] * n for _ in range(n)]
        self.count += 1
        self.pairs += n * (n - 1) // 2
        self.squares = _add_gaps(values, self.squares, self.sums if self.center else None)
        mean_square = self.squares / self.pairs if self.pairs else 0.0
        offsets = self.offsets()
        if offsets is not None and n > 1:  # the variance about each pair's mean, not about 0
            mean_square -= sum(offsets[i][j] ** 2 for i in range(n) for j in range(i + 1, n)) \
                / (n * (n - 1) / 2)
        spread = math.sqrt(max(0.0, mean_square))
        return (spread if spread > 1e-9 else 1.0), offsets

    def offsets(self) -> list[list[float]] | None:
        """The mean difference of each ordered pair so far, when centering; else None."""
        if not self.center or not self.count:
            return None
        return [[total / self.count for total in row] for row in self.sums]

    def rewards(self, values: list[float], depth: int = 0) -> list[float]:
        """Record `values` and turn them into each seat's reward (see `heuristic_rewards`); the
        cut-off's depth matters only to a `DepthSpread`."""
        scale, offsets = self._record(values)
        return self.judge(values, scale, offsets)


class DepthSpread:
    """A centred `Spread` whose pairs' mean differences are kept per depth of the cut-off (moves
    from the root): each cut-off is measured against the others as far ahead.

    A heuristic's differences drift as a game goes on (points gather, a lead widens, the seat
    that just moved looks better than the one about to), so cut-offs judged at different depths
    are not alike: centred on one mean, a line that the tree has grown deeper is rewarded or
    punished for being further ahead in time rather than for being better. The scale is the root
    mean square of the differences about their own depth's means.
    """

    __slots__ = ("counts", "explained", "judge", "pairs", "squares", "sums")

    def __init__(self, judge: Judge = heuristic_rewards) -> None:
        self.judge = judge
        self.pairs = 0  # pairwise differences recorded
        self.squares = 0.0  # their sum of squares
        self.explained = 0.0  # the part of it the depths' means account for
        self.counts: dict[int, int] = {}  # depth -> cut-offs recorded there
        self.sums: dict[int, list[list[float]]] = {}  # depth -> per ordered pair, sum of differences

    def rewards(self, values: list[float], depth: int) -> list[float]:
        """Record `values`, judged `depth` moves from the root, and turn them into each seat's
        reward against that depth's mean differences (see `heuristic_rewards`)."""
        n = len(values)
        sums = self.sums.get(depth)
        if sums is None:
            sums = self.sums[depth] = [[0.0] * n for _ in range(n)]
        count = self.counts.get(depth, 0)
        if count:
            self.explained -= _upper_squares(sums) / count
        self.pairs += n * (n - 1) // 2
        self.squares = _add_gaps(values, self.squares, sums)
        count = self.counts[depth] = count + 1
        self.explained += _upper_squares(sums) / count
        spread = math.sqrt(max(0.0, (self.squares - self.explained) / self.pairs)) if self.pairs else 0.0
        offsets = [[total / count for total in row] for row in sums]
        return self.judge(values, spread if spread > 1e-9 else 1.0, offsets)


def _add_gaps(values: list[float], squares: float, sums: list[list[float]] | None) -> float:
    """`squares` plus the square of each pair's difference of `values` (an earlier seat's value
    minus a later one's), each difference also added to `sums` both ways when given, per ordered
    pair. Added one by one onto `squares`, as the search always has: its rewards stay the same to
    the last bit."""
    n = len(values)
    for i, mine in enumerate(values):
        for j in range(i + 1, n):
            gap = mine - values[j]
            squares += gap * gap
            if sums is not None:
                sums[i][j] += gap
                sums[j][i] -= gap
    return squares


def _upper_squares(sums: list[list[float]]) -> float:
    """The sum of squares of the entries above the diagonal."""
    return sum(row[j] * row[j] for i, row in enumerate(sums) for j in range(i + 1, len(row)))


def team_groups(teams: tuple[str, ...] | None) -> list[list[int]] | None:
    """The seats of each team of more than one seat, in seat order; None when there is none
    (every seat plays for itself, or each team is one seat, as at two players)."""
    if teams is None:
        return None
    members: dict[str, list[int]] = {}
    for seat, team in enumerate(teams):
        members.setdefault(team, []).append(seat)
    groups = [seats for seats in members.values() if len(seats) > 1]
    return groups or None


def share_in_teams(rewards: list[float], groups: list[list[int]]) -> list[float]:
    """Every seat of a team gets the mean reward of its team's seats (`team_groups`).

    All the seats of a team win or lose together (Star Road, SR-3.5), so a seat that searches
    for its own reward alone would also try to beat its allies, and model them as trying to beat
    it. Pairwise cut-off rewards (`heuristic_rewards`) between two allies add up to 1, so in the
    mean they cancel out: what is left is how the team's seats compare with the other teams'.
    """
    shared = list(rewards)
    for seats in groups:
        mean = sum(rewards[seat] for seat in seats) / len(seats)
        for seat in seats:
            shared[seat] = mean
    return shared
