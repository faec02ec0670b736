"""The heuristic after each of a seat's Assignment moves, judged on the position itself (the
search's one-ply rankings): TR-7.1's assignments are a third of the moves a search ranks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import Phase
from .heuristics import assigning_worth, best_public_worth, cards_around, standing
from .rules.turn import ASSIGN_MOVES, home_characters

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import TrickerionState


def assignment_values(state: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
    """`evaluate` for `seat` after each of its Assign moves among `moves` that leaves it still
    assigning, without copying the position. Such a move only puts a card of the hand under the
    next character (`turn.assign`); while the seat has characters and cards left to assign it
    is not done, so the automatic steps stop at once (`flow.advance` waits for every seat) and
    no discard step opens or closes. The card is taken from the hand, the position judged
    with it under the character, and the card put back: the position is left as it was.

    Only the seat's hidden cards change from move to move (its hand, the card under the
    character): its standing, the others' public worths and its other cards read none of them,
    so they are found once and only the character's card is judged per move (`evaluate`'s sums
    in its order)."""
    if state.phase != Phase.ASSIGNMENT or state.discard_step[seat] != 0 \
            or state.assign_done[seat] or 1 in state.discard_step:
        return {}
    characters = home_characters(state, seat)
    position = state.assign_position[seat]
    if position + 1 >= len(characters):
        return {}  # every move ends the seat's assignment
    character = characters[position]
    row = ASSIGN_MOVES[character]
    where: dict[Move, int] = {row[location]: location for location in range(len(row))}
    hand = state.hand[seat]
    specials = bool(state.special_hand[seat])
    kept, listed = state.card_location[seat][character], state._cache
    values: dict[Move, float] = {}
    state.assign_position[seat] = position + 1
    state._cache = None  # as after any move
    try:
        own, others = standing(state, seat), best_public_worth(state, seat)
        around = cards_around(state, seat, character)
        for move in moves:
            location = where.get(move)
            if location is None:
                continue  # not an Assign (a Special card, a discard): played on a copy
            placed = location < len(hand)  # else "none": no card
            if placed:
                hand[location] -= 1
            try:
                if any(hand) or specials:  # else the seat's assignment ends with this move
                    values[move] = assigning_worth(state, seat, own, around, character,
                                                   location if placed else kept) - others
            finally:
                if placed:
                    hand[location] += 1
    finally:
        state.assign_position[seat] = position
        state._cache = listed
    return values
