"""The turn machine: who decides what (TR-3, TR-26), the move handlers, and `advance`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlor.core import Event, Move

from .. import moves as mv
from ..consts import (
    ENGINEER,
    MANAGER,
    PHASE_NAMES,
    Phase,
)
from ..data import DATA, WEEKDAYS
from . import (
    abilities,
    dark_alley,
    downtown,
    market,
    performance,
    placement,
    powers,
    setup,
    theater,
    turn,
    workshop,
)
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
    "keep_special": dark_alley.keep, "bottom_special": dark_alley.bottom,
    "fortune_telling": dark_alley.fortune_telling,
    "fate_weaving": dark_alley.fate_weaving, "mechanical_enhancement": placement.mechanize,
    "hire_any": downtown.hire_any, "move_opponent_marker": theater.move_opponent_marker,
    "skip_ability": abilities.skip_ability, "swap_cards": abilities.swap_cards,
    "guest_set_up": theater.guest_set_up, "street_performance": abilities.street_performance,
    "marker_to_trick": abilities.marker_to_trick, "stage_marker": abilities.stage_marker,
    "return_components": abilities.return_components, "double_yield": abilities.double_yield,
    "hidden_talent": abilities.hidden_talent, "motivate_card": abilities.motivate_card,
    "overhaul_trick": downtown.overhaul, "invest": abilities.invest, "buy_mix": market.buy_mix,
    "smuggle_buy": market.smuggle_buy, "barter": market.barter, "shoplift": market.shoplift,
    "extra_stock": market.extra_stock, "take_ordered": abilities.take_ordered,
    "break_free": abilities.break_free, "mimic": abilities.mimic,
    "steal_perform": performance.steal_perform, "possess": abilities.possess,
    "supercharge": theater.supercharge, "discard": workshop.open_discard,
    "discard_done": workshop.close_discard, "dubious_store": turn.dubious_store,
    "dubious_discard": turn.dubious_discard, "dubious_refuse": turn.dubious_refuse,
    "discard_power": powers.apply, "learn_power": powers.apply, "skip_power": powers.apply,
}

RULES: dict[str, tuple[str, str]] = {
    "discard_power": ("TR-21.1", "a dealt Power card, until 8 are kept"),
    "learn_power": ("TR-7.4", "a Power from hand, a valid open Power slot (TR-21.1), Coins for "
                              "the missing Fame; once per turn"),
    "skip_power": ("TR-7.4", "only when learning Powers"),
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
    "discard_component": ("TR-23.1", "a component the player has, in an open discard step"),
    "discard_trick": ("TR-23.2", "a Trick the player owns, in an open discard step"),
    "discard": ("TR-23", "at an own decision point, with a component or Trick to return, "
                         "once per decision point"),
    "discard_done": ("TR-23", "only in an open discard step"),
    "assign_special": ("TR-18.2", "a Special card from hand for the next character at home"),
    "declare": ("TR-18.2", "right after placing a character with a Special card"),
    "draw_special": ("TR-13.2", "at the Dark Alley: Draw First Card 1 AP (once), Draw Further "
                                "Cards 2 AP, from a non-empty Special deck"),
    "keep_special": ("TR-13.2", "one kept card per draw from that deck"),
    "bottom_special": ("TR-13.2", "a drawn card not kept, of a deck whose keeps are done"),
    "fortune_telling": ("TR-13.3", "1 AP at the Dark Alley, with Prophecies"),
    "fate_weaving": ("TR-20", "Priestess of Mysticism, 1 AP at the Dark Alley"),
    "mechanical_enhancement": ("TR-20", "The Mechaniker, once per turn, an Apprentice outside "
                                        "the Theater"),
    "hire_any": ("TR-18.4", "Headhunter: a non-X Inn die, a character the player can take"),
    "move_opponent_marker": ("TR-18.4", "Director's Favor: an opponent's marker to an empty "
                                        "slot"),
    "skip_ability": ("TR-18.4", "only while an ability's optional step is pending"),
    "swap_cards": ("TR-18.4", "Buying Time: two cards in the Theater, after its Set up"),
    "guest_set_up": ("TR-18.4", "Guest Performer: a prepared marker onto a card without a "
                                "free slot that holds no marker of that Trick"),
    "street_performance": ("TR-18.4", "Street Performance: an own marker on a slot, 1 AP"),
    "marker_to_trick": ("TR-18.4", "Replaceable Parts: a Trick of the same or lower Threshold "
                                   "with a marker in supply; Durable Components: a Trick "
                                   "performed in your Performance"),
    "stage_marker": ("TR-18.4", "On-stage Preparation: an empty slot, TR-12.3 and TR-12.4"),
    "return_components": ("TR-18.4", "Unstable Prototype: 1-3 required components you hold"),
    "double_yield": ("TR-18.4", "Grand Premiere: a yield of a Trick performed for the first "
                                "time"),
    "hidden_talent": ("TR-18.4", "Hidden Talent: a Specialist you do not own"),
    "motivate_card": ("TR-18.4", "Hypnotic Motivation: a card from your hand"),
    "overhaul_trick": ("TR-18.4", "Trick Overhaul: a learnable Trick whose requirements you "
                                  "meet, in place of an owned one"),
    "invest": ("TR-18.4", "Investments: a stock component within the Coins taken, 3 at most"),
    "buy_mix": ("TR-18.4", "Component Sale: 2-4 stock components of several types that fit"),
    "smuggle_buy": ("TR-18.4", "Smuggled Goods: Fame at least the price - 1"),
    "barter": ("TR-18.4", "Barter with Power: 1 Shard, stock components worth 4 or less"),
    "shoplift": ("TR-18.4", "Shoplifting: a Buy-area type, refilled with a Basic type not in "
                            "the Buy area"),
    "extra_stock": ("TR-18.4", "Logistics: a type in neither Buy nor Order area"),
    "take_ordered": ("TR-18.4", "Traveling Merchants: price + 1 Coins and room"),
    "break_free": ("TR-20", "Master of Chains, between Place Characters and Performance"),
    "mimic": ("TR-20", "The Great Optico: an opponent's revealed Special card of that "
                       "Location, once per turn"),
    "steal_perform": ("TR-20", "The Red Lotus: an opponent's Trick of the same or lower "
                               "Threshold on the card"),
    "possess": ("TR-20", "Yoruba Spiritmaster: 1 Shard, a card holding the performer's "
                         "markers, once per turn"),
    "dubious_store": ("TR-26", "Dubious Sources at End Turn: a free board or Manager slot "
                               "for a new pile, when both are free (TR-11.2)"),
    "dubious_discard": ("TR-26", "Dubious Sources at End Turn with storage full: a component "
                                 "you hold (TR-23.1)"),
    "dubious_refuse": ("TR-18.4", "Dubious Sources at End Turn with storage full: the "
                                  "arriving component returns to the supply"),
    "supercharge": ("TR-20", "Electra: a Set up Trick of two prepared markers of one Trick "
                             "stacked on one empty slot, 1 AP backstage"),
}

DECISION_KINDS: dict[int, tuple[str, ...]] = {  # by phase
    Phase.CHOOSE_MAGICIAN: ("choose_magician",),
    Phase.STARTING_CHOICES: ("start_components", "start_trick", "choose_specialist"),
    Phase.ENGINEER_TRICK: ("engineer_trick",),
    Phase.MANAGER_COMPONENTS: ("manager_components",),
    Phase.POWER_DISCARDS: ("discard_power",),
    Phase.ADVERTISE: ("advertise", "pass"),
    Phase.LEARN_POWER: ("learn_power", "skip_power"),
    Phase.ASSIGNMENT: ("assign", "assign_special"),
    Phase.PLACE_CHARACTER: ("place", "idle"),
    Phase.BREAK_FREE: ("break_free", "skip_ability"),
    Phase.PERFORMANCE: ("perform", "decline", "steal_perform", "possess", "skip_ability",
                        "double_yield"),
    Phase.AFTER_PERFORMANCES: ("marker_to_trick", "hidden_talent", "skip_ability"),
    Phase.DUBIOUS_SOURCES: ("dubious_store", "dubious_discard", "dubious_refuse"),
}


DISCARD_KINDS = frozenset({"discard", "discard_component", "discard_trick", "discard_done"})


def legal_moves(state: TrickerionState, seat: int) -> list[Move]:
    discard_step = state.discard_step[seat]
    if discard_step == 1:
        return [*placement.discard_moves(state, seat), mv.DISCARD_DONE]
    moves = _decision_moves(state, seat)
    if discard_step == 0 and state.phase not in (Phase.ACTIONS, Phase.CHOOSE_MAGICIAN) and moves \
            and state.follow_up is None \
            and not (state.phase == Phase.AFTER_PERFORMANCES and state.durable[seat]) \
            and placement.can_discard(state, seat):
        moves = [*moves, mv.DISCARD]       # TR-23, TR-26: at any own decision point
    return moves


def _decision_moves(state: TrickerionState, seat: int) -> list[Move]:
    phase = state.phase
    if phase == Phase.ACTIONS:
        return placement.action_moves(state, seat)
    if phase == Phase.PLACE_CHARACTER:
        return placement.place_moves(state, seat)
    if phase == Phase.ASSIGNMENT:
        return turn.assign_moves(state, seat)
    if phase == Phase.PERFORMANCE:
        if state.follow_up is not None:
            return abilities.follow_moves(state, seat)
        performer = performance.performer(state, state.performing_day)
        if seat != performer:
            return abilities.possess_moves(state, performer)
        return performance.moves(state, seat)
    if phase == Phase.BREAK_FREE:
        return [*abilities.break_free_moves(state, seat), mv.SkipAbility()]
    if phase == Phase.AFTER_PERFORMANCES:
        return abilities.after_moves(state, seat)
    if phase == Phase.ADVERTISE:
        return [mv.Advertise(), mv.Pass()]
    if phase == Phase.DUBIOUS_SOURCES:
        return turn.dubious_moves(state, seat)
    if phase in (Phase.POWER_DISCARDS, Phase.LEARN_POWER):
        return powers.legal(state, seat)
    return setup.legal(state, seat)


def why_illegal(state: TrickerionState, seat: int, move: Move) -> str:
    rule, text = RULES.get(move.kind, ("TR-26", "unknown move"))
    # in an open discard step a component or Trick the player cannot return is refused by its own rule
    # (TR-23.1, TR-23.2); any other move waits until the step is closed
    if state.discard_step[seat] == 1 and move.kind not in DISCARD_KINDS:
        return f"TR-23: a discard step is open; discard one component or Trick, or discard_done " \
               f"({move} is not possible now)"
    if move.kind in DISCARD_KINDS:
        return f"{rule}: {move} is not possible now ({text})"
    if isinstance(move, mv.Place) and DATA.slot_by_id.get(move.slot) in state.blocked:
        return f"TR-22.1: slot {move.slot} is blocked by this turn's Turn Setup card"
    kinds = DECISION_KINDS.get(state.phase)
    if kinds is not None and move.kind not in kinds:
        return f"TR-26: now deciding {PHASE_NAMES[state.phase]}, not {move.kind}"
    if state.phase == Phase.ACTIONS:
        if move.kind in DECISION_KINDS[Phase.PLACE_CHARACTER] or move.kind in DECISION_KINDS[Phase.ADVERTISE]:
            return f"TR-8.5: a placement is in progress; {move} is not an action of it"
        return f"{rule}: {move} is not possible now ({text}; {state.action_points} AP left)"
    return f"{rule}: {move} is not possible now ({text})"


def apply_move(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    kind = move.kind
    if kind not in DISCARD_KINDS:
        state.discard_step[seat] = 0                     # a new decision point: a discard step again
    events = HANDLERS[kind](state, seat, move)
    more = advance(state)
    if more and kind == "discard_done":
        state.discard_step[seat] = 0                     # the game moved on to another decision point
    events.extend(more)
    return events


def advance(state: TrickerionState) -> list[Event]:
    """Run automatic steps in a fixed order until some seat must decide (TR-3.1)."""
    events: list[Event] = []
    if 1 in state.discard_step:
        return events                        # a discard step holds its decision point (TR-23)
    for _ in range(MAX_STEPS):
        phase = state.phase
        if phase == Phase.ACTIONS:
            if placement.needs_decision(state):
                return events
            events.extend(placement.finish(state, state.acting))
        elif phase == Phase.PLACE_CHARACTER:
            if _next_placer(state):
                return events
            seat = abilities.break_free_seat(state) if state.dark_alley else -1
            if seat >= 0:
                state.phase, state.acting = Phase.BREAK_FREE, seat
                return events
            events.append(_start_performances(state))
        elif phase == Phase.BREAK_FREE:
            if state.acting >= 0:
                return events
            events.append(_start_performances(state))
        elif phase == Phase.PERFORMANCE:
            if state.follow_up is not None:
                return events
            if state.performing_day >= 4:
                if state.dark_alley:
                    state.phase = Phase.AFTER_PERFORMANCES
                    continue
                events.extend(_end_turn(state))
                continue
            seat = performance.performer(state, state.performing_day)
            if seat >= 0 and performance.cards_with_marker(state, seat):
                y = abilities.possessor(state, seat) if state.dark_alley else -1
                state.acting = y if y >= 0 else seat
                return events
            if seat >= 0:   # TR-14.1: said, so a Magician on the slot who does not perform is explained
                events.append(pub("nothing_to_perform", seat, day=WEEKDAYS[state.performing_day]))
            state.performing_day += 1
        elif phase == Phase.AFTER_PERFORMANCES:
            seat = abilities.after_seat(state)
            if seat >= 0:
                state.acting = seat
                return events
            events.extend(_end_turn(state))
        elif phase == Phase.DUBIOUS_SOURCES:
            if state.dubious_owner >= 0:
                more = turn.dubious_step(state)
                if more is None:
                    state.acting = state.dubious_owner
                    return events
                events.extend(more)
            events.extend(_finish_turn(state))
        elif phase == Phase.ASSIGNMENT:
            if not all(state.assign_done):
                return events
            events.extend(turn.reveal(state))
        elif phase == Phase.ADVERTISE:
            while state.order_position < state.players \
                    and not turn.can_advertise(state, state.order[state.order_position]):
                state.order_position += 1
            if state.order_position < state.players:
                state.acting = state.order[state.order_position]
                return events
            if state.powers is not None and powers.start_learning(state):
                return events                # TR-7.4: learn a Power first (simultaneous)
            events.extend(turn.start_assignment(state))
        elif phase == Phase.LEARN_POWER:
            if not all(state.power_done):
                return events
            events.extend(powers.reveal(state))
            events.extend(turn.start_assignment(state))
        elif phase == Phase.POWER_DISCARDS:
            if powers.discards_pending(state):
                return events
            events.extend(_finish_setup(state, True))
        elif phase == Phase.STARTING_CHOICES:
            if not state.options.beginner_setup:
                return events
            for seat in range(state.players):
                events.extend(setup.beginner(state, seat))
            events.extend(_finish_setup(state))
        elif phase == Phase.ENGINEER_TRICK:
            if state.acting >= 0:
                return events
            state.phase, state.acting = Phase.MANAGER_COMPONENTS, setup.next_owner(state, MANAGER, -1)
        elif phase == Phase.MANAGER_COMPONENTS:
            if state.acting >= 0:
                return events
            events.extend(_finish_setup(state))
        else:
            return events
    raise RuntimeError("TR-3: advance did not reach a decision (step bound)")


def _next_placer(state: TrickerionState) -> bool:
    """TR-8.1: the next player in Initiative Order with a face-up unplaced card."""
    for k in range(state.players):
        idx = (state.order_position + k) % state.players
        seat = state.order[idx]
        if placement.has_pending(state, seat):
            state.order_position, state.acting = idx, seat
            return True
    return False


def _start_performances(state: TrickerionState) -> Event:
    """TR-14.1: the weekdays perform in order, from the first."""
    state.phase, state.performing_day = Phase.PERFORMANCE, 0
    return pub("performances_started", None)


def _finish_setup(state: TrickerionState, powers_kept: bool = False) -> list[Event]:
    if state.powers is not None and not powers_kept:
        return powers.start_discards(state)      # TR-21.1: keep 8 of the 12 dealt Powers
    events = setup.free_preparation(state)
    events.append(pub("setup_done", None))
    return events + start_turn(state)


def start_turn(state: TrickerionState) -> list[Event]:
    """Phases A, B and the opening of C (TR-4, TR-5, TR-6; TR-2.10: no B in turn 1)."""
    events = [pub("turn_started", None, turn=state.turn)]
    if state.duel is not None:                      # TR-22.1: this turn's Turn Setup card
        from .duel import draw_turn_setup
        events.extend(draw_turn_setup(state))
    events.extend(turn.roll_dice(state))
    if state.turn > 1:
        events.extend(turn.set_initiative(state))
    state.phase, state.order_position = Phase.ADVERTISE, 0
    return events


def _end_turn(state: TrickerionState) -> list[Event]:
    """TR-15 up to the Quick Order slot; a Dubious Sources delivery goes through Phase.DUBIOUS_SOURCES."""
    events = turn.end_turn(state)
    if state.dubious_owner >= 0:
        state.phase = Phase.DUBIOUS_SOURCES
        return events
    return events + _finish_turn(state)


def _finish_turn(state: TrickerionState) -> list[Event]:
    events = turn.finish_end_turn(state)
    if state.turn >= state.last_turn:
        from ..scoring import final_scoring  # imported here, at the game's end only
        state.phase = Phase.OVER
        return events + final_scoring(state)
    state.turn += 1
    return events + start_turn(state)


__all__ = ["ENGINEER", "advance", "apply_move", "legal_moves", "start_turn", "why_illegal"]
