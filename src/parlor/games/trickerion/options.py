"""Trickerion's options (TR-0.4, TR-25, the seed's house rules A-xx); every default is the standard
game. The lobby's words for them are in text/options.<lang>.toml."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.core import option

from .data import DATA, module_help


@dataclass(frozen=True, slots=True)
class Options:
    """Game options (TR-0.4, TR-25); every default is the standard game."""

    final_scoring_cap: bool = option(
        True, "each final-scoring category gives at most 20 Fame (TR-16.1, A-02)")
    learn_pay_coins_for_fame: bool = option(
        True, "missing Fame for a Trick's Threshold may be paid in Coins (TR-9.2, A-05)")
    prepare_blocked_by_theater_markers: bool = option(
        False, "seed house rule: no Prepare while a marker of the Trick is scheduled (A-04)")
    two_player_second_start_coins: int = option(
        14, "starting Coins of the second player in a 2-player game (TR-2.6, A-01)", choices=(14, 12))
    beginner_setup: bool = option(
        False, "fixed starting Trick, components and Specialist by favorite category (TR-2.8)")
    trick_component_source: str = option(
        "majority", "component requirements of 4 Tricks and Rabbit's markers (A-06, A-07)",
        choices=("majority", "bga"))
    dark_alley: bool = option(
        False, "the Dark Alley expansion: 7 weeks, Dark Alley, Special cards, Prophecies, Level-3 Tricks, "
        "Magician abilities (TR-17)")
    include_prophecies: bool = option(True, "with dark_alley: use the Prophecies (TR-17.1, TR-19)")
    fortune_telling_direction: str = option(
        "toward_active", "Fortune Telling rotation (TR-13.3, A-10)",
        choices=("toward_active", "away_from_active"))
    magician_powers: bool = option(
        False, module_help("Magician Powers module, needs dark_alley (TR-21)", DATA.magician_powers))
    duel_of_magicians: bool = option(
        False, module_help("Duel of Magicians, 2 players (TR-22)", DATA.duel_of_magicians))
