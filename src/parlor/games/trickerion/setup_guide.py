"""Setting Trickerion up on a real table (TR-2, TR-3.2, TR-17.1, TR-17.2): what the number of players
and the Dark Alley expansion change, read from the engine's own set-up and the game's data
(`parlor.core.setup_guide`). Magician Powers (TR-21) are not offered: their cards are not in the data
yet, so the engine, and the lobby, do not offer the module either."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core.setup_guide import SetupFact, SetupGuide

from .data import CATEGORIES, DATA, LOCATIONS
from .options import Options
from .rules.common import in_play
from .rules.turn import permanent_hand, space_of
from .state import TrickerionState

if TYPE_CHECKING:
    from .game import Trickerion


def trick_decks(state: TrickerionState) -> SetupFact:
    """TR-2.1 item 1, TR-17.1: the levels in play and each category's open deck."""
    tricks = [trick for trick in DATA.tricks if in_play(state, trick)]
    levels = sorted({trick.level for trick in tricks})
    decks = {category: sum(1 for trick in tricks if trick.category == index)
             for index, category in enumerate(CATEGORIES)}
    return SetupFact("TR-2.1", "trick_decks", {"lowest": levels[0], "highest": levels[-1], "decks": decks})


def theater(state: TrickerionState) -> list[SetupFact]:
    """TR-2.1 item 3: the Performance deck by Theater type, then the Theater's first cards."""
    deck = [DATA.cards[card].theater for card in state.deck]
    stage = [DATA.cards[card].theater for card in state.stage if card >= 0]
    return [SetupFact("TR-2.1", "performance_deck", {"deck": deck}),
            SetupFact("TR-2.1", "theater", {"cards": len(stage), "theater": stage[0]})]


def covered_slots(state: TrickerionState) -> list[SetupFact]:
    """TR-2.2: the slots covered at the Locations a player count reduces (those in play: the ones the
    permanent hand sends characters to), grouped by how many of which slots are covered."""
    hand = permanent_hand(state)
    reduced = [index for index, location in enumerate(LOCATIONS) if hand[index]
               and any(slot.min_players > DATA.setup["min_players"] for slot in DATA.slots
                       if slot.location == index)]
    groups: dict[tuple[int, int, int], list[str]] = {}
    for index in reduced:
        slots = [slot for slot in DATA.slots if slot.location == index]
        covered = [slot for slot in slots if slot.min_players > state.players]
        for modifier in sorted({slot.ap_modifier for slot in covered}, reverse=True):
            alike = sum(1 for slot in slots if slot.ap_modifier == modifier)
            count = sum(1 for slot in covered if slot.ap_modifier == modifier)
            groups.setdefault((modifier, count, alike), []).append(LOCATIONS[index])
    if not groups:
        return [SetupFact("TR-2.2", "slots_open", {"locations": [LOCATIONS[index] for index in reduced]})]
    return [SetupFact("TR-2.2", "covered_all" if count == alike else "covered_some",
                      # the slot as printed ("+1"): a sign the pages' templates do not format
                      {"modifier": f"{modifier:+d}", "covered": count, "slots": alike,
                       "locations": locations})
            for (modifier, count, alike), locations in groups.items()]


def dark_alley(state: TrickerionState) -> list[SetupFact]:
    """TR-17.1: the Special Assignment decks by Location and the Prophecies (when in use)."""
    decks = {DATA.specials[deck[0]].location: len(deck) for deck in state.special_decks if deck}
    out = [SetupFact("TR-17.1", "special_decks", {"count": len(decks), "decks": decks})]
    pending = [prophecy for prophecy in state.prophecies[1:] if prophecy >= 0]
    if pending:
        out.append(SetupFact("TR-17.1", "prophecies",
                             {"pending": len(pending), "pile": len(state.prophecy_pile)}))
    return out


def players_start(state: TrickerionState) -> list[SetupFact]:
    """TR-2.6, TR-2.3 / TR-17.4, TR-2.5, TR-2.4 item 7: the Initiative spaces and
    starting Coins in Initiative Order, the Magician card's side, the permanent hand, the Shards."""
    order = state.order
    hand = permanent_hand(state)
    (shards,) = set(state.shards)
    return [
        SetupFact("TR-2.6", "initiative", {"spaces": [space_of(state, seat) for seat in order],
                                           "coins": [state.coins[seat] for seat in order]}),
        SetupFact("TR-17.4", "magician_ability") if state.dark_alley
        else SetupFact("TR-2.3", "magician_base"),
        SetupFact("TR-2.5", "hand",
                  {"cards": sum(hand), "hand": {LOCATIONS[index]: count for index, count in enumerate(hand)
                                                if count}}),
        SetupFact("TR-2.4", "shards", {"shards": shards}),
    ]


def setup_guide(game: Trickerion) -> SetupGuide:
    def facts(players: int, options: Options) -> list[SetupFact]:
        # the engine's set-up for these players: its seating and cards are random, what it lays out
        # (how many, of which kind, each Initiative space's Coins) is not
        state = game.setup(players, 0, options)
        return [SetupFact("TR-17.2" if state.dark_alley else "TR-3.2", "turns",
                          {"turns": state.last_turn, "first": state.turn}),
                trick_decks(state), *theater(state), *covered_slots(state),
                *(dark_alley(state) if state.dark_alley else []), *players_start(state)]

    return SetupGuide(("dark_alley",), facts)
