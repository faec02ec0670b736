"""Trickerion moves: one small frozen class per kind of decision (TR-26).

Ids are the data files' ids (tricks, components, Performance cards, slots); a Performance card in the
Theater is named by its position 1..N+1 (TR-12.2); directions are N, E, S, W (TR-12.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlor.core import Move, MoveCatalog

# -- setup (TR-2) ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseMagician(Move):
    """TR-2.3: take a Magician whose favorite category nobody has yet."""

    kind: ClassVar[str] = "choose_magician"
    magician: str


@dataclass(frozen=True, slots=True)
class StartComponents(Move):
    """TR-2.4 item 2: components of total price 2 for the Workshop."""

    kind: ClassVar[str] = "start_components"
    components: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class StartTrick(Move):
    """TR-2.4 item 3: a Level-1 Trick of the Magician's favorite category."""

    kind: ClassVar[str] = "start_trick"
    trick: str


@dataclass(frozen=True, slots=True)
class ChooseSpecialist(Move):
    """TR-2.4 item 6: the starting Specialist."""

    kind: ClassVar[str] = "choose_specialist"
    specialist: str


@dataclass(frozen=True, slots=True)
class EngineerTrick(Move):
    """TR-2.4 item 6, Engineer: a Level-1 Trick of any category on the Engineer slot (A-29)."""

    kind: ClassVar[str] = "engineer_trick"
    trick: str


@dataclass(frozen=True, slots=True)
class ManagerComponents(Move):
    """TR-2.4 item 6, Manager: components of total price 2 on the Manager slots."""

    kind: ClassVar[str] = "manager_components"
    components: tuple[str, ...]


# -- phases C, D, E, F -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Advertise(Move):
    """TR-6.1: pay the Initiative space's number in Coins for 2 Fame."""

    kind: ClassVar[str] = "advertise"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """TR-6.1: do not Advertise this turn."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Assign(Move):
    """TR-7.1: put an Assignment card of `location` (or "none") under `character`."""

    kind: ClassVar[str] = "assign"
    character: str
    location: str


@dataclass(frozen=True, slots=True)
class AssignSpecial(Move):
    """TR-7.1, TR-18.2 (DA): put the Special Assignment card `card` under `character`."""

    kind: ClassVar[str] = "assign_special"
    character: str
    card: str


@dataclass(frozen=True, slots=True)
class Place(Move):
    """TR-8.1 (a): place a character with a face-up card on a free slot of its Location."""

    kind: ClassVar[str] = "place"
    character: str
    slot: str


@dataclass(frozen=True, slots=True)
class Idle(Move):
    """TR-8.1 (b): turn a character's card face down; it stays home this turn."""

    kind: ClassVar[str] = "idle"
    character: str


@dataclass(frozen=True, slots=True)
class Enhance(Move):
    """TR-8.4: pay 1 Shard for +1 AP (once per placement, not in the Theater)."""

    kind: ClassVar[str] = "enhance"


@dataclass(frozen=True, slots=True)
class Done(Move):
    """TR-8.10: end the current placement; unspent AP are lost."""

    kind: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class LearnTrick(Move):
    """TR-9.2: learn a Trick with a Residence die (0 or 1); `engineer` = onto the Engineer slot."""

    kind: ClassVar[str] = "learn_trick"
    die: int
    trick: str
    engineer: bool


@dataclass(frozen=True, slots=True)
class Hire(Move):
    """TR-9.3: hire the character an Inn die (2 or 3) shows."""

    kind: ClassVar[str] = "hire"
    die: int


@dataclass(frozen=True, slots=True)
class TakeCoins(Move):
    """TR-9.4: take the Coins a Bank die (4 or 5) shows."""

    kind: ClassVar[str] = "take_coins"
    die: int


@dataclass(frozen=True, slots=True)
class RerollDie(Move):
    """TR-9.5: reroll one of the six dice (0..5)."""

    kind: ClassVar[str] = "reroll_die"
    die: int


@dataclass(frozen=True, slots=True)
class SetDie(Move):
    """TR-9.6: turn one die to a face it has."""

    kind: ClassVar[str] = "set_die"
    die: int
    face: str


@dataclass(frozen=True, slots=True)
class Buy(Move):
    """TR-10.2, TR-10.3: buy `count` of one stock type with `bargains` Bargain actions.

    `manager` says where the pile lies (a new pile may go on a Manager slot, TR-11.2)."""

    kind: ClassVar[str] = "buy"
    component: str
    count: int
    bargains: int
    manager: bool


@dataclass(frozen=True, slots=True)
class Order(Move):
    """TR-10.4: put a component type on an empty Order slot (1..4)."""

    kind: ClassVar[str] = "order"
    component: str
    slot: int


