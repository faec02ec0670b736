"""Skyrise in the terminal: the city drawn as a map (each neighborhood a cell named by its column letter
and row number, its colour a bar on the left; a building shows its number in its owner's colour, a disc
its symbol), the auction under way and the panoramas beside it; one row per player (prestige, discs on
the four tracks, patrons, keys, buildings left); the own wonder cards and secret objective.

The catalog names no neighborhood, so the terminal names each by its place on the map ("F7"), in the
choices too.
"""

from __future__ import annotations

import re
from typing import Any

from rich.cells import cell_len
from rich.columns import Columns
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from parlor.core import Move
from parlor.core.text import CHINESE_CHARACTER as CHINESE

from ..words import say
from .base import RICH_COLOURS, Context, GameScreen, card_fact, players_table

SPOT = re.compile(r"\b(?:cen_[ns][ew]|[a-d]\d\d)\b")
NEIGHBORHOOD = {"yellow": "yellow", "green": "green", "white": "white", "brown": "orange4"}
COLUMNS = "ABCDEFGHIJKLMNOP"


def disc_symbol(disc: str) -> tuple[str, str]:
    """A disc as one or two characters and their style."""
    if disc.startswith("neighborhood_"):
        return "●", NEIGHBORHOOD.get(disc.removeprefix("neighborhood_"), "")
    if disc.startswith("patron_"):
        return "♙" + disc.removeprefix("patron_").upper(), "bold"
    if disc == "wild":
        return "✱", "bold magenta"
    if disc == "commission":
        return "$", "bold yellow"
    return "?", ""



def set_in(text: str, name: str, written: str) -> str:
    """`text` with `name` written as `written`, which begins or ends with a letter or mark of the Latin
    script ("F7", "Island C ‹F7›"): beside a Chinese character it takes a space, as Chinese sets a
    Latin word ("在 F3 加價", not "在F3加價", once the catalog has closed the spaces around a Chinese
    name)."""
    def replaced(found: re.Match[str]) -> str:
        before = text[found.start() - 1:found.start()]
        after = text[found.end():found.end() + 1]
        left = " " if CHINESE.match(before) and not CHINESE.match(written[:1]) else ""
        right = " " if CHINESE.match(after) and not CHINESE.match(written[-1:]) else ""
        return f"{left}{written}{right}"
    return re.sub(re.escape(name), replaced, text)

