"""Records replay games exactly; undo replays all but the last moves unless they revealed
hidden information; bad records give clear errors."""

from __future__ import annotations

import json

import pytest

from fixturegames.sealed_bids import Bid, SealedBids, Take, Trade
from parlor.core import BadRecord, GameRecord, Rng, UndoRefused, replay, undo

GAME = SealedBids()


def play_until(record: GameRecord, predicate, seed: int = 3):  # type: ignore[no-untyped-def]
    state = GAME.setup(record.players, record.seed)
    rng = Rng(seed)
    while not state.is_over() and not predicate(state):
        seat = state.actors()[0]
        move = rng.choice(state.legal_moves(seat))
        state.play(seat, move)
        record.add(seat, move)
    return state


def test_replay_reproduces_the_game_and_survives_json() -> None:
    record = GameRecord.start(GAME, 3, 42)
    state = play_until(record, lambda s: False)
    again, history = replay(GAME, GameRecord.loads(record.dumps()))
    assert again.fingerprint() == state.fingerprint()
    assert len(history) == len(record.moves)


def test_a_record_is_written_one_move_a_line() -> None:
    """The text is the record's JSON: its setup facts one a line, then one line per move (a
    long game's record stays readable), and an empty record reads back as well."""
    record = GameRecord.start(GAME, 2, 5)
    play_until(record, lambda s: False)
    text = record.dumps()
    assert json.loads(text) == record.to_json()
    lines = text.splitlines()
    moves = lines[lines.index(' "moves": [') + 1:-2]
    assert [json.loads(line.rstrip(",")) for line in moves] == record.to_json()["moves"]
    empty = GameRecord.start(GAME, 2, 5)
    assert GameRecord.loads(empty.dumps()) == empty


def test_undo_of_a_hidden_bid_is_allowed() -> None:
    """A sealed bid reveals nothing until the last bid is in, so it can be taken back."""
    record = GameRecord.start(GAME, 3, 7)
    state = play_until(record, lambda s: s.commits is not None and len(s.commits.pending()) == 2)
    shorter = undo(GAME, record)
    back, _ = replay(GAME, shorter)
    assert state.commits is not None and back.commits is not None
    assert len(back.commits.pending()) == 3 and len(shorter.moves) == len(record.moves) - 1


def test_undo_across_revealed_bids_is_refused() -> None:
    """The last bid opens every bid (reveal): taking it back would let a seat bid again knowing."""
    record = GameRecord.start(GAME, 2, 7)
    play_until(record, lambda s: s.round == 2)
    with pytest.raises(UndoRefused, match="revealed hidden information"):
        undo(GAME, record, count=len(record.moves))


def test_undo_after_the_prize_is_settled_is_refused() -> None:
    """Trading draws cards; taking turns the next prize up: both reveal."""
    for seed in range(40):
        record = GameRecord.start(GAME, 2, seed)
        state = play_until(record, lambda s: s.winner is not None, seed)
        if state.winner is None:
            continue
        took, traded = GameRecord.loads(record.dumps()), GameRecord.loads(record.dumps())
        took.add(state.winner, Take())
        traded.add(state.winner, Trade())
        replay(GAME, took)
        replay(GAME, traded)
        with pytest.raises(UndoRefused):
            undo(GAME, traded)
        with pytest.raises(UndoRefused):  # taking the prize turns the next one up
            undo(GAME, took)
        return
    raise AssertionError("no seed produced a winner")


def test_undo_count_must_fit() -> None:
    record = GameRecord.start(GAME, 2, 1)
    with pytest.raises(UndoRefused, match="cannot undo 1"):
        undo(GAME, record)


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda d: d.pop("seed"), "field 'seed'"),
    (lambda d: d.update(format=99), "format 99"),
    (lambda d: d.update(moves=[{"seat": 0}]), "record move 0"),
    (lambda d: d.update(players="two"), "field 'players'"),
])
def test_malformed_records_name_the_field(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = GameRecord.start(GAME, 2, 1).to_json()
    mutate(data)
    with pytest.raises(BadRecord, match=message):
        GameRecord.loads(json.dumps(data))


def test_record_that_does_not_replay_names_the_move() -> None:
    record = GameRecord.start(GAME, 2, 1)
    record.add(0, Bid(999))
    with pytest.raises(BadRecord, match=r"record move 0 \(seat 0\): SB-2"):
        replay(GAME, record)


def test_record_of_another_game_or_version_is_refused() -> None:
    record = GameRecord.start(GAME, 2, 1)
    record.game = "chess"
    with pytest.raises(BadRecord, match="for game 'chess'"):
        replay(GAME, record)
    record = GameRecord.start(GAME, 2, 1)
    record.rules_version = "0"
    with pytest.raises(BadRecord, match="rules version 0"):
        replay(GAME, record)


def test_not_json_is_a_clear_error(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "r.json"
    path.write_text("{oops")
    with pytest.raises(BadRecord, match=r"r.json: not JSON: .* line 1"):
        GameRecord.load(path)
