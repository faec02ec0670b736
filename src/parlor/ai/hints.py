"""A hint for a player learning a game: what a strong bot would play in their place, thinking only on
what the player knows, and how its search weighed the player's choices (so that a close call reads
as one). The server's hint and the terminal's `hint` both ask here."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from parlor.core import Game, Move, Rng, State

from .bots import Bot, Budget
from .ismcts import IsmctsBot

HINT_LEVEL = "hard"
MOST_WEIGHED = 3      # the choices a hint lists with their shares of the search, its own first
STOOD_OUT = 0.05      # the least share of the search a choice other than the bot's needs to be listed
FEW = 4               # up to this many choices searched, that least share is enough ...
CLEAR = 1.5           # ... beyond, a choice must also draw 1.5 times an even split to stand out


@dataclass(frozen=True, slots=True)
class Hint:
    """The bot's move and, for a bot that searched among several choices, how its search divided:
    `weighed`, the bot's move then the others that stood out (by share, at most `MOST_WEIGHED` in
    all: at least `STOOD_OUT` of the search, and beyond `FEW` choices also `CLEAR` times an even
    split), each with its share of the visits to the seat's legal moves; or, where no choice stood
    out, `spread`, how many choices the search visited (a close call)."""

    move: Move
    weighed: tuple[tuple[Move, float], ...] = ()
    spread: int = 0
    shares: tuple[tuple[Move, float], ...] = field(default=(), compare=False, repr=False)  # every one

    def share(self, move: Move) -> float:
        """The share of the search `move` drew (0 for a move it never tried, or without a search)."""
        return next((part for choice, part in self.shares if choice == move), 0.0)

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move.to_json(), "spread": self.spread,
                "weighed": [{"move": move.to_json(), "share": share} for move, share in self.weighed]}


def suggest(bot: Bot, game: Game[Any], state: State, seat: int, rng: Rng,
            budget: Budget | None = None) -> Hint:
    """`bot`'s move for `seat` on a position redetermined from the seat's view (every hidden thing
    resampled), never on `state` itself, so that a hint carries nothing the seat may not see.

    `bot` should be the hint's own: a searching bot's statistics of its last choice are read after
    it, so a bot shared with other threads could report theirs.
    """
    legal = state.legal_moves(seat)
    move = bot.choose(game, state.redetermine(seat, rng), seat, rng, budget)
    return weighed(bot, legal, move)


def played_from(state: State, seat: int, later: Iterable[tuple[int, Move]]) -> Move | None:
    """The move `seat` played from the decision it has in `state`: its first among `later` (the
    record's moves from here), where it was one of its choices here -- others moving first in a
    simultaneous step leave them as they were; None where it never played one."""
    move = next((move for mover, move in later if mover == seat), None)
    return move if move is not None and move in state.legal_moves(seat) else None


def weighed(bot: Bot, legal: list[Move], move: Move) -> Hint:
    """The hint of `bot`'s choice `move`, from the shares of its last search among the seat's true
    legal moves (a determinization's other moves are not the player's to make); nothing more for a
    bot that did not search, or for one choice alone."""
    info = bot.last if isinstance(bot, IsmctsBot) else None
    if info is None or len(legal) < 2:
        return Hint(move)
    playable = set(legal)
    visits = {stats.move: stats.visits for stats in info.moves if stats.move in playable and stats.visits}
    total = sum(visits.values())
    if not total:
        return Hint(move)
    shares = {choice: count / total for choice, count in visits.items()}
    every = tuple(shares.items())
    # among many choices a near-even search (16 choices at 6% each) singles none out
    bar = STOOD_OUT if len(shares) <= FEW else max(STOOD_OUT, CLEAR / len(shares))
    others = sorted((choice for choice in shares if choice != move and shares[choice] >= bar),
                    key=lambda choice: -shares[choice])   # stable: equal shares keep the search's order
    if shares.get(move, 0.0) < bar and not others:
        return Hint(move, spread=len(shares), shares=every)
    listed = [move, *others][:MOST_WEIGHED]
    return Hint(move, tuple((choice, shares.get(choice, 0.0)) for choice in listed), shares=every)
