"""Star Road's position: characters, objects, the stack, the attack in progress, the decision.

Rules live in `rules/`; this module holds the data, the protocol methods and small helpers
(distance SR-11, passives SR-21, effective values SR-9.3) every rule module uses.
"""

from __future__ import annotations

from typing import Any

from parlor.core import Event, Move, Result, Rng, State

from . import hidden, scoring
from . import view as views
from .data import ObjectDef
from .model import AttackState, Content, Decl, Draft, Obj, Player
from .options import Options
from .rules import dispatch


class StarRoadState(State):
    __slots__ = ("player_count", "options", "content", "_rng", "_rng_shared", "players", "undealt",
                 "first", "active", "phase", "window", "completed", "stack", "attack", "draft",
                 "queue", "over", "winners", "draw", "next_uid", "attacks", "productions",
                 "end_reason", "eliminations", "gone", "_legal_moves", "_legal_moves_seat",
                 "levels", "quiet")

    def __init__(self, player_count: int, options: Options, content: Content, rng: Rng) -> None:
        self.player_count = player_count
        self.options = options
        self.content = content
        self._rng = rng
        self._rng_shared = False              # shared with a clone: copied before first use
        self.quiet = False                    # carrying out a move without events (`advance`)
        self.players: list[Player] = []
        self.undealt: list[str] = []          # character cards out of the game (hidden)
        self.first = 0                        # first character (SR-5.7)
        self.active = 0
        self.phase = "choose"                 # choose | action | window | over
        self.window: list[int] = []           # seats still to hold priority (SR-6.5)
        self.completed = 0                    # completed turns (SR-23.1)
        self.stack: list[Decl] = []
        self.attack: AttackState | None = None
        self.draft: Draft | None = None
        self.queue: list[Draft] = []          # decisions raised during automatic steps
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.draw = False
        self.next_uid = 1
        self.attacks = 0                      # attacks declared in the current turn
        self.productions = 0                  # production actions started in the current turn
        self.end_reason = ""
        self.eliminations: list[tuple[int, int]] = []   # (eliminated, eliminator or -1)
        self.gone: list[tuple[int, str]] = []   # (owner, number) of objects that left play
        self._legal_moves: list[Move] | None = None   # of `_legal_moves_seat` (never pickled)
        self._legal_moves_seat = -1
        self.levels = content.base.constants.levels   # levels per production line (SR-8.1)

    @property
    def rng(self) -> Rng:
        """The state's own generator. Clones share it until either one draws from it (rules
        draw only at setup, so most clones of a search never copy it)."""
        if self._rng_shared:
            self._rng = self._rng.clone()
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, rng: Rng) -> None:
        self._rng, self._rng_shared = rng, False

    # -- helpers used by every rule module ---------------------------------------------------
    def slot_of(self, line: int, level: int) -> int:
        return (line - 1) * self.levels + (level - 1)

    def line_level(self, slot: int) -> tuple[int, int]:
        return slot // self.levels + 1, slot % self.levels + 1

    def defn(self, obj: Obj) -> ObjectDef:
        return self.content.chart[obj.no]

    def find(self, uid: int) -> tuple[int, int] | None:
        """(seat, slot) of the object with this uid on a production line, or None."""
        for seat, p in enumerate(self.players):
            for slot, o in enumerate(p.slots):
                if o is not None and o.uid == uid:
                    return seat, slot
        return None

    def obj(self, uid: int) -> Obj | None:
        at = self.find(uid)
        return None if at is None else self.players[at[0]].slots[at[1]]

    def living(self) -> list[int]:
        return [s for s in range(self.player_count) if self.players[s].alive]

    def after(self, seat: int) -> list[int]:
        """Living characters other than `seat`, in turn order starting after it (SR-10.6)."""
        return [(seat + k) % self.player_count for k in range(1, self.player_count)
                if self.players[(seat + k) % self.player_count].alive]

    def distance(self, a: int, b: int) -> int:
        """SR-11.1: heads between two characters, the shorter way round."""
        if self.options.distance_counts_eliminated:
            k = (b - a) % self.player_count
            return min(k, self.player_count - k)
        ring = self.living()
        if a not in ring or b not in ring:
            return self.player_count
        k = (ring.index(b) - ring.index(a)) % len(ring)
        return min(k, len(ring) - k)

    def passive(self, seat: int, op: str) -> int:
        """Sum of a passive effect over the character's sources in force (SR-21.1)."""
        p = self.players[seat]
        total = 0
        if self.options.character_abilities and p.character_up and p.character:
            total = self.content.characters[p.character].passives.get(op, 0)
        for o in p.ground:
            if o is not None and o.marks > 0:
                for e in self.content.ground[o.no].passive:
                    if e.op == op:
                        total += e.get("amount") if e.params else 1
        return total

    def lines(self, seat: int) -> int:
        return self.content.base.constants.lines + self.passive(seat, "extra_lines")

    def sync_lines(self, seat: int) -> None:
        """Extra lines appear when their source comes into force (SR-21.15)."""
        want = self.lines(seat) * self.levels
        p = self.players[seat]
        if len(p.slots) < want:
            p.slots.extend([None] * (want - len(p.slots)))

    def invest_cap(self, seat: int) -> int:
        """SR-8.5, SR-21.9, SR-21.14."""
        cap = self.content.base.constants.invest_cap + self.passive(seat, "invest_cap_bonus")
        return max(cap, self.players[seat].cap_turn)

    def storage_ok(self, seat: int, d: ObjectDef) -> bool:
        """SR-14: storage holds at least X{W} (or the requirement is ignored, SR-21.16)."""
        return (d.w_req <= self.players[seat].storage
                or self.passive(seat, "ignore_storage_requirement") > 0)

    def weapon_range(self, seat: int, d: ObjectDef) -> int:
        return d.r + self.passive(seat, "range_bonus") + self.players[seat].range_turn

    def protection(self, seat: int, d: ObjectDef) -> int:
        if d.block_mode == "P":
            return d.p + self.passive(seat, "armour_bonus")
        return d.m + self.passive(seat, "mixed_bonus")

    def first_turn_locked(self, seat: int) -> bool:
        """SR-7.1: no object use in one's own first turn, except the last character."""
        return (seat == self.active and self.phase in ("action", "window")
                and self.players[seat].turns == 0 and seat != (self.first - 1) % self.player_count)

    def acquire(self, amount: int) -> int:
        """SR-17.2, SR-1.2: how many [W] the supply gives."""
        if not self.options.finite_supply:
            return amount
        return max(0, min(amount, self.supply()))

    def supply(self) -> int:
        """[W] in the supply with `finite_supply` (SR-25.6)."""
        held = 0
        for p in self.players:
            held += p.hp + p.storage
            held += sum(o.w for o in p.slots if o is not None)
            held += sum(o.w for o in p.ground if o is not None)
        return self.content.base.constants.resource_markers - held

    def group(self, seat: int) -> str:
        return self.content.base.cards[self.players[seat].faction].group

    def team(self, seat: int) -> str:
        """SR-3.4, SR-3.6: the team is the group, or the colour in the colour variant."""
        return self.team_of_card(self.players[seat].faction)

    def team_of_card(self, code: str) -> str:
        card = self.content.base.cards[code]
        return card.colour if self.options.team_mode == "colour" else card.group

    # -- protocol ----------------------------------------------------------------------------
    def actors(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.phase == "choose":
            return tuple(s for s in range(self.player_count) if not self.players[s].character)
        if self.draft is not None:
            return (self.draft.seat,)
        if self.stack:
            seat = self.responder(self.stack[-1])
            return (seat,) if seat is not None else ()
        if self.phase == "action":
            return (self.active,)
        if self.window:
            return (self.window[0],)
        return ()

    def responder(self, decl: Decl) -> int | None:
        asked = self.after(decl.owner)
        return asked[decl.asked] if decl.asked < len(asked) else None

    def legal_moves(self, seat: int) -> list[Move]:
        if seat not in self.actors():
            return []
        moves = dispatch.legal_moves(self, seat)
        self._legal_moves, self._legal_moves_seat = moves, seat
        return list(moves)

    def is_legal(self, seat: int, move: Move) -> bool:
        """Reuses the legal moves just listed for `seat` (play() right after legal_moves())."""
        if self._legal_moves is not None and self._legal_moves_seat == seat:
            return move in self._legal_moves
        return move in self.legal_moves(seat)

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """Pickled (and fingerprinted) without the legal-move cache."""
        return None, {k: getattr(self, k) for k in self.__slots__
                      if k not in ("_legal_moves", "_legal_moves_seat", "_rng_shared", "quiet")}

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for key, value in state[1].items():
            setattr(self, key, value)
        self._legal_moves, self._legal_moves_seat = None, -1
        self._rng_shared = False
        self.quiet = False

    def why_illegal(self, seat: int, move: Move) -> str:
        return dispatch.why_illegal(self, seat, move)

    def _apply(self, seat: int, move: Move) -> list[Event]:
        self._legal_moves = None
        return dispatch.apply(self, seat, move)

    def advance(self, seat: int, move: Move) -> None:
        """`_apply` without building its events (`rules.common.pub`): the search reads none."""
        self.quiet = True
        try:
            self._apply(seat, move)
        finally:
            self.quiet = False

    def result(self) -> Result:
        return scoring.result(self)

    def view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def clone(self) -> StarRoadState:
        c = StarRoadState.__new__(StarRoadState)
        c.player_count, c.options, c.content = self.player_count, self.options, self.content
        c._rng, c._rng_shared = self._rng, True
        self._rng_shared = True
        c.players = [p.clone() for p in self.players]
        c.undealt = list(self.undealt)
        c.first, c.active, c.phase = self.first, self.active, self.phase
        c.window, c.completed = list(self.window), self.completed
        c.stack = [d.clone() for d in self.stack]
        c.attack = self.attack.clone() if self.attack is not None else None
        c.draft = self.draft.clone() if self.draft is not None else None
        c.queue = [d.clone() for d in self.queue]
        c.over, c.winners, c.draw = self.over, self.winners, self.draw
        c.next_uid, c.attacks, c.end_reason = self.next_uid, self.attacks, self.end_reason
        c.productions = self.productions
        c.eliminations = list(self.eliminations)
        c.gone = list(self.gone)
        # same position, same legal moves
        c._legal_moves, c._legal_moves_seat = self._legal_moves, self._legal_moves_seat
        c.levels = self.levels
        c.quiet = False
        return c

    def redetermine(self, seat: int, rng: Rng) -> StarRoadState:
        return hidden.redetermine(self, seat, rng)

    def plant_markers(self, seat: int | None) -> list[int | str]:
        return hidden.plant_markers(self, seat)
