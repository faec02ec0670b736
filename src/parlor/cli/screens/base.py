"""What every game's terminal screen shares: the context it draws with (names, colours, words) and the
default drawing for a game without its own screen (a compact summary of the view's scalars).

A game's screen subclasses `GameScreen` and draws its parts from the seat's view only; the layout
(`layout.py`) stacks the parts and fits them in 100x40.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, RenderableType, RenderResult
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from parlor.core import Game, Move
from parlor.core.naming import words
from parlor.core.text import PUNCTUATION, Catalog, Punctuation

from ..render import Entries, WordTable
from ..words import say

# One colour per seat when the game's pieces have none of their own (the web's palette, in order).
PALETTE = ("bright_red", "bright_blue", "bright_green", "yellow", "magenta", "cyan", "orange3", "white")

# Colour names the games use for their pieces -> terminal colours.
RICH_COLOURS = {
    "red": "bright_red", "blue": "bright_blue", "green": "bright_green", "yellow": "yellow",
    "purple": "magenta", "black": "grey50", "white": "white", "brown": "orange4", "orange": "orange3",
    "grey": "grey62", "gray": "grey62", "pink": "pink1",
}


@dataclass
class Context:
    """Everything a screen needs besides the view: the game's words in the player's language, the
    players' names and colours, and whose eyes the view is for (None: a spectator)."""

    game: Game[Any]
    catalog: Catalog
    lang: str
    names: list[str]
    seat: int | None
    colours: list[str] = field(default_factory=list)
    # ids the viewer's legal moves name (places, cards): a board may mark them as choosable
    targets: set[str] = field(default_factory=set)

    def name(self, key: object) -> str:
        """An id by its name in the catalog; an id the catalog lacks is made readable, never shown raw."""
        text = str(key)
        if text in self.catalog.names:
            return self.catalog.names[text]
        if text in self.catalog.ui:
            return self.catalog.ui[text]
        return readable(text)

    @property
    def marks(self) -> Punctuation:
        """How the player's language separates a list's names and phrases and a label from its text."""
        return PUNCTUATION.get(self.lang, PUNCTUATION["en"])

    def heading(self, label: str) -> Text:
        """`Label: ` (Chinese `標籤：`) in bold, to be followed by plain text (a Text's own style would
        colour all of it)."""
        text = Text()
        text.append(f"{label}{self.marks.colon}", style="bold")
        return text

    def label(self, key: str) -> str:
        """A view key's label (the catalog's [ui], else its [names]); a token the terminal cannot draw
        reads as its word (Star Road's `w = "[W]"`: "resources")."""
        if key in self.catalog.ui:
            return self.catalog.worded(self.catalog.ui[key])
        return self.name(key)

    def player(self, seat: int, mark: bool = True) -> Text:
        """A player's name in their colour; the viewer's own name carries "(you)"."""
        name = self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)
        you = words(self.lang)["you"]
        if mark and seat == self.seat and name.casefold() != you.casefold():
            name += self.marks.aside(you)
        colour = self.colours[seat] if seat < len(self.colours) else "white"
        return Text(name, style=f"bold {colour}")

    def seat_order(self, label: str, seats: list[int]) -> Text:
        """`Label: A › B › C`: the players of `seats` in that order, in their colours (a turn
        order, an initiative)."""
        players = Text(" › ").join(self.player(seat, mark=False) for seat in seats)
        return Text(f"{self.label(label)}{self.marks.colon}").append_text(players)

    def yes_no(self, value: bool) -> str:
        return say(self.lang, "yes" if value else "no")

    def move(self, move: Move, seat: int | None) -> str:
        return self.catalog.move(move, self.names, seat)


def readable(key: str) -> str:
    """`last_turn` -> `Last turn`: what a key without a catalog entry becomes."""
    text = key.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def grid(*columns: tuple[str, str]) -> Table:
    """A borderless table for side-by-side blocks."""
    table = Table.grid(padding=(0, 2))
    for justify, _ in columns:
        table.add_column(justify=justify)  # type: ignore[arg-type]
    return table


