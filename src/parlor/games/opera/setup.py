"""OP-4 Setup: the episode composers, the seating and what each seat starts with."""

from __future__ import annotations

from .board import CITIES, HOUSE, PARTS_BY, PIECE_COMPOSER, flat
from .data import DATA
from .state import OperaState


def draw_episode_composers(state: OperaState) -> None:
    """OP-4.6: draw until pieces of 3 different composers are found; repeats go back."""
    chosen: list[int] = []
    back: list[int] = []
    while len(chosen) < len(DATA.episode_bonus):
        piece = state.draw.pop()
        if PIECE_COMPOSER[piece] in {PIECE_COMPOSER[c] for c in chosen}:
            back.append(piece)
        else:
            chosen.append(piece)
    if back:
        state.draw.extend(back)
        state.rng.shuffle(state.draw)
    state.episode_pieces = tuple(chosen)


def give_venezia(state: OperaState, seat: int, house: int) -> None:
    """OP-4.7: the k-th player in seating order takes venezia_main_k and puts their
    house-composer piece in its hall 1."""
    venezia = CITIES.index("venezia")
    part = PARTS_BY[(venezia, house, "main")]
    state.house[seat][venezia] = part.house
    state.halls[seat][flat(venezia, part.hall_numbers[0])] = HOUSE + seat


def seat_players(state: OperaState, seating: tuple[int, ...]) -> None:
    """OP-4.3, OP-4.7 - OP-4.9 for a seating order (`seating[0]` is the start player): the
    k-th player (k = 0, 1, ...) gets colour k, Venezia house k + 1, budget slot k + 1 in row 0
    and 20 + k ducats."""
    state.seating = seating
    for k, seat in enumerate(seating):
        give_venezia(state, seat, k + 1)                           # OP-4.7
        state.row[seat], state.slot[seat] = 0, k + 1                   # OP-4.8
        state.money[seat] = DATA.money_seat_1 + k * DATA.money_increment   # OP-4.9
