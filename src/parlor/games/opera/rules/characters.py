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
from ..moves import Decline, Destination, Fame, Score
from ..steps import CATEGORIES, FAME
from ..steps import ESPERTO as ESPERTO_STEP
from . import turns
from .fame import ladder, shift
from .figures import destinations, performed_composers

if TYPE_CHECKING:
    from ..state import OperaState


def destination_moves(s: OperaState, seat: int) -> list[Move]:
    return [Destination(CITIES[c]) for c in destinations(s, seat, s.role)]


def fame_moves(s: OperaState) -> list[Move]:
    """OP-9.5.1, OP-9.5.2: a composer performed in the Critico's city, 1 or 2 up or down."""
    city = s.figures[CHARACTER_FIGURE[CRITICO]]
    if s.options.critico_requires_performed_piece:
        comps = performed_composers(s, city)
    else:
        comps = list(range(len(COMPOSERS)))
    max_steps = s.data.roles[CRITICO].max_steps
    top = len(COMPOSERS)
    out: list[Move] = []
    for comp in comps:
        pos = s.fame[comp]
        for steps in range(-max_steps, max_steps + 1):
            if steps and 1 <= pos + steps <= top:
                out.append(Fame(COMPOSERS[comp], steps))
    return out


def move_figure(s: OperaState, seat: int, move: Destination) -> list[Event]:
    city = CITIES.index(move.city)
    s.figures[CHARACTER_FIGURE[s.role]] = city
    events = [Event("figure_moved", seat, PUBLIC, {"role": ROLES[s.role], "city": move.city})]
    if s.role == MAESTRO:
        return events + turns.use_finished(s)
    if s.role == CRITICO:
        s.step = FAME
        return events
    return events + esperto(s, seat, city)


def critico(s: OperaState, seat: int, move: Fame) -> list[Event]:
    comp = COMPOSERS.index(move.composer)
    shift(s, comp, move.steps)
    s.critico_move = (seat, comp, move.steps)
    event = Event("fame_changed", seat, PUBLIC, {"composer": move.composer, "steps": move.steps,
                                                  "ladder": ladder(s)})
    return [event, *turns.use_finished(s)]


def house_pieces(s: OperaState, seat: int, city: int) -> list[int]:
    start, size = OFFSET[city], s.data.cities[city].max_halls
    return [h for h in s.halls[seat][start:start + size] if h >= 0]


def esperto_vp(s: OperaState, seat: int, city: int) -> int:
    """OP-9.6.3: the esperto points of every piece in the house (house-composer piece 0)."""
    return sum(s.data.fame[s.fame[PIECE_COMPOSER[p]] - 1].esperto_vp
               for p in house_pieces(s, seat, city) if p < HOUSE)


def best_piece(s: OperaState, seat: int, city: int) -> int:
    """OP-9.6.5: the unique highest-valued composer piece of the house, or -1."""
    best, best_value = -1, 0
    for p in house_pieces(s, seat, city):
        if p < HOUSE and s.value(p) > best_value:
            best, best_value = p, s.value(p)
    return best


def _remove(s: OperaState, seat: int, piece: int) -> None:
    halls = s.halls[seat]
    halls[halls.index(piece)] = -1


def recipient(s: OperaState) -> int:
    """OP-9.6.2: lowest score; ties to the tied player lowest on the budget track."""
    low = min(s.score)
    return [p for p in s.order() if s.score[p] == low][-1]


def esperto(s: OperaState, seat: int, city: int) -> list[Event]:
    """OP-9.6.2-OP-9.6.6: recipient first, the chooser scores, hands over or discards the best
    piece, then the other house owners in the city are asked in turn order."""
    to = recipient(s)
    events = [Event("esperto_recipient", to, PUBLIC, {"city": CITIES[city]})]
    if s.house[seat][city]:
        vp = esperto_vp(s, seat, city)
        s.add_points(seat, CATEGORIES.index("esperto"), vp)
        events.append(Event("esperto_scored", seat, PUBLIC, {"city": CITIES[city], "vp": vp}))
        best = best_piece(s, seat, city)
        if best >= 0:
            _remove(s, seat, best)
            name = COMPOSERS[PIECE_COMPOSER[best]]
            if to != seat:
                s.supply[to].append(best)
                events.append(Event("piece_handed", seat, PUBLIC, {"composer": name, "to": to}))
            else:
                s.discard.append(best)
                events.append(Event("piece_discarded", seat, PUBLIC, {"composer": name}))
    # a house without a composer piece would score 0 and discard nothing: no offer (no-op)
    s.queue = [p for p in s.order() if p != seat and best_piece(s, p, city) >= 0
               and (not s.passed[p] or s.options.esperto_passed_players_may_score)]
    s.step = ESPERTO_STEP
    return events + next_scorer(s)


def next_scorer(s: OperaState) -> list[Event]:
    if s.queue:
        s.actor = s.queue.pop(0)
        return []
    return turns.end_role(s)


def score_moves() -> list[Move]:
    return [Score(), Decline()]


def other_scores(s: OperaState, seat: int, take: bool) -> list[Event]:
    """OP-9.6.6: score the house in the Esperto's city and discard its best piece, or not."""
    city = s.figures[CHARACTER_FIGURE[ESPERTO]]
    events: list[Event] = []
    if take:
        vp = esperto_vp(s, seat, city)
        s.add_points(seat, CATEGORIES.index("esperto"), vp)
        events.append(Event("esperto_scored", seat, PUBLIC, {"city": CITIES[city], "vp": vp}))
        best = best_piece(s, seat, city)
        if best >= 0:
            _remove(s, seat, best)
            s.discard.append(best)
            events.append(Event("piece_discarded", seat, PUBLIC,
                                {"composer": COMPOSERS[PIECE_COMPOSER[best]]}))
    else:
        events.append(Event("esperto_declined", seat, PUBLIC, {"city": CITIES[city]}))
    return events + next_scorer(s)
