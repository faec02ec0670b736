"""What the worker processes run (`work.WorkPool`): a game's setup, a record's replay, a position of
the past. Plain functions of plain data, so they pickle by name; they import only the core and the
games (a worker never loads the web framework)."""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from parlor.ai import Budget, make_bot
from parlor.ai.hints import played_from, suggest
from parlor.core import Event, Game, IllegalMove, ParlorError, State, all_games, derive_seed, get_game
from parlor.core.rng import Rng
from parlor.core.score_course import score_course as running_scores

RULE = re.compile(r"\s*([A-Z]{1,4}-[A-Z]?[0-9]+(?:\.[0-9]+)*)\b")


def rule_of(sentence: str) -> str | None:
    """The rule ID a `why_illegal` sentence starts with ("TR-22.1: ..." -> "TR-22.1"), if any."""
    found = RULE.match(sentence)
    return found.group(1) if found else None


def rng_state(state: State) -> Any:
    """Where the state's random generator stands (None for a game without one): a move after which
    it stands elsewhere drew on chance, and undo never takes such a move back.

    For an `Rng` this is its draw count (`Rng.draws`; a clone starts from its source's), compared
    before and after every move: comparing the whole state (`getstate`, 625 numbers each time)
    cost the server about 40 µs a move. A generator shared with clones until one draws
    (`SharedRng`) is read from its slot, so that asking does not make the state copy it. Any other
    generator is compared by its whole state."""
    rng = getattr(state, "_rng", None)
    if rng is None:
        rng = getattr(state, "rng", None)
    if rng is None:
        return None
    return rng.draws if isinstance(rng, Rng) else rng.getstate()


@dataclass
class Replayed:
    """A record replayed: the position after it, each move's events and whether it drew on chance,
    and what the log tells before the first move; or, when a move does not replay, `problem` (and no
    position)."""

    state: State | None
    history: list[list[Event]] = field(default_factory=list)
    chance: list[bool] = field(default_factory=list)
    problem: str | None = None
    opening: list[Event] = field(default_factory=list)   # what the log tells before the first move


def prepare(game_id: str, players: int, seed: int, options: dict[str, Any]) -> State:
    """A new game's opening position. :raises BadOptions: options the setup refuses."""
    state: State = get_game(game_id).setup(players, seed, options)
    return state


def prepare_timed(game_id: str, players: int, seed: int, options: dict[str, Any]) -> tuple[State, float]:
    """`prepare`, and how many seconds it took."""
    started = time.perf_counter()
    state = prepare(game_id, players, seed, options)
    return state, time.perf_counter() - started


def replay_moves(game_id: str, rules_version: str, players: int, seed: int, options: dict[str, Any],
                 moves: list[tuple[int, Any]]) -> Replayed:
    """Set the game up and play `moves` (seat, move JSON); a move that does not replay ends the
    replay with a `problem` naming it (the record itself is never changed)."""
    try:
        game = get_game(game_id)
    except ParlorError as err:
        return Replayed(None, problem=str(err))
    if rules_version != game.rules_version:
        return Replayed(None, problem=f"this table uses {game.id} rules version {rules_version}; this "
                                      f"server plays version {game.rules_version}")
    try:
        state = game.setup(players, seed, options)
    except ParlorError as err:
        return Replayed(None, problem=f"the table's setup fails: {err}")
    out = Replayed(state, opening=game.opening_events(state))
    for index, (seat, data) in enumerate(moves):
        before = rng_state(state)
        try:
            out.history.append(state.play(seat, game.move_from_json(data)))
        except ParlorError as err:
            return Replayed(None, problem=move_problem(index, seat, err))
        out.chance.append(rng_state(state) != before)
    return out


def move_problem(index: int, seat: int, err: ParlorError) -> str:
    """Why a stored move does not replay, in words everyone may read: the error's code and the
    rule's ID, never the engine's sentence (it may name a card in someone's hand)."""
    rule = rule_of(str(err)) if isinstance(err, IllegalMove) else None
    return f"record move {index} (seat {seat}) does not replay: {err.code}" + (f" ({rule})" if rule else "")


def position_at(game_id: str, players: int, seed: int, options: dict[str, Any],
                moves: list[tuple[int, Any]], seat: int | None) -> dict[str, Any]:
    """What `seat` saw after `moves`: its view, who was deciding, and the result if it was over."""
    state = _position_after(get_game(game_id), players, seed, options, moves)
    over = state.is_over()
    return {"view": state.view(seat), "actors": list(state.actors()),
            "result": state.result().to_json() if over else None}


def score_course(game_id: str, players: int, seed: int, options: dict[str, Any],
                 moves: list[tuple[int, Any]]) -> list[dict[str, Any]]:
    """Each seat's running score (or what the game's chart follows) through a game
    (`parlor.core.score_course`), as JSON."""
    return [point.to_json() for point in running_scores(get_game(game_id), players, seed, options, moves)]


def _position_after(game: Game[Any], players: int, seed: int, options: dict[str, Any],
                    moves: list[tuple[int, Any]]) -> State:
    """The table's position after `moves`, replayed from its setup."""
    state: State = game.setup(players, seed, options)
    for seat_moved, data in moves:
        state.play(seat_moved, game.move_from_json(data))
    return state


def hint_at(game_id: str, players: int, seed: int, options: dict[str, Any], moves: list[tuple[int, Any]],
            seat: int, later: list[tuple[int, Any]], level: str, seconds: float) -> dict[str, Any]:
    """The hint for `seat`'s decision after `moves` (a past position), thought in a worker on a position
    redetermined from the seat's view then (as the hint at that moment was: the same generator), with
    the move the seat played from there (`played_from` the record's `later` moves) and the share of
    the search it drew."""
    game = get_game(game_id)
    state = _position_after(game, players, seed, options, moves)
    rng = Rng(derive_seed(seed, "hint", len(moves), seat))
    chosen = played_from(state, seat, ((mover, game.move_from_json(data)) for mover, data in later))
    given = suggest(make_bot(level), game, state, seat, rng, Budget(seconds=seconds))
    return {**given.to_json(),
            "played": None if chosen is None else {"move": chosen.to_json(), "share": given.share(chosen)}}


def warm_up() -> int:
    """Load every game's data in the worker before the first real job."""
    return len(all_games())


__all__ = ["Replayed", "hint_at", "move_problem", "position_at", "prepare", "prepare_timed", "replay_moves",
           "rng_state", "rule_of", "score_course", "warm_up"]
