"""Trickerion moves: one small frozen class per kind of decision (TR-26).

Ids are the data files' ids (tricks, components, Performance cards, slots); a Performance card in the
Theater is named by its position 1..N+1 (TR-12.2); directions are N, E, S, W (TR-12.3).
"""

from __future__ import annotations

from parlor.core import Move, MoveCatalog

# -- setup (TR-2) ----------------------------------------------------------------------------


class ChooseMagician(Move, kind="choose_magician"):
    """TR-2.3: take a Magician whose favorite category nobody has yet."""
    magician: str


class StartComponents(Move, kind="start_components"):
    """TR-2.4 item 2: components of total price 2 for the Workshop."""
    components: tuple[str, ...]


class StartTrick(Move, kind="start_trick"):
    """TR-2.4 item 3: a Level-1 Trick of the Magician's favorite category."""
    trick: str


class ChooseSpecialist(Move, kind="choose_specialist"):
    """TR-2.4 item 6: the starting Specialist."""
    specialist: str


class EngineerTrick(Move, kind="engineer_trick"):
    """TR-2.4 item 6, Engineer: a Level-1 Trick of any category on the Engineer slot (A-29)."""
    trick: str


class ManagerComponents(Move, kind="manager_components"):
    """TR-2.4 item 6, Manager: components of total price 2 on the Manager slots."""
    components: tuple[str, ...]


# -- phases C, D, E, F -----------------------------------------------------------------------


class Advertise(Move, kind="advertise"):
    """TR-6.1: pay the Initiative space's number in Coins for 2 Fame."""


class Pass(Move, kind="pass"):
    """TR-6.1: do not Advertise this turn."""


class Assign(Move, kind="assign"):
    """TR-7.1: put an Assignment card of `location` (or "none") under `character`."""
    character: str
    location: str


class AssignSpecial(Move, kind="assign_special"):
    """TR-7.1, TR-18.2 (DA): put the Special Assignment card `card` under `character`."""
    character: str
    card: str


class Place(Move, kind="place"):
    """TR-8.1 (a): place a character with a face-up card on a free slot of its Location."""
    character: str
    slot: str


class Idle(Move, kind="idle"):
    """TR-8.1 (b): turn a character's card face down; it stays home this turn."""
    character: str


class Enhance(Move, kind="enhance"):
    """TR-8.4: pay 1 Shard for +1 AP (once per placement, not in the Theater)."""


class Done(Move, kind="done"):
    """TR-8.10: end the current placement; unspent AP are lost."""


class DieMove(Move, abstract=True):
    """A Downtown action with one of the six dice, `die` 0..5: Residence 0-1, Inn 2-3, Bank 4-5
    (TR-4.1, TR-9.1)."""
    die: int


class LearnTrick(DieMove, kind="learn_trick"):
    """TR-9.2: learn a Trick with a Residence die (0 or 1); `engineer` = onto the Engineer slot."""
    trick: str
    engineer: bool


class Hire(DieMove, kind="hire"):
    """TR-9.3: hire the character an Inn die (2 or 3) shows."""


class TakeCoins(DieMove, kind="take_coins"):
    """TR-9.4: take the Coins a Bank die (4 or 5) shows."""


class RerollDie(DieMove, kind="reroll_die"):
    """TR-9.5: reroll one of the six dice."""


class SetDie(DieMove, kind="set_die"):
    """TR-9.6: turn one die to a face it has."""
    face: str


class BuyMove(Move, abstract=True):
    """A Buy at the Market: `count` of the stock type `component` with `bargains` Bargain actions;
    `manager` says where the pile lies (a new pile may go on a Manager slot, TR-11.2)."""
    component: str
    count: int
    bargains: int
    manager: bool


class Buy(BuyMove, kind="buy"):
    """TR-10.2, TR-10.3: the Buy action."""


class Order(Move, kind="order"):
    """TR-10.4: put a component type on an empty Order slot (1..4)."""
    component: str
    slot: int


class QuickOrder(Move, kind="quick_order"):
    """TR-10.5: put a component type on the Quick Order slot."""
    component: str


class Prepare(Move, kind="prepare"):
    """TR-11.3: put Trick markers on one of the player's Trick cards."""
    trick: str


class MoveTrick(Move, kind="move_trick"):
    """TR-11.5 (Engineer): move a board Trick to the Engineer slot (swapping if occupied)."""
    trick: str


class MoveComponents(Move, kind="move_components"):
    """TR-11.5 (Manager): move a pile between board and Manager slots; `swap` = the other pile."""
    component: str
    swap: str | None


