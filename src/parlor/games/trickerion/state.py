"""The Trickerion position: compact per-player lists, a hand-written clone, and the protocol.

Indices everywhere: categories, components, Tricks and Performance cards are indices into
`data.DATA`; characters are indices into `data.CHARACTERS` (0 Magician, 1 Assistant, 2 Manager,
3 Engineer, 4..7 Apprentices); a player's Trick markers are named by suit 0..3 (TR-1.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlor.core import Event, Move, Result, Rng, State
from parlor.core.rng import SharedRng, share_rng

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
    PH_ACTION,
    PH_ADVERTISE,
    PH_ASSIGN,
    PH_ENGINEER,
    PH_MAGICIAN,
    PH_MANAGER,
    PH_OVER,
    PH_PERFORM,
    PH_PLACE,
    PH_POWER_LEARN,
    PH_START,
    PHASE_NAMES,
)
from .data import DATA, Module, PerfCard, module_help

N_COMPONENTS = len(DATA.components)


@dataclass(frozen=True, slots=True)
class Options:
    """Game options (TR-0.4, TR-25). Dark Alley, Magician Powers and Duel are later issues."""

    final_scoring_cap: bool = field(default=True, metadata={
        "help": "each final-scoring category gives at most 20 Fame (TR-16.1, A-02)"})
    learn_pay_coins_for_fame: bool = field(default=True, metadata={
        "help": "missing Fame for a Trick's Threshold may be paid in Coins (TR-9.2, A-05)"})
    prepare_blocked_by_theater_markers: bool = field(default=False, metadata={
        "help": "seed house rule: no Prepare while a marker of the Trick is scheduled (A-04)"})
    two_player_second_start_coins: int = field(default=14, metadata={
        "help": "starting Coins of the second player in a 2-player game (TR-2.6, A-01)",
        "choices": (14, 12)})
    beginner_setup: bool = field(default=False, metadata={
        "help": "fixed starting Trick, components and Specialist by favorite category (TR-2.8)"})
    trick_component_source: str = field(default="majority", metadata={
        "help": "component requirements of 4 Tricks and Rabbit's markers (A-06, A-07)",
        "choices": ("majority", "bga")})
    dark_alley: bool = field(default=False, metadata={
        "help": "the Dark Alley expansion: 7 weeks, Dark Alley, Special cards, Prophecies, "
                "Level-3 Tricks, Magician abilities (TR-17)"})
    include_prophecies: bool = field(default=True, metadata={
        "help": "with dark_alley: use the Prophecies (TR-17.1, TR-19)"})
    fortune_telling_direction: str = field(default="toward_active", metadata={
        "help": "Fortune Telling rotation (TR-13.3, A-10)",
        "choices": ("toward_active", "away_from_active")})
    magician_powers: bool = field(default=False, metadata={
        "help": module_help("Magician Powers module, needs dark_alley (TR-21)",
                            DATA.magician_powers)})
    duel_of_magicians: bool = field(default=False, metadata={
        "help": module_help("Duel of Magicians, 2 players (TR-22)", DATA.duel_of_magicians)})


class TrickerionState(State):
    __slots__ = (
        "n", "options", "_rng", "_rng_shared", "turn", "last_turn", "phase", "sub", "acting", "cur",
        "order", "magician", "fame", "coins", "shards", "team", "hired", "asst_home",
        "tslot", "strick", "prepared", "scheduled", "comps", "mgr", "poster", "hand", "card",
        "cstate", "placed", "occ", "ws_occ", "pday", "day_owner", "assign_pos", "assign_done",
        "revealed", "dice", "rerolls", "prev_dice", "prev_quick", "prev_places", "buy", "orders", "quick",
        "owner", "stage", "marks", "deck",
        "discarded", "pc_char", "pc_slot", "pc_ap", "pc_enh", "perf_day", "final", "_cache",
        # Dark Alley (TR-17 - TR-20)
        "sdeck", "shand", "sheld", "scard", "smode", "proph", "ppile", "pc_drawn", "pc_draws",
        "pc_kept", "pc_flags", "tflags", "share", "dubious", "tenh", "steps", "last_kept",
        "follow", "premiered", "durable", "talent", "extra", "shown", "mimic", "asked",
        "disc", "pw", "pw_hand", "pw_cnt", "pw_slot", "pw_choice", "pw_done",
        # Duel of Magicians (TR-22)
        "cards", "dm", "tsdeck", "tsetup", "blocked",
    )
    rng = SharedRng()  # shared with clones until one draws

    def __init__(self, n: int, options: Options, rng: Rng) -> None:
        self.n = n
        self.options = options
        self.rng = rng
        self.turn = 1
        self.last_turn: int = DATA.setup["turns_base"]
        self.phase = PH_MAGICIAN
        self.sub = 0                      # step within a player's starting choices
        self.acting = 0                   # seat deciding in a sequential phase
        self.cur = 0                      # position in `order` (advertise, placement)
        self.order: list[int] = list(range(n))          # Initiative Order, seats
        self.magician = [-1] * n
        self.fame: list[int] = [DATA.setup["starting_fame"]] * n
        self.coins = [0] * n
        self.shards: list[int] = [DATA.setup["starting_shards"]] * n
        self.team = [0] * n               # bitmask of owned characters
        self.hired = [0] * n              # bitmask of characters hired this turn (TR-9.3)
        self.asst_home = [-1] * n         # Apprentice living on the Assistant's home
        self.tslot = [[-1] * 4 for _ in range(n)]       # Trick slot -> suit
        self.strick = [[-1] * 4 for _ in range(n)]      # suit -> Trick index
        self.prepared = [[0] * 4 for _ in range(n)]     # suit -> markers on the Trick card
        self.scheduled = [[0] * 4 for _ in range(n)]    # suit -> markers on Performance cards
        self.comps = [[0] * N_COMPONENTS for _ in range(n)]
        self.mgr = [0] * n                # bitmask: component types whose pile is on a Manager slot
        self.poster = [False] * n
        self.hand = [[0] * 5 for _ in range(n)]         # Assignment cards by Location
        self.card = [[-1] * 8 for _ in range(n)]        # character -> Location of its card
        self.cstate = [[CS_NONE] * 8 for _ in range(n)]
        self.placed = [[-1] * 8 for _ in range(n)]      # character -> slot index
        self.occ = [-1] * len(DATA.slots)               # slot -> seat * 8 + character
        self.ws_occ = [[-1, -1] for _ in range(n)]      # own Workshop slots -> character
        self.pday = [-1] * n              # the weekday a player uses this turn (TR-12.1)
        self.day_owner = [-1] * 4
        self.assign_pos = [0] * n
        self.assign_done = [True] * n
        self.revealed = False
        self.dice = ["x"] * 6
        self.rerolls = [0] * 6            # Reroll Die actions per die in the game (public, TR-8.10)
        self.prev_dice: list[str] = []    # dice and Quick Order as the last turn ended (public)
        self.prev_quick = -1
        self.prev_places: list[list[int]] = []   # last turn: slot, -2 idle, -1 no card (public)
        self.buy = list(DATA.initial_buy_area)
        self.orders = [-1] * 4
        self.quick = -1
        self.owner = [-1] * len(DATA.tricks)            # Trick -> owning seat
        self.stage = [-1] * (n + 1)       # Theater positions 1..N+1 -> Performance card
        self.marks: list[list[int]] = [[] for _ in range(n + 1)]  # per slot: marker code or -1
        self.deck: list[int] = []         # Performance deck, top first
        self.discarded: list[int] = []    # Performance cards that left the game (public)
        self.pc_char = -1                 # the placement in progress
        self.pc_slot = -1
        self.pc_ap = 0
        self.pc_enh = False
        self.perf_day = 0
        self.final: list[dict[str, int]] | None = None
        self._cache: tuple[int, list[Move]] | None = None
        self.sdeck: list[list[int]] = [[], [], [], []]  # Special decks by Location, top first
        self.shand: list[list[int]] = [[] for _ in range(n)]   # Special cards in hand (sorted)
        self.sheld = [[0] * 4 for _ in range(n)]        # public: Specials held, by deck
        self.scard = [[-1] * 8 for _ in range(n)]       # character -> Special card under it
        self.smode = [[0] * 8 for _ in range(n)]        # 1 ability, 2 +1 AP (TR-18.2)
        self.proph = [-1, -1, -1, -1]     # Active, P1, P2, P3 (TR-17.1)
        self.ppile: list[int] = []        # face-down Prophecy pile, top first
        self.pc_drawn: list[int] = []     # Specials drawn in this placement, not yet sorted
        self.pc_draws = [0] * 4           # draws per deck in this placement (TR-13.2)
        self.pc_kept = [0] * 4            # cards kept per deck in this placement
        self.pc_flags = 0                 # PF_* bits of the placement in progress
        self.tflags = [0] * n             # TF_* bits per player for this turn
        self.share = -1                   # Business Share holder this turn
        self.dubious = -1                 # Dubious Sources owner this turn
        self.tenh = [0] * len(DATA.tricks)  # Enhance Trick: +1 Fame and Coin yields
        self.steps = 0                    # place/idle steps in this placement turn (p09)
        self.last_kept: list[int] = []    # public: decks the last Dark Alley keeps came from
        self.follow: tuple[int, ...] = ()  # a pending ability follow-up: (FU_*, params...)
        self.premiered = 0                # bitmask of Tricks ever performed (Grand Premiere)
        self.durable = [0] * n            # suits performed with Durable Components, to decide
        self.talent = [-1] * n            # Apprentice whose Hidden Talent may act at End Turn
        self.extra: list[int] = []        # Logistics: extra stock types this turn
        self.shown = [0] * n              # characters whose card is face up (p20: one by one)
        self.mimic = [-1] * n             # Mimesis: copied card * 8 + character, this turn
        self.asked = -1                   # Soul Possession: the weekday already asked about
        self.disc = [0] * n               # TR-23 discard step: 1 open, 2 closed at this decision
        self.pw: Module | None = None     # Magician Powers data when the module is on (TR-21)
        self.pw_hand: list[list[int]] = [[] for _ in range(n)]   # Powers in hand (hidden)
        self.pw_cnt: list[list[int]] = [[] for _ in range(n)]    # public: hand size by colour
        self.pw_slot: list[list[int]] = [[] for _ in range(n)]   # Power slot -> learned Power
        self.pw_choice = [-1] * n         # hidden choice: power * 64 + slot, or -1
        self.pw_done = [True] * n         # decided in this learning step (public)
        self.cards: tuple[PerfCard, ...] = DATA.cards   # + the Duel cards (TR-22.1), shared
        self.dm: Module | None = None     # Duel of Magicians data when the variant is on
        self.tsdeck: list[int] = []       # Turn Setup cards, top first (hidden order)
        self.tsetup = -1                  # this turn's Turn Setup card (public)
        self.blocked: frozenset[int] = frozenset()   # slots it blocks this turn (TR-22.1)

    # -- protocol -------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.phase == PH_ASSIGN:
            return tuple(p for p in range(self.n) if not self.assign_done[p])
        if self.phase == PH_POWER_LEARN:
            return tuple(p for p in range(self.n) if not self.pw_done[p])
        if self.phase == PH_OVER:
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
        row = self.tslot[seat]
        for i in range(4):
            if row[i] == suit:
                return i
        return -1

    def suit_of_trick(self, seat: int, trick: int) -> int:
        row = self.strick[seat]
        for s in range(4):
            if row[s] == trick:
                return s
        return -1

    def supply(self, seat: int, suit: int) -> int:
        """Trick markers of `suit` in the player's supply (TR-1.3)."""
        return DATA.markers_per_suit - self.prepared[seat][suit] - self.scheduled[seat][suit]

    def clone(self) -> TrickerionState:
        c = TrickerionState.__new__(TrickerionState)
        c.n = self.n
        c.options = self.options
        share_rng(self, c)
        c.turn = self.turn
        c.last_turn = self.last_turn
        c.phase = self.phase
        c.sub = self.sub
        c.acting = self.acting
        c.cur = self.cur
        c.order = self.order[:]
        c.magician = self.magician[:]
        c.fame = self.fame[:]
        c.coins = self.coins[:]
        c.shards = self.shards[:]
        c.team = self.team[:]
        c.hired = self.hired[:]
        c.asst_home = self.asst_home[:]
        c.tslot = [r[:] for r in self.tslot]
        c.strick = [r[:] for r in self.strick]
        c.prepared = [r[:] for r in self.prepared]
        c.scheduled = [r[:] for r in self.scheduled]
        c.comps = [r[:] for r in self.comps]
        c.mgr = self.mgr[:]
        c.poster = self.poster[:]
        c.hand = [r[:] for r in self.hand]
        c.card = [r[:] for r in self.card]
        c.cstate = [r[:] for r in self.cstate]
        c.placed = [r[:] for r in self.placed]
        c.occ = self.occ[:]
        c.ws_occ = [r[:] for r in self.ws_occ]
        c.pday = self.pday[:]
        c.day_owner = self.day_owner[:]
        c.assign_pos = self.assign_pos[:]
        c.assign_done = self.assign_done[:]
        c.revealed = self.revealed
        c.dice = self.dice[:]
        c.rerolls = self.rerolls[:]
        c.prev_dice = self.prev_dice[:]
        c.prev_quick = self.prev_quick
        c.prev_places = [r[:] for r in self.prev_places]
        c.buy = self.buy[:]
        c.orders = self.orders[:]
        c.quick = self.quick
        c.owner = self.owner[:]
        c.stage = self.stage[:]
        c.marks = [r[:] for r in self.marks]
        c.deck = self.deck[:]
        c.discarded = self.discarded[:]
        c.pc_char = self.pc_char
        c.pc_slot = self.pc_slot
        c.pc_ap = self.pc_ap
        c.pc_enh = self.pc_enh
        c.perf_day = self.perf_day
        c.final = [dict(f) for f in self.final] if self.final is not None else None
        c._cache = self._cache
        c.sdeck = [r[:] for r in self.sdeck]
        c.shand = [r[:] for r in self.shand]
        c.sheld = [r[:] for r in self.sheld]
        c.scard = [r[:] for r in self.scard]
        c.smode = [r[:] for r in self.smode]
        c.proph = self.proph[:]
        c.ppile = self.ppile[:]
        c.pc_drawn = self.pc_drawn[:]
        c.pc_draws = self.pc_draws[:]
        c.pc_kept = self.pc_kept[:]
        c.pc_flags = self.pc_flags
        c.tflags = self.tflags[:]
        c.share = self.share
        c.dubious = self.dubious
        c.tenh = self.tenh[:]
        c.steps = self.steps
        c.last_kept = self.last_kept[:]
        c.follow = self.follow
        c.premiered = self.premiered
        c.durable = self.durable[:]
        c.talent = self.talent[:]
        c.extra = self.extra[:]
        c.shown = self.shown[:]
        c.mimic = self.mimic[:]
        c.asked = self.asked
        c.disc = self.disc[:]
        c.pw = self.pw
        c.pw_hand = [r[:] for r in self.pw_hand]
        c.pw_cnt = [r[:] for r in self.pw_cnt]
        c.pw_slot = [r[:] for r in self.pw_slot]
        c.pw_choice = self.pw_choice[:]
        c.pw_done = self.pw_done[:]
        c.cards = self.cards
        c.dm = self.dm
        c.tsdeck = self.tsdeck[:]
        c.tsetup = self.tsetup
        c.blocked = self.blocked
        return c

    # -- Dark Alley helpers (TR-17, TR-19) ------------------------------------------------
    @property
    def da(self) -> bool:
        return self.options.dark_alley

    def prophecy(self) -> str:
        """The Active Prophecy's effect key, or "" (TR-19.1)."""
        p = self.proph[0]
        return DATA.prophecies[p].effect_key if p >= 0 else ""


from . import scoring, view  # noqa: E402  (modules that use TrickerionState only for typing)
from .rules import flow  # noqa: E402

__all__ = ["APPRENTICES", "ASSISTANT", "CS_IDLE", "CS_NONE", "CS_PENDING", "CS_PLACED", "ENGINEER",
           "ENGINEER_SLOT", "MAGICIAN", "MANAGER", "PHASE_NAMES", "PH_ACTION", "PH_ADVERTISE",
           "PH_ASSIGN", "PH_ENGINEER", "PH_MAGICIAN", "PH_MANAGER", "PH_OVER", "PH_PERFORM",
           "PH_PLACE", "PH_START", "Options", "TrickerionState"]
