"""One player's seat in the terminal, wherever its game runs: the screen drawn from the seat's view, the
log in words, and what the prompt takes beside moves (a choice's number, a move's notation, `help`,
`rules`, `card`, `?N`, `log`, `board`, `more`, `quit`).

`session.Session` plays a game here against bots; `online_seat.OnlineSeat` sits at a table of an
online server. Each adds its own commands (`undo`, `hint`, `save` here; `say` to the table there).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from rich import box
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from parlor.core import BadMove, Event, Game, IllegalMove, Move, NotYourTurn
from parlor.core.text import PUNCTUATION, EventLog
from parlor.server.jobs import rule_of

from .render import bulleted, view_tree
from .screens import Context, Decision, GameScreen, draw, screen_for
from .words import WORDS, say

# "seat 0" in an engine's sentence: the terminal names the player instead of the 0-based seat
SEAT = re.compile(r"\bseat (\d+)\b")

# A command's handler: what follows its word, and the choices the prompt offers now.
Handler = Callable[[str, list[Move]], None]


class Quit(Exception):
    """The player left the game (it stays saved, or their seat stays theirs)."""


class SeatTerminal(ABC):
    """What a seat's terminal shares: a subclass says where the view comes from (`view`), how many
    play (`players`), whether a typed move may be played now (`check`) and which commands it adds."""

    # the commands `help` lists, in its order: (what to type, the words key of what it does)
    HELP: ClassVar[tuple[tuple[str, str], ...]] = (
        ("N", "help_number"), ("more", "help_more"), ("card", "help_card"), ("?N", "help_about"),
        ("rules", "help_rules"), ("log", "help_log"), ("board", "help_board"), ("full", "help_full"),
        ("quit", "help_quit"), ("help", "help_help"))

    def __init__(self, game: Game[Any], console: Console, lang: str, seat: int | None,
                 names: list[str], full: bool = False) -> None:
        self.game = game
        self.console = console
        self.lang = lang
        self.seat = seat
        self.names = names
        self.full = full    # the engine's whole position too (for developers)
        self.catalog = game.catalogs()[lang]
        self.screen: GameScreen = screen_for(game.id)
        self.told = EventLog(self.catalog, names)   # the log's sentences, kept as events come
        self.advice: list[str] = []   # words under the screen (the coach's, on the last decision)
        self.first_choice = 0
        self.shown = range(0)

    # -- what a subclass says ------------------------------------------------------------------
    @abstractmethod
    def view(self) -> dict[str, Any]:
        """The seat's view of the position now (`State.view`)."""

    @abstractmethod
    def players(self) -> int:
        """How many seats the table has."""

    @abstractmethod
    def check(self, move: Move, moves: list[Move]) -> None:
        """Raise `IllegalMove` (its sentence starting with the rule ID) or `NotYourTurn` unless the
        seat may play `move` now."""

    def handlers(self) -> dict[str, Handler]:
        """The commands beside moves, by the word that asks for them."""
        return {"help": lambda rest, moves: self.help(), "rules": lambda rest, moves: self.rules(),
                "card": lambda rest, moves: self.card(rest), "log": lambda rest, moves: self.log(),
                "board": lambda rest, moves: self.show_screen(moves),
                "full": lambda rest, moves: self.show_tree(), "more": lambda rest, moves: self.more(moves)}

    # -- the position in words -----------------------------------------------------------------
    def context(self) -> Context:
        view = self.view()
        colours = self.screen.colours(view, self.players())
        return Context(self.game, self.catalog, self.lang, self.names, self.seat, colours)

    def log_lines(self, last: int | None = None) -> list[str]:
        """The events the player may know, in words (only the `last` few when that is all to show)."""
        view = self.view()
        ctx = self.context()
        shown = self.told.lines[-last:] if last else self.told.lines
        return [self.screen.polish(line, view, ctx) for line in shown]

    def tell(self, events: Iterable[Event]) -> None:
        """Add the events the player may know to the log's sentences."""
        for event in events:
            if event.visible(self.seat):
                self.told.add(event)

    def listed(self, names: Iterable[str]) -> str:
        """Names in a list as the language writes one ("Ada, Bo"; "Ada、Bo")."""
        return PUNCTUATION[self.lang].names.join(names)

    def say_line(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style), soft_wrap=True)

    def show_screen(self, moves: list[Move] | None, footer: str = "") -> None:
        """The table as the seat sees it, the last events and, when the seat decides, its choices;
        `footer` under it all (whom the table waits for)."""
        view = self.view()
        ctx = self.context()
        ctx.targets = {str(value) for move in moves or [] for value in move.to_json().values()
                       if isinstance(value, str)}
        if self.console.is_terminal:
            self.console.clear()
        if self.full:
            self.show_tree()
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
        lines = [*self.advice, footer] if footer else self.advice
        under = Text("\n".join(lines), style="cyan") if lines else None
        drawn = draw(self.console, self.screen, view, ctx, header, self.log_lines(last=8), decision, under)
        self.console.print(drawn.renderable)
        self.shown = drawn.shown

    def show_tree(self) -> None:
        self.console.print(view_tree(self.view(), say(self.lang, "position"), self.catalog))

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
            self.say_line(say(self.lang, "out_of_range", number=number, count=len(moves)), "red")
            return None
        if word.startswith("?") and word[1:].isdigit():
            self.about(int(word[1:]), moves)
            return None
        if word in ("q", "exit", "quit"):
            raise Quit
        handler = self.handlers().get(word)
        if handler is not None:
            handler(rest.strip(), moves)
            return None
        try:
            move = self.game.parse(text)
            self.check(move, moves)
            return move
        except IllegalMove as err:
            self.say_line(say(self.lang, "refused", reason=self.reason(str(err))), "red")
        except (BadMove, NotYourTurn):
            self.say_line(say(self.lang, "unknown_word", word=text, count=len(moves)), "red")
        return None

    def reason(self, sentence: str) -> str:
        """A refusal in the player's language: the rule ID and the catalog's sentence for the rule;
        the engine's own (English) sentence when the catalog has none."""
        rule = rule_of(sentence)
        if rule is not None and rule in self.catalog.rules:
            return self.rule_words(rule)
        return SEAT.sub(lambda found: self.names[int(found.group(1))]
                        if int(found.group(1)) < len(self.names) else found.group(0), sentence)

    def rule_words(self, rule: str) -> str:
        """A rule by its ID and the catalog's sentence for it, where the catalog has one."""
        if rule not in self.catalog.rules:
            return rule
        colon = PUNCTUATION.get(self.lang, PUNCTUATION["en"]).colon  # Chinese: the full-width colon
        return f"{rule}{colon}{self.catalog.rules[rule]}"

    # -- commands ------------------------------------------------------------------------------
    def help(self) -> None:
        table = Table(box=box.SIMPLE, show_header=False, title=say(self.lang, "help_title"),
                      title_justify="left", pad_edge=False)
        table.add_column(style="bold cyan")
        table.add_column()
        for usage, key in self.HELP:
            # a command that takes words shows what they are ("card NAME"; Chinese "card 名稱")
            worded = f"{key}_usage"
            table.add_row(say(self.lang, worded) if worded in WORDS["en"] else usage, say(self.lang, key))
        self.console.print(table)

    def more(self, moves: list[Move]) -> None:
        if self.shown.stop >= len(moves):
            self.say_line(say(self.lang, "no_more"))
            return
        self.first_choice = self.shown.stop
        self.show_screen(moves)

    def rules(self) -> None:
        text = self.game.rules_text(self.lang)
        if not text.strip():
            self.say_line(say(self.lang, "rules_none", title=self.game.title_in(self.lang)))
            return
        self.console.print(Markdown(text))

    def card(self, name: str) -> None:
        cards = self.screen.cards(self.context())
        if not name:
            example = next(iter(cards.values()))[0] if cards else "…"
            self.say_line(say(self.lang, "card_usage", example=example))
            return
        found = find_cards(cards, name)
        if not found:
            self.say_line(say(self.lang, "card_none", name=name), "red")
        elif len(found) > 1 and len(found) <= 8:
            self.say_line(say(self.lang, "card_many", name=name,
                              names=self.listed(cards[c][0] for c in found)))
        elif len(found) > 8:
            self.say_line(say(self.lang, "card_many", name=name,
                              names=self.listed([cards[c][0] for c in found[:8]] + ["…"])))
        else:
            self.show_card(cards[found[0]])

    def show_card(self, lines: list[str]) -> None:
        self.console.print(Text(lines[0], style="bold"))
        for line in lines[1:]:
            self.console.print(Text("  " + line))

    def about(self, number: int, moves: list[Move]) -> None:
        if not 1 <= number <= len(moves):
            self.say_line(say(self.lang, "out_of_range", number=number, count=len(moves)), "red")
            return
        subject = self.screen.subject(moves[number - 1])
        cards = self.screen.cards(self.context())
        if subject is None or subject not in cards:
            self.say_line(say(self.lang, "about_none", number=number))
            return
        self.show_card(cards[subject])

    def log(self) -> None:
        lines = self.log_lines()
        self.say_line(say(self.lang, "log_title"), "bold")
        if not lines:
            self.say_line(say(self.lang, "log_empty"))
        if lines:
            self.console.print(Padding(bulleted([Text(line) for line in lines]), (0, 0, 0, 2)))

    def choice(self, moves: list[Move], move: Move) -> str:
        """A move by its number among the choices shown (a dash for one not there) and its words."""
        number = moves.index(move) + 1 if move in moves else "–"
        return f"{number}. {self.catalog.move(move, self.names, self.seat)}"

    def prompt(self) -> str:
        """The prompt's words, as markup, ending in the language's colon."""
        colon = PUNCTUATION.get(self.lang, PUNCTUATION["en"]).colon
        return f"[bold]{escape(say(self.lang, 'prompt'))}[/]{colon}"


def find_cards(cards: dict[str, list[str]], name: str) -> list[str]:
    """Cards whose id or name is `name`, else those whose name contains it (case does not matter)."""
    wanted = name.strip().casefold()
    exact = [key for key, lines in cards.items() if wanted in (key.casefold(), lines[0].casefold())]
    if exact:
        return exact
    return [key for key, lines in cards.items() if wanted in lines[0].casefold()]
