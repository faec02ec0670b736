"""Theater backstage actions (TR-12): Set up Trick with Link payments, Reschedule."""

from __future__ import annotations

from collections.abc import Container
from typing import TYPE_CHECKING

from parlor.core import Event, Move

from ..data import DATA, DIRECTIONS
from ..follow_ups import BuyingTime
from ..markers import GRAY, marker_code, marker_seat, marker_suit, marker_trick_key, turned
from ..moves import (
    BreakFree,
    GuestSetUp,
    MoveOpponentMarker,
    Reschedule,
    SetUpTrick,
    StreetPerformance,
    Supercharge,
)
from . import specials
from .common import TRICK_IDS, corner, gain_shards, pub

if TYPE_CHECKING:
    from ..state import TrickerionState

AP = DATA.action_ap
SETUP_AP, RESCHEDULE_AP = AP["set_up_trick"], AP["reschedule"]


def _holds_suit(row: list[int], seat: int, suit: int, skip: int = -1) -> bool:
    """TR-12.4: the card already holds a marker of this player's Trick (ignoring `skip`)."""
    key = marker_trick_key(marker_code(seat, suit))
    for i in range(len(row)):
        code = row[i]
        if code >= 0 and marker_trick_key(code) == key and i != skip:
            return True
    return False


def created_links(state: TrickerionState, pos: int, slot: int, category: int,
                  direction: int, skip: int = -1) -> list[tuple[int, bool]]:
    """Links a marker of `category` pointing `direction` on `slot` would form (TR-12.5):
    (owner of the other marker, shard circle) per Link; `skip` = a slot treated as empty."""
    card = state.cards[state.stage[pos]]
    row = state.markers[pos]
    out = []
    for d, other, link in card.neighbours[slot]:
        code = row[other]
        if code < 0 or other == skip:
            continue
        if (category + d - direction) % 4 == corner(state, code, (d + 2) % 4):
            out.append((marker_seat(code), card.links[link][2]))
    return out


def occupied_neighbours(state: TrickerionState, pos: int, slot: int) -> int:
    """Orchestral Interlude (TR-18.4): occupied slots joined to `slot` by a Link circle."""
    row = state.markers[pos]
    return sum(1 for _, other, _ in state.cards[state.stage[pos]].neighbours[slot] if row[other] >= 0)


def moves(state: TrickerionState, seat: int) -> list[Move]:
    if DATA.slots[state.placement_slot].performance:
        return []
    ap = state.action_points
    out: list[Move] = []
    twice = orchestral = False
    if state.dark_alley and specials.active(state, seat, "set_up_trick"):
        twice = specials.has(state, seat, "set_up_trick", "same_trick_twice") is not None
        orchestral = specials.has(state, seat, "set_up_trick", "every_neighbour_pays") is not None
    electra = state.dark_alley and DATA.magicians[state.magician[seat]].ability_id == "supercharge"
    if ap >= SETUP_AP:
        for suit in range(4):
            if state.trick_by_suit[seat][suit] < 0 or not state.prepared[seat][suit]:
                continue
            trick = DATA.tricks[state.trick_by_suit[seat][suit]]
            stack = electra and state.prepared[seat][suit] >= 2          # Supercharge (TR-20)
            for pos in range(len(state.stage)):
                if state.stage[pos] < 0 or (not twice and _holds_suit(state.markers[pos], seat, suit)):
                    continue
                card = state.cards[state.stage[pos]]
                for slot in range(len(card.slots)):
                    if state.markers[pos][slot] >= 0:
                        continue
                    paid = occupied_neighbours(state, pos, slot) if orchestral else -1
                    for d, _, _ in card.neighbours[slot]:
                        links = paid if orchestral else \
                            len(created_links(state, pos, slot, trick.category, d))
                        out.extend(SetUpTrick(trick.id, pos + 1, card.slots[slot], DIRECTIONS[d],
                                              k) for k in range(links + 1))
                        if stack:
                            out.extend(Supercharge(trick.id, pos + 1, card.slots[slot],
                                                   DIRECTIONS[d], k) for k in range(links + 1))
        if state.dark_alley and specials.has(state, seat, "set_up_trick", "off_slot_marker"):
            out.extend(_guest_moves(state, seat))
    if ap >= RESCHEDULE_AP:
        out.extend(_reschedules(state, seat))
        if state.dark_alley and specials.has(state, seat, "reschedule", "move_opponent"):
            out.extend(_opponent_moves(state, seat))
        if state.dark_alley and specials.has(state, seat, "reschedule", "marker_for_own_yields"):
            out.extend(StreetPerformance(pos + 1, state.cards[state.stage[pos]].slots[slot])
                       for pos, slot in on_slot_markers(state, seat))
    return out


