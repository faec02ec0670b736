"""ISMCTS on the fixture game: strength, reproducibility, budgets, hidden information, simultaneous
decisions and rewards. Strength is measured with fixed seeds over seat-alternated games."""

from __future__ import annotations

import math
from typing import Any

import pytest

from fixturegames.sealed_bids import Bid, SealedBids, SealedBidsState
from parlor.ai import Budget, GreedyBot, IsmctsBot, RandomBot, make_bot
from parlor.ai.bots import Bot
from parlor.ai.ismcts import tighter
from parlor.ai.rewards import DepthSpread, Spread, first_place_chances, heuristic_rewards, terminal_rewards
from parlor.ai.search import Search, seat_count
from parlor.ai.tree import Edge, Node
from parlor.core import Move, Result, Rng, derive_seed, get_game
from parlor.core import SearchSettings as Settings
from parlor.sim.arena import wilson
from parlor.sim.runner import play_game

GAME = SealedBids()
# A longer variant leaves more room for skill than the default 3 cards and 4 rounds.
SKILL = {"rounds": 6, "hand_size": 4}


def match(bot: Bot, other: Bot, deals: int, options: Any = SKILL) -> float:
    """`bot`'s share of wins over `deals` deals, each played once from each seat."""
    wins = 0.0
    for deal in range(deals):
        seed = derive_seed(2024, deal)
        for seats in ((bot, other), (other, bot)):
            summary = play_game(GAME, 2, seed, list(seats), options)
            winners = [s for s, r in enumerate(summary.ranks) if r == 1]
            mine = seats.index(bot)
            wins += 1.0 / len(winners) if mine in winners else 0.0
    return wins / (2 * deals)


@pytest.mark.parametrize("other", [RandomBot(), GreedyBot()], ids=["random", "greedy"])
def test_ismcts_beats_random_and_greedy_clearly(other: Bot) -> None:
    """Over 80 seat-alternated games, the 95% Wilson lower bound of ISMCTS's win rate is above
    one half (measured at 80 iterations: 0.78 against random, 0.66 against greedy)."""
    rate = match(IsmctsBot(Budget(iterations=80)), other, deals=40)
    low, _ = wilson(rate * 80, 80)
    assert low > 0.5, rate


def test_same_seed_and_iteration_budget_give_the_same_move_and_statistics() -> None:
    state = GAME.setup(3, 11, SKILL)
    first, second = IsmctsBot(Budget(iterations=300)), IsmctsBot(Budget(iterations=300))
    move = first.choose(GAME, state, 0, Rng(5))
    assert second.choose(GAME, state.clone(), 0, Rng(5)) == move
    assert first.last == second.last and first.last is not None
    assert sum(m.visits for m in first.last.moves) == 300


def test_choose_never_changes_the_state() -> None:
    state = GAME.setup(2, 4)
    before = state.fingerprint()
    IsmctsBot(Budget(iterations=100)).choose(GAME, state, 0, Rng(1))
    assert state.fingerprint() == before


def test_iteration_budget_is_counted_exactly_and_a_given_budget_caps_it() -> None:
    bot = IsmctsBot(Budget(iterations=500))
    state = GAME.setup(2, 8)
    bot.choose(GAME, state, 0, Rng(2))
    assert bot.last is not None and bot.last.iterations == 500
    bot.choose(GAME, state, 0, Rng(2), Budget(iterations=37))
    assert bot.last.iterations == 37
    assert sum(m.visits for m in bot.last.moves) == 37
    bot.choose(GAME, state, 0, Rng(2), Budget(iterations=900))  # a cap never extends the level
    assert bot.last.iterations == 500
    bot.choose(GAME, state, 0, Rng(2), Budget(seconds=30.0))  # a server's time limit
    assert bot.last.iterations == 500


def test_tighter_budget_takes_each_limit_at_its_least() -> None:
    own = Budget(seconds=2.0, iterations=1000)
    assert tighter(own, None) == own
    assert tighter(own, Budget(seconds=0.5)) == Budget(seconds=0.5, iterations=1000)
    assert tighter(Budget(iterations=10), Budget(seconds=1.0)) == Budget(seconds=1.0, iterations=10)


