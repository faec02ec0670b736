"""The conformance kit fails loudly on broken games: each check meets a variant of the fixture
game broken in exactly the way that check exists to catch."""

from __future__ import annotations

import copy as copying
import random
from typing import Any

import pytest

from fixturegames.sealed_bids import Bid, SealedBids, SealedBidsState
from parlor.core import PUBLIC, Event, Move, Rng, get_game
from parlor.core.text import Catalog

from . import conformance as kit


def variant(state_class: type[SealedBidsState], game_class: type[SealedBids] = SealedBids
            ) -> SealedBids:
    game = game_class()
    game.state_class = state_class
    return game


class ShowsEveryHand(SealedBidsState):
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        v["all_hands"] = [sorted(h) for h in self.hands]
        return v


class AnnouncesBids(SealedBidsState):
    __slots__ = ()

    def _bid(self, seat: int, move: Bid) -> list[Event]:
        events = super()._bid(seat, move)
        return [Event("bid", seat, PUBLIC, {"card": move.card}), *events[1:]]


class SharesHandsWithClones(SealedBidsState):
    __slots__ = ()

    def clone(self) -> SealedBidsState:
        c = super().clone()
        c.hands = self.hands
        return c


class ForgetsAField(SealedBidsState):
    __slots__ = ()

    def clone(self) -> SealedBidsState:
        c = super().clone()
        c.points = [0] * self.players
        return c


class SeesOwnHandChange(SealedBidsState):
    __slots__ = ()

    def redetermine(self, seat: int, rng: Rng) -> SealedBidsState:
        c = super().redetermine(seat, rng)
        c.hands[seat] = [c.deck.pop()] + c.hands[seat][1:] if c.hands[seat] and c.deck else []
        return c


class AcceptsAnything(SealedBidsState):
    __slots__ = ()

    def is_legal(self, seat: int, move: Move) -> bool:
        return True


class AdvanceGainsAPoint(SealedBidsState):
    __slots__ = ()

    def advance(self, seat: int, move: Move) -> None:
        super().advance(seat, move)
        self.points[seat] += 1


class GlobalRandomDeal(SealedBids):
    def _setup(self, players: int, seed: int, options: Any) -> SealedBidsState:
        state = super()._setup(players, seed, options)
        random.shuffle(state.hands[0])  # time-seeded global generator: not reproducible
        state.hands[0] = [random.randrange(1000, 10**9)] + state.hands[0][1:]
        return state


def test_kit_catches_a_view_that_leaks_other_hands() -> None:
    with pytest.raises(AssertionError, match="shows hidden marker"):
        kit.check_views(variant(ShowsEveryHand), 3, 1)


def test_kit_catches_a_log_that_announces_sealed_bids() -> None:
    with pytest.raises(AssertionError, match="its log differs"):
        kit.check_log(variant(AnnouncesBids), 3, 1)


def test_kit_catches_clones_that_share_a_list() -> None:
    with pytest.raises(AssertionError, match="clone"):
        kit.check_clone(variant(SharesHandsWithClones), 3, 1)


def test_kit_catches_a_clone_that_drops_a_field() -> None:
    with pytest.raises(AssertionError, match="clone differs"):
        for seed in range(5):
            kit.check_clone(variant(ForgetsAField), 2, seed)


def test_kit_catches_redetermine_that_changes_what_the_seat_knows() -> None:
    with pytest.raises(AssertionError, match="redetermine"):
        kit.check_views(variant(SeesOwnHandChange), 3, 1)


def test_kit_catches_accepted_illegal_moves() -> None:
    with pytest.raises(AssertionError, match="accepted"):
        kit.check_moves(variant(AcceptsAnything), 3, 1)


def test_kit_catches_setup_that_uses_global_randomness() -> None:
    with pytest.raises(AssertionError, match="replay does not reproduce"):
        kit.check_replay(GlobalRandomDeal(), 2, 1)


def test_kit_catches_advance_that_reaches_another_position() -> None:
    with pytest.raises(AssertionError, match="reaches another position than play"):
        kit.check_advance(variant(AdvanceGainsAPoint), 3, 1)


def test_same_position_compares_values_whoever_holds_the_frozen_data() -> None:
    """Clones share the game's frozen data (compared by identity first); equal data in other
    objects is still the same position, and any other difference is not."""
    state = get_game("starroad").setup(3, 1)
    first, second = state.clone(), state.clone()
    assert kit.same_position(first, second)
    second.content = copying.deepcopy(second.content)
    assert second.content is not first.content and kit.same_position(first, second)
    second.players[1].hp -= 1
    assert not kit.same_position(first, second)


def test_kit_catches_a_missing_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    game = SealedBids()
    catalogs = dict(game.catalogs())
    es = catalogs["es"]
    broken = Catalog("es", {"events": {k: v for k, v in es.events.items() if k != "won"},
                            "moves": es.moves}, "es.toml")
    monkeypatch.setattr(game, "catalogs", lambda: {**catalogs, "es": broken})
    with pytest.raises(AssertionError, match=r"text/es.toml: no \[events\] won"):
        for seed in range(10):
            kit.check_text(game, 2, seed)


def test_kit_passes_the_sound_fixture() -> None:
    game = SealedBids()
    kit.check_views(game, 3, 1)
    kit.check_log(game, 3, 1)
    kit.check_clone(game, 3, 1)
    kit.check_moves(game, 3, 1)
    kit.check_replay(game, 3, 1)


def test_variants_are_played_with_their_options() -> None:
    variant = kit.with_options(SealedBids(), {"rounds": 2})
    played = kit.random_playout(variant, 2, 1)
    assert played.record.options["rounds"] == 2 and played.final.round <= 2
    kit.check_replay(variant, 2, 1)
