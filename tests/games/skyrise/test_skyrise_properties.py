"""Hypothesis properties over random play: invariants of SK-14 and the score breakdown."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st_

from parlor.games.skyrise import GAME
from parlor.games.skyrise.const import BID, HAMMER, OPEN, PIECES, WILD, WONDER_K
from parlor.games.skyrise.state import SkyriseState


def _check(s: SkyriseState, total_discs: int) -> None:
    # every neighborhood holds at most one piece; each piece is in exactly one place
    for nb, pid in enumerate(s.occupant):
        if pid >= 0:
            assert s.piece_neighborhood[pid] == nb
    for pid, nb in enumerate(s.piece_neighborhood):
        if nb >= 0:
            assert s.occupant[nb] == pid
        assert not s.built[pid] or nb >= 0
    # no negative resources; discs are conserved (a wild awaiting its colour is in hand)
    for seat in range(s.players):
        assert min(s.tracks[seat]) >= 0 and max(s.tracks[seat]) <= s.data.track_spaces
        assert min(s.excess[seat] + s.patrons[seat]) >= 0 and s.commissions[seat] >= 0
        assert s.prestige[seat] == sum(s.points[seat]) >= 0
    on_board = sum(1 for nb in s.layout.nbs if s.discs[nb] >= 0)
    held = sum(sum(s.tracks[x]) + sum(s.excess[x]) + sum(s.patrons[x]) + s.commissions[x]
               for x in range(s.players))
    assert on_board + held + (1 if s.phase == WILD else 0) == total_discs
    # numbers of consecutive building bids strictly increase; a finished player never acts
    if s.phase in (BID, HAMMER):
        numbers = [s.data.pieces.number[p] for p in s.bids if p % PIECES != WONDER_K]
        assert numbers == sorted(numbers) and len(set(numbers)) == len(numbers)
    for seat in s.actors():
        assert seat not in s.finish_order
        assert s.legal_moves(seat)


@settings(max_examples=12, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 10_000))
def test_invariants_hold_through_random_games(players: int, seed: int) -> None:
    """SK-14 invariants, SK-6 disc conservation, score == breakdown (SK-12)."""
    s = GAME.setup(players, seed)
    total = len(s.layout.nbs)
    rng = random.Random(seed)
    while not s.is_over():
        _check(s, total)
        seat = rng.choice(s.actors())
        move = rng.choice(s.legal_moves(seat))
        assert s.is_legal(seat, move)
        s.play(seat, move)
    _check(s, total)
    res = s.result()
    for seat in range(players):
        assert sum(res.breakdown[seat].values()) == res.scores[seat]


@settings(max_examples=10, deadline=None)
@given(players=st_.integers(2, 4), seed=st_.integers(0, 10_000), steps=st_.integers(0, 150))
def test_clone_and_redetermine_are_independent(players: int, seed: int, steps: int) -> None:
    """A clone is independent; redetermine keeps the seat's view (SK-13)."""
    s = GAME.setup(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over():
            break
        seat = rng.choice(s.actors())
        s.play(seat, rng.choice(s.legal_moves(seat)))
    before = s.fingerprint()
    c = s.clone()
    if not c.is_over():
        seat = c.actors()[0]
        c.play(seat, c.legal_moves(seat)[0])
    assert s.fingerprint() == before
    for seat in range(players):
        from parlor.core import Rng
        assert s.redetermine(seat, Rng(seed)).view(seat) == s.view(seat)


def seeded_positions(seeds: int) -> Iterator[SkyriseState]:
    """Every position of the seeded random games at 2, 3 and 4 players (game seeds 0 to
    `seeds` - 1), before each move: the game plays on when the caller asks for the next."""
    for players in (2, 3, 4):
        for seed in range(seeds):
            s = GAME.setup(players, seed)
            rng = random.Random(seed)
            while not s.is_over():
                yield s
                seat = rng.choice(s.actors())
                s.play(seat, rng.choice(s.legal_moves(seat)))


def test_scoring_in_one_pass_agrees_with_each_island_and_card() -> None:
    """SK-10.2: `island_control` (every island's buildings counted in one pass over the board,
    for the heuristics) names the winners `island_winners` names island by island, and SK-11:
    `panorama_total` is the sum of `panoramas_for`, after every move of seeded random games at
    every player count; `island_strength` (kept as buildings are constructed) weighs the
    (tall, medium, short) counts `island_heights` finds on the board."""
    from parlor.games.skyrise.scoring import (
        island_control,
        island_heights,
        island_strength,
        island_winners,
        panorama_total,
        panoramas_for,
    )

    checked = contested = scored = 0
    for s in seeded_positions(seeds=3):
        heights = [[island_heights(s, i, seat) or (0, 0, 0) for seat in range(s.players)]
                   for i in range(len(s.layout.islands))]
        assert island_strength(s) == [[256 * tall + 16 * medium + short
                                       for tall, medium, short in row] for row in heights]
        control = island_control(s)
        assert control == [(name, island_winners(s, i))
                           for i, name in enumerate(s.layout.islands)]
        contested += sum(len(winners) for _, winners in control)
        for seat in range(s.players):
            assert panorama_total(s, seat) == sum(p for _, p in panoramas_for(s, seat))
            scored += panorama_total(s, seat)
        checked += 1
    assert checked > 100 and contested > 100 and scored > 100


def test_has_raise_says_whether_raise_moves_lists_any() -> None:
    """SK-5.4: `has_raise` (which stops at the first raisable piece) agrees with the raises
    `raise_moves` lists, for every seat whenever a bid stands, in seeded random games."""
    from parlor.games.skyrise.rules.auction import has_raise, raise_moves
    from parlor.games.skyrise.rules.move_tables import tables

    asked = raisable = 0
    for s in seeded_positions(seeds=4):
        if s.bids:
            for seat in range(s.players):
                listed = raise_moves(s, seat, tables(s.data).raise_)
                assert has_raise(s, seat) == bool(listed)
                asked += 1
                raisable += bool(listed)
    assert raisable > 50 and asked - raisable > 50


def test_a_random_move_is_the_move_rng_choice_draws_from_the_legal_moves() -> None:
    """SK-5.2, SK-5.4-SK-5.6: `random_move` (which finds an opening or a bidder's move by its
    place in the list, without listing) gives every acting seat at every decision of seeded
    random games at 2-4 players the move `rng.choice(legal_moves)` draws, with the generator
    left in the same state."""
    from parlor.core import Rng

    drawn = 0
    for s in seeded_positions(seeds=4):
        for seat in s.actors():
            moves = s.legal_moves(seat)
            by_place, by_list = Rng(drawn), Rng(drawn)  # a generator of its own for each check
            expected = moves[0] if len(moves) == 1 else by_list.choice(moves)
            assert s.random_move(seat, by_place) == expected
            assert by_place.getstate() == by_list.getstate()
            assert by_place.draws == by_list.draws
            drawn += 1
    assert drawn > 1000


def test_the_unbuilt_buildings_kept_are_those_found_afresh() -> None:
    """SK-4.2, SK-5.2.2: each seat's unbuilt buildings of the era (`SkyriseState.unbuilt`, kept
    as pieces are built and eras change) are those `unbuilt_buildings` finds on the position,
    and while an auction is opened `opening_pieces` (read from them; the opener's kept as
    `SkyriseState.open_pieces`) are the `available` pieces, less a wonder that may not open,
    and the ordinary opening locations (read from the kept `opening_spots`) are the empty
    neighborhoods central or next to a structure, in the layout's order, in seeded random games
    at 2-4 players, by `play` and `advance` (and a clone keeps them while the position it was
    cloned from moves on); while bids stand, `raisable` names every available building
    numbered above the most recent bid, and the spots kept for the bidder asked
    (`SkyriseState.spots`) are the empty neighbors of that bid, with its kept `raisable` and
    `may_bid_wonder`; `built_everything` agrees with `all_built` for the era in play."""
    from parlor.games.skyrise.rules.auction import (
        available,
        bid_spots,
        is_available,
        opening_locations,
        opening_pieces,
        raisable,
        unbuilt_buildings,
        wonder_may_bid,
        wonder_may_open,
    )
    from parlor.games.skyrise.rules.resolve import all_built, built_everything

    opened = wonders = raised = 0
    for players in (2, 3, 4):
        for seed in range(4):
            s = GAME.setup(players, seed)
            rng = random.Random(seed)
            copy, kept = None, None
            while not s.is_over():
                if copy is not None:  # cloned before the last move: its kept lists are its own
                    assert (copy.opening_spots, copy.in_reach, copy.spots, copy.open_pieces,
                            copy.strength) == kept
                assert s.unbuilt == [unbuilt_buildings(s, seat) for seat in range(players)]
                for seat in range(players):
                    assert built_everything(s, seat) == all_built(s, seat, s.era)
                if s.phase == BID:
                    assert s.spots == bid_spots(s)
                    assert s.raisable == raisable(s, s.to_act)[0]
                    assert s.may_bid_wonder == wonder_may_bid(s, s.to_act)
                    for seat in range(players):
                        low = s.data.pieces.number[s.bids[-1]]
                        above = [pid for pid in range(seat * PIECES, seat * PIECES + WONDER_K)
                                 if is_available(s, pid) and s.data.pieces.number[pid] > low]
                        assert list(raisable(s, seat)[0]) == above
                        raised += bool(above)
                if s.phase == OPEN:  # no bid stands: SK-5.2.1 read from the board itself
                    near = [nb for nb in s.layout.nbs if s.occupant[nb] < 0 and (
                        s.layout.central_mask[nb]
                        or any(s.occupant[x] >= 0 for x in s.layout.adj[nb]))]
                    assert opening_locations(s, 0) == tuple(near)
                    assert [nb for nb, flag in enumerate(s.in_reach) if flag] == sorted(near)
                    for seat in range(players):
                        pieces = available(s, seat)
                        wonder = seat * PIECES + WONDER_K
                        if wonder in pieces and not wonder_may_open(s, seat, pieces):
                            pieces.remove(wonder)
                        assert opening_pieces(s, seat) == pieces
                        if seat == s.to_act:  # kept for the opener by `start_auction`
                            assert s.open_pieces == pieces
                        wonders += wonder in pieces
                    opened += 1
                copy = s.clone()
                kept = (s.opening_spots[:], s.in_reach[:], s.spots[:], s.open_pieces[:],
                        [row[:] for row in s.strength])
                seat = rng.choice(s.actors())
                move = rng.choice(s.legal_moves(seat))
                if rng.random() < 0.5:
                    s.play(seat, move)
                else:
                    s.advance(seat, move)
    assert opened > 400 and wonders > 10 and raised > 400


def test_a_row_picker_takes_the_moves_at_its_neighborhoods_in_order() -> None:
    """The opening and raise lists (SK-5.2, SK-5.4) pick each piece's moves by neighborhood with
    `row_picker`: for none, one or several neighborhoods, in the order given."""
    from parlor.games.skyrise.rules.auction import row_picker
    from parlor.games.skyrise.rules.move_tables import tables

    row = tables(GAME.data).open[0]
    for neighborhoods in ([], [7], [3, 1], [9, 2, 5, 0], list(range(len(row)))[::-1]):
        assert list(row_picker(neighborhoods)(row)) == [row[nb] for nb in neighborhoods]
