"""Star Road the Gathering: the Game (setup SR-5, options SR-22, scenarios, bots' heuristic)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from parlor.core import BotSettings, Game, LiveScore, Move, Rng, SearchSettings
from parlor.core.game import LabPages

from . import heuristics
from .content import content_for
from .data import base_data
from .model import Player
from .moves import MOVES
from .options import Options
from .state import StarRoadState

_K = base_data().constants


class StarRoad(Game[StarRoadState]):
    id = "starroad"
    title = "Star Road the Gathering"
    description = ("Hidden teams build weapons, armour and gadgets on production lines and fight "
                   "until one group of colours remains.")
    min_players = _K.min_players
    max_players = _K.max_players
    options_type = Options
    moves = MOVES
    # Every turn ends within a bounded number of decisions, and the round limit bounds the
    # turns; 40 rounds x 8 players x 1,500 decisions is far above anything reachable.
    move_bound = 500_000
    # the notes read literally, each colour wins alone
    presets = {"notes": {"team_mode": "colour"}}
    # Measured at 2 players against greedy (docs/status/bots.md): judging the tree's leaves at once
    # (depth 0) is as good as rollouts and 5x faster; the levels rank among greedy's three best
    # moves at every node. Something is revealed at almost every step (object numbers as they are
    # used), so children split by what the bot sees spread the iterations thin: keyed by moves
    # alone (observe=False) it won 77% instead of 59% (200 games). No running score: HP is not one.
    bot_settings = BotSettings(depth=0, tuned=SearchSettings(depth=0, center=True, candidates=3,
                                                             everywhere=True, observe=False))
    # No live score (the panels show each character's HP already), but the chart of a finished game
    # follows each seat's HP: the last team standing wins, else the most total HP (SR-3.5, SR-23.2).
    course_score = LiveScore("hp", entries="seats", label="hp")

    def _setup(self, players: int, seed: int, options: Options) -> StarRoadState:
        """SR-5: factions dealt face down, 4 storage and 8 HP each, two character cards each."""
        content = content_for(options)
        rng = Rng(seed)
        s = StarRoadState(players, options, content, rng)
        cards = list(content.base.table[players])
        rng.shuffle(cards)
        keys = sorted(content.characters)
        rng.shuffle(keys)
        dealt = _K.cards_dealt
        slots = _K.lines * _K.levels
        for seat in range(players):
            hand = tuple(keys[dealt * seat: dealt * (seat + 1)])
            s.players.append(Player(cards[seat], hand, _K.starting_hp, _K.starting_storage,
                                    slots, len(content.ground_slots)))
        s.undealt = keys[dealt * players:]
        s.first = rng.randrange(players)
        s.active = s.first
        s.next_uid = 1
        return s

    def scenario(self, spec: dict[str, Any]) -> StarRoadState:
        from .scenario import build
        return build(self, spec)

    def public_data(self) -> dict[str, Any]:
        """The packaged design chart, character cards, ground structures and faction cards, printed
        faces only (a table with its own chart gets that chart's faces in its view)."""
        from .faces import public_faces
        return public_faces()

    def cli_commands(self) -> tuple[Callable[[Any], None], ...]:
        """`parlor starroad check-chart | check-characters | lab | compare` (the design lab)."""
        from .lab.commands import register
        return (register,)

    def lab_pages(self) -> LabPages:
        from .lab import pages
        return pages

    def tool_routes(self) -> tuple[Callable[[Any], None], ...]:
        """`POST /api/tools/starroad/sheet`: the sheet of an author's own design chart."""
        from .tool_routes import register
        return (register,)

    def heuristic(self, state: StarRoadState, seat: int) -> float:
        return heuristics.heuristic(state, seat)

    def heuristic_all(self, state: StarRoadState, players: int) -> list[float]:
        return heuristics.heuristic_all(state, players)

    def heuristic_after(self, world: StarRoadState, seat: int, moves: list[Move]) -> dict[Move, float]:
        return heuristics.judged_together(world, seat, moves)

    def teams(self, state: StarRoadState) -> tuple[str, ...]:
        """SR-3.4, SR-3.5: each seat plays for its group (its colour in the colour variant), and
        every player of the winning team wins."""
        return tuple(state.team(x) for x in range(state.player_count))

    def statistics(self, state: StarRoadState) -> dict[str, Any]:
        """Who had which faction and character, who was eliminated by whom, game length."""
        return {
            "factions": [p.faction for p in state.players],
            "characters": [p.character for p in state.players],
            "teams": [state.team(x) for x in range(state.player_count)],
            "winners": list(state.winners),
            "draw": state.draw,
            "end_reason": state.end_reason,
            "turns": state.completed,
            "rounds": state.completed / state.player_count,
            "eliminations": [list(e) for e in state.eliminations],
            "hp": [p.hp for p in state.players],
        }
