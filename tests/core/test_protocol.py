"""The State protocol's own checks, results and tie breaks, options, registry, rng."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from fixturegames.sealed_bids import Bid, SealedBids, Take
from parlor.core import (
    BadOptions,
    BadScenario,
    Commits,
    IllegalMove,
    NotYourTurn,
    Rng,
    UnknownGame,
    errors,
    get_game,
    options_from_json,
    options_from_text,
    rank_seats,
)

GAME = SealedBids()


def test_wrong_seat_is_refused_and_changes_nothing() -> None:
    state = GAME.scenario({"players": 2, "hands": [[1, 2, 3], [4, 5, 6]]})
    before = state.fingerprint()
    state.play(0, Bid(1))
    after_first = state.fingerprint()
    with pytest.raises(NotYourTurn, match="seat 0 is not deciding now"):
        state.play(0, Bid(2))
    assert state.fingerprint() == after_first != before


def test_illegal_move_names_the_rule_and_changes_nothing() -> None:
    state = GAME.scenario({"players": 2, "hands": [[1, 2, 3], [4, 5, 6]]})
    before = state.fingerprint()
    with pytest.raises(IllegalMove, match="SB-2: card 4 is not in seat 0's hand"):
        state.play(0, Bid(4))
    with pytest.raises(IllegalMove, match="SB-4"):
        state.play(0, Take())
    assert state.fingerprint() == before


def test_simultaneous_bids_resolve_when_the_last_commits() -> None:
    """SB-3: nothing is revealed until every bid is in; then the single highest wins."""
    state = GAME.scenario({"players": 3, "hands": [[1, 2, 3], [4, 5, 6], [7, 8, 9]], "prize": 4})
    assert state.actors() == (0, 1, 2)
    assert state.play(2, Bid(9))[0].data == {}
    assert state.actors() == (0, 1)
    assert state.view(0)["bidding"] == {"deciding": [0, 1, 2], "committed": [2]}
    assert state.view(2)["bidding"]["yours"] == {"kind": "bid", "card": 9}
    state.play(0, Bid(1))
    events = state.play(1, Bid(4))
    assert [e.kind for e in events] == ["bid", "revealed", "won"]
    assert events[1].data == {"bids": [1, 4, 9]} and events[1].reveal
    assert state.actors() == (2,)


def test_commits_refuse_a_second_commit() -> None:
    commits = Commits([0, 2], 3)
    assert not commits.commit(0, Bid(1))
    with pytest.raises(ValueError, match="not awaited"):
        commits.commit(0, Bid(2))
    with pytest.raises(ValueError, match="not awaited"):
        commits.commit(1, Bid(2))
    assert commits.commit(2, Bid(3))


def test_ranking_breaks_ties_and_explains_them() -> None:
    ranks, notes = rank_seats([(10, 3), (12, 0), (10, 5), (7, 1)], ("points", "coins"))
    assert ranks == (3, 1, 2, 4)
    assert notes == ("seat 2, seat 0 tie on points 10; broken by coins",)
    ranks, notes = rank_seats([(5, 1), (5, 1)], ("points", "coins"))
    assert ranks == (1, 1) and "shared rank" in notes[0]


def test_result_breakdown_and_winners() -> None:
    state = GAME.scenario({"players": 2, "hands": [[1], [2]], "points": [3, 1], "prize": 1,
                           "prizes": []})
    state.play(0, Bid(1))
    state.play(1, Bid(2))
    state.play(1, Take())
    result = state.result()
    assert state.is_over() and result.scores == (3.0, 2.0) and result.winners() == (0,)
    assert result.to_json()["breakdown"] == [{"prizes": 3.0}, {"prizes": 2.0}]


@dataclass(frozen=True)
class Opts:
    turns: int = 5
    expansion: bool = False
    mode: str = field(default="a", metadata={"choices": ("a", "b")})


def test_options_are_checked() -> None:
    assert options_from_json(Opts, {"turns": 7}) == Opts(turns=7)
    assert options_from_text(Opts, ["expansion=on", "mode=b"]) == Opts(expansion=True, mode="b")
    for bad, message in [({"turn": 1}, "unknown option"), ({"turns": "7"}, "whole number"),
                         ({"expansion": 1}, "true or false"), ({"mode": "c"}, "one of a, b")]:
        with pytest.raises(BadOptions, match=message):
            options_from_json(Opts, bad)
    with pytest.raises(BadOptions, match="name=value"):
        options_from_text(Opts, ["turns"])
    with pytest.raises(BadOptions, match="whole number"):
        options_from_text(Opts, ["turns=many"])


def test_setup_checks_player_count_and_options() -> None:
    with pytest.raises(BadOptions, match="2 to 4 players, not 5"):
        GAME.setup(5, 1)
    with pytest.raises(BadOptions, match="unknown option"):
        GAME.setup(2, 1, {"speed": 3})


def test_scenario_errors_name_the_key() -> None:
    with pytest.raises(BadScenario, match="unknown key"):
        GAME.scenario({"hand": []})
    with pytest.raises(BadScenario, match="'seed' must be"):
        GAME.scenario({"seed": "x"})


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGame, match=r"unknown game 'chess' \(known: .*sealed_bids"):
        get_game("chess")


def test_rng_clone_continues_identically() -> None:
    rng = Rng(5)
    rng.random()
    copy = rng.clone()
    assert [rng.random() for _ in range(5)] == [copy.random() for _ in range(5)]


def test_rng_shuffle_and_choice_draw_as_random_does() -> None:
    """Rng's own shuffle and choice give what `random.Random`'s give from the same state, and
    leave the generator in the same state (games' records and the search's seeds rely on it)."""
    import random

    for seed in range(200):
        for size in (0, 1, 2, 3, 5, 8, 13, 31, 32, 33, 64, 100):
            ours, theirs = Rng(seed), Rng(seed)
            mine, reference = list(range(size)), list(range(size))
            ours.shuffle(mine)
            random.Random.shuffle(theirs, reference)
            assert mine == reference
            if size:
                assert ours.choice(mine) == random.Random.choice(theirs, reference)
            assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        Rng(1).choice([])


def test_rng_below_draws_the_place_choice_draws() -> None:
    """`Rng.below(n)` (a rollout's place in a list it does not build) is the index `choice`
    draws from a list of `n`, with the same draws and generator state after."""
    for seed in range(200):
        for size in (1, 2, 3, 5, 8, 13, 31, 32, 33, 64, 100):
            ours, theirs = Rng(seed), Rng(seed)
            assert ours.below(size) == theirs.choice(range(size))
            assert ours.getstate() == theirs.getstate() and ours.draws == theirs.draws


def test_a_generator_seeded_later_draws_and_pickles_as_one_seeded_at_once() -> None:
    """`seed_later` (a determinization's generator, made on first draw): the state draws what
    `Rng(seed)` draws, its clones draw the same numbers independently, and its fingerprint is
    that of the state given the generator at once."""
    import pickle

    from parlor.core import get_game
    from parlor.core.rng import seed_later

    state = get_game("skyrise").setup(2, 3)
    later, eager = state.clone(), state.clone()
    seed_later(later, 77)
    eager.rng = Rng(77)
    assert pickle.dumps(later) == pickle.dumps(eager)
    assert later.fingerprint() == eager.fingerprint()
    seed_later(later, 77)
    twin = later.clone()
    reference = Rng(77)
    expected = [reference.random() for _ in range(3)]
    assert [later.rng.random() for _ in range(3)] == expected
    assert [twin.rng.random() for _ in range(3)] == expected


def test_registry_is_fed_by_the_entry_point_group() -> None:
    """Games installed under the `parlor.games` entry points are registered without imports."""
    from importlib.metadata import entry_points

    from parlor.core import all_games

    names = {ep.name for ep in entry_points(group="parlor.games")}
    ids = {g.id for g in all_games()}
    assert names <= ids
    assert {"trickerion", "opera", "skyrise", "starroad"} <= names


def test_every_error_kind_carries_its_own_code() -> None:
    """The server and CLI map `code` to messages: each kind names its own, subclasses inherit."""
    kinds = [c for c in vars(errors).values()
             if isinstance(c, type) and issubclass(c, errors.ParlorError)]
    codes = {c.code for c in kinds}
    assert len(codes) == len(kinds)
    assert errors.BadMove("x").code == "bad_move" and errors.ParlorError.code == "error"

    class Stricter(errors.DataError):
        pass

    assert Stricter.code == "bad_data"


def test_markers_are_distinct_and_listed_in_the_order_planted() -> None:
    """`plant_markers`' markers (parlor.core.markers): numbers far above a game's own, and words
    for text values, each listed once in `planted`."""
    from parlor.core.markers import FIRST_NUMBER, Markers

    mark = Markers()
    assert [mark(), mark.word("H"), mark()] == [FIRST_NUMBER, "§H2§", FIRST_NUMBER + 2]
    assert mark.planted == [FIRST_NUMBER, "§H2§", FIRST_NUMBER + 2]
