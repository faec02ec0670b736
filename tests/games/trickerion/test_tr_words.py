"""How Trickerion's sentences read in each language: a weekday inside a Spanish sentence is written in
lower case ("Ada no actúa el jueves"), while the weekday alone, a label on the board, keeps its capital
("Jueves"); the other languages keep their one name."""

from __future__ import annotations

import pytest

from parlor.core.game import Event
from parlor.core.registry import all_games

CATALOGS = next(game for game in all_games() if game.id == "trickerion").catalogs()
WEEKDAYS = {"thursday": ("jueves", "Thursday", "星期四"), "friday": ("viernes", "Friday", "星期五"),
            "saturday": ("sábado", "Saturday", "星期六"), "sunday": ("domingo", "Sunday", "星期日")}


@pytest.mark.parametrize("day", WEEKDAYS)
def test_a_weekday_inside_a_spanish_sentence_is_lower_case(day: str) -> None:
    """TR-14.1: the performer of each weekday performs or declines; the log says on which day."""
    spanish, english, chinese = WEEKDAYS[day]
    declined = Event("declined", 0, None, {"day": day})
    performed = Event("performed", 1, None, {"day": day, "card": 2, "tricks": ["mind_reading"], "owners": [1],
                                             "yields": [[0, 0, 0], [3, 2, 0]], "bonus": [2, 0, 0]})
    assert CATALOGS["es"].event(declined, ["Ada", "Bo"]) == f"Ada no actúa el {spanish}"
    said = CATALOGS["es"].event(performed, ["Ada", "Bo"])
    assert said.startswith(f"Bo actúa con la carta 2 el {spanish} ("), said
    assert CATALOGS["en"].event(declined, ["Ada", "Bo"]) == f"Ada does not perform on {english}"
    assert CATALOGS["zh_TW"].event(declined, ["Ada", "Bo"]) == f"Ada 於{chinese}不表演"
    assert CATALOGS["es"].name(day) == spanish.capitalize()  # the board's label for the day


def test_a_slot_inside_a_spanish_sentence_reads_as_spanish() -> None:
    """TR-8.1: placing a character names its slot inside the sentence in Spanish word order and with the
    weekday in lower case ("en la casilla de actuación del jueves"); the slot's label keeps its own form."""
    placed = Event("placed", 0, None, {"character": "magician", "slot": "thursday_performance", "ap": 0})
    assert CATALOGS["es"].event(placed, ["Ada"]) == (
        "Ada coloca al Mago en la casilla de actuación del jueves con 0 PA")
    to_downtown = {"character": "apprentice_1", "slot": "downtown_1"}
    assert CATALOGS["es"].fill(CATALOGS["es"].moves["place"], to_downtown) == (
        "Colocar al Aprendiz 1 en la casilla 1 del Centro (+2)")
    assert CATALOGS["en"].event(placed, ["Ada"]) == (
        "Ada places the Magician on Thursday Performance slot with 0 AP")
    assert CATALOGS["es"].name("thursday_performance") == "Jueves actuación"


def test_spanish_contracts_a_and_de_before_a_name_with_el() -> None:
    """TR-4 (choosing a Magician) and TR-7.2 / TR-13.2 (Assignment cards, Special decks): Spanish writes
    "al Caballero", "del Centro", never "a El Caballero" or "de Centro"; every Magician and every location
    has its form, so none falls back to the bare name ("Elegir Electra")."""
    from parlor.games.trickerion.data import DATA
    from parlor.games.trickerion.records import LOCATIONS

    spanish = CATALOGS["es"]
    assert all(f"{magician.id}_with_a" in spanish.names for magician in DATA.magicians)
    assert all(f"{location}_with_de" in spanish.names for location in LOCATIONS)
    choose = spanish.fill(spanish.moves["choose_magician"], {"magician": "the_gentleman"})
    assert choose == "Elegir al Caballero"
    chosen = Event("magician_chosen", 0, None, {"magician": "priestess_of_mysticism"})
    assert spanish.event(chosen, ["Ada"]) == "Ada elige a la Pitonisa Mística"
    assigned = Event("assigned", 0, 0, {"character": "magician", "location": "downtown"})
    assert spanish.event(assigned, ["Ada"]) == "Pones una carta del Centro bajo tu Mago"
    drawn = Event("specials_drawn", 0, None, {"deck": "market_row", "count": 2})
    assert spanish.event(drawn, ["Ada"]) == "Ada roba 2 cartas del mazo especial de la Calle del Mercado"
    english = CATALOGS["en"].fill(CATALOGS["en"].moves["choose_magician"], {"magician": "the_gentleman"})
    assert "Gentleman" in english and "with_a" not in english
