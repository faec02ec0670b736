"""Trickerion in the terminal: the turn, initiative and dice; the market and the theater's performance
cards; one row per player (magician, Fame, Coins, Shards, tricks with their prepared markers, components,
characters); the own hand of assignment cards and where the own characters stand."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from parlor.core import Move
from parlor.games.trickerion.records import DICE

from ..words import say
from .base import Context, GameScreen, capital, card_fact, players_table

# a trick category's colour and symbol (the cards' suits; ∞ for the chains of Escape: common fonts have it)
CATEGORY = {"escape": ("∞", "orange3"), "spiritual": ("☽", "magenta"), "mechanical": ("⚙", "cyan"),
            "optical": ("◉", "yellow")}
# a character's letter in a player's row

class TrickerionScreen(GameScreen):
    subject_fields = ("trick", "magician", "component", "card", "special")

    def status(self, view: dict[str, Any], ctx: Context) -> Text:
        text = Text(f"{ctx.label('turn')} {view['turn']}/{view['last_turn']}")
        phase = view.get("phase")
        if isinstance(phase, str) and phase in ctx.catalog.steps:
            text.append(f"  {ctx.catalog.steps[phase]}")
        order = view.get("initiative") or []
        if order:
            text.append("  ").append_text(ctx.seat_order("initiative", order))
        return text

    def board(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        dice = ctx.heading(ctx.label("dice"))
        faces = view.get("dice") or {}
        if faces and all(face is None for face in faces.values()):  # setup: none rolled yet (TR-4.1)
            dice.append_text(self.face(None, ctx))
            faces = {}
        for index, (die, face) in enumerate(faces.items()):
            if index:
                dice.append(ctx.marks.names)
            dice.append(f"{ctx.name(die)}{ctx.marks.colon}")  # "旅館骰（專家）：經理": a die, then its face
            dice.append_text(self.face(face, ctx))
        market = view.get("market") or {}
        shop = ctx.heading(ctx.label("market"))
        shop.append(ctx.marks.names.join(ctx.name(c) for c in market.get("buy", [])))
        orders = [ctx.name(o) for o in market.get("orders", []) if o]
        if orders:
            shop.append("   ")
            shop.append_text(ctx.heading(ctx.label("orders")))
            shop.append(ctx.marks.names.join(orders))
        if market.get("quick_order"):
            shop.append("   ")
            shop.append_text(ctx.heading(ctx.label("quick_order")))
            shop.append(ctx.name(market["quick_order"]))
        theater = ctx.heading(ctx.name("theater"))
        for index, slot in enumerate(view.get("theater") or []):
            if index:
                theater.append("  ")
            theater.append(f"{index + 1}{ctx.marks.colon.strip()}", style="dim")  # Chinese "1：河畔劇院"
            if slot is None:
                theater.append("—", style="dim")
                continue
            theater.append(ctx.name(slot["card"]))
            if slot.get("markers"):
                theater.append(ctx.marks.aside(f"{len(slot['markers'])} {ctx.label('markers')}"), style="dim")
        theater.append(f"   {ctx.label('deck_size')} {view.get('deck_size', 0)}", style="dim")
        learn = ctx.heading(ctx.label("residence"))
        residence = view.get("residence") or []
        learn.append(f"{len(residence)} {ctx.label('tricks')}{ctx.marks.colon}")
        by_category: dict[str, int] = {}
        for trick in residence:
            category = trick_category(trick)
            by_category[category] = by_category.get(category, 0) + 1
        for category, count in by_category.items():
            symbol, colour = CATEGORY.get(category, ("?", ""))
            learn.append(f"{symbol}", style=colour)
            learn.append(f"{ctx.name(category)} {count}  ")
        return Group(dice, shop, theater, learn)

    def face(self, face: str | None, ctx: Context) -> Text:
        if face is None:  # at setup, before the first roll (TR-4.1)
            return Text(ctx.label("dice_unrolled"), style="dim")
        if face in CATEGORY:
            symbol, colour = CATEGORY[face]
            return Text(f"{symbol}{ctx.name(face)}", style=colour)
        if face.isdigit():
            return Text(f"{face} {ctx.name('coins')}", style="yellow")
        return Text(ctx.name(face))

    def players(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        table = players_table(ctx)
        table.add_column(say(ctx.lang, "player"))
        table.add_column(ctx.label("character"))
        for key in ("fame", "coins", "shards"):
            table.add_column(capital(ctx.name(key)), justify="right")
        table.add_column(ctx.label("tricks"))
        table.add_column(ctx.label("components"))
        table.add_column(ctx.label("hand"), justify="right")
        for player in view.get("players", []):
            table.add_row(ctx.player(player["seat"]), self.team(player, ctx), str(player["fame"]),
                          str(player["coins"]), str(player["shards"]), self.tricks(player, ctx),
                          "  ".join(f"{ctx.name(c)} ×{v['count']}" for c, v in
                                   (player.get("components") or {}).items()) or "—",
                          str(player.get("hand_size", "")))
        return table

    def move_label(self, move: Move, ctx: Context, seat: int | None, view: dict[str, Any]) -> str:
        """A choice in words, with what tells it from a choice of the same words (the web's
        details do so there): the die it uses (six "Reroll a die"), a Trick learned onto the
        Engineer's slot, a Buy's new pile on a Manager slot, the pile a move swaps with."""
        data = move.to_json()
        parts = []
        die = data.get("die")
        if isinstance(die, int) and 0 <= die < len(DICE):
            parts.append(ctx.name(DICE[die]))
        if data.get("engineer") is True:
            parts.append(ctx.label("detail_engineer_slot"))
        if data.get("manager") is True:
            parts.append(ctx.label("detail_manager_slot"))
        if isinstance(data.get("swap"), str):
            swap = ctx.name(data["swap"])
            parts.append(ctx.catalog.fill(ctx.catalog.ui["detail_swap"], {"component": swap}))
        # after a colon ("Reroll a die: Inn die (Specialists)"): a die's name holds an aside of its own
        text = ctx.move(move, seat)
        return text + ctx.marks.colon + ctx.marks.phrases.join(parts) if parts else text

    def team(self, player: dict[str, Any], ctx: Context) -> Text:
        """The Magician by name, then the Specialists by name and the Apprentices counted
        ("The Red Lotus, Assistant, Apprentice ×2")."""
        characters = [c for c in (player.get("characters") or {}) if c != "magician"]
        apprentices = sum(1 for c in characters if c.startswith("apprentice"))
        crew = [ctx.name(c) for c in characters if not c.startswith("apprentice")]
        if apprentices:
            crew.append(ctx.name("apprentice") + (f" ×{apprentices}" if apprentices > 1 else ""))
        text = Text(ctx.name(player.get("magician") or "magician"))
        if crew:
            text.append(ctx.marks.names + ctx.marks.names.join(crew), style="dim")
        return text

    def tricks(self, player: dict[str, Any], ctx: Context) -> Text:
        text = Text()
        for index, trick in enumerate(player.get("tricks") or []):
            if index:
                text.append(ctx.marks.phrases)
            symbol, colour = CATEGORY.get(trick_category(trick["trick"]), ("", ""))
            text.append(symbol, style=colour)
            text.append(ctx.name(trick["trick"]))
            text.append(f" {trick.get('prepared', 0)}/{trick.get('supply', 0)}", style="dim")
        return text if len(text) else Text("—")

    def private(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        you = view.get("you")
        if not isinstance(you, dict):
            return None
        text = ctx.heading(ctx.label("hand"))
        hand = (you.get("hand") or {}).items()
        text.append(ctx.marks.phrases.join(f"{ctx.name(card)} ×{count}" for card, count in hand) or "—")
        me = next((p for p in view.get("players", []) if p["seat"] == you.get("seat")), None)
        if me is not None:
            text.append("\n")
            text.append_text(ctx.heading(ctx.label("characters")))
            for index, (character, state) in enumerate((me.get("characters") or {}).items()):
                if index:
                    text.append("  ")
                text.append(ctx.name(character))
                where = state.get("slot") or state.get("card")
                if where:
                    text.append(f" → {ctx.name(where)}", style="cyan")
        return text

    def cards(self, ctx: Context) -> dict[str, list[str]]:
        """Tricks, components and magicians with their printed numbers."""
        from parlor.games.trickerion.data import CATEGORIES, DATA

        out: dict[str, list[str]] = {}
        for trick in DATA.tricks:
            needs = ctx.marks.phrases.join(f"{ctx.name(DATA.components[c].id)} {n}"
                                           for c, n in trick.components)
            out[trick.id] = [
                ctx.name(trick.id),
                card_fact(ctx, "trick", category=ctx.name(CATEGORIES[trick.category]), level=trick.level,
                          fame=trick.threshold),
                card_fact(ctx, "needs", components=needs or "—", ap=trick.prepare_ap, markers=trick.markers),
                card_fact(ctx, "yields", fame=trick.yield_fame, coins=trick.yield_coins,
                          shards=trick.yield_shards),
            ]
        for component in DATA.components:
            out[component.id] = [ctx.name(component.id), card_fact(ctx, "price", coins=component.price)]
        for card in DATA.cards:
            out[card.id] = [ctx.name(card.id), card_fact(
                ctx, "performance", slots=len(card.slots), links=len(card.links),
                fame=card.bonus_fame, coins=card.bonus_coins, shards=card.bonus_shards)]
        for magician in DATA.magicians:
            out[magician.id] = [ctx.name(magician.id),
                                card_fact(ctx, "favourite", category=ctx.name(CATEGORIES[magician.favorite]))]
        return out


def trick_category(trick: str) -> str:
    from parlor.games.trickerion.data import CATEGORIES, DATA

    index = DATA.trick_by_id.get(trick)
    return CATEGORIES[DATA.tricks[index].category] if index is not None else ""


SCREEN = TrickerionScreen()
