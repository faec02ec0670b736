"""Setting Star Road up on a real table (SR-3.2, SR-5, SR-19.2, SR-23.1): the faction cards and the
groups of the player count, the character cards, the starting resources, the first character and the
round limit, each from the engine's own set-up and the game's data (`parlor.core.setup_guide`)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from parlor.core.data import load_toml
from parlor.core.setup_guide import SetupFact, SetupGuide

from .data import DATA_DIR
from .options import Options

if TYPE_CHECKING:
    from .game import StarRoad


def cards_kept() -> int:
    """How many of the dealt character cards a player keeps (SR-5.5, game.toml `[setup]`)."""
    return int(load_toml(DATA_DIR / "game.toml")["setup"]["character_cards_kept"])


def setup_guide(game: StarRoad) -> SetupGuide:
    def facts(players: int, options: Options) -> list[SetupFact]:
        # the engine's set-up for these players: which seat gets which card is random, the rest is not
        state = game.setup(players, 0, options)
        base, content = state.content.base, state.content
        order = list(base.cards)
        cards = sorted((player.faction for player in state.players), key=order.index)
        captains = sum(1 for code in cards if base.cards[code].captain)
        dealt = {"count": len(cards), "cards": cards, "captains": captains}
        out = [SetupFact("SR-5.4", "factions" if captains else "factions_no_captain", dealt)]
        sizes = Counter(base.cards[code].group for code in cards)
        out.append(SetupFact("SR-3.2", "groups", {"groups": {group: sizes[group] for group in base.groups}}))
        hand = len(state.players[0].dealt)
        kept = cards_kept()
        left_out = len(state.undealt)
        characters = {"deck": len(content.characters), "dealt": hand, "dealt_all": hand * players,
                      "out": left_out, "kept": kept, "aside": hand - kept}
        out.append(SetupFact("SR-5.5", "characters" if left_out else "characters_all_dealt", characters))
        first = state.players[0]
        total = sum(player.storage + player.hp for player in state.players)
        out.append(SetupFact("SR-5.2", "resources", {"total": first.storage + first.hp,
                                                      "storage": first.storage, "hp": first.hp,
                                                      "all": total}))
        if content.ground:
            structures = [number for slot in content.ground_slots
                          for number, structure in content.ground.items() if structure.slot == slot]
            out.append(SetupFact("SR-19.2", "ground", {"structures": structures}))
        out.append(SetupFact("SR-5.7", "first"))
        out.append(SetupFact("SR-5.8", "last"))
        rounds = options.round_limit
        out.append(SetupFact("SR-23.1", "rounds", {"rounds": rounds, "turns": rounds * players})
                   if rounds else SetupFact("SR-23.1", "rounds_none"))
        return out

    return SetupGuide(("ground_rules",), facts)
