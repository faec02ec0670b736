"""A game played in the terminal against bots: the bots' moves, autosave, undo, hints and the coach.

The loop lets the bots move until the player must decide, then draws the seat's screen and reads answers
until one is a move (`seat_terminal`: the screen, the choices and the commands every seat's terminal
shares); `undo`, `hint` and `save` are this game's own. The game is saved after every move, so a
terminal closed at any moment loses nothing.
"""

from __future__ import annotations

import getpass
import shlex
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from parlor.ai import LEVELS, make_bot
from parlor.ai.hints import HINT_LEVEL, Hint, suggest
from parlor.core import (
    Event,
    Game,
    Move,
    Result,
    Rng,
    State,
    derive_seed,
)
from parlor.core.moves import only_passing
from parlor.core.naming import player_names, words
from parlor.core.text import EventLog
from parlor.server.jobs import replay_moves, rng_state

from .course import course_lines
from .hinting import hint_lines
from .render import result_table
from .saves import SavedGame
from .screens import Context
from .screens.base import capital
from .seat_terminal import Handler, Quit, SeatTerminal
from .words import say


def table_names(players: int, seat: int | None, name: str, bot: str, lang: str) -> list[str]:
    """The players' names as the server would give them: the player's own name, bots by level."""
    level = bot if bot in LEVELS or bot == "random" else "custom"
    seats: list[dict[str, Any]] = [
        {"seat": s, "kind": "human", "name": name} if s == seat
        else {"seat": s, "kind": "bot", "level": level} for s in range(players)]
    return player_names(seats, lang)


def default_name(lang: str) -> str:
    """The player's name when `--name` gives none: their login name ("Ada"), else "You" in words."""
    try:
        login = getpass.getuser().strip()
    except (OSError, KeyError):
        login = ""
    name = login or words(lang)["you"]
    return name[:1].upper() + name[1:]


@dataclass(frozen=True)
class PlayStyle:
    """How the player asked the terminal to play, for every game of one `parlor play` (not saved with
    the game: each run says it again)."""

    full: bool = False        # the engine's whole position too (for developers)
    auto_pass: bool = False   # pass for the player where a pass is all they may do
    coach: bool = False       # after each of their decisions, what the hard bot would have played there


