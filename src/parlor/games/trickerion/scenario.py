"""Positions from compact descriptions; the keys are documented in docs/scenarios/trickerion.md."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario
from parlor.core.scenario import common, reject_unknown

from .consts import CS_PENDING, CS_PLACED, ENGINEER, MANAGER, PF_UNDECLARED, Phase
from .data import CHARACTERS, DATA, DICE, DIRECTIONS, LOCATIONS, WEEKDAYS
from .markers import marker_code, marker_count, marker_seat, marker_suit
from .rules import flow, setup, turn
from .rules.common import add_components, can_add, give_trick
from .state import TrickerionState

if TYPE_CHECKING:
    from .game import Trickerion

KEYS = ("setup", "magicians", "turn", "phase", "initiative", "dice", "buy_area", "orders",
        "quick_order", "theater", "deck", "seats", "cards", "placed", "placing",
        "performance_day", "prophecies", "special_decks")
SEAT_KEYS = ("fame", "coins", "shards", "tricks", "components", "manager_components",
             "specialists", "apprentices", "assistant_apprentice", "hired", "specials")
PHASES = ("advertise", "assignment", "placement", "actions", "performance", "end_turn")


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadScenario(message)


def _id(table: dict[str, int], value: Any, what: str) -> int:
    _need(isinstance(value, str) and value in table, f"unknown {what} {value!r}")
    return table[value]


def _int(value: Any, what: str, low: int = 0) -> int:
    _need(isinstance(value, int) and not isinstance(value, bool) and value >= low,
          f"'{what}' must be a whole number >= {low}, got {value!r}")
    return int(value)


def build(game: Trickerion, spec: dict[str, Any]) -> TrickerionState:
    reject_unknown(spec, KEYS)
    players, seed, options = common(spec, 4)
    s = game.setup(players, seed, options)
    if spec.get("setup", "auto") == "open":
        return s
    _need(spec.get("setup", "auto") == "auto", "'setup' must be 'auto' or 'open'")
    _auto_setup(s, spec.get("magicians"))
    if "turn" in spec:
        s.turn = _int(spec["turn"], "turn", 1)
        _need(s.turn <= s.last_turn, f"'turn' must be at most {s.last_turn}")
    if "initiative" in spec:
        order = spec["initiative"]
        _need(isinstance(order, list) and sorted(order) == list(range(players)),
              f"'initiative' must list the seats 0..{players - 1} once each")
        s.order = list(order)
    if "dice" in spec:
        _set_dice(s, spec["dice"])
    _market(s, spec)
    seats = spec.get("seats", {})
    _need(isinstance(seats, (dict, list)), "'seats' must be a list or a table by seat")
    items = list(seats.items() if isinstance(seats, dict) else enumerate(seats))
    for key, entry in items:
        if isinstance(entry, dict) and "tricks" in entry and 0 <= int(key) < players:
            _clear_tricks(s, int(key))
    for key, entry in items:
        seat = int(key)
        _need(0 <= seat < players, f"'seats': no seat {key}")
        _seat(s, seat, entry)
    if "theater" in spec:
        _theater(s, spec["theater"])
    if "deck" in spec:
        _need(isinstance(spec["deck"], list), "'deck' must be a list of card ids")
        s.deck = [_id(DATA.card_by_id, c, "Performance card") for c in spec["deck"]]
    _dark_alley(s, spec, items)
    _recount(s)
    _phase(s, spec)
    s._cache = None
    return s


def _auto_setup(state: TrickerionState, magicians: Any) -> None:
    """Setup choices by the beginners' table (TR-2.8) with the given or first free Magicians."""
    for seat in range(state.players):
        if magicians is not None:
            _need(isinstance(magicians, list) and len(magicians) == state.players,
                  "'magicians' must name one Magician per seat")
            m = _id(DATA.magician_by_id, magicians[seat], "magician")
            _need(DATA.magicians[m].favorite not in setup.taken_categories(state),
                  "TR-2.3: 'magicians' must have different favorite categories")
        else:
            taken = setup.taken_categories(state)
            m = next(x.index for x in DATA.magicians if x.favorite not in taken)
        state.magician[seat] = m
    for seat in range(state.players):
        setup.beginner(state, seat)
    setup.free_preparation(state)
    flow.start_turn(state)


def _set_dice(state: TrickerionState, dice: Any) -> None:
    if isinstance(dice, list):
        _need(len(dice) == 6, "'dice' must list 6 faces")
        dice = dict(zip(DICE, dice, strict=True))
    _need(isinstance(dice, dict), "'dice' must be a list or a table by die id")
    for name, face in dice.items():
        _need(name in DICE, f"'dice': unknown die {name!r}")
        d = DICE.index(name)
        _need(face in DATA.dice_faces[d], f"'dice': {name} has no face {face!r}")
        state.dice[d] = face