def test_time_budget_stops_the_search() -> None:
    """A time-only budget ends (no timing assert: it runs at least one iteration and stops)."""
    bot = IsmctsBot(Budget(seconds=0.05))
    bot.choose(GAME, GAME.setup(2, 8), 0, Rng(2))
    assert bot.last is not None and bot.last.iterations >= 1


def test_a_single_legal_move_is_played_without_search() -> None:
    state = GAME.scenario({"players": 2, "hands": [[5], [3, 4]], "prize": 2})
    bot = IsmctsBot(Budget(iterations=100))
    assert bot.choose(GAME, state, 0, Rng(1)) == Bid(5)
    assert bot.last is not None and bot.last.iterations == 0


class ViewOnlyState(SealedBidsState):
    """Sealed Bids whose redetermination is built from `view(seat)` alone (valid before the first
    bids are revealed, which is all these tests need): whatever the true state hides, the same
    rng gives the same determinization."""

    __slots__ = ()

    def redetermine(self, seat: int, rng: Rng) -> ViewOnlyState:
        view = self.view(seat)
        assert not view["last_bids"], "only positions before the first reveal"
        world = self.clone()
        world.rng = Rng(rng.getrandbits(64))
        pool = [c for c in range(1, 6 * self.players + 1) if c not in view["hand"]]
        rng.shuffle(pool)
        committed = view["bidding"]["committed"] if view["bidding"] else []
        for other in range(self.players):
            if other == seat:
                continue
            if other in committed:
                assert world.commits is not None
                world.commits.moves[other] = Bid(pool.pop())
            world.hands[other] = [pool.pop() for _ in range(view["hand_sizes"][other])]
        world.deck = pool
        assert len(pool) == view["deck"]
        world.prizes = [p for p in range(1, self.options.rounds + 1) if p != view["prize"]]
        rng.shuffle(world.prizes)
        assert len(world.prizes) == view["prizes_left"]
        return world


class ViewOnlyGame(SealedBids):
    state_class = ViewOnlyState


def _opening(opponent_committed: bool) -> SealedBidsState:
    state = ViewOnlyGame().setup(3, 21, SKILL)
    if opponent_committed:
        state.play(1, Bid(state.hands[1][-1]))
        state.play(2, Bid(state.hands[2][0]))
    return state


# the default search, one with every option the tuned levels use (candidates ranked on
# determinizations at every node, centred cut-offs at depth 0), and one with sampled opponents
MARKER_SETTINGS = [Settings(), Settings(depth=0, center=True, candidates=2, everywhere=True, prior=1.0),
                   Settings(depth=0, center=True, candidates=2, everywhere=True, sample_opponents=True),
                   Settings(depth=0, center=True, candidates=2, everywhere=True, play_to_win=True)]
MARKER_IDS = ["default", "tuned-options", "sampled-opponents", "playing-to-win"]


@pytest.mark.parametrize("settings", MARKER_SETTINGS, ids=MARKER_IDS)
@pytest.mark.parametrize("opponent_committed", [False, True], ids=["all-pending", "others-committed"])
def test_planted_markers_in_hidden_information_change_nothing(opponent_committed: bool,
                                                              settings: Settings) -> None:
    """Issue 7: markers planted in everything seat 0 cannot see (other hands, their hidden bids,
    the deck, the prize pile) leave its move and every root statistic unchanged."""
    game = ViewOnlyGame()
    truth = _opening(opponent_committed)
    planted = truth.clone()
    markers = planted.plant_markers(0)
    assert markers and any(m in planted.hands[1] for m in markers)
    bot = IsmctsBot(Budget(iterations=400), settings)
    move = bot.choose(game, truth, 0, Rng(9))
    stats = bot.last
    assert bot.choose(game, planted, 0, Rng(9)) == move
    assert bot.last == stats


@pytest.mark.parametrize("settings", MARKER_SETTINGS, ids=MARKER_IDS)
def test_the_marker_test_has_teeth(settings: Settings) -> None:
    """A search that looked at the true state (here: determinizations that copy it) sees the
    markers and behaves differently, so the test above would catch such a leak."""
    game = ViewOnlyGame()
    truth = _opening(True)
    planted = truth.clone()
    planted.plant_markers(0)

    class Peeking(ViewOnlyState):
        __slots__ = ()

        def redetermine(self, seat: int, rng: Rng) -> ViewOnlyState:
            world = self.clone()
            world.rng = Rng(rng.getrandbits(64))
            return world

    bot = IsmctsBot(Budget(iterations=400), settings)
    truth.__class__ = Peeking
    planted.__class__ = Peeking
    bot.choose(game, truth, 0, Rng(9))
    stats = bot.last
    bot.choose(game, planted, 0, Rng(9))
    assert bot.last != stats


