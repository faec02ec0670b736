"""How good a position looks to one seat, from its view only (for the greedy and search bots).

The goal is to eliminate the other group (SR-3.4), so a position is worth the seat's own strength
plus its allies' minus its enemies', each character weighted by the chance that it is an ally or
an enemy given what the seat knows of the faction cards (its own, face-up ones, peeked ones and
the deal's composition, SR-3.2).

A character's strength is its HP (each point worth more when few are left), its storage, and its
objects: ready weapons for the damage they can deal, armour for what it absorbs, specials for
their effect, incomplete objects for their progress (convex: finishing one is worth more than
starting two). Decisions under way (a production, an attack, a block, a use) are played out
first (`heuristic_outlook`), so that the bot sees what its small decision leads to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_exposure import exposure, incoming
from .heuristic_outlook import Outlook
from .heuristic_production import Producer
from .heuristic_shared import Shared
from .heuristic_values import KILLED, PLAIN, Style
from .moves import Build, Continue, Place
from .rules.production import most_investment

if TYPE_CHECKING:
    from parlor.core import Move

    from .state import StarRoadState

BASE = 500.0        # values stay positive and within BASE +- SPAN: a finished game (worth
SPAN = 500.0        # +-1e9 to the greedy bot, parlor.ai.bots.FINISHED) always outweighs them
DOWN = 30.0         # the seat itself eliminated: its team may still win, without it


def heuristic(s: StarRoadState, seat: int, style: Style = PLAIN,
              shared: Shared | None = None) -> float:
    """The position's worth to `seat`; a cautious `style` also counts what the seat risks
    before its next turn (`heuristic_exposure.exposure`). `shared` is for a caller judging
    positions together (`Shared`): the investment caps, the seat's team weights and the worth
    of objects worked out once, and the strengths of characters seen by a seat other than
    their own when the play-out leaves them as they are (the same for every such seat)."""
    if s.over:
        return BASE if s.draw else BASE + SPAN if seat in s.winners else BASE - SPAN
    weights = team_weights(s, seat) if shared is None else _shared_weights(s, seat, shared)
    return _judged(s, seat, weights, style, shared)


def _judged(s: StarRoadState, seat: int, weights: list[float], style: Style,
            shared: Shared | None) -> float:
    """`heuristic` of a position not over, with the seat's team weights."""
    look = Outlook(s, seat, weights, shared)
    strengths = shared.strengths if shared is not None and look.others_untouched() else None
    look.play_out()
    return _worth(s, seat, look, weights, strengths, style)


def _worth(s: StarRoadState, seat: int, look: Outlook, weights: list[float],
           strengths: dict[int, float] | None, style: Style, own: float | None = None,
           threat: float | None = None) -> float:
    """The position's worth to `seat` once `look` has played out what is under way;
    `strengths`: other characters' strengths as any seat but their own sees them (filled as
    they are met), when the play-out left them as they are; `own`: the seat's, when the
    caller knows it; `threat`: the attacks it can expect (`heuristic_exposure.incoming`),
    when the caller knows them."""
    score = 0.0
    for x, weight in enumerate(weights):
        alive = s.players[x].alive and look.hp[x] > 0
        if not alive:
            score += weight * -KILLED
        elif strengths is not None and x != seat:
            strength = strengths.get(x)
            if strength is None:
                strength = strengths[x] = look.strength(x)
            score += weight * strength
        elif x == seat and own is not None:
            score += weight * own
        else:
            score += weight * look.strength(x)
    if not (s.players[seat].alive and look.hp[seat] > 0):
        score -= DOWN
    elif style.caution:
        score -= style.caution * exposure(look, threat)
    return BASE + max(-SPAN + 1.0, min(SPAN - 1.0, score))


def _shared_weights(s: StarRoadState, seat: int, shared: Shared) -> list[float]:
    weights = shared.weights.get(seat)
    if weights is None:
        weights = shared.weights[seat] = team_weights(s, seat)
    return weights