class MoveApprentice(Move, kind="move_apprentice"):
    """TR-11.5 (Assistant): move an Apprentice at home onto the Assistant's home."""
    character: str


class MarkerSetUp(Move, abstract=True):
    """A prepared marker of `trick` onto slot `slot` of the Performance card at position `card`
    (1..N+1), its own category corner pointing `dir`; `coin_links` of the Links created are paid in
    Coins (TR-12.4, TR-12.6)."""
    trick: str
    card: int
    slot: str
    dir: str
    coin_links: int


class SetUpTrick(MarkerSetUp, kind="set_up_trick"):
    """TR-12.4, TR-12.6: the Set up Trick action."""


class Supercharge(MarkerSetUp, kind="supercharge"):
    """TR-20 Electra: a Set up Trick of two markers of the Trick stacked on one slot (one
    marker for placement and Links; performed: its yields once plus its level in Fame and
    Coins)."""


class CardSlotMove(Move, abstract=True):
    """A move of the marker on slot `slot` of the Performance card at position `card`."""
    card: int
    slot: str


class MarkerShift(CardSlotMove, abstract=True):
    """The marker moves to the empty slot `to_slot` of the card at position `to_card`, its own
    category corner pointing `dir` (TR-12.8)."""
    to_card: int
    to_slot: str
    dir: str


class Reschedule(MarkerShift, kind="reschedule"):
    """TR-12.8: move an own marker to another empty slot (pays nothing, A-25)."""


class Perform(Move, kind="perform"):
    """TR-14.1: perform the Performance card at position `card`."""
    card: int


class Decline(Move, kind="decline"):
    """TR-14.1, A-13: do not perform this turn."""


class DiscardComponent(Move, kind="discard_component"):
    """TR-23.1: return one component of a type to the general supply."""
    component: str


class DiscardTrick(Move, kind="discard_trick"):
    """TR-23.2: return a learned Trick to its deck, with all markers of its suit."""
    trick: str


class Discard(Move, kind="discard"):
    """TR-23, TR-26: at an own decision point, open a discard step (then discard_component /
    discard_trick moves one by one, then discard_done back to the decision)."""


class DiscardDone(Move, kind="discard_done"):
    """TR-23: close the discard step and return to the decision it interrupted."""


# -- Dark Alley (TR-13, TR-18, TR-20) ----------------------------------------------------------


class Declare(Move, kind="declare"):
    """TR-18.2: for the Special card of the character just placed, its `ability` or +1 AP."""
    ability: bool


class DrawSpecial(Move, kind="draw_special"):
    """TR-13.2: Draw First Card (1 AP) or Draw Further Cards (2 AP) from a Special deck."""
    deck: str


class KeepSpecial(Move, kind="keep_special"):
    """TR-13.2: keep one drawn card (one per draw from its deck); the rest go to the bottom."""
    card: str


class BottomSpecial(Move, kind="bottom_special"):
    """TR-13.2: once a deck's keeps are done, put its next not-kept card under that deck (the
    player chooses the order, one card per move; the last one goes by itself)."""
    card: str


class FortuneTelling(Move, kind="fortune_telling"):
    """TR-13.3: rotate the three Pending Prophecies by one slot (1 AP)."""


class FateWeaving(Move, kind="fate_weaving"):
    """TR-20 Priestess of Mysticism: Pending slot `pending` (1-3) becomes the Active Prophecy."""
    pending: int


class MechanicalEnhancement(Move, kind="mechanical_enhancement"):
    """TR-20 The Mechaniker: +1 AP for this Apprentice outside the Theater, once per turn."""


class HireAny(DieMove, kind="hire_any"):
    """Headhunter (TR-18.4): hire `character` with an Inn die that does not show X (2 AP)."""
    character: str


class MoveOpponentMarker(MarkerShift, kind="move_opponent_marker"):
    """Director's Favor (TR-18.4): a Reschedule of an opponent's marker (pays nothing)."""


# -- Special card follow-ups and variants (TR-18.4) and Magician abilities (TR-20) -----------


class SkipAbility(Move, kind="skip_ability"):
    """Decline an optional step of an ability (TR-18.4, TR-20)."""


class SwapCards(Move, kind="swap_cards"):
    """Buying Time: swap the Performance cards at positions `first` and `second`."""
    first: int
    second: int


class GuestSetUp(Move, kind="guest_set_up"):
    """Guest Performer: a marker of `trick` off-slot on the full card at position `card`."""
    trick: str
    card: int


class StreetPerformance(CardSlotMove, kind="street_performance"):
    """Street Performance: an own marker leaves its card for the Trick's yields at once."""


class MarkerToTrick(Move, kind="marker_to_trick"):
    """Replaceable Parts / Durable Components: one marker onto the Trick card `trick`."""
    trick: str


