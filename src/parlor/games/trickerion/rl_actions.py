"""The action catalogue for parlor.rl (TR-26): every value each move field can take.

Ids come from the game's data; numbers from its rules (rule IDs cited). Where a rule lets a count
grow with the position, the bound used is named in a comment and in docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from parlor.rl.actions import KindActions, axis, joint, kind, multisets, subsets

from .data import CHARACTERS, DATA, DIRECTIONS, LOCATIONS, SPECIALISTS
from .rules.abilities import RESOURCES, UNSTABLE_MAX
from .rules.common import MGR_SLOTS
from .rules.market import FIXED_PRICE, MAX_BUY

BOOLS = (False, True)


def action_catalogue(players: int, options: Any) -> list[KindActions]:
    tricks = tuple(t.id for t in DATA.tricks)
    comps = tuple(c.id for c in DATA.components)
    specials = tuple(c.id for c in DATA.specials)
    magicians = tuple(m.id for m in DATA.magicians)
    slots = tuple(s.id for s in DATA.slots)
    cards = range(1, players + 2)                      # Theater positions 1..N+1 (TR-12.2)
    card_slots = tuple(dict.fromkeys(
        s for c in (*DATA.cards, *DATA.duel_of_magicians.cards) for s in c.slots))
    spot = joint(("card", "slot"), [(c, s) for c in cards for s in card_slots])
    target = joint(("to_card", "to_slot"), [(c, s) for c in cards for s in card_slots])
    direction = axis("dir", DIRECTIONS)
    links = axis("coin_links", range(len(DIRECTIONS) + 1))  # a slot links to at most 4 neighbours
    powers = tuple(str(r["id"]) for r in DATA.magician_powers.tables.get("power", ()))
    power_slots = tuple(str(r["id"]) for r in DATA.magician_powers.tables.get("power_slot", ()))
    # The dearest a component can be: its price (or p21's fixed price) plus the Quick Order
    # surcharge. A Bargain never takes the total below 1 (TR-10.3), so bargains < total price.
    dearest = {c.id: max(c.price, FIXED_PRICE) + DATA.quick_order_surcharge for c in DATA.components}
    value_sets = multisets(comps, range(1, 3))         # setup components of total price 2 (TR-2.4)
    start_sets = [combo for combo in value_sets
                  if sum(DATA.components[comps.index(c)].price for c in combo) == 2]

    # The most AP a character can hold: base AP, the best slot modifier, an Enhance (Empower's
    # gain at most), a Declare (+1, TR-18.2) and the Mechaniker's +1 (TR-20); each Bargain
    # costs its AP after the Buy's own (TR-10.3).
    most_ap = (max(c.base_ap for c in DATA.characters.values()) + max(s.ap_modifier for s in DATA.slots)
               + max(DATA.enhance_ap, *(c.params.get("enhance_ap", 0) for c in DATA.specials)) + 2)
    most_bargains = (most_ap - DATA.action_ap["buy"]) // DATA.action_ap["bargain"]

    def bargains(total: int) -> range:
        return range(max(0, min(total, most_bargains + 1)))

    def piles(combo: tuple[str, ...]) -> list[tuple[str, ...]]:
        """New piles of a purchase that may go on the Manager's slots (TR-11.2)."""
        return subsets(tuple(dict.fromkeys(combo)), MGR_SLOTS)

    mixed = [combo for combo in multisets(comps, range(2, 5)) if len(set(combo)) >= 2]
    cheap = [combo for combo in multisets(comps, range(1, 5))
             if sum(DATA.components[comps.index(c)].price for c in combo) <= 4]
    return [
        kind("choose_magician", axis("magician", magicians)),
        kind("start_components", axis("components", start_sets, comps)),
        kind("start_trick", axis("trick", tricks)),
        kind("choose_specialist", axis("specialist", SPECIALISTS)),
        kind("engineer_trick", axis("trick", tricks)),
        kind("manager_components", axis("components", start_sets, comps)),
        kind("advertise"),
        kind("pass"),
        kind("assign", axis("character", CHARACTERS), axis("location", (*LOCATIONS, "none"))),
        kind("place", axis("character", CHARACTERS), axis("slot", slots)),
        kind("idle", axis("character", CHARACTERS)),
        kind("enhance"),
        kind("done"),
        kind("learn_trick", axis("die", (0, 1)), axis("trick", tricks), axis("engineer", BOOLS)),
        kind("hire", axis("die", (2, 3))),
        kind("take_coins", axis("die", (4, 5))),
        kind("reroll_die", axis("die", range(len(DATA.dice_faces)))),
        kind("set_die", joint(("die", "face"), [(d, f) for d, faces in enumerate(DATA.dice_faces)
                                                  for f in dict.fromkeys(faces)])),
        kind("buy", joint(("component", "count", "bargains"),
                          [(c, n, b) for c in comps for n in range(1, MAX_BUY + 1)
                           for b in bargains(n * dearest[c])]), axis("manager", BOOLS)),
        kind("order", axis("component", comps), axis("slot", range(1, 5))),      # TR-10.4
        kind("quick_order", axis("component", comps)),
        kind("prepare", axis("trick", tricks)),
        kind("move_trick", axis("trick", tricks)),
        kind("move_components", axis("component", comps), axis("swap", (None, *comps))),
        kind("move_apprentice", axis("character", CHARACTERS)),
        kind("set_up_trick", axis("trick", tricks), spot, direction, links),
        kind("reschedule", spot, target, direction),
        kind("perform", axis("card", cards)),
        kind("decline"),
        kind("discard_component", axis("component", comps)),
        kind("discard_trick", axis("trick", tricks)),
        kind("assign_special", axis("character", CHARACTERS), axis("card", specials)),
        kind("declare", axis("ability", BOOLS)),
        kind("draw_special", axis("deck", LOCATIONS[:4])),
        kind("keep_special", axis("card", specials)),
        kind("fortune_telling"),
        kind("fate_weaving", axis("pending", (1, 2, 3))),
        kind("mechanical_enhancement"),
        kind("hire_any", axis("die", (2, 3)), axis("character", CHARACTERS)),
        kind("move_opponent_marker", spot, target, direction),
        kind("skip_ability"),
        kind("swap_cards", joint(("first", "second"), [(a, b) for a in cards for b in cards
                                                       if a < b])),
        kind("guest_set_up", axis("trick", tricks), axis("card", cards)),
        kind("street_performance", spot),
        kind("marker_to_trick", axis("trick", tricks)),
        kind("stage_marker", spot, direction),
        kind("return_components", axis("components", multisets(comps, range(1, UNSTABLE_MAX + 1)),
                                        comps)),
        kind("double_yield", axis("trick", tricks), axis("resource", RESOURCES)),
        kind("hidden_talent", axis("specialist", SPECIALISTS)),
        kind("motivate_card", axis("card", (*LOCATIONS, *specials))),
        kind("overhaul_trick", axis("die", (0, 1)), axis("trick", tricks), axis("old", tricks)),
        kind("invest", axis("component", comps), axis("manager", BOOLS)),
        kind("buy_mix", joint(("components", "bargains", "manager"),
                              [(combo, b, m) for combo in mixed
                               for b in bargains(sum(dearest[c] for c in combo))
                               for m in piles(combo)], ("components", "manager"), comps)),
        kind("smuggle_buy", axis("component", comps), axis("count", range(1, MAX_BUY + 1)),
             axis("manager", BOOLS)),
        kind("barter", joint(("components", "manager"), [(combo, m) for combo in cheap
                                                         for m in piles(combo)],
                             ("components", "manager"), comps)),
        kind("shoplift", joint(("component", "count", "bargains"),
                               [(c, n, b) for c in comps for n in range(1, MAX_BUY + 1)
                                for b in bargains((n - 1) * dearest[c])] + [
                                   (c, 1, 0) for c in comps]),
             axis("manager", BOOLS), axis("refill", comps)),
        kind("extra_stock", axis("component", comps)),
        kind("take_ordered", axis("manager", BOOLS)),
        kind("break_free", spot, target, direction, links),
        kind("mimic", axis("card", specials)),
        kind("steal_perform", axis("card", cards), axis("trick", tricks), axis("steal", tricks)),
        kind("possess", axis("card", cards)),
        kind("supercharge", axis("trick", tricks), spot, direction, links),
        kind("discard"),
        kind("discard_done"),
        kind("dubious_store", axis("manager", BOOLS)),
        kind("dubious_discard", axis("component", comps)),
        kind("dubious_refuse"),
        kind("bottom_special", axis("card", specials)),
        kind("discard_power", axis("power", powers)),
        kind("learn_power", axis("power", powers), axis("slot", power_slots)),
        kind("skip_power"),
    ]
