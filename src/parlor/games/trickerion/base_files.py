"""Readers of the base game's data files (components, Tricks, Performance cards, Locations,
characters, Magicians, dice, setup, scoring), each validated with errors naming the file and entry."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlor.core import DataError
from parlor.core.data import Entry, entries, load_toml, section

from .records import (
    CATEGORIES,
    DICE,
    LOCATIONS,
    SPECIALISTS,
    WEEKDAYS,
    Beginner,
    Character,
    Component,
    Magician,
    PerfCard,
    ScoringCategory,
    Slot,
    Trick,
)


def component_counts(raw: Any, where: str, comps: dict[str, int]) -> tuple[tuple[int, int], ...]:
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


def load_components(path: Path) -> tuple[tuple[Component, ...], dict[str, int], dict[str, Any]]:
    doc = load_toml(path)
    tiers = {}
    for e in entries(doc, "tier", path.name):
        tiers[e.req("id", str)] = e.req("coin_price", int)
        e.req("name", str)
        e.done()
    comps = []
    for i, e in enumerate(entries(doc, "component", path.name)):
        tier = e.ref("tier", tiers)
        comp = Component(i, e.req("id", str), e.req("name", str), tier, e.req("coin_price", int))
        if comp.price != tiers[tier]:
            raise DataError(f"{e.where}: coin_price {comp.price} differs from tier price")
        e.done()
        comps.append(comp)
    by_id = {c.id: c.index for c in comps}
    storage = section(doc, "storage", path.name)
    store = {k: storage.req(k, int) for k in ("workshop_component_slots", "max_effective_per_type",
                                              "manager_multi_slots", "manager_slot_bonus",
                                              "manager_slot_max_physical")}
    storage.req("one_pile_per_type", bool)
    storage.req("may_discard_any_time", bool)
    storage.done()
    market = section(doc, "market", path.name)
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


def load_tricks(path: Path, comps: dict[str, int]) -> tuple[Trick, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    thresholds = section(doc, "thresholds", path.name)
    by_level = {lv: thresholds.req(f"level_{lv}", int) for lv in (1, 2, 3)}
    thresholds.done()
    out: list[Trick] = []
    seen: set[str] = set()
    for i, e in enumerate(entries(doc, "trick", path.name)):
        tid = e.req("id", str)
        if tid in seen:
            raise DataError(f"{e.where}: duplicate id")
        seen.add(tid)
        level = e.req("level", int)
        if level not in by_level or e.req("fame_threshold", int) != by_level[level]:
            raise DataError(f"{e.where}: level/fame_threshold do not match [thresholds]")
        components = component_counts(e.req("components", dict), e.where + " components", comps)
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
            alt_components=component_counts(alt, e.where + " alt_components_bga", comps) if alt
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


def card_geometry(e: Entry, slots: tuple[str, ...]) -> tuple[tuple[tuple[int, int, bool], ...],
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


def load_cards(path: Path) -> tuple[PerfCard, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    theaters = {}
    for e in entries(doc, "theater", path.name):
        theaters[e.req("id", str)] = e.req("cards", int)
        e.req("name", str)
        e.req("dark_alley_only", bool)
        e.done()
    out: list[PerfCard] = []
    for i, e in enumerate(entries(doc, "card", path.name)):
        slots = tuple(e.req("slots", list))
        if len(slots) != e.req("slot_count", int):
            raise DataError(f"{e.where}: slot_count does not match slots")
        links, neighbours = card_geometry(e, slots)
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


def load_locations(path: Path) -> dict[str, Any]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    slots: list[Slot] = []
    for e in entries(doc, "location", path.name):
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
    for e in entries(doc, "weekday", path.name):
        weekday = WEEKDAYS.index(e.one_of("id", WEEKDAYS))
        if e.req("order", int) != weekday + 1:
            raise DataError(f"{e.where}: order must be {weekday + 1}")
        fame[weekday], coins[weekday] = e.req("yield_fame_modifier", int), e.req("yield_coin_modifier", int)
        e.req("name", str)
        e.req("name_zh", str)
        e.done()
    action_ap: dict[str, int] = {}
    for e in entries(doc, "action", path.name):
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
    enh = section(doc, "enhance_character", path.name)
    shard_cost, ap_gain = enh.req("shard_cost", int), enh.req("ap_gain", int)
    enh.req("max_per_placement", int)
    enh.req("forbidden_locations", list)
    enh.done()
    return {"slots": tuple(slots), "fame": tuple(fame), "coins": tuple(coins),
            "enhance_shards": shard_cost, "enhance_ap": ap_gain, "action_ap": action_ap}


def load_characters(path: Path) -> dict[str, Character]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out = {}
    for e in entries(doc, "character", path.name):
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
    for e in entries(doc, "extension", path.name):
        for k in ("id", "name", "workshop_action", "setup_bonus"):
            e.req(k, str)
        e.one_of("specialist", SPECIALISTS)
        for k in ("adds_trick_slots", "prepare_bonus_markers", "adds_component_slots",
                  "adds_apprentice_slots"):
            e.opt(k, int, 0)
        e.done()
    return out


def load_magicians(path: Path) -> tuple[Magician, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out = []
    for i, e in enumerate(entries(doc, "magician", path.name)):
        out.append(Magician(i, e.req("id", str), e.req("name", str),
                            CATEGORIES.index(e.one_of("favorite_category", CATEGORIES)),
                            e.req("ability_id", str), e.opt("ability_ap", int, 0),
                            e.opt("shard_cost", int, 0)))
        for k in ("ability_name", "ability_text"):
            e.req(k, str)
        e.done()
    return tuple(out)


def load_dice(path: Path) -> tuple[tuple[str, ...], ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    faces: dict[str, tuple[str, ...]] = {}
    for e in entries(doc, "die", path.name):
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


def load_setup(path: Path, trick_ids: dict[str, int], comps: dict[str, int]) -> dict[str, Any]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    game = section(doc, "game", path.name)
    table = {k: game.req(k, int) for k in (
        "min_players", "max_players", "turns_base", "turns_dark_alley", "starting_fame", "min_fame",
        "starting_shards", "starting_shards_magician_powers", "starting_component_value",
        "manager_bonus_component_value", "advertise_fame")}
    game.done()
    coins = section(doc, "coins", path.name)
    base = coins.req("base", int)
    bonus_raw = coins.req("space_bonus", dict)
    bonus = tuple(bonus_raw.get(f"space_{i}") for i in range(1, 5))
    if not all(isinstance(b, int) for b in bonus):
        raise DataError(f"{path.name} [coins]: space_bonus needs space_1..space_4")
    coins.done()
    spaces = {}
    for e in entries(doc, "player_count", path.name, "players"):
        n = e.req("players", int)
        spaces[n] = tuple(e.req("initiative_spaces", list))
        e.req("starting_coins", list)
        for k in ("covered_plus_one_slots_per_location", "performance_slots",
                  "initial_performance_cards"):
            e.req(k, int)
        e.done()
    deck = section(doc, "performance_deck", path.name)
    decks = {m: tuple(deck.req(m, list)) for m in ("base", "dark_alley")}
    deck.done()
    hand = section(doc, "permanent_assignment_hand", path.name)
    hands = {}
    for m in ("base", "dark_alley"):
        h = hand.req(m, dict)
        if set(h) - set(LOCATIONS):
            raise DataError(f"{path.name} [permanent_assignment_hand] {m}: unknown location")
        hands[m] = tuple(int(h.get(loc, 0)) for loc in LOCATIONS)
    hand.done()
    beginner = {}
    for e in entries(doc, "beginner_setup", path.name, "category"):
        cat = CATEGORIES.index(e.one_of("category", CATEGORIES))
        beginner[cat] = Beginner(
            cat, trick_ids[e.ref("trick", trick_ids)],
            component_counts(e.req("workshop_components", dict), e.where, comps),
            e.one_of("specialist", SPECIALISTS),
            component_counts(e.opt("manager_components", dict, {}), e.where, comps),
            trick_ids[e.ref("engineer_trick", trick_ids)] if "engineer_trick" in e.raw else -1)
        e.opt("extra_apprentice_on_assistant", int, 0)
        e.done()
    if "prophecies" not in doc:
        raise DataError(f"{path.name}: missing [prophecies]")
    return {"game": table, "coin_base": base, "space_bonus": bonus, "spaces": spaces,
            "decks": decks, "hands": hands, "beginner": beginner}


def load_scoring(path: Path) -> tuple[ScoringCategory, ...]:
    doc = load_toml(path)
    doc_version(doc, path.name)
    out = []
    for e in entries(doc, "category", path.name):
        cid = e.req("id", str)
        e.req("name", str)
        modes = tuple(e.req("modes", list))
        if "per_trick_cap" in e.raw:
            out.append(ScoringCategory(cid, 0, 1, e.req("per_trick_cap", int), modes))
        else:
            out.append(ScoringCategory(cid, e.req("fame_per", int), e.req("unit", int),
                                       e.req("cap", int), modes))
        e.done()
    return tuple(out)
