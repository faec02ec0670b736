"""Hypothesis properties and invariants (OP-18), random games at every player count, and the
rule-ID coverage check (every OP id of RULES.md is cited by some test)."""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from core.seeding import lazy_generator_plays_as_eager
from core.spec import spec_path
from parlor.core import Rng
from parlor.games.opera import GAME, OperaState
from parlor.games.opera.board import HOUSE, NOHALL, OFFSET, PIECE_COMPOSER


def check_invariants(s: OperaState) -> None:
    """OP-18.1 - OP-18.9 (standard options), OP-2.9, OP-3.12."""
    assert sorted(s.fame) == [1, 2, 3, 4, 5, 6]                                    # 18.1
    composer_pieces = (s.display + s.draw + s.discard + s.palazzo + list(s.episode_pieces)
                       + [p for sup in s.supply for p in sup if p < HOUSE]
                       + [h for hs in s.halls for h in hs if 0 <= h < HOUSE])
    assert sorted(composer_pieces) == list(range(84))                                # 18.2
    for seat in range(s.players):
        owned = [p for p in s.supply[seat] if p >= HOUSE] + [h for h in s.halls[seat] if h >= HOUSE]
        assert owned == [HOUSE + seat]
    positions = {(s.row[p], s.slot[p]) for p in range(s.players)}
    assert len(positions) == s.players and all(0 <= s.row[p] <= 10 for p in range(s.players))   # 18.3
    assert min(s.money) >= 0 and min(s.score) >= 0                                   # 18.4
    for seat in range(s.players):
        for city, start in enumerate(OFFSET):
            size = s.data.cities[city].max_halls
            comps = [PIECE_COMPOSER[h] for h in s.halls[seat][start:start + size] if 0 <= h < HOUSE]
            assert len(comps) == len(set(comps))                                      # 18.5
            built = [h for h in s.halls[seat][start:start + size] if h != NOHALL]
            assert bool(built) == bool(s.house[seat][city])
    for city, c in enumerate(s.data.cities):
        houses = [s.house[p][city] for p in range(s.players) if s.house[p][city]]
        assert len(houses) == len(set(houses)) <= c.houses[s.players]                      # 18.6
        assert s.figures.count(city) <= c.figure_fields                              # 18.9
    assert all(n <= 3 for n in s.roles_used)                                         # 18.7
    assert len(s.palazzo) <= 4                                                       # 18.8
    counts = [0] * 6
    for p in s.display:
        counts[PIECE_COMPOSER[p]] += 1
    assert max(counts) <= 3
    for seat in range(s.players):
        assert sum(s.points[seat]) == s.score[seat]


@settings(max_examples=25, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), bot=st.integers(0, 2**32))
def test_invariants_hold_in_random_games(players: int, seed: int, bot: int) -> None:
    """OP-18: invariants after every move; the score equals its breakdown (OP-14.2)."""
    s = GAME.setup(players, seed)
    rng = Rng(bot)
    steps = 0
    while s.actors():
        seat = rng.choice(s.actors())
        s.play(seat, rng.choice(s.legal_moves(seat)))
        steps += 1
        if steps % 7 == 0:
            check_invariants(s)
    check_invariants(s)
    result = s.result()
    for seat in range(players):
        assert sum(result.breakdown[seat].values()) == result.scores[seat]


def test_random_games_terminate_at_every_player_count() -> None:
    """OP-5.1, OP-14.1: seeded random games end after round 9 within move_bound."""
    for players in (2, 3, 4):
        for seed in range(6):
            s = GAME.setup(players, seed)
            rng = Rng(seed)
            for _ in range(GAME.move_bound):
                if not s.actors():
                    break
                seat = rng.choice(s.actors())
                s.play(seat, rng.choice(s.legal_moves(seat)))
            assert s.is_over() and s.round == 9


def test_greedy_beats_random() -> None:
    """The heuristic is sound enough for one-ply greedy play to beat random play."""
    from parlor.ai import GreedyBot, RandomBot
    wins = 0
    games = 12
    for seed in range(games):
        s = GAME.setup(2, seed)
        rng = Rng(seed)
        bots = (GreedyBot(), RandomBot()) if seed % 2 == 0 else (RandomBot(), GreedyBot())
        greedy = 0 if seed % 2 == 0 else 1
        while s.actors():
            seat = s.actors()[0]
            s.play(seat, bots[seat].choose(GAME, s, seat, rng))
        wins += s.result().ranks[greedy] == 1
    assert wins >= games * 3 // 4


RULES = spec_path("opera", "RULES.md")


def test_every_rule_id_is_cited_by_a_test() -> None:
    """OP-0.1, OP-0.4, OP-17: every rule ID of RULES.md appears in some Opera test; lists the
    uncovered ones on failure."""
    ids = sorted(set(re.findall(r"\*\*(OP-\d+(?:\.\d+)*)", RULES.read_text(encoding="utf-8"))))
    text = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    cited = set(re.findall(r"OP-\d+(?:\.\d+)*", text))
    for start, end in re.findall(r"(OP-\d+(?:\.\d+)*)\s*[-–]\s*(OP-\d+(?:\.\d+)*)", text):
        if "." not in start or "." not in end:
            continue
        head, lo = start.rsplit(".", 1)
        head2, hi = end.rsplit(".", 1)
        if head == head2:
            cited.update(f"{head}.{i}" for i in range(int(lo), int(hi) + 1))
    missing = [i for i in ids if i not in cited]
    assert not missing, f"rule IDs cited by no test: {', '.join(missing)}"


def test_a_redetermined_generator_draws_as_if_seeded_at_once() -> None:
    """A determinization's generator is made when the rules first draw
    (`parlor.core.rng.seed_later`): played on, it shuffles the draw pile as one given
    `Rng(seed)` at once would (OP-12.4's reshuffles), its clones draw the same independently,
    and its fingerprint is that of the state given the generator at once."""
    drew = [lazy_generator_plays_as_eager(GAME, players, game_seed, opening=30)
            for players in (2, 4) for game_seed in range(3)]
    assert any(drew)  # some games reshuffled: the generator was made and drew


def test_the_remembered_boards_and_supplies_are_those_computed_afresh() -> None:
    """OP-15: the heuristic remembers each seat's board and supply worth by what they read
    (`_known_board`, `_known_supply`); over seeded games at every player count, with the memos
    kept from position to position, each remembered worth equals the one computed afresh (it
    fails when a key leaves out something the worth reads, e.g. the money)."""
    from parlor.games.opera import heuristics

    for players in (2, 3, 4):
        s = GAME.setup(players, 11)
        moves = Rng(players)
        while s.actors():
            totals = heuristics._Totals(s)
            for seat in range(players):
                board = heuristics._board(s, seat, totals.ep_comps, totals.bonuses, totals.rounds,
                                          totals.dv)
                assert totals.boards[seat][0] == board[0]
                assert [(h.city, i) for h, i in totals.boards[seat][1]] == [(h.city, i) for h, i in board[1]]
                fresh = heuristics._supply(s, seat, s.money[seat], board[1], totals.ep_comps,
                                           totals.bonuses, totals.rounds, totals.dv)
                assert heuristics._known_supply(s, seat, s.money[seat], totals) == fresh
            seat = s.actors()[0]
            s.play(seat, moves.choice(s.legal_moves(seat)))
