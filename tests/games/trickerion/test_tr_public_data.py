"""Trickerion's public component data (`Game.public_data`, served by GET /api/games/trickerion/data):
every printed face the board draws, with the numbers of the spec's data files, and nothing hidden;
the card texts it refers to exist in the three catalogs."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from parlor.games.trickerion.data import DATA, DICE, LOCATIONS
from parlor.games.trickerion.game import Trickerion

TEXT = Path(__file__).parents[3] / "src" / "parlor" / "games" / "trickerion" / "text"
DATA_DIR = Path(__file__).parents[3] / "src" / "parlor" / "games" / "trickerion" / "data"


@pytest.fixture(scope="module")
def public() -> dict:
    return Trickerion().public_data()


def test_every_trick_with_its_printed_numbers(public: dict) -> None:
    """TR-9.2, TR-11.3, TR-14.3, TR-16.3: 48 Tricks; e.g. Enchanted Butterflies: Optical, level 1,
    threshold 1, 2 Fabric, 1 AP, 2 markers, 2 Fame."""
    assert len(public["tricks"]) == 48
    t = public["tricks"]["enchanted_butterflies"]
    assert (t["category"], t["level"], t["threshold"]) == ("optical", 1, 1)
    assert t["components"] == {"fabric": 2}
    assert (t["prepare_ap"], t["markers"], t["link_reward"]) == (1, 2, 1)
    assert t["yields"] == {"fame": 2, "coins": 0, "shards": 0}
    assert t["endgame"] is None
    mutilation = public["tricks"]["mutilation"]             # a Dark Alley Level-3 Trick
    assert mutilation["dark_alley_only"] and mutilation["threshold"] == 36
    assert mutilation["endgame"] == {"type": "all_specialists", "cap": 20, "fame": 12}
    assert public["tricks"]["rabbit_from_the_top_hat"]["bga"]["markers"] == 2
    for trick in DATA.tricks:
        entry = public["tricks"][trick.id]
        assert sum(entry["components"].values()) == sum(n for _, n in trick.components)


def test_performance_cards_slots_links_and_shard_circles(public: dict) -> None:
    """TR-12.2: every card's slots and Link circles, one Shard circle each; the bonus."""
    cards = public["performance_cards"]
    assert len(cards) == len(DATA.cards) == 28
    card = cards["riverside_01"]
    assert card["slots"] == ["c0r0", "c0r1", "c0r2"]
    assert card["links"] == [{"a": "c0r0", "b": "c0r1", "shard": True},
                             {"a": "c0r1", "b": "c0r2", "shard": False}]
    assert card["bonus"] == {"fame": 0, "coins": 0, "shards": 1}
    for c in cards.values():
        assert sum(link["shard"] for link in c["links"]) == 1
        assert all(link["a"] in c["slots"] and link["b"] in c["slots"] for link in c["links"])


def test_assignments_magicians_prophecies_dice_and_spaces(public: dict) -> None:
    """TR-2.5/TR-17.3 hands, TR-18 Special cards, TR-20 Magicians, TR-19 Prophecies, TR-4 dice,
    the city's slots with their AP modifiers and the weekday modifiers (TR-14.3)."""
    assert public["assignments"]["permanent"]["base"] == {
        "downtown": 2, "market_row": 2, "workshop": 2, "theater": 3}
    assert public["assignments"]["permanent"]["dark_alley"]["dark_alley"] == 1
    specials = public["assignments"]["special"]
    assert len(specials) == 40
    assert specials["guest_performer"]["location"] == "theater"
    assert public["magicians"]["electra"] == {"favorite": "mechanical", "ability": "supercharge",
                                              "ability_ap": 0, "shard_cost": 0}
    assert public["magicians"]["yoruba_spiritmaster"]["shard_cost"] == 1
    assert len(public["prophecies"]) == 27
    assert public["prophecies"]["p13_mechanical_craze"]["category"] == "mechanical"
    assert list(public["dice"]) == list(DICE)
    assert public["dice"]["bank_a"] == ["3", "4", "4", "5", "6", "x"]
    assert public["slots"]["downtown_1"] == {"location": "downtown", "ap_modifier": 2,
                                             "min_players": 2, "day": None, "performance": False}
    assert public["slots"]["sunday_backstage_1"]["ap_modifier"] == -1
    assert public["slots"]["thursday_performance"]["performance"]
    assert public["weekdays_modifiers"]["thursday"] == {"fame": -1, "coins": -1}
    assert public["weekdays_modifiers"]["sunday"] == {"fame": 1, "coins": 1}
    assert public["characters"]["manager"]["performer_bonus"]["coins"] == 3
    assert public["locations"] == list(LOCATIONS)


def test_nothing_hidden_and_json_ready(public: dict) -> None:
    """TR-24: printed faces only: no deck order, no hands, no state."""
    assert set(public) == {
        "categories", "directions", "locations", "weekdays", "tricks", "performance_cards",
        "components", "characters", "character_ids", "magicians", "assignments", "prophecies",
        "dice", "slots", "weekdays_modifiers", "action_ap", "initiative_spaces", "advertise_fame",
        "enhance", "quick_order_surcharge", "turns", "fame_thresholds", "scoring"}
    assert set(public["assignments"]) == {"permanent", "special"}
    assert json.loads(json.dumps(public)) == public
    assert public == Trickerion().public_data()               # the same for every call and seat


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_card_texts_in_every_language(public: dict, lang: str) -> None:
    """Every Special card, Prophecy and Magician ability the board shows has its text in the
    language's catalog; English is the data files' wording."""
    ui = tomllib.loads((TEXT / f"{lang}.toml").read_text(encoding="utf-8"))["ui"]
    ids = [*public["assignments"]["special"], *public["prophecies"],
           *(m["ability"] for m in public["magicians"].values())]
    for card in ids:
        assert ui.get(f"text_{card}"), f"{lang}: text_{card} missing"
    for trick in public["tricks"].values():
        if trick["endgame"]:
            assert ui.get(f"endgame_{trick['endgame']['type']}")
    if lang == "en":
        specials = tomllib.loads((DATA_DIR / "assignment_cards.toml").read_text(encoding="utf-8"))
        for card in specials["special"]:
            assert ui[f"text_{card['id']}"] == card["text"]
