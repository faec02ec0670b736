"""End of era 1 (SK-8), the wonder choice (SK-7.2) and the end of the game (SK-12)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Commits, Event

from .. import scoring
from ..const import (
    C_COMMISSION,
    C_EXCESS,
    C_ISLAND,
    C_KEY,
    C_OBJECTIVE,
    C_PANORAMA,
    C_PATRON,
    C_STRUCTURE,
    CHOOSE,
    OVER,
)
from ..moves import KeepWonder
from . import auction

if TYPE_CHECKING:
    from ..state import SkyriseState


def score_islands(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-10 for every player on every island in play."""
    points = state.data.island_control_points
    for island, winners in scoring.island_control(state):
        if not winners and events is not None:
            events.append(Event("island_unscored", None, PUBLIC, {"island": island}))
        for s in winners:
            state.gain(s, C_ISLAND, points)
            # one event per winner, so the log names each player (SK-10.2: ties all score)
            if events is not None:
                events.append(Event("island_scored", s, PUBLIC,
                                {"island": island, "winners": winners, "points": points}))


def score_panoramas(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-11 for every player (without events, each player's cards at once: the same points)."""
    for s in range(state.players):
        if events is None:
            state.gain(s, C_PANORAMA, scoring.panorama_total(state, s))
            continue
        for card, pts in scoring.panoramas_for(state, s):
            state.gain(s, C_PANORAMA, pts)
            if events is not None:
                events.append(Event("panorama_scored", s, PUBLIC, {"card": card, "points": pts}))


def end_era1(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-8.2 steps 1-3: island control, panoramas, then the hidden wonder choice."""
    if events is not None:
        events.append(Event("era_ended", None, PUBLIC, {"era": 1}))
    score_islands(state, events)
    score_panoramas(state, events)
    state.phase = CHOOSE
    state.commits = Commits(range(state.players), state.players)


def keep_wonder(state: SkyriseState, seat: int, move: KeepWonder, events: list[Event] | None) -> None:
    """A hidden commit; the last one reveals every kept card at once (SK-7.2)."""
    assert state.commits is not None
    if events is not None:
        events.append(Event("wonder_chosen", seat, PUBLIC, {}))
    if not state.commits.commit(seat, move):
        return
    for s in range(state.players):
        choice = state.commits.choice(s)
        assert isinstance(choice, KeepWonder)
        state.kept[s] = state.data.wonder_index[choice.card]
        state.hands[s] = []
    state.commits = None
    if events is not None:
        events.append(Event("wonders_revealed", None, PUBLIC,
                        {"kept": [state.data.wonders[k].id for k in state.kept]}, reveal=True))
    for s in range(state.players):
        w = state.data.wonders[state.kept[s]]
        if events is not None:
            events.append(Event("wonder_kept", s, PUBLIC, {"wonder": w.id, "value": w.value}))
    start_era2(state, events)


def start_era2(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-8.2 steps 4-5: unlock dotted buildings and wonders; lowest kept value opens."""
    state.era = 2
    auction.refresh_unbuilt(state)
    state.first_bidder = auction.lowest_kept(state)
    if events is not None:
        events.append(Event("era_started", state.first_bidder, PUBLIC, {"era": 2}))
    auction.start_auction(state, events)


def end_game(state: SkyriseState, events: list[Event] | None) -> None:
    """SK-12.1 in its order; patron values and objectives become public."""
    data = state.data
    if events is not None:
        events.append(Event("era_ended", None, PUBLIC, {"era": 2}))
    score_islands(state, events)
    score_panoramas(state, events)
    if events is not None:
        values = dict(zip(data.patron_letters, state.patron_values, strict=True))
        events.append(Event("patrons_revealed", None, PUBLIC,
                        {"values": values, "listing": scoring.patron_listing(values)}, reveal=True))
    structures = [scoring.structures(state, s) for s in range(state.players)]
    colour = state.layout.colour
    for s in range(state.players):
        obj = data.objectives[state.objectives[s]]
        count = sum(1 for neighborhood in structures[s] if colour[neighborhood] == obj.colour)
        points = scoring.objective_points(obj, count)  # `objective_count`, structures found once
        state.gain(s, C_OBJECTIVE, points)
        if events is not None:
            events.append(Event("objective_scored", s, PUBLIC,
                            {"objective": obj.id, "points": points}, reveal=True))
    for s in range(state.players):
        left = scoring.left_area_points(data, state.patrons[s], state.patron_values, sum(state.excess[s]),
                                        scoring.keys_held(state, s), state.commissions[s])
        patrons, excess, keys, commission = (left["patrons"], left["excess"], left["keys"],
                                             left["commissions"])
        built = scoring.structure_points(state, s, structures[s])
        state.gain(s, C_PATRON, patrons)
        state.gain(s, C_EXCESS, excess)
        state.gain(s, C_KEY, keys)
        state.gain(s, C_COMMISSION, commission)
        state.gain(s, C_STRUCTURE, built)
        if events is not None:
            events.append(Event("final_scored", s, PUBLIC,
                            {"patrons": patrons, "excess": excess, "keys": keys,
                             "commissions": commission, "structures": built}))
    state.phase = OVER
    if events is not None:  # the ranking is for the event only: the result is read from the state
        ranks = state.result().ranks
        winner = ranks.index(1)
        events.append(Event("game_over", winner, PUBLIC,
                        {"prestige": list(state.prestige), "ranks": list(ranks),
                         "points": state.prestige[winner]}))
