"""What each seat may see (TR-24), built by whitelisting; redetermination and marker planting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import Rng
from parlor.core.markers import Markers
from parlor.core.rng import seed_later

from .consts import (
    CS_PENDING,
    ENGINEER_SLOT,
    PF_ABILITY,
    PF_DREW_FIRST,
    PF_MECHANIKER,
    PF_UNDECLARED,
    PHASE_NAMES,
    TF_MECHANIKER,
    TF_MIMESIS,
    TF_POSSESSION,
    Phase,
)
from .data import CATEGORIES, CHARACTERS, DATA, DICE, DIRECTIONS, LOCATIONS, WEEKDAYS
from .follow_ups import (
    GrandPremiere,
    HypnoticMotivation,
    Investments,
    OnStagePreparation,
    ReplaceableParts,
    TravelingMerchants,
    UnstablePrototype,
)
from .markers import GRAY, marker_parts
from .rules import duel, powers
from .rules.common import COMP_IDS, TRICK_IDS, effective, in_play
from .rules.turn import permanent_hand

if TYPE_CHECKING:
    from .state import TrickerionState

CARD_STATES = ("none", "face_up", "placed", "idle")


def _cards_public(state: TrickerionState) -> bool:
    """Assignment cards and placements, from their reveal until the next Assignment (TR-7.3)."""
    return state.revealed


def _player(state: TrickerionState, seat: int) -> dict[str, Any]:
    cards_public = _cards_public(state)
    chars = {}
    for c in range(8):
        owned = bool(state.team[seat] >> c & 1)
        hired = bool(state.hired[seat] >> c & 1)
        if not (owned or hired):
            continue
        entry: dict[str, Any] = {"owned": owned, "hired_this_turn": hired,
                                 "assistant_home": state.assistant_home[seat] == c}
        if cards_public and state.card_location[seat][c] >= 0 and not state.shown[seat] >> c & 1:
            entry["card"] = "face_down"                          # p20 (TR-19.2)
        elif cards_public:
            card = state.card_location[seat][c]
            entry["card"] = LOCATIONS[card] if card >= 0 else None
            if state.special_card[seat][c] >= 0:
                entry["special"] = DATA.specials[state.special_card[seat][c]].id
                entry["declared"] = ("undeclared", "ability", "ap")[state.special_mode[seat][c]]
            if state.mimic[seat] >= 0 and state.mimic[seat] & 7 == c:
                entry["mimics"] = DATA.specials[state.mimic[seat] >> 3].id
                entry["declared"] = ("undeclared", "ability", "ap")[state.special_mode[seat][c]]
            entry["card_state"] = CARD_STATES[state.card_state[seat][c]]
            slot = state.placed[seat][c]
            entry["slot"] = DATA.slots[slot].id if slot >= 0 else None
        chars[CHARACTERS[c]] = entry
    tricks = []
    for slot in range(4):
        suit = state.trick_slots[seat][slot]
        if suit >= 0:
            tricks.append({"slot": "engineer" if slot == ENGINEER_SLOT else slot + 1,
                           "trick": TRICK_IDS[state.trick_by_suit[seat][suit]], "suit": suit,
                           "prepared": state.prepared[seat][suit],
                           "scheduled": state.scheduled[seat][suit],
                           "supply": state.supply(seat, suit)})
    comps = {COMP_IDS[t]: {"count": state.components[seat][t], "effective": effective(state, seat, t),
                           "manager": bool(state.manager_piles[seat] >> t & 1)}
             for t in range(len(COMP_IDS)) if state.components[seat][t]}
    out: dict[str, Any] = {
        "seat": seat,
        "magician": DATA.magicians[state.magician[seat]].id if state.magician[seat] >= 0 else None,
        "fame": state.fame[seat], "coins": state.coins[seat], "shards": state.shards[seat],
        "poster": state.poster[seat], "characters": chars, "tricks": tricks, "components": comps,
        "weekday": WEEKDAYS[state.performance_day[seat]] if state.performance_day[seat] >= 0 else None,
        "assignment_committed": state.assign_done[seat],
    }
    if cards_public:
        out["hand_size"] = sum(permanent_hand(state)) - sum(
            1 for c in range(8) if state.shown[seat] >> c & 1 and state.card_location[seat][c] >= 0
            and state.special_card[seat][c] < 0)
    if state.dark_alley:
        out["specials_held"] = {LOCATIONS[d]: state.specials_held[seat][d] for d in range(4)}
    return out


def _theater(state: TrickerionState) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for pos in range(len(state.stage)):
        if state.stage[pos] < 0:
            out.append(None)
            continue
        card = state.cards[state.stage[pos]]
        markers: list[dict[str, Any]] = []
        for i, code in enumerate(state.markers[pos]):
            if code < 0:
                continue
            m: dict[str, Any]
            owner, suit, direction, stack = marker_parts(code)
            if owner == GRAY:                   # printed, nobody's (TR-22.1)
                m = {"slot": card.slots[i], "seat": None, "gray": True,
                     "category": CATEGORIES[suit], "dir": DIRECTIONS[direction]}
                markers.append(m)
                continue
            m = {"slot": card.slots[i] if i < len(card.slots) else "off", "seat": owner,
                 "trick": TRICK_IDS[state.trick_by_suit[owner][suit]], "dir": DIRECTIONS[direction]}
            if stack:
                m["stack"] = True                   # Electra's Supercharge: two markers (TR-20)
            markers.append(m)
        out.append({"position": pos + 1, "card": card.id, "markers": markers})
    return out


def dice_rolled(state: TrickerionState) -> bool:
    """Whether the dice have been rolled this game: not during the setup decisions (TR-2), which come
    before turn 1's phase A (TR-4.1)."""
    return state.turn > 1 or state.phase > Phase.POWER_DISCARDS


