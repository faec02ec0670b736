"""Star Road the Gathering in the terminal: the round, turn and who is active; an attack under way; one
row per player (HP, storage, faction and character when face up, and the four production lines with
their objects: the name when it is known, ▒ when it is hidden, the investment and ✓ when complete);
the own faction, character and the cards dealt to choose from.

Factions are secret, so players keep the frame's palette, never a faction's colour (as on the web)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlor.core import Move

from ..words import say
from .base import Context, GameScreen, heading, players_table

FACTION_STYLE = {"R": "bright_red", "G": "bright_green", "B": "bright_blue", "Y": "yellow"}


class StarRoadScreen(GameScreen):
    def step(self, view: dict[str, Any]) -> str | None:
        deciding = view.get("deciding")
        if isinstance(deciding, dict) and isinstance(deciding.get("step"), str):
            return str(deciding["step"])
        return None

    def status(self, view: dict[str, Any], ctx: Context) -> Text:
        text = Text(f"{ctx.label('round')} {view.get('round')}/{view.get('round_limit')}")
        text.append(f"  {ctx.label('turn')} {view.get('turn')}")
        text.append(f"  {ctx.label('productions')} {view.get('productions')}/{view.get('production_limit')}")
        active = view.get("active")
        if isinstance(active, int):
            text.append(f"  {ctx.label('active')}: ")
            text.append_text(ctx.player(active, mark=False))
        return text

    def board(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        attack = view.get("attack")
        lines: list[RenderableType] = []
        if attack:
            line = heading(ctx.label("attack"))
            line.append_text(ctx.player(attack["attacker"], mark=False))
            for weapon in attack.get("weapons", []):
                line.append(f"  {self.place(weapon.get('weapon'), ctx)} → ")
                for index, target in enumerate(weapon.get("targets", [])):
                    if index:
                        line.append(", ")
                    line.append_text(ctx.player(target, mark=False))
            lines.append(line)
        if view.get("over"):
            winners = heading(ctx.label("winners"))
            for index, seat in enumerate(view.get("winners", [])):
                if index:
                    winners.append(", ")
                winners.append_text(ctx.player(seat, mark=False))
            lines.append(winners)
        return Group(*lines) if lines else None

    def place(self, where: Any, ctx: Context) -> str:
        """An object's place (`{"seat", "line", "level"}` or a list) in words."""
        if isinstance(where, dict):
            parts = [ctx.names[where["seat"]]] if isinstance(where.get("seat"), int) else []
            if "line" in where:
                parts.append(f"{ctx.label('line')} {where['line']}")
            if "level" in where:
                parts.append(f"{ctx.label('level')} {where['level']}")
            return " ".join(parts)
        return ""

    def players(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        table = players_table()
        table.add_column(say(ctx.lang, "player"))
        table.add_column(Text(ctx.label("hp")), justify="right")
        table.add_column(Text(ctx.label("storage")), justify="right")
        table.add_column(Text(ctx.label("faction")))
        table.add_column(Text(ctx.label("character")))
        lines = max((s.get("lines", 4) for s in view.get("seats", [])), default=4)
        for line in range(1, lines + 1):
            table.add_column(Text(f"{ctx.label('line')} {line}"))
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
            cells = [self.line_cell(seat, line, ctx) for line in range(1, lines + 1)]
            table.add_row(name, str(seat.get("hp", "")), str(seat.get("storage", "")), shown_faction,
                          shown_character, *cells)
        return table

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
                text.append(f" {item.get('invested', 0)}/{item.get('w', 0)}", style="dim")
            if item.get("armed"):
                text.append("⚡", style="yellow")
        return text if objects else Text("·", style="dim")

    def private(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        you = view.get("you")
        if not isinstance(you, dict):
            return None
        text = heading(ctx.label("faction"))
        faction = you.get("faction")
        if isinstance(faction, str):
            text.append(ctx.name(faction), style=FACTION_STYLE.get(faction[0], ""))
        if you.get("character"):
            text.append("   ")
            text.append_text(heading(ctx.label("character")))
            text.append(ctx.name(you["character"]))
        if you.get("set_aside"):
            text.append("   ")
            text.append_text(heading(ctx.label("set_aside")))
            text.append(ctx.name(you["set_aside"]))
        if you.get("dealt"):
            text.append("   ")
            text.append_text(heading(ctx.label("dealt")))
            text.append(", ".join(ctx.name(card) for card in you["dealt"]))
        if you.get("peeked"):
            text.append("\n")
            text.append_text(heading(ctx.label("peeked")))
            for index, (seat, seen) in enumerate(you["peeked"].items()):
                if index:
                    text.append(", ")
                text.append_text(ctx.player(int(seat), mark=False))
                text.append(f" {ctx.name(seen)}")
        if you.get("invest_cap"):
            text.append(f"   {ctx.label('invest_cap')}: {you['invest_cap']}")
        return text

    def subject(self, move: Move) -> str | None:
        data = move.to_json()
        for key in ("no", "card"):
            if isinstance(data.get(key), str):
                return str(data[key])
        return None

    def cards(self, ctx: Context) -> dict[str, list[str]]:
        """Objects of the packaged chart and the characters: kind, cost, values and the card's text (the
        chart's text is English; other languages show the numbers, then the English text marked so)."""
        from parlor.games.starroad.data import load_characters, load_chart

        words = FACTS[ctx.lang]
        out: dict[str, list[str]] = {}
        for number, item in load_chart().items():
            lines = [f"{ctx.name(number)} [{number}]",
                     words[f"type_{item.type}"] + "; " + words["cost"].format(w=item.cost)]
            values = [words[key].format(n=value) for key, value in
                      (("attack", item.a), ("protect", item.p), ("mixed", item.m), ("range", item.r),
                       ("targets", item.targets), ("storage", item.w_req)) if value]
            if values:
                lines.append(", ".join(values))
            lines.append(item.text if ctx.lang == "en" else f"{item.text} {words['english']}")
            out[number] = lines
        for key, character in load_characters().items():
            lines = [ctx.name(key), words["character"].format(no=character.no)]
            lines.append(character.text if ctx.lang == "en" else f"{character.text} {words['english']}")
            out[key] = lines
        return out


FACTS = {
    "en": {"type_A": "Weapon", "type_P": "Armour", "type_M": "Mixed", "type_?": "Special",
           "cost": "costs {w} [W] to complete", "attack": "attack {n}", "protect": "protection {n}",
           "mixed": "value {n}", "range": "range {n}", "targets": "up to {n} targets",
           "storage": "needs {n} [W] in storage to use", "character": "Character card {no}", "english": ""},
    "zh_TW": {"type_A": "武器", "type_P": "護甲", "type_M": "混合", "type_?": "特殊",
              "cost": "完成需要 {w} [W]", "attack": "攻擊 {n}", "protect": "防護 {n}", "mixed": "數值 {n}",
              "range": "射程 {n}", "targets": "最多 {n} 個目標", "storage": "使用時倉庫需有 {n} [W]",
              "character": "角色卡 {no}", "english": "（英文原文）"},
    "es": {"type_A": "Arma", "type_P": "Armadura", "type_M": "Mixto", "type_?": "Especial",
           "cost": "completarlo cuesta {w} [W]", "attack": "ataque {n}", "protect": "protección {n}",
           "mixed": "valor {n}", "range": "alcance {n}", "targets": "hasta {n} objetivos",
           "storage": "usarlo exige {n} [W] en el almacén", "character": "Carta de personaje {no}",
           "english": "(texto original en inglés)"},
}

SCREEN = StarRoadScreen()
