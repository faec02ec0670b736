"""Opera in the terminal: the fame ladder (episode composers starred), the display and palazzo, the roles
and figures, then one row per player: budget, VP, the own ducats and supply, and the opera houses with
their halls (a composer's initial per filled hall, ♪ for the house composer, · for an empty hall)."""

from __future__ import annotations

import tomllib
from collections import Counter
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ..render import Entries
from ..words import say
from .base import RICH_COLOURS, Context, GameScreen, capital, card_fact, players_table, rule_lines

# a composer's colour on the ladder and in the halls (the composers have none in the game; these only
# tell them apart at a glance, and none is a player's red, blue, green or yellow)
COMPOSER_STYLE = {"bach": "cyan", "handel": "magenta", "mozart": "orange3", "verdi": "plum2",
                  "wagner": "pink1", "monteverdi": "grey70"}


class OperaScreen(GameScreen):
    subject_fields = ("role", "composer", "city", "part")

    def colours(self, view: dict[str, Any], players: int) -> list[str]:
        by_seat = {p["seat"]: RICH_COLOURS.get(p.get("color", ""), "white") for p in view.get("players", [])}
        return [by_seat.get(s, "white") for s in range(players)]

    def status(self, view: dict[str, Any], ctx: Context) -> Text:
        text = Text()
        text.append(f"{ctx.label('round')} {view['round']}/{view['rounds']}")
        text.append(f"  {ctx.label('episode')} {view['episode']}")
        text.append(f"  {ctx.label('draw_pile')} {view['draw_pile']}")
        order = view.get("turn_order") or []
        if order:
            text.append("  ").append_text(ctx.seat_order("turn_order", order))
        return text

    def composer(self, composer: str, ctx: Context) -> Text:
        return Text(ctx.name(composer), style=COMPOSER_STYLE.get(composer, ""))

    def board(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        ladder = ctx.heading(ctx.label("ladder"))
        episode = set(view.get("episode_composers", []))
        mark = ctx.marks.colon.strip()  # "1:Bach", Chinese "1：巴哈"
        for position, composer in enumerate(view.get("ladder", []), 1):
            ladder.append(f"{' ' if position > 1 else ''}{position}{mark}")
            ladder.append_text(self.composer(composer, ctx))
            if composer in episode:
                ladder.append("★", style="yellow")
        pieces = ctx.heading(ctx.label("display"))
        pieces.append_text(self.composers(view.get("display", []), ctx))
        if view.get("palazzo"):
            pieces.append(f"   {ctx.label('palazzo')}{ctx.marks.colon}", style="bold")
            pieces.append_text(self.composers(view["palazzo"], ctx))
        discard = {c: n for c, n in (view.get("discard") or {}).items() if n}
        if discard:
            pieces.append(f"   {ctx.label('discard')}{ctx.marks.colon}", style="bold")
            pieces.append_text(self.composers([c for c, n in discard.items() for _ in range(n)], ctx))
        # each role with the player who took it, each figure with its city: a name and what it has
        # set off by the language's colon ("大師：倫敦"; two Chinese names side by side read as one)
        roles = ctx.heading(ctx.label("roles"))
        for index, (role, seat) in enumerate((view.get("roles") or {}).items()):
            if index:
                roles.append(ctx.marks.names)
            roles.append(ctx.name(role))
            if seat is not None:
                roles.append(ctx.marks.colon)
                roles.append_text(ctx.player(seat, mark=False))
        figures = ctx.heading(ctx.label("figures"))
        for index, (role, city) in enumerate((view.get("figures") or {}).items()):
            if index:
                figures.append(ctx.marks.names)
            figures.append(f"{ctx.name(role)}{ctx.marks.colon}")
            figures.append("—" if city == "start" else ctx.name(city), style="italic")
        lines: list[RenderableType] = [ladder, pieces, roles, figures]
        last = view.get("critico_last")
        if last:
            critic = Text(f"{ctx.name('critico')}{ctx.marks.colon}")
            critic.append_text(ctx.player(last["seat"], mark=False))
            critic.append(f"{ctx.marks.phrases}{ctx.name(last['composer'])} {last['steps']:+d}")
            lines.append(critic)
        bids = view.get("bids")
        if bids:
            shown = ctx.heading(ctx.label("last_bids"))  # revealed; this round's are sealed (OP-6.2)
            for seat, amount in enumerate(bids):
                shown.append_text(ctx.player(seat, mark=False))
                shown.append(f" {amount}  ")
            lines.append(shown)
        return Group(*lines)

    def composers(self, composers: list[str], ctx: Context) -> Text:
        """Pieces by composer, each composer once with its count ("Mozart ×3, Händel ×2, Bach"), in
        their colours."""
        text = Text()
        counts = Counter(composers)
        for index, composer in enumerate(counts):
            if index:
                text.append(ctx.marks.names)
            text.append_text(self.composer(composer, ctx))
            if counts[composer] > 1:
                text.append(f" ×{counts[composer]}")
        return text if composers else Text("—")

    def players(self, view: dict[str, Any], ctx: Context) -> RenderableType:
        table = players_table(ctx)
        for label, justify in ((say(ctx.lang, "player"), "left"), (ctx.label("score"), "right"),
                               (ctx.label("budget"), "right"), (ctx.label("money"), "right"),
                               (ctx.label("roles_chosen"), "right"), (ctx.label("houses"), "left")):
            table.add_column(label, justify=justify)  # type: ignore[arg-type]
        for player in view.get("players", []):
            seat = player["seat"]
            name = ctx.player(seat)
            if player.get("passed"):
                name.append(ctx.marks.aside(ctx.label('passed')), style="dim")
            money = str(player["money"]) if "money" in player else "?"
            # the budget row (the order within a row is the turn order line's)
            table.add_row(name, str(player["score"]), str(player["row"]), money,
                          str(player.get("roles_chosen", 0)), self.houses(player.get("houses", {}), ctx))
        return table

    def houses(self, houses: dict[str, Any], ctx: Context) -> Text:
        text, short = Text(), short_names(ctx)
        for index, (city, house) in enumerate(houses.items()):
            if index:
                text.append("  ")
            text.append(f"{ctx.name(city)} ")
            text.append("[")
            for hall, piece in house.get("halls", []):
                if piece is None:
                    text.append("·", style="dim")
                elif piece == "house":
                    text.append("♪", style="bold")
                else:
                    text.append(short.get(piece, ctx.name(piece)),
                                style=COMPOSER_STYLE.get(piece, ""))
                if hall != house["halls"][-1][0]:
                    text.append("|", style="dim")
            text.append("]")
        return text if houses else Text("—")

    def private(self, view: dict[str, Any], ctx: Context) -> RenderableType | None:
        seat = view.get("you")
        if not isinstance(seat, int):
            return None
        me = next((p for p in view.get("players", []) if p["seat"] == seat), None)
        if me is None:
            return None
        money = ctx.heading(ctx.label("money")).append(str(me.get("money", 0)))
        pieces = self.composers(me.get("supply", []), ctx)
        supply = ctx.heading(capital(ctx.name("supply"))).append_text(pieces)
        return Entries([money, supply])

    def cards(self, ctx: Context) -> dict[str, list[str]]:
        """The roles, composers and cities, each with its numbers and the rule it follows."""
        from parlor.games.opera.data import DATA

        rules = role_rules()
        out: dict[str, list[str]] = {}
        for role in DATA.roles:
            lines = [ctx.name(role.id)]
            if f"role_{role.id}" in ctx.catalog.ui:  # what the role does, in the catalog's words
                lines.append(ctx.catalog.ui[f"role_{role.id}"])
            lines += [card_fact(ctx, "cost", n=role.cost), card_fact(ctx, "uses", n=role.max_uses)]
            lines.append(card_fact(ctx, "follow", n=role.follow_cost_per_use) if role.followable
                         else card_fact(ctx, "no_follow"))
            described = f"role_{role.id}" in ctx.catalog.ui  # the description cites its rule already
            out[role.id] = lines if described else lines + rule_lines(rules.get(role.id), ctx)
        for composer in DATA.composers:
            out[composer.id] = [ctx.name(composer.id), card_fact(ctx, "pieces", n=composer.pieces)]
        for city in DATA.cities:
            out[city.id] = [ctx.name(city.id), card_fact(ctx, "opens", n=city.opens_round),
                            card_fact(ctx, "halls", n=city.max_halls)]
        return out


def role_rules() -> dict[str, str]:
    """Each role's rule ID, as the spec's data names it."""
    from parlor.games.opera.data import DATA_DIR

    roles = tomllib.loads((DATA_DIR / "roles.toml").read_text(encoding="utf-8"))["role"]
    return {str(role["id"]): str(role["rule"]) for role in roles}


SCREEN = OperaScreen()


def short_names(ctx: Context) -> dict[str, str]:
    """Each composer's name cut to its shortest start that no other composer's name shares, as an
    opera house's hall shows it: "Moz" and "Mon" for Mozart and Monteverdi (both "Mo" in two
    letters), one character in Chinese ("莫", "蒙"), two letters at the least elsewhere."""
    names = {composer: ctx.name(composer) for composer in COMPOSER_STYLE}
    shortest = 1 if ctx.lang.startswith("zh") else 2
    short = {}
    for composer, name in names.items():
        others = [other for key, other in names.items() if key != composer]
        size = shortest
        while size < len(name) and any(other.startswith(name[:size]) for other in others):
            size += 1
        short[composer] = name[:size]
    return short
