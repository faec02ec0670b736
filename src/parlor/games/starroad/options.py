"""Star Road's options (SR-22, data/options.toml); every default is the standard game."""

from __future__ import annotations

from dataclasses import dataclass

from parlor.core import option


@dataclass(frozen=True, slots=True)
class Options:
    edition: int = option(
        3, "rules edition: 1 core, 2 adds X(R) and X(UL), 3 adds X(t) (SR-0.3)", choices=(1, 2, 3))
    team_mode: str = option(
        "alliance", "alliance: groups RG and BY are the teams; colour: each colour alone (SR-3.4)",
        choices=("alliance", "colour"))
    character_abilities: bool = option(True, "character cards have their abilities (SR-18.1)")
    ground_rules: bool = option(False, "the designed ground rules module, edition 3 only (SR-19)")
    delay_countdown: str = option(
        "owner_turn", "who loses delay markers at turn start (SR-15.9)", choices=("owner_turn", "every_turn"))
    mixed_reflect_on_destroy: bool = option(
        False, "a mixed object destroyed by a hit still reflects what it absorbed (SR-13.5)")
    distance_counts_eliminated: bool = option(
        False, "eliminated characters' seats still count for distance (SR-11.1)")
    hidden_object_numbers: bool = option(
        True, "object numbers are hidden from others until first used (SR-24.3)")
    finite_supply: bool = option(False, "only 256 resource markers exist (SR-1.2)")
    round_limit: int = option(
        40, "rounds before the game ends by total HP, 0 to 100; 0 = no limit (SR-23)", least=0, most=100)
    production_limit: int = option(
        40, "production actions a character may start in one turn, 0 to 200; 0 = no limit (an engine guard "
        "against endless build-and-replace loops)", least=0, most=200)
    chart: str = option(
        "", "design chart: empty or 'default' = the packaged one, otherwise the chart's TOML text "
        "(objects.toml format, SR-20, at most 64 KiB; a file name on the command line)", file=True)
    characters: str = option(
        "", "character table: empty or 'default' = the packaged one, otherwise its TOML text "
        "(characters.toml format, SR-20.8, at most 64 KiB; a file name on the command line)", file=True)
