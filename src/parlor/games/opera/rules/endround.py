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


def last_round(s: OperaState) -> int:
    return s.data.short_game.rounds if s.options.short_game_7_rounds else s.data.rounds


def episode(s: OperaState, rnd: int) -> int:
    table = s.data.short_game.episode_of_round if s.options.short_game_7_rounds else s.data.episode_of_round
    return table[rnd - 1]


def scoring_after(s: OperaState, rnd: int) -> bool:
    rounds = (s.data.short_game.scoring_after_rounds if s.options.short_game_7_rounds
              else s.data.scoring_after_rounds)
    return rnd in rounds


def house_income(s: OperaState, seat: int, city: int) -> int:
    """OP-11.1, OP-11.2: by_pieces[n], doubled where the Maestro stands (OP-9.4.3)."""
    base = s.data.income_by_pieces[s.performed(seat, city)]
    maestro_on = s.options.maestro_persists or s.role_by[MAESTRO] >= 0
    if maestro_on and s.figures[CHARACTER_FIGURE[MAESTRO]] == city:
        return base * s.data.maestro_multiplier
    return base


def income(s: OperaState) -> list[Event]:
    """OP-11.3: the bank pays each player the sum over their houses."""
    events = []
    for seat in s.order():
        total = sum(house_income(s, seat, c) for c in range(len(s.data.cities))
                    if s.house[seat][c])
        s.money[seat] += total
        events.append(Event("income", seat, PUBLIC, {"round": s.round, "ducats": total}))
    return events


def fame_counts(s: OperaState) -> list[int]:
    """OP-12.2: performed pieces per composer (palazzo too with `fame_count_includes_palazzo`)."""
    counts = [0] * len(COMPOSERS)
    for halls in s.halls:
        for h in halls:
            if 0 <= h < HOUSE:
                counts[PIECE_COMPOSER[h]] += 1
    if s.options.fame_count_includes_palazzo:
        for p in s.palazzo:
            counts[PIECE_COMPOSER[p]] += 1
    return counts


def fame_move(s: OperaState) -> list[Event]:
    """OP-12.2: the single most performed composer moves up one (option `fame_tie_rule`)."""
    counts = fame_counts(s)
    top = max(counts)
    leaders = [c for c in range(len(counts)) if counts[c] == top]
    mover = -1
    if top > 0 and len(leaders) == 1:
        mover = leaders[0]
    elif top > 0 and s.options.fame_tie_rule == "lowest_tied_moves":
        mover = min(leaders, key=lambda c: s.fame[c])
    if mover < 0 or s.fame[mover] >= len(COMPOSERS):
        return [Event("fame_unchanged", None, PUBLIC, {"counts": counts})]
    shift(s, mover, 1)
    return [Event("fame_rose", None, PUBLIC, {"composer": COMPOSERS[mover], "counts": counts,
                                              "ladder": ladder(s)})]


def draw_display(s: OperaState) -> list[Event]:
    """OP-12.4: draw to N pieces, at most 3 per composer (option `display_composer_cap`);
    an empty draw pile takes the shuffled discard pile; set-aside pieces go back afterwards."""
    target = s.data.display_by_players[s.players]
    cap = s.data.display_cap if s.options.display_composer_cap else target
    aside: list[int] = []
    counts = [0] * len(COMPOSERS)
    for p in s.display:
        counts[PIECE_COMPOSER[p]] += 1
    while len(s.display) < target:
        if not s.draw:
            if not s.discard:
                break
            s.draw, s.discard = s.discard, []
            s.rng.shuffle(s.draw)
        piece = s.draw.pop()
        comp = PIECE_COMPOSER[piece]
        if counts[comp] >= cap:
            aside.append(piece)
            continue
        counts[comp] += 1
        s.display.append(piece)
    if aside:
        s.draw.extend(aside)
        s.rng.shuffle(s.draw)
    return [Event("display_drawn", None, PUBLIC,
                  {"display": [piece_name(p) for p in s.display]}, reveal=True)]


def end_phase(s: OperaState) -> list[Event]:
    """OP-12.2 - OP-12.7 in order."""
    events = fame_move(s)
    s.discard.extend(s.display)
    s.display = []
    events += draw_display(s)
    s.role_by = [-1] * len(s.role_by)
    if len(s.palazzo) >= s.data.palazzo_capacity:
        s.discard.extend(s.palazzo)
        s.palazzo = []
        events.append(Event("palazzo_cleared", None, PUBLIC, {}))
    s.passed = [False] * s.players
    for p in s.order():
        if s.row[p] == 0:
            s.money[p] += s.data.zero_budget_bonus
            events.append(Event("zero_budget_bonus", p, PUBLIC,
                                {"ducats": s.data.zero_budget_bonus}))
    return events


def main_hall_piece(s: OperaState, seat: int, city: int) -> int:
    return s.halls[seat][OFFSET[city]]


def scoring_round(s: OperaState) -> list[Event]:
    """OP-13.2 - OP-13.6: main halls, episode bonus, empty halls; floor 0 (option
    `allow_negative_score`); then the palazzo is emptied."""
    ep = episode(s, s.round)
    ep_composer = PIECE_COMPOSER[s.episode_pieces[ep - 1]]
    bonus = s.data.episode_bonus[ep - 1]
    gains = []
    for seat in range(s.players):
        main = extra = empty = 0
        for city in range(len(s.data.cities)):
            if not s.house[seat][city]:
                continue
            piece = main_hall_piece(s, seat, city)
            if 0 <= piece < HOUSE:
                main += s.data.fame[s.value(piece) - 1].main_hall_vp
                if PIECE_COMPOSER[piece] == ep_composer:
                    extra += bonus
            empty += sum(1 for h in s.house_halls(seat, city) if h < 0)
        penalty = empty * s.data.empty_hall_penalty
        total = main + extra - penalty
        floor = 0
        if not s.options.allow_negative_score and s.score[seat] + total < 0:
            floor = -(s.score[seat] + total)
        s.add_points(seat, CATEGORIES.index("main_halls"), main)
        s.add_points(seat, CATEGORIES.index("episode_bonus"), extra)
        s.add_points(seat, CATEGORIES.index("empty_halls"), -penalty)
        s.add_points(seat, CATEGORIES.index("score_floor"), floor)
        gains.append({"main_halls": main, "episode_bonus": extra, "empty_halls": -penalty,
                      "floor": floor})
    events = [Event("scoring_round", None, PUBLIC,
                    {"episode": ep, "composer": COMPOSERS[ep_composer], "gains": gains,
                     "scores": list(s.score)})]
    events += [Event("scored", seat, PUBLIC, {**gains[seat], "score": s.score[seat]})
               for seat in s.order()]
    if s.palazzo:
        s.discard.extend(s.palazzo)
        s.palazzo = []
        events.append(Event("palazzo_cleared", None, PUBLIC, {}))
    return events


def finish_round(s: OperaState) -> list[Event]:
    """OP-5.1, OP-5.2: income, end phase, a scoring round after rounds 3/6/9, then the next
    round's budget phase or the end (OP-14.1)."""
    events = income(s)
    events += end_phase(s)
    if scoring_after(s, s.round):
        events += scoring_round(s)
    if s.round >= last_round(s):
        s.step, s.actor = OVER, -1
        return events + [Event("game_over", None, PUBLIC, {"scores": list(s.score)})]
    s.round += 1
    events.append(Event("round_started", None, PUBLIC, {"round": s.round}))
    return events + budget.open_bids(s)
