"""Setup (TR-2): the table, then each player's choices in seat order, then free preparation."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import Phase
from ..data import CATEGORIES, DATA, SPECIALISTS
from ..moves import (
    ChooseMagician,
    ChooseSpecialist,
    EngineerTrick,
    ManagerComponents,
    StartComponents,
    StartTrick,
)
from . import duel
from .common import COMP_IDS, PRICES, add_components, can_add, give_trick, in_play, prepare_amount, pub

if TYPE_CHECKING:
    from ..state import TrickerionState


def _value_sets(value: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of components with total price `value` (TR-2.4 item 2)."""
    out = []
    for size in range(1, value + 1):
        for combo in combinations_with_replacement(range(len(PRICES)), size):
            if sum(PRICES[c] for c in combo) == value:
                out.append(combo)
    return tuple(out)


START_SETS = _value_sets(DATA.setup["starting_component_value"])
MANAGER_SETS = _value_sets(DATA.setup["manager_bonus_component_value"])
SPECIALIST_CHAR = {"assistant": 1, "manager": 2, "engineer": 3}


def table_setup(state: TrickerionState) -> None:
    """TR-2.1, TR-2.2, TR-2.5, TR-2.6: decks, Theater, hands, Initiative and starting Coins."""
    rng = state.rng
    by_type: dict[str, list[int]] = {}
    for card in duel.deck_pool(state):             # the Duel cards instead (TR-22.1)
        by_type.setdefault(state.cards[card].theater, []).append(card)
    for cards in by_type.values():
        rng.shuffle(cards)
    for pos in range(state.players - 1):
        put_card(state, pos, by_type["riverside_theater"].pop())
    state.deck = [by_type[t].pop() for t in DATA.deck_types["dark_alley" if state.dark_alley else "base"]]
    order = list(range(state.players))
    rng.shuffle(order)
    state.order = order
    spaces = DATA.initiative_spaces[state.players]
    for k, seat in enumerate(order):
        state.coins[seat] = DATA.coin_base + DATA.space_bonus[spaces[k] - 1]
        if state.players == 2 and k == 1:
            state.coins[seat] = state.options.two_player_second_start_coins
        state.team[seat] = 1 | 1 << 4          # Magician and one Apprentice (TR-2.4 item 5)
    if state.dark_alley:
        dark_alley_setup(state)
    if state.options.magician_powers:          # TR-2.4 item 7, TR-21.1: 3 Shards instead of 1
        state.shards = [DATA.setup["starting_shards_magician_powers"]] * state.players


def dark_alley_setup(state: TrickerionState) -> None:
    """TR-17.1: 7 turns, four face-down Special decks (A-08), Prophecies: 3 pending, no Active."""
    state.last_turn = DATA.setup["turns_dark_alley"]
    for deck in range(4):
        cards = [c.index for c in DATA.specials if c.deck == deck]
        state.rng.shuffle(cards)
        state.special_decks[deck] = cards
    if state.options.include_prophecies:
        pile = [p.index for p in DATA.prophecies]
        state.rng.shuffle(pile)
        state.prophecies = [-1, *pile[:3]]
        state.prophecy_pile = pile[3:]


def put_card(state: TrickerionState, pos: int, card: int) -> None:
    state.stage[pos] = card
    state.markers[pos] = duel.printed_row(state, card)   # gray printed markers (TR-22.1)


def taken_categories(state: TrickerionState) -> set[int]:
    return {DATA.magicians[m].favorite for m in state.magician if m >= 0}


# The opening choices made once: a search lists them at every node of a game's first moves.
MAGICIAN_MOVES = tuple(ChooseMagician(m.id) for m in DATA.magicians)
START_MOVES = tuple(StartComponents(tuple(COMP_IDS[c] for c in combo)) for combo in START_SETS)


def legal(state: TrickerionState, seat: int) -> list[Move]:
    if state.phase == Phase.CHOOSE_MAGICIAN:
        taken = taken_categories(state)
        return [move for move, m in zip(MAGICIAN_MOVES, DATA.magicians, strict=True)
                if m.favorite not in taken]
    if state.phase == Phase.STARTING_CHOICES:
        if state.start_step == 0:
            return list(START_MOVES)
        if state.start_step == 1:
            fav = DATA.magicians[state.magician[seat]].favorite
            return [StartTrick(t.id) for t in DATA.tricks
                    if t.level == 1 and t.category == fav and state.owner[t.index] < 0]
        return [ChooseSpecialist(specialist) for specialist in SPECIALISTS]
    if state.phase == Phase.ENGINEER_TRICK:
        return [EngineerTrick(t.id) for t in DATA.tricks
                if t.level == 1 and in_play(state, t) and state.owner[t.index] < 0]
    return [ManagerComponents(tuple(COMP_IDS[c] for c in combo)) for combo in MANAGER_SETS
            if _manager_fits(state, seat, combo)]


