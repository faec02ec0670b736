"""OP-9.0 figures and the characters: OP-9.4 Maestro, OP-9.5 Critico, OP-9.6 Esperto."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event, Move

from ..board import (
    CHARACTER_FIGURE,
    CITIES,
    COMPOSERS,
    CRITICO,
    ESPERTO,
    HOUSE,
    MAESTRO,
    OFFSET,
    PIECE_COMPOSER,
    ROLES,
)
from ..moves import DECLINE, SCORE, Destination, Fame
from ..steps import CATEGORIES, FAME
from ..steps import ESPERTO as ESPERTO_STEP
from . import turns
from .fame import ladder, shift
from .figures import destinations, performed_composers

if TYPE_CHECKING:
    from ..state import OperaState


DESTINATION_MOVES = tuple(Destination(city) for city in CITIES)  # made once (see moves.PASS)


def destination_moves(state: OperaState, seat: int) -> list[Move]:
    return [DESTINATION_MOVES[c] for c in destinations(state, seat, state.role)]


def fame_moves(state: OperaState) -> list[Move]:
    """OP-9.5.1, OP-9.5.2: a composer performed in the Critico's city, 1 or 2 up or down."""
    city = state.figures[CHARACTER_FIGURE[CRITICO]]
    if state.options.critico_requires_performed_piece:
        composers = performed_composers(state, city)
    else:
        composers = list(range(len(COMPOSERS)))
    max_steps = state.data.roles[CRITICO].max_steps
    top = len(COMPOSERS)
    out: list[Move] = []
    for composer in composers:
        pos = state.fame[composer]
        for steps in range(-max_steps, max_steps + 1):
            if steps and 1 <= pos + steps <= top:
                out.append(Fame(COMPOSERS[composer], steps))
    return out


def move_figure(state: OperaState, seat: int, move: Destination) -> list[Event]:
    city = CITIES.index(move.city)
    state.figures[CHARACTER_FIGURE[state.role]] = city
    events = [Event("figure_moved", seat, PUBLIC, {"role": ROLES[state.role], "city": move.city})]
    if state.role == MAESTRO:
        return events + turns.use_finished(state)
    if state.role == CRITICO:
        state.step = FAME
        return events
    return events + esperto(state, seat, city)


def critico(state: OperaState, seat: int, move: Fame) -> list[Event]:
    composer = COMPOSERS.index(move.composer)
    shift(state, composer, move.steps)
    state.critico_move = (seat, composer, move.steps)
    event = Event("fame_changed", seat, PUBLIC, {"composer": move.composer, "steps": move.steps,
                                                  "ladder": ladder(state)[::-1]})   # read from the top
    return [event, *turns.use_finished(state)]


def house_pieces(state: OperaState, seat: int, city: int) -> list[int]:
    start, size = OFFSET[city], state.data.cities[city].max_halls
    return [h for h in state.halls[seat][start:start + size] if h >= 0]


def esperto_vp(state: OperaState, seat: int, city: int) -> int:
    """OP-9.6.3: the esperto points of every piece in the house (house-composer piece 0)."""
    return sum(state.data.fame[state.fame[PIECE_COMPOSER[p]] - 1].esperto_vp
               for p in house_pieces(state, seat, city) if p < HOUSE)


def best_piece(state: OperaState, seat: int, city: int) -> int:
    """OP-9.6.5: the unique highest-valued composer piece of the house, or -1."""
    best, best_value = -1, 0
    for p in house_pieces(state, seat, city):
        if p < HOUSE and state.value(p) > best_value:
            best, best_value = p, state.value(p)
    return best


def _remove(state: OperaState, seat: int, piece: int) -> None:
    halls = state.halls[seat]
    halls[halls.index(piece)] = -1


def recipient(state: OperaState) -> int:
    """OP-9.6.2: lowest score; ties to the tied player lowest on the budget track."""
    low = min(state.score)
    return [p for p in state.order() if state.score[p] == low][-1]


def esperto(state: OperaState, seat: int, city: int) -> list[Event]:
    """OP-9.6.2-OP-9.6.6: recipient first, the chooser scores, hands over or discards the best
    piece, then the other house owners in the city are asked in turn order."""
    to = recipient(state)
    events = [Event("esperto_recipient", to, PUBLIC, {"city": CITIES[city]})]
    if state.house[seat][city]:
        scored, best = _score_house(state, seat, city)
        events.append(scored)
        if best >= 0:
            name = COMPOSERS[PIECE_COMPOSER[best]]
            if to != seat:
                state.supply[to].append(best)
                events.append(Event("piece_handed", seat, PUBLIC, {"composer": name, "to": to}))
            else:
                state.discard.append(best)
                events.append(Event("piece_discarded", seat, PUBLIC, {"composer": name}))
    # a house without a composer piece would score 0 and discard nothing: no offer (no-op)
    state.queue = [p for p in state.order() if p != seat and best_piece(state, p, city) >= 0
               and (not state.passed[p] or state.options.esperto_passed_players_may_score)]
    state.step = ESPERTO_STEP
    return events + next_scorer(state)


def _score_house(state: OperaState, seat: int, city: int) -> tuple[Event, int]:
    """OP-9.6.3, OP-9.6.4, OP-9.6.6: `seat`'s house in `city` scores and its best piece leaves the
    programme; the caller says where the piece goes. Returns the event and the piece (-1: none)."""
    vp = esperto_vp(state, seat, city)
    state.add_points(seat, CATEGORIES.index("esperto"), vp)
    best = best_piece(state, seat, city)
    if best >= 0:
        _remove(state, seat, best)
    return Event("esperto_scored", seat, PUBLIC, {"city": CITIES[city], "vp": vp}), best


def next_scorer(state: OperaState) -> list[Event]:
    if state.queue:
        state.actor = state.queue.pop(0)
        return []
    return turns.end_role(state)


def score_moves() -> list[Move]:
    return [SCORE, DECLINE]


def other_scores(state: OperaState, seat: int, take: bool) -> list[Event]:
    """OP-9.6.6: score the house in the Esperto's city and discard its best piece, or not."""
    city = state.figures[CHARACTER_FIGURE[ESPERTO]]
    events: list[Event] = []
    if take:
        scored, best = _score_house(state, seat, city)
        events.append(scored)
        if best >= 0:
            state.discard.append(best)
            events.append(Event("piece_discarded", seat, PUBLIC,
                                {"composer": COMPOSERS[PIECE_COMPOSER[best]]}))
    else:
        events.append(Event("esperto_declined", seat, PUBLIC, {"city": CITIES[city]}))
    return events + next_scorer(state)
