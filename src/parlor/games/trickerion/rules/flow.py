"""The turn machine: who decides what (TR-3, TR-26), the move handlers, and `advance`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlor.core import Event, Move

from .. import moves as mv
from ..consts import (
    ENGINEER,
    MANAGER,
    PH_ACTION,
    PH_ADVERTISE,
    PH_ASSIGN,
    PH_ENGINEER,
    PH_MAGICIAN,
    PH_MANAGER,
    PH_OVER,
    PH_PERFORM,
    PH_PLACE,
    PH_START,
    PHASE_NAMES,
)
from . import dark_alley, downtown, market, performance, placement, setup, theater, turn, workshop
from .common import pub

if TYPE_CHECKING:
    from ..state import TrickerionState

Handler = Callable[[Any, int, Any], list[Event]]
MAX_STEPS = 10_000

HANDLERS: dict[str, Handler] = {
    "choose_magician": setup.apply, "start_components": setup.apply, "start_trick": setup.apply,
    "choose_specialist": setup.apply, "engineer_trick": setup.apply,
    "manager_components": setup.apply, "advertise": turn.advertise, "pass": turn.advertise,
    "assign": turn.assign, "place": placement.place, "idle": placement.idle,
    "enhance": placement.enhance, "done": placement.finish, "learn_trick": downtown.learn,
    "hire": downtown.hire, "take_coins": downtown.take_coins, "reroll_die": downtown.reroll,
    "set_die": downtown.set_die, "buy": market.buy, "order": market.order,
    "quick_order": market.quick_order, "prepare": workshop.prepare,
    "move_trick": workshop.move_trick, "move_components": workshop.move_components,
    "move_apprentice": workshop.move_apprentice, "set_up_trick": theater.set_up,
    "reschedule": theater.reschedule, "perform": performance.perform,
    "decline": performance.decline, "discard_component": workshop.discard_component,
    "discard_trick": workshop.discard, "assign_special": turn.assign,
    "declare": placement.declare, "draw_special": dark_alley.draw,
    "keep_special": dark_alley.keep, "fortune_telling": dark_alley.fortune_telling,
    "fate_weaving": dark_alley.fate_weaving, "mechanical_enhancement": placement.mechanize,
    "hire_any": downtown.hire_any, "move_opponent_marker": theater.move_opponent_marker,
}

RULES: dict[str, tuple[str, str]] = {
    "choose_magician": ("TR-2.3", "each favorite category may be chosen once"),
    "start_components": ("TR-2.4", "starting components must cost exactly 2"),
    "start_trick": ("TR-2.4", "a free Level-1 Trick of the Magician's favorite category"),
    "choose_specialist": ("TR-2.4", "one of Assistant, Manager, Engineer"),
    "engineer_trick": ("TR-2.4", "a free Level-1 Trick of any category (A-29)"),
    "manager_components": ("TR-2.4", "new piles of total price 2 that fit the Manager slots"),
    "advertise": ("TR-6.1", "Advertising costs Coins equal to the Initiative space"),
    "pass": ("TR-6.1", "only during Advertise"),
    "assign": ("TR-7.1", "a card from hand for the next character at home, or none"),
    "place": ("TR-8.3", "a free, existing slot of the card's Location (TR-12.1 weekdays)"),
    "idle": ("TR-8.1", "only a character whose card is face up and unplaced"),
    "enhance": ("TR-8.4", "once per placement, 1 Shard, not in the Theater"),
    "done": ("TR-8.10", "only during a placement"),
    "learn_trick": ("TR-9.2", "3 AP, a non-X Residence die matching the category (or ?, or "
                              "favorite), a free Trick slot, Fame or Coins for the Threshold"),
    "hire": ("TR-9.3", "3 AP, a non-X Inn die showing a character the player can take"),
    "take_coins": ("TR-9.4", "3 AP and a non-X Bank die"),
    "reroll_die": ("TR-9.5", "1 AP at Downtown"),
    "set_die": ("TR-9.6", "2 AP at Downtown, a different face of that die"),
    "buy": ("TR-10.2", "1 AP (+1 per Bargain), a type in stock, storage room (TR-11.2), "
                       "price at least 1 (TR-10.3) and enough Coins"),
    "order": ("TR-10.4", "1 AP, a type in neither Buy nor Order area, an empty Order slot"),
    "quick_order": ("TR-10.5", "2 AP, a type not in the Buy area nor on the Quick Order slot"),
    "prepare": ("TR-11.3", "the Trick's AP, requirements met, no marker on the card, markers "
                           "in supply"),
    "move_trick": ("TR-11.5", "1 AP, the Engineer owned, a Trick on a board slot"),
    "move_components": ("TR-11.5", "1 AP, the Manager owned, a free target slot or a swap"),
    "move_apprentice": ("TR-11.5", "1 AP, the Assistant owned, its home empty, an Apprentice "
                                   "at home"),
    "set_up_trick": ("TR-12.4", "1 AP backstage, a prepared marker, an empty slot, no second "
                                "marker of that Trick on the card, own corner into a Link circle"),
    "reschedule": ("TR-12.8", "1 AP backstage, an own marker to a different empty slot"),
    "perform": ("TR-14.1", "a card holding at least one of the performer's markers (A-22)"),
    "decline": ("TR-14.1", "only when performing (A-13)"),
    "discard_component": ("TR-23.1", "a component the player has, during their placement"),
    "discard_trick": ("TR-23.2", "a Trick the player owns, during their placement"),
    "assign_special": ("TR-18.2", "a Special card from hand for the next character at home"),
    "declare": ("TR-18.2", "right after placing a character with a Special card"),
    "draw_special": ("TR-13.2", "at the Dark Alley: Draw First Card 1 AP (once), Draw Further "
                                "Cards 2 AP, from a non-empty Special deck"),
    "keep_special": ("TR-13.2", "one kept card per draw from that deck"),
    "fortune_telling": ("TR-13.3", "1 AP at the Dark Alley, with Prophecies"),
    "fate_weaving": ("TR-20", "Priestess of Mysticism, 1 AP at the Dark Alley"),
    "mechanical_enhancement": ("TR-20", "The Mechaniker, once per turn, an Apprentice outside "
                                        "the Theater"),
    "hire_any": ("TR-18.4", "Headhunter: a non-X Inn die, a character the player can take"),
    "move_opponent_marker": ("TR-18.4", "Director's Favor: an opponent's marker to an empty "
                                        "slot"),
}

DECISION_KINDS: dict[int, tuple[str, ...]] = {
    PH_MAGICIAN: ("choose_magician",),
    PH_START: ("start_components", "start_trick", "choose_specialist"),
    PH_ENGINEER: ("engineer_trick",), PH_MANAGER: ("manager_components",),
    PH_ADVERTISE: ("advertise", "pass"), PH_ASSIGN: ("assign",), PH_PLACE: ("place", "idle"),
    PH_PERFORM: ("perform", "decline"),
}


def legal_moves(s: TrickerionState, seat: int) -> list[Move]:
    ph = s.phase
    if ph == PH_ACTION:
        return placement.action_moves(s, seat)
    if ph == PH_PLACE:
        return placement.place_moves(s, seat)
    if ph == PH_ASSIGN:
        return turn.assign_moves(s, seat)
    if ph == PH_PERFORM:
        return performance.moves(s, seat)
    if ph == PH_ADVERTISE:
        return [mv.Advertise(), mv.Pass()]
    return setup.legal(s, seat)


def why_illegal(s: TrickerionState, seat: int, move: Move) -> str:
    rule, text = RULES.get(move.kind, ("TR-26", "unknown move"))
    kinds = DECISION_KINDS.get(s.phase)
    if kinds is not None and move.kind not in kinds:
        return f"TR-26: now deciding {PHASE_NAMES[s.phase]}, not {move.kind}"
    if s.phase == PH_ACTION:
        if move.kind in DECISION_KINDS[PH_PLACE] or move.kind in DECISION_KINDS[PH_ADVERTISE]:
            return f"TR-8.5: a placement is in progress; {move} is not an action of it"
        return f"{rule}: {move} is not possible now ({text}; {s.pc_ap} AP left)"
    return f"{rule}: {move} is not possible now ({text})"


def apply_move(s: TrickerionState, seat: int, move: Move) -> list[Event]:
    events = HANDLERS[move.kind](s, seat, move)
    events.extend(advance(s))
    return events


def advance(s: TrickerionState) -> list[Event]:
    """Run automatic steps in a fixed order until some seat must decide (TR-3.1)."""
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        ph = s.phase
        if ph == PH_ACTION:
            if placement.needs_decision(s):
                return events
            events.extend(placement.finish(s, s.acting))
        elif ph == PH_PLACE:
            if not _next_placer(s):
                s.phase, s.perf_day = PH_PERFORM, 0
                events.append(pub("performances_started", None))
            else:
                return events
        elif ph == PH_PERFORM:
            if s.perf_day >= 4:
                events.extend(_end_turn(s))
                continue
            seat = performance.performer(s, s.perf_day)
            if seat >= 0 and performance.cards_with_marker(s, seat):
                s.acting = seat
                return events
            s.perf_day += 1
        elif ph == PH_ASSIGN:
            if not all(s.assign_done):
                return events
            events.extend(turn.reveal(s))
        elif ph == PH_ADVERTISE:
            while s.cur < s.n and not turn.can_advertise(s, s.order[s.cur]):
                s.cur += 1
            if s.cur < s.n:
                s.acting = s.order[s.cur]
                return events
            events.extend(turn.start_assignment(s))
        elif ph == PH_START:
            if not s.options.beginner_setup:
                return events
            for seat in range(s.n):
                events.extend(setup.beginner(s, seat))
            events.extend(_finish_setup(s))
        elif ph == PH_ENGINEER:
            if s.acting >= 0:
                return events
            s.phase, s.acting = PH_MANAGER, setup.next_owner(s, MANAGER, -1)
        elif ph == PH_MANAGER:
            if s.acting >= 0:
                return events
            events.extend(_finish_setup(s))
        else:
            return events
    raise RuntimeError("TR-3: advance did not reach a decision (step bound)")


def _next_placer(s: TrickerionState) -> bool:
    """TR-8.1: the next player in Initiative Order with a face-up unplaced card."""
    for k in range(s.n):
        idx = (s.cur + k) % s.n
        seat = s.order[idx]
        if placement.has_pending(s, seat):
            s.cur, s.acting = idx, seat
            return True
    return False


def _finish_setup(s: TrickerionState) -> list[Event]:
    events = setup.free_preparation(s)
    events.append(pub("setup_done", None))
    return events + start_turn(s)


def start_turn(s: TrickerionState) -> list[Event]:
    """Phases A, B and the opening of C (TR-4, TR-5, TR-6; TR-2.10: no B in turn 1)."""
    events = [pub("turn_started", None, turn=s.turn)]
    events.extend(turn.roll_dice(s))
    if s.turn > 1:
        events.extend(turn.set_initiative(s))
    s.phase, s.cur = PH_ADVERTISE, 0
    return events


def _end_turn(s: TrickerionState) -> list[Event]:
    from ..scoring import final_scoring
    events = turn.end_turn(s)
    if s.turn >= s.last_turn:
        s.phase = PH_OVER
        return events + final_scoring(s)
    s.turn += 1
    return events + start_turn(s)


__all__ = ["ENGINEER", "advance", "apply_move", "legal_moves", "start_turn", "why_illegal"]