def _market(state: TrickerionState, spec: dict[str, Any]) -> None:
    if "buy_area" in spec:
        buy = spec["buy_area"]
        _need(isinstance(buy, list) and len(buy) == 4, "'buy_area' must list 4 components")
        state.buy_area = [_id(DATA.component_by_id, c, "component") for c in buy]
    if "orders" in spec:
        orders = spec["orders"]
        _need(isinstance(orders, list) and len(orders) == 4, "'orders' must list 4 entries")
        state.order_slots = [-1 if c is None else _id(DATA.component_by_id, c, "component")
                    for c in orders]
    if "quick_order" in spec:
        q = spec["quick_order"]
        state.quick_order = -1 if q is None else _id(DATA.component_by_id, q, "component")


def _seat(state: TrickerionState, seat: int, entry: Any) -> None:
    _need(isinstance(entry, dict), f"'seats' {seat}: must be a table")
    unknown = sorted(set(entry) - set(SEAT_KEYS))
    _need(not unknown, f"'seats' {seat}: unknown key(s) {', '.join(unknown)} "
                       f"(known: {', '.join(SEAT_KEYS)})")
    for key in ("fame", "coins", "shards"):
        if key in entry:
            getattr(state, key)[seat] = _int(entry[key], f"seats.{seat}.{key}")
    if "specialists" in entry:
        team = state.team[seat] & ~0b1110
        for specialist in entry["specialists"]:
            _need(specialist in setup.SPECIALIST_CHAR, f"'seats' {seat}: unknown specialist {specialist!r}")
            team |= 1 << setup.SPECIALIST_CHAR[specialist]
        state.team[seat] = team
        if not team >> 1 & 1:
            state.assistant_home[seat] = -1
    if "apprentices" in entry or "assistant_apprentice" in entry:
        count = _int(entry.get("apprentices", bin(state.team[seat] >> 4).count("1")),
                     f"seats.{seat}.apprentices")
        _need(count <= 4, f"'seats' {seat}: at most 4 Apprentices (TR-1.5)")
        state.team[seat] = (state.team[seat] & 0b1111) | sum(1 << (4 + k) for k in range(count))
        on_assistant = bool(entry.get("assistant_apprentice", state.assistant_home[seat] >= 0))
        _need(not on_assistant or (count > 0 and bool(state.team[seat] >> 1 & 1)),
              f"'seats' {seat}: an Apprentice on the Assistant's home needs both")
        state.assistant_home[seat] = 4 + count - 1 if on_assistant else -1
    if "hired" in entry:
        state.hired[seat] = 0
        for name in entry["hired"]:
            _need(name in CHARACTERS, f"'seats' {seat}: unknown character {name!r}")
            state.hired[seat] |= 1 << CHARACTERS.index(name)
    if "components" in entry or "manager_components" in entry:
        state.components[seat] = [0] * len(DATA.components)
        state.manager_piles[seat] = 0
        for key, on_manager in (("components", False), ("manager_components", True)):
            for name, k in entry.get(key, {}).items():
                comp = _id(DATA.component_by_id, name, "component")
                _need(can_add(state, seat, comp, _int(k, f"{key}.{name}", 1), on_manager),
                      f"'seats' {seat}: {k} {name} do not fit the storage rules (TR-11.2)")
                add_components(state, seat, comp, k, on_manager)
    if "tricks" in entry:
        _tricks(state, seat, entry["tricks"])


def _clear_tricks(state: TrickerionState, seat: int) -> None:
    for t in range(len(state.owner)):
        if state.owner[t] == seat:
            state.owner[t] = -1
    state.trick_slots[seat] = [-1] * 4
    state.trick_by_suit[seat] = [-1] * 4
    state.prepared[seat] = [0] * 4


def _tricks(state: TrickerionState, seat: int, tricks: Any) -> None:
    _need(isinstance(tricks, list) and len(tricks) <= 4, f"'seats' {seat}: tricks must be a "
                                                         "list of at most 4")
    _clear_tricks(state, seat)
    for item in tricks:
        item = {"trick": item} if isinstance(item, str) else item
        t = _id(DATA.trick_by_id, item.get("trick"), "trick")
        _need(state.owner[t] < 0, f"trick {DATA.tricks[t].id} is owned twice")
        engineer = bool(item.get("engineer", False))
        if engineer:
            _need(state.owns(seat, ENGINEER) and state.trick_slots[seat][3] < 0,
                  f"'seats' {seat}: the Engineer slot needs the Engineer and is single")
        else:
            _need(any(x < 0 for x in state.trick_slots[seat][:3]), f"'seats' {seat}: 3 board Trick slots")
        suit = give_trick(state, seat, t, engineer)
        state.prepared[seat][suit] = _int(item.get("prepared", 0), "prepared")


