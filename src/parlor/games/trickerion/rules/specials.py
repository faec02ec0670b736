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
    off_slot_marker         Set up Trick: onto a full card, off-slot (no corners, no Links)
    swap_cards              after a Set up Trick: swap two Performance cards for `coins`
    marker_back_to_card     Perform: after the Performances, one own performed marker goes
                            back on its Trick card
    double_first_yield      Perform: a Trick performed for the first time doubles one yield
    marker_for_own_yields   Reschedule: the marker leaves the card for the Trick's yields
    marker_to_other_trick   Prepare: 1 marker fewer, 1 marker on another Trick (Threshold <=)
    return_components_for_marker   Prepare: up to 3 required components back for +1 marker
                            and 1 Fame and 1 Coin each
    marker_to_stage         after a Prepare: a marker just received onto a Performance card
    apprentice_to_specialist  an Apprentice that prepares may become a Specialist at End Turn
    any_location            the character may be placed at any other Location
    hire_joins_now          Hire: the character joins at once and may get a card this week
    replace_trick           Learn Trick: in place of an owned Trick, keeping its markers
    spend_at_once           Take Coins: spend the Coins taken on up to 3 stock components
    mixed_buy               Buy: up to `max_components` stock components of several types
    fame_for_coins          Buy: pay Fame (price - 1) instead of Coins
    shard_for_components    Buy: 1 Shard for stock components worth up to `max_value`
    one_free_from_stock     Buy: one component taken from the Buy area, refilled
    extra_stock             Order: the type joins the stock for this week
    order_and_take          every Order: one of that type at once for its price + 1
    own_types_in_stock      Buy: owned types are stock, 1 Coin cheaper

Every Special card can also be used for its +1 AP instead (TR-18.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event

from ..consts import PF_ABILITY
from ..data import DATA
from ..records import Special

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
    "guest_performer": ("off_slot_marker",),
    "buying_time": ("swap_cards",),
    "durable_components": ("marker_back_to_card",),
    "grand_premiere": ("double_first_yield",),
    "street_performance": ("marker_for_own_yields",),
    "replaceable_parts": ("marker_to_other_trick",),
    "unstable_prototype": ("return_components_for_marker",),
    "on_stage_preparation": ("marker_to_stage",),
    "hidden_talent": ("apprentice_to_specialist",),
    "freelancer": ("any_location",),
    "hypnotic_motivation": ("hire_joins_now",),
    "trick_overhaul": ("replace_trick",),
    "investments": ("spend_at_once",),
    "component_sale": ("mixed_buy",),
    "smuggled_goods": ("fame_for_coins",),
    "barter_with_power": ("shard_for_components",),
    "shoplifting": ("one_free_from_stock",),
    "logistics": ("extra_stock",),
    "traveling_merchants": ("order_and_take",),
    "workshop_delivery": ("own_types_in_stock",),
}
PRIMITIVES = frozenset(p for prims in EFFECTS.values() for p in prims)
PROPHECY_COST_ONE = {"learn_trick": "learn_trick_cost_1", "take_coins": "take_coins_cost_1",
                     "hire_character": "hire_cost_1"}


def card_of(state: TrickerionState, seat: int, char: int) -> int:
    """The Special card acting for `char`: its own, or the one copied by Mimesis (TR-20)."""
    card = state.special_card[seat][char]
    if card < 0 and state.mimic[seat] >= 0 and state.mimic[seat] & 7 == char:
        return state.mimic[seat] >> 3
    return card


def current(state: TrickerionState, seat: int) -> Special | None:
    """The Special card under the character being placed, if any."""
    if state.placement_character < 0 or state.acting != seat:
        return None
    card = card_of(state, seat, state.placement_character)
    return DATA.specials[card] if card >= 0 else None


def active(state: TrickerionState, seat: int, target: str) -> Special | None:
    """The declared, unused ability waiting for an action of `target` (TR-18.3)."""
    if not state.placement_flags & PF_ABILITY:
        return None
    card = current(state, seat)
    if card is None or card.target_action != target:
        return None
    return card


def has(state: TrickerionState, seat: int, target: str, primitive: str) -> Special | None:
    card = active(state, seat, target)
    if card is not None and primitive in EFFECTS.get(card.id, ()):
        return card
    return None


def consume(state: TrickerionState) -> None:
    state.placement_flags &= ~PF_ABILITY


def cost(state: TrickerionState, seat: int, target: str, base: int) -> int:
    """An action's AP: p12/p24/p25 set it to 1, then a `cheaper` card (TR-19.2, TR-18.4)."""
    if state.prophecy() == PROPHECY_COST_ONE.get(target, "-"):
        base = 1
    card = has(state, seat, target, "cheaper")
    if card is not None:
        base = max(0, base + card.params.get("ap_delta", 0))
    return base


def usable(state: TrickerionState, seat: int, card: Special) -> bool:
    """Whether declaring the ability can have an effect here (TR-18.3)."""
    if card.id not in EFFECTS:
        return False
    slot = DATA.slots[state.placement_slot]
    prims = EFFECTS[card.id]
    if card.target_action == "perform":
        return slot.performance
    if "any_location" in prims:                   # Freelancer: only away from the Workshop
        return slot.location != card.deck
    if "apprentice_to_specialist" in prims and state.placement_character < 4:
        return False                              # Hidden Talent: an Apprentice only
    return not slot.performance and slot.location == card.deck


def on_declare(state: TrickerionState, seat: int, card: Special) -> list[Event]:
    """Abilities that act at once when declared."""
    from .common import pub
    if "market_share" in EFFECTS[card.id]:
        state.share_holder = seat
        consume(state)
        return [pub("business_share", seat)]
    if "any_location" in EFFECTS[card.id]:       # Freelancer: used by the placement itself
        consume(state)
    return []


def performer_card(state: TrickerionState, seat: int, primitive: str) -> Special | None:
    """A `perform` ability declared by the performing Magician (TR-18.3)."""
    card = card_of(state, seat, 0)
    if card < 0 or state.special_mode[seat][0] != 1:
        return None
    special = DATA.specials[card]
    return special if primitive in EFFECTS.get(special.id, ()) else None
