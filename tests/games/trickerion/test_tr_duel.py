"""Duel of Magicians (TR-22.1, TR-2.1, TR-2.2, TR-12.5, TR-12.6, TR-14.4, A-23): the frame played
with a synthetic card file in the documented format (docs/trickerion-expansions.md), loaded by
`data.load`."""

from __future__ import annotations

import dataclasses
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlor.core import DataError, IllegalMove, Rng
from parlor.games.trickerion import GAME, TrickerionState
from parlor.games.trickerion.data import CATEGORIES, DATA, DATA_DIR, load
from parlor.games.trickerion.markers import GRAY, is_gray, marker_seat
from parlor.games.trickerion.moves import Perform, Place, SetUpTrick
from parlor.games.trickerion.rules import performance, theater
from parlor.games.trickerion.rules.common import give_trick
from parlor.games.trickerion.rules.placement import legal_slots

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.core import conformance as kit

DUEL: dict[str, Any] = {"duel_of_magicians": True}
THEATERS = ("riverside_theater",) * 6 + ("grand_magorian",) * 4 + ("magnus_pantheon",) * 4
BLOCKS = (("downtown_1",), ("market_row_1", "thursday_backstage_1"), ("downtown_4",),
          ("market_row_4", "workshop_1"), ("sunday_performance",), ("dark_alley_1",))


def _duel_dir(tmp: Path, extra: str = "") -> Path:
    data = tmp / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / "duel_of_magicians.toml"
    text = path.read_text(encoding="utf-8").replace("data_complete = false", "data_complete = true")
    for i, theater_id in enumerate(THEATERS):
        # c0r0 - c0r1 (Shard circle) - c1r1; a gray marker on c0r0 pointing S into the circle
        text += (f'\n[[duel_card]]\nid = "duel_{i:02}"\ntheater = "{theater_id}"\n'
                 'slots = ["c0r0", "c0r1", "c1r1"]\n'
                 'links = [ { a = "c0r0", b = "c0r1", shard = true }, '
                 '{ a = "c0r1", b = "c1r1", shard = false } ]\n'
                 f'printed_markers = [ {{ slot = "c0r0", category = "{CATEGORIES[i % 4]}", '
                 'points = "S" } ]\n'
                 f'bonus_fame = {i % 2}\nbonus_coins = 1\nbonus_shards = 0\n')
    for k in range(12):
        blocked = ", ".join(f'"{x}"' for x in BLOCKS[k % len(BLOCKS)])
        text += f'\n[[turn_setup_card]]\nid = "setup_{k:02}"\nblocked_slots = [{blocked}]\n'
    path.write_text(text + extra, encoding="utf-8")
    return data


@pytest.fixture
def duel_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The package's DATA with the synthetic Duel module loaded through `data.load`."""
    from parlor.games.trickerion import game as game_module
    module = load(_duel_dir(tmp_path)).duel_of_magicians
    assert module.complete and len(module.cards) == len(THEATERS)
    monkeypatch.setattr(game_module, "DATA", dataclasses.replace(DATA, duel_of_magicians=module))
    yield


def _to_advertise(s: TrickerionState) -> TrickerionState:
    while s.view(None)["phase"] != "advertise":
        seat = s.actors()[0]
        s.play(seat, next(m for m in s.legal_moves(seat) if m.kind != "discard"))
    return s


def test_tr22_deck_built_from_duel_cards(duel_on: None) -> None:
    """TR-22.1, TR-2.1 item 3: deck 2 Riverside then 2 Grand Magorian (DA: + 2 Magnus Pantheon)
    and Theater position 1 from the Duel cards only; printed gray markers lie on their slots."""
    for options, types in ((DUEL, DATA.deck_types["base"]),
                           ({**DUEL, "dark_alley": True}, DATA.deck_types["dark_alley"])):
        s = GAME.setup(2, 4, options)
        duel_ids = {c.index for c in s.cards[len(DATA.cards):]}
        assert set(s.deck) <= duel_ids and s.stage[0] in duel_ids
        assert [s.cards[c].theater for c in s.deck] == list(types)
        assert s.cards[s.stage[0]].theater == "riverside_theater"
        assert len(set(s.deck) | {s.stage[0]}) == len(s.deck) + 1
        gray = s.markers[0][0]
        assert is_gray(gray) and marker_seat(gray) == GRAY
        view = s.view(1)["theater"][0]
        assert view["card"].startswith("duel_")
        assert view["markers"] == [{"slot": "c0r0", "seat": None, "gray": True,
                                    "category": CATEGORIES[(s.stage[0] - len(DATA.cards)) % 4],
                                    "dir": "S"}]