class StageMarker(Move, kind="stage_marker"):
    """On-stage Preparation: a marker just prepared goes onto an empty Performance card slot."""
    card: int
    slot: str
    dir: str


class ReturnComponents(Move, kind="return_components"):
    """Unstable Prototype: return these required components for +1 marker, Fame and Coins."""
    components: tuple[str, ...]


class DoubleYield(Move, kind="double_yield"):
    """Grand Premiere: double the Fame, Coin or Shard yield of a first-performed Trick."""
    trick: str
    resource: str


class HiddenTalent(Move, kind="hidden_talent"):
    """Hidden Talent: the Apprentice leaves, the Specialist `specialist` joins (End Turn)."""
    specialist: str


class MotivateCard(Move, kind="motivate_card"):
    """Hypnotic Motivation: put `card` (a Location's permanent card or a Special card id) face
    up under the character just hired."""
    card: str


class OverhaulTrick(DieMove, kind="overhaul_trick"):
    """Trick Overhaul: learn `trick` with Residence die `die` in place of the Trick `old`."""
    trick: str
    old: str


class Invest(Move, kind="invest"):
    """Investments: buy one stock component with the Coins just taken (no AP)."""
    component: str
    manager: bool


class BuyMix(Move, kind="buy_mix"):
    """Component Sale: one Buy of up to 4 stock components of several types."""
    components: tuple[str, ...]
    bargains: int
    manager: tuple[str, ...]          # new piles put on a Manager slot (TR-11.2), others on board


class SmuggleBuy(Move, kind="smuggle_buy"):
    """Smuggled Goods: a Buy paid in Fame (total price - 1) instead of Coins."""
    component: str
    count: int
    manager: bool


class Barter(Move, kind="barter"):
    """Barter with Power: 1 Shard for stock components worth 4 Coins or less."""
    components: tuple[str, ...]
    manager: tuple[str, ...]          # new piles put on a Manager slot (TR-11.2), others on board


class Shoplift(BuyMove, kind="shoplift"):
    """Shoplifting: a Buy with one component free from the Buy area, refilled with `refill`."""
    refill: str


class ExtraStock(Move, kind="extra_stock"):
    """Logistics: an Order whose component joins the stock at once, for this week."""
    component: str


class TakeOrdered(Move, kind="take_ordered"):
    """Traveling Merchants: take one of the component just ordered for its price + 1."""
    manager: bool


class DubiousStore(Move, kind="dubious_store"):
    """Dubious Sources at End Turn (TR-15.3, TR-26 G): the Quick Order component starts a new
    pile on a free board slot, or on a free Manager slot if `manager` (both are free)."""
    manager: bool


class DubiousDiscard(Move, kind="dubious_discard"):
    """Dubious Sources at End Turn, storage full (TR-26 G, TR-23.1): return one stored
    component of `component` to the supply to make room for the arriving one."""
    component: str


class DubiousRefuse(Move, kind="dubious_refuse"):
    """Dubious Sources at End Turn, storage full (TR-26 G, TR-18.4): discard the arriving
    component instead (it returns to the supply)."""


class BreakFree(MarkerShift, kind="break_free"):
    """TR-20 Master of Chains: a free Reschedule that pays Links as a Set up Trick."""
    coin_links: int


class Mimic(Move, kind="mimic"):
    """TR-20 The Great Optico: the Permanent card copies an opponent's revealed Special card."""
    card: str


class StealPerform(Move, kind="steal_perform"):
    """TR-20 The Red Lotus: perform card `card`, taking the yields of the opponent's Trick
    `steal` instead of the own Trick `trick`."""
    card: int
    trick: str
    steal: str


class Possess(Move, kind="possess"):
    """TR-20 Yoruba Spiritmaster: pay 1 Shard; the performer performs card `card`."""
    card: int


class DiscardPower(Move, kind="discard_power"):
    """Magician Powers setup (TR-21.1): discard one of the dealt Power cards (4 in all)."""
    power: str


class LearnPower(Move, kind="learn_power"):
    """Start of phase D (TR-7.4, TR-21.1): learn `power` from hand next to Power slot `slot`
    (hidden until every player has chosen)."""
    power: str
    slot: str


class SkipPower(Move, kind="skip_power"):
    """Start of phase D (TR-7.4): learn no Power this turn."""


# The moves without fields a placement offers, made once: legal-move lists reuse them.
ENHANCE, MECHANIZE, DISCARD, DISCARD_DONE, DONE = (Enhance(), MechanicalEnhancement(), Discard(),
                                                    DiscardDone(), Done())

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
