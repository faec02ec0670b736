"""The character table (`characters.toml`, SR-20.8): read and checked card by card.
`check_characters(path)` lists every problem (empty = valid)."""

from __future__ import annotations

from typing import Any

from .data import (
    ABILITY_TIMINGS,
    KINDS,
    LIMITS,
    ORIGINS,
    TRIGGERS,
    CharacterDef,
    base_data,
    parse_effects,
)
from .problems import At, Problem
from .table_files import TableFile, check_choices, check_field, typed_entry

CHARACTER_HEADER = ("schema_version", "table_origin")
CHARACTER_FIELDS: dict[str, type] = {
    "no": int, "id": str, "name": str, "name_zh": str, "origin": str, "kind": str,
    "limit": str, "timing": str, "trigger": str, "effects": list, "text": str,
}
# the fields whose value is one of a closed list (SR-20.8)
CHARACTER_CHOICES: dict[str, tuple[str, ...]] = {
    "origin": ORIGINS, "kind": KINDS, "limit": LIMITS, "timing": ABILITY_TIMINGS, "trigger": TRIGGERS,
}


def _character_entries(top: At, doc: dict[str, Any], table: dict[str, Any],
                       errors: list[Problem]) -> dict[str, CharacterDef]:
    need = base_data().constants.character_cards
    if len(table) != need:
        errors.append(top.problem("character_count", need=need, found=len(table)))
    out: dict[str, CharacterDef] = {}
    for key, raw in table.items():
        card = _check_character(key, raw, top.entry("character", key, raw), errors)
        if card is not None:
            out[key] = card
    return out


# The character table, key (e.g. "c01") -> card: `check_characters(path)` lists every problem of
# a file (empty = valid), `check_characters_text` of an upload; `load_characters(source)` reads
# the packaged table (None, "" or "default"), a file (a Path) or TOML text (a str).
CHARACTERS = TableFile("characters.toml", "characters", "character", CHARACTER_HEADER,
                       _character_entries, missing="no_characters")
check_characters = CHARACTERS.check
check_characters_text = CHARACTERS.check_text
load_characters = CHARACTERS.load


def _check_character(key: str, raw: Any, at: At, errors: list[Problem]) -> CharacterDef | None:
    v = typed_entry(raw, CHARACTER_FIELDS, at, "SR-20.8", errors)
    if v is None:
        return None
    before = len(errors)
    check_choices(v, CHARACTER_CHOICES, at, errors)
    if len(errors) > before:
        return None
    kind = v["kind"]
    effects = parse_effects(v["effects"], at, "passive" if kind == "passive" else "use", errors)
    cancels = any(e.op == "cancel_weapon" for e in effects)
    # SR-20.8: which of limit, timing and trigger each kind of card sets ("none" for the others)
    needs = {"passive": (), "activated": ("limit", "timing"), "triggered": ("trigger",)}[kind]
    for field in ("limit", "timing", "trigger"):
        if field in needs:
            check_field(v[field] != "none", at, f"{kind}_needs_value", errors, field=field)
        else:
            check_field(v[field] == "none", at, f"{kind}_needs_none", errors, field=field)
    if kind == "triggered" and cancels:
        errors.append(at.problem("triggered_cancel_weapon"))
    if kind == "activated" and cancels:
        check_field(v["timing"] == "response_to_attack_on_self", at, "activated_cancel_timing",
                    errors, field="timing")
    if len(errors) > before:
        return None
    return CharacterDef(key, v["no"], v["id"], v["name"], v["name_zh"], v["origin"], kind,
                        v["limit"], v["timing"], v["trigger"], effects, v["text"])