def test_tr22_needs_enough_duel_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TR-2.1, TR-22.1: a file without Magnus Pantheon cards cannot play with dark_alley."""
    from parlor.core import BadOptions
    from parlor.games.trickerion import game as game_module
    module = load(_duel_dir(tmp_path)).duel_of_magicians
    module = dataclasses.replace(module, cards=tuple(c for c in module.cards
                                                     if c.theater != "magnus_pantheon"))
    monkeypatch.setattr(game_module, "DATA", dataclasses.replace(DATA, duel_of_magicians=module))
    GAME.setup(2, 1, DUEL)
    with pytest.raises(BadOptions, match="magnus_pantheon"):
        GAME.setup(2, 1, {**DUEL, "dark_alley": True})


def test_tr22_malformed_duel_file(tmp_path: Path) -> None:
    """A printed marker on a missing slot / an unknown blocked slot: DataError naming the entry."""
    bad = ('\n[[duel_card]]\nid = "bad_card"\ntheater = "riverside_theater"\nslots = ["c0r0"]\n'
           'links = []\nprinted_markers = [ { slot = "c1r2", category = "escape", points = "N" } ]\n'
           'bonus_fame = 0\nbonus_coins = 0\nbonus_shards = 0\n')
    with pytest.raises(DataError, match=r"duel_of_magicians.toml \[duel_card bad_card\]"):
        load(_duel_dir(tmp_path / "a", bad))
    bad = '\n[[turn_setup_card]]\nid = "bad_setup"\nblocked_slots = ["nowhere_9"]\n'
    with pytest.raises(DataError, match=r"\[turn_setup_card bad_setup\].*nowhere_9"):
        load(_duel_dir(tmp_path / "b", bad))


def _linking_trick(s: TrickerionState, seat: int, category: int) -> tuple[str, int]:
    trick = next(t for t in DATA.tricks if t.level == 1 and t.category == category
                 and s.owner[t.index] < 0 and not t.dark_alley_only)
    suit = give_trick(s, seat, trick.index, False)
    s.prepared[seat][suit] = 2
    return trick.id, suit


def test_tr22_link_to_gray_marker_and_performance(duel_on: None) -> None:
    """TR-22.1 with TR-12.5, TR-12.6, TR-14.4, TR-14.5: the gray slot is occupied; a marker
    pointing into the gray marker's circle with the same category makes a Link: the placer gets
    the Trick's level in Fame or Coins and the circle's Shard (the gray marker, nobody's, gets
    nothing); performing counts the Link for the performer's bonus, the gray marker yields
    nothing and stays printed on the card."""
    s = _to_advertise(GAME.setup(2, 6, DUEL))
    seat, other = 0, 1
    card = s.cards[s.stage[0]]
    category = card.printed[0][1]
    trick_id, suit = _linking_trick(s, seat, category)
    s.placement_slot, s.action_points = DATA.slot_by_id["thursday_backstage_1"], 3
    setups = [m for m in theater.moves(s, seat) if isinstance(m, SetUpTrick) and m.card == 1]
    assert setups and not any(m.slot == "c0r0" for m in setups)         # occupied by gray
    linking = SetUpTrick(trick_id, 1, "c0r1", "N", 0)
    assert linking in setups and SetUpTrick(trick_id, 1, "c0r1", "N", 1) in setups
    fame, shards = s.fame[:], s.shards[:]
    events = theater.set_up(s, seat, linking)
    level = DATA.tricks[DATA.trick_by_id[trick_id]].link_reward
    assert s.fame[seat] == fame[seat] + level and s.fame[other] == fame[other]
    assert s.shards == [shards[0] + 1, shards[1]]
    assert events[0].data["links"] == 1 and events[0].data["shards"] == [1, 0]
    assert theater.links_on(s, 0) == 1
    # TR-14: Thursday Performance of that card by `seat`
    s.performing_day = 0
    before = (s.fame[:], s.coins[:], s.shards[:])
    trick = DATA.tricks[DATA.trick_by_id[trick_id]]
    ev = performance.perform(s, seat, Perform(1))[0]
    assert ev.data["owners"] == [seat] and ev.data["tricks"] == [trick_id]
    assert ev.data["yields"][other] == [0, 0, 0]
    assert ev.data["bonus"] == [1 + card.bonus_fame, card.bonus_coins, card.bonus_shards]
    assert s.fame[seat] == before[0][seat] + ev.data["yields"][seat][0] + ev.data["bonus"][0]
    assert ev.data["yields"][seat][2] == trick.yield_shards
    assert is_gray(s.markers[0][0]) and s.markers[0][1] == -1                 # gray stays
    assert s.scheduled[seat][suit] == 0 and s.supply(seat, suit) == DATA.markers_per_suit - 1


def test_tr22_turn_setup_blocks_slots(duel_on: None) -> None:
    """TR-22.1, TR-2.2: each turn a Turn Setup card (public once drawn) blocks its slots like
    covered slots; placing there is refused citing TR-22.1; the deck order stays hidden."""
    s = GAME.setup(2, 9, DUEL)
    assert s.turn_setup < 0 and s.view(0)["duel"]["turn_setup"] is None   # drawn as turn 1 starts
    s = _to_advertise(s)
    assert s.duel is not None
    setups = s.duel.tables["turn_setup_card"]
    assert s.turn_setup >= 0 and len(s.turn_setup_deck) == len(setups) - 1
    seen = s.view(0)["duel"]
    assert seen["turn_setup"] == setups[s.turn_setup]["id"]
    assert seen["blocked"] == sorted(setups[s.turn_setup]["blocked_slots"],
                                     key=DATA.slot_by_id.__getitem__)
    assert "tsdeck" not in str(seen) and seen["turn_setup_deck"] == len(s.turn_setup_deck)
    rng, drawn, refused = Rng(3), [], 0
    while s.actors():
        if s.turn_setup not in drawn:
            drawn.append(s.turn_setup)
        seat = s.actors()[0]
        moves = s.legal_moves(seat)
        for m in moves:
            assert not (isinstance(m, Place) and DATA.slot_by_id[m.slot] in s.blocked)
        place = next((m for m in moves if isinstance(m, Place)), None)
        if place is not None:
            for slot in sorted(s.blocked):
                bad = Place(place.character, DATA.slots[slot].id)
                assert s.why_illegal(seat, bad).startswith("TR-22.1")
                with pytest.raises(IllegalMove, match=r"TR-22\.1"):
                    s.clone().play(seat, bad)
                refused += 1
        s.play(seat, rng.choice(moves))
    assert len(drawn) == s.last_turn and refused


def test_tr22_blocked_slot_not_offered(duel_on: None) -> None:
    """TR-22.1: with the +2 Downtown slot blocked, only the 0 slot is left there (2 players)."""
    s = _to_advertise(GAME.setup(2, 9, DUEL))
    s.blocked = frozenset({DATA.slot_by_id["downtown_1"]})
    s.card_location[0][0] = 0                                  # the Magician holds a Downtown card
    assert [sl.id for sl in legal_slots(s, 0, 0)] == ["downtown_4"]
    s.blocked = frozenset()
    assert [sl.id for sl in legal_slots(s, 0, 0)] == ["downtown_1", "downtown_4"]


@pytest.mark.parametrize("options", [DUEL, {**DUEL, "dark_alley": True}])
def test_random_duel_games_end(duel_on: None, options: dict[str, Any]) -> None:
    """TR-22.1 with random play: 2-player games end; gray markers are never anyone's."""
    for seed in range(3):
        s = GAME.setup(2, seed, options)
        rng = Rng(seed)
        steps = 0
        while s.actors():
            seat = s.actors()[0]
            s.play(seat, rng.choice(s.legal_moves(seat)))
            steps += 1
            assert steps <= GAME.move_bound
            for row in s.markers:
                assert all(c < 0 or marker_seat(c) in (0, 1, GRAY) for c in row)
        assert s.result().scores


def test_conformance_kit_with_duel(duel_on: None) -> None:
    """The kit's replay / clone / views (redetermine, plant_markers) / log / moves / text checks
    on a Duel game: the Turn Setup and Performance deck orders are hidden."""
    for options in (DUEL, {**DUEL, "dark_alley": True}):
        variant = kit.with_options(GAME, options)
        kit.check_all(variant, 2, 7)
