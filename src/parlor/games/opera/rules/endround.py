"""OP-11 income, OP-12 end phase (fame move, display, roles, palazzo, markers), OP-13 scoring
rounds and OP-14 the end of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import PUBLIC, Event

from ..board import CHARACTER_FIGURE, COMPOSERS, HOUSE, MAESTRO, OFFSET, PIECE_COMPOSER, piece_name
from ..steps import CATEGORIES, OVER
from . import budget
from .fame import ladder, shift

if TYPE_CHECKING:
    from ..state import OperaState


def round_started(state: OperaState) -> Event:
    """OP-5: the round in play begins."""
    return Event("round_started", None, PUBLIC, {"round": state.round})


def last_round(state: OperaState) -> int:
    return state.data.short_game.rounds if state.options.short_game_7_rounds else state.data.rounds


def episode(state: OperaState, round_number: int) -> int:
    data = state.data
    table = (data.short_game.episode_of_round if state.options.short_game_7_rounds
             else data.episode_of_round)
    return table[round_number - 1]


def scoring_after(state: OperaState, round_number: int) -> bool:
    rounds = (state.data.short_game.scoring_after_rounds if state.options.short_game_7_rounds
              else state.data.scoring_after_rounds)
    return round_number in rounds


def house_income(state: OperaState, seat: int, city: int) -> int:
    """OP-11.1, OP-11.2: by_pieces[n], doubled where the Maestro stands (OP-9.4.3)."""
    base = state.data.income_by_pieces[state.performed(seat, city)]
    maestro_on = state.options.maestro_persists or state.role_by[MAESTRO] >= 0
    if maestro_on and state.figures[CHARACTER_FIGURE[MAESTRO]] == city:
        return base * state.data.maestro_multiplier
    return base


def income(state: OperaState) -> list[Event]:
    """OP-11.3: the bank pays each player the sum over their houses."""
    events = []
    for seat in state.order():
        total = sum(house_income(state, seat, c) for c in range(len(state.data.cities))
                    if state.house[seat][c])
        state.money[seat] += total
        events.append(Event("income", seat, PUBLIC, {"round": state.round, "ducats": total}))
    return events


def fame_counts(state: OperaState) -> list[int]:
    """OP-12.2: performed pieces per composer (palazzo too with `fame_count_includes_palazzo`)."""
    counts = [0] * len(COMPOSERS)
    for halls in state.halls:
        for h in halls:
            if 0 <= h < HOUSE:
                counts[PIECE_COMPOSER[h]] += 1
    if state.options.fame_count_includes_palazzo:
        for p in state.palazzo:
            counts[PIECE_COMPOSER[p]] += 1
    return counts


def fame_move(state: OperaState) -> list[Event]:
    """OP-12.2: the single most performed composer moves up one (option `fame_tie_rule`)."""
    counts = fame_counts(state)
    top = max(counts)
    leaders = [c for c in range(len(counts)) if counts[c] == top]
    mover = -1
    if top > 0 and len(leaders) == 1:
        mover = leaders[0]
    elif top > 0 and state.options.fame_tie_rule == "lowest_tied_moves":
        mover = min(leaders, key=lambda c: state.fame[c])
    if mover < 0 or state.fame[mover] >= len(COMPOSERS):
        return [Event("fame_unchanged", None, PUBLIC, {"counts": counts})]
    shift(state, mover, 1)
    return [Event("fame_rose", None, PUBLIC, {"composer": COMPOSERS[mover], "counts": counts,
                                              "ladder": ladder(state)})]


def draw_display(state: OperaState) -> list[Event]:
    """OP-12.4: draw to N pieces, at most 3 per composer (option `display_composer_cap`);
    an empty draw pile takes the shuffled discard pile; set-aside pieces go back afterwards."""
    target = state.data.display_by_players[state.players]
    cap = state.data.display_cap if state.options.display_composer_cap else target
    aside: list[int] = []
    counts = [0] * len(COMPOSERS)
    for p in state.display:
        counts[PIECE_COMPOSER[p]] += 1
    while len(state.display) < target:
        if not state.draw:
            if not state.discard:
                break
            state.draw, state.discard = state.discard, []
            state.rng.shuffle(state.draw)
        piece = state.draw.pop()
        composer = PIECE_COMPOSER[piece]
        if counts[composer] >= cap:
            aside.append(piece)
            continue
        counts[composer] += 1
        state.display.append(piece)
    if aside:
        state.draw.extend(aside)
        state.rng.shuffle(state.draw)
    return [Event("display_drawn", None, PUBLIC,
                  {"display": [piece_name(p) for p in state.display]}, reveal=True)]


def end_phase(state: OperaState) -> list[Event]:
    """OP-12.2 - OP-12.7 in order."""
    events = fame_move(state)
    state.discard.extend(state.display)
    state.display = []
    events += draw_display(state)
    state.role_by = [-1] * len(state.role_by)
    if len(state.palazzo) >= state.data.palazzo_capacity:
        state.discard.extend(state.palazzo)
        state.palazzo = []
        events.append(Event("palazzo_cleared", None, PUBLIC, {}))
    state.passed = [False] * state.players
    for p in state.order():
        if state.row[p] == 0:
            state.money[p] += state.data.zero_budget_bonus
            events.append(Event("zero_budget_bonus", p, PUBLIC,
                                {"ducats": state.data.zero_budget_bonus}))
    return events


def main_hall_piece(state: OperaState, seat: int, city: int) -> int:
    return state.halls[seat][OFFSET[city]]


def scoring_round(state: OperaState) -> list[Event]:
    """OP-13.2 - OP-13.6: main halls, episode bonus, empty halls; floor 0 (option
    `allow_negative_score`); then the palazzo is emptied."""
    episode_number = episode(state, state.round)
    ep_composer = PIECE_COMPOSER[state.episode_pieces[episode_number - 1]]
    bonus = state.data.episode_bonus[episode_number - 1]
    gains = []
    for seat in range(state.players):
        main = extra = empty = 0
        for city in range(len(state.data.cities)):
            if not state.house[seat][city]:
                continue
            piece = main_hall_piece(state, seat, city)
            if 0 <= piece < HOUSE:
                main += state.data.fame[state.value(piece) - 1].main_hall_vp
                if PIECE_COMPOSER[piece] == ep_composer:
                    extra += bonus
            empty += sum(1 for h in state.house_halls(seat, city) if h < 0)
        penalty = empty * state.data.empty_hall_penalty
        total = main + extra - penalty
        floor = 0
        if not state.options.allow_negative_score and state.score[seat] + total < 0:
            floor = -(state.score[seat] + total)
        state.add_points(seat, CATEGORIES.index("main_halls"), main)
        state.add_points(seat, CATEGORIES.index("episode_bonus"), extra)
        state.add_points(seat, CATEGORIES.index("empty_halls"), -penalty)
        state.add_points(seat, CATEGORIES.index("score_floor"), floor)
        gains.append({"main_halls": main, "episode_bonus": extra, "empty_halls": -penalty,
                      "floor": floor})
    events = [Event("scoring_round", None, PUBLIC,
                    {"episode": episode_number, "composer": COMPOSERS[ep_composer], "gains": gains,
                     "scores": list(state.score)})]
    events += [Event("scored", seat, PUBLIC, {**gains[seat], "score": state.score[seat]})
               for seat in state.order()]
    if state.palazzo:
        state.discard.extend(state.palazzo)
        state.palazzo = []
        events.append(Event("palazzo_cleared", None, PUBLIC, {}))
    return events


def finish_round(state: OperaState) -> list[Event]:
    """OP-5.1, OP-5.2: income, end phase, a scoring round after rounds 3/6/9, then the next
    round's budget phase or the end (OP-14.1)."""
    events = income(state)
    events += end_phase(state)
    if scoring_after(state, state.round):
        events += scoring_round(state)
    if state.round >= last_round(state):
        state.step, state.actor = OVER, -1
        return events + [Event("game_over", None, PUBLIC, {"scores": list(state.score)})]
    state.round += 1
    events.append(round_started(state))
    return events + budget.open_bids(state)
