"""Star Road the Gathering in the terminal: the round, turn and who is active; an attack under way; one
row per player (HP, storage, faction and character when face up, and the four production lines with
their objects: the name when it is known, ▒ when it is hidden, the investment and ✓ when complete);
the own faction, character and the cards dealt to choose from.

Factions are secret, so players keep the frame's palette, never a faction's colour (as on the web)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlor.core.text import Catalog

from ..render import Entries
from ..words import say
from .base import Context, GameScreen, players_table

LINE_MARKS = "①②③④⑤⑥⑦⑧"
FACTION_STYLE = {"R": "bright_red", "G": "bright_green", "B": "bright_blue", "Y": "yellow"}
# players' colours, which no faction uses (the web's PLAYER_COLOURS; its near-black made light for a dark
# terminal)
NEAR_LIMIT = 5   # productions short of the engine's limit from which the status counts them
PLAYER_COLOURS = ("#9b59c6", "#d0438f", "#b07a45", "#e07000", "#12a4aa", "grey85", "#8fa0b0", "#b08fd8")


class StarRoadScreen(GameScreen):
    palette = PLAYER_COLOURS
    decision_key = "deciding"
    subject_fields = ("no", "card")

    def status(self, view: dict[str, Any], ctx: Context) -> Text:
        limit = view.get("round_limit")   # 0: the game has no round limit (SR-23)
        text = Text(f"{ctx.label('round')} {view.get('round')}" + (f"/{limit}" if limit else ""))
        text.append(f"  {ctx.label('turn')} {view.get('turn')}")
        active = view.get("active")
        if isinstance(active, int):  # whose turn it is, beside the turn's number
            text.append(ctx.marks.colon)
            text.append_text(ctx.player(active, mark=False))
        # the engine's guard against endless build-and-replace loops, not a rule: said only near it
        productions, most = int(view.get("productions") or 0), int(view.get("production_limit") or 0)
        if most and productions >= most - NEAR_LIMIT:
            text.append(f"  {ctx.label('productions')} {productions}/{most}")
        return text

    def board(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        attack = view.get("attack")
        lines: list[RenderableType] = []
        if attack:
            line = ctx.heading(ctx.label("attack"))
            line.append_text(ctx.player(attack["attacker"], mark=False))
            for weapon in attack.get("weapons", []):
                line.append(f"  {self.place(weapon.get('weapon'), ctx)} → ")
                for index, target in enumerate(weapon.get("targets", [])):
                    if index:
                        line.append(ctx.marks.names)
                    line.append_text(ctx.player(target, mark=False))
            lines.append(line)
        if view.get("over"):
            winners = ctx.heading(ctx.label("winners"))
            for index, seat in enumerate(view.get("winners", [])):
                if index:
                    winners.append(ctx.marks.names)
                winners.append_text(ctx.player(seat, mark=False))
            lines.append(winners)
        return Group(*lines) if lines else None

    def place(self, where: Any, ctx: Context) -> str:
        """An object by its name where it is known, and its place ("Rocket (line 2 level 1)"; "火箭（第
        2 生產線第 1 層）"): its owner is the attacker the line names first."""
        if not isinstance(where, dict) or "line" not in where:
            return ""
        place = ctx.catalog.fill(ctx.catalog.ui["object_at"], where)
        number = where.get("no")
        return place if number is None else f"{ctx.name(number)}{ctx.marks.aside(place)}"

    def players(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        table = players_table(ctx)
        table.add_column(say(ctx.lang, "player"))
        table.add_column(Text(ctx.label("hp")), justify="right", no_wrap=True)
        table.add_column(Text(ctx.label("storage")), justify="right", no_wrap=True)
        table.add_column(Text(ctx.label("faction")), no_wrap=True)
        table.add_column(Text(ctx.label("character")), no_wrap=True)
        # one column for all production lines: it wraps between objects, never inside a name
        table.add_column(Text(ctx.label("lines")), overflow="fold")
        for seat in view.get("seats", []):
            name = ctx.player(seat["seat"])
            if not seat.get("alive", True):
                name.stylize("strike")
            faction = seat.get("faction")
            shown_faction = Text(ctx.name(faction), style=FACTION_STYLE.get(faction[0], "")) \
                if isinstance(faction, str) and faction else Text("?", style="dim")
            character = seat.get("character")
            shown_character = Text(ctx.name(character)) if character and seat.get("character_up") \
                else Text("?", style="dim")
            table.add_row(name, str(seat.get("hp", "")), str(seat.get("storage", "")), shown_faction,
                          shown_character, self.lines_cell(seat, ctx))
        return table

    def lines_cell(self, seat: dict[str, Any], ctx: Context) -> Text:
        """Every production line holding objects, as "①Sling✓ ▒0/2  ③Med Kit 1/3"."""
        text = Text()
        for line in range(1, seat.get("lines", 4) + 1):
            cell = self.line_cell(seat, line, ctx)
            if not cell.plain.strip("·"):
                continue
            if text.plain:
                text.append("  ")
            text.append(LINE_MARKS[line - 1] if line <= len(LINE_MARKS) else f"{line}:", style="bold")
            text.append_text(cell)
        return text if text.plain else Text("—", style="dim")

    def line_cell(self, seat: dict[str, Any], line: int, ctx: Context) -> Text:
        """The objects on one production line, lowest level first."""
        objects = sorted((o for o in seat.get("objects", []) if o.get("line") == line),
                         key=lambda o: o.get("level", 0))
        text = Text()
        for index, item in enumerate(objects):
            if index:
                text.append(" ")
            number = item.get("no")
            if number is None:
                text.append("▒", style="dim")
            else:
                text.append(ctx.name(number), style="" if item.get("intact", True) else "strike")
            if item.get("complete"):
                text.append("✓", style="green")
            else:
                gap = "" if number is None else " "  # a name may wrap before its numbers
                text.append(f"{gap}{item.get('invested', 0)}/{item.get('w', 0)}", style="dim")
            if item.get("armed"):
                text.append("⚡", style="yellow")
        return text if objects else Text("·", style="dim")

    def private(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        you = view.get("you")
        if not isinstance(you, dict):
            return None
        entries = [ctx.heading(ctx.label("faction"))]
        faction = you.get("faction")
        if isinstance(faction, str):
            entries[0].append(ctx.name(faction), style=FACTION_STYLE.get(faction[0], ""))
        for key in ("character", "set_aside"):
            if you.get(key):
                entries.append(ctx.heading(ctx.label(key)).append(ctx.name(you[key])))
        if you.get("dealt"):
            dealt = ctx.marks.names.join(ctx.name(card) for card in you["dealt"])
            entries.append(ctx.heading(ctx.label("dealt")).append(dealt))
        if you.get("invest_cap"):
            entries.append(ctx.heading(ctx.label("invest_cap")).append(str(you["invest_cap"])))
        if not you.get("peeked"):
            return Entries(entries)
        peeked = ctx.heading(ctx.label("peeked"))  # on a line of its own, after the others
        # each in the log's sentence ("Bot (easy)'s faction card is Red"), not "Bot (easy) Red"
        sentence = ctx.catalog.events["peek_result"]
        for index, (seat, seen) in enumerate(you["peeked"].items()):
            if index:
                peeked.append(ctx.marks.phrases)
            peeked.append(ctx.catalog.fill(sentence, {"target": int(seat), "faction": seen}, ctx.names))
        return Group(Entries(entries), peeked)

    def cards(self, ctx: Context) -> dict[str, list[str]]:
        """Objects of the chart and the characters, in the words of the catalog's design-chart entries
        (`tool_*`, the same the tables tool prints): kind, cost, values, when it is used, what happens
        after, and each effect as a sentence."""
        data = ctx.game.public_data()
        ui = ctx.catalog.ui
        out: dict[str, list[str]] = {}
        for number, item in data.get("objects", {}).items():
            kind = ui.get(f"tool_type_{item['type']}", ui.get("tool_type_special", ""))
            # the cost as the table says it ("Cost 3 resources"), not the sheet's column head "Cost [W]"
            cost = ctx.catalog.worded(f"{ctx.label('cost')} {item['cost']} [W]")
            lines = [ctx.name(number), f"{kind}; {cost}"]
            values = [design(ctx.catalog, key, **item) for key in ("attack", "protection", "mixed") if
                      item["type"] == {"attack": "A", "protection": "P", "mixed": "M"}[key]]
            values += [design(ctx.catalog, key, n=item[field]) for key, field in
                       (("w_req", "w_req"), ("recycle", "recycle"), ("use_limit", "use_limit"),
                        ("delay", "delay")) if item.get(field)]
            if [v for v in values if v]:
                lines.append(ctx.marks.phrases.join(v for v in values if v))
            when = ui.get(f"tool_timing_{item.get('timing')}")
            after = ui.get(f"tool_after_{item.get('after_use')}")
            if when and after:
                colon, groups = ctx.marks.colon, ctx.marks.groups
                lines.append(f"{ui.get('tool_sheet_when', '')}{colon}{when}{groups}"
                             f"{ui.get('tool_sheet_after', '')}{colon}{after}")
            lines += effects(ctx.catalog, item.get("effects", []))
            out[number] = lines
        for key, character in data.get("characters", {}).items():
            lines = [ctx.name(key)]
            traits = [ui.get(f"tool_kind_{character.get('kind')}"),
                      ui.get(f"tool_limit_{character.get('limit')}"),
                      ui.get(f"tool_trigger_{character.get('trigger')}"),
                      ui.get(f"tool_timing_{character.get('timing')}")]
            lines.append(ctx.marks.phrases.join(t for t in traits if t) or ctx.name(key))
            lines += effects(ctx.catalog, character.get("effects", []))
            out[key] = lines
        return out


def design(catalog: Catalog, key: str, **values: Any) -> str:
    """One of the design chart's phrases ("attack 2, range 1, 1 target") with the card's numbers."""
    template = catalog.ui.get(f"tool_design_{key}")
    return catalog.fill(template, values) if template else ""


def effects(catalog: Catalog, primitives: list[dict[str, Any]]) -> list[str]:
    """Each effect primitive as the catalog's sentence for it."""
    out = []
    for effect in primitives:
        template = catalog.ui.get(f"tool_effect_{effect.get('op')}")
        if template:
            out.append(catalog.fill(template, {k: v for k, v in effect.items() if k != "op"}))
    return out


SCREEN = StarRoadScreen()
