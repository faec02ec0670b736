"""The Trickerion game: options, setup, scenarios (docs/scenarios/trickerion.md), statistics."""

from __future__ import annotations

from typing import Any

from parlor.core import BadOptions, BotSettings, Game, LiveScore, Move, Rng, SearchSettings

from .data import CATEGORIES, DATA
from .moves import MOVES
from .options import Options
from .rules.flow import advance
from .rules.setup import table_setup
from .state import TrickerionState

# TR-26 bound, per player: setup 6 decisions + discarding what setup gave (6 components, 2 Tricks);
# per turn: Advertise 1, Assignment 8, 8 placements of (place or idle, at most 6 AP-actions,
# Enhance, done), Performance 1, and discards, which never exceed what was gained (3 components
# per Buy AP, one Trick per 3 AP of Learn Trick).
# Dark Alley adds per placement: the Special card's declaration, Mechanical Enhancement and one
# keep and one bottom_special per Draw (at most one Draw per AP), and 7 turns instead of 5.
# TR-23: a discard step (open + close) at most once per own decision point and once more when
# closing it let the game move on, so at most 4 more moves per decision.
# Dubious Sources at End Turn (TR-26 G): one store / refuse decision (its discards are
# discards of gained components, counted above).
_DECISIONS = 1 + 8 + 8 * (1 + 6 + 1 + 1) + 1 + 8 * (1 + 1 + 8 + 8) + 1
# Magician Powers (TR-21.1, TR-7.4): 4 discard_power decisions at setup and one learn_power /
# skip_power decision per turn, each an own decision point (so x5 with the TR-23 step); learning
# pays Coins and gains nothing that could be discarded.
# Duel of Magicians (TR-22.1) adds no decision: the Turn Setup card is drawn automatically, its
# blocked slots only remove Place moves, gray markers are never moved, and a Link with a gray
# marker is paid inside the Set up move (its coin_links field) like any Link.
_PER_PLAYER_TURN = 5 * _DECISIONS + 8 * 6 * 3 + 8 * 2
_POWERS_SETUP, _POWERS_TURN = 5 * 4, 5 * 1
MOVE_BOUND = 4 * (5 * 6 + 8 + _POWERS_SETUP
                  + DATA.setup["turns_dark_alley"] * (_PER_PLAYER_TURN + _POWERS_TURN))


def check_options(players: int, options: Options) -> None:
    """TR-21.2, TR-22.1, A-23: the frame-only modules need their data (and their conditions)."""
    for name, module in (("magician_powers", DATA.magician_powers),
                         ("duel_of_magicians", DATA.duel_of_magicians)):
        if getattr(options, name) and not module.complete:
            raise BadOptions(f"option {name} is unavailable: data incomplete ({module.reason}); "
                             "see docs/trickerion-expansions.md")
    if options.magician_powers and not options.dark_alley:
        raise BadOptions("option magician_powers needs dark_alley=true (TR-21)")
    if options.duel_of_magicians and players != 2:
        raise BadOptions("option duel_of_magicians is for 2 players (TR-22)")
    if options.duel_of_magicians:          # TR-2.1 item 3 from the Duel cards (TR-22.1)
        cards = DATA.duel_of_magicians.cards
        deck = DATA.deck_types["dark_alley" if options.dark_alley else "base"]
        for theater in dict.fromkeys(deck):
            want = deck.count(theater) + (players - 1 if theater == "riverside_theater" else 0)
            have = sum(1 for c in cards if c.theater == theater)
            if have < want:
                raise BadOptions(f"option duel_of_magicians: {DATA.duel_of_magicians.file} has "
                                 f"{have} [[duel_card]] of {theater}, the deck needs {want} (TR-2.1)")


class Trickerion(Game[TrickerionState]):
    id = "trickerion"
    title = "Trickerion: Legends of Illusion"
    description = ("Rival magicians learn, prepare and perform tricks over five weeks "
                   "(seven with the Dark Alley expansion).")
    min_players = DATA.setup["min_players"]
    max_players = DATA.setup["max_players"]
    rules_version = "1"
    options_type = Options
    moves = MOVES
    move_bound = MOVE_BOUND
    variants = ({"dark_alley": True},)
    # where the user's notes read the rules otherwise; the expansion as a ready choice
    presets = {"notes": {"prepare_blocked_by_theater_markers": True, "two_player_second_start_coins": 12},
               "dark_alley": {"dark_alley": True}}
    # TR-21, TR-22: the modules whose card data is incomplete cannot be chosen
    unavailable_options = frozenset(name for name, module in (("magician_powers", DATA.magician_powers),
                                                              ("duel_of_magicians", DATA.duel_of_magicians))
                                    if not module.complete)
    live_score = LiveScore("fame")
    # Measured at 2 players against greedy (docs/status/bots.md): rollouts of 20 moves for long
    # searches; the levels judge the tree's leaves at once (depth 0) among greedy's three best moves
    # at every node, children keyed by moves alone (69% instead of 62.5% with observe, 200 games).
    # The expert level's five trees weigh greedy's six best root moves and keep three at every node
    # below (against `hard`: five trees of the levels' search 51%, of this one 63%, 200 games).
    bot_settings = BotSettings(depth=20, tuned=SearchSettings(depth=0, center=True, candidates=3,
                                                              everywhere=True, observe=False),
                               expert=SearchSettings(depth=0, center=True, candidates=3, root_candidates=6,
                                                     everywhere=True, observe=False))

    def _setup(self, players: int, seed: int, options: Options) -> TrickerionState:
        check_options(players, options)
        state = TrickerionState(players, options, Rng(seed))
        if options.duel_of_magicians:        # TR-22.1 (the variant's data, checked above)
            from .rules.duel import install
            install(state, DATA.duel_of_magicians)
        table_setup(state)
        if options.magician_powers:          # TR-21.1 (the module's data, checked above)
            from .rules.powers import deal
            deal(state, DATA.magician_powers)
        advance(state)
        return state

    def scenario(self, spec: dict[str, Any]) -> TrickerionState:
        from .scenario import build
        return build(self, spec)

    def public_data(self) -> dict[str, Any]:
        from .public import public_data
        return public_data()

    def heuristic(self, state: TrickerionState, seat: int) -> float:
        from .heuristics import evaluate
        return evaluate(state, seat)

    def heuristic_all(self, state: TrickerionState, players: int) -> list[float]:
        from .heuristics import evaluate_all
        return evaluate_all(state)

    def judge_all(self, state: TrickerionState, players: int) -> list[float]:
        from .judge import judged_all  # fitted to `hard`'s games at three players; else `evaluate_all`
        return judged_all(state)

    def heuristic_after(self, world: TrickerionState, seat: int, moves: list[Move]) -> dict[Move, float]:
        from .in_place_values import in_place_values
        return in_place_values(world, seat, moves)

    def statistics(self, state: TrickerionState) -> dict[str, Any]:
        return {
            "magicians": [DATA.magicians[m].id if m >= 0 else None for m in state.magician],
            "favorite": [CATEGORIES[DATA.magicians[m].favorite] if m >= 0 else None
                         for m in state.magician],
            "fame": list(state.fame),
            "tricks": [sum(1 for t in row if t >= 0) for row in state.trick_by_suit],
            "final_initiative": list(state.order),
        }
