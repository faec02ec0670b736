"""Choosing characters (SR-5.5), the four phases of a turn (SR-6) and the reward hand-out
(SR-16.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..model import Draft
from ..moves import KEEP, ChooseCharacter, Give, Keep, give_to
from .common import fire_trigger, pub, round_limit_end, told

if TYPE_CHECKING:
    from ..state import StarRoadState


def choose(state: StarRoadState, seat: int, move: ChooseCharacter) -> list[Event]:
    """SR-5.5: keep one card face down, set the other aside; the last choice starts play."""
    p = state.players[seat]
    p.character = next(c for c in p.dealt if c == move.card)
    p.unchosen = next(c for c in p.dealt if c != move.card)
    p.dealt = ()
    events = [pub(state, "chose", seat), told(state, "kept", seat, (seat,), {"card": move.card})]
    if all(q.character for q in state.players):
        state.active = state.first
        events.append(pub(state, "first", state.first, last=(state.first - 1) % state.player_count))
        events += start_turn(state)
    return events


def start_turn(state: StarRoadState) -> list[Event]:
    """SR-6.2 turn start (delay countdown) and SR-6.3 supply, then the action phase."""
    state.phase = "action"
    seat = state.active
    events = [pub(state, "turn", seat, number=state.completed + 1)]
    counting = [seat] if state.options.delay_countdown == "owner_turn" else state.living()
    for owner in counting:
        for slot, o in enumerate(state.players[owner].slots):
            if o is not None and o.delay > 0:
                o.delay -= 1
                line, level = state.line_level(slot)
                events.append(pub(state, "countdown", owner, line=line, level=level, delay=o.delay))
    p = state.players[seat]
    got = state.acquire(state.content.base.constants.supply_gain)
    p.storage += got
    events.append(pub(state, "supply", seat, amount=got, storage=p.storage))
    return events


def end_turn(state: StarRoadState) -> list[Event]:
    """SR-6.6 turn end: reset per-turn state; SR-23 round limit; the next living character."""
    for p in state.players:
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
    ended = state.active
    state.players[ended].turns += 1
    state.completed += 1
    state.attacks = 0
    state.productions = 0
    state.window = []
    events = [pub(state, "turn_end", ended)]
    limit = state.options.round_limit
    if limit and state.completed >= limit * state.player_count:
        return events + round_limit_end(state)
    state.active = state.after(ended)[0]
    return events + start_turn(state)


def reward_moves(state: StarRoadState, draft: Draft) -> list[Move]:
    """SR-16.4, A-13: hand [W] of the reward to other living characters' storages, or keep."""
    out: list[Move] = [give_to(t) for t in state.after(draft.seat)]
    out.append(KEEP)
    return out


def give(state: StarRoadState, seat: int, move: Give) -> list[Event]:
    d = state.draft
    assert d is not None
    state.players[seat].storage -= 1
    state.players[move.seat].storage += 1
    d.remaining -= 1
    events = [pub(state, "gave", seat, target=move.seat, amount=1)]
    if d.remaining == 0:
        events += _reward_done(state, seat)
    return events


def keep(state: StarRoadState, seat: int, move: Keep) -> list[Event]:
    return [pub(state, "kept_reward", seat)] + _reward_done(state, seat)


def _reward_done(state: StarRoadState, seat: int) -> list[Event]:
    """SR-16.3 step 2, SR-18.5: the reward step is over; now the eliminator's
    on_eliminate_character trigger."""
    state.draft = None
    return fire_trigger(state, seat, "on_eliminate_character")