def on_slot_markers(state: TrickerionState, seat: int) -> list[tuple[int, int]]:
    """(position, slot) of `seat`'s markers lying on a slot (not Guest Performer's off-slot)."""
    out = []
    for pos in range(len(state.stage)):
        row = state.markers[pos]
        if state.stage[pos] < 0:
            continue
        for slot in range(len(state.cards[state.stage[pos]].slots)):
            if row[slot] >= 0 and marker_seat(row[slot]) == seat:
                out.append((pos, slot))
    return out


def _guest_moves(state: TrickerionState, seat: int) -> list[Move]:
    """Guest Performer (TR-18.4): onto a card without a free slot, not duplicating a Trick."""
    out: list[Move] = []
    for suit in range(4):
        if state.trick_by_suit[seat][suit] < 0 or not state.prepared[seat][suit]:
            continue
        for pos in range(len(state.stage)):
            if state.stage[pos] < 0 or _holds_suit(state.markers[pos], seat, suit):
                continue
            if all(state.markers[pos][i] >= 0 for i in range(len(state.cards[state.stage[pos]].slots))):
                out.append(GuestSetUp(TRICK_IDS[state.trick_by_suit[seat][suit]], pos + 1))
    return out


def guest_set_up(state: TrickerionState, seat: int, move: GuestSetUp) -> list[Event]:
    """Guest Performer: the marker lies off-slot on the card (no corners, no Links) and is
    performed with it."""
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    suit = state.suit_of_trick(seat, trick.index)
    state.markers[move.card - 1].append(marker_code(seat, suit))
    state.prepared[seat][suit] -= 1
    state.scheduled[seat][suit] += 1
    state.action_points -= SETUP_AP
    specials.consume(state)
    fame = craze_fame(state, trick.category)
    state.fame[seat] += fame
    return [pub("guest_set_up", seat, trick=move.trick, card=move.card, fame=fame)]


def craze_fame(state: TrickerionState, category: int) -> int:
    """p10/p13/p17/p23 (TR-12.6): +2 Fame for setting up a marker of that category."""
    if state.dark_alley and state.prophecy().startswith("setup_bonus_") and \
            DATA.prophecies[state.prophecies[0]].category == category:
        return CRAZE_FAME
    return 0


def _opponent_moves(state: TrickerionState, seat: int) -> list[Move]:
    """Director's Favor: an opponent's marker to another empty slot (TR-12.4 restriction)."""
    opponents = [other for other in range(state.players) if other != seat]
    return _relocations(state, opponents, MoveOpponentMarker)


def _relocations(state: TrickerionState, owners: Container[int],
                 move: type[Reschedule | MoveOpponentMarker]) -> list[Move]:
    """Every way to move a marker of one of `owners` to an empty slot, in each direction the slot
    allows, onto its own card or a card holding no marker of its Trick (TR-12.8, TR-12.4)."""
    out: list[Move] = []
    for pos in range(len(state.stage)):
        row = state.markers[pos]
        for slot in range(len(state.cards[state.stage[pos]].slots) if state.stage[pos] >= 0 else 0):
            code = row[slot]
            if code < 0 or marker_seat(code) not in owners:
                continue
            src = state.cards[state.stage[pos]].slots[slot]
            for pos2 in range(len(state.stage)):
                if state.stage[pos2] < 0:
                    continue
                if pos2 != pos and _holds_suit(state.markers[pos2], marker_seat(code), marker_suit(code)):
                    continue
                card = state.cards[state.stage[pos2]]
                for slot2 in range(len(card.slots)):
                    if state.markers[pos2][slot2] < 0:
                        out.extend(move(pos + 1, src, pos2 + 1, card.slots[slot2], DIRECTIONS[d])
                                   for d, _, _ in card.neighbours[slot2])
    return out


def marker_route(state: TrickerionState, move: Reschedule | MoveOpponentMarker | BreakFree,
                 ) -> tuple[int, int, int, int]:
    """A marker's way in a Reschedule-like move: (position, slot index) it leaves, then the
    (position, slot index) it goes to (TR-12.8)."""
    pos, pos2 = move.card - 1, move.to_card - 1
    return (pos, state.cards[state.stage[pos]].slots.index(move.slot),
            pos2, state.cards[state.stage[pos2]].slots.index(move.to_slot))


def relocate(state: TrickerionState, move: Reschedule | MoveOpponentMarker | BreakFree) -> int:
    """The marker leaves its slot for the move's slot, pointing the move's direction; its code."""
    pos, slot, pos2, slot2 = marker_route(state, move)
    code = state.markers[pos][slot]
    state.markers[pos][slot] = -1
    state.markers[pos2][slot2] = turned(code, DIRECTIONS.index(move.dir))
    return code


