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
from .table_files import TableFile, check_choice, check_field, typed_entry

CHARACTER_FIELDS: dict[str, type] = {
    "no": int, "id": str, "name": str, "name_zh": str, "origin": str, "kind": str,
    "limit": str, "timing": str, "trigger": str, "effects": list, "text": str,
}


def _character_entries(name: str, doc: dict[str, Any]
                       ) -> tuple[dict[str, CharacterDef], list[str]]:
    errors: list[str] = []
    for key in sorted(set(doc) - {"character", "schema_version", "table_origin"}):
        errors.append(f"{name}: unknown top-level key '{key}'")
    table = doc.get("character")
    if not isinstance(table, dict):
        errors.append(f"{name}: no [character.cNN] entries")
        return {}, errors
    need = base_data().constants.character_cards
    if len(table) != need:
        errors.append(f"{name}: the table must hold exactly {need} character cards, "
                      f"found {len(table)} (SR-1.1)")
    out: dict[str, CharacterDef] = {}
    for key, raw in table.items():
        where = f"{name} [character.{key}]"
        card = _check_character(key, raw, where, errors)
        if card is not None:
            out[key] = card
    return out, errors


# The character table, key (e.g. "c01") -> card: `check_characters(path)` lists every problem of
# a file (empty = valid), `check_characters_text` of an upload; `load_characters(source)` reads
# the packaged table (None, "" or "default"), a file (a Path) or TOML text (a str).
CHARACTERS = TableFile("characters.toml", "characters", "character", _character_entries)
check_characters = CHARACTERS.check
check_characters_text = CHARACTERS.check_text
load_characters = CHARACTERS.load


def _check_character(key: str, raw: Any, where: str, errors: list[str]) -> CharacterDef | None:
    v = typed_entry(raw, CHARACTER_FIELDS, where, "SR-20.8", errors)
    if v is None:
        return None
    before = len(errors)
    check_choice(v, "origin", ORIGINS, where, errors)
    check_choice(v, "kind", KINDS, where, errors)
    check_choice(v, "limit", LIMITS, where, errors)
    check_choice(v, "timing", ABILITY_TIMINGS, where, errors)
    check_choice(v, "trigger", TRIGGERS, where, errors)
    if len(errors) > before:
        return None
    kind = v["kind"]
    effects = parse_effects(v["effects"], where, "passive" if kind == "passive" else "use", errors)
    if kind == "passive":
        for f in ("limit", "timing", "trigger"):
            check_field(v[f] == "none", where, f, "must be 'none' for a passive card (SR-20.8)", errors)
    elif kind == "activated":
        check_field(v["limit"] != "none", where, "limit", "must be set for an activated card (SR-20.8)",
              errors)
        check_field(v["timing"] != "none", where, "timing",
              "must be set for an activated card (SR-20.8)", errors)
        check_field(v["trigger"] == "none", where, "trigger",
              "must be 'none' for an activated card (SR-20.8)", errors)
    else:
        check_field(v["trigger"] != "none", where, "trigger",
              "must be set for a triggered card (SR-20.8)", errors)
        for f in ("limit", "timing"):
            check_field(v[f] == "none", where, f, "must be 'none' for a triggered card (SR-20.8)",
                  errors)
        if any(e.op == "cancel_weapon" for e in effects):
            errors.append(f"{where}: a triggered card cannot cancel weapons (SR-20.8)")
    if any(e.op == "cancel_weapon" for e in effects) and kind == "activated":
        check_field(v["timing"] == "response_to_attack_on_self", where, "timing",
              "must be 'response_to_attack_on_self' with cancel_weapon (SR-20.8)", errors)
    if len(errors) > before:
        return None
    return CharacterDef(key, v["no"], v["id"], v["name"], v["name_zh"], v["origin"], kind,
                        v["limit"], v["timing"], v["trigger"], effects, v["text"])
