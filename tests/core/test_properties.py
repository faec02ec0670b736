"""Hypothesis properties of records and undo, on the fixture game."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fixturegames.sealed_bids import SealedBids
from parlor.core import GameRecord, Rng, UndoRefused, replay, undo

GAME = SealedBids()


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6), length=st.integers(1, 25),
       back=st.integers(1, 5))
def test_undo_returns_exactly_to_the_earlier_position_or_names_a_reveal(
        players: int, seed: int, length: int, back: int) -> None:
    state = GAME.setup(players, seed)
    record = GameRecord.start(GAME, players, seed)
    rng = Rng(seed)
    fingerprints = [state.fingerprint()]
    reveals = []
    while not state.is_over() and len(record.moves) < length:
        seat = rng.choice(state.actors())
        move = rng.choice(state.legal_moves(seat))
        reveals.append(any(e.reveal for e in state.play(seat, move)))
        record.add(seat, move)
        fingerprints.append(state.fingerprint())
    back = min(back, len(record.moves))
    try:
        shorter = undo(GAME, record, back)
    except UndoRefused:
        assert any(reveals[-back:])
        return
    assert not any(reveals[-back:])
    earlier, _ = replay(GAME, shorter)
    assert earlier.fingerprint() == fingerprints[len(record.moves) - back]


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10**6))
def test_scores_match_breakdown_and_cards_are_conserved(players: int, seed: int) -> None:
    state = GAME.setup(players, seed)
    rng = Rng(seed)
    while not state.is_over():
        seat = rng.choice(state.actors())
        state.play(seat, rng.choice(state.legal_moves(seat)))
        cards = state.deck + [c for h in state.hands for c in h]
        assert len(cards) == len(set(cards)) and all(c > 0 for c in cards)
    result = state.result()
    assert all(sum(b.values()) == s for b, s in zip(result.breakdown, result.scores, strict=True))
    assert min(result.scores) >= 0
