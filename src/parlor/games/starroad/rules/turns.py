"""Choosing characters (SR-5.5), the four phases of a turn (SR-6) and the reward hand-out
(SR-16.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..model import Draft
from ..moves import ChooseCharacter, Give, Keep
from .common import fire_trigger, pub, round_limit_end

if TYPE_CHECKING:
    from ..state import StarRoadState


def choose(s: StarRoadState, seat: int, move: ChooseCharacter) -> list[Event]:
    """SR-5.5: keep one card face down, set the other aside; the last choice starts play."""
    p = s.players[seat]
    p.character = next(c for c in p.dealt if c == move.card)
    p.unchosen = next(c for c in p.dealt if c != move.card)
    p.dealt = ()
    events = [pub("chose", seat), Event("kept", seat, (seat,), {"card": move.card})]
    if all(q.character for q in s.players):
        s.active = s.first
        events.append(pub("first", s.first, last=(s.first - 1) % s.player_count))
        events += start_turn(s)
    return events


def start_turn(s: StarRoadState) -> list[Event]:
    """SR-6.2 turn start (delay countdown) and SR-6.3 supply, then the action phase."""
    s.phase = "action"
    seat = s.active
    events = [pub("turn", seat, number=s.completed + 1)]
    counting = [seat] if s.options.delay_countdown == "owner_turn" else s.living()
    for owner in counting:
        for slot, o in enumerate(s.players[owner].slots):
            if o is not None and o.delay > 0:
                o.delay -= 1
                line, level = s.line_level(slot)
                events.append(pub("countdown", owner, line=line, level=level, delay=o.delay))
    p = s.players[seat]
    got = s.acquire(s.content.base.constants.supply_gain)
    p.storage += got
    events.append(pub("supply", seat, amount=got, storage=p.storage))
    return events


def end_turn(s: StarRoadState) -> list[Event]:
    """SR-6.6 turn end: reset per-turn state; SR-23 round limit; the next living character."""
    for p in s.players:
        for o in p.slots:
            if o is not None:
                o.absorbed = 0
                o.invested = 0
        for o in p.ground:
            if o is not None:
                o.invested = 0
        p.range_turn = 0
        p.cap_turn = 0
        p.ability_turn = False
    ended = s.active
    s.players[ended].turns += 1
    s.completed += 1
    s.attacks = 0
    s.productions = 0
    s.window = []
    events = [pub("turn_end", ended)]
    limit = s.options.round_limit
    if limit and s.completed >= limit * s.player_count:
        return events + round_limit_end(s)
    s.active = s.after(ended)[0]
    return events + start_turn(s)


def reward_moves(s: StarRoadState, d: Draft) -> list[Move]:
    """SR-16.4, A-13: hand [W] of the reward to other living characters' storages, or keep."""
    out: list[Move] = [Give(t) for t in s.after(d.seat)]
    out.append(Keep())
    return out


def give(s: StarRoadState, seat: int, move: Give) -> list[Event]:
    d = s.draft
    assert d is not None
    s.players[seat].storage -= 1
    s.players[move.seat].storage += 1
    d.remaining -= 1
    events = [pub("gave", seat, target=move.seat, amount=1)]
    if d.remaining == 0:
        events += _reward_done(s, seat)
    return events


def keep(s: StarRoadState, seat: int, move: Keep) -> list[Event]:
    return [pub("kept_reward", seat)] + _reward_done(s, seat)


def _reward_done(s: StarRoadState, seat: int) -> list[Event]:
    """SR-16.3 step 2, SR-18.5: the reward step is over; now the eliminator's
    on_eliminate_character trigger."""
    s.draft = None
    return fire_trigger(s, seat, "on_eliminate_character")
