"""Setting Opera up on a real table (OP-4, OP-16.2): what the number of players and the 7-round
variant change, from the engine's own set-up and the game's data (`parlor.core.setup_guide`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core.setup_guide import SetupFact, SetupGuide

from .board import CITIES
from .options import OperaOptions
from .rules.architetto import opens_round

if TYPE_CHECKING:
    from .game import Opera


def setup_guide(game: Opera) -> SetupGuide:
    def facts(players: int, options: OperaOptions) -> list[SetupFact]:
        # the engine's set-up for these players: its seating is random, what each place gets is not
        state = game.setup(players, 0, options)
        data = state.data
        by_seating = list(state.seating)
        out = [SetupFact("OP-4.9", "ducats", {"ducats": [state.money[seat] for seat in by_seating]}),
               SetupFact("OP-4.8", "budget", {"last": max(state.slot[seat] for seat in by_seating)})]
        removed = [part for part in data.parts if part.min_players > players]
        out.append(SetupFact("OP-4.4", "parts", {"players": players, "count": len(removed)}) if removed
                   else SetupFact("OP-4.4", "parts_all"))
        houses = {city.id: city.houses[players] for city in data.cities if city.houses.get(players)}
        out.append(SetupFact("OP-4.4", "houses", {"houses": houses}))
        out.append(SetupFact("OP-4.10", "display", {"n": len(state.display)}))
        scoring = data.short_game.scoring_after_rounds if options.short_game_7_rounds \
            else data.scoring_after_rounds
        rounds = data.short_game.rounds if options.short_game_7_rounds else data.rounds
        rule = "OP-16.2" if options.short_game_7_rounds else "OP-5.1"
        out.append(SetupFact(rule, "rounds", {"rounds": rounds, "after": list(scoring)}))
        out.append(SetupFact("OP-3.11", "opens", {"opens": {name: opens_round(state, index)
                                                           for index, name in enumerate(CITIES)}}))
        return out

    return SetupGuide(("short_game_7_rounds",), facts)