def _theater(state: TrickerionState, theater: Any) -> None:
    _need(isinstance(theater, list) and len(theater) == state.players + 1,
          f"'theater' must list {state.players + 1} positions (null = empty)")
    for pos, entry in enumerate(theater):
        if entry is None:
            state.stage[pos], state.markers[pos] = -1, []
            continue
        card = _id(DATA.card_by_id, entry.get("card"), "Performance card")
        setup.put_card(state, pos, card)
        for m in entry.get("markers", []):
            seat = _int(m.get("seat"), "theater marker seat")
            _need(seat < state.players, f"'theater': no seat {seat}")
            suit = state.suit_of_trick(seat, _id(DATA.trick_by_id, m.get("trick"), "trick"))
            _need(suit >= 0, f"'theater': seat {seat} does not own {m.get('trick')!r}")
            slots = DATA.cards[card].slots
            _need(m.get("slot") in slots, f"'theater': card {slots} has no slot {m.get('slot')!r}")
            _need(m.get("dir") in DIRECTIONS, f"'theater': dir must be one of {DIRECTIONS}")
            stack = bool(m.get("stack", False))
            _need(not stack or (DATA.magicians[state.magician[seat]].ability_id == "supercharge"
                  and state.dark_alley), "'theater': a stacked marker is Electra's, with dark_alley (TR-20)")
            state.markers[pos][slots.index(m["slot"])] = marker_code(seat, suit,
                                                               DIRECTIONS.index(m["dir"]), stack)


def _dark_alley(state: TrickerionState, spec: dict[str, Any], items: list[tuple[Any, Any]]) -> None:
    """Dark Alley keys: `prophecies`, `special_decks`, seat `specials` (docs/scenarios)."""
    da_keys: list[str] = [k for k in ("prophecies", "special_decks") if k in spec]
    da_keys += [f"seats.{k}.specials" for k, e in items if isinstance(e, dict) and "specials" in e]
    if not state.dark_alley:
        _need(not da_keys, f"{', '.join(da_keys)} need the option dark_alley = true")
        return
    if "prophecies" in spec:
        p = spec["prophecies"]
        _need(isinstance(p, dict), "'prophecies' must be a table: active, pending, pile")
        def pid(x: Any) -> int:
            return -1 if x is None else _id(DATA.prophecy_by_id, x, "prophecy")
        pending = p.get("pending", [None, None, None])
        _need(isinstance(pending, list) and len(pending) == 3, "'prophecies.pending' needs 3")
        state.prophecies = [pid(p.get("active")), *(pid(x) for x in pending)]
        if "pile" in p:
            state.prophecy_pile = [pid(x) for x in p["pile"]]
        used = [x for x in state.prophecies if x >= 0]
        _need(len(set(used)) == len(used), "'prophecies': a Prophecy appears twice")
        if "pile" not in p:
            state.prophecy_pile = [x for x in state.prophecy_pile if x not in used]
    held: dict[int, list[int]] = {}
    for key, entry in items:
        if isinstance(entry, dict) and "specials" in entry:
            cards = [_id(DATA.special_by_id, c, "special card") for c in entry["specials"]]
            held[int(key)] = cards
    for seat, cards in held.items():
        state.special_hand[seat] = sorted(cards)
        state.specials_held[seat] = [sum(1 for c in cards if DATA.specials[c].deck == d) for d in range(4)]
    taken = {c for cards in held.values() for c in cards}
    _need(sum(len(c) for c in held.values()) == len(taken), "a Special card is held twice")
    decks = spec.get("special_decks")
    if decks is not None:
        _need(isinstance(decks, dict), "'special_decks' must be a table by Location")
        for loc, cards in decks.items():
            _need(loc in LOCATIONS[:4], f"'special_decks': unknown deck {loc!r}")
            state.special_decks[LOCATIONS.index(loc)] = [_id(DATA.special_by_id, c, "special card")
                                             for c in cards]
    state.special_decks = [[c for c in d if c not in taken] for d in state.special_decks]


def _special_under(state: TrickerionState, seat: int, char: int, item: dict[str, Any]) -> None:
    if "special" not in item:
        return
    _need(state.dark_alley, "'special' cards need the option dark_alley = true")
    card = _id(DATA.special_by_id, item["special"], "special card")
    state.special_card[seat][char] = card
    state.card_location[seat][char] = DATA.specials[card].deck
    state.specials_held[seat][DATA.specials[card].deck] += 1
    state.special_decks = [[c for c in d if c != card] for d in state.special_decks]


