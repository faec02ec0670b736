"""Setting Skyrise up on a real table (SK-3.2, SK-3.3, SK-3.6 to SK-3.9): what the number of players
changes, from the engine's own set-up and the game's data (`parlor.core.setup_guide`). No option
changes the set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core.setup_guide import SetupFact, SetupGuide

from .buildings import MEDIUM, SHORT, TALL
from .const import WONDER_K
from .options import Options

if TYPE_CHECKING:
    from .game import Skyrise


def setup_guide(game: Skyrise) -> SetupGuide:
    def facts(players: int, options: Options) -> list[SetupFact]:
        # the engine's set-up for these players: what is drawn is random, how much of it is not
        state = game.setup(players, 0, options)
        data = state.data
        outer = [island for island in data.board.islands if island.kind == "outer"]
        out = [SetupFact("SK-3.2", "islands", {"outer": len(state.layout.placement), "islands": len(outer),
                                              "neighborhoods": len(state.layout.nbs)})]
        bag = data.bags[players]
        out.append(SetupFact("SK-3.3", "bag", {"per_colour": bag.per_colour, "per_letter": bag.per_letter,
                                               "wild": bag.wild, "commission": bag.commission,
                                               "total": bag.total}))
        hands = [len(hand) for hand in state.hands]
        out.append(SetupFact("SK-3.6", "wonders", {"each": hands[0], "dealt": sum(hands),
                                                   "deck": len(data.wonders)}))
        out.append(SetupFact("SK-3.7", "objectives", {"each": len(state.objectives) // players,
                                                      "dealt": len(state.objectives),
                                                      "deck": len(data.objectives)}))
        keys = {key.id: key.points for key in data.keys if players >= key.min_players}
        unused = [key.id for key in data.keys if players < key.min_players]
        out.append(SetupFact("SK-3.8", "keys_without", {"keys": keys, "players": players, "unused": unused})
                   if unused else SetupFact("SK-3.8", "keys", {"keys": keys}))
        # the first player's pieces (every set has the same heights and eras): the era-1 supply is
        # what the engine lets them bid in era 1; their other buildings and wonder wait for era 2
        heights = [data.pieces.height[piece] for piece in state.unbuilt[0]]
        dotted = [piece for piece in range(WONDER_K) if data.pieces.era[piece] == 2]
        out.append(SetupFact("SK-3.9", "supply", {
            "undotted": len(heights), "short": heights.count(SHORT), "medium": heights.count(MEDIUM),
            "tall": heights.count(TALL), "dotted": len(dotted)}))
        return out

    return SetupGuide((), facts)
