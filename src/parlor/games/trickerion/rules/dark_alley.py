"""The Dark Alley (TR-13): drawing Special Assignment cards, Fortune Telling, Fate Weaving."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..consts import PF_DREW_FIRST
from ..data import DATA, LOCATIONS
from ..moves import BottomSpecial, DrawSpecial, FateWeaving, FortuneTelling, KeepSpecial
from .common import private, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
DRAW_FIRST, DRAW_FURTHER, FORTUNE = AP["draw_first_card"], AP["draw_further_cards"], \
    AP["fortune_telling"]
FATE_AP = next(m.ability_ap for m in DATA.magicians if m.ability_id == "fate_weaving")
DRAW_SIZE = 2                    # TR-13.2: the top 2 cards (1 if only one remains)


def draw_cost(state: TrickerionState) -> int:
    """TR-13.2: Draw First Card, then Draw Further Cards (p05: 1 AP, TR-19.2)."""
    if not state.placement_flags & PF_DREW_FIRST:
        return DRAW_FIRST
    return 1 if state.prophecy() == "draw_further_cost_1" else DRAW_FURTHER


def keeps_due(state: TrickerionState) -> bool:
    """Drawn cards still to keep or to put under their deck (TR-13.2)."""
    return bool(state.placement_drawn)


def has_fate_weaving(state: TrickerionState, seat: int) -> bool:
    return DATA.magicians[state.magician[seat]].ability_id == "fate_weaving"


def moves(state: TrickerionState, seat: int) -> list[Move]:
    ap = state.action_points
    out: list[Move] = []
    if ap >= draw_cost(state):          # not from a deck whose not-kept cards still go under it
        out.extend(DrawSpecial(LOCATIONS[d]) for d in range(4) if state.special_decks[d]
                   and not (state.placement_kept[d] == state.placement_draws[d] and _pending(state, d)))
    seen: set[int] = set()
    for card in state.placement_drawn:
        deck = DATA.specials[card].deck
        if card not in seen:
            seen.add(card)
            if state.placement_kept[deck] < state.placement_draws[deck]:
                out.append(KeepSpecial(DATA.specials[card].id))
            else:                   # TR-13.2 "in any order": the next card under the deck
                out.append(BottomSpecial(DATA.specials[card].id))
    prophecies = state.options.include_prophecies
    if prophecies and ap >= FORTUNE and sum(1 for p in state.prophecies[1:] if p >= 0) > 1:
        out.append(FortuneTelling())
    if prophecies and ap >= FATE_AP and has_fate_weaving(state, seat):
        out.extend(FateWeaving(k) for k in (1, 2, 3) if state.prophecies[k] >= 0)
    return out


def draw(state: TrickerionState, seat: int, move: DrawSpecial) -> list[Event]:
    """TR-13.2: take the top 2 cards of a deck; the choice comes after all draws."""
    deck = LOCATIONS.index(move.deck)
    state.action_points -= draw_cost(state)
    state.placement_flags |= PF_DREW_FIRST
    cards = state.special_decks[deck][:DRAW_SIZE]
    del state.special_decks[deck][:DRAW_SIZE]
    state.placement_drawn.extend(cards)
    state.placement_draws[deck] += 1
    return [pub("specials_drawn", seat, deck=move.deck, count=len(cards)),
            Event("specials_seen", seat, (seat,), {"cards": [DATA.specials[c].id for c in cards]},
                  True)]


def keep(state: TrickerionState, seat: int, move: KeepSpecial) -> list[Event]:
    """TR-13.2: a kept card goes to the hand, hidden; once a deck's keeps are done, its other
    drawn cards go to its bottom in the order the player chooses (`bottom_special`)."""
    card = DATA.special_by_id[move.card]
    deck = DATA.specials[card].deck
    state.placement_drawn.remove(card)
    state.special_hand[seat].append(card)
    state.special_hand[seat].sort()
    state.specials_held[seat][deck] += 1
    state.placement_kept[deck] += 1
    events = [pub("special_kept", seat, deck=LOCATIONS[deck]),
              private("special_kept_card", seat, card=move.card)]
    if state.placement_kept[deck] == state.placement_draws[deck]:
        events.extend(_bottom_rest(state, seat, deck))
    return events


def bottom(state: TrickerionState, seat: int, move: BottomSpecial) -> list[Event]:
    """TR-13.2: the chosen card goes under its deck, then the rest if no order is left to choose."""
    card = DATA.special_by_id[move.card]
    deck = DATA.specials[card].deck
    state.placement_drawn.remove(card)
    state.special_decks[deck].append(card)
    return [pub("specials_to_bottom", seat, deck=LOCATIONS[deck], count=1),
            *_bottom_rest(state, seat, deck)]


def _pending(state: TrickerionState, deck: int) -> bool:
    return any(DATA.specials[c].deck == deck for c in state.placement_drawn)


def _bottom_rest(state: TrickerionState, seat: int, deck: int) -> list[Event]:
    """Put the deck's not-kept cards under it when their order is no choice (all the same card)."""
    back = [c for c in state.placement_drawn if DATA.specials[c].deck == deck]
    if not back or len(set(back)) > 1:
        return []
    state.placement_drawn = [c for c in state.placement_drawn if DATA.specials[c].deck != deck]
    state.special_decks[deck].extend(back)
    return [pub("specials_to_bottom", seat, deck=LOCATIONS[deck], count=len(back))]


def reset(state: TrickerionState) -> None:
    state.placement_drawn = []
    state.placement_draws = [0] * 4
    state.placement_kept = [0] * 4


def fortune_telling(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    """TR-13.3, A-10: P2->P1, P3->P2, P1->P3 (option away_from_active: the other way)."""
    _, p1, p2, p3 = state.prophecies
    if state.options.fortune_telling_direction == "toward_active":
        state.prophecies[1:] = [p2, p3, p1]
    else:
        state.prophecies[1:] = [p3, p1, p2]
    state.action_points -= FORTUNE
    return [pub("fortune_told", seat, pending=_ids(state.prophecies[1:]))]


def fate_weaving(state: TrickerionState, seat: int, move: FateWeaving) -> list[Event]:
    """TR-20 Priestess of Mysticism: discard the Active Prophecy, the chosen Pending one becomes
    Active at once, the emptied slot is refilled from the pile."""
    gone = state.prophecies[0]
    state.prophecies[0] = state.prophecies[move.pending]
    state.prophecies[move.pending] = state.prophecy_pile.pop(0) if state.prophecy_pile else -1
    state.action_points -= FATE_AP
    return [pub("fate_woven", seat, True, discarded=DATA.prophecies[gone].id if gone >= 0 else None,
                active=DATA.prophecies[state.prophecies[0]].id, pending=_ids(state.prophecies[1:]))]


def _ids(slots: list[int]) -> list[str | None]:
    return [DATA.prophecies[p].id if p >= 0 else None for p in slots]
