"""A hint's account of the search (`parlor.ai.hints`): the bot's move with its share of the search
first, then the other choices that stood out (5% of it, and among many choices 1.5 times an even
split), most first; a close call where none did;
nothing for a bot that does not search or a single choice; never a move the seat cannot make."""

from __future__ import annotations

from fixturegames.sealed_bids import Bid, SealedBids
from parlor.ai import Budget, GreedyBot, IsmctsBot, make_bot
from parlor.ai.hints import HINT_LEVEL, Hint, suggest, weighed
from parlor.ai.tree import MoveStats, SearchInfo
from parlor.core import Rng

GAME = SealedBids()
LEGAL = [Bid(card) for card in (1, 2, 3, 4)]


def searched(visits: dict[int, int]) -> IsmctsBot:
    """A searching bot whose last search visited each card's bid as given."""
    bot = IsmctsBot(Budget(iterations=1))
    bot.last = SearchInfo(sum(visits.values()), 0.0, 0,
                          tuple(MoveStats(Bid(card), count, count, 0.5) for card, count in visits.items()))
    return bot


def test_the_bots_move_comes_first_then_the_choices_that_stood_out() -> None:
    hint = weighed(searched({1: 10, 2: 60, 3: 25, 4: 5}), LEGAL, Bid(3))
    assert hint == Hint(Bid(3), ((Bid(3), 0.25), (Bid(2), 0.60), (Bid(1), 0.10)))
    assert hint.spread == 0


def test_a_choice_under_five_percent_is_left_out_and_three_at_most_are_listed() -> None:
    assert weighed(searched({1: 96, 2: 4}), LEGAL, Bid(1)).weighed == ((Bid(1), 0.96),)
    many = searched({1: 30, 2: 30, 3: 20, 4: 20})
    assert [move for move, _ in weighed(many, LEGAL, Bid(4)).weighed] == [Bid(4), Bid(1), Bid(2)]


def test_a_move_the_seat_cannot_make_is_not_counted() -> None:
    """A determinization may hold moves the seat does not have (another card in its hand there)."""
    hint = weighed(searched({1: 50, 9: 50}), LEGAL, Bid(1))
    assert hint.weighed == ((Bid(1), 1.0),)


def test_a_search_spread_thin_over_many_choices_is_a_close_call() -> None:
    legal = [Bid(card) for card in range(1, 41)]
    hint = weighed(searched({card: 1 for card in range(1, 41)}), legal, Bid(7))
    assert hint == Hint(Bid(7), (), spread=40)


def test_among_many_choices_a_near_even_search_singles_none_out() -> None:
    """Sixteen choices searched about evenly (6% each): none stands out, though each passes 5%; one
    drawing 1.5 times an even split (over 9.4%) does."""
    legal = [Bid(card) for card in range(1, 17)]
    even = {card: 6 for card in range(1, 17)}
    assert weighed(searched(even), legal, Bid(3)) == Hint(Bid(3), (), spread=16)
    one_clear = {**even, 5: 12}
    assert [move for move, _ in weighed(searched(one_clear), legal, Bid(3)).weighed] == [Bid(3), Bid(5)]


def test_no_account_without_a_search_or_with_one_choice() -> None:
    assert weighed(GreedyBot(), LEGAL, Bid(1)) == Hint(Bid(1))
    assert weighed(searched({1: 5}), [Bid(1)], Bid(1)) == Hint(Bid(1))
    assert weighed(searched({}), LEGAL, Bid(1)) == Hint(Bid(1))


def test_a_real_hard_bot_weighs_legal_moves_whose_shares_add_up() -> None:
    state = GAME.setup(2, 5, {"rounds": 2, "hand_size": 4})
    seat = state.actors()[0]
    legal = state.legal_moves(seat)
    hint = suggest(make_bot(HINT_LEVEL), GAME, state, seat, Rng(3))
    assert hint.move in legal and hint.weighed and hint.weighed[0][0] == hint.move
    assert all(move in legal and 0 < share <= 1 for move, share in hint.weighed)
    assert sum(share for _, share in hint.weighed) <= 1 + 1e-9


def test_the_move_played_from_a_decision_is_the_seats_next_one_among_its_choices() -> None:
    """SB-2: both bid at once, so the other seat's bid coming first in the record leaves seat 0's
    decision as it was; a later move that was not one of its choices there (a bid of the next round)
    or none at all gives nothing."""
    from parlor.ai.hints import played_from

    state = GAME.setup(2, 5, {"rounds": 2, "hand_size": 4})
    own, other = state.legal_moves(0), state.legal_moves(1)
    assert played_from(state, 0, [(1, other[0]), (0, own[1])]) == own[1]
    assert played_from(state, 0, [(1, other[0])]) is None
    assert played_from(state, 0, [(1, other[0]), (0, Bid(99))]) is None