@dataclass(frozen=True, slots=True)
class QuickOrder(Move):
    """TR-10.5: put a component type on the Quick Order slot."""

    kind: ClassVar[str] = "quick_order"
    component: str


@dataclass(frozen=True, slots=True)
class Prepare(Move):
    """TR-11.3: put Trick markers on one of the player's Trick cards."""

    kind: ClassVar[str] = "prepare"
    trick: str


@dataclass(frozen=True, slots=True)
class MoveTrick(Move):
    """TR-11.5 (Engineer): move a board Trick to the Engineer slot (swapping if occupied)."""

    kind: ClassVar[str] = "move_trick"
    trick: str


@dataclass(frozen=True, slots=True)
class MoveComponents(Move):
    """TR-11.5 (Manager): move a pile between board and Manager slots; `swap` = the other pile."""

    kind: ClassVar[str] = "move_components"
    component: str
    swap: str | None


@dataclass(frozen=True, slots=True)
class MoveApprentice(Move):
    """TR-11.5 (Assistant): move an Apprentice at home onto the Assistant's home."""

    kind: ClassVar[str] = "move_apprentice"
    character: str


@dataclass(frozen=True, slots=True)
class SetUpTrick(Move):
    """TR-12.4, TR-12.6: a prepared marker onto a Performance card (position 1..N+1), its own
    category corner pointing `dir`; `coin_links` of the Links created are paid in Coins."""

    kind: ClassVar[str] = "set_up_trick"
    trick: str
    card: int
    slot: str
    dir: str
    coin_links: int


@dataclass(frozen=True, slots=True)
class Supercharge(Move):
    """TR-20 Electra: a Set up Trick of two markers of the Trick stacked on one slot (one
    marker for placement and Links; performed: its yields once plus its level in Fame and
    Coins)."""

    kind: ClassVar[str] = "supercharge"
    trick: str
    card: int
    slot: str
    dir: str
    coin_links: int


@dataclass(frozen=True, slots=True)
class Reschedule(Move):
    """TR-12.8: move an own marker to another empty slot (pays nothing, A-25)."""

    kind: ClassVar[str] = "reschedule"
    card: int
    slot: str
    to_card: int
    to_slot: str
    dir: str


@dataclass(frozen=True, slots=True)
class Perform(Move):
    """TR-14.1: perform the Performance card at position `card`."""

    kind: ClassVar[str] = "perform"
    card: int


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """TR-14.1, A-13: do not perform this turn."""

    kind: ClassVar[str] = "decline"


@dataclass(frozen=True, slots=True)
class DiscardComponent(Move):
    """TR-23.1: return one component of a type to the general supply."""

    kind: ClassVar[str] = "discard_component"
    component: str


@dataclass(frozen=True, slots=True)
class DiscardTrick(Move):
    """TR-23.2: return a learned Trick to its deck, with all markers of its suit."""

    kind: ClassVar[str] = "discard_trick"
    trick: str


@dataclass(frozen=True, slots=True)
class Discard(Move):
    """TR-23, TR-26: at an own decision point, open a discard step (then discard_component /
    discard_trick moves one by one, then discard_done back to the decision)."""

    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True)
class DiscardDone(Move):
    """TR-23: close the discard step and return to the decision it interrupted."""

    kind: ClassVar[str] = "discard_done"


# -- Dark Alley (TR-13, TR-18, TR-20) ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Declare(Move):
    """TR-18.2: for the Special card of the character just placed, its `ability` or +1 AP."""

    kind: ClassVar[str] = "declare"
    ability: bool


@dataclass(frozen=True, slots=True)
class DrawSpecial(Move):
    """TR-13.2: Draw First Card (1 AP) or Draw Further Cards (2 AP) from a Special deck."""

    kind: ClassVar[str] = "draw_special"
    deck: str


@dataclass(frozen=True, slots=True)
class KeepSpecial(Move):
    """TR-13.2: keep one drawn card (one per draw from its deck); the rest go to the bottom."""

    kind: ClassVar[str] = "keep_special"
    card: str


@dataclass(frozen=True, slots=True)
class BottomSpecial(Move):
    """TR-13.2: once a deck's keeps are done, put its next not-kept card under that deck (the
    player chooses the order, one card per move; the last one goes by itself)."""

    kind: ClassVar[str] = "bottom_special"
    card: str


@dataclass(frozen=True, slots=True)
class FortuneTelling(Move):
    """TR-13.3: rotate the three Pending Prophecies by one slot (1 AP)."""

    kind: ClassVar[str] = "fortune_telling"


@dataclass(frozen=True, slots=True)
class FateWeaving(Move):
    """TR-20 Priestess of Mysticism: Pending slot `pending` (1-3) becomes the Active Prophecy."""

    kind: ClassVar[str] = "fate_weaving"
    pending: int


