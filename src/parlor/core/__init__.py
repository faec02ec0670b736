"""The game-agnostic core: the protocol every game meets, and what works on any game."""

from .bot_settings import BotSettings, SearchSettings
from .errors import (
                     BadMove,
                     BadOptions,
                     BadRecord,
                     BadScenario,
                     DataError,
                     IllegalMove,
                     NotYourTurn,
                     ParlorError,
                     StaleIndex,
                     UndoRefused,
                     UnknownGame,
)
from .events import PUBLIC, Event, visible_log
from .game import Game, LiveScore, State
from .moves import Move, MoveCatalog
from .options import (
                     NoOptions,
                     option,
                     option_fields,
                     option_range,
                     options_from_json,
                     options_from_text,
                     options_to_json,
)
from .record import GameRecord, replay, undo
from .registry import all_games, get_game, register, unregister
from .result import Result, rank_seats
from .rng import Rng, derive_seed
from .score_pad import Asker, ScorePad
from .simultaneous import Commits

__all__ = [
    "BadMove", "BadOptions", "BadRecord", "BadScenario", "DataError", "IllegalMove", "NotYourTurn",
    "ParlorError", "StaleIndex", "UndoRefused", "UnknownGame", "PUBLIC", "Event", "visible_log",
    "Game", "State", "LiveScore", "BotSettings", "SearchSettings",
    "Move", "MoveCatalog", "NoOptions", "option", "option_fields", "option_range",
    "options_from_json", "options_from_text", "options_to_json", "GameRecord", "replay", "undo", "all_games",
    "get_game", "register", "unregister", "Result", "rank_seats", "Rng", "derive_seed", "Commits",
    "Asker", "ScorePad",
]
