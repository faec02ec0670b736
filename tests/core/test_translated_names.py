"""Every name a player reads is in the page's language: a [names] value of a game's zh_TW or es
catalog that equals the English one is a missing translation, unless it is one of the names listed
below as written the same in both languages; and a Chinese name keeps no Latin word where a Chinese
name exists (the spec's own letters, "外圍島嶼 A", stay)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from parlor.core import all_games
from parlor.core.moves import field_names

# Names written the same in English and in the other language, each with the reason. Anything not
# listed here that reads as the English text is a missing translation.
SAME_IN_BOTH: dict[tuple[str, str, str], str] = {
    # Opera: composers are people, named as Spanish writes them; the roles stay Italian in Spanish, as
    # the seed keeps them (the zh_TW catalog names them in Chinese).
    **{("opera", "es", composer): "a composer's name, as Spanish writes it"
       for composer in ("bach", "handel", "mozart", "verdi", "wagner", "monteverdi")},
    **{("opera", "es", role): "an Italian role, kept in Italian as the seed names it"
       for role in ("impresario", "architetto", "signora", "maestro", "critico", "esperto")},
    # Skyrise: La Boca is a Buenos Aires neighbourhood, already Spanish; Kahn's reveal answers "no".
    ("skyrise", "es", "la_boca"): "a Spanish place name",
    ("skyrise", "es", "False"): "'no' is Spanish too",
    # Trickerion: two components and a magician that Spanish spells as English does; the X printed on
    # the cards is a symbol, not a word.
    ("trickerion", "es", "metal"): "Spanish word too",
    ("trickerion", "es", "animal"): "Spanish word too",
    ("trickerion", "es", "electra"): "a name Spanish spells the same",
    ("trickerion", "es", "x"): "the letter printed on the card",
    ("trickerion", "zh_TW", "x"): "the letter printed on the card",
    # Star Road: "no" is Spanish too.
    ("starroad", "es", "False"): "'no' is Spanish too",
    ("starroad", "es", "false"): "'no' is Spanish too",
}

ROOT = Path(__file__).parents[2]


def catalogs() -> dict[str, dict[str, dict[str, Any]]]:
    """Each game's text catalogs by language, read from the game's own text folder."""
    found: dict[str, dict[str, dict[str, Any]]] = {}
    for game in all_games():
        folder = ROOT / "src" / Path(type(game).__module__.replace(".", "/")).parent / "text"
        if (folder / "en.toml").exists():  # a test-only game keeps its words elsewhere
            found[game.id] = {lang: tomllib.loads((folder / f"{lang}.toml").read_text(encoding="utf-8"))
                              for lang in ("en", "zh_TW", "es")}
    return found


def names_left_in_english(game: str, english: dict[str, Any], other: dict[str, Any],
                          lang: str) -> list[str]:
    """The [names] keys whose text in `lang` is the English text and that SAME_IN_BOTH does not list."""
    theirs = other.get("names", {})
    return [key for key, text in english.get("names", {}).items()
            if theirs.get(key) == text and (game, lang, key) not in SAME_IN_BOTH]


# What may stand in Chinese text in Latin letters: {fields}, [Icon] tokens, rule IDs (SK-7.5, A-12) and
# single letters printed on the components (外圍島嶼 A, 贊助圓片 B).
NOT_WORDS = re.compile(r"\{[^}]*\}|\[[A-Za-z_]+\]|\b[A-Z]{1,2}-[A-Z0-9][\w.]*")
# Proper names and file names a Chinese sentence writes as they are: a designer and publishers (OP-1.1),
# a web site, a game's original title beside its Chinese one, Star Road's keywords and the file formats
# a player uploads.
KEPT_LATIN = ("Board Game Arena", "（Opera）", "Hans van Tol", "The Game Master", "Huch! & friends",
              "X(R)", "X(UL)", "objects.toml", "characters.toml")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def latin_words(table: dict[str, Any]) -> list[str]:
    """The Chinese texts of a catalog table that keep a Latin word."""
    return [f"{key} = {text}" for key, text in table.items()
            if isinstance(text, str) and LATIN_WORD.search(NOT_WORDS.sub("", kept_out(text)))]


def kept_out(text: str) -> str:
    """`text` without the proper names KEPT_LATIN lets stand in Latin letters."""
    for name in KEPT_LATIN:
        text = text.replace(name, "")
    return text


def option_texts(options: dict[str, Any]) -> dict[str, str]:
    """An options catalog's label, help and value texts, keyed by their place."""
    out: dict[str, str] = {}
    for name, option in options.get("options", {}).items():
        for field, text in option.items():
            if isinstance(text, str):
                out[f"{name}.{field}"] = text
            elif isinstance(text, dict):
                out |= {f"{name}.{field}.{value}": word for value, word in text.items()}
    return out


def test_every_name_is_translated_or_listed_as_the_same() -> None:
    """A [names] value of zh_TW or es that equals the English one fails, unless SAME_IN_BOTH lists it."""
    found = catalogs()
    assert {"skyrise", "trickerion", "opera", "starroad"} <= set(found)
    missing = [f"{game} {lang}: {key}" for game, texts in found.items() for lang in ("zh_TW", "es")
               for key in names_left_in_english(game, texts["en"], texts[lang], lang)]
    assert not missing, f"missing translation: {missing}"