@dataclass(frozen=True, slots=True)
class MechanicalEnhancement(Move):
    """TR-20 The Mechaniker: +1 AP for this Apprentice outside the Theater, once per turn."""

    kind: ClassVar[str] = "mechanical_enhancement"


@dataclass(frozen=True, slots=True)
class HireAny(Move):
    """Headhunter (TR-18.4): hire `character` with an Inn die that does not show X (2 AP)."""

    kind: ClassVar[str] = "hire_any"
    die: int
    character: str


@dataclass(frozen=True, slots=True)
class MoveOpponentMarker(Move):
    """Director's Favor (TR-18.4): a Reschedule of an opponent's marker (pays nothing)."""

    kind: ClassVar[str] = "move_opponent_marker"
    card: int
    slot: str
    to_card: int
    to_slot: str
    dir: str


# -- Special card follow-ups and variants (TR-18.4) and Magician abilities (TR-20) -----------


@dataclass(frozen=True, slots=True)
class SkipAbility(Move):
    """Decline an optional step of an ability (TR-18.4, TR-20)."""

    kind: ClassVar[str] = "skip_ability"


@dataclass(frozen=True, slots=True)
class SwapCards(Move):
    """Buying Time: swap the Performance cards at positions `first` and `second`."""

    kind: ClassVar[str] = "swap_cards"
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class GuestSetUp(Move):
    """Guest Performer: a marker of `trick` off-slot on the full card at position `card`."""

    kind: ClassVar[str] = "guest_set_up"
    trick: str
    card: int


@dataclass(frozen=True, slots=True)
class StreetPerformance(Move):
    """Street Performance: an own marker leaves its card for the Trick's yields at once."""

    kind: ClassVar[str] = "street_performance"
    card: int
    slot: str


@dataclass(frozen=True, slots=True)
class MarkerToTrick(Move):
    """Replaceable Parts / Durable Components: one marker onto the Trick card `trick`."""

    kind: ClassVar[str] = "marker_to_trick"
    trick: str


@dataclass(frozen=True, slots=True)
class StageMarker(Move):
    """On-stage Preparation: a marker just prepared goes onto an empty Performance card slot."""

    kind: ClassVar[str] = "stage_marker"
    card: int
    slot: str
    dir: str


@dataclass(frozen=True, slots=True)
class ReturnComponents(Move):
    """Unstable Prototype: return these required components for +1 marker, Fame and Coins."""

    kind: ClassVar[str] = "return_components"
    components: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DoubleYield(Move):
    """Grand Premiere: double the Fame, Coin or Shard yield of a first-performed Trick."""

    kind: ClassVar[str] = "double_yield"
    trick: str
    resource: str


@dataclass(frozen=True, slots=True)
class HiddenTalent(Move):
    """Hidden Talent: the Apprentice leaves, the Specialist `specialist` joins (End Turn)."""

    kind: ClassVar[str] = "hidden_talent"
    specialist: str


@dataclass(frozen=True, slots=True)
class MotivateCard(Move):
    """Hypnotic Motivation: put `card` (a Location's permanent card or a Special card id) face
    up under the character just hired."""

    kind: ClassVar[str] = "motivate_card"
    card: str


@dataclass(frozen=True, slots=True)
class OverhaulTrick(Move):
    """Trick Overhaul: learn `trick` with Residence die `die` in place of the Trick `old`."""

    kind: ClassVar[str] = "overhaul_trick"
    die: int
    trick: str
    old: str


@dataclass(frozen=True, slots=True)
class Invest(Move):
    """Investments: buy one stock component with the Coins just taken (no AP)."""

    kind: ClassVar[str] = "invest"
    component: str
    manager: bool


@dataclass(frozen=True, slots=True)
class BuyMix(Move):
    """Component Sale: one Buy of up to 4 stock components of several types."""

    kind: ClassVar[str] = "buy_mix"
    components: tuple[str, ...]
    bargains: int
    manager: tuple[str, ...]          # new piles put on a Manager slot (TR-11.2), others on board


@dataclass(frozen=True, slots=True)
class SmuggleBuy(Move):
    """Smuggled Goods: a Buy paid in Fame (total price - 1) instead of Coins."""

    kind: ClassVar[str] = "smuggle_buy"
    component: str
    count: int
    manager: bool


@dataclass(frozen=True, slots=True)
class Barter(Move):
    """Barter with Power: 1 Shard for stock components worth 4 Coins or less."""

    kind: ClassVar[str] = "barter"
    components: tuple[str, ...]
    manager: tuple[str, ...]          # new piles put on a Manager slot (TR-11.2), others on board