class SkyriseScreen(GameScreen):
    subject_fields = ("card", "piece", "building")

    def colours(self, view: dict[str, Any], players: int) -> list[str]:
        from parlor.games.skyrise.data import DATA

        by_set = {s.id: RICH_COLOURS.get(s.display_colour, "white") for s in DATA.sets}
        by_seat = {p["seat"]: by_set.get(p.get("set", ""), "white") for p in view.get("players", [])}
        return [by_seat.get(s, "white") for s in range(players)]

    def places(self, view: dict[str, Any]) -> dict[str, str]:
        """Each neighborhood's name on the map: its column letter and row number."""
        board = view.get("board") or {}
        xs = [cell["xy"][0] for cell in board.values()]
        ys = [cell["xy"][1] for cell in board.values()]
        if not xs:
            return {}
        left, top = min(xs), min(ys)
        return {spot: f"{COLUMNS[cell['xy'][0] - left]}{cell['xy'][1] - top + 1}"
                for spot, cell in board.items()}

    def status(self, view: dict[str, Any], ctx: Context) -> Text:
        text = Text(f"{ctx.label('era')} {view.get('era')}")
        text.append(f"  {ctx.label('auctions_done')} {view.get('auctions_done', 0)}")
        phase = view.get("phase")
        if isinstance(phase, str) and phase in ctx.catalog.steps:
            text.append(f"  {ctx.catalog.steps[phase]}")
        return text

    def board(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        return Beside(self.city(view, ctx), self.sidebar(view, ctx))

    def city(self, view: dict[str, Any], ctx: Context) -> Text:
        board = view.get("board") or {}
        if not board:
            return Text()
        xs = [cell["xy"][0] for cell in board.values()]
        ys = [cell["xy"][1] for cell in board.values()]
        at = {tuple(cell["xy"]): (spot, cell) for spot, cell in board.items()}
        text = Text("  ")
        for x in range(min(xs), max(xs) + 1):
            text.append(f"{COLUMNS[x - min(xs)]:^4}", style="dim")
        for y in range(min(ys), max(ys) + 1):
            text.append(f"\n{y - min(ys) + 1:>2}", style="dim")
            for x in range(min(xs), max(xs) + 1):
                found = at.get((x, y))
                if found is None:
                    text.append("    ")
                    continue
                spot, cell = found
                mark = " on grey30" if spot in ctx.targets else ""  # a place a choice names
                text.append("▐", style=NEIGHBORHOOD.get(cell["colour"], ""))
                piece = cell.get("piece")
                if piece is not None:
                    colour = ctx.colours[piece["seat"]] if piece["seat"] < len(ctx.colours) else ""
                    wonder = piece.get("piece") == "wonder" or not piece.get("number")
                    number = "W" if wonder else str(piece["number"])
                    style = f"bold {colour}" + ("" if piece.get("built") else " underline")
                    text.append(f"{number:>3}", style=style)
                elif cell.get("disc"):
                    symbol, style = disc_symbol(cell["disc"])
                    text.append(f"{symbol:^3}", style=style + mark)
                else:
                    text.append(" · ", style="dim" + mark)
        return text

    def sidebar(self, view: dict[str, Any], ctx: Context) -> list[RenderableType]:
        lines: list[RenderableType] = []
        auction = view.get("auction")
        if auction:
            line = ctx.heading(f"{ctx.label('auction')} {auction.get('number', '')}")
            places = self.places(view)
            for index, (seat, _, number, spot) in enumerate(auction.get("bids", [])):
                if index:
                    line.append(ctx.marks.phrases)
                line.append_text(ctx.player(seat, mark=False))
                line.append(f" {number if number is not None else 'W'} → {places.get(spot, '')}")
            if not auction.get("bids"):
                line.append("—")
            lines.append(line)
        panoramas = ctx.heading(ctx.label("panoramas"))
        panoramas.append(ctx.marks.names.join(ctx.name(p) for p in view.get("panoramas", [])))
        lines.append(panoramas)
        values = view.get("patron_values") or {}
        if values:
            patrons = ctx.heading(ctx.label("patron_values"))
            patrons.append("  ".join(f"{letter} {value}" for letter, value in values.items()))
            lines.append(patrons)
        # the legends wrap between their entries, never inside one ("✱ Wild" / "disc")
        colours = [Text.assemble(("▐", style), ctx.name(colour)) for colour, style in NEIGHBORHOOD.items()]
        lines.append(Columns(colours, padding=(0, 2)))
        discs = [Text.assemble(disc_symbol(disc), f" {ctx.name(disc)}")
                 for disc in ("neighborhood_green", "patron_a", "wild", "commission")]
        lines.append(Columns(discs, padding=(0, 2)))
        return lines

    def players(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        table = players_table(ctx)
        table.add_column(say(ctx.lang, "player"))
        table.add_column(ctx.label("prestige"), justify="right")
        table.add_column(ctx.label("tracks"), no_wrap=True, min_width=19)
        table.add_column(ctx.label("patrons"))
        table.add_column(ctx.label("keys"))
        table.add_column(ctx.label("available"))
        table.add_column(ctx.label("reserve"), justify="right")
        for player in view.get("players", []):
            name = ctx.player(player["seat"])
            if player.get("passed"):
                name.append(ctx.marks.aside(ctx.label('passed')), style="dim")
            tracks = Text()
            for colour, count in (player.get("tracks") or {}).items():
                tracks.append("●" * count + "○" * max(0, 4 - count), style=NEIGHBORHOOD.get(colour, ""))
                tracks.append(" ")
            patrons = " ".join(f"{letter}{count}" for letter, count in (player.get("patrons") or {}).items()
                               if count) or "—"
            keys = ctx.marks.names.join(ctx.name(k) for k in player.get("keys") or []) or "—"
            available = " ".join(piece_number(p) for p in player.get("available") or []) or "—"
            table.add_row(name, str(player.get("prestige", 0)), tracks, patrons, keys, available,
                          str(len(player.get("reserve") or [])))
        return table

    def private(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        you = view.get("you")
        if not isinstance(you, dict):
            return None
        text = ctx.heading(ctx.label("wonder_hand"))
        text.append(ctx.marks.names.join(ctx.name(w) for w in you.get("wonder_hand") or []) or "—")
        if you.get("objective"):  # its name says what it is: "Secret objective: Philosophers"
            text.append("\n")  # on a line of its own: a long hand of wonders wrapped it in two
            text.append(ctx.name(you["objective"]), style="bold")
        return text

    def move_label(self, move: Move, ctx: Context, seat: int | None, view: dict[str, Any]) -> str:
        """A choice names its neighborhood by its place on the map only ("Open with 7 (short) on F7"), so
        that many choices fit side by side; the log and the map carry the full names."""
        text = ctx.move(move, seat)
        spot = move.to_json().get("at")
        if isinstance(spot, str):
            place = self.places(view).get(spot)
            name = ctx.catalog.names.get(spot)
            if place and name:
                return set_in(text, name, place)
        return self.polish(text, view, ctx)

    def polish(self, text: str, view: dict[str, Any], ctx: Context | None = None) -> str:
        """A neighborhood, by its catalog name or (in an older catalog) its id, gets its place on the map
        beside it: "Island C, centre (yellow) ‹F7›"."""
        places = self.places(view)
        text = SPOT.sub(lambda found: places.get(found.group(0), found.group(0)), text)
        if ctx is not None:
            for spot, place in places.items():
                name = ctx.catalog.names.get(spot)
                if name and name in text:
                    text = set_in(text, name, f"{name} ‹{place}›")
        return text

    def cards(self, ctx: Context) -> dict[str, list[str]]:
        """Wonders, panoramas, objectives and keys: the catalog's card text (`text_<id>`) with the numbers
        that matter; the spec's English where a catalog has no text yet."""
        from parlor.games.skyrise.data import DATA

        out: dict[str, list[str]] = {}
        for wonder in DATA.wonders:
            out[wonder.id] = [ctx.name(wonder.id), card_fact(ctx, "value", n=wonder.value),
                              self.text(wonder.id, wonder.effect, ctx)]
        for panorama in DATA.panoramas:
            out[panorama.id] = [ctx.name(panorama.id), self.text(panorama.id, panorama.effect, ctx)]
        for objective in DATA.objectives:
            rule = card_fact(ctx, "objective", n=objective.min_structures, points=objective.points)
            out[objective.id] = [ctx.name(objective.id), self.text(objective.id, rule, ctx)]
        for key in DATA.keys:
            if f"text_{key.id}" in ctx.catalog.ui:
                out[key.id] = [ctx.name(key.id), ctx.catalog.ui[f"text_{key.id}"]]
        return out

    def text(self, card: str, english: str, ctx: Context) -> str:
        own = ctx.catalog.ui.get(f"text_{card}")
        if own:
            return own
        return english if ctx.lang == "en" else f"{english} {ctx.catalog.ui['card_fact_english']}"


def piece_number(piece: str) -> str:
    """`s1_007` -> `7`; the wonder piece -> `W`."""
    if piece == "wonder":
        return "W"
    return str(int(piece.rsplit("_", 1)[-1]))


SCREEN = SkyriseScreen()


class Beside:
    """The map with its legend beside it, or below it where the terminal leaves the legend less
    room than its widest entry (at 60 columns it read "Panoram…" and "(Philos…", a word a line)."""

    def __init__(self, city: Text, legend: list[RenderableType]) -> None:
        self.city, self.legend = city, legend

    def widest_entry(self) -> int:
        """The width the legend needs: its widest key ("● Neighborhood disc (green)", kept whole)
        or the longest word of its sentences (which wrap)."""
        keys = [item for part in self.legend if isinstance(part, Columns) for item in part.renderables]
        words = [word for part in self.legend if isinstance(part, Text) for word in part.plain.split()]
        return max([*(cell_len(key.plain) for key in keys if isinstance(key, Text)),
                    *(cell_len(word) for word in words)], default=0)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = max(cell_len(line) for line in self.city.plain.split("\n"))
        if options.max_width - width - 2 < self.widest_entry():
            yield self.city
            yield from self.legend
            return
        layout = Table.grid(padding=(0, 2))
        layout.add_column(no_wrap=True, width=width)
        layout.add_column()
        layout.add_row(self.city, Group(*self.legend))
        yield layout
