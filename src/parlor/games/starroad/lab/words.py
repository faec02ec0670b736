"""The words of the Star Road chart comparison page in English, Traditional Chinese and Spanish
(the game's own terms: the seed's 設計圖表, 物件, 資源標記 [W], and the Spanish catalog's).

Names of objects and characters come from the chart and the character table (`name`, `name_zh`,
`name_es` when the data has it); names of factions and teams from the game's text catalogs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from parlor.core.text import word_tables

# lab.<lang>.toml in the game's text folder: the lab's sentences, then the design chart's fields
# (SR-20.2, with the seed's notation), the values of those fields that are words, and the policies'
# and levels' names
WORDS: dict[str, dict[str, Any]] = word_tables(Path(__file__).parents[1] / "text", "lab")


def text(key: str, lang: str) -> str:
    return str(WORDS[lang][key])


def field(name: str, lang: str) -> str:
    return str(WORDS[lang]["field_names"].get(name, name))


def value(raw: Any, lang: str) -> str:
    """A field's value in words (numbers as they are; effects as their ops and amounts)."""
    if isinstance(raw, list):
        return "; ".join(_effect(e, lang) for e in raw) or "–"
    if isinstance(raw, str) and raw in WORDS[lang]["value_names"]:
        return str(WORDS[lang]["value_names"][raw])
    return str(raw)


def _effect(effect: dict[str, Any], lang: str) -> str:
    params = ", ".join(f"{value(k, lang)} {v}" for k, v in effect.items() if k != "op")
    return value(effect["op"], lang) + (f" ({params})" if params else "")


def policy(name: str, lang: str) -> str:
    """A policy's or level's name in `lang`; a bot spec (e.g. ismcts:200i) as it is written."""
    return str(WORDS[lang]["policy_names"].get(name, name))


def named(entry: dict[str, Any], lang: str) -> str:
    """An object's or character's name in `lang` (the English one when the data has none)."""
    local = {"zh_TW": "name_zh", "es": "name_es"}.get(lang)
    return str(entry.get(local) or entry["name"]) if local else str(entry["name"])


def row_name(row: dict[str, Any], lang: str) -> str:
    """A comparison's row in words: an object by its design number and name ("1011 Sling", the
    chart's own way), a character by its name (its key, c05, is the data's, not the card's)."""
    return f"{row['no']} {named(row, lang)}" if "no" in row else named(row, lang)


def effect_rows(effects: list[dict[str, Any]], lang: str) -> list[tuple[str, str, str, str, str]]:
    """The lab's effects (`study._effects`) as a table's rows, one for each thing a source's effects
    did: the object or character ("4031 Med Kit"), the effect in words, its total over all games, a
    game's mean and a use's ("–" for a source never used: a trigger set off by no use)."""
    rows = []
    for entry in effects:
        name = f"{entry['label']} {named(entry, lang)}" if entry["kind"] == "object" else named(entry, lang)
        for key, total in entry["effects"].items():
            per_game = f"{total / entry['games']:.2f}" if entry["games"] else "–"
            per_use = f"{total / entry['uses']:.1f}" if entry["uses"] else "–"
            rows.append((name, text(f"effect_{key}", lang), str(total), per_game, per_use))
    return rows


def measure(name: str, lang: str, short: bool) -> str:
    """A comparison's measure in words: short in the terminal's table ("made"), in full on the page
    ("made per game"); what an effect did reads the same in both ("HP healed per game")."""
    if name.startswith("effect_"):
        return text("per_game_of", lang).format(what=text(name, lang))
    return text(f"measure_{name}" if short else name, lang)
