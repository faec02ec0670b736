"""Opera's options: every named option of `data/options.toml`, with the spec's default (OP-16)."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.core import option

from .data import DATA


@dataclass(frozen=True, slots=True)
class OperaOptions:
    """The standard game is every default (OP-16.1); tests check them against options.toml."""

    budget_slot_mode: str = option(
        "leftmost_free", "OP-6.4: where a moved budget marker lands", choices=("leftmost_free", "append"))
    bid_cap_mode: str = option(
        "track_room", "OP-6.2: bid cap: 10 - row, or 10 with overflow lost",
        choices=("track_room", "ten_overflow_lost"))
    min_bid: int = option(0, f"OP-6.2: smallest legal bid, 0 to {DATA.max_bid}", least=0, most=DATA.max_bid)
    pass_after_third_role: bool = option(True, "OP-7.7: pass at once after the third role")
    passed_players_may_follow: bool = option(False, "OP-8.2: passed players may still follow")
    impresario_follow_rearrange_only: bool = option(
        True, "OP-9.1.5: an Impresario follower may buy nothing and only rearrange")
    rearrange_only_with_impresario: bool = option(
        True, "OP-10.3: false adds a free rearrangement after building")
    maestro_persists: bool = option(True, "OP-9.4.3: the Maestro doubles its city even when not chosen")
    enforce_figure_capacity: bool = option(True, "OP-9.0.3: limit figures per city to figure_fields")
    critico_requires_performed_piece: bool = option(
        True, "OP-9.5.1: the Critico's city must perform the chosen composer")
    esperto_requires_own_house: bool = option(
        True, "OP-9.6.1: the Esperto goes only where the chooser has a house")
    esperto_passed_players_may_score: bool = option(
        True, "OP-9.6.6: passed players may take the optional Esperto scoring")
    fame_tie_rule: str = option(
        "no_move", "OP-12.2: end-phase fame move on a tie", choices=("no_move", "lowest_tied_moves"))
    fame_count_includes_palazzo: bool = option(False, "OP-12.2: count palazzo pieces for the fame move")
    palazzo_unique_composers: bool = option(False, "OP-9.3.2: no two palazzo pieces of one composer")
    display_composer_cap: bool = option(True, "OP-12.4: at most 3 display pieces per composer")
    allow_negative_score: bool = option(False, "OP-13.5: a scoring round may take a score below 0")
    bank_unlimited: bool = option(
        True, "OP-2.9: the bank never runs out (false is refused: the data does not give the physical "
        "bank's ducat value)")
    house_composer_movable: bool = option(
        True, "OP-10.5: the house-composer piece may be moved when rearranging")
    hidden_money: bool = option(True, "OP-15.1: ducats are private")
    hidden_supply: bool = option(True, "OP-15.1: supply pieces (and their number) are private")
    short_game_7_rounds: bool = option(False, "OP-16.2: designer's 7-round variant")
