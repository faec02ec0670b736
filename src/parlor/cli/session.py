"""A game played in the terminal against bots: the screen, the commands beside moves, autosave and undo.

The loop lets the bots move until the player must decide, draws one screen, and reads answers until one
is a move: a choice's number or a move's notation plays it; the commands (`help`, `rules`, `card`,
`?N`, `log`, `undo`, `save`, `board`, `full`, `more`, `quit`) answer without moving. The game is saved
after every move, so a terminal closed at any moment loses nothing.
"""

from __future__ import annotations

import getpass
import re
import shlex
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from parlor.ai import LEVELS, make_bot
from parlor.ai.hints import HINT_LEVEL, Hint, suggest
from parlor.core import (
    BadMove,
    Event,
    Game,
    IllegalMove,
    Move,
    NotYourTurn,
    Result,
    Rng,
    State,
    derive_seed,
)
from parlor.core.moves import only_passing
from parlor.core.naming import player_names, words
from parlor.core.text import PUNCTUATION, EventLog
from parlor.server.jobs import replay_moves, rng_state, rule_of

from .course import course_lines
from .hinting import hint_lines
from .render import bulleted, result_table, view_tree
from .saves import SavedGame
from .screens import Context, Decision, GameScreen, draw, screen_for
from .screens.base import capital
from .words import COMMANDS, say

# "seat 0" in an engine's sentence: the terminal names the player instead of the 0-based seat
SEAT = re.compile(r"\bseat (\d+)\b")


class Quit(Exception):
    """The player left the game (it stays saved)."""


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


