"""Invariants of SR-25 checked after every move of random games (Hypothesis), and random games
at every player count terminate (SR-10.9, SR-23.1)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parlor.core import Rng
from parlor.games.starroad import GAME, StarRoadState


def check_invariants(s: StarRoadState) -> None:
    """SR-25.1-25.7 and SR-0.6 on one position."""
    total = 0
    for x, p in enumerate(s.players):
        assert p.hp >= 0 and p.storage >= 0
        total += p.hp + p.storage
        assert len(p.slots) <= 2 * s.lines(x) or not p.alive                     # SR-25.2
        if not p.alive:
            assert all(o is None for o in p.slots) and p.storage == 0           # SR-25.3
            continue
        assert p.hp >= 1                                                        # SR-25.3
        if p.faction_up and not s.over:
            assert s.content.base.cards[p.faction].captain                      # SR-25.5
        for o in p.slots:
            if o is None:
                continue
            d = s.content.chart[o.no]
            total += o.w
            assert d.cost >= o.w >= 1                                           # SR-25.1
            if o.marks:
                assert o.marks <= max(1, d.use_limit)
            else:
                assert o.w < d.cost or d.recycle
            if d.block_mode in ("P", "M"):
                assert o.absorbed <= s.protection(x, d)                              # SR-25.4
        total += sum(o.w for o in p.ground if o is not None)
    if s.options.finite_supply:
        assert total + s.supply() == 256                                        # SR-25.6
    if not s.over:
        assert len({s.team(x) for x in s.living()}) > 1                         # SR-25.7


def random_game(players: int, seed: int, options: dict | None = None, check: bool = False):
    s = GAME.setup(players, seed, options)
    rng = Rng(seed)
    moves = 0
    while not s.is_over():
        seat = rng.choice(s.actors())
        s.play(seat, rng.choice(s.legal_moves(seat)))
        moves += 1
        if check:
            check_invariants(s)
    return s, moves


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 8), seed=st.integers(0, 10_000), finite=st.booleans(),
       ground=st.booleans())
def test_invariants_hold_after_every_move(players, seed, finite, ground):
    """SR-25.1-25.7, SR-0.6: no negative quantities, markers conserved, one team at the end."""
    s, _ = random_game(players, seed, {"round_limit": 5, "finite_supply": finite,
                                       "ground_rules": ground}, check=True)
    r = s.result()
    assert all(abs(sum(b.values()) - v) < 1e-9 for b, v in zip(r.breakdown, r.scores, strict=True))


def test_random_games_terminate_at_every_player_count():
    """SR-10.9, SR-23.1: response rounds always end; the round limit ends every game."""
    for players in range(2, 9):
        s, moves = random_game(players, players)
        assert s.is_over() and moves < GAME.move_bound
        assert s.completed <= 40 * players