def _recount(state: TrickerionState) -> None:
    state.scheduled = [[0] * 4 for _ in range(state.players)]
    for row in state.markers:
        for code in row:
            if code >= 0:
                state.scheduled[marker_seat(code)][marker_suit(code)] += marker_count(code)
    for seat in range(state.players):
        for suit in range(4):
            _need(state.supply(seat, suit) >= 0, f"seat {seat}: more than 4 markers of one Trick")
    _need(state.dark_alley or all(state.owner[t.index] < 0 for t in DATA.tricks if t.dark_alley_only),
          "Level-3 Tricks are Dark Alley only (TR-1.2)")


def _place(state: TrickerionState, seat: int, char: int, slot_id: Any) -> None:
    from .rules.placement import SLOTS_BY_LOCATION, WORKSHOP
    sl = DATA.slots[_id(DATA.slot_by_id, slot_id, "slot")]
    state.card_location[seat][char] = sl.location
    state.card_state[seat][char] = CS_PLACED
    state.placed[seat][char] = sl.index
    if sl.location == WORKSHOP:
        state.workshop_occupants[seat][SLOTS_BY_LOCATION[WORKSHOP].index(sl)] = char
    else:
        _need(state.occupant_by_slot[sl.index] < 0, f"slot {sl.id} is taken twice")
        state.occupant_by_slot[sl.index] = seat * 8 + char
    if sl.day >= 0:
        _need(state.day_owner[sl.day] in (-1, seat), f"TR-12.1: {WEEKDAYS[sl.day]} has an owner")
        state.performance_day[seat], state.day_owner[sl.day] = sl.day, seat


def _who(item: Any, what: str) -> tuple[int, int]:
    _need(isinstance(item, dict), f"'{what}' entries must be tables")
    seat = _int(item.get("seat"), f"{what}.seat")
    _need(item.get("character") in CHARACTERS, f"'{what}': unknown character "
                                               f"{item.get('character')!r}")
    return seat, CHARACTERS.index(item["character"])


def _phase(state: TrickerionState, spec: dict[str, Any]) -> None:
    phase = spec.get("phase", "advertise")
    _need(phase in PHASES, f"'phase' must be one of {', '.join(PHASES)}")
    if phase == "advertise":
        state.phase, state.order_position = Phase.ADVERTISE, 0
        flow.advance(state)
        return
    turn.start_assignment(state)
    if phase == "assignment":
        return
    state.assign_done = [True] * state.players
    state.revealed = True
    for item in spec.get("cards", []):
        seat, char = _who(item, "cards")
        if "special" in item:
            _special_under(state, seat, char, item)
        else:
            _need(item.get("location") in LOCATIONS, "'cards': unknown location")
            state.card_location[seat][char] = LOCATIONS.index(item["location"])
        state.card_state[seat][char] = CS_PENDING
        if not item.get("face_down", False):            # p20 keeps cards face down
            state.shown[seat] |= 1 << char
    for item in spec.get("placed", []):
        seat, char = _who(item, "placed")
        _special_under(state, seat, char, item)
        if "special" in item:
            state.special_mode[seat][char] = 1 if item.get("ability", False) else 2
        _place(state, seat, char, item.get("slot"))
        state.shown[seat] |= 1 << char
    state.phase, state.order_position = Phase.PLACE_CHARACTER, 0
    if phase == "actions":
        item = spec.get("placing") or {}
        seat, char = _who(item, "placing")
        _special_under(state, seat, char, item)
        _place(state, seat, char, item.get("slot"))
        state.shown[seat] |= 1 << char
        from .rules.placement import turn_base_ap
        sl = DATA.slots[state.placed[seat][char]]
        ap = 0 if sl.performance else max(0, turn_base_ap(state, seat, char) + sl.ap_modifier)
        state.placement_character, state.placement_slot, state.placement_enhanced = char, sl.index, False
        state.placement_flags = PF_UNDECLARED if state.special_card[seat][char] >= 0 else 0
        state.action_points = _int(item.get("ap", ap), "placing.ap")
        state.phase, state.acting, state.order_position = Phase.ACTIONS, seat, state.order.index(seat)
        return
    if phase in ("performance", "end_turn"):
        state.phase = Phase.PERFORMANCE
        day = spec.get("performance_day", "thursday")
        _need(day in WEEKDAYS, "'performance_day' must be a weekday")
        state.performing_day = 4 if phase == "end_turn" else WEEKDAYS.index(day)
    flow.advance(state)


__all__ = ["MANAGER", "build"]