class GameScreen:
    """The default screen: a players' table built from the view's `players`/`seats` list and the view's
    top-level scalars on one line. Games override the parts they draw better."""

    palette: tuple[str, ...] = PALETTE     # the players' colours, by seat
    decision_key = "decision"              # the view's entry saying what is decided (its `step`)
    # the move fields that name a card or object (`subject`), the first that holds text wins;
    # empty: any field but the kind
    subject_fields: tuple[str, ...] = ()

    def colours(self, view: dict[str, Any], players: int) -> list[str]:
        return [self.palette[seat % len(self.palette)] for seat in range(players)]

    def step(self, view: dict[str, Any]) -> str | None:
        """The key of the catalog's [steps] the decision stands at, when the view says it."""
        decision = view.get(self.decision_key)
        if isinstance(decision, dict) and isinstance(decision.get("step"), str):
            return str(decision["step"])
        phase = view.get("phase")
        return phase if isinstance(phase, str) else None

    def status(self, view: dict[str, Any], ctx: Context) -> Text:
        parts = []
        for key, value in view.items():
            if isinstance(value, bool) or not isinstance(value, (int, str)) or key in ("you", "seat"):
                continue
            shown = ctx.name(value) if isinstance(value, str) else str(value)
            parts.append(f"{ctx.label(key)}{ctx.marks.colon}{shown}")
        return Text("  ".join(parts))

    def players(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        entries = view.get("players") if isinstance(view.get("players"), list) else view.get("seats")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            return None
        keys = [k for k, v in entries[0].items()
                if k != "seat" and isinstance(v, (int, str)) and not isinstance(v, bool)]
        table = players_table(ctx)
        table.add_column(say(ctx.lang, "player"))
        for key in keys:
            table.add_column(ctx.label(key), justify="right")
        for index, entry in enumerate(entries):
            seat = int(entry.get("seat", index))
            table.add_row(ctx.player(seat), *(_scalar(entry.get(k), ctx) for k in keys))
        return table

    def board(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        return None

    def private(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        you = view.get("you")
        if not isinstance(you, dict):
            return None
        parts = [f"{ctx.label(k)}{ctx.marks.colon}{_scalar(v, ctx)}" for k, v in you.items()
                 if k != "seat" and v not in (None, [], {})]
        return Text("  ".join(parts)) if parts else None

    def move_label(self, move: Move, ctx: Context, seat: int | None, view: dict[str, Any]) -> str:
        """A choice in words (games whose moves name places the catalog lacks name them here)."""
        return ctx.move(move, seat)

    def polish(self, text: str, view: dict[str, Any], ctx: Context | None = None) -> str:
        """A catalog sentence made fit to show (games whose templates print raw places name them here)."""
        return text

    def subject(self, move: Move) -> str | None:
        """The id of the card or object a move is about (for `?N`), if any."""
        data = move.to_json()
        keys = self.subject_fields or tuple(key for key, value in data.items() if value != move.kind)
        for key in keys:
            value = data.get(key)
            if isinstance(value, str):
                return value
        return None

    def cards(self, ctx: Context) -> dict[str, list[str]]:
        """Every card or object `card NAME` can show: id -> its full text, in the player's language."""
        return {}


class PlayersTable(WordTable):
    """The players' table: a header line, no borders, one row per player. Its cells wrap onto a
    further line rather than end in "…" (a clipped name is a bug), its headings stand whole and are
    plain text (a catalog's "[W]" is no markup). Where the terminal is too narrow for every column at
    the width of its longest word ("Fragmentos" in Spanish at 80 columns), or where the columns at
    those widths take more than a line a player over it, it draws each player as a block: the name,
    then `Heading: value` entries that wrap between entries."""

    whole_headings = True

    def __init__(self, colon: str) -> None:
        super().__init__(box=box.SIMPLE_HEAD, header_style="bold", pad_edge=False, padding=(0, 1),
                         show_edge=False)
        self.colon = colon

    def add_column(self, header: RenderableType = "", *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("overflow", "fold")
        if not self.columns:  # the players' names stand on one line
            kwargs.setdefault("no_wrap", True)
        super().add_column(Text(header) if isinstance(header, str) else header, *args, **kwargs)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        columns = self.columns_text(console)
        widths = self.word_widths(columns, options.max_width)
        if widths is None and not self.fits_words(columns, options.max_width):
            yield from self._blocks(columns)
            return
        if widths is None:  # the natural widths fit
            yield from Table.__rich_console__(self, console, options)
            return
        table = self.with_widths(widths)
        blocks = list(self._blocks(columns))
        # aligned columns are worth a line a player; past that the blocks read better
        tall = len(console.render_lines(table, options, pad=False)) - self.row_count
        if tall <= sum([len(console.render_lines(block, options, pad=False)) for block in blocks]):
            yield table
        else:
            yield from blocks

    def _blocks(self, columns: list[tuple[Text, list[Text], bool]]) -> Iterator[RenderableType]:
        """Each row as its first cell on a line and the others' `Heading: value` below it, indented;
        a line breaks between entries (`Entries`), and an entry wider than a line wraps under the
        indent."""
        for row in range(self.row_count):
            yield columns[0][1][row]
            entries = []
            for header, cells, _ in columns[1:]:
                value = Text(" ").join(part for part in cells[row].split() if part.plain) \
                    if cells[row].plain.strip() else Text("—")
                entries.append(Text(f"{header.plain}{self.colon}", style="bold").append_text(value))
            yield Padding(Entries(entries), (0, 0, 0, 2))


def players_table(ctx: Context) -> Table:
    """The players' table (`PlayersTable`), in the player's language."""
    return PlayersTable(ctx.marks.colon)


def card_fact(ctx: Context, fact: str, **values: Any) -> str:
    """The game catalog's sentence for one of a card's printed numbers in the card panel (`[ui]
    card_fact_<fact>`) filled with `values`, a counted noun in its number ("At most 1 use"): the
    game's words stay in the game's catalogs."""
    return ctx.catalog.fill(ctx.catalog.ui[f"card_fact_{fact}"], values)


def capital(word: str) -> str:
    return word[:1].upper() + word[1:]


def rule_lines(rule: str | None, ctx: Context) -> list[str]:
    """A rule's ID and, when the catalog states it, the rule in one sentence."""
    if rule is None:
        return []
    sentence = ctx.catalog.rules.get(rule)
    return [f"{rule}{ctx.marks.colon}{sentence}" if sentence else rule]


def _scalar(value: Any, ctx: Context) -> str:
    if isinstance(value, bool):
        return ctx.yes_no(value)
    if isinstance(value, str):
        return ctx.name(value)
    if isinstance(value, list):
        return ctx.marks.names.join(_scalar(v, ctx) for v in value)
    if isinstance(value, dict):
        return ctx.marks.phrases.join(f"{ctx.label(str(k))} {_scalar(v, ctx)}" for k, v in value.items())
    return "-" if value is None else str(value)
