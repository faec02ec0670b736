"""What Star Road's reference sheet and score pad show: the design chart (SR-20.2) and the character
cards (SR-20.8) of the packaged content or of an author's own TOML text, the faction cards dealt per
player count (SR-3.2) and their groups (SR-3.3)."""

from __future__ import annotations

from typing import Any

from .content import make_content
from .data import Effect, base_data


def _effects(effects: tuple[Effect, ...]) -> list[dict[str, Any]]:
    return [{"op": e.op, **dict(e.params)} for e in effects]


def sheet(chart: str = "", characters: str = "") -> dict[str, Any]:
    """The sheet for a chart and a character table (empty: the packaged ones), every edition's
    designs. :raises DataError: the TOML text is not a valid chart or character table."""
    base = base_data()
    content = make_content(chart, characters, base.constants.latest_edition, False)
    designs = [{"no": d.no, "name": d.name, "name_zh": d.name_zh, "edition": d.edition, "sheet": d.sheet,
                "type": d.type, "cost": d.cost, "a": d.a, "p": d.p, "m": d.m, "r": d.r, "targets": d.targets,
                "w_req": d.w_req, "recycle": d.recycle, "use_limit": d.use_limit, "delay": d.delay,
                "timing": d.timing, "after_use": d.after_use, "effects": _effects(d.effects)}
               for d in sorted(content.chart.values(), key=lambda d: (d.sheet, d.no))]
    cards = [{"key": c.key, "no": c.no, "name": c.name, "name_zh": c.name_zh, "kind": c.kind,
              "limit": c.limit, "timing": c.timing, "trigger": c.trigger, "effects": _effects(c.effects)}
             for c in sorted(content.characters.values(), key=lambda c: c.no)]
    return {"designs": designs, "characters": cards, "own_chart": bool(chart),
            "own_characters": bool(characters),
            "factions": {str(n): list(codes) for n, codes in sorted(base.table.items())},
            "cards": {code: {"colour": card.colour, "group": card.group, "captain": card.captain}
                      for code, card in base.cards.items()},
            "min_players": base.constants.min_players, "max_players": base.constants.max_players}