def view(state: TrickerionState, seat: int | None) -> dict[str, Any]:
    v: dict[str, Any] = {
        "turn": state.turn, "last_turn": state.last_turn, "phase": PHASE_NAMES[state.phase],
        "actors": list(state.actors()), "initiative": list(state.order),
        "initiative_spaces": list(DATA.initiative_spaces[state.players]),
        # a die is rolled first in phase A of turn 1 (TR-4.1): before, at setup, it shows no face (null),
        # not the X it is stored as, which a player read as six rolled X's
        "dice": dict(zip(DICE, state.dice if dice_rolled(state) else [None] * len(DICE), strict=True)),
        "rerolls": dict(zip(DICE, state.rerolls, strict=True)),
        "previous_turn": {"dice": dict(zip(DICE, state.previous_dice, strict=False)),
                          "quick_order": (COMP_IDS[state.previous_quick_order]
                                          if state.previous_quick_order >= 0 else None),
                          "characters": [{CHARACTERS[c]: ("idle" if x == -2 else DATA.slots[x].id)
                                          for c, x in enumerate(row) if x != -1}
                                         for row in state.previous_places]},
        "market": {"buy": [COMP_IDS[c] for c in state.buy_area],
                   "orders": [COMP_IDS[c] if c >= 0 else None for c in state.order_slots],
                   "quick_order": COMP_IDS[state.quick_order] if state.quick_order >= 0 else None},
        "residence": [t.id for t in DATA.tricks if state.owner[t.index] < 0 and in_play(state, t)],
        "theater": _theater(state), "deck_size": len(state.deck), "duel": duel.view(state),
        "discarded": [state.cards[c].id for c in state.discarded],
        "players": [_player(state, p) for p in range(state.players)],
        "powers": ([powers.view_player(state, p, p == seat) for p in range(state.players)]
                   if state.powers is not None else None),
        "placement": None, "performance_day": None, "final": state.final,
        "discarding": [p for p in range(state.players) if state.discard_step[p] == 1],     # TR-23 step open
    }
    if state.phase == Phase.ACTIONS:
        v["placement"] = {"seat": state.acting, "character": CHARACTERS[state.placement_character],
                          "slot": DATA.slots[state.placement_slot].id, "ap": state.action_points,
                          "enhanced": state.placement_enhanced}
        if state.dark_alley:
            v["placement"].update({
                "ability_pending": bool(state.placement_flags & PF_ABILITY),
                "declaring": bool(state.placement_flags & PF_UNDECLARED),
                "drew_first": bool(state.placement_flags & PF_DREW_FIRST),
                "mechanical_enhancement": bool(state.placement_flags & PF_MECHANIKER),
                "draws": {LOCATIONS[d]: state.placement_draws[d] for d in range(4)
                          if state.placement_draws[d]},
                "kept": {LOCATIONS[d]: state.placement_kept[d] for d in range(4) if state.placement_kept[d]}})
    if state.dark_alley:
        v["dark_alley"] = {
            "special_decks": {LOCATIONS[d]: len(state.special_decks[d]) for d in range(4)},
            "active_prophecy": _prophecy(state.prophecies[0]),
            "pending_prophecies": [_prophecy(p) for p in state.prophecies[1:]],
            "prophecy_pile": len(state.prophecy_pile),
            "enhanced_tricks": [TRICK_IDS[t] for t in range(len(state.enhanced_tricks))
                                if state.enhanced_tricks[t]],
            "business_share": state.share_holder, "dubious_sources": state.dubious_owner,
            "mechanical_enhancement_used": [bool(f & TF_MECHANIKER) for f in state.turn_flags],
            "mimesis_used": [bool(f & TF_MIMESIS) for f in state.turn_flags],
            "soul_possession_used": [bool(f & TF_POSSESSION) for f in state.turn_flags],
            "placement_steps": state.steps,
            "follow_up": _follow(state),
            "premiered": [TRICK_IDS[t] for t in range(len(DATA.tricks)) if state.premiered >> t & 1],
            "durable_components": [[TRICK_IDS[state.trick_by_suit[p][x]] for x in range(4)
                                    if state.durable[p] >> x & 1 and state.trick_by_suit[p][x] >= 0]
                                   for p in range(state.players)],
            "hidden_talent": [None if state.talent[p] < 0 else
                              {"character": CHARACTERS[state.talent[p] & 7],
                               "specialist": CHARACTERS[state.talent[p] >> 3]
                               if state.talent[p] >= 8 else None} for p in range(state.players)],
            "logistics_stock": [COMP_IDS[c] for c in state.extra_stock],
            "soul_possession_asked": state.asked}
    if state.phase == Phase.PERFORMANCE:
        v["performance_day"] = WEEKDAYS[state.performing_day]
    if seat is not None:
        you: dict[str, Any] = {"seat": seat,
                               "hand": {LOCATIONS[loc]: state.hand[seat][loc]
                                        for loc in range(5) if state.hand[seat][loc]}}
        if state.phase == Phase.ASSIGNMENT:
            you["assigned"] = {CHARACTERS[c]: (DATA.specials[state.special_card[seat][c]].id
                                               if state.special_card[seat][c] >= 0
                                               else LOCATIONS[state.card_location[seat][c]])
                               for c in range(8) if state.card_location[seat][c] >= 0}
            you["assigned_count"] = state.assign_position[seat]
        if state.dark_alley:
            you["specials"] = [DATA.specials[c].id for c in state.special_hand[seat]]
            if state.phase == Phase.ACTIONS and state.acting == seat:
                you["drawn"] = [DATA.specials[c].id for c in state.placement_drawn]
        v["you"] = you
    return v


