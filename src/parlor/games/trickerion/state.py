"""The Trickerion position: compact per-player lists, a hand-written clone, and the protocol.

Indices everywhere: categories, components, Tricks and Performance cards are indices into
`data.DATA`; characters are indices into `data.CHARACTERS` (0 Magician, 1 Assistant, 2 Manager,
3 Engineer, 4..7 Apprentices); a player's Trick markers are named by suit 0..3 (TR-1.3).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from parlor.core import Event, Move, Result, Rng, State
from parlor.core.rng import SeededLater, SharedRng, share_rng

from .consts import (
    APPRENTICES,
    ASSISTANT,
    CS_IDLE,
    CS_NONE,
    CS_PENDING,
    CS_PLACED,
    ENGINEER,
    ENGINEER_SLOT,
    MAGICIAN,
    MANAGER,
    PHASE_NAMES,
    Phase,
)
from .data import DATA
from .follow_ups import FollowUp
from .options import Options
from .records import Module, PerfCard

N_COMPONENTS = len(DATA.components)
_whole = itemgetter(slice(None))  # row[:], called from C: `clone` copies ~25 nested lists


def _position(row: list[int], value: int) -> int:
    """Where `value` first stands in `row`, or -1."""
    return row.index(value) if value in row else -1


class TrickerionState(State):
    __slots__ = (
        "players", "options", "_rng", "_rng_shared", "turn", "last_turn", "phase", "start_step",
        "acting", "order_position", "order", "magician", "fame", "coins", "shards", "team", "hired",
        "assistant_home", "trick_slots", "trick_by_suit", "prepared", "scheduled", "components",
        "manager_piles", "poster", "hand", "card_location", "card_state", "placed",
        "occupant_by_slot", "workshop_occupants", "performance_day", "day_owner", "assign_position",
        "assign_done", "revealed", "dice", "rerolls", "previous_dice", "previous_quick_order",
        "previous_places", "buy_area", "order_slots", "quick_order", "owner", "stage", "markers",
        "deck", "discarded", "placement_character", "placement_slot", "action_points",
        "placement_enhanced", "performing_day", "final", "_cache",
        # Dark Alley (TR-17 - TR-20)
        "special_decks", "special_hand", "specials_held", "special_card", "special_mode",
        "prophecies", "prophecy_pile", "placement_drawn", "placement_draws", "placement_kept",
        "placement_flags", "turn_flags", "share_holder", "dubious_owner", "enhanced_tricks", "steps",
        "last_kept", "follow_up", "premiered", "durable", "talent", "extra_stock", "shown", "mimic",
        "asked", "discard_step", "powers", "power_hand", "power_counts", "power_slots",
        "power_choice", "power_done",
        # Duel of Magicians (TR-22)
        "cards", "duel", "turn_setup_deck", "turn_setup", "blocked",
    )
    rng = SharedRng()  # shared with clones until one draws
    _rng: Rng | SeededLater  # SharedRng's slots: the generator, and whether clones share it
    _rng_shared: bool

    def __init__(self, players: int, options: Options, rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self.turn = 1
        self.last_turn: int = DATA.setup["turns_base"]
        self.phase = Phase.CHOOSE_MAGICIAN
        self.start_step = 0               # step within a player's starting choices
        self.acting = 0                   # seat deciding in a sequential phase
        self.order_position = 0           # position in `order` (advertise, placement)
        self.order: list[int] = list(range(players))    # Initiative Order, seats
        self.magician = [-1] * players
        self.fame: list[int] = [DATA.setup["starting_fame"]] * players
        self.coins = [0] * players
        self.shards: list[int] = [DATA.setup["starting_shards"]] * players
        self.team = [0] * players         # bitmask of owned characters
        self.hired = [0] * players        # bitmask of characters hired this turn (TR-9.3)
        self.assistant_home = [-1] * players            # Apprentice living on the Assistant's home
        self.trick_slots = [[-1] * 4 for _ in range(players)]       # Trick slot -> suit
        self.trick_by_suit = [[-1] * 4 for _ in range(players)]     # suit -> Trick index
        self.prepared = [[0] * 4 for _ in range(players)]   # suit -> markers on the Trick card
        self.scheduled = [[0] * 4 for _ in range(players)]  # suit -> markers on Performance cards
        self.components = [[0] * N_COMPONENTS for _ in range(players)]  # component -> count
        self.manager_piles = [0] * players  # bitmask: component types whose pile is on a Manager slot
        self.poster = [False] * players
        self.hand = [[0] * 5 for _ in range(players)]       # Assignment cards by Location
        self.card_location = [[-1] * 8 for _ in range(players)]  # character -> Location of its card
        self.card_state = [[CS_NONE] * 8 for _ in range(players)]  # character -> CS_* (TR-7)
        self.placed = [[-1] * 8 for _ in range(players)]    # character -> slot index
        self.occupant_by_slot = [-1] * len(DATA.slots)      # slot -> seat * 8 + character
        self.workshop_occupants = [[-1, -1] for _ in range(players)]  # own Workshop slots -> character
        self.performance_day = [-1] * players  # the weekday a player uses this turn (TR-12.1)
        self.day_owner = [-1] * 4         # weekday -> the seat that claimed it
        self.assign_position = [0] * players  # how many Assignment cards a player has chosen
        self.assign_done = [True] * players
        self.revealed = False
        self.dice = ["x"] * 6
        self.rerolls = [0] * 6            # Reroll Die actions per die in the game (public, TR-8.10)
        self.previous_dice: list[str] = []  # dice and Quick Order as the last turn ended (public)
        self.previous_quick_order = -1
        self.previous_places: list[list[int]] = []  # last turn: slot, -2 idle, -1 no card (public)
        self.buy_area = list(DATA.initial_buy_area)  # Buy slots 1..4 -> component
        self.order_slots = [-1] * 4       # Order slots 1..4 -> ordered component or -1
        self.quick_order = -1             # the Quick Order component or -1
        self.owner = [-1] * len(DATA.tricks)            # Trick -> owning seat
        self.stage = [-1] * (players + 1)  # Theater positions 1..N+1 -> Performance card
        self.markers: list[list[int]] = [[] for _ in range(players + 1)]  # per slot: Marker or -1
        self.deck: list[int] = []         # Performance deck, top first
        self.discarded: list[int] = []    # Performance cards that left the game (public)
        self.placement_character = -1     # the placement in progress: its character, slot,
        self.placement_slot = -1
        self.action_points = 0            # ... Action Points left
        self.placement_enhanced = False   # ... and whether Enhance Character was used (TR-8.4)
        self.performing_day = 0           # the weekday whose Performance is being resolved
        self.final: list[dict[str, int]] | None = None
        self._cache: tuple[int, list[Move]] | None = None
        self.special_decks: list[list[int]] = [[], [], [], []]  # Special decks by Location, top first
        self.special_hand: list[list[int]] = [[] for _ in range(players)]  # Specials in hand (sorted)
        self.specials_held = [[0] * 4 for _ in range(players)]  # public: Specials held, by deck
        self.special_card = [[-1] * 8 for _ in range(players)]  # character -> Special card under it
        self.special_mode = [[0] * 8 for _ in range(players)]   # 1 ability, 2 +1 AP (TR-18.2)
        self.prophecies = [-1, -1, -1, -1]  # Active, P1, P2, P3 (TR-17.1)
        self.prophecy_pile: list[int] = []  # face-down Prophecy pile, top first
        self.placement_drawn: list[int] = []  # Specials drawn in this placement, not yet sorted
        self.placement_draws = [0] * 4    # draws per deck in this placement (TR-13.2)
        self.placement_kept = [0] * 4     # cards kept per deck in this placement
        self.placement_flags = 0          # PF_* bits of the placement in progress
        self.turn_flags = [0] * players   # TF_* bits per player for this turn
        self.share_holder = -1            # Business Share holder this turn
        self.dubious_owner = -1           # Dubious Sources owner this turn
        self.enhanced_tricks = [0] * len(DATA.tricks)  # Enhance Trick: +1 Fame and Coin yields
        self.steps = 0                    # place/idle steps in this placement turn (p09)
        self.last_kept: list[int] = []    # public: decks the last Dark Alley keeps came from
        self.follow_up: FollowUp | None = None  # a pending ability follow-up decision
        self.premiered = 0                # bitmask of Tricks ever performed (Grand Premiere)
        self.durable = [0] * players      # suits performed with Durable Components, to decide
        self.talent = [-1] * players      # Apprentice whose Hidden Talent may act at End Turn
        self.extra_stock: list[int] = []  # Logistics: extra stock types this turn
        self.shown = [0] * players        # characters whose card is face up (p20: one by one)
        self.mimic = [-1] * players       # Mimesis: copied card * 8 + character, this turn
        self.asked = -1                   # Soul Possession: the weekday already asked about
        self.discard_step = [0] * players  # TR-23 discard step: 1 open, 2 closed at this decision
        self.powers: Module | None = None  # Magician Powers data when the module is on (TR-21)
        self.power_hand: list[list[int]] = [[] for _ in range(players)]    # Powers in hand (hidden)
        self.power_counts: list[list[int]] = [[] for _ in range(players)]  # public: hand by colour
        self.power_slots: list[list[int]] = [[] for _ in range(players)]   # slot -> learned Power
        self.power_choice = [-1] * players  # hidden choice: power * 64 + slot, or -1
        self.power_done = [True] * players  # decided in this learning step (public)
        self.cards: tuple[PerfCard, ...] = DATA.cards   # + the Duel cards (TR-22.1), shared
        self.duel: Module | None = None   # Duel of Magicians data when the variant is on
        self.turn_setup_deck: list[int] = []  # Turn Setup cards, top first (hidden order)
        self.turn_setup = -1              # this turn's Turn Setup card (public)
        self.blocked: frozenset[int] = frozenset()   # slots it blocks this turn (TR-22.1)

    # -- protocol -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase == Phase.ASSIGNMENT:
            return tuple(p for p in range(self.players) if not self.assign_done[p])
        if self.phase == Phase.LEARN_POWER:
            return tuple(p for p in range(self.players) if not self.power_done[p])
        if self.phase == Phase.OVER:
            return ()
        return (self.acting,)

    def legal_moves(self, seat: int) -> list[Move]:
        cache = self._cache
        if cache is not None and cache[0] == seat:
            return cache[1]
        moves = flow.legal_moves(self, seat) if seat in self.actors() else []
        self._cache = (seat, moves)
        return moves

    def is_legal(self, seat: int, move: Move) -> bool:
        moves = self.legal_moves(seat)
        for m in moves:
            if m is move:             # the usual case: a move taken from this very list
                return True
        return move in moves

    def why_illegal(self, seat: int, move: Move) -> str:
        return flow.why_illegal(self, seat, move)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._cache = None
        return flow.apply_move(self, seat, move)

    def result(self) -> Result:
        return scoring.result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def redetermine(self, seat: int, rng: Rng) -> TrickerionState:
        return view.redetermine(self, seat, rng)

    def plant_markers(self, seat: int | None) -> list[int | str]:
        return view.plant_markers(self, seat)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the legal-move cache (a pure function of the rest)."""
        return {k: getattr(self, k) for k in self.__slots__ if k not in ("_cache", "_rng_shared")}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for k, v in data.items():
            setattr(self, k, v)
        self._rng_shared = False
        self._cache = None

    # -- helpers used across rule modules ------------------------------------------------
    def owns(self, seat: int, character: int) -> bool:
        return bool(self.team[seat] >> character & 1)

    def trick_slot_of(self, seat: int, suit: int) -> int:
        """The Trick slot holding `suit`'s Trick, or -1."""
        return _position(self.trick_slots[seat], suit)

    def suit_of_trick(self, seat: int, trick: int) -> int:
        """The suit `seat`'s markers of Trick `trick` have, or -1."""
        return _position(self.trick_by_suit[seat], trick)

    def supply(self, seat: int, suit: int) -> int:
        """Trick markers of `suit` in the player's supply (TR-1.3)."""
        return DATA.markers_per_suit - self.prepared[seat][suit] - self.scheduled[seat][suit]

    def clone(self) -> TrickerionState:
        c = TrickerionState.__new__(TrickerionState)
        c.players = self.players
        c.options = self.options
        share_rng(self, c)
        c.turn = self.turn
        c.last_turn = self.last_turn
        c.phase = self.phase
        c.start_step = self.start_step
        c.acting = self.acting
        c.order_position = self.order_position
        c.order = self.order[:]
        c.magician = self.magician[:]
        c.fame = self.fame[:]
        c.coins = self.coins[:]
        c.shards = self.shards[:]
        c.team = self.team[:]
        c.hired = self.hired[:]
        c.assistant_home = self.assistant_home[:]
        c.trick_slots = list(map(_whole, self.trick_slots))
        c.trick_by_suit = list(map(_whole, self.trick_by_suit))
        c.prepared = list(map(_whole, self.prepared))
        c.scheduled = list(map(_whole, self.scheduled))
        c.components = list(map(_whole, self.components))
        c.manager_piles = self.manager_piles[:]
        c.poster = self.poster[:]
        c.hand = list(map(_whole, self.hand))
        c.card_location = list(map(_whole, self.card_location))
        c.card_state = list(map(_whole, self.card_state))
        c.placed = list(map(_whole, self.placed))
        c.occupant_by_slot = self.occupant_by_slot[:]
        c.workshop_occupants = list(map(_whole, self.workshop_occupants))
        c.performance_day = self.performance_day[:]
        c.day_owner = self.day_owner[:]
        c.assign_position = self.assign_position[:]
        c.assign_done = self.assign_done[:]
        c.revealed = self.revealed
        c.dice = self.dice[:]
        c.rerolls = self.rerolls[:]
        c.previous_dice = self.previous_dice[:]
        c.previous_quick_order = self.previous_quick_order
        c.previous_places = list(map(_whole, self.previous_places))
        c.buy_area = self.buy_area[:]
        c.order_slots = self.order_slots[:]
        c.quick_order = self.quick_order
        c.owner = self.owner[:]
        c.stage = self.stage[:]
        c.markers = list(map(_whole, self.markers))
        c.deck = self.deck[:]
        c.discarded = self.discarded[:]
        c.placement_character = self.placement_character
        c.placement_slot = self.placement_slot
        c.action_points = self.action_points
        c.placement_enhanced = self.placement_enhanced
        c.performing_day = self.performing_day
        c.final = [dict(f) for f in self.final] if self.final is not None else None
        c._cache = self._cache
        c.special_decks = list(map(_whole, self.special_decks))
        c.special_hand = list(map(_whole, self.special_hand))
        c.specials_held = list(map(_whole, self.specials_held))
        c.special_card = list(map(_whole, self.special_card))
        c.special_mode = list(map(_whole, self.special_mode))
        c.prophecies = self.prophecies[:]
        c.prophecy_pile = self.prophecy_pile[:]
        c.placement_drawn = self.placement_drawn[:]
        c.placement_draws = self.placement_draws[:]
        c.placement_kept = self.placement_kept[:]
        c.placement_flags = self.placement_flags
        c.turn_flags = self.turn_flags[:]
        c.share_holder = self.share_holder
        c.dubious_owner = self.dubious_owner
        c.enhanced_tricks = self.enhanced_tricks[:]
        c.steps = self.steps
        c.last_kept = self.last_kept[:]
        c.follow_up = self.follow_up
        c.premiered = self.premiered
        c.durable = self.durable[:]
        c.talent = self.talent[:]
        c.extra_stock = self.extra_stock[:]
        c.shown = self.shown[:]
        c.mimic = self.mimic[:]
        c.asked = self.asked
        c.discard_step = self.discard_step[:]
        c.powers = self.powers
        c.power_hand = list(map(_whole, self.power_hand))
        c.power_counts = list(map(_whole, self.power_counts))
        c.power_slots = list(map(_whole, self.power_slots))
        c.power_choice = self.power_choice[:]
        c.power_done = self.power_done[:]
        c.cards = self.cards
        c.duel = self.duel
        c.turn_setup_deck = self.turn_setup_deck[:]
        c.turn_setup = self.turn_setup
        c.blocked = self.blocked
        return c

    # -- Dark Alley helpers (TR-17, TR-19) ------------------------------------------------
    @property
    def dark_alley(self) -> bool:
        return self.options.dark_alley

    def prophecy(self) -> str:
        """The Active Prophecy's effect key, or "" (TR-19.1)."""
        p = self.prophecies[0]
        return DATA.prophecies[p].effect_key if p >= 0 else ""


from . import scoring, view  # noqa: E402  (modules that use TrickerionState only for typing)
from .rules import flow  # noqa: E402

__all__ = ["APPRENTICES", "ASSISTANT", "CS_IDLE", "CS_NONE", "CS_PENDING", "CS_PLACED", "ENGINEER",
           "ENGINEER_SLOT", "MAGICIAN", "MANAGER", "PHASE_NAMES",

           "TrickerionState"]