class Guard:
    """Stands in for the true state and lets the search call only what the seat may use."""

    def __init__(self, state: SealedBidsState, seat: int) -> None:
        self._state, self._seat = state, seat
        self.players = state.players  # the number of seats is public
        self.redeterminations = 0

    def actors(self) -> tuple[int, ...]:
        return self._state.actors()

    def legal_moves(self, seat: int) -> list[Move]:
        assert seat == self._seat, "the search asked for another seat's moves in the true state"
        return self._state.legal_moves(seat)

    def redetermine(self, seat: int, rng: Rng) -> SealedBidsState:
        assert seat == self._seat, "the search redetermined for another seat"
        self.redeterminations += 1
        return self._state.redetermine(seat, rng)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"the search read {name!r} of the true state")


def test_search_touches_the_true_state_only_through_redetermine() -> None:
    state = GAME.setup(3, 6, SKILL)
    state.play(1, state.legal_moves(1)[0])
    guard = Guard(state, 0)
    bot = IsmctsBot(Budget(iterations=120))
    bot.choose(GAME, guard, 0, Rng(3))  # type: ignore[arg-type]
    assert guard.redeterminations == 120


def test_simultaneous_choices_are_decoupled_at_one_node() -> None:
    """All pending seats choose at the same node from their own statistics; the child is the
    joint move. Each seat's edge visits add up to the iterations."""
    state = GAME.setup(3, 6, SKILL)
    assert state.actors() == (0, 1, 2)
    search = Search(GAME, state, 1, Rng(4), Settings(depth=30))
    search.run(Budget(iterations=200))
    root = search.root
    assert set(root.edges) == {0, 1, 2}
    for seat in (0, 1, 2):
        assert sum(e.visits for e in root.edges[seat].values()) == 200
    assert all([a for a, _ in joint] == [0, 1, 2] for joint, _seen in root.children)
    # seat 0's cards are hidden from seat 1: its availability reflects resampled hands
    assert len(root.edges[0]) > len(state.legal_moves(0))


