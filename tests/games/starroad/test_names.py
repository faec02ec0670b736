"""Star Road's words: every player named by name (never "P1" or a 0-based seat), every component named in
English, Traditional Chinese and Spanish (the spec's `name` / `name_zh`, Spanish from names.toml)."""

from __future__ import annotations

import re
import string
import tomllib
from pathlib import Path

import pytest

from parlor.core import Event, Rng
from parlor.core.text import LANGS
from parlor.games.starroad import GAME
from parlor.games.starroad.data import DATA_DIR

PACKAGE = Path(DATA_DIR).parent
NAMES = tomllib.loads((PACKAGE / "names.toml").read_text(encoding="utf-8"))
PLAYERS = ["Aurelio", "Bettina", "Casimir", "Dagny", "Eulalia", "Fergus", "Gunnhild", "Hyacinth"]
# Event and move fields that hold a seat: each must be written `{field:seat}` in every catalog.
SEAT_FIELDS = {"seat", "target", "attacker", "victim", "last", "winners", "order", "eliminator"}
BAD = re.compile(r"\bP\d\b|\[\d+\]|\bNone\b|\bTrue\b|\bFalse\b|Seat \d|座位|Asiento")


def _data(name: str) -> dict:
    return tomllib.loads((DATA_DIR / name).read_text(encoding="utf-8"))


def _fields(template: str) -> list[tuple[str, str]]:
    return [(field, spec or "") for _, field, spec, _ in string.Formatter().parse(template) if field]


def _expected(template: str, data: dict, seat: int | None) -> set[str]:
    """The players a sentence must name: its {player} and every seat field it shows."""
    out: set[str] = set()
    for field, spec in _fields(template):
        if field == "player" and "player" not in data and seat is not None:
            out.add(PLAYERS[seat])
        elif spec == "seat":
            value = data[field]
            out.update(PLAYERS[v] for v in (value if isinstance(value, list) else [value]))
    return out


def _check(text: str, expected: set[str], players: int, what: str) -> None:
    named = {name for name in PLAYERS[:players] if name in text}
    assert named == expected, f"{what}: names {sorted(named)}, should name {sorted(expected)}: {text!r}"
    assert not BAD.search(text), f"{what}: seat number or raw value in {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_seat_fields_are_written_as_players(lang):
    """Every template field that holds a seat is shown through {field:seat}, in every language."""
    catalog = GAME.catalogs()[lang]
    for section in (catalog.events, catalog.moves):
        for kind, template in section.items():
            assert not re.search(r"P\{", template), f"{lang} {kind}: {template}"
            for field, spec in _fields(template):
                if field in SEAT_FIELDS:
                    assert spec == "seat", f"{lang} {kind}: {{{field}}} must be {{{field}:seat}}"


@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_name_the_right_players(players):
    """Random Star Road games at 2-8 players: every log line and every move label, in every language,
    names exactly the players involved, by name."""
    catalogs = GAME.catalogs()
    names = PLAYERS[:players]
    kinds_seen: set[str] = set()
    for seed in range(2):
        state = GAME.setup(players, 1000 * players + seed)
        rng = Rng(seed)
        for _ in range(700):
            if state.is_over():
                break
            seat = state.actors()[0]
            moves = state.legal_moves(seat)
            for lang in LANGS:
                for move in moves:
                    template = catalogs[lang].moves[move.kind]
                    text = catalogs[lang].move(move, names, seat)
                    _check(text, _expected(template, move.to_json(), seat), players, f"{lang} move")
            events: list[Event] = state.play(seat, rng.choice(moves))
            for event in events:
                kinds_seen.add(event.kind)
                for lang in LANGS:
                    template = catalogs[lang].events[event.kind]
                    text = catalogs[lang].event(event, names)
                    _check(text, _expected(template, event.data, event.seat), players,
                           f"{lang} {event.kind}")
    # the walk reached the sentences that name other players, not only the acting one
    assert {"first", "turn", "built"} <= kinds_seen


def _component_names() -> dict[str, tuple[str, str]]:
    """Every named component of the data: key -> (English, Chinese)."""
    out: dict[str, tuple[str, str]] = {}
    for table, file in (("object", "objects.toml"), ("character", "characters.toml"),
                        ("structure", "ground.toml")):
        for key, entry in _data(file)[table].items():
            out[f"{table}:{key}"] = (entry["name"], entry["name_zh"])
    factions = _data("factions.toml")
    for entry in factions["colour"]:
        out[f"colour:{entry['code']}"] = (entry["name"], entry["name_zh"])
    for entry in factions["group"]:
        out[f"group:{entry['id']}"] = (entry["name"], entry["name_zh"])
    for entry in factions["faction_card"]:
        out[f"faction_card:{entry['code']}"] = (entry["name"], entry["name_zh"])
    for entry in _data("components.toml")["component"]:
        out[f"component:{entry['id']}"] = (entry["name"], entry["name_zh"])
    return out


def test_every_component_has_three_names():
    """Objects, characters, ground structures, colours, groups, faction cards and components: English and
    Chinese from the spec, Spanish from names.toml, each non-empty."""
    for key, (english, chinese) in _component_names().items():
        table, ident = key.split(":", 1)
        spanish = NAMES["es"][table].get(ident)
        assert english and chinese and spanish, f"{key}: {english!r} / {chinese!r} / {spanish!r}"


def test_every_effect_has_three_names():
    ops = [p["op"] for p in _data("effects.toml")["primitive"]]
    assert sorted(NAMES["effect"]) == sorted(ops)
    for op in ops:
        assert all(NAMES["effect"][op].get(lang) for lang in LANGS), op


def full_width(chinese: str) -> str:
    """The spec's Chinese name as a Chinese page writes it: its half-width brackets beside Chinese
    ("紅 (隊長)") full-width ("紅（隊長）")."""
    return re.sub(r"\s*\(([^()]*)\)", r"（\1）", chinese)


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_names_follow_the_data(lang):
    """The catalogs' [names] are the data's names: `name`, `name_zh`, Spanish from names.toml."""
    catalog = GAME.catalogs()[lang]
    column = LANGS.index(lang)
    for key, (english, chinese) in _component_names().items():
        table, ident = key.split(":", 1)
        if table in ("colour", "component"):
            continue  # colours are named by their faction cards; components are not named in play
        expected = (english, full_width(chinese), NAMES["es"][table][ident])[column]
        assert catalog.names[ident] == expected, f"{lang} [names] {ident}"
    for op, words in NAMES["effect"].items():
        assert catalog.names[op] == words[lang], f"{lang} [names] {op}"


# Spanish that is rightly the same as English (a symbol, or a word both languages share).
SAME_IN_SPANISH = {"[W]", "Base", "no", "Star Road the Gathering",  # and the title, a proper name
                   "{place}: {text}", ", ", ": ", "; "}  # the punctuation placing a chart's problem


def test_spanish_is_translated():
    """No Spanish string is left in English (the issue found 43)."""
    catalogs = GAME.catalogs()
    english, spanish = catalogs["en"], catalogs["es"]
    for section in ("events", "moves", "names", "ui", "steps"):
        en, es = getattr(english, section), getattr(spanish, section)
        assert set(en) == set(es), f"[{section}] keys differ"
        same = sorted(k for k in en if en[k] == es[k] and en[k] not in SAME_IN_SPANISH)
        assert not same, f"[{section}] untranslated: {same}"
        zh = getattr(catalogs["zh_TW"], section)
        assert set(zh) == set(en), f"zh_TW [{section}] keys differ"
