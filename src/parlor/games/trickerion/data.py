"""Trickerion component data, read once from the package's own `data/*.toml` and validated.

Every number the rules code uses comes from here (TR-1). Errors name the file and the entry:
``tricks.toml [trick wolf_cage]: field 'level' must be int, got 'two'``.
Dark Alley data (special Assignment cards, Prophecies, Magnus Pantheon, Level-3 Tricks) is loaded and
validated as well, so that a `dark_alley` mode can be added without touching the loader.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from parlor.core import DataError
from parlor.core.data import Entry, load_toml

DATA_DIR = Path(__file__).parent / "data"

CATEGORIES = ("escape", "spiritual", "mechanical", "optical")   # clockwise cycle, TR-12.3
DIRECTIONS = ("N", "E", "S", "W")                                # clockwise, TR-12.3
CHARACTERS = ("magician", "assistant", "manager", "engineer",
              "apprentice_1", "apprentice_2", "apprentice_3", "apprentice_4")
SPECIALISTS = ("assistant", "manager", "engineer")
LOCATIONS = ("downtown", "market_row", "workshop", "theater", "dark_alley")
WEEKDAYS = ("thursday", "friday", "saturday", "sunday")
DICE = ("residence_a", "residence_b", "inn_specialist", "inn_apprentice", "bank_a", "bank_b")


@dataclass(frozen=True, slots=True)
class Trick:
    index: int
    id: str
    name: str
    category: int                 # index into CATEGORIES
    level: int
    threshold: int
    dark_alley_only: bool
    components: tuple[tuple[int, int], ...]       # (component index, count)
    alt_components: tuple[tuple[int, int], ...]   # A-06 (`bga` source); same as components if none
    prepare_ap: int
    markers: int
    alt_markers: int
    yield_fame: int
    yield_coins: int
    yield_shards: int
    link_reward: int
    endgame: tuple[tuple[str, Any], ...]          # Level-3 end bonus fields (DA, TR-16.3)


@dataclass(frozen=True, slots=True)
class Component:
    index: int
    id: str
    name: str
    tier: str
    price: int


@dataclass(frozen=True, slots=True)
class PerfCard:
    """A Performance card (TR-12.2). `neighbours[s]` lists (direction, other slot, link index)."""

    index: int
    id: str
    theater: str
    slots: tuple[str, ...]
    links: tuple[tuple[int, int, bool], ...]      # (slot a, slot b, shard)
    neighbours: tuple[tuple[tuple[int, int, int], ...], ...]
    bonus_fame: int
    bonus_coins: int
    bonus_shards: int
    printed: tuple[tuple[int, int, int], ...] = ()   # Duel gray markers: (slot, category, dir)


@dataclass(frozen=True, slots=True)
class Slot:
    index: int
    id: str
    location: int                 # index into LOCATIONS
    ap_modifier: int
    min_players: int
    day: int                      # index into WEEKDAYS, -1 outside the Theater
    performance: bool             # a Theater Performance slot (Magician only, no AP)


@dataclass(frozen=True, slots=True)
class Character:
    id: str
    base_ap: int
    wage: int
    final_fame: int
    bonus_fame: int
    bonus_coins: int
    bonus_shards: int


@dataclass(frozen=True, slots=True)
class Magician:
    index: int
    id: str
    name: str
    favorite: int                 # index into CATEGORIES
    ability_id: str               # Dark Alley side (TR-20)
    ability_ap: int
    shard_cost: int


@dataclass(frozen=True, slots=True)
class Special:
    """A Dark Alley Special Assignment card (TR-18): its ability is `id` resolved by the named
    effect primitives of `rules/specials.py`, with the numbers of `params` (data file fields)."""

    index: int
    id: str
    name: str
    location: str
    target_action: str
    deck: int                     # index into LOCATIONS (0..3: the four Special decks)
    params: dict[str, int]


@dataclass(frozen=True, slots=True)
class Prophecy:
    index: int
    id: str
    name: str
    effect_key: str
    category: int                 # index into CATEGORIES for the set-up bonus ones, else -1
    coins: int


@dataclass(frozen=True, slots=True)
class Module:
    """Magician Powers / Duel of Magicians data (TR-21, TR-22): `complete` only when the file
    says `data_complete = true` and its card tables validate; `reason` says what is missing."""

    file: str
    complete: bool
    reason: str
    tables: dict[str, tuple[dict[str, Any], ...]]
    settings: dict[str, Any]
    cards: tuple[PerfCard, ...] = ()     # Duel Performance cards, indices after DATA.cards


@dataclass(frozen=True, slots=True)
class Beginner:
    """One row of TR-2.8's beginners' set-up."""

    category: int
    trick: int
    components: tuple[tuple[int, int], ...]
    specialist: str
    manager_components: tuple[tuple[int, int], ...]
    engineer_trick: int           # -1 if none


@dataclass(frozen=True, slots=True)
class ScoringCategory:
    id: str
    fame_per: int
    unit: int
    cap: int
    modes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Data:
    tricks: tuple[Trick, ...]
    trick_by_id: dict[str, int]
    components: tuple[Component, ...]
    component_by_id: dict[str, int]
    cards: tuple[PerfCard, ...]
    card_by_id: dict[str, int]
    slots: tuple[Slot, ...]       # every slot of every Location (Workshop slots are per player)
    slot_by_id: dict[str, int]
    characters: dict[str, Character]
    magicians: tuple[Magician, ...]
    magician_by_id: dict[str, int]
    dice_faces: tuple[tuple[str, ...], ...]        # by DICE index
    action_ap: dict[str, int]
    weekday_fame: tuple[int, ...]
    weekday_coins: tuple[int, ...]
    setup: dict[str, Any]         # the [game] table of setup.toml
    coin_base: int
    space_bonus: tuple[int, ...]
    initiative_spaces: dict[int, tuple[int, ...]]
    deck_types: dict[str, tuple[str, ...]]
    hands: dict[str, tuple[int, ...]]              # mode -> cards per LOCATIONS index
    beginner: dict[int, Beginner]
    scoring: tuple[ScoringCategory, ...]
    storage: dict[str, int]
    initial_buy_area: tuple[int, ...]
    quick_order_surcharge: int
    enhance_shards: int
    enhance_ap: int
    specials: tuple[Special, ...]
    special_by_id: dict[str, int]
    prophecies: tuple[Prophecy, ...]
    prophecy_by_id: dict[str, int]
    markers_per_suit: int
    magician_powers: Module
    duel_of_magicians: Module


def _table(doc: dict[str, Any], key: str, where: str) -> list[Any]:
    value = doc.get(key)
    if not isinstance(value, list) or not value:
        raise DataError(f"{where}: missing array of tables [[{key}]]")
    return value


def _counts(raw: Any, where: str, comps: dict[str, int]) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, dict):
        raise DataError(f"{where}: must be a table of component counts")
    out = []
    for name, n in raw.items():
        if name not in comps:
            raise DataError(f"{where}: unknown component '{name}'")
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= 3:
            raise DataError(f"{where}: count of '{name}' must be 1..3, got {n!r}")
        out.append((comps[name], n))
    return tuple(sorted(out))


def _components(path: Path) -> tuple[tuple[Component, ...], dict[str, int], dict[str, Any]]:
    doc = load_toml(path)
    tiers = {}
    for raw in _table(doc, "tier", path.name):
        e = Entry(raw, f"{path.name} [tier {raw.get('id')}]")
        tiers[e.req("id", str)] = e.req("coin_price", int)
        e.req("name", str)
        e.done()
    comps = []
    for i, raw in enumerate(_table(doc, "component", path.name)):
        e = Entry(raw, f"{path.name} [component {raw.get('id')}]")
        tier = e.ref("tier", tiers)
        comp = Component(i, e.req("id", str), e.req("name", str), tier, e.req("coin_price", int))
        if comp.price != tiers[tier]:
            raise DataError(f"{e.where}: coin_price {comp.price} differs from tier price")
        e.done()
        comps.append(comp)
    by_id = {c.id: c.index for c in comps}
    storage = Entry(doc.get("storage"), f"{path.name} [storage]")
    store = {k: storage.req(k, int) for k in ("workshop_component_slots", "max_effective_per_type",
                                              "manager_multi_slots", "manager_slot_bonus",
                                              "manager_slot_max_physical")}
    storage.req("one_pile_per_type", bool)
    storage.req("may_discard_any_time", bool)
    storage.done()
    market = Entry(doc.get("market"), f"{path.name} [market]")
    extra: dict[str, Any] = {"storage": store}
    for k in ("buy_slots", "order_slots", "quick_order_slots", "quick_order_surcharge"):
        extra[k] = market.req(k, int)
    buy = market.req("initial_buy_area", list)
    if len(buy) != extra["buy_slots"] or any(b not in by_id for b in buy):
        raise DataError(f"{path.name} [market]: initial_buy_area must name {extra['buy_slots']} "
                        "known components")
    extra["initial_buy_area"] = tuple(by_id[b] for b in buy)
    market.done()
    doc_version(doc, path.name)
    return tuple(comps), by_id, extra


def doc_version(doc: dict[str, Any], name: str) -> None:
    if doc.get("schema_version") != 1:
        raise DataError(f"{name}: schema_version must be 1")


_ENDGAME_KEYS = ("endgame_type", "endgame_cap", "endgame_coins_per_fame", "endgame_fame",
                 "endgame_fame_each", "endgame_level", "endgame_min_tricks", "endgame_specialist",
                 "endgame_text", "endgame_tier")


def _tricks(path: Path, comps: dict[str, int]) -> tuple[Trick, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    thresholds = Entry(doc.get("thresholds"), f"{path.name} [thresholds]")
    by_level = {lv: thresholds.req(f"level_{lv}", int) for lv in (1, 2, 3)}
    thresholds.done()
    out: list[Trick] = []
    seen: set[str] = set()
    for i, raw in enumerate(_table(doc, "trick", path.name)):
        e = Entry(raw, f"{path.name} [trick {raw.get('id')}]")
        tid = e.req("id", str)
        if tid in seen:
            raise DataError(f"{e.where}: duplicate id")
        seen.add(tid)
        level = e.req("level", int)
        if level not in by_level or e.req("fame_threshold", int) != by_level[level]:
            raise DataError(f"{e.where}: level/fame_threshold do not match [thresholds]")
        components = _counts(e.req("components", dict), e.where + " components", comps)
        if sum(n for _, n in components) != e.req("component_total", int):
            raise DataError(f"{e.where}: component_total does not match components")
        alt = e.opt("alt_components_bga", dict, {})
        markers = e.req("markers", int)
        endgame = tuple((k, e.raw[k]) for k in _ENDGAME_KEYS if k in e.raw)
        for k in _ENDGAME_KEYS:
            if k in e.raw:
                e.used.add(k)
        e.req("endgame_type", str)
        out.append(Trick(
            index=i, id=tid, name=e.req("name", str),
            category=CATEGORIES.index(e.one_of("category", CATEGORIES)), level=level,
            threshold=by_level[level], dark_alley_only=e.req("dark_alley_only", bool),
            components=components,
            alt_components=_counts(alt, e.where + " alt_components_bga", comps) if alt
            else components,
            prepare_ap=e.req("prepare_ap", int), markers=markers,
            alt_markers=e.opt("alt_markers_bga", int, markers),
            yield_fame=e.req("yield_fame", int), yield_coins=e.req("yield_coins", int),
            yield_shards=e.req("yield_shards", int), link_reward=e.req("link_reward", int),
            endgame=endgame))
        e.done()
        if not 1 <= out[-1].markers <= 4 or not 1 <= out[-1].prepare_ap <= 3:
            raise DataError(f"{e.where}: markers must be 1..4 and prepare_ap 1..3")
    return tuple(out)


def _geometry(e: Entry, slots: tuple[str, ...]) -> tuple[tuple[tuple[int, int, bool], ...],
                                                        tuple[tuple[tuple[int, int, int], ...], ...]]:
    """TR-12.2: a card's listed Links between orthogonally adjacent slots, and per slot its
    (direction, other slot, link index) neighbours."""
    for s in slots:
        if not (isinstance(s, str) and len(s) == 4 and s[0] == "c" and s[1] in "01"
                and s[2] == "r" and s[3] in "012"):
            raise DataError(f"{e.where}: bad slot {s!r}")
    if len(set(slots)) != len(slots):
        raise DataError(f"{e.where}: a slot is listed twice")
    links: list[tuple[int, int, bool]] = []
    neighbours: list[list[tuple[int, int, int]]] = [[] for _ in slots]
    for raw_link in e.req("links", list):
        le = Entry(raw_link, f"{e.where} link")
        a, b = le.req("a", str), le.req("b", str)
        if a not in slots or b not in slots:
            raise DataError(f"{e.where}: link {a}-{b} names a missing slot")
        ia, ib = slots.index(a), slots.index(b)
        dx, dy = int(b[1]) - int(a[1]), int(b[3]) - int(a[3])
        if abs(dx) + abs(dy) != 1:
            raise DataError(f"{e.where}: link {a}-{b} joins slots that are not adjacent")
        d_ab = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}[(dx, dy)]
        li = len(links)
        links.append((ia, ib, le.req("shard", bool)))
        neighbours[ia].append((d_ab, ib, li))
        neighbours[ib].append(((d_ab + 2) % 4, ia, li))
        le.done()
    return tuple(links), tuple(tuple(sorted(n)) for n in neighbours)


def _cards(path: Path) -> tuple[PerfCard, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    theaters = {}
    for raw in _table(doc, "theater", path.name):
        e = Entry(raw, f"{path.name} [theater {raw.get('id')}]")
        theaters[e.req("id", str)] = e.req("cards", int)
        e.req("name", str)
        e.req("dark_alley_only", bool)
        e.done()
    out: list[PerfCard] = []
    for i, raw in enumerate(_table(doc, "card", path.name)):
        e = Entry(raw, f"{path.name} [card {raw.get('id')}]")
        slots = tuple(e.req("slots", list))
        if len(slots) != e.req("slot_count", int):
            raise DataError(f"{e.where}: slot_count does not match slots")
        links, neighbours = _geometry(e, slots)
        if len(links) != e.req("link_count", int) or sum(1 for *_, s in links if s) != 1:
            raise DataError(f"{e.where}: link_count wrong or not exactly one Shard circle")
        e.req("source_ref", str)
        e.req("name", str)
        out.append(PerfCard(i, e.req("id", str), e.ref("theater", theaters), slots, tuple(links),
                            neighbours, e.req("bonus_fame", int), e.req("bonus_coins", int),
                            e.req("bonus_shards", int)))
        e.done()
    for theater, count in theaters.items():
        if sum(1 for c in out if c.theater == theater) != count:
            raise DataError(f"{path.name} [theater {theater}]: cards = {count} does not match")
    return tuple(out)


def _locations(path: Path) -> dict[str, Any]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    slots: list[Slot] = []
    for raw in _table(doc, "location", path.name):
        e = Entry(raw, f"{path.name} [location {raw.get('id')}]")
        loc = LOCATIONS.index(e.one_of("id", LOCATIONS))
        for k in ("name", "name_zh"):
            e.req(k, str)
        for k in ("shared", "shard_enhance_allowed", "dark_alley_only"):
            e.req(k, bool)
        for raw_slot in e.req("slots", list):
            se = Entry(raw_slot, f"{e.where} slot {raw_slot.get('id')}")
            day = se.one_of("day", WEEKDAYS, "") if "day" in raw_slot else ""
            kind = se.one_of("kind", ("backstage", "performance"), "backstage")
            slots.append(Slot(len(slots), se.req("id", str), loc, se.req("ap_modifier", int),
                              se.req("min_players", int), WEEKDAYS.index(day) if day else -1,
                              kind == "performance"))
            se.done()
        e.done()
    fame, coins = [0] * 4, [0] * 4
    for raw in _table(doc, "weekday", path.name):
        e = Entry(raw, f"{path.name} [weekday {raw.get('id')}]")
        wd = WEEKDAYS.index(e.one_of("id", WEEKDAYS))
        if e.req("order", int) != wd + 1:
            raise DataError(f"{e.where}: order must be {wd + 1}")
        fame[wd], coins[wd] = e.req("yield_fame_modifier", int), e.req("yield_coin_modifier", int)
        e.req("name", str)
        e.req("name_zh", str)
        e.done()
    action_ap: dict[str, int] = {}
    for raw in _table(doc, "action", path.name):
        e = Entry(raw, f"{path.name} [action {raw.get('id')}]")
        action_ap[e.req("id", str)] = e.req("ap", int)
        e.one_of("location", LOCATIONS)
        for k in ("name", "name_zh", "rule", "requires_specialist", "requires_previous"):
            e.opt(k, str, "")
        for k in ("repeatable", "once_per_placement", "ap_from_trick", "same_type_only",
                  "backstage_only"):
            e.opt(k, bool, False)
        for k in ("max_components_per_action", "coin_discount", "min_total_price"):
            e.opt(k, int, 0)
        e.done()
    enh = Entry(doc.get("enhance_character"), f"{path.name} [enhance_character]")
    shard_cost, ap_gain = enh.req("shard_cost", int), enh.req("ap_gain", int)
    enh.req("max_per_placement", int)
    enh.req("forbidden_locations", list)
    enh.done()
    return {"slots": tuple(slots), "fame": tuple(fame), "coins": tuple(coins),
            "enhance_shards": shard_cost, "enhance_ap": ap_gain, "action_ap": action_ap}


def _characters(path: Path) -> dict[str, Character]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out = {}
    for raw in _table(doc, "character", path.name):
        e = Entry(raw, f"{path.name} [character {raw.get('id')}]")
        cid = e.one_of("id", ("magician", "apprentice", *SPECIALISTS))
        out[cid] = Character(cid, e.req("base_ap", int), e.req("wage", int),
                             e.req("final_fame_base_game", int),
                             e.opt("performer_bonus_fame", int, 0),
                             e.opt("performer_bonus_coins", int, 0),
                             e.opt("performer_bonus_shards", int, 0))
        e.req("name", str)
        e.req("name_zh", str)
        e.req("specialist", bool)
        e.req("disks_per_player", int)
        e.req("can_perform", bool)
        e.opt("extension", str, "")
        e.done()
    if len(out) != 5:
        raise DataError(f"{path.name}: expected 5 character types")
    for raw in _table(doc, "extension", path.name):
        e = Entry(raw, f"{path.name} [extension {raw.get('id')}]")
        for k in ("id", "name", "workshop_action", "setup_bonus"):
            e.req(k, str)
        e.one_of("specialist", SPECIALISTS)
        for k in ("adds_trick_slots", "prepare_bonus_markers", "adds_component_slots",
                  "adds_apprentice_slots"):
            e.opt(k, int, 0)
        e.done()
    return out


def _magicians(path: Path) -> tuple[Magician, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out = []
    for i, raw in enumerate(_table(doc, "magician", path.name)):
        e = Entry(raw, f"{path.name} [magician {raw.get('id')}]")
        out.append(Magician(i, e.req("id", str), e.req("name", str),
                            CATEGORIES.index(e.one_of("favorite_category", CATEGORIES)),
                            e.req("ability_id", str), e.opt("ability_ap", int, 0),
                            e.opt("shard_cost", int, 0)))
        for k in ("ability_name", "ability_text"):
            e.req(k, str)
        e.done()
    return tuple(out)


def _dice(path: Path) -> tuple[tuple[str, ...], ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    faces: dict[str, tuple[str, ...]] = {}
    for raw in _table(doc, "die", path.name):
        e = Entry(raw, f"{path.name} [die {raw.get('id')}]")
        did = e.one_of("id", DICE)
        f = e.req("faces", list)
        if len(f) != 6 or not all(isinstance(x, str) for x in f):
            raise DataError(f"{e.where}: a die needs 6 text faces")
        faces[did] = tuple(f)
        e.req("name", str)
        e.one_of("group", ("trick", "character", "coins"))
        e.done()
    if set(faces) != set(DICE):
        raise DataError(f"{path.name}: expected dice {', '.join(DICE)}")
    return tuple(faces[d] for d in DICE)


def _setup(path: Path, trick_ids: dict[str, int], comps: dict[str, int]) -> dict[str, Any]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    game = Entry(doc.get("game"), f"{path.name} [game]")
    table = {k: game.req(k, int) for k in (
        "min_players", "max_players", "turns_base", "turns_dark_alley", "starting_fame", "min_fame",
        "starting_shards", "starting_shards_magician_powers", "starting_component_value",
        "manager_bonus_component_value", "advertise_fame")}
    game.done()
    coins = Entry(doc.get("coins"), f"{path.name} [coins]")
    base = coins.req("base", int)
    bonus_raw = coins.req("space_bonus", dict)
    bonus = tuple(bonus_raw.get(f"space_{i}") for i in range(1, 5))
    if not all(isinstance(b, int) for b in bonus):
        raise DataError(f"{path.name} [coins]: space_bonus needs space_1..space_4")
    coins.done()
    spaces = {}
    for raw in _table(doc, "player_count", path.name):
        e = Entry(raw, f"{path.name} [player_count {raw.get('players')}]")
        n = e.req("players", int)
        spaces[n] = tuple(e.req("initiative_spaces", list))
        e.req("starting_coins", list)
        for k in ("covered_plus_one_slots_per_location", "performance_slots",
                  "initial_performance_cards"):
            e.req(k, int)
        e.done()
    deck = Entry(doc.get("performance_deck"), f"{path.name} [performance_deck]")
    decks = {m: tuple(deck.req(m, list)) for m in ("base", "dark_alley")}
    deck.done()
    hand = Entry(doc.get("permanent_assignment_hand"), f"{path.name} [permanent_assignment_hand]")
    hands = {}
    for m in ("base", "dark_alley"):
        h = hand.req(m, dict)
        if set(h) - set(LOCATIONS):
            raise DataError(f"{path.name} [permanent_assignment_hand] {m}: unknown location")
        hands[m] = tuple(int(h.get(loc, 0)) for loc in LOCATIONS)
    hand.done()
    beginner = {}
    for raw in _table(doc, "beginner_setup", path.name):
        e = Entry(raw, f"{path.name} [beginner_setup {raw.get('category')}]")
        cat = CATEGORIES.index(e.one_of("category", CATEGORIES))
        beginner[cat] = Beginner(
            cat, trick_ids[e.ref("trick", trick_ids)],
            _counts(e.req("workshop_components", dict), e.where, comps),
            e.one_of("specialist", SPECIALISTS),
            _counts(e.opt("manager_components", dict, {}), e.where, comps),
            trick_ids[e.ref("engineer_trick", trick_ids)] if "engineer_trick" in raw else -1)
        e.opt("extra_apprentice_on_assistant", int, 0)
        e.done()
    if "prophecies" not in doc:
        raise DataError(f"{path.name}: missing [prophecies]")
    return {"game": table, "coin_base": base, "space_bonus": bonus, "spaces": spaces,
            "decks": decks, "hands": hands, "beginner": beginner}


def _scoring(path: Path) -> tuple[ScoringCategory, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out = []
    for raw in _table(doc, "category", path.name):
        e = Entry(raw, f"{path.name} [category {raw.get('id')}]")
        cid = e.req("id", str)
        e.req("name", str)
        modes = tuple(e.req("modes", list))
        if "per_trick_cap" in raw:
            out.append(ScoringCategory(cid, 0, 1, e.req("per_trick_cap", int), modes))
        else:
            out.append(ScoringCategory(cid, e.req("fame_per", int), e.req("unit", int),
                                       e.req("cap", int), modes))
        e.done()
    return tuple(out)


_SPECIAL_PARAMS = ("ap_delta", "coins", "coins_cost", "enhance_ap", "extra_markers",
                   "max_components", "max_value", "others_fame_per_marker",
                   "own_fame_per_marker")


def _assignment(path: Path) -> tuple[Special, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    for raw in _table(doc, "permanent", path.name):
        e = Entry(raw, f"{path.name} [permanent {raw.get('id')}]")
        e.req("id", str)
        e.one_of("location", LOCATIONS)
        e.req("name", str)
        e.req("name_zh", str)
        e.opt("dark_alley_only", bool, False)
        e.done()
    out: list[Special] = []
    for raw in _table(doc, "special", path.name):
        e = Entry(raw, f"{path.name} [special {raw.get('id')}]")
        loc = e.one_of("location", LOCATIONS[:4])
        params = {k: e.opt(k, int, 0) for k in _SPECIAL_PARAMS if k in raw}
        out.append(Special(len(out), e.req("id", str), e.req("name", str), loc,
                           e.one_of("target_action", _TARGETS), LOCATIONS.index(loc), params))
        e.req("text", str)
        e.done()
    if len({s.id for s in out}) != len(out):
        raise DataError(f"{path.name}: duplicate special id")
    return tuple(out)


_TARGETS = ("set_up_trick", "reschedule", "perform", "prepare", "any", "hire_character",
            "learn_trick", "take_coins", "buy", "order", "quick_order")


def _prophecies(path: Path) -> tuple[Prophecy, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out: list[Prophecy] = []
    for raw in _table(doc, "prophecy", path.name):
        e = Entry(raw, f"{path.name} [prophecy {raw.get('id')}]")
        cat = e.one_of("category", CATEGORIES, "") if "category" in raw else ""
        out.append(Prophecy(len(out), e.req("id", str), e.req("name", str),
                            e.req("effect_key", str), CATEGORIES.index(cat) if cat else -1,
                            e.opt("coins", int, 0)))
        e.req("text", str)
        e.done()
    return tuple(out)


# The card tables of the two frame-only modules and the fields each entry needs (TR-21, TR-22;
# the schemas are the ones commented in the spec's data files, docs/trickerion-expansions.md).
MODULE_TABLES: dict[str, dict[str, dict[str, type]]] = {
    "magician_powers.toml": {
        "power_slot": {"id": str, "shard_symbols": int},
        "power": {"id": str, "name": str, "color": str, "fame_threshold": int,
                  "valid_slots": list, "text": str},
    },
    "duel_of_magicians.toml": {
        "duel_card": {"id": str, "theater": str, "slots": list, "links": list,
                      "printed_markers": list, "bonus_fame": int, "bonus_coins": int,
                      "bonus_shards": int},
        "turn_setup_card": {"id": str, "blocked_slots": list},
    },
}
# Card counts the rules name (TR-21.1: 3 colours x 30 Powers; A-23: 12 Turn Setup cards).
MODULE_COUNTS = {"power": 90, "turn_setup_card": 12}


def _module(path: Path) -> Module:
    """Magician Powers and Duel of Magicians: the frame (TR-21, TR-22, A-23). A file saying
    `data_complete = true` must hold every card table, each entry with its fields."""
    doc = load_toml(path)
    doc_version(doc, path.name)
    complete = doc.get("data_complete")
    if not isinstance(complete, bool):
        raise DataError(f"{path.name}: data_complete must be true or false")
    settings = dict(doc.get("module") or doc.get("variant") or {})
    tables: dict[str, tuple[dict[str, Any], ...]] = {}
    missing = []
    for key, fields in MODULE_TABLES[path.name].items():
        rows = doc.get(key, [])
        if not isinstance(rows, list):
            raise DataError(f"{path.name}: [[{key}]] must be an array of tables")
        for raw in rows:
            where = f"{path.name} [{key} {raw.get('id') if isinstance(raw, dict) else raw}]"
            if not isinstance(raw, dict):
                raise DataError(f"{where}: must be a table")
            for name, tp in fields.items():
                if not isinstance(raw.get(name), tp) or isinstance(raw.get(name), bool):
                    raise DataError(f"{where}: field '{name}' must be {tp.__name__}")
        if len({r["id"] for r in rows}) != len(rows):
            raise DataError(f"{path.name} [[{key}]]: duplicate id")
        want = MODULE_COUNTS.get(key, 1)
        if len(rows) < want:
            missing.append(f"{len(rows)} of {want} [[{key}]]")
        tables[key] = tuple(rows)
    if "power" in tables:
        colors = tuple(settings.get("deck_colors", ()))
        slots = {r["id"] for r in tables["power_slot"]}
        for r in tables["power"]:
            if r["color"] not in colors or any(v not in slots for v in r["valid_slots"]):
                raise DataError(f"{path.name} [power {r['id']}]: unknown color or slot")
    if not complete:
        return Module(path.name, False, f"data_complete = false in {path.name}, A-23", tables,
                      settings)
    if missing:
        raise DataError(f"{path.name}: data_complete = true but only {', '.join(missing)}")
    return Module(path.name, True, "", tables, settings)


def _duel_cards(module: Module, base: tuple[PerfCard, ...], slot_ids: set[str],
                ) -> tuple[PerfCard, ...]:
    """TR-22.1: Duel Performance cards (performance_cards.toml geometry plus printed gray
    markers), numbered after the base cards; Turn Setup cards must name existing slots."""
    theaters = {c.theater: 0 for c in base}
    out: list[PerfCard] = []
    for raw in module.tables["duel_card"]:
        e = Entry(raw, f"{module.file} [duel_card {raw.get('id')}]")
        slots = tuple(e.req("slots", list))
        links, neighbours = _geometry(e, slots)
        printed: list[tuple[int, int, int]] = []
        for pm in e.req("printed_markers", list):
            me = Entry(pm, f"{e.where} printed marker")
            slot = me.req("slot", str)
            if slot not in slots or any(x[0] == slots.index(slot) for x in printed):
                raise DataError(f"{e.where}: printed marker on a missing or taken slot {slot!r}")
            printed.append((slots.index(slot), CATEGORIES.index(me.one_of("category", CATEGORIES)),
                            DIRECTIONS.index(me.one_of("points", DIRECTIONS))))
            me.done()
        e.opt("name", str, "")
        out.append(PerfCard(len(base) + len(out), e.req("id", str), e.ref("theater", theaters),
                            slots, links, neighbours, e.req("bonus_fame", int),
                            e.req("bonus_coins", int), e.req("bonus_shards", int),
                            tuple(sorted(printed))))
        e.done()
    for raw in module.tables["turn_setup_card"]:
        e = Entry(raw, f"{module.file} [turn_setup_card {raw.get('id')}]")
        for slot in e.req("blocked_slots", list):
            if slot not in slot_ids:
                raise DataError(f"{e.where}: unknown slot {slot!r}")
        e.req("id", str)
        e.done()
    return tuple(out)


def load(data_dir: Path = DATA_DIR) -> Data:
    """Read and validate every data file. :raises DataError: naming the file and the entry."""
    comps, comp_by_id, market = _components(data_dir / "components.toml")
    tricks = _tricks(data_dir / "tricks.toml", comp_by_id)
    trick_by_id = {t.id: t.index for t in tricks}
    cards = _cards(data_dir / "performance_cards.toml")
    locs = _locations(data_dir / "locations.toml")
    slots: tuple[Slot, ...] = locs["slots"]
    setup = _setup(data_dir / "setup.toml", trick_by_id, comp_by_id)
    mdoc = load_toml(data_dir / "trick_markers.toml")
    doc_version(mdoc, "trick_markers.toml")
    geometry = Entry(mdoc.get("geometry"), "trick_markers.toml [geometry]")
    if tuple(geometry.req("clockwise_cycle", list)) != CATEGORIES or \
            tuple(geometry.req("directions_clockwise", list)) != DIRECTIONS:
        raise DataError("trick_markers.toml [geometry]: cycle or directions differ from TR-12.3")
    geometry.req("opposite", list)
    geometry.done()
    per = Entry(mdoc.get("per_player"), "trick_markers.toml [per_player]")
    markers_per_suit = per.req("trick_markers_per_suit", int)
    for k in ("suits", "symbol_markers_per_suit", "total_trick_markers", "total_symbol_markers"):
        per.req(k, int)
    per.done()
    powers = _module(data_dir / "magician_powers.toml")
    duel = _module(data_dir / "duel_of_magicians.toml")
    if duel.complete:
        duel = replace(duel, cards=_duel_cards(duel, cards, {s.id for s in slots}))
    specials = _assignment(data_dir / "assignment_cards.toml")
    prophecies = _prophecies(data_dir / "prophecies.toml")
    magicians = _magicians(data_dir / "magicians.toml")
    return Data(
        tricks=tricks, trick_by_id=trick_by_id, components=comps, component_by_id=comp_by_id,
        cards=cards, card_by_id={c.id: c.index for c in cards}, slots=slots,
        slot_by_id={s.id: s.index for s in slots}, characters=_characters(data_dir / "characters.toml"),
        magicians=magicians, magician_by_id={m.id: m.index for m in magicians},
        dice_faces=_dice(data_dir / "dice.toml"), action_ap=locs["action_ap"],
        weekday_fame=locs["fame"], weekday_coins=locs["coins"], setup=setup["game"],
        coin_base=setup["coin_base"],
        space_bonus=setup["space_bonus"], initiative_spaces=setup["spaces"],
        deck_types=setup["decks"], hands=setup["hands"], beginner=setup["beginner"],
        scoring=_scoring(data_dir / "scoring.toml"), storage=market["storage"],
        initial_buy_area=market["initial_buy_area"],
        quick_order_surcharge=market["quick_order_surcharge"],
        enhance_shards=locs["enhance_shards"], enhance_ap=locs["enhance_ap"],
        specials=specials, special_by_id={c.id: c.index for c in specials},
        prophecies=prophecies, prophecy_by_id={p.id: p.index for p in prophecies},
        markers_per_suit=markers_per_suit, magician_powers=powers, duel_of_magicians=duel)


DATA = load()


def module_help(what: str, module: Module) -> str:
    """Option help saying whether a frame-only module can be enabled (shown by `parlor games`)."""
    if module.complete:
        return f"{what}; data complete ({module.file})"
    return f"{what}; unavailable: data incomplete ({module.reason})"