def test_a_seat_deciding_after_hidden_commits_searches_only_its_own_choice() -> None:
    state = GAME.setup(2, 6, SKILL)
    state.play(0, state.legal_moves(0)[0])
    search = Search(GAME, state, 1, Rng(4), Settings(depth=30))
    search.run(Budget(iterations=100))
    assert set(search.root.edges) == {1}
    assert {m for m in search.root.edges[1]} == set(state.legal_moves(1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_for_every_level_finish_games_at_every_player_count(players: int) -> None:
    bots = [make_bot("ismcts:30i:d5"), make_bot("easy"), make_bot("ismcts:20i"), make_bot("random")]
    summary = play_game(GAME, players, 17, bots[:players])
    assert len(summary.ranks) == players and summary.moves > 0


def test_terminal_rewards_rank_then_margin() -> None:
    """Three seats, scores 10, 4, 4: the winner gets 0.9 + 0.1 * (1/2 + tanh(6/6) / 2); the two
    tied seats share places 2 and 3, (1/2 + 0) / 2 each, plus their margin term."""

    class Done:
        def result(self) -> Result:
            return Result((10.0, 4.0, 4.0), ({}, {}, {}), (1, 2, 2))

    rewards = terminal_rewards(Done(), 3)  # type: ignore[arg-type]
    assert rewards[0] == pytest.approx(0.9 + 0.1 * (0.5 + 0.5 * math.tanh(1.0)))
    assert rewards[1] == pytest.approx(0.9 * 0.25 + 0.1 * (0.5 + 0.5 * math.tanh(-1.0)))
    assert rewards[1] == rewards[2]


def test_terminal_rewards_to_win_count_first_place_alone() -> None:
    """Playing to win (`SearchSettings.play_to_win`), scores 10, 4, 4: the winner's place is
    worth 1 and second and third nothing (ties for first share it), the margin term as before;
    at two players the rewards are the rank rewards to the last bit."""

    class Done:
        def __init__(self, scores: tuple[float, ...], ranks: tuple[int, ...]) -> None:
            self.scores, self.ranks = scores, ranks

        def result(self) -> Result:
            return Result(self.scores, tuple({} for _ in self.scores), self.ranks)

    rewards = terminal_rewards(Done((10.0, 4.0, 4.0), (1, 2, 2)), 3, to_win=True)  # type: ignore[arg-type]
    assert rewards[0] == pytest.approx(0.9 + 0.1 * (0.5 + 0.5 * math.tanh(1.0)))
    assert rewards[1] == pytest.approx(0.1 * (0.5 + 0.5 * math.tanh(-1.0))) == rewards[2]
    shared = terminal_rewards(Done((7.0, 7.0, 1.0), (1, 1, 3)), 3, to_win=True)  # type: ignore[arg-type]
    assert shared[0] == shared[1] == pytest.approx(0.9 * 0.5 + 0.1 * 0.5)
    for scores, ranks in (((5.0, 3.0), (1, 2)), ((4.0, 4.0), (1, 1))):
        done = Done(scores, ranks)
        assert terminal_rewards(done, 2, to_win=True) == terminal_rewards(done, 2)  # type: ignore[arg-type]


def test_first_place_chances_multiply_the_pairwise_chances() -> None:
    """Values 6, 2, 2 at scale 4: seat 0 beats each other seat with chance s = 1 / (1 + e^-1),
    so both at once with s^2; seats 1 and 2 with (1 - s) / 2; rescaled to add up to 1. At two
    players they are the pairwise chances themselves, to the last bit."""
    s = 1 / (1 + math.exp(-1))
    chances = first_place_chances([6.0, 2.0, 2.0], 4.0)
    other = (1 - s) * 0.5
    total = s * s + 2 * other
    assert chances == pytest.approx([s * s / total, other / total, other / total])
    assert sum(chances) == pytest.approx(1)
    assert first_place_chances([6.0, 2.0], 4.0) == heuristic_rewards([6.0, 2.0], 4.0)
    offsets = [[0.0, 1.0], [-1.0, 0.0]]
    assert first_place_chances([6.0, 2.0], 4.0, offsets) == heuristic_rewards([6.0, 2.0], 4.0, offsets)


def test_a_second_place_is_worth_less_to_a_search_that_plays_to_win() -> None:
    """Seat 0 far behind seat 1 but ahead of seat 2: pairwise it keeps a good share (it beats
    seat 2), playing to win it has almost nothing: a line that only secures second place is not
    worth playing for."""
    values = [5.0, 12.0, 0.0]
    assert heuristic_rewards(values, 2.0)[0] > 0.45
    assert first_place_chances(values, 2.0)[0] < 0.05


def test_playing_to_win_changes_nothing_at_two_players() -> None:
    """The same seed and budget: the same move and root statistics at two players with and without
    `play_to_win`; at three players the rewards differ, and so do the statistics."""
    plain = Settings(depth=0, center=True, candidates=2, everywhere=True)
    to_win = Settings(depth=0, center=True, candidates=2, everywhere=True, play_to_win=True)
    for players, alike in ((2, True), (3, False)):
        state = GAME.setup(players, 5, SKILL)
        seat = state.actors()[0]
        first, second = IsmctsBot(Budget(iterations=300), plain), IsmctsBot(Budget(iterations=300), to_win)
        move = first.choose(GAME, state, seat, Rng(3))
        assert (second.choose(GAME, state, seat, Rng(3)) == move and second.last == first.last) is alike


def test_heuristic_rewards_are_pairwise_win_chances() -> None:
    """Values 6 and 2 at scale 4: seat 0 gets 1 / (1 + e^-1) = 0.731, seat 1 the rest; with three
    seats each reward is the mean of two such chances."""
    rewards = heuristic_rewards([6.0, 2.0], 4.0)
    assert rewards[0] == pytest.approx(1 / (1 + math.exp(-1))) and sum(rewards) == pytest.approx(1)
    three = heuristic_rewards([6.0, 2.0, 2.0], 4.0)
    assert three[0] == pytest.approx(1 / (1 + math.exp(-1)))
    assert three[1] == pytest.approx((1 / (1 + math.exp(1)) + 0.5) / 2)


def test_spread_is_the_root_mean_square_of_pairwise_differences() -> None:
    spread = Spread()
    assert spread.add([5.0, 5.0]) == 1.0  # nothing to go by yet: a unit scale
    assert spread.add([6.0, 2.0, 3.0]) == pytest.approx(math.sqrt((0 + 16 + 9 + 1) / 4))


def test_seat_count_reads_the_public_count() -> None:
    assert seat_count(GAME, GAME.setup(4, 1), 0) == 4


@pytest.mark.parametrize("game_id", ["opera", "skyrise", "starroad", "trickerion"])
def test_seat_count_of_every_game_needs_no_playout(game_id: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game's state shows its seat count, so the search never plays a game to learn it."""
    game = get_game(game_id)
    state = game.setup(4, 1)

    def refuse(*_args: object) -> None:
        raise AssertionError("seat_count played a determinization out")

    monkeypatch.setattr(type(state), "redetermine", refuse)
    assert seat_count(game, state, 0) == 4


def test_children_are_split_by_what_the_observer_sees_revealed() -> None:
    """After the winner takes or trades, the next prize is turned up: with observation on, one
    move leads to a child per prize seen; with it off, to one child."""
    state = GAME.setup(2, 6, SKILL)

    def most_children_per_move(node: Node) -> int:
        joints = [joint for joint, _ in node.children]
        here = max((joints.count(j) for j in joints), default=0)
        return max([here, *(most_children_per_move(c) for c in node.children.values())])

    counts = {}
    for observe in (True, False):
        search = Search(GAME, state, 0, Rng(4), Settings(depth=30, observe=observe))
        search.run(Budget(iterations=400))
        counts[observe] = most_children_per_move(search.root)
    assert counts[False] == 1 and counts[True] > 1


def test_guided_rollouts_are_reproducible_and_leave_the_state_alone() -> None:
    state = GAME.setup(2, 11, SKILL)
    before = state.fingerprint()
    first, second = (IsmctsBot(Budget(iterations=150), Settings(depth=6, guide=2, epsilon=0.2))
                     for _ in range(2))
    move = first.choose(GAME, state, 0, Rng(5))
    assert second.choose(GAME, state.clone(), 0, Rng(5)) == move
    assert first.last == second.last and first.last is not None
    assert state.fingerprint() == before


def test_a_guided_rollout_move_is_the_heuristic_best_of_its_sample() -> None:
    state = GAME.setup(2, 3, SKILL)
    seat = state.actors()[0]
    moves = state.legal_moves(seat)
    search = Search(GAME, state, seat, Rng(4), Settings(depth=5, guide=len(moves)))

    def value(move: Move) -> float:
        after = state.clone()
        after._apply(seat, move)
        return GAME.heuristic(after, seat)

    best = max(value(m) for m in moves)
    assert value(search.guided(state.clone(), seat, moves)) == best


def test_a_game_without_bot_settings_gets_the_default_depth() -> None:
    from parlor.ai.settings import DEFAULT_DEPTH
    from parlor.core import Game

    bot = make_bot("ismcts:40i:dg")
    assert isinstance(bot, IsmctsBot) and bot.settings.depth is None
    state = GAME.setup(2, 3)
    assert GAME.bot_settings is Game.bot_settings  # the fixture game states none of its own
    tuned = bot.choose(GAME, state, state.actors()[0], Rng(2))
    fixed = IsmctsBot(Budget(iterations=40), Settings(depth=DEFAULT_DEPTH))
    assert fixed.choose(GAME, state, state.actors()[0], Rng(2)) == tuned
    assert fixed.last == bot.last


def test_centred_spread_measures_differences_from_their_mean() -> None:
    """Differences 4 then 8 between two seats: their mean is 6, their spread about it 2; seat 0
    at 8 is then one spread above usual: 1 / (1 + e^-1)."""
    spread = Spread(center=True)
    spread.add([5.0, 1.0])
    assert spread.add([9.0, 1.0]) == pytest.approx(2.0)
    assert spread.offsets() == [[0.0, 6.0], [-6.0, 0.0]]
    rewards = spread.rewards([9.0, 1.0])  # a third cut-off: mean 20/3, spread about it
    mean = 20 / 3
    scale = math.sqrt((16 + 64 + 64) / 3 - mean ** 2)
    assert rewards[0] == pytest.approx(1 / (1 + math.exp(-(8 - mean) / scale)))
    assert sum(rewards) == pytest.approx(1.0)


def test_depth_spread_centres_each_depth_on_its_own_mean() -> None:
    """Seat 0 leads by 2 and 4 at depth 1 and by 10 and 14 at depth 3: each depth's mean (3, 12)
    is its own centre, so the same lead of 4 is a gain at depth 1 and a loss at depth 3."""
    def recorded() -> DepthSpread:
        spread = DepthSpread()
        for lead, depth in ((2.0, 1), (10.0, 3), (4.0, 1), (14.0, 3)):
            spread.rewards([lead, 0.0], depth)
        return spread

    assert recorded().rewards([4.0, 0.0], 1)[0] > 0.5 > recorded().rewards([4.0, 0.0], 3)[0]
    # a fifth cut-off, a lead of 14 at depth 3: that depth's mean is now 38 / 3, and the scale the
    # root mean square of the five differences about their own depth's mean
    offset = 38 / 3
    scale = math.sqrt((1 + 1 + (10 - offset) ** 2 + 2 * (14 - offset) ** 2) / 5)
    chance = recorded().rewards([14.0, 0.0], 3)[0]
    assert chance == pytest.approx(1 / (1 + math.exp(-(14 - offset) / scale)))


def test_heuristic_rewards_subtract_the_offsets() -> None:
    offsets = [[0.0, 4.0], [-4.0, 0.0]]
    assert heuristic_rewards([6.0, 2.0], 4.0, offsets) == pytest.approx([0.5, 0.5])


def one_ply(state: SealedBidsState, seat: int) -> dict[Move, float]:
    values = {}
    for move in state.legal_moves(seat):
        after = state.clone()
        after._apply(seat, move)
        values[move] = GAME.heuristic(after, seat)
    return values


def test_candidates_keep_the_search_on_greedys_best_root_moves() -> None:
    """With k2 the observer's root edges are its two best moves by one-ply value (the fixture's
    own moves do not depend on hidden cards, so any determinization ranks them alike)."""
    state = GAME.setup(2, 5, SKILL)
    values = one_ply(state, 0)
    assert len(values) > 2
    search = Search(GAME, state, 0, Rng(4), Settings(depth=0, candidates=2))
    search.run(Budget(iterations=60))
    top = sorted(values, key=lambda m: -values[m])[:2]
    assert set(search.root.edges[0]) == set(top)
    assert search.best(state.legal_moves(0)) in top


def test_a_root_prior_tries_the_best_one_ply_move_first() -> None:
    state = GAME.setup(2, 5, SKILL)
    values = one_ply(state, 0)
    search = Search(GAME, state, 0, Rng(4), Settings(depth=0, prior=1.0))
    search.run(Budget(iterations=1))
    (tried,) = [m for m, e in search.root.edges[0].items() if e.visits]
    assert values[tried] == max(values.values())


def test_normalised_ucb_picks_by_rescaled_means() -> None:
    """Means 0.50 over 30 visits and 0.52 over 60, both available 90 times: raw UCB1 (c = 0.7)
    explores the first (0.50 + 0.7 * 0.388 > 0.52 + 0.7 * 0.274); rescaled, the means are 0
    and 1 and the same constant keeps to the second."""
    state = GAME.setup(2, 5, SKILL)
    moves = state.legal_moves(0)[:2]

    def pick(normalize: bool) -> Move:
        search = Search(GAME, state, 0, Rng(4), Settings(normalize=normalize, exploration=0.7))
        node = search.root
        for move, mean, visits in ((moves[0], 0.50, 30), (moves[1], 0.52, 60)):
            edge = node.edges.setdefault(0, {}).setdefault(move, Edge())
            edge.visits, edge.available, edge.reward = visits, 90, mean * visits
        return search.select(node, 0, moves)

    assert pick(False) == moves[0]
    assert pick(True) == moves[1]


def test_candidates_everywhere_limit_every_node_of_the_observer() -> None:
    """k2 with a1: at every node the observer (whose own moves every determinization agrees on)
    keeps to two moves; without a1 only the root is limited."""
    state = GAME.setup(2, 5, SKILL)

    def widest_below_root(settings: Settings) -> int:
        search = Search(GAME, state, 0, Rng(4), settings)
        search.run(Budget(iterations=300))
        stack, widest = list(search.root.children.values()), 0
        while stack:
            node = stack.pop()
            widest = max(widest, len(node.edges.get(0, {})))
            stack.extend(node.children.values())
        return widest

    assert widest_below_root(Settings(depth=0, candidates=2, everywhere=True)) == 2
    assert widest_below_root(Settings(depth=0, candidates=2)) > 2


def test_root_candidates_widen_the_root_alone() -> None:
    """k2 with a1 and b3: the observer's root edges are its three best moves by one-ply value,
    every node below keeps to two; b3 alone (no k) limits the root and nothing else."""
    state = GAME.setup(2, 5, SKILL)
    values = one_ply(state, 0)
    assert len(values) > 3
    top = sorted(values, key=lambda m: -values[m])[:3]
    wide_root = Settings(depth=0, candidates=2, root_candidates=3, everywhere=True)
    search = Search(GAME, state, 0, Rng(4), wide_root)
    search.run(Budget(iterations=300))
    assert set(search.root.edges[0]) == set(top)
    stack, widest = list(search.root.children.values()), 0
    while stack:
        node = stack.pop()
        widest = max(widest, len(node.edges.get(0, {})))
        stack.extend(node.children.values())
    assert widest == 2
    alone = Search(GAME, state, 0, Rng(4), Settings(depth=0, root_candidates=3))
    alone.run(Budget(iterations=300))
    assert set(alone.root.edges[0]) == set(top)


def test_widening_adds_one_ranked_move_at_each_doubling_of_the_visits() -> None:
    """Progressive unpruning: k2 with w16 considers 2 moves below 16 visits, 3 from 16, 4 from
    32, 5 from 64."""
    search = Search(GAME, GAME.setup(2, 5, SKILL), 0, Rng(4), Settings(candidates=2, widen=16))
    assert [search.width(v) for v in (0, 15, 16, 31, 32, 63, 64, 200)] == [2, 2, 3, 3, 4, 4, 5, 6]
    plain = Search(GAME, GAME.setup(2, 5, SKILL), 0, Rng(4), Settings(candidates=2))
    assert plain.width(10_000) == 2


def test_widening_leaves_a_search_shorter_than_its_threshold_unchanged() -> None:
    state = GAME.setup(2, 5, SKILL)
    narrow, wide = (Search(GAME, state, 0, Rng(4), Settings(depth=0, candidates=2, everywhere=True,
                                                            widen=widen)) for widen in (0, 61))
    assert narrow.run(Budget(iterations=60)) == wide.run(Budget(iterations=60))


def test_widening_lets_a_longer_search_weigh_moves_greedy_ranks_lower() -> None:
    """k1:w16 over 40 iterations: the root is widened to 3 of greedy's 4 ranked moves (1, then one
    more at 16 and 32 visits), each tried; the worst stays out."""
    state = GAME.setup(2, 5, SKILL)
    values = one_ply(state, 0)
    assert len(values) == 4
    search = Search(GAME, state, 0, Rng(4), Settings(depth=0, candidates=1, widen=16))
    search.run(Budget(iterations=40))
    tried = {move for move, edge in search.root.edges[0].items() if edge.visits}
    assert tried == set(sorted(values, key=lambda m: -values[m])[:3])
    assert search.best(state.legal_moves(0)) in tried


def test_a_bounded_tree_grows_no_deeper_and_judges_its_deepest_nodes_again() -> None:
    """h2: no node below two moves from the root; the nodes at that depth are visited again (each
    visit a new determinization judged there) instead of growing children."""
    state = GAME.setup(2, 5, SKILL)

    def depth_and_revisits(settings: Settings) -> tuple[int, int]:
        search = Search(GAME, state, 0, Rng(4), settings)
        search.run(Budget(iterations=300))
        deepest, revisited, stack = 0, 0, [(search.root, 0)]
        while stack:
            node, depth = stack.pop()
            deepest = max(deepest, depth)
            revisited += depth == 2 and node.visits > 1
            stack.extend((child, depth + 1) for child in node.children.values())
        return deepest, revisited

    bounded = depth_and_revisits(Settings(depth=0, candidates=2, everywhere=True, tree_depth=2))
    assert bounded[0] == 2 and bounded[1] > 0
    assert depth_and_revisits(Settings(depth=0, candidates=2, everywhere=True))[0] > 2


def test_sampled_opponents_spread_their_visits_evenly() -> None:
    """r1: the other seats' moves are drawn uniformly, not by UCB1, so each of their moves is
    taken in about the same share of the iterations where it was legal, whatever its rewards;
    the observer's own moves still follow UCB1."""
    state = GAME.setup(3, 6, SKILL)
    assert state.actors() == (0, 1, 2)

    def shares(sample: bool, seat: int) -> list[float]:
        search = Search(GAME, state, 1, Rng(4), Settings(depth=30, sample_opponents=sample))
        search.run(Budget(iterations=800))
        edges = search.root.edges[seat].values()
        return [e.visits / e.available for e in edges if e.available >= 100]

    def width(values: list[float]) -> float:
        assert len(values) > 2
        return max(values) - min(values)

    assert width(shares(True, 0)) < width(shares(False, 0))
    assert width(shares(True, 1)) > width(shares(True, 0))  # the observer still optimises


def test_independent_trees_share_the_budget_and_vote_by_visits() -> None:
    """m3: three searches of a third of the iterations each, from seeds drawn in turn; the move
    is the one with most root visits summed over the three, and the statistics are their sums."""
    state = GAME.setup(2, 5, SKILL)
    voter = IsmctsBot(Budget(iterations=300), Settings(depth=30), trees=3)
    move = voter.choose(GAME, state, 0, Rng(8))
    assert voter.last is not None and voter.last.iterations == 300
    rng = Rng(8)  # the vote draws one seed per tree from the generator it is given
    totals: dict[Move, int] = {}
    for _ in range(3):
        search = Search(GAME, state, 0, Rng(rng.getrandbits(64)), Settings(depth=30))
        assert search.run(Budget(iterations=100)).iterations == 100
        for each, edge in search.root.edges[0].items():
            totals[each] = totals.get(each, 0) + edge.visits
    assert {m.move: m.visits for m in voter.last.moves} == totals
    assert totals[move] == max(totals.values())
    assert sum(totals.values()) == 300
    with pytest.raises(ValueError, match="at least one tree"):
        IsmctsBot(Budget(iterations=10), trees=0)


def test_sampling_every_seat_leaves_ucb1_to_the_root() -> None:
    """r2: below the root the observer's own moves are drawn uniformly too (the same spread as
    r1 gives the other seats); at the root it still chooses by UCB1."""
    state = GAME.setup(2, 5, SKILL)

    def spread_below_root(own: bool) -> tuple[float, float]:
        search = Search(GAME, state, 0, Rng(4), Settings(depth=30, sample_opponents=True,
                                                          sample_own=own))
        search.run(Budget(iterations=600))
        root = [e.visits for e in search.root.edges[0].values()]
        below = [e.visits / e.available for child in search.root.children.values()
                 for e in child.edges.get(0, {}).values() if e.available >= 20]
        assert len(below) > 2
        return max(below) - min(below), max(root) / min(root)

    sampled, optimised = spread_below_root(True), spread_below_root(False)
    assert sampled[0] < optimised[0]
    assert sampled[1] > 1.5  # the root still favours its better moves


def test_independent_trees_can_vote_by_their_pooled_mean() -> None:
    """m3:v1: the same three trees as m3, but the move with the best mean reward over all of
    them wins, whatever its visits."""
    state = GAME.setup(2, 5, SKILL)
    voter = IsmctsBot(Budget(iterations=300), Settings(depth=30), trees=3, by_mean=True)
    move = voter.choose(GAME, state, 0, Rng(8))
    assert voter.last is not None
    means = {m.move: m.mean for m in voter.last.moves if m.visits}
    assert means[move] == max(means.values())
    bot = make_bot("ismcts:300i:d30:m3:v1")
    assert isinstance(bot, IsmctsBot) and bot.by_mean and bot.trees == 3
    assert bot.choose(GAME, state, 0, Rng(8)) == move


def test_independent_trees_keep_hidden_information_hidden() -> None:
    """The vote sees only what each search sees: planted markers change nothing."""
    game = ViewOnlyGame()
    truth = _opening(True)
    planted = truth.clone()
    planted.plant_markers(0)
    bot = IsmctsBot(Budget(iterations=300), MARKER_SETTINGS[1], trees=3)
    move = bot.choose(game, truth, 0, Rng(9))
    stats = bot.last
    assert bot.choose(game, planted, 0, Rng(9)) == move and bot.last == stats
