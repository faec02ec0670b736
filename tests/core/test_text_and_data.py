"""Text catalogs render events in three languages; data files give errors naming file and entry."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from fixturegames.sealed_bids import SealedBids
from parlor.core import DataError, Event, all_games
from parlor.core.data import (
    Entry,
    OptionSpec,
    entries,
    load_toml,
    option_specs,
    per_player_count,
    section,
)
from parlor.core.text import Catalog, word_tables


def test_events_read_in_every_language() -> None:
    catalogs = SealedBids().catalogs()
    event = Event("won", 1, None, {"prize": 3})
    names = ["Ann", "Bo"]
    assert catalogs["en"].event(event, names) == "Bo wins prize 3"
    assert catalogs["zh_TW"].event(event, names) == "Bo 贏得獎品 3"
    assert catalogs["es"].event(event, names) == "Bo gana el premio 3"


def test_names_are_localised_through_the_name_format() -> None:
    catalog = Catalog("zh_TW", {"events": {"learn": "{player} 學會 {trick:name}"},
                                "names": {"wolf_cage": "狼籠"}}, "zh_TW.toml")
    # no names given: the seat counted from 1, in words
    # the template spaces the field apart; Chinese writes two of its characters without a space
    assert catalog.event(Event("learn", 0, None, {"trick": "wolf_cage"})) == "座位 1 學會狼籠"


def test_chinese_keeps_a_space_only_beside_a_number_or_a_latin_word() -> None:
    names = {"b43": "43（中）", "c_nw": "中央島嶼西北", "d": "Dock"}
    catalog = Catalog("zh_TW", {"moves": {"raise": "以 {building:name} 在 {at:name} 加價"}, "names": names},
                      "zh_TW.toml")
    template = catalog.moves["raise"]
    assert catalog.fill(template, {"building": "b43", "at": "c_nw"}) == "以 43（中）在中央島嶼西北加價"
    assert catalog.fill(template, {"building": "b43", "at": "d"}) == "以 43（中）在 Dock 加價"
    english = Catalog("en", {"names": {"c_nw": "中央"}}, "en.toml")
    assert english.fill("以 {at:name} 加價", {"at": "c_nw"}) == "以 中央 加價"  # only Chinese is respaced


def test_bad_catalog_names_the_table() -> None:
    with pytest.raises(DataError, match=r"x.toml \[events\] won: must be text"):
        Catalog("en", {"events": {"won": 3}}, "x.toml")
    with pytest.raises(DataError, match="unknown table"):
        Catalog("en", {"event": {}}, "x.toml")


def test_word_tables_refuse_a_language_missing_a_key_or_adding_one(tmp_path: Path) -> None:
    """The terminal's, a report's and a lab's words: one file a language, each with English's keys
    (and the keys of English's sub-tables), or loading names the file and the key."""
    english = 'seat = "seat"\n[names]\nrusher = "rusher"\n'
    (tmp_path / "w.en.toml").write_text(english)
    (tmp_path / "w.es.toml").write_text('seat = "asiento"\n[names]\nrusher = "asaltante"\n')
    (tmp_path / "w.zh_TW.toml").write_text('seat = "座位"\n[names]\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"w.zh_TW.toml \[names\]: missing rusher; not in English: nothing"):
        word_tables(tmp_path, "w")
    (tmp_path / "w.zh_TW.toml").write_text('seat = "座位"\nextra = "多"\n[names]\nrusher = "速攻型"\n',
                                           encoding="utf-8")
    with pytest.raises(DataError, match=r"w.zh_TW.toml: missing nothing; not in English: extra"):
        word_tables(tmp_path, "w")
    (tmp_path / "w.zh_TW.toml").write_text('seat = "座位"\n[names]\nrusher = "速攻型"\n', encoding="utf-8")
    assert word_tables(tmp_path, "w")["zh_TW"] == {"seat": "座位", "names": {"rusher": "速攻型"}}
    (tmp_path / "w.es.toml").unlink()
    with pytest.raises(DataError, match=r"w.es.toml"):
        word_tables(tmp_path, "w")


def test_data_entries_name_file_and_entry(tmp_path: Path) -> None:
    path = tmp_path / "tricks.toml"
    path.write_text('[trick.wolf_cage]\nname = "Wolf Cage"\nfame = "many"\nsteel = 1\n')
    raw = load_toml(path)["trick"]["wolf_cage"]
    entry = Entry(raw, "tricks.toml [trick.wolf_cage]")
    assert entry.req("name", str) == "Wolf Cage"
    with pytest.raises(DataError, match=r"tricks.toml \[trick.wolf_cage\]: field 'fame' must be int"):
        entry.req("fame", int)
    with pytest.raises(DataError, match="missing field 'level'"):
        entry.req("level", int)
    with pytest.raises(DataError, match=r"unknown field\(s\) steel"):
        entry.done()
    with pytest.raises(DataError, match="names unknown entry 'x'"):
        Entry({"to": "x"}, "w").ref("to", {"a"})
    path.write_text("[broken")
    with pytest.raises(DataError, match=r"tricks\.toml"):
        load_toml(path)


def test_tables_lists_and_player_counts_name_their_place(tmp_path: Path) -> None:
    path = tmp_path / "cards.toml"
    path.write_text('[[card]]\nid = "ace"\ncost = [1, 2]\nby = { 2 = 3, 4 = 5 }\n'
                    '[[card]]\nid = "king"\ncost = [1, true]\nby = { two = 3 }\n'
                    '[rules]\nhand = 5\n[bag.p2]\ndiscs = 10\n[bag.p3]\ndiscs = 14\n')
    doc = load_toml(path)
    ace, king = entries(doc, "card", "cards.toml")
    assert (ace.where, king.where) == ("cards.toml [card ace]", "cards.toml [card king]")
    assert ace.list_of("cost", int) == (1, 2)
    assert ace.per_player_count("by") == {2: 3, 4: 5}
    with pytest.raises(DataError, match=r"\[card king\]: field 'cost' must list int values, got True"):
        king.list_of("cost", int)
    with pytest.raises(DataError, match=r"\[card king\]: field 'by' must map player counts"):
        king.per_player_count("by")
    with pytest.raises(DataError, match=r"cards.toml: missing \[\[deck\]\] entries"):
        entries(doc, "deck", "cards.toml")
    assert section(doc, "rules", "cards.toml").req("hand", int) == 5
    with pytest.raises(DataError, match=r"cards.toml \[dice\]: must be a table"):
        section(doc, "dice", "cards.toml")
    bags = per_player_count(doc, "bag", "cards.toml")
    assert {n: e.req("discs", int) for n, e in bags.items()} == {2: 10, 3: 14}
    assert bags[3].where == "cards.toml [bag.p3]"


def test_option_specs_read_every_named_option_and_refuse_a_default_outside_an_enum() -> None:
    option = {"rule": "X-1", "status": "spec", "description": "d"}
    doc = {"option": [{"id": "hand", "type": "int", "values": [1, 2, 3], "default": 3, **option},
                      {"id": "mode", "type": "enum", "values": ["a", "b"], "default": "b", **option},
                      {"id": "fast", "type": "bool", "default": False, **option}]}
    assert option_specs(doc) == (OptionSpec("hand", "int", (1, 2, 3), 3, "X-1", "spec", "d"),
                                 OptionSpec("mode", "enum", ("a", "b"), "b", "X-1", "spec", "d"),
                                 OptionSpec("fast", "bool", (), False, "X-1", "spec", "d"))
    doc["option"][1]["default"] = "c"
    with pytest.raises(DataError, match=r"options\.toml \[option mode\]: default 'c' is not one"):
        option_specs(doc)
    doc["option"][1]["default"] = "b"
    doc["option"][2]["extra"] = 1
    with pytest.raises(DataError, match=r"\[option fast\]: unknown field\(s\) extra"):
        option_specs(doc)


def test_lists_and_breakdowns_read_as_words() -> None:
    catalog = Catalog("en", {"events": {"scored": "{player} scores {parts}; bids {bids}"},
                             "names": {"shards": "Shards"}}, "en.toml")
    event = Event("scored", 0, None, {"parts": {"shards": 2, "coins": 0}, "bids": [3, 1]})
    assert catalog.event(event, ["Ann"]) == "Ann scores Shards 2, coins 0; bids 3, 1"


def test_chinese_lists_use_chinese_commas() -> None:
    """A Chinese line enumerates names with 、 and separates amounts and each player's part with ，
    and ；, as Chinese writes them; English and Spanish keep ", " and "; "."""
    templates = {"events": {"got": "{items:name}｜{fame:per_seat}｜{gains:per_seat:名聲|金幣}｜{parts}"},
                 "names": {"glass": "玻璃", "rope": "繩索", "fame": "名聲", "coins": "金幣"}}
    data = {"items": ["glass", "rope"], "fame": [27, 37], "gains": [[3, 2], [0, 1]],
            "parts": {"fame": 2, "coins": 1}}
    text = Catalog("zh_TW", templates, "zh_TW.toml").event(Event("got", None, None, data), ["Ann", "Bo"])
    assert text == "玻璃、繩索｜Ann 27，Bo 37｜Ann 名聲 +3，金幣 +2；Bo 金幣 +1｜名聲：2，金幣：1", text
    english = Catalog("en", {"events": {"got": "{items:name}; {fame:per_seat}"}}, "en.toml")
    assert english.event(Event("got", None, None, data), ["Ann", "Bo"]) == "glass, rope; Ann 27, Bo 37"


def test_a_value_per_seat_names_each_player_and_an_empty_list_reads_as_a_word() -> None:
    """`{field:per_seat}` puts each value after its player's name (a final score is never a bare
    list of numbers); an empty list of names reads as the catalog's `list_none`, not as nothing."""
    for game, kind, data in (("trickerion", "game_over", {"fame": [27, 37], "winner": 1}),
                             ("opera", "game_over", {"scores": [27, 37]}),
                             ("opera", "bids_revealed", {"bids": [27, 37]})):  # OP-6.2
        for lang in ("en", "zh_TW", "es"):
            catalog = next(g for g in all_games() if g.id == game).catalogs()[lang]
            text = catalog.event(Event(kind, None, None, data), ["Ann", "Bo"])
            assert "Ann 27" in text and "Bo 37" in text, (game, lang, text)
    trickerion = next(g for g in all_games() if g.id == "trickerion").catalogs()
    arrived = Event("orders_arrived", None, None, {"components": [], "buy_area": ["mirror"]})
    assert trickerion["en"].event(arrived).startswith("Orders arrive: none;")
    assert trickerion["zh_TW"].event(arrived).startswith("訂單到貨：無；")
    assert trickerion["es"].event(arrived).startswith("Llegan los pedidos: ninguno;")


def test_english_and_spanish_catalogs_hold_no_chinese() -> None:
    """A page in English or Spanish shows no Chinese word: every text of the games' en and es
    catalogs (and each game's own English description) is free of CJK ideographs. The Chinese
    names live in zh_TW and in the spec's `name_zh`."""
    ideograph = re.compile("[\u3400-\u9fff\uf900-\ufaff]")

    def texts(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [t for v in value.values() for t in texts(v)]
        if isinstance(value, list):
            return [t for v in value for t in texts(v)]
        return []

    checked = 0
    for game in all_games():
        folder = Path(type(game).__module__.replace(".", "/")).parent
        for lang in ("en", "es"):
            path = Path(__file__).parents[2] / "src" / folder / "text" / f"{lang}.toml"
            if not path.exists():
                continue
            found = [t for t in texts(tomllib.loads(path.read_text(encoding="utf-8")))
                     if ideograph.search(t)]
            assert not found, f"{game.id} {lang}: {found[:3]}"
            checked += 1
        assert not ideograph.search(game.description), game.id
    assert checked >= 8  # the four games' en and es at least


def test_counts_read_right_for_any_number() -> None:
    """A count reads as a sentence for every number: no "target(s)", "objetivo(s)" or "hoja(s)" in any
    game's catalog or the page's own words (a label says "targets 2" or the language's count form)."""
    hedge = re.compile(r"\w\((?:s|es)\)")
    root = Path(__file__).parents[2]
    files = [*(root / "src/parlor/games").glob("*/text/*.toml"), *(root / "web/src/i18n").glob("*.ts")]
    assert len(files) >= 15
    found = [f"{path.relative_to(root)}: {line.strip()}" for path in files
             for line in path.read_text(encoding="utf-8").splitlines() if hedge.search(line)]
    assert not found, found[:5]


def test_a_number_spanish_counts_is_counted_in_english_too() -> None:
    """Where a game's Spanish sentence gives a number its noun's form ("{marks:count:marcador|marcadores}"),
    the English one does too where a plural noun follows the number: "(1 completion marker)", never
    "(1 completion markers)" (found in Star Road's log; each fixed sentence of a game counts)."""
    root = Path(__file__).parents[2]
    counted = re.compile(r"\{(\w+):count:")
    found, checked = [], 0
    for folder in (root / "src/parlor/games").glob("*/text"):
        for stem in ("", "options."):
            if not (folder / f"{stem}es.toml").exists():
                continue
            english = dict(_texts(tomllib.loads((folder / f"{stem}en.toml").read_text(encoding="utf-8"))))
            spanish = _texts(tomllib.loads((folder / f"{stem}es.toml").read_text(encoding="utf-8")))
            for key, sentence in spanish:
                for field in counted.findall(sentence):
                    checked += 1
                    # the English number with a plural noun after it, one or two words ("3 delay markers")
                    if re.search(r"\{" + field + r"\} (?:[A-Za-z]+ )?[A-Za-z]+s\b", english.get(key, "")):
                        found.append(f"{folder.parent.name} {key}: {english[key]}")
    assert checked >= 20
    assert not found, found


def _texts(table: dict[str, object], prefix: str = "") -> list[tuple[str, str]]:
    """A catalog's sentences keyed by their place ("events.completed")."""
    out: list[tuple[str, str]] = []
    for key, value in table.items():
        if isinstance(value, dict):
            out += _texts(value, f"{prefix}{key}.")
        elif isinstance(value, str):
            out.append((prefix + key, value))
    return out


def test_chinese_texts_use_chinese_colons() -> None:
    """A zh_TW sentence reads with full-width punctuation: "得標：{piece}" and "此地圓片：{disc}", never
    the ASCII colon between Chinese words (a field's own `{x:name}` is not text)."""
    chinese = re.compile("[\u3400-\u9fff]")
    found = []
    checked = 0
    for game in all_games():
        folder = Path(type(game).__module__.replace(".", "/")).parent
        path = Path(__file__).parents[2] / "src" / folder / "text" / "zh_TW.toml"
        if not path.exists():  # a test-only game keeps its words elsewhere
            continue
        checked += 1
        for table in tomllib.loads(path.read_text(encoding="utf-8")).values():
            for key, text in table.items() if isinstance(table, dict) else ():
                if isinstance(text, str) and chinese.search(text) and ":" in re.sub(r"\{[^{}]*\}", "", text):
                    found.append(f"{game.id} {key}: {text}")
    assert not found, found[:10]
    assert checked >= 4


def test_a_marker_moved_on_one_card_names_both_slots() -> None:
    """TR-12.8: a Reschedule may move a marker to another slot of the same card; the log line names
    the slots ("from card 1 (top left) to card 1 (middle left)"), not "from card 1 to card 1"."""
    catalogs = next(g for g in all_games() if g.id == "trickerion").catalogs()
    for kind in ("rescheduled", "opponent_marker_moved"):
        event = Event(kind, 0, None, {"trick": "mind_reading", "card": 1, "slot": "c0r0", "to_card": 1,
                                      "to_slot": "c0r1", "dir": "n", "owner": 1})
        for lang, (first, second) in {"en": ("top left", "middle left"), "zh_TW": ("左上", "左中"),
                                      "es": ("arriba a la izquierda", "en medio a la izquierda")}.items():
            text = catalogs[lang].event(event, ["Ann", "Bo"])
            assert first in text and second in text, (kind, lang, text)


def test_revealed_assignments_say_whose_they_are() -> None:
    """TR-7.3: the cards revealed at once are told per player ("Ada Magician Theater; Bo Magician
    Market Row"), not as one list of two Magicians; a seat whose cards stay hidden reads "none"."""
    catalogs = next(g for g in all_games() if g.id == "trickerion").catalogs()
    shown = Event("assignments_revealed", None, None,
                  {"cards": [{"magician": "theater", "assistant": "downtown"}, {"magician": "market_row"}]})
    assert catalogs["en"].event(shown, ["Ann", "Bo"]) == (
        "Assignment cards revealed: Ann Magician Theater, Assistant Downtown; Bo Magician Market Row")
    assert catalogs["zh_TW"].event(shown, ["Ann", "Bo"]).endswith("Bo 魔術師：商店街")
    hidden = Event("assignments_revealed", None, None, {"cards": [{}, {}]})
    assert catalogs["es"].event(hidden, ["Ann", "Bo"]) == (
        "Cartas de asignación reveladas: Ann ninguno; Bo ninguno")


def test_a_performance_says_who_gains_what() -> None:
    """TR-14.2/TR-14.3: a performance's log line gives each owner's yields by resource and the
    performer's bonus by resource ("Ada Fame +3, Coins +2; Bo Fame +1"), never a bare run of numbers
    ("yields 3, 2, 0, 1, 0, 0"); an owner who gains nothing is left out."""
    catalogs = next(g for g in all_games() if g.id == "trickerion").catalogs()
    event = Event("performed", 0, None, {"day": "thursday", "card": 2, "tricks": ["mind_reading"],
                                         "owners": [0], "yields": [[3, 2, 0], [1, 0, 0], [0, 0, 0]],
                                         "bonus": [2, 0, -1]})
    names = ["Ann", "Bo", "Cy"]
    assert catalogs["en"].event(event, names) == (
        "Ann performs card 2 on Thursday (Performance bonus Fame +2, Shards -1); the Tricks pay "
        "Ann Fame +3, Coins +2; Bo Fame +1")
    assert catalogs["zh_TW"].event(event, names).endswith("：Ann 名聲 +3，金幣 +2；Bo 名聲 +1")
    assert "Bo fama +1" in catalogs["es"].event(event, names)
    for lang in ("en", "zh_TW", "es"):
        assert "Cy" not in catalogs[lang].event(event, names)
