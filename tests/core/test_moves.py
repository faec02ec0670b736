"""Moves: JSON and notation round trips, and clear errors for malformed input."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlor.core import BadMove, Move, MoveCatalog


@dataclass(frozen=True, slots=True)
class Place(Move):
    kind: ClassVar[str] = "place"
    character: str
    slot: int
    shard: bool
    dice: tuple[int, ...]
    target: int | None


@dataclass(frozen=True, slots=True)
class Done(Move):
    kind: ClassVar[str] = "done"


CATALOG = MoveCatalog([Place, Done])
ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_0123456789", min_size=1, max_size=12)


@given(ids, st.integers(-5, 50), st.booleans(), st.lists(st.integers(0, 9), max_size=4),
       st.none() | st.integers(0, 7))
def test_json_and_notation_round_trip(name: str, slot: int, shard: bool, dice: list[int],
                                      target: int | None) -> None:
    move = Place(name, slot, shard, tuple(dice), target)
    assert CATALOG.from_json(move.to_json()) == move
    assert CATALOG.parse(str(move)) == move


def test_notation_reads_like_the_move() -> None:
    assert str(Place("apprentice", 3, True, (1, 2), None)) == \
        "place character=apprentice slot=3 shard=true dice=1,2 target=none"
    assert str(Done()) == "done"
    assert CATALOG.parse("done") == Done()


@pytest.mark.parametrize(("data", "message"), [
    ({"kind": "jump"}, "unknown move kind 'jump'"),
    ({"kind": "done", "x": 1}, "unknown field"),
    ({"kind": "place", "character": "a"}, "missing field"),
    ({"kind": "place", "character": "a", "slot": "3", "shard": False, "dice": [], "target": None},
     "field 'slot' must be int"),
    ({"kind": "place", "character": "a", "slot": True, "shard": False, "dice": [], "target": None},
     "field 'slot' must be int"),
    ({"kind": "place", "character": "a", "slot": 1, "shard": False, "dice": 3, "target": None},
     "must be a list"),
    ([1, 2], "must be a JSON object"),
])
def test_malformed_json_names_the_problem(data: object, message: str) -> None:
    with pytest.raises(BadMove, match=message):
        CATALOG.from_json(data)


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty move"),
    ("fly", "unknown move kind"),
    ("place character=a slot=x shard=true dice=- target=none", "must be a number"),
    ("place character=a slot=1 shard=maybe dice=- target=none", "true or false"),
    ("place character=a 3", "expected name=value"),
])
def test_malformed_notation_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(BadMove, match=message):
        CATALOG.parse(text)


def test_two_classes_with_one_kind_are_refused() -> None:
    @dataclass(frozen=True, slots=True)
    class Other(Move):
        kind: ClassVar[str] = "done"

    with pytest.raises(TypeError, match="share the kind"):
        MoveCatalog([Done, Other])


class Bid(Move, kind="bid"):
    """A move declared by naming its kind where it subclasses Move."""
    amount: int


def test_a_move_declared_with_its_kind_is_a_frozen_dataclass_with_slots() -> None:
    assert Bid.kind == "bid" and Bid(3).kind == "bid"
    assert Bid(3) == Bid(amount=3) and hash(Bid(3)) == hash(Bid(3)) and Bid(3) != Bid(4)
    assert Bid.__slots__ == ("amount",)
    assert [f.name for f in dataclasses.fields(Bid)] == ["amount"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Bid(3).amount = 4  # type: ignore[misc]
    catalog = MoveCatalog([Bid, Done])
    assert str(Bid(3)) == "bid amount=3" and catalog.parse("bid amount=3") == Bid(3)
    assert catalog.from_json({"kind": "bid", "amount": 5}) == Bid(5)
    with pytest.raises(BadMove, match="field 'amount' must be int"):
        catalog.from_json({"kind": "bid", "amount": "5"})


class OnDie(Move, abstract=True):
    """Fields several kinds share: an abstract move, with no kind of its own."""
    die: int


class Reroll(OnDie, kind="reroll"):
    """A kind with only the shared field."""


class Turn(OnDie, kind="turn"):
    """A kind with a field of its own, after the shared one."""
    face: str


def test_an_abstract_move_gives_its_kinds_its_fields_first() -> None:
    assert not hasattr(OnDie, "kind") and OnDie.__slots__ == ("die",)
    assert [f.name for f in dataclasses.fields(Turn)] == ["die", "face"] and Turn.__slots__ == ("face",)
    assert Turn(2, "x").to_json() == {"kind": "turn", "die": 2, "face": "x"}
    assert str(Reroll(1)) == "reroll die=1"
    assert Reroll(1) == Reroll(die=1) and Reroll(1) != Turn(1, "x") and hash(Reroll(1)) == hash(Reroll(1))
    assert not hasattr(Turn(2, "x"), "__dict__")
    with pytest.raises(dataclasses.FrozenInstanceError):
        Turn(2, "x").die = 3  # type: ignore[misc]
    catalog = MoveCatalog([Reroll, Turn])
    assert catalog.parse("turn die=2 face=x") == Turn(2, "x") == catalog.from_json(Turn(2, "x").to_json())
