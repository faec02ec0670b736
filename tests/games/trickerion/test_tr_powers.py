"""Magician Powers (TR-21, TR-7.4, TR-2.4 item 7, A-23): the frame played with a synthetic
card file in the documented format (docs/trickerion-expansions.md), loaded by `data.load`."""

from __future__ import annotations

import dataclasses
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlor.core import Rng
from parlor.games.trickerion import GAME, TrickerionState
from parlor.games.trickerion.data import DATA, DATA_DIR, load
from parlor.games.trickerion.moves import DiscardPower, LearnPower, SkipPower

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from tests.core import conformance as kit

PW: dict[str, Any] = {"dark_alley": True, "magician_powers": True}
COLORS = ("yellow", "orange", "red")
THRESHOLD = {"yellow": 1, "orange": 16, "red": 36}


def _powers_dir(tmp: Path) -> Path:
    data = tmp / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / "magician_powers.toml"
    text = path.read_text(encoding="utf-8").replace("data_complete = false", "data_complete = true")
    text += '\n[[power_slot]]\nid = "slot_a"\nshard_symbols = 1\n'
    text += '\n[[power_slot]]\nid = "slot_b"\nshard_symbols = 3\n'
    for i in range(90):
        color = COLORS[i % 3]
        valid = '["slot_a", "slot_b"]' if i % 2 else '["slot_a"]'
        text += (f'\n[[power]]\nid = "pw{i}"\nname = "Power {i}"\ncolor = "{color}"\n'
                 f'fame_threshold = {THRESHOLD[color]}\nvalid_slots = {valid}\n'
                 f'text = "Effect of power {i}."\n')
    path.write_text(text, encoding="utf-8")
    return data


@pytest.fixture
def powers_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The package's DATA with the synthetic Powers module loaded through `data.load`."""
    from parlor.games.trickerion import game as game_module
    module = load(_powers_dir(tmp_path)).magician_powers
    assert module.complete
    monkeypatch.setattr(game_module, "DATA", dataclasses.replace(DATA, magician_powers=module))
    yield


def _to_learning(s: TrickerionState) -> None:
    rng = Rng(5)
    for _ in range(400):
        if s.view(None)["phase"] == "learn_power":
            return
        seat = s.actors()[0]
        moves = [m for m in s.legal_moves(seat) if m.kind != "discard"]
        s.play(seat, rng.choice(moves))
    raise AssertionError("never reached learn_power")


def test_tr21_deal_and_keep_eight(powers_on: None) -> None:
    """TR-21.1, TR-2.4 item 7: 4 Powers of each colour dealt, 4 discarded one by one, 8 kept;
    3 Shards; others see only hand sizes by colour."""
    s = GAME.setup(3, 4, PW)
    s = _skip_setup_choices(s)
    assert s.view(None)["phase"] == "power_discards"
    assert all(len(h) == 12 for h in s.power_hand) and s.shards == [3, 3, 3]
    assert all(c == [4, 4, 4] for c in s.power_counts)
    seat = s.actors()[0]
    assert all(isinstance(m, DiscardPower) for m in s.legal_moves(seat) if m.kind != "discard")
    other = s.view((seat + 1) % 3)["powers"][seat]
    assert "hand" not in other and sum(other["hand_by_color"].values()) == 12
    while s.view(None)["phase"] == "power_discards":
        seat = s.actors()[0]
        s.play(seat, next(m for m in s.legal_moves(seat) if isinstance(m, DiscardPower)))
    assert all(len(h) == 8 for h in s.power_hand)
    assert s.view(None)["phase"] == "advertise"


def _skip_setup_choices(s: TrickerionState) -> TrickerionState:
    while s.view(None)["phase"] not in ("power_discards", "advertise"):
        seat = s.actors()[0]
        s.play(seat, next(m for m in s.legal_moves(seat) if m.kind != "discard"))
    return s


