"""Star Road's options (SR-22, data/options.toml); every default is the standard game."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Options:
    edition: int = field(default=3, metadata={
        "help": "rules edition: 1 core, 2 adds X(R) and X(UL), 3 adds X(t) (SR-0.3)",
        "choices": (1, 2, 3)})
    team_mode: str = field(default="alliance", metadata={
        "help": "alliance: groups RG and BY are the teams; colour: each colour alone (SR-3.4)",
        "choices": ("alliance", "colour")})
    character_abilities: bool = field(default=True, metadata={
        "help": "character cards have their abilities (SR-18.1)"})
    ground_rules: bool = field(default=False, metadata={
        "help": "the designed ground rules module, edition 3 only (SR-19)"})
    delay_countdown: str = field(default="owner_turn", metadata={
        "help": "who loses delay markers at turn start (SR-15.9)",
        "choices": ("owner_turn", "every_turn")})
    mixed_reflect_on_destroy: bool = field(default=False, metadata={
        "help": "a mixed object destroyed by a hit still reflects what it absorbed (SR-13.5)"})
    distance_counts_eliminated: bool = field(default=False, metadata={
        "help": "eliminated characters' seats still count for distance (SR-11.1)"})
    hidden_object_numbers: bool = field(default=True, metadata={
        "help": "object numbers are hidden from others until first used (SR-24.3)"})
    finite_supply: bool = field(default=False, metadata={
        "help": "only 256 resource markers exist (SR-1.2)"})
    round_limit: int = field(default=40, metadata={
        "help": "rounds before the game ends by total HP, 0 to 100; 0 = no limit (SR-23)",
        "min": 0, "max": 100})
    production_limit: int = field(default=40, metadata={
        "help": "production actions a character may start in one turn, 0 to 200; 0 = no limit (an "
                "engine guard against endless build-and-replace loops)", "min": 0, "max": 200})
    chart: str = field(default="", metadata={
        "help": "design chart: empty or 'default' = the packaged one, otherwise the chart's TOML text "
                "(objects.toml format, SR-20, at most 64 KiB; a file name on the command line)",
        "file": True})
    characters: str = field(default="", metadata={
        "help": "character table: empty or 'default' = the packaged one, otherwise its TOML text "
                "(characters.toml format, SR-20.8, at most 64 KiB; a file name on the command line)",
        "file": True})
