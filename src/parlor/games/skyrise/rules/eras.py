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


def score_islands(st: SkyriseState, ev: list[Event]) -> None:
    """SK-10 for every player on every island in play."""
    points = st.data.island_control_points
    for island, winners in scoring.island_control(st):
        if not winners:
            ev.append(Event("island_unscored", None, PUBLIC, {"island": island}))
        for s in winners:
            st.gain(s, C_ISLAND, points)
            # one event per winner, so the log names each player (SK-10.2: ties all score)
            ev.append(Event("island_scored", s, PUBLIC,
                            {"island": island, "winners": winners, "points": points}))


def score_panoramas(st: SkyriseState, ev: list[Event]) -> None:
    """SK-11 for every player."""
    for s in range(st.players):
        for card, pts in scoring.panoramas_for(st, s):
            st.gain(s, C_PANORAMA, pts)
            ev.append(Event("panorama_scored", s, PUBLIC, {"card": card, "points": pts}))


def end_era1(st: SkyriseState, ev: list[Event]) -> None:
    """SK-8.2 steps 1-3: island control, panoramas, then the hidden wonder choice."""
    ev.append(Event("era_ended", None, PUBLIC, {"era": 1}))
    score_islands(st, ev)
    score_panoramas(st, ev)
    st.phase = CHOOSE
    st.commits = Commits(range(st.players), st.players)


def keep_wonder(st: SkyriseState, seat: int, move: KeepWonder, ev: list[Event]) -> None:
    """A hidden commit; the last one reveals every kept card at once (SK-7.2)."""
    assert st.commits is not None
    ev.append(Event("wonder_chosen", seat, PUBLIC, {}))
    if not st.commits.commit(seat, move):
        return
    for s in range(st.players):
        choice = st.commits.choice(s)
        assert isinstance(choice, KeepWonder)
        st.kept[s] = st.data.wonder_index[choice.card]
        st.hands[s] = []
    st.commits = None
    ev.append(Event("wonders_revealed", None, PUBLIC,
                    {"kept": [st.data.wonders[k].id for k in st.kept]}, reveal=True))
    for s in range(st.players):
        w = st.data.wonders[st.kept[s]]
        ev.append(Event("wonder_kept", s, PUBLIC, {"wonder": w.id, "value": w.value}))
    start_era2(st, ev)


def start_era2(st: SkyriseState, ev: list[Event]) -> None:
    """SK-8.2 steps 4-5: unlock dotted buildings and wonders; lowest kept value opens."""
    st.era = 2
    st.first_bidder = auction.lowest_kept(st)
    ev.append(Event("era_started", st.first_bidder, PUBLIC, {"era": 2}))
    auction.start_auction(st, ev)


def end_game(st: SkyriseState, ev: list[Event]) -> None:
    """SK-12.1 in its order; patron values and objectives become public."""
    data = st.data
    ev.append(Event("era_ended", None, PUBLIC, {"era": 2}))
    score_islands(st, ev)
    score_panoramas(st, ev)
    values = dict(zip(data.patron_letters, st.patron_values, strict=True))
    ev.append(Event("patrons_revealed", None, PUBLIC,
                    {"values": values, "listing": scoring.patron_listing(values)}, reveal=True))
    for s in range(st.players):
        obj = data.objectives[st.objectives[s]]
        points = scoring.objective_points(obj, scoring.objective_count(st, s))
        st.gain(s, C_OBJECTIVE, points)
        ev.append(Event("objective_scored", s, PUBLIC,
                        {"objective": obj.id, "points": points}, reveal=True))
    for s in range(st.players):
        left = scoring.left_area_points(data, st.patrons[s], st.patron_values, sum(st.excess[s]),
                                        scoring.keys_held(st, s), st.commissions[s])
        patrons, excess, keys, commission = (left["patrons"], left["excess"], left["keys"],
                                             left["commissions"])
        structures = scoring.structure_points(st, s)
        st.gain(s, C_PATRON, patrons)
        st.gain(s, C_EXCESS, excess)
        st.gain(s, C_KEY, keys)
        st.gain(s, C_COMMISSION, commission)
        st.gain(s, C_STRUCTURE, structures)
        ev.append(Event("final_scored", s, PUBLIC,
                        {"patrons": patrons, "excess": excess, "keys": keys,
                         "commissions": commission, "structures": structures}))
    st.phase = OVER
    ranks = st.result().ranks
    winner = ranks.index(1)
    ev.append(Event("game_over", winner, PUBLIC,
                    {"prestige": list(st.prestige), "ranks": list(ranks),
                     "points": st.prestige[winner]}))