def _follow(state: TrickerionState) -> dict[str, Any] | None:
    """The pending ability step (all public: the card was declared openly)."""
    follow_up = state.follow_up
    if follow_up is None:
        return None
    out: dict[str, Any] = {"ability": follow_up.ability}
    match follow_up:
        case OnStagePreparation(suit=suit) | ReplaceableParts(suit=suit) | UnstablePrototype(suit=suit):
            out["trick"] = TRICK_IDS[state.trick_by_suit[state.acting][suit]]
        case Investments(coins=coins, components=components):
            out.update(coins=coins, components=components)
        case TravelingMerchants(component=component):
            out["component"] = COMP_IDS[component]
        case HypnoticMotivation(character=character):
            out["character"] = CHARACTERS[character]
        case GrandPremiere(yields=yields):
            out["yields"] = {TRICK_IDS[trick]: list(amounts) for trick, *amounts in yields}
    return out


def _prophecy(p: int) -> str | None:
    return DATA.prophecies[p].id if p >= 0 else None


def redetermine(state: TrickerionState, seat: int, rng: Rng) -> TrickerionState:
    """Resample what `seat` cannot see: the deck's cards, others' secret assignments, future dice."""
    c = state.clone()
    c._cache = None
    seed_later(c, rng.getrandbits(64))  # made when the rules first draw (dice, decks)
    visible = set(c.stage) | set(c.discarded)
    by_type = {theater: [card for card in cards if card not in visible]
               for theater, cards in _pool_by_theater(c)}
    for cards in by_type.values():
        rng.shuffle(cards)
    c.deck = [by_type[c.cards[k].theater].pop() for k in c.deck]
    rng.shuffle(c.turn_setup_deck)                    # Turn Setup order (TR-22.1)
    assigning = c.phase == Phase.ASSIGNMENT
    if assigning:
        for p in range(c.players):
            if p != seat:
                c.hand[p] = list(permanent_hand(c))
                for char in range(8):
                    if c.special_card[p][char] >= 0:
                        c.special_hand[p].append(c.special_card[p][char])
                c.card_location[p] = [-1] * 8
                c.special_card[p] = [-1] * 8
    secret = _secret_cards(c, seat)
    for p, char in secret:                   # p20: unrevealed cards go back to the hand
        if c.special_card[p][char] >= 0:
            c.special_hand[p].append(c.special_card[p][char])
        else:
            c.hand[p][c.card_location[p][char]] += 1
        c.card_location[p][char] = c.special_card[p][char] = -1
    if c.dark_alley:
        _resample_specials(c, seat, rng)
        rng.shuffle(c.prophecy_pile)
    for p, char in secret:                   # ... and are dealt again
        options = [loc for loc in range(5) if c.hand[p][loc]]
        options += [-2 - k for k in range(len(c.special_hand[p]))]
        loc = rng.choice(options)
        if loc >= 0:
            c.hand[p][loc] -= 1
            c.card_location[p][char] = loc
        else:
            special = c.special_hand[p].pop(-2 - loc)
            c.special_card[p][char] = special
            c.card_location[p][char] = DATA.specials[special].deck
    if assigning:
        from .rules.turn import home_characters
        for p in range(c.players):
            if p == seat:
                continue
            for char in home_characters(c, p)[:c.assign_position[p]]:
                options = [loc for loc in range(5) if c.hand[p][loc]] + [-1]
                options += [-2 - k for k in range(len(c.special_hand[p]))]
                loc = rng.choice(options)
                if loc >= 0:
                    c.hand[p][loc] -= 1
                    c.card_location[p][char] = loc
                elif loc <= -2:
                    special = c.special_hand[p].pop(-2 - loc)
                    c.special_card[p][char] = special
                    c.card_location[p][char] = DATA.specials[special].deck
    powers.redeal(c, seat, rng)
    return c


