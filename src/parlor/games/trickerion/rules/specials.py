"""Special Assignment card abilities (TR-18) as data plus a small set of named effect primitives.

`EFFECTS` names, for each card whose ability the engine resolves, the primitives it uses; the
numbers come from the card's own fields in `data/assignment_cards.toml` (`Special.params`). The
Location modules ask `active(s, seat, target)` at their action and apply the primitives they own:

    cheaper                 the action costs `ap_delta` AP more (negative: less), after p12/p24/p25
    any_category            Learn Trick: any category with any non-X Residence die
    arrives_prepared        Learn Trick: a Trick of Threshold <= 16 arrives with 1 marker
    any_character           Hire: any character the player can take, with any non-X Inn die
    second_apprentice       Hire an Apprentice: pay `coins_cost` for a second one, no die
    fame_die_minus_one      Take Coins: also Fame = die value - 1
    roll_bonus              Take Coins: the die is rolled once more, its value (X = 0) added
    enhance_ap              Enhance Character gives `enhance_ap` AP
    extra_markers           Prepare: `extra_markers` more markers (supply permitting)
    fame_per_advanced_requirement   Prepare: Fame = Advanced and Superior components required
    marker_for_yields       Prepare: 1 marker fewer for the Trick's yields at once
    one_type_short          Prepare: one required type may be short; exactly 1 marker
    shard_enhances_trick    Prepare: 1 Shard makes the Trick's Fame and Coin yields +1 for good
    fame_paid_minus_one     Buy: Fame = Coins paid - 1
    keep_quick_order        Quick Order: the component comes to the owner at End Turn
    market_share            from now on, opponents' Coins spent at the Market Row go to the owner
    links_twice             Set up Trick: the Link payments (and own Shards) twice
    same_trick_twice        Set up Trick: a second marker of that Trick may join the card
    every_neighbour_pays    Set up Trick: every occupied Link neighbour pays the Link reward
    own_fame_per_marker     Perform: each own performed marker +`own_fame_per_marker`, every
                            other player's marker `others_fame_per_marker` Fame (yield modifiers)
    move_opponent           Reschedule: an opponent's marker instead of an own one

A card missing from `EFFECTS` can still be used for its +1 AP (TR-18.2); docs/status lists them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event

from ..consts import PF_ABILITY
from ..data import DATA, Special

if TYPE_CHECKING:
    from ..state import TrickerionState

EFFECTS: dict[str, tuple[str, ...]] = {
    "thirst_for_knowledge": ("cheaper", "any_category"),
    "leaked_blueprints": ("arrives_prepared",),
    "headhunter": ("cheaper", "any_character"),
    "mass_recruitment": ("second_apprentice",),
    "fame_and_fortune": ("fame_die_minus_one",),
    "interest": ("cheaper", "roll_bonus"),
    "empower": ("enhance_ap",),
    "trick_tweaking": ("extra_markers",),
    "invention": ("fame_per_advanced_requirement",),
    "test_run": ("marker_for_yields",),
    "ingenuity": ("one_type_short",),
    "enhance_trick": ("shard_enhances_trick",),
    "workshop_exhibition": ("fame_paid_minus_one",),
    "dubious_sources": ("keep_quick_order",),
    "business_share": ("market_share",),
    "headliner_trick": ("links_twice",),
    "new_twist": ("same_trick_twice",),
    "orchestral_interlude": ("every_neighbour_pays",),
    "arranged_fiasco": ("own_fame_per_marker",),
    "directors_favor": ("move_opponent",),
}
PRIMITIVES = frozenset(p for prims in EFFECTS.values() for p in prims)
PROPHECY_COST_ONE = {"learn_trick": "learn_trick_cost_1", "take_coins": "take_coins_cost_1",
                     "hire_character": "hire_cost_1"}


def current(s: TrickerionState, seat: int) -> Special | None:
    """The Special card under the character being placed, if any."""
    if s.pc_char < 0 or s.acting != seat:
        return None
    card = s.scard[seat][s.pc_char]
    return DATA.specials[card] if card >= 0 else None


def active(s: TrickerionState, seat: int, target: str) -> Special | None:
    """The declared, unused ability waiting for an action of `target` (TR-18.3)."""
    if not s.pc_flags & PF_ABILITY:
        return None
    card = current(s, seat)
    if card is None or card.target_action != target:
        return None
    return card


def has(s: TrickerionState, seat: int, target: str, primitive: str) -> Special | None:
    card = active(s, seat, target)
    if card is not None and primitive in EFFECTS.get(card.id, ()):
        return card
    return None


def consume(s: TrickerionState) -> None:
    s.pc_flags &= ~PF_ABILITY


def cost(s: TrickerionState, seat: int, target: str, base: int) -> int:
    """An action's AP: p12/p24/p25 set it to 1, then a `cheaper` card (TR-19.2, TR-18.4)."""
    if s.prophecy() == PROPHECY_COST_ONE.get(target, "-"):
        base = 1
    card = has(s, seat, target, "cheaper")
    if card is not None:
        base = max(0, base + card.params.get("ap_delta", 0))
    return base


def usable(s: TrickerionState, seat: int, card: Special) -> bool:
    """Whether declaring the ability can have an effect here (TR-18.3)."""
    if card.id not in EFFECTS:
        return False
    slot = DATA.slots[s.pc_slot]
    if card.target_action == "perform":
        return slot.performance
    return not slot.performance and slot.location == card.deck


def on_declare(s: TrickerionState, seat: int, card: Special) -> list[Event]:
    """Abilities that act at once when declared."""
    from .common import pub
    if "market_share" in EFFECTS[card.id]:
        s.share = seat
        consume(s)
        return [pub("business_share", seat)]
    return []


def performer_card(s: TrickerionState, seat: int, primitive: str) -> Special | None:
    """A `perform` ability declared by the performing Magician (TR-18.3)."""
    card = s.scard[seat][0]
    if card < 0 or s.smode[seat][0] != 1:
        return None
    sp = DATA.specials[card]
    return sp if primitive in EFFECTS.get(sp.id, ()) else None
