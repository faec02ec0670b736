"""Trickerion component data, read once from the package's own `data/*.toml` and validated.

Every number the rules code uses comes from here (TR-1). Errors name the file and the entry:
``tricks.toml [trick wolf_cage]: field 'level' must be int, got 'two'``.
Dark Alley data (special Assignment cards, Prophecies, Magnus Pantheon, Level-3 Tricks) is loaded and
validated as well. The record types are in `records` (its constants are re-exported here), the
readers in `base_files` (base game) and `expansion_files` (Dark Alley and the frame-only modules);
this module puts them together.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from parlor.core import DataError
from parlor.core.data import Entry, load_toml

from .base_files import (
    doc_version,
    load_cards,
    load_characters,
    load_components,
    load_dice,
    load_locations,
    load_magicians,
    load_scoring,
    load_setup,
    load_tricks,
)
from .expansion_files import load_duel_cards, load_module, load_prophecies, load_specials
from .records import (
    CATEGORIES,
    CHARACTERS,
    DICE,
    DIRECTIONS,
    LOCATIONS,
    SPECIALISTS,
    WEEKDAYS,
    Data,
    Module,
    Slot,
)

DATA_DIR = Path(__file__).parent / "data"

def load(data_dir: Path = DATA_DIR) -> Data:
    """Read and validate every data file. :raises DataError: naming the file and the entry."""
    comps, comp_by_id, market = load_components(data_dir / "components.toml")
    tricks = load_tricks(data_dir / "tricks.toml", comp_by_id)
    trick_by_id = {t.id: t.index for t in tricks}
    cards = load_cards(data_dir / "performance_cards.toml")
    locs = load_locations(data_dir / "locations.toml")
    slots: tuple[Slot, ...] = locs["slots"]
    setup = load_setup(data_dir / "setup.toml", trick_by_id, comp_by_id)
    mdoc = load_toml(data_dir / "trick_markers.toml")
    doc_version(mdoc, "trick_markers.toml")
    geometry = Entry(mdoc.get("geometry"), "trick_markers.toml [geometry]")
    if tuple(geometry.req("clockwise_cycle", list)) != CATEGORIES or \
            tuple(geometry.req("directions_clockwise", list)) != DIRECTIONS:
        raise DataError("trick_markers.toml [geometry]: cycle or directions differ from TR-12.3")
    geometry.req("opposite", list)
    geometry.done()
    per = Entry(mdoc.get("per_player"), "trick_markers.toml [per_player]")
    markers_per_suit = per.req("trick_markers_per_suit", int)
    for k in ("suits", "symbol_markers_per_suit", "total_trick_markers", "total_symbol_markers"):
        per.req(k, int)
    per.done()
    powers = load_module(data_dir / "magician_powers.toml")
    duel = load_module(data_dir / "duel_of_magicians.toml")
    if duel.complete:
        duel = replace(duel, cards=load_duel_cards(duel, cards, {s.id for s in slots}))
    specials = load_specials(data_dir / "assignment_cards.toml")
    prophecies = load_prophecies(data_dir / "prophecies.toml")
    magicians = load_magicians(data_dir / "magicians.toml")
    return Data(
        tricks=tricks, trick_by_id=trick_by_id, components=comps, component_by_id=comp_by_id,
        cards=cards, card_by_id={c.id: c.index for c in cards}, slots=slots,
        slot_by_id={s.id: s.index for s in slots}, characters=load_characters(data_dir / "characters.toml"),
        magicians=magicians, magician_by_id={m.id: m.index for m in magicians},
        dice_faces=load_dice(data_dir / "dice.toml"), action_ap=locs["action_ap"],
        weekday_fame=locs["fame"], weekday_coins=locs["coins"], setup=setup["game"],
        coin_base=setup["coin_base"],
        space_bonus=setup["space_bonus"], initiative_spaces=setup["spaces"],
        deck_types=setup["decks"], hands=setup["hands"], beginner=setup["beginner"],
        scoring=load_scoring(data_dir / "scoring.toml"), storage=market["storage"],
        initial_buy_area=market["initial_buy_area"],
        quick_order_surcharge=market["quick_order_surcharge"],
        enhance_shards=locs["enhance_shards"], enhance_ap=locs["enhance_ap"],
        specials=specials, special_by_id={c.id: c.index for c in specials},
        prophecies=prophecies, prophecy_by_id={p.id: p.index for p in prophecies},
        markers_per_suit=markers_per_suit, magician_powers=powers, duel_of_magicians=duel)


DATA = load()


def module_help(what: str, module: Module) -> str:
    """Option help saying whether a frame-only module can be enabled (shown by `parlor games`)."""
    if module.complete:
        return f"{what}; data complete ({module.file})"
    return f"{what}; unavailable: data incomplete ({module.reason})"

__all__ = ["CATEGORIES", "CHARACTERS", "DATA", "DATA_DIR", "DICE", "DIRECTIONS", "LOCATIONS",
           "SPECIALISTS", "WEEKDAYS", "Data", "load", "module_help"]
