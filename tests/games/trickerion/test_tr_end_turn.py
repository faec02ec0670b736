"""Dubious Sources at End Turn (TR-15.3, TR-18.4, TR-26 row G): the owner decides where a new
pile goes and, with storage full (TR-11.2), which component to discard, one per move."""

from __future__ import annotations

from typing import Any

import pytest
from tr_helpers import BLUE, RED, quiet_move, scenario

from parlor.core import IllegalMove
from parlor.games.trickerion import TrickerionState
from parlor.games.trickerion.consts import Phase
from parlor.games.trickerion.data import DATA
from parlor.games.trickerion.moves import (
    Declare,
    Discard,
    DiscardComponent,
    DiscardDone,
    DubiousDiscard,
    DubiousRefuse,
    DubiousStore,
    Place,
    QuickOrder,
)

DA = {"dark_alley": True}
FULL = {"wood": 2, "glass": 1, "metal": 1, "fabric": 1, "petroleum": 1, "saw": 1}
ROPE = DATA.component_by_id["rope"]


def _at_end_turn(red: dict[str, Any], quick: str = "rope") -> TrickerionState:
    """Red places an Apprentice with Dubious Sources, Quick Orders `quick`; the others idle
    until End Turn asks Red (or the turn ends)."""
    s = scenario(options=DA, phase="actions", seats={RED: red},
                 placing={"seat": RED, "character": "apprentice_1", "slot": "market_row_1",
                          "special": "dubious_sources"})
    s.play(RED, Declare(True))
    s.play(RED, QuickOrder(quick))
    turn = s.turn
    while s.phase != Phase.DUBIOUS_SOURCES and s.turn == turn:
        seat = s.actors()[0]
        s.play(seat, quiet_move(s, seat))
    return s


def _comps(s: TrickerionState, seat: int) -> dict[str, int]:
    return {DATA.components[c].id: k for c, k in enumerate(s.components[seat]) if k}


def test_tr26_storage_full_asks_which_component_to_discard() -> None:
    """TR-26 G, TR-18.4, TR-11.2: six board piles, no Manager, a seventh type arrives: Red
    chooses one component per move (a stored one or the arriving one); exact, ordered list."""
    s = _at_end_turn({"components": FULL, "specialists": []})
    assert s.phase == Phase.DUBIOUS_SOURCES and s.actors() == (RED,)
    view = s.view(BLUE)
    assert view["phase"] == "dubious_sources" and view["market"]["quick_order"] == "rope"
    assert s.legal_moves(RED) == [
        DubiousDiscard("wood"), DubiousDiscard("glass"), DubiousDiscard("metal"),
        DubiousDiscard("fabric"), DubiousDiscard("petroleum"), DubiousDiscard("saw"),
        DubiousRefuse(), Discard()]
    assert s.legal_moves(BLUE) == []
    s.play(RED, DubiousDiscard("wood"))           # wood 2 -> 1: still no room
    assert s.phase == Phase.DUBIOUS_SOURCES and s.components[RED][DATA.component_by_id["wood"]] == 1
    turn = s.turn
    s.play(RED, DubiousDiscard("wood"))           # a slot is free: rope goes in by itself
    assert s.turn == turn + 1 and s.phase != Phase.DUBIOUS_SOURCES
    assert _comps(s, RED) == {**{k: v for k, v in FULL.items() if k != "wood"}, "rope": 1}
    assert s.quick_order == -1 and s.dubious_owner == -1


def test_tr18_4_refusing_returns_the_arriving_component() -> None:
    """TR-18.4 Dubious Sources: "if the player cannot store the component it returns to the
    supply": refusing keeps the Workshop as it was and the turn goes on."""
    s = _at_end_turn({"components": FULL, "specialists": []})
    turn = s.turn
    s.play(RED, DubiousRefuse())
    assert s.turn == turn + 1 and _comps(s, RED) == FULL


def test_tr23_discard_step_at_the_dubious_decision() -> None:
    """TR-23, TR-26: the decision is an own decision point; a discard step that frees a slot
    lets the component in without another question."""
    s = _at_end_turn({"components": FULL, "specialists": []})
    s.play(RED, Discard())
    s.play(RED, DiscardComponent("saw"))
    turn = s.turn
    s.play(RED, DiscardDone())
    assert s.turn == turn + 1 and s.components[RED][ROPE] == 1


def test_tr26_new_pile_board_or_manager_slot() -> None:
    """TR-26 G, TR-11.2: with a free board slot and a free Manager slot the owner chooses the
    place of the new pile (a Manager pile counts +1)."""
    s = _at_end_turn({"components": {"wood": 1}, "specialists": ["manager"]})
    assert s.legal_moves(RED) == [DubiousStore(False), DubiousStore(True), Discard()]
    s.play(RED, DubiousStore(True))
    assert s.components[RED][ROPE] == 1 and s.manager_piles[RED] >> ROPE & 1
    assert s.phase != Phase.DUBIOUS_SOURCES


@pytest.mark.parametrize(("red", "rope"), [
    ({"components": {}, "specialists": []}, 1),                       # one free board slot
    ({"components": {"rope": 2}, "specialists": []}, 3),              # its own pile grows
    ({"components": {"rope": 3}, "specialists": []}, 3),              # full pile: nothing to do
    ({"components": FULL, "specialists": ["manager"]}, 1),            # only a Manager slot
])
def test_tr26_no_decision_when_only_one_outcome(red: dict[str, Any], rope: int) -> None:
    """TR-11.2, TR-18.4: one place, or a full pile of the same type (making room there would
    discard the same type it brings): End Turn goes on without asking."""
    s = _at_end_turn(red)
    assert s.phase != Phase.DUBIOUS_SOURCES and s.turn == 2 and s.components[RED][ROPE] == rope


def test_tr26_dubious_moves_illegal_elsewhere() -> None:
    """TR-26: the Dubious Sources moves exist only in that End Turn decision."""
    s = scenario(options=DA, phase="actions", seats={RED: {"components": FULL}},
                 placing={"seat": RED, "character": "apprentice_1", "slot": "market_row_1"})
    with pytest.raises(IllegalMove, match="TR-"):
        s.play(RED, DubiousRefuse())
    s2 = _at_end_turn({"components": FULL, "specialists": []})
    with pytest.raises(IllegalMove, match="TR-26"):
        s2.play(RED, DubiousStore(False))
    with pytest.raises(IllegalMove, match="TR-26"):
        s2.play(RED, DubiousDiscard("rope"))
    with pytest.raises(IllegalMove):
        s2.play(RED, Place("apprentice_2", "market_row_2"))