def test_the_list_of_same_names_holds_only_names_still_the_same() -> None:
    """Each SAME_IN_BOTH entry is a name that exists and still reads as in English: a name translated
    since leaves the list, so the list never hides a name that changes back to English."""
    found = catalogs()
    stale = [entry for entry in SAME_IN_BOTH
             if found[entry[0]][entry[1]].get("names", {}).get(entry[2]) is None
             or found[entry[0]][entry[1]]["names"][entry[2]] != found[entry[0]]["en"]["names"].get(entry[2])]
    assert not stale, stale


def test_an_english_name_in_another_catalog_is_caught() -> None:
    """The check itself: Skyrise's 'The Hammer' left in Chinese is reported; La Boca in Spanish is not."""
    english = {"names": {"the_hammer": "The Hammer", "la_boca": "La Boca"}}
    left = {"names": {"the_hammer": "The Hammer", "la_boca": "La Boca"}}
    assert names_left_in_english("skyrise", english, left, "zh_TW") == ["the_hammer", "la_boca"]
    assert names_left_in_english("skyrise", english, left, "es") == ["the_hammer"]
    assert latin_words({"a": "外圍島嶼 A", "b": "{player} 以 The Hammer 回應", "c": "見 SK-7.5"}) == [
        "b = {player} 以 The Hammer 回應"]


def test_chinese_names_and_sentences_keep_no_latin_word() -> None:
    """zh_TW [names], [events], [moves] and [steps] read in Chinese: no Latin word is left where the
    Chinese name exists (a card named 「鐵鎚」, not "The Hammer"), only the spec's printed letters."""
    found = catalogs()
    left = [f"{game} [{table}] {line}" for game, texts in found.items()
            for table in ("names", "events", "moves", "steps")
            for line in latin_words(texts["zh_TW"].get(table, {}))]
    assert not left, left


def test_every_move_field_has_a_word() -> None:
    """When a decision asks for one field at a time ("Elige {field}"), the page names the field by the
    catalog's `[ui] field_<field>` (else its [names] entry): a field with neither reads as its English
    key ("Elige Component" on a Spanish page)."""
    found = catalogs()
    missing = []
    for game in all_games():
        if game.id not in found:
            continue
        fields = {name for cls in game.moves.classes.values() for name in field_names(cls)} - {"seat", "to"}
        for lang, texts in found[game.id].items():
            missing += [f"{game.id} {lang}: {name}" for name in sorted(fields)
                        if f"field_{name}" not in texts.get("ui", {}) and name not in texts.get("names", {})]
    assert not missing, missing


def test_chinese_rules_and_options_keep_no_latin_word() -> None:
    """The rule sentences ([rules]) and the lobby's option words of zh_TW name the cards in Chinese too
    (「路康的雄心」計入自身), keeping only rule IDs, printed letters and the proper names KEPT_LATIN lists."""
    left = []
    for game, texts in catalogs().items():
        left += [f"{game} [rules] {line}" for line in latin_words(texts["zh_TW"].get("rules", {}))]
        folder = ROOT / "src" / "parlor" / "games" / game / "text" / "options.zh_TW.toml"
        if folder.exists():
            options = tomllib.loads(folder.read_text(encoding="utf-8"))
            left += [f"{game} options {line}" for line in latin_words(option_texts(options))]
    assert not left, left


def every_text(game: str, lang: str, catalog: dict[str, Any]) -> dict[str, str]:
    """Every text a `lang` player may read of a game: its catalog (but [names]), its lobby option words
    and its rules page, keyed by their place."""
    texts = {f"[{table}] {key}": text for table, entries in catalog.items() if table != "names"
             and isinstance(entries, dict) for key, text in entries.items() if isinstance(text, str)}
    folder = ROOT / "src" / "parlor" / "games" / game / "text"
    if (folder / f"options.{lang}.toml").exists():
        options = tomllib.loads((folder / f"options.{lang}.toml").read_text(encoding="utf-8"))
        texts |= {f"options {key}": text for key, text in option_texts(options).items()}
    if (folder / f"rules.{lang}.md").exists():
        lines = (folder / f"rules.{lang}.md").read_text(encoding="utf-8").splitlines()
        texts |= {f"rules.{lang}.md:{number}": line for number, line in enumerate(lines, 1)}
    return texts


def test_a_translated_name_is_not_repeated_in_english_elsewhere() -> None:
    """Once a card has its name in a language, no sentence, label, option or rules page of that
    language names it in English ("responde con The Hammer" once it is El Martillo)."""
    left = []
    for game, texts in catalogs().items():
        for lang in ("zh_TW", "es"):
            names = texts[lang].get("names", {})
            english = {key: text for key, text in texts["en"].get("names", {}).items()
                       if names.get(key, text) != text and re.search(r"[A-Za-z]{4}", text)}
            # each name as a word, compiled once for every text (not escaped and looked up per text)
            words = {key: re.compile(rf"(?<![A-Za-z]){re.escape(name)}(?![A-Za-z])")
                     for key, name in english.items()}
            for where, text in every_text(game, lang, texts[lang]).items():
                plain = NOT_WORDS.sub("", text)
                for key, word in words.items():
                    # a translation may hold the English name (El Intelligentsium): that is not it
                    if word.search(plain.replace(names[key], "")):
                        left.append(f"{game} {lang} {where}: {english[key]!r} in {text[:60]!r}")
    assert not left, left
