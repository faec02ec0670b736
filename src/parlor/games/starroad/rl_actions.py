"""The action catalogue for parlor.rl: every value each move field can take.

Ids come from the game's data; numbers from its rules (rule IDs cited). Where a rule lets a count
grow with the position, the bound used is named in a comment and in docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from parlor.rl.actions import KindActions, axis, joint, kind

from .content import content_for

BOOLS = (False, True)


def action_catalogue(players: int, options: Any) -> list[KindActions]:
    content = content_for(options)
    k = content.base.constants

    def most(op: str, effects: Any) -> int:
        """The largest amount any one card or design gives by effect `op`."""
        return max((e.get("amount") if e.params else 1 for es in effects for e in es if e.op == op),
                   default=0)

    characters = [c.effects for c in content.characters.values()]
    structures = [g.passive for g in content.ground.values()]
    everything = [*characters, *structures, *(d.effects for d in content.chart.values())]

    def bonus(op: str) -> int:
        """A passive's most: one character card plus every ground structure (SR-21.1)."""
        return most(op, characters) + sum(most(op, [g]) for g in structures)

    lines = k.lines + bonus("extra_lines")
    # SR-8.5: an investment is at most the cap (raised by passives or for the turn) and at most
    # the cost still missing.
    cap = max(k.invest_cap + bonus("invest_cap_bonus"), most("turn_invest_cap", everything))
    costs = [d.cost for d in content.chart.values()] + [g.cost for g in content.ground.values()]
    dearest = max(costs, default=0)
    spots = [(line, level) for line in range(1, lines + 1) for level in range(1, k.levels + 1)]
    seats = range(players)
    ground = tuple(content.ground)

    def on_lines(name: str) -> KindActions:
        return kind(name, joint(("line", "level"), spots))

    return [
        kind("choose", axis("card", tuple(content.characters))),
        kind("build", axis("no", content.designs)),
        on_lines("place"),
        on_lines("continue"),
        kind("build_ground", axis("no", ground)),
        kind("continue_ground", axis("no", ground)),
        kind("invest", axis("amount", range(k.min_investment, min(cap, dearest) + 1))),
        on_lines("attack"),
        on_lines("add_weapon"),
        kind("target", axis("seat", seats)),
        kind("targets_done"),
        kind("launch"),
        kind("order", axis("seat", seats)),
        on_lines("use"),
        kind("ability"),
        on_lines("pick"),
        on_lines("cancel"),
        kind("choices_done"),
        kind("reveal_faction"),
        kind("reveal_character"),
        on_lines("blocker"),
        kind("blockers_done"),
        kind("guard", axis("block", BOOLS)),
        kind("give", axis("seat", seats)),
        kind("keep"),
        kind("pass"),
        kind("end"),
    ]