@dataclass(frozen=True, slots=True)
class Shoplift(Move):
    """Shoplifting: a Buy with one component free from the Buy area, refilled with `refill`."""

    kind: ClassVar[str] = "shoplift"
    component: str
    count: int
    bargains: int
    manager: bool
    refill: str


@dataclass(frozen=True, slots=True)
class ExtraStock(Move):
    """Logistics: an Order whose component joins the stock at once, for this week."""

    kind: ClassVar[str] = "extra_stock"
    component: str


@dataclass(frozen=True, slots=True)
class TakeOrdered(Move):
    """Traveling Merchants: take one of the component just ordered for its price + 1."""

    kind: ClassVar[str] = "take_ordered"
    manager: bool


@dataclass(frozen=True, slots=True)
class DubiousStore(Move):
    """Dubious Sources at End Turn (TR-15.3, TR-26 G): the Quick Order component starts a new
    pile on a free board slot, or on a free Manager slot if `manager` (both are free)."""

    kind: ClassVar[str] = "dubious_store"
    manager: bool


@dataclass(frozen=True, slots=True)
class DubiousDiscard(Move):
    """Dubious Sources at End Turn, storage full (TR-26 G, TR-23.1): return one stored
    component of `component` to the supply to make room for the arriving one."""

    kind: ClassVar[str] = "dubious_discard"
    component: str


@dataclass(frozen=True, slots=True)
class DubiousRefuse(Move):
    """Dubious Sources at End Turn, storage full (TR-26 G, TR-18.4): discard the arriving
    component instead (it returns to the supply)."""

    kind: ClassVar[str] = "dubious_refuse"


@dataclass(frozen=True, slots=True)
class BreakFree(Move):
    """TR-20 Master of Chains: a free Reschedule that pays Links as a Set up Trick."""

    kind: ClassVar[str] = "break_free"
    card: int
    slot: str
    to_card: int
    to_slot: str
    dir: str
    coin_links: int


@dataclass(frozen=True, slots=True)
class Mimic(Move):
    """TR-20 The Great Optico: the Permanent card copies an opponent's revealed Special card."""

    kind: ClassVar[str] = "mimic"
    card: str


@dataclass(frozen=True, slots=True)
class StealPerform(Move):
    """TR-20 The Red Lotus: perform card `card`, taking the yields of the opponent's Trick
    `steal` instead of the own Trick `trick`."""

    kind: ClassVar[str] = "steal_perform"
    card: int
    trick: str
    steal: str


@dataclass(frozen=True, slots=True)
class Possess(Move):
    """TR-20 Yoruba Spiritmaster: pay 1 Shard; the performer performs card `card`."""

    kind: ClassVar[str] = "possess"
    card: int


@dataclass(frozen=True, slots=True)
class DiscardPower(Move):
    """Magician Powers setup (TR-21.1): discard one of the dealt Power cards (4 in all)."""

    kind: ClassVar[str] = "discard_power"
    power: str


@dataclass(frozen=True, slots=True)
class LearnPower(Move):
    """Start of phase D (TR-7.4, TR-21.1): learn `power` from hand next to Power slot `slot`
    (hidden until every player has chosen)."""

    kind: ClassVar[str] = "learn_power"
    power: str
    slot: str


@dataclass(frozen=True, slots=True)
class SkipPower(Move):
    """Start of phase D (TR-7.4): learn no Power this turn."""

    kind: ClassVar[str] = "skip_power"


MOVES = MoveCatalog([
    ChooseMagician, StartComponents, StartTrick, ChooseSpecialist, EngineerTrick,
    ManagerComponents, Advertise, Pass, Assign, Place, Idle, Enhance, Done, LearnTrick, Hire,
    TakeCoins, RerollDie, SetDie, Buy, Order, QuickOrder, Prepare, MoveTrick, MoveComponents,
    MoveApprentice, SetUpTrick, Reschedule, Perform, Decline, DiscardComponent, DiscardTrick,
    AssignSpecial, Declare, DrawSpecial, KeepSpecial, FortuneTelling, FateWeaving,
    MechanicalEnhancement, HireAny, MoveOpponentMarker, SkipAbility, SwapCards, GuestSetUp,
    StreetPerformance, MarkerToTrick, StageMarker, ReturnComponents, DoubleYield, HiddenTalent,
    MotivateCard, OverhaulTrick, Invest, BuyMix, SmuggleBuy, Barter, Shoplift, ExtraStock,
    TakeOrdered, BreakFree, Mimic, StealPerform, Possess, Supercharge, Discard, DiscardDone,
    DubiousStore, DubiousDiscard, DubiousRefuse, BottomSpecial, DiscardPower, LearnPower,
    SkipPower,
])
