"""OP-4 Setup: the episode composers, the seating and what each seat starts with."""

from __future__ import annotations

from .board import CITIES, HOUSE, PARTS_BY, PIECE_COMPOSER, flat
from .data import DATA
from .state import OperaState


def draw_episode_composers(s: OperaState) -> None:
    """OP-4.6: draw until pieces of 3 different composers are found; repeats go back."""
    chosen: list[int] = []
    back: list[int] = []
    while len(chosen) < len(DATA.episode_bonus):
        piece = s.draw.pop()
        if PIECE_COMPOSER[piece] in {PIECE_COMPOSER[c] for c in chosen}:
            back.append(piece)
        else:
            chosen.append(piece)
    if back:
        s.draw.extend(back)
        s.rng.shuffle(s.draw)
    s.episode_pieces = tuple(chosen)


def give_venezia(s: OperaState, seat: int, house: int) -> None:
    """OP-4.7: the k-th player in seating order takes venezia_main_k and puts their
    house-composer piece in its hall 1."""
    venezia = CITIES.index("venezia")
    part = PARTS_BY[(venezia, house, "main")]
    s.house[seat][venezia] = part.house
    s.halls[seat][flat(venezia, part.hall_numbers[0])] = HOUSE + seat


def seat_players(s: OperaState, seating: tuple[int, ...]) -> None:
    """OP-4.3, OP-4.7 - OP-4.9 for a seating order (`seating[0]` is the start player): the
    k-th player (k = 0, 1, ...) gets colour k, Venezia house k + 1, budget slot k + 1 in row 0
    and 20 + k ducats."""
    s.seating = seating
    for k, seat in enumerate(seating):
        give_venezia(s, seat, k + 1)                           # OP-4.7
        s.row[seat], s.slot[seat] = 0, k + 1                   # OP-4.8
        s.money[seat] = DATA.money_seat_1 + k * DATA.money_increment   # OP-4.9