def move_opponent_marker(state: TrickerionState, seat: int, move: MoveOpponentMarker) -> list[Event]:
    """Director's Favor (TR-18.4): like a Reschedule of that marker; nobody is paid."""
    code = relocate(state, move)
    state.action_points -= RESCHEDULE_AP
    specials.consume(state)
    return [pub("opponent_marker_moved", seat, owner=marker_seat(code),
                trick=TRICK_IDS[state.trick_by_suit[marker_seat(code)][marker_suit(code)]], card=move.card,
                slot=move.slot, to_card=move.to_card, to_slot=move.to_slot, dir=move.dir)]


def _reschedules(state: TrickerionState, seat: int) -> list[Move]:
    """TR-12.8: an own marker to another empty slot."""
    return _relocations(state, (seat,), Reschedule)


def supercharge(state: TrickerionState, seat: int, move: Supercharge) -> list[Event]:
    """TR-20 Electra: one Set up Trick places two markers of the Trick as one stack."""
    return set_up(state, seat, SetUpTrick(move.trick, move.card, move.slot, move.dir,
                                      move.coin_links), stack=True)


def set_up(state: TrickerionState, seat: int, move: SetUpTrick, stack: bool = False) -> list[Event]:
    """TR-12.4, TR-12.6: place the marker; each Link created pays the Trick's level in Fame or
    Coins (`coin_links` of them in Coins) and 1 Shard per owner on a Shard circle (A-21).
    A Supercharge `stack` (TR-20) is two markers that count as one for placement and Links."""
    trick = DATA.tricks[DATA.trick_by_id[move.trick]]
    suit = state.suit_of_trick(seat, trick.index)
    pos = move.card - 1
    card = state.cards[state.stage[pos]]
    slot = card.slots.index(move.slot)
    d = DIRECTIONS.index(move.dir)
    links = created_links(state, pos, slot, trick.category, d)
    paid, times = len(links), 1
    if state.dark_alley and specials.active(state, seat, "set_up_trick"):
        if specials.has(state, seat, "set_up_trick", "every_neighbour_pays"):
            paid = occupied_neighbours(state, pos, slot)            # Orchestral Interlude
        elif specials.has(state, seat, "set_up_trick", "links_twice"):
            times = 2                                           # Headliner Trick
        elif specials.has(state, seat, "set_up_trick", "swap_cards"):
            if sum(1 for c in state.stage if c >= 0) >= 2:
                state.follow_up = BuyingTime()                         # Buying Time: chosen next
        specials.consume(state)
    state.markers[pos][slot] = marker_code(seat, suit, d, stack)
    count = 2 if stack else 1
    state.prepared[seat][suit] -= count
    state.scheduled[seat][suit] += count
    state.action_points -= SETUP_AP
    fame = (paid - move.coin_links) * trick.link_reward * times
    coins = move.coin_links * trick.link_reward * times
    fame += craze_fame(state, trick.category)
    state.fame[seat] += fame
    state.coins[seat] += coins
    shards = [0] * state.players
    for other, shard in links:
        if shard:
            shards[seat] = times
            if other != GRAY:                   # a gray marker has no owner (TR-22.1)
                shards[other] = max(shards[other], 1)
    if state.dark_alley:
        shards = [gain_shards(state, p, shards[p]) for p in range(state.players)]
    else:
        for p in range(state.players):
            state.shards[p] += shards[p]
    if not (stack or paid or fame or coins):   # said without "0 Links, +0 Fame, +0 Coins"
        return [pub("set_up_no_gain", seat, trick=move.trick, card=move.card, slot=move.slot, dir=move.dir,
                    shards=shards)]
    return [pub("supercharged" if stack else "set_up", seat, trick=move.trick, card=move.card,
                slot=move.slot, dir=move.dir, links=paid, fame=fame, coins=coins, shards=shards)]


CRAZE_FAME = 2                   # "Gain 2 Fame ... whenever you set up" (prophecies.toml text)


def reschedule(state: TrickerionState, seat: int, move: Reschedule) -> list[Event]:
    """TR-12.8: Links formed by a Reschedule pay nothing (A-25)."""
    code = relocate(state, move)
    state.action_points -= RESCHEDULE_AP
    return [pub("rescheduled", seat, trick=TRICK_IDS[state.trick_by_suit[seat][marker_suit(code)]],
                card=move.card, slot=move.slot, to_card=move.to_card, to_slot=move.to_slot,
                dir=move.dir)]


def links_on(state: TrickerionState, pos: int) -> int:
    """TR-12.5: Links existing on the card at `pos`."""
    card = state.cards[state.stage[pos]]
    row = state.markers[pos]
    count = 0
    for a, b, _ in card.links:
        if row[a] < 0 or row[b] < 0:
            continue
        d = next(d for d, other, _ in card.neighbours[a] if other == b)
        if corner(state, row[a], d) == corner(state, row[b], (d + 2) % 4):
            count += 1
    return count