class Session:
    def __init__(self, game: Game[Any], saved: SavedGame, console: Console,
                 style: PlayStyle = PlayStyle()) -> None:
        self.game = game
        self.saved = saved
        self.console = console
        self.full = style.full
        self.auto_pass = style.auto_pass
        self.coach = style.coach
        self.advice: list[str] = []   # the coach's words on the player's last decision, under the screen
        self.lang = saved.lang
        self.seat = saved.seat
        self.catalog = game.catalogs()[self.lang]
        self.screen: GameScreen = screen_for(game.id)
        self.names = table_names(saved.record.players, self.seat, saved.name or default_name(self.lang),
                                 saved.bot, self.lang)
        self.bot = make_bot(saved.bot)
        self.rng = Rng(derive_seed(saved.record.seed, "cli-bots", len(saved.record.moves)))
        self.state: State
        self.history: list[list[Event]] = []
        self.chance: list[bool] = []
        self.told: EventLog
        self.first_choice = 0
        self._rebuild()

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
        self.told = EventLog(self.catalog, self.names)  # the log's sentences, kept as moves are played
        self._tell(replayed.opening)
        for events in self.history:
            self._tell(events)

    def context(self) -> Context:
        view = self.state.view(self.seat)
        colours = self.screen.colours(view, self.saved.record.players)
        return Context(self.game, self.catalog, self.lang, self.names, self.seat, colours)

    def log_lines(self, last: int | None = None) -> list[str]:
        """The events the player may know, in words (only the `last` few when that is all to show)."""
        view = self.state.view(self.seat)
        ctx = self.context()
        shown = self.told.lines[-last:] if last else self.told.lines
        return [self.screen.polish(line, view, ctx) for line in shown]

    def _tell(self, events: list[Event]) -> None:
        """Add the events the player may know to the log's sentences."""
        for event in events:
            if event.visible(self.seat):
                self.told.add(event)

    def _play(self, seat: int, move: Move) -> None:
        before = rng_state(self.state)
        events = self.state.play(seat, move)
        self.saved.record.add(seat, move)
        self.history.append(events)
        self._tell(events)
        self.chance.append(rng_state(self.state) != before)
        self.saved.over = self.state.is_over()
        if self.saved.over:
            result = self.state.result()
            self.saved.result = {"ranks": list(result.ranks), "winners": list(result.winners())}
        self.saved.write()

    def listed(self, names: Iterable[str]) -> str:
        """Names in a list as the language writes one ("Ada, Bo"; "Ada、Bo")."""
        return PUNCTUATION[self.lang].names.join(names)

    # -- the loop ------------------------------------------------------------------------------
    def run(self, resumed: bool) -> bool:
        """Play the game to its end (True) or until the player leaves it (False)."""
        say_ = self._say
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

    def _say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style), soft_wrap=True)

    def _decide(self) -> None:
        moves = self.state.legal_moves(self.seat)
        if self.auto_pass and only_passing(moves):  # bots read no timing: nothing to give away here
            self._play(self.seat, moves[0])
            return
        self.first_choice = 0
        self.show_screen(moves)
        while True:
            colon = PUNCTUATION.get(self.lang, PUNCTUATION["en"]).colon
            answer = self.console.input(f"[bold]{escape(say(self.lang, 'prompt'))}[/]{colon}").strip()
            move = self.answer(answer, moves)
            if move is not None:
                # thought on the position the player decided in, before their move changes it
                given = self._hard_bot() if self.coach and len(moves) > 1 else None
                detailed = None if given is None else self._detailed()   # said as at the position decided in
                self._play(self.seat, move)
                self.advice = [] if given is None or detailed is None else self._advice(given, move, detailed)
                return

    def show_screen(self, moves: list[Move] | None) -> None:
        view = self.state.view(self.seat)
        ctx = self.context()
        ctx.targets = {str(value) for move in moves or [] for value in move.to_json().values()
                       if isinstance(value, str)}
        if self.console.is_terminal:
            self.console.clear()
        if self.full:
            self.console.print(view_tree(view, say(self.lang, "position"), self.catalog))
        decision = None
        if moves is not None:
            step = self.screen.step(view)
            heading = self.catalog.steps.get(step or "", "") if step else ""
            decision = Decision(say(self.lang, "you_decide", step=heading) if heading
                                else say(self.lang, "choices"),
                                [self.screen.move_label(m, ctx, self.seat, view) for m in moves],
                                self.first_choice)
        header = Text.assemble((self.game.title_in(self.lang), "bold reverse"),
                               "  ", self.screen.status(view, ctx))
        advice = Text("\n".join(self.advice), style="cyan") if self.advice else None
        drawn = draw(self.console, self.screen, view, ctx, header, self.log_lines(last=8), decision, advice)
        self.console.print(drawn.renderable)
        self.shown = drawn.shown

    # -- answers -------------------------------------------------------------------------------
    def answer(self, text: str, moves: list[Move]) -> Move | None:
        """The move an answer plays, or None after answering a command or explaining a refusal."""
        if not text:
            return None
        word, _, rest = text.partition(" ")
        word = word.lower()
        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            self._say(say(self.lang, "out_of_range", number=number, count=len(moves)), "red")
            return None
        if word.startswith("?") and word[1:].isdigit():
            self.about(int(word[1:]), moves)
            return None
        if word in ("q", "exit"):
            word = "quit"
        if word in COMMANDS:
            self.command(word, rest.strip(), moves)
            return None
        try:
            move = self.game.parse(text)
            self.state.check(self.seat, move)
            return move
        except IllegalMove as err:
            self._say(say(self.lang, "refused", reason=self.reason(str(err))), "red")
        except (BadMove, NotYourTurn):
            self._say(say(self.lang, "unknown_word", word=text, count=len(moves)), "red")
        return None

    def reason(self, sentence: str) -> str:
        """A refusal in the player's language: the rule ID and the catalog's sentence for the rule;
        the engine's own (English) sentence when the catalog has none."""
        rule = rule_of(sentence)
        if rule is not None and rule in self.catalog.rules:
            colon = PUNCTUATION.get(self.lang, PUNCTUATION["en"]).colon  # Chinese: the full-width colon
            return f"{rule}{colon}{self.catalog.rules[rule]}"
        return SEAT.sub(lambda found: self.names[int(found.group(1))]
                        if int(found.group(1)) < len(self.names) else found.group(0), sentence)

    def command(self, word: str, rest: str, moves: list[Move]) -> None:
        if word == "quit":
            raise Quit
        if word == "help":
            self.help()
        elif word == "rules":
            self.rules()
        elif word == "card":
            self.card(rest)
        elif word == "log":
            self.log()
        elif word == "undo":
            self.undo()
        elif word == "hint":
            self.hint(moves)
        elif word == "save":
            self.saved.write()
            self._say(say(self.lang, "saved", path=self.saved.path))
        elif word == "board":
            self.show_screen(moves)
        elif word == "full":
            view = self.state.view(self.seat)
            self.console.print(view_tree(view, say(self.lang, "position"), self.catalog))
        elif word == "more":
            if self.shown.stop >= len(moves):
                self._say(say(self.lang, "no_more"))
                return
            self.first_choice = self.shown.stop
            self.show_screen(moves)

    def help(self) -> None:
        table = Table(box=box.SIMPLE, show_header=False, title=say(self.lang, "help_title"),
                      title_justify="left", pad_edge=False)
        table.add_column(style="bold cyan")
        table.add_column()
        for usage, key in (("N", "help_number"), ("more", "help_more"),
                           (say(self.lang, "help_card_usage"), "help_card"),
                           ("?N", "help_about"), ("rules", "help_rules"), ("log", "help_log"),
                           ("undo", "help_undo"), ("hint", "help_hint"), ("save", "help_save"),
                           ("board", "help_board"),
                           ("full", "help_full"), ("quit", "help_quit"), ("help", "help_help")):
            table.add_row(usage, say(self.lang, key))
        self.console.print(table)

    def hint(self, moves: list[Move]) -> None:
        """What the hard bot would play in the player's place, thinking only on what the player knows
        (a position redetermined from their view), with its number among the choices, and how its
        search divided (`ai.hints.Hint`)."""
        given = self._hard_bot()
        for line in hint_lines(given, self.lang, lambda move: self._choice(moves, move)):
            self._say(line)

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

    def _choice(self, moves: list[Move], move: Move) -> str:
        """A move by its number among the choices shown (a dash for one not there) and its words."""
        number = moves.index(move) + 1 if move in moves else "–"
        return f"{number}. {self.catalog.move(move, self.names, self.seat)}"

    def rules(self) -> None:
        text = self.game.rules_text(self.lang)
        if not text.strip():
            self._say(say(self.lang, "rules_none", title=self.game.title_in(self.lang)))
            return
        self.console.print(Markdown(text))

    def card(self, name: str) -> None:
        cards = self.screen.cards(self.context())
        if not name:
            example = next(iter(cards.values()))[0] if cards else "…"
            self._say(say(self.lang, "card_usage", example=example))
            return
        found = find_cards(cards, name)
        if not found:
            self._say(say(self.lang, "card_none", name=name), "red")
        elif len(found) > 1 and len(found) <= 8:
            self._say(say(self.lang, "card_many", name=name, names=self.listed(cards[c][0] for c in found)))
        elif len(found) > 8:
            self._say(say(self.lang, "card_many", name=name,
                          names=self.listed([cards[c][0] for c in found[:8]] + ["…"])))
        else:
            self.show_card(cards[found[0]])

    def show_card(self, lines: list[str]) -> None:
        self.console.print(Text(lines[0], style="bold"))
        for line in lines[1:]:
            self.console.print(Text("  " + line))

    def about(self, number: int, moves: list[Move]) -> None:
        if not 1 <= number <= len(moves):
            self._say(say(self.lang, "out_of_range", number=number, count=len(moves)), "red")
            return
        subject = self.screen.subject(moves[number - 1])
        cards = self.screen.cards(self.context())
        if subject is None or subject not in cards:
            self._say(say(self.lang, "about_none", number=number))
            return
        self.show_card(cards[subject])

    def log(self) -> None:
        lines = self.log_lines()
        self._say(say(self.lang, "log_title"), "bold")
        if not lines:
            self._say(say(self.lang, "log_empty"))
        if lines:
            self.console.print(Padding(bulleted([Text(line) for line in lines]), (0, 0, 0, 2)))

    def undo(self) -> None:
        """Take back the player's last move and the bots' answers to it, as the server's undo does: only
        when none of them revealed hidden information or drew on chance. A pass that was all the player
        could do is no choice to take back: undo goes to the one before it (else an undone pass would
        be asked, or with `--auto-pass` made, again at once)."""
        moves = self.saved.record.moves
        mine = self._chosen()
        if not mine:
            self._say(say(self.lang, "undo_none"))
            return
        start = mine[-1]
        if any(e.reveal for events in self.history[start:] for e in events):
            self._say(say(self.lang, "undo_revealed"), "red")
            return
        if any(self.chance[start:]):
            self._say(say(self.lang, "undo_chance"), "red")
            return
        count = len(moves) - start
        del moves[start:]
        self.advice = []   # it spoke of a move now taken back
        self._rebuild()
        self.saved.write()
        self._say(say(self.lang, "undo_done", count=count))
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


def find_cards(cards: dict[str, list[str]], name: str) -> list[str]:
    """Cards whose id or name is `name`, else those whose name contains it (case does not matter)."""
    wanted = name.strip().casefold()
    exact = [key for key, lines in cards.items() if wanted in (key.casefold(), lines[0].casefold())]
    if exact:
        return exact
    return [key for key, lines in cards.items() if wanted in lines[0].casefold()]


def final_result(result: Result, names: list[str], lang: str, ctx: Context) -> Table:
    """The final result in the player's language, players in their colours (`render.result_table`)."""
    return result_table(result, [ctx.player(seat) for seat in range(len(names))], say(lang, "final"),
                        say(lang, "rank"), say(lang, "score"), say(lang, "outcome"),
                        lambda key: capital(ctx.catalog.ui.get(f"category_{key}") or ctx.name(key)))
