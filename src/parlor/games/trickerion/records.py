"""Trickerion's data as frozen records (what `data.DATA` holds) and the fixed names the rules index by.

Categories, directions, characters, Locations, weekdays and dice are tuples whose positions are the
indices used everywhere in the state (TR-1, TR-12.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
