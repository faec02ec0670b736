"""What Star Road's heuristic keeps to judge faster (issue 22) gives exactly the values it would
work out afresh: the worth of an object being produced at each [W] (`Yardsticks.making`), an
unrevealed object's guessed worth read by the tallies (`Yardsticks.guessed`), the places on an
empty level judged without copying the position (`heuristics.place_values`), and the productions
judged without opening a draft (`heuristics.production_values`)."""

from __future__ import annotations

import itertools

import pytest

from core.conformance import fingerprint
from parlor.core import Rng
from parlor.games.starroad import GAME, StarRoadState
from parlor.games.starroad.heuristic_outlook import Outlook
from parlor.games.starroad.heuristic_values import (
    PLAIN,
    Style,
    Yardsticks,
    object_worth,
    readiness,
    yardsticks,
)
from parlor.games.starroad.heuristics import heuristic, place_values, production_values
from parlor.games.starroad.moves import Build, Continue, Place


def test_making_holds_object_worth_at_every_w_and_both_storage_states() -> None:
    """SR-8.3-8.6 / SR-14: incomplete by its [W], complete fed or starved."""
    content = GAME.setup(2, 0).content
    yard = Yardsticks(content)
    for no, k in yard.designs.items():
        made = yard.making[no]
        assert made.partial == [object_worth(k, w, 0) for w in range(k.cost)]
        assert made.fed == object_worth(k, k.cost, k.marks, readiness(k, False, 0, True))
        assert made.starved == object_worth(k, k.cost, k.marks, readiness(k, False, 0, False))


def fresh_tally(look: Outlook, x: int) -> tuple[float, float]:
    """x's objects as `object_value` judges each, computed anew (no table read)."""
    plain = shields = 0.0
    for o in look.s.players[x].slots:
        if o is None:
            continue
        value = look.object_value(x, o)   # `value_as`: `guess` and `object_worth` called
        if o.marks and (look.knows(x, o) and look.yard.designs[o.no].shield):
            shields += value
        else:
            plain += value
    return plain, shields


def positions(players: int, seed: int) -> list[StarRoadState]:
    state = GAME.setup(players, seed)
    rng = Rng(seed)
    seen = []
    while state.actors():
        seen.append(state.clone())
        seat = state.actors()[0]
        state.play(seat, rng.choice(state.legal_moves(seat)))
    return seen


@pytest.mark.parametrize("players", [2, 4])
def test_tallies_equal_each_object_judged_afresh(players: int) -> None:
    """Over whole seeded games, every seat's tally of every character equals the sum of its
    objects' worths computed anew."""
    facts: set[tuple[int, int, bool]] = set()
    for seed in range(3):
        for s in positions(players, seed):
            for seat in range(players):
                look = Outlook(s, seat, [1.0] * players)
                for x in range(players):
                    assert look._tally_objects(x, ()) == fresh_tally(look, x)
                    facts.update((o.w, o.marks, o.intact) for o in s.players[x].slots
                                 if o is not None and x != seat and not o.revealed)
    assert len(facts) > 10   # unrevealed objects of many kinds were judged


def test_a_guess_read_again_follows_every_public_fact() -> None:
    """The guessed worth is found again only for the same [W], markers and intactness
    (SR-24.3): changing any one of them gives the new fact's guess, not the last one's."""
    s = next(p for p in positions(2, 1)
             if any(o is not None and not o.revealed for o in p.players[1].slots))
    o = next(o for o in s.players[1].slots if o is not None and not o.revealed)
    yard = yardsticks(s.content)
    facts = [(2, 0, True), (3, 0, True), (3, 1, True), (3, 1, False), (4, 1, False),
             (4, 1, True), (6, 1, True), (6, 1, False), (3, 1, True), (2, 0, True)]
    guesses = [yard.guess(*fact).worth for fact in facts]
    assert all(a != b for a, b in itertools.pairwise(guesses))  # each fact tells
    for w, marks, intact in facts:
        o.w, o.marks, o.intact = w, marks, intact
        look = Outlook(s, 0, [1.0, 1.0])
        assert look._tally_objects(1, ()) == fresh_tally(look, 1)


# The plain heuristic (every bot's) and the design lab's most cautious style, which also counts
# what the seat risks before its next turn (`heuristic_exposure.exposure`).
STYLES = (PLAIN, Style(1.0))


@pytest.mark.parametrize("players", [2, 4])
def test_places_on_an_empty_level_are_judged_as_if_played(players: int) -> None:
    """SR-8.3 steps 2-3: a Place judged in place is worth the heuristic, in each style, of
    the position it leads to; a Place that discards an object is left to be played on a
    copy."""
    judged = discarding = 0
    for seed in range(4):
        for s in positions(players, seed):
            seat = s.actors()[0] if s.actors() else -1
            if seat < 0 or s.draft is None:
                continue
            moves = s.legal_moves(seat)
            before = fingerprint(s)  # the kit's: Star Road's chart digested once, not pickled each time
            values = [place_values(s, seat, moves, style) for style in STYLES]
            assert fingerprint(s) == before
            for move in moves:
                if type(move) is not Place:
                    continue
                empty = s.players[seat].slots[s.slot_of(move.line, move.level)] is None
                assert all((move in styled) == empty for styled in values)
                discarding += not empty
                if empty:
                    after = s.clone()
                    after.play(seat, move)
                    for style, styled in zip(STYLES, values, strict=True):
                        assert styled[move] == heuristic(after, seat, style), style
                    judged += 1
    assert judged > 5


@pytest.mark.parametrize("players", [2, 4])
def test_productions_judged_in_place_in_any_order_are_judged_as_if_played(
        players: int) -> None:
    """SR-8.3 / SR-8.4: `production_values` judges each Build and Continue by its best
    investment without opening a draft (`Producer.strength_after`); in whatever order they
    come, each is worth the heuristic, in each style, of the position it leads to, so nothing
    of one production is left over for the next, and the seat's objects are tallied at the
    storage the investment leaves (at 4 players a fed object starves: tried). In the
    cautious style, what the seat risks is read with the production played out (its
    blockers' guard), which changes some values."""
    judged = continued = feared = 0
    for seed in range(3):
        for s in positions(players, seed):
            seat = s.actors()[0] if s.actors() else -1
            if seat < 0 or s.draft is not None:
                continue
            moves = [m for m in s.legal_moves(seat) if type(m) in (Build, Continue)]
            orders = (moves, moves[::-1])
            values = {(style, i): production_values(s, seat, order, style)
                      for style in STYLES for i, order in enumerate(orders)}
            for move in moves:
                if move not in values[PLAIN, 0]:
                    continue
                after = s.clone()
                after.play(seat, move)
                worth = [heuristic(after, seat, style) for style in STYLES]
                for style, value in zip(STYLES, worth, strict=True):
                    for i in range(len(orders)):
                        assert values[style, i][move] == value, (str(move), style, i)
                feared += worth[0] != worth[1]
                judged += 1
                continued += type(move) is Continue
    assert judged > 20 and continued > 5 and feared > 0
