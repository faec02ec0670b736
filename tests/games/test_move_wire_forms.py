"""The wire form of every move kind of the four shipped games, pinned: its kind string and its fields'
names, order and types. Saved games, records and clients read moves by these, so a move class may
change how it is declared (a shared base class for fields that name one concept) but never its form."""

from __future__ import annotations

import dataclasses
import pickle
import typing
from types import UnionType
from typing import Any

import pytest

from parlor.core import Move
from parlor.core.registry import get_game

# kind -> "field:type ..." in declaration order, as each game's moves.py declared them when pinned.
WIRE_FORMS: dict[str, dict[str, str]] = {
    'opera': {
        'bid': 'amount:int',
        'role': 'role:str',
        'pass': '',
        'buy': 'composer:str',
        'done': '',
        'store': 'city:str hall:int',
        'place': 'piece:str city:str hall:int',
        'build': 'city:str part:str',
        'sell': 'composer:str source:str hall:int reward:str',
        'follow': '',
        'decline': '',
        'destination': 'city:str',
        'fame': 'composer:str steps:int',
        'score': '',
    },
    'skyrise': {
        'open': 'piece:str at:str',
        'raise': 'building:str at:str',
        'wonder_bid': 'at:str',
        'pass': '',
        'hammer_answer': 'at:str',
        'decline': '',
        'assign_wild': 'colour:str',
        'keep_wonder': 'card:str',
        'kahn_reveal': 'reveal:bool',
        'vault_take': 'at:str',
    },
    'starroad': {
        'choose': 'card:str',
        'build': 'no:str',
        'place': 'line:int level:int',
        'continue': 'line:int level:int',
        'build_ground': 'no:str',
        'continue_ground': 'no:str',
        'invest': 'amount:int',
        'attack': 'line:int level:int',
        'add_weapon': 'line:int level:int',
        'target': 'seat:int',
        'targets_done': '',
        'launch': '',
        'order': 'seat:int',
        'use': 'line:int level:int',
        'ability': '',
        'pick': 'line:int level:int',
        'cancel': 'line:int level:int',
        'choices_done': '',
        'reveal_faction': '',
        'reveal_character': '',
        'blocker': 'line:int level:int',
        'blockers_done': '',
        'guard': 'block:bool',
        'give': 'seat:int',
        'keep': '',
        'pass': '',
        'end': '',
    },
    'trickerion': {
        'choose_magician': 'magician:str',
        'start_components': 'components:tuple[str,...]',
        'start_trick': 'trick:str',
        'choose_specialist': 'specialist:str',
        'engineer_trick': 'trick:str',
        'manager_components': 'components:tuple[str,...]',
        'advertise': '',
        'pass': '',
        'assign': 'character:str location:str',
        'place': 'character:str slot:str',
        'idle': 'character:str',
        'enhance': '',
        'done': '',
        'learn_trick': 'die:int trick:str engineer:bool',
        'hire': 'die:int',
        'take_coins': 'die:int',
        'reroll_die': 'die:int',
        'set_die': 'die:int face:str',
        'buy': 'component:str count:int bargains:int manager:bool',
        'order': 'component:str slot:int',
        'quick_order': 'component:str',
        'prepare': 'trick:str',
        'move_trick': 'trick:str',
        'move_components': 'component:str swap:str|None',
        'move_apprentice': 'character:str',
        'set_up_trick': 'trick:str card:int slot:str dir:str coin_links:int',
        'reschedule': 'card:int slot:str to_card:int to_slot:str dir:str',
        'perform': 'card:int',
        'decline': '',
        'discard_component': 'component:str',
        'discard_trick': 'trick:str',
        'assign_special': 'character:str card:str',
        'declare': 'ability:bool',
        'draw_special': 'deck:str',
        'keep_special': 'card:str',
        'fortune_telling': '',
        'fate_weaving': 'pending:int',
        'mechanical_enhancement': '',
        'hire_any': 'die:int character:str',
        'move_opponent_marker': 'card:int slot:str to_card:int to_slot:str dir:str',
        'skip_ability': '',
        'swap_cards': 'first:int second:int',
        'guest_set_up': 'trick:str card:int',
        'street_performance': 'card:int slot:str',
        'marker_to_trick': 'trick:str',
        'stage_marker': 'card:int slot:str dir:str',
        'return_components': 'components:tuple[str,...]',
        'double_yield': 'trick:str resource:str',
        'hidden_talent': 'specialist:str',
        'motivate_card': 'card:str',
        'overhaul_trick': 'die:int trick:str old:str',
        'invest': 'component:str manager:bool',
        'buy_mix': 'components:tuple[str,...] bargains:int manager:tuple[str,...]',
        'smuggle_buy': 'component:str count:int manager:bool',
        'barter': 'components:tuple[str,...] manager:tuple[str,...]',
        'shoplift': 'component:str count:int bargains:int manager:bool refill:str',
        'extra_stock': 'component:str',
        'take_ordered': 'manager:bool',
        'break_free': 'card:int slot:str to_card:int to_slot:str dir:str coin_links:int',
        'mimic': 'card:str',
        'steal_perform': 'card:int trick:str steal:str',
        'possess': 'card:int',
        'supercharge': 'trick:str card:int slot:str dir:str coin_links:int',
        'discard': '',
        'discard_done': '',
        'dubious_store': 'manager:bool',
        'dubious_discard': 'component:str',
        'dubious_refuse': '',
        'bottom_special': 'card:str',
        'discard_power': 'power:str',
        'learn_power': 'power:str slot:str',
        'skip_power': '',
    },
}


def _declared(cls: type[Move]) -> str:
    return " ".join(f"{f.name}:{f.type}".replace(" ", "") for f in dataclasses.fields(cls))


def _sample(hint: Any, index: int) -> Any:
    """A value of a field's type that differs from field to field, so a swap of two fields shows."""
    if typing.get_origin(hint) in (typing.Union, UnionType):
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
    if typing.get_origin(hint) is tuple:
        base = typing.get_args(hint)[0]
        return (_sample(base, index), _sample(base, index + 1))
    return {int: index + 1, str: f"value{index}", bool: index % 2 == 0}[hint]


@pytest.mark.parametrize("game_id", sorted(WIRE_FORMS))
def test_every_move_kind_keeps_its_fields_in_order(game_id: str) -> None:
    catalog = get_game(game_id).moves
    assert {kind: _declared(cls) for kind, cls in catalog.classes.items()} == WIRE_FORMS[game_id]


@pytest.mark.parametrize("game_id", sorted(WIRE_FORMS))
def test_every_move_kind_writes_and_reads_its_json_notation_and_pickle(game_id: str) -> None:
    game = get_game(game_id)
    for kind, cls in game.moves.classes.items():
        hints = typing.get_type_hints(cls)
        names = [f.name for f in dataclasses.fields(cls)]
        values = [_sample(hints[name], index) for index, name in enumerate(names)]
        move = cls(*values)                      # positional: the order callers construct with
        data = move.to_json()
        assert list(data) == ["kind", *names], kind
        assert data == {"kind": kind, **{name: list(value) if isinstance(value, tuple) else value
                                          for name, value in zip(names, values, strict=True)}}
        assert game.move_from_json(data) == move
        assert game.parse(str(move)) == move
        copy = pickle.loads(pickle.dumps(move))
        assert copy == move and hash(copy) == hash(move) and type(copy) is cls
