"""Star Road's resource marker `[W]` where no icon is drawn (the terminal, a copied line, a card's plain
text): it reads as its word, apart from the number before it ("3 資源", never "3資源" nor "Cost [W]");
and the Traditional Chinese catalog writes full-width punctuation beside Chinese characters."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from parlor.cli.saves import SavedGame
from parlor.cli.screens import screen_for
from parlor.cli.session import Session
from parlor.core import GameRecord
from parlor.core.text import LANGS, TEXT_SECTIONS
from parlor.games.starroad import GAME

TOKEN = re.compile(r"\[[A-Z]\w*\]")
GLUED = re.compile(r"(?:\d|\})\[[A-Z]\w*\]")  # "{amount}[W]", "1[W]": the word would touch the number
CHINESE = "[\u3400-\u9fff]"
HALF_WIDTH_BESIDE_CHINESE = re.compile(rf"{CHINESE}\s*[,;()]|[,;()]\s*{CHINESE}")


def terminal(lang: str) -> Session:
    """A 4-player Star Road in the terminal, in `lang`, before its first move."""
    record = GameRecord.start(GAME, 4, 1)
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    return Session(GAME, SavedGame(record, Path("unused.json"), 0, "easy", lang, ""), console)


@pytest.mark.parametrize("lang", LANGS)
def test_no_template_writes_a_number_against_the_resource_marker(lang: str) -> None:
    catalog = GAME.catalogs()[lang]
    glued = [f"{section}.{key}" for section in TEXT_SECTIONS
             for key, text in getattr(catalog, section).items() if GLUED.search(text)]
    assert not glued, f"{lang}: a number written against [W] (write '{{amount}} [W]'): {glued}"


@pytest.mark.parametrize(("lang", "words"), [("zh_TW", "補給 3 資源"), ("en", "acquires 3 resources"),
                                             ("es", "obtiene 3 recursos")])
def test_a_log_line_in_the_terminal_says_the_amount_and_its_word(lang: str, words: str) -> None:
    catalog = GAME.catalogs()[lang]
    line = catalog.fill(catalog.events["supply"], {"player": 0, "amount": 3, "storage": 7}, ["Ada"])
    assert words in line, line
    assert not TOKEN.search(line), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_prints_no_bracketed_token(lang: str) -> None:
    """The design chart's cards ("Cost 3 resources", not "Cost [W] 3") and a view key's label (`w`)."""
    play = terminal(lang)
    context = play.context()
    for key, lines in screen_for("starroad").cards(context).items():
        for line in lines:
            assert not TOKEN.search(line), (key, line)
    sling = screen_for("starroad").cards(context)["1011"]
    word = GAME.catalogs()[lang].ui["icon_W"].split("|")[0]
    assert any(f"1 {word}" in line for line in sling), sling
    assert context.label("w") == GAME.catalogs()[lang].ui["icon_W"].split("|")[-1]


def test_chinese_texts_use_full_width_punctuation() -> None:
    """"紅（隊長）", not "紅 (隊長)": a half-width comma, semicolon or bracket beside a Chinese
    character (ASCII colons have their own test)."""
    catalog = GAME.catalogs()["zh_TW"]
    found = [f"{section}.{key}: {text}" for section in TEXT_SECTIONS
             for key, text in getattr(catalog, section).items() if HALF_WIDTH_BESIDE_CHINESE.search(text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(("lang", "start"), [("zh_TW", "SR-8.3：在你的行動階段"),
                                             ("en", "SR-8.3: In your action phase"),
                                             ("es", "SR-8.3: En tu fase de acción")])
def test_a_refused_move_in_the_terminal_says_the_rule_in_words(lang: str, start: str) -> None:
    """The engine's refusal (its English sentence) becomes the rule's ID and the catalog's sentence."""
    play = terminal(lang)
    said = play.reason("SR-8.3: a new object takes the lowest empty level of its line (line=1, level=2)")
    assert said.startswith(start), said
    assert said.endswith(GAME.catalogs()[lang].rules["SR-8.3"]), said


# the table's words (events, moves, the board) and the other words the reference sheet and pad had used
TABLE_TERMS = {"陣營牌": "陣營卡", "倉庫": "儲存區", "消滅": "摧毀", "延時": "延遲"}


def test_chinese_texts_use_the_tables_terms() -> None:
    """The score pad, the reference sheet and the rules say 陣營牌, 倉庫, 消滅 and 延時 as the table does."""
    catalog = GAME.catalogs()["zh_TW"]
    for term, other in TABLE_TERMS.items():
        found = [f"{section}.{key}" for section in TEXT_SECTIONS
                 for key, text in getattr(catalog, section).items() if other in text]
        assert not found, f"{other} where the table says {term}: {found}"


def test_spanish_texts_say_retardo_as_the_table_does() -> None:
    """The delay markers of the log ("marcador de retardo"), not "retraso" on the sheet or the board."""
    catalog = GAME.catalogs()["es"]
    found = [f"{section}.{key}" for section in TEXT_SECTIONS
             for key, text in getattr(catalog, section).items() if "retraso" in text.lower()]
    assert not found, found


def test_the_log_names_the_attacked_and_what_an_elimination_reveals() -> None:
    """SR-12.1, SR-4.3, SR-5.3: an attack names whom it attacks (not "target order"); an elimination
    says that the faction card and the character are revealed; storage is the total now held."""
    from parlor.core.game import Event

    english = GAME.catalogs()["en"]
    names = ["Ann", "Bea", "Cy"]
    attack = Event("attack_declared", 2, None, {"order": [1, 0], "weapons": []})
    assert english.event(attack, names) == "Cy attacks Bea, Ann"
    eliminated = Event("eliminated", 1, None, {"faction": "R", "character": "medic", "eliminator": 2})
    assert english.event(eliminated, names).startswith("Bea is eliminated and reveals the faction card Red")
    supply = Event("supply", 0, None, {"amount": 2, "storage": 6})
    assert english.event(supply, names).endswith("(storage now 6)")