def heuristic_all(s: StarRoadState, players: int) -> list[float]:
    """`heuristic` of every seat, what every judging seat shares (`Shared`) worked out once."""
    if s.over:
        return [heuristic(s, seat) for seat in range(players)]
    shared = Shared(s, tallies=False)
    weights = every_team_weights(s)
    if s.stack or s.attack is not None:
        return [_judged(s, seat, weights[seat], PLAIN, shared) for seat in range(players)]
    return _settled_all(s, players, shared, weights)


def _settled_all(s: StarRoadState, players: int, shared: Shared,
                 weights: list[list[float]]) -> list[float]:
    """`heuristic_all` with no use on the stack and no attack: only the seat with a draft, if
    any, plays something out (the others' drafts are not public), so every other seat judges
    the position as it is, on one outlook, and each character's strength as it sees itself
    and as the others see it are worked out together (`Outlook.strength_both_ways`)."""
    drafter = s.draft.seat if s.draft is not None else -1
    other = 1 if drafter == 0 else 0
    look = Outlook(s, other, weights[other], shared)   # plays nothing out
    own: list[float | None] = [None] * players
    strengths = shared.strengths
    for x in range(players):
        if s.players[x].alive and look.hp[x] > 0:
            if x == drafter:
                strengths[x] = look.strength(x)
            else:
                own[x], strengths[x] = look.strength_both_ways(x)
    return [_judged(s, seat, weights[seat], PLAIN, shared) if seat == drafter
            else _worth(s, seat, look, weights[seat], strengths, PLAIN, own[seat])
            for seat in range(players)]


def judged_together(s: StarRoadState, seat: int, moves: list[Move],
                    style: Style = PLAIN) -> dict[Move, float]:
    """`heuristic` (in `style`) for `seat` after those of `moves` it judges without playing
    each on a copy: productions when no draft is open, else places on an empty level."""
    if s.draft is None:
        return production_values(s, seat, moves, style)
    return place_values(s, seat, moves, style)


def production_values(s: StarRoadState, seat: int, moves: list[Move],
                      style: Style = PLAIN) -> dict[Move, float]:
    """`heuristic` (in `style`) for `seat` after each of its Build and Continue moves among
    `moves`, judged without copying the position: such a move only opens a production draft
    and counts the production (`production.start`; the automatic steps stop at a draft), so
    from a position with nothing under way every one of them shares the investment caps, the
    seat's team weights, the worth of its objects and the strengths of the other characters
    (`Shared`, `Outlook.others_untouched`), and the outlook and what the seat keeps besides
    the object (`Producer`), worked out once. Each is judged by the seat's strength once its
    best investment is made (`Producer.strength_after`, as `produce` plays it out); nothing
    is set on `s` or played out on the outlook but, for a cautious style's exposure, the
    production as `produce` sets it, reset at once."""
    if s.over or s.draft is not None or s.stack or s.attack is not None:
        return {}
    shared = Shared(s)
    weights = _shared_weights(s, seat, shared)
    look = Outlook(s, seat, weights, shared)   # one for all: nothing is played out on it
    producer = Producer(look, seat)
    threat = incoming(look) if style.caution else None   # the same whatever the seat produces
    storage, cap, chart = s.players[seat].storage, producer.invest_cap, s.content.chart
    slots = s.players[seat].slots
    values: dict[Move, float] = {}
    for move in moves:
        if type(move) is Build:
            o, no = None, move.no   # a new object takes the place of another on a full board
            replaced = producer.replaced() if None not in slots else -1
        elif type(move) is Continue:
            o = slots[s.slot_of(move.line, move.level)]
            assert o is not None
            no, replaced = o.no, -1
        else:
            continue
        best = producer.best(no, o, replaced, most_investment(storage, o, chart[no].cost, cap))
        own = producer.strength_after(no, o, replaced, best)
        if not style.caution:
            values[move] = _worth(s, seat, look, weights, shared.strengths, style, own)
            continue
        # the seat's exposure counts the guard of what it produces (`heuristic_exposure.guard`)
        look.plan = producer.plan(no, o, replaced, best) if best is not None else None
        try:
            values[move] = _worth(s, seat, look, weights, shared.strengths, style, own, threat)
        finally:
            look.plan = None
    return values