def test_tr7_4_learn_hidden_then_revealed(powers_on: None) -> None:
    """TR-7.4, TR-21.1: simultaneous hidden choice at the start of phase D; revealed when all
    decided; Coins pay the missing Fame; only open valid slots (3 Shards: slot_b needs 4)."""
    s = GAME.setup(2, 3, PW)
    _to_learning(s)
    seat = s.actors()[0]
    learns = [m for m in s.legal_moves(seat) if isinstance(m, LearnPower)]
    assert learns and all(m.slot == "slot_a" for m in learns)   # slot_b closed
    assert SkipPower() in s.legal_moves(seat)
    s.shards[seat] = 4
    s._cache = None
    assert any(m.slot == "slot_b" for m in s.legal_moves(seat) if isinstance(m, LearnPower))
    s.shards[seat] = 3
    s._cache = None
    move = learns[-1]
    power = next(i for i, r in enumerate(s.powers.tables["power"]) if r["id"] == move.power)
    need = max(0, s.powers.tables["power"][power]["fame_threshold"] - s.fame[seat])
    coins = s.coins[seat]
    s.play(seat, move)
    other = 1 - seat
    if other in s.actors():
        assert "chosen" not in s.view(other)["powers"][seat]
        assert s.view(other)["powers"][seat]["decided"] is True
        assert s.view(seat)["powers"][seat]["chosen"] == {"power": move.power, "slot": "slot_a"}
        s.play(other, SkipPower())
    assert s.view(None)["phase"] == "assignment"
    learned = s.view(other)["powers"][seat]["slots"][0]["power"]
    assert learned["id"] == move.power and learned["text"].startswith("Effect of power")
    assert "not executed" in learned["effect"]
    assert s.coins[seat] == coins - need and power not in s.power_hand[seat]


def test_tr21_occupied_slot_returns_power(powers_on: None) -> None:
    """TR-21.1: learning onto an occupied slot returns the Power there to hand first."""
    s = GAME.setup(2, 3, PW)
    _to_learning(s)
    seat = s.actors()[0]
    old = s.power_hand[seat][0]
    s.power_hand[seat].remove(old)
    s.power_slots[seat][0] = old
    s._cache = None
    move = next(m for m in s.legal_moves(seat) if isinstance(m, LearnPower))
    s.coins[seat] = 99
    s.play(seat, move)
    for p in s.actors():
        s.play(p, SkipPower())
    assert old in s.power_hand[seat] and len(s.power_hand[seat]) == 7
    assert s.powers.tables["power"][s.power_slots[seat][0]]["id"] == move.power


def test_tr21_open_slots_follow_shards(powers_on: None) -> None:
    """TR-21.1: Shards cover symbols bottom-up: 0 Shards close slot_a, 1-3 open only slot_a."""
    from parlor.games.trickerion.rules.powers import is_open
    s = GAME.setup(2, 3, PW)
    for shards, want in ((0, [False, False]), (1, [True, False]), (3, [True, False]),
                         (4, [True, True])):
        s.shards[0] = shards
        assert [is_open(s, 0, k) for k in range(2)] == want


def test_tr21_closed_slot_keeps_power_inactive(powers_on: None) -> None:
    """TR-21.1: Shards are spent top-down; a slot whose symbols are no longer all covered is
    closed: its Power stays there but is inactive (interpretation) and nothing can be learned
    there; Shards reopen it and the Power is active again."""
    from parlor.games.trickerion.rules.powers import is_active, learn_options
    s = GAME.setup(2, 3, PW)
    _to_learning(s)
    seat = s.actors()[0]
    power = s.power_hand[seat].pop(0)
    s.power_slots[seat][1] = power                 # on slot_b (needs 1 + 3 Shards)
    s.shards[seat] = 4
    assert is_active(s, seat, 1)
    s.shards[seat] = 3                         # one Shard spent: slot_b closes
    s._cache = None
    slot_view = s.view(1 - seat)["powers"][seat]["slots"][1]
    assert slot_view["open"] is False and slot_view["power"]["active"] is False
    assert s.power_slots[seat][1] == power and not is_active(s, seat, 1)
    assert all(m.slot != "slot_b" for m in learn_options(s, seat) if isinstance(m, LearnPower))
    s.shards[seat] = 4
    assert s.view(seat)["powers"][seat]["slots"][1]["power"]["active"] is True


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_powers_end(powers_on: None, players: int) -> None:
    """TR-21 with random play: games end; hands stay 8 minus learned plus returned."""
    for seed in range(2):
        s = GAME.setup(players, seed, PW)
        rng = Rng(seed)
        while s.actors():
            seat = s.actors()[0]
            s.play(seat, rng.choice(s.legal_moves(seat)))
        for p in range(players):
            assert len(s.power_hand[p]) + sum(1 for x in s.power_slots[p] if x >= 0) == 8


@pytest.mark.parametrize("players", [2, 4])
def test_conformance_kit_with_powers(powers_on: None, players: int) -> None:
    """Hidden Power hands and choices: plant_markers / redetermine / log checks of the kit."""
    variant = kit.with_options(GAME, PW)
    kit.check_all(variant, players, 7)