def _group_by_theater(state: TrickerionState) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The deck's pool (`duel.deck_pool`) by Theater type, each type's cards in the pool's
    order and the types in the order they first appear (the order the shuffles draw in)."""
    groups: dict[str, list[int]] = {}
    for card in duel.deck_pool(state):
        groups.setdefault(state.cards[card].theater, []).append(card)
    return tuple((theater, tuple(cards)) for theater, cards in groups.items())


_BASE_POOL: list[tuple[tuple[str, tuple[int, ...]], ...]] = []  # the base pool's groups, made once


def _pool_by_theater(state: TrickerionState) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """`_group_by_theater`, kept for the base game's pool (printed data): every determinization
    groups it again. A Duel game's pool is its own (TR-22.1)."""
    if state.duel is not None:
        return _group_by_theater(state)
    if not _BASE_POOL:
        _BASE_POOL.append(_group_by_theater(state))
    return _BASE_POOL[0]


def _secret_cards(state: TrickerionState, seat: int) -> list[tuple[int, int]]:
    """(seat, character) of other players' cards still face down under p20 (TR-19.2)."""
    if not state.revealed:
        return []
    return [(p, c) for p in range(state.players) if p != seat for c in range(8)
            if state.card_location[p][c] >= 0 and not state.shown[p] >> c & 1
            and state.card_state[p][c] == CS_PENDING]


def _resample_specials(c: TrickerionState, seat: int, rng: Rng) -> None:
    """Special cards hidden from `seat` (decks, others' hands, another player's drawn cards)
    are dealt again within their Location: counts per deck are public (TR-24)."""
    others = [p for p in range(c.players) if p != seat]
    drawn_hidden = c.phase == Phase.ACTIONS and c.acting != seat
    for deck in range(4):
        pool = list(c.special_decks[deck])
        for p in others:
            pool += [x for x in c.special_hand[p] if DATA.specials[x].deck == deck]
        if drawn_hidden:
            pool += [x for x in c.placement_drawn if DATA.specials[x].deck == deck]
        rng.shuffle(pool)
        for p in others:
            c.special_hand[p] = sorted([x for x in c.special_hand[p] if DATA.specials[x].deck != deck] +
                                [pool.pop() for x in c.special_hand[p] if DATA.specials[x].deck == deck])
        if drawn_hidden:
            c.placement_drawn = [pool.pop() if DATA.specials[x].deck == deck else x
                                 for x in c.placement_drawn]
        c.special_decks[deck] = pool


def plant_markers(state: TrickerionState, seat: int | None) -> list[int | str]:
    """Overwrite every value hidden from `seat` (TR-24) with distinctive numbers."""
    mark = Markers()

    state.deck = [mark() for _ in state.deck]
    state.turn_setup_deck = [mark() for _ in state.turn_setup_deck]
    for p in range(state.players):
        if p == seat:
            continue
        state.hand[p] = [mark() for _ in state.hand[p]]
        state.special_hand[p] = [mark() for _ in state.special_hand[p]]
        if state.phase == Phase.ASSIGNMENT:
            state.card_location[p] = [mark() for _ in state.card_location[p]]
            state.special_card[p] = [mark() for _ in state.special_card[p]]
            state.assign_position[p] = mark()
    for p, char in _secret_cards(state, seat if seat is not None else -1):
        state.card_location[p][char] = mark()
        state.special_card[p][char] = mark()
    state.special_decks = [[mark() for _ in d] for d in state.special_decks]
    state.prophecy_pile = [mark() for _ in state.prophecy_pile]
    powers.plant(state, seat, mark)
    if state.phase == Phase.ACTIONS and state.acting != seat:
        state.placement_drawn = [mark() for _ in state.placement_drawn]
    state._cache = None
    return mark.planted