def _manager_fits(state: TrickerionState, seat: int, combo: tuple[int, ...]) -> bool:
    """Interpretation (docs/status): Manager bonus types must be new piles on Manager slots."""
    if any(state.components[seat][c] for c in combo):
        return False
    counts: dict[int, int] = {}
    for c in combo:
        counts[c] = counts.get(c, 0) + 1
    return len(counts) <= 2 and all(can_add(state, seat, c, k, True) for c, k in counts.items())


def apply(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    if isinstance(move, ChooseMagician):
        state.magician[seat] = DATA.magician_by_id[move.magician]
        state.acting += 1
        if state.acting == state.players:
            state.phase, state.acting, state.start_step = Phase.STARTING_CHOICES, 0, 0
        return [pub("magician_chosen", seat, magician=move.magician)]
    if isinstance(move, StartComponents):
        give_components(state, seat, move.components, False)
        state.start_step = 1
        return [pub("components_taken", seat, components=list(move.components))]
    if isinstance(move, StartTrick):
        give_trick(state, seat, DATA.trick_by_id[move.trick], False)
        state.start_step = 2
        return [pub("trick_taken", seat, trick=move.trick)]
    if isinstance(move, ChooseSpecialist):
        take_specialist(state, seat, move.specialist)
        state.start_step = 0
        state.acting += 1
        if state.acting == state.players:
            state.phase, state.acting = Phase.ENGINEER_TRICK, next_owner(state, 3, -1)
        return [pub("specialist_taken", seat, specialist=move.specialist)]
    if isinstance(move, EngineerTrick):
        give_trick(state, seat, DATA.trick_by_id[move.trick], True)
        state.acting = next_owner(state, 3, seat)
        return [pub("trick_taken", seat, trick=move.trick)]
    assert isinstance(move, ManagerComponents)
    assert state.phase not in (Phase.CHOOSE_MAGICIAN, Phase.STARTING_CHOICES, Phase.ENGINEER_TRICK)
    give_components(state, seat, move.components, True)
    state.acting = next_owner(state, 2, seat)
    return [pub("components_taken", seat, components=list(move.components))]


def give_components(state: TrickerionState, seat: int, names: tuple[str, ...], on_manager: bool) -> None:
    for name in names:
        add_components(state, seat, DATA.component_by_id[name], 1, on_manager)


def take_specialist(state: TrickerionState, seat: int, specialist: str) -> None:
    """TR-2.4 item 6; the Assistant's extra Apprentice is placed at once."""
    char = SPECIALIST_CHAR[specialist]
    state.team[seat] |= 1 << char
    if specialist == "assistant":
        state.team[seat] |= 1 << 5
        state.assistant_home[seat] = 5


def beginner(state: TrickerionState, seat: int) -> list[Event]:
    """TR-2.8: the fixed starting Trick, components and Specialist of the favorite category."""
    b = DATA.beginner[DATA.magicians[state.magician[seat]].favorite]
    for comp, k in b.components:
        add_components(state, seat, comp, k, False)
    give_trick(state, seat, b.trick, False)
    take_specialist(state, seat, b.specialist)
    for comp, k in b.manager_components:
        add_components(state, seat, comp, k, True)
    if b.engineer_trick >= 0:
        give_trick(state, seat, b.engineer_trick, True)
    return [pub("beginner_setup", seat, category=CATEGORIES[b.category])]


def next_owner(state: TrickerionState, char: int, after: int) -> int:
    for seat in range(after + 1, state.players):
        if state.owns(seat, char):
            return seat
    return -1


def free_preparation(state: TrickerionState) -> list[Event]:
    """TR-2.9, A-28: every Trick whose requirements are met gets its markers for free."""
    events = []
    for seat in range(state.players):
        for suit in range(4):
            if state.trick_by_suit[seat][suit] >= 0:
                k = prepare_amount(state, seat, suit)
                if k:
                    state.prepared[seat][suit] = k
                    events.append(pub("prepared", seat, trick=DATA.tricks[
                        state.trick_by_suit[seat][suit]].id, markers=k))
    return events