def place_values(s: StarRoadState, seat: int, moves: list[Move],
                 style: Style = PLAIN) -> dict[Move, float]:
    """`heuristic` (in `style`) for `seat` after each of its Place moves onto an empty level among `moves`,
    judged without copying the position: such a move only sets the draft's slot
    (`production.place`; the automatic steps stop at the draft), and the slot of a new
    object enters no judgement (`produce` reads it only to find the object continued or
    replaced), so one of them is judged, with its slot set on `s` itself and reset, and its
    value is every one's. A Place on a full line discards an object (SR-8.3 step 3): it is
    played on a copy, as every move the game does not judge here."""
    d = s.draft
    if s.over or d is None or d.kind != "produce" or d.seat != seat or not d.new:
        return {}
    slots, unplaced = s.players[seat].slots, d.slot
    value: float | None = None
    values: dict[Move, float] = {}
    for move in moves:
        if type(move) is Place:
            slot = s.slot_of(move.line, move.level)
            if slots[slot] is None:
                if value is None:
                    d.slot = slot
                    try:
                        value = heuristic(s, seat, style)
                    finally:
                        d.slot = unplaced
                values[move] = value
    return values


def team_weights(s: StarRoadState, seat: int) -> list[float]:
    """+1 for the seat and sure allies, -1 for sure enemies, in between by the odds.

    Another character's faction is known if it is face up or peeked (SR-4, SR-21.4); otherwise
    it is one of the cards of the deal (SR-3.2) not accounted for. The weights depend only on
    which cards are known, so they are worked out once per such situation.
    """
    peeked = s.players[seat].peeked
    known = tuple([p.faction if x == seat or p.faction_up or x in peeked else ""
                   for x, p in enumerate(s.players)])   # a list made faster than a generator
    key = (s.content.base.table[s.player_count], s.options.team_mode, seat, known)
    weights = _WEIGHTS.get(key)
    if weights is None:
        if len(_WEIGHTS) > 50_000:
            _WEIGHTS.clear()
        weights = _WEIGHTS[key] = _weigh(s, seat, known)
    return weights


_WEIGHTS: dict[tuple[object, ...], list[float]] = {}


def every_team_weights(s: StarRoadState) -> list[list[float]]:
    """`team_weights` of every seat, looked up once for all of them (`heuristic_all`): by
    every character's faction, whether it is face up and whom it has peeked, which is
    everything any seat's `team_weights` reads of the players."""
    key = (s.content.base.table[s.player_count], s.options.team_mode,
           tuple([(p.faction, p.faction_up, tuple(p.peeked)) for p in s.players]))
    weights = _EVERY_WEIGHTS.get(key)
    if weights is None:
        if len(_EVERY_WEIGHTS) > 50_000:
            _EVERY_WEIGHTS.clear()
        weights = _EVERY_WEIGHTS[key] = [team_weights(s, seat) for seat in range(s.player_count)]
    return weights


_EVERY_WEIGHTS: dict[tuple[object, ...], list[list[float]]] = {}


def _weigh(s: StarRoadState, seat: int, known: tuple[str, ...]) -> list[float]:
    mine = s.team(seat)
    pool = [s.team_of_card(c) for c in s.content.base.table[s.player_count]]
    for card in known:
        if card:
            pool.remove(s.team_of_card(card))
    friend = sum(1 for t in pool if t == mine) / len(pool) if pool else 0.0
    weights = []
    for x, card in enumerate(known):
        ally = (1.0 if s.team_of_card(card) == mine else 0.0) if card else friend
        weights.append(1.0 if x == seat else 2 * ally - 1)
    return weights