class Session(SeatTerminal):
    """A game played here against bots, from its save."""

    HELP = (("N", "help_number"), ("more", "help_more"), ("card", "help_card"), ("?N", "help_about"),
            ("rules", "help_rules"), ("log", "help_log"), ("undo", "help_undo"), ("hint", "help_hint"),
            ("save", "help_save"), ("board", "help_board"), ("full", "help_full"), ("quit", "help_quit"),
            ("help", "help_help"))

    def __init__(self, game: Game[Any], saved: SavedGame, console: Console,
                 style: PlayStyle = PlayStyle()) -> None:
        names = table_names(saved.record.players, saved.seat, saved.name or default_name(saved.lang),
                            saved.bot, saved.lang)
        super().__init__(game, console, saved.lang, saved.seat, names, style.full)
        self.seat: int = saved.seat
        self.saved = saved
        self.auto_pass = style.auto_pass
        self.coach = style.coach
        self.bot = make_bot(saved.bot)
        self.rng = Rng(derive_seed(saved.record.seed, "cli-bots", len(saved.record.moves)))
        self.state: State
        self.history: list[list[Event]] = []
        self.chance: list[bool] = []
        self._rebuild()

    def view(self) -> dict[str, Any]:
        return self.state.view(self.seat)

    def players(self) -> int:
        return self.saved.record.players

    # -- position ------------------------------------------------------------------------------
    def _rebuild(self) -> None:
        """The position after the record's moves, with each move's events, whether it drew on chance,
        and the log's sentences."""
        rec = self.saved.record
        replayed = replay_moves(self.game.id, rec.rules_version, rec.players, rec.seed, rec.options,
                                rec.moves)
        if replayed.state is None:
            from parlor.core import BadRecord

            raise BadRecord(f"{self.saved.path}: {replayed.problem}")
        self.state = replayed.state
        self.history = replayed.history
        self.chance = replayed.chance
        self.told = EventLog(self.catalog, self.names)
        self.tell(replayed.opening)
        for events in self.history:
            self.tell(events)

    def _play(self, seat: int, move: Move) -> None:
        before = rng_state(self.state)
        events = self.state.play(seat, move)
        self.saved.record.add(seat, move)
        self.history.append(events)
        self.tell(events)
        self.chance.append(rng_state(self.state) != before)
        self.saved.over = self.state.is_over()
        if self.saved.over:
            result = self.state.result()
            self.saved.result = {"ranks": list(result.ranks), "winners": list(result.winners())}
        self.saved.write()

    # -- the loop ------------------------------------------------------------------------------
    def run(self, resumed: bool) -> bool:
        """Play the game to its end (True) or until the player leaves it (False)."""
        say_ = self.say_line
        name = self.game.title_in(self.lang)
        everyone = self.listed(self.names)
        if resumed:
            say_(say(self.lang, "resumed", title=name, moves=len(self.saved.record.moves), names=everyone))
        else:
            say_(say(self.lang, "start", title=name, players=self.saved.record.players, names=everyone))
        say_(say(self.lang, "autosave", path=self.saved.path), style="dim")
        self.saved.write()
        try:
            while not self.state.is_over():
                actors = self.state.actors()
                others = [a for a in actors if a != self.seat]
                if others:  # bots first, then you
                    self._play(others[0], self.bot.choose(self.game, self.state, others[0], self.rng))
                    continue
                try:
                    self._decide()
                except Redecide:
                    continue
        except (KeyboardInterrupt, EOFError, Quit):
            self.console.print()
            say_(say(self.lang, "game_left", path=self.saved.path))
            return False
        self.show_screen(None)
        self.console.print(final_result(self.state.result(), self.names, self.lang, self.context()))
        if course := course_lines(self.game, self.saved.record, self.context(), self.console.width):
            self.console.print(course)
        # a learner's next step: where the hard bot would have chosen otherwise (a command to copy as it is)
        path = shlex.quote(str(self.saved.path))
        say_(say(self.lang, "look_back", path=path, seat=self.seat + 1), style="dim")
        return True

    def _decide(self) -> None:
        moves = self.state.legal_moves(self.seat)
        if self.auto_pass and only_passing(moves):  # bots read no timing: nothing to give away here
            self._play(self.seat, moves[0])
            return
        self.first_choice = 0
        self.show_screen(moves)
        while True:
            answer = self.console.input(self.prompt()).strip()
            move = self.answer(answer, moves)
            if move is not None:
                # thought on the position the player decided in, before their move changes it
                given = self._hard_bot() if self.coach and len(moves) > 1 else None
                detailed = None if given is None else self._detailed()   # said as at the position decided in
                self._play(self.seat, move)
                self.advice = [] if given is None or detailed is None else self._advice(given, move, detailed)
                return

    def handlers(self) -> dict[str, Handler]:
        def save(rest: str, moves: list[Move]) -> None:
            self.saved.write()
            self.say_line(say(self.lang, "saved", path=self.saved.path))

        return {**super().handlers(), "undo": lambda rest, moves: self.undo(),
                "hint": lambda rest, moves: self.hint(moves), "save": save}

    def check(self, move: Move, moves: list[Move]) -> None:
        self.state.check(self.seat, move)

    def hint(self, moves: list[Move]) -> None:
        """What the hard bot would play in the player's place, thinking only on what the player knows
        (a position redetermined from their view), with its number among the choices, and how its
        search divided (`ai.hints.Hint`)."""
        given = self._hard_bot()
        for line in hint_lines(given, self.lang, lambda move: self.choice(moves, move)):
            self.say_line(line)

    def _advice(self, given: Hint, played: Move, detailed: Callable[[Move], str]) -> list[str]:
        """The coach's words on a decision: the move the player made, then the hard bot's choice."""
        def worded(move: Move) -> str:
            return self.catalog.move(move, self.names, self.seat)

        return [say(self.lang, "coach_title"), *hint_lines(given, self.lang, worded, played, detailed)]

    def _detailed(self) -> Callable[[Move], str]:
        """A move as the choices list says it now (with what tells it from a move of the same words)."""
        view, ctx = self.state.view(self.seat), self.context()
        return lambda move: self.screen.move_label(move, ctx, self.seat, view)

    def _hard_bot(self) -> Hint:
        """The hard bot's choice for the player now, on what they know; the same generator for the
        same position, so `hint` and the coach answer alike."""
        rng = Rng(derive_seed(self.saved.record.seed, "hint", len(self.saved.record.moves), self.seat))
        return suggest(make_bot(HINT_LEVEL), self.game, self.state, self.seat, rng)

    def undo(self) -> None:
        """Take back the player's last move and the bots' answers to it, as the server's undo does: only
        when none of them revealed hidden information or drew on chance. A pass that was all the player
        could do is no choice to take back: undo goes to the one before it (else an undone pass would
        be asked, or with `--auto-pass` made, again at once)."""
        moves = self.saved.record.moves
        mine = self._chosen()
        if not mine:
            self.say_line(say(self.lang, "undo_none"))
            return
        start = mine[-1]
        if any(e.reveal for events in self.history[start:] for e in events):
            self.say_line(say(self.lang, "undo_revealed"), "red")
            return
        if any(self.chance[start:]):
            self.say_line(say(self.lang, "undo_chance"), "red")
            return
        count = len(moves) - start
        del moves[start:]
        self.advice = []   # it spoke of a move now taken back
        self._rebuild()
        self.saved.write()
        self.say_line(say(self.lang, "undo_done", count=count))
        raise Redecide


    def _chosen(self) -> list[int]:
        """The indices of the record's moves the player chose: theirs, but a pass (`PASSING`: a pass,
        the end of a step, an offer declined) that was all they could do (replayed, since the record
        keeps moves, not the choices they were among)."""
        record = self.saved.record
        state = self.game.setup(record.players, record.seed, record.options)
        chosen = []
        for index, (seat, data) in enumerate(record.moves):
            if seat == self.seat and not only_passing(state.legal_moves(seat)):
                chosen.append(index)
            state.play(seat, self.game.move_from_json(data))
        return chosen


class Redecide(Exception):
    """The position changed under the prompt (an undo): draw the screen again."""


def final_result(result: Result, names: list[str], lang: str, ctx: Context) -> Table:
    """The final result in the player's language, players in their colours (`render.result_table`)."""
    return result_table(result, [ctx.player(seat) for seat in range(len(names))], say(lang, "final"),
                        say(lang, "rank"), say(lang, "score"), say(lang, "outcome"),
                        lambda key: capital(ctx.catalog.ui.get(f"category_{key}") or ctx.name(key)))
