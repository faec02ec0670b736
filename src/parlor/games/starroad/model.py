"""Star Road's building blocks: content bundle, objects, characters' areas, stack entries, drafts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .data import BaseData, CharacterDef, ObjectDef, StructureDef


@dataclass(frozen=True, slots=True)
class Content:
    """Frozen content shared by every clone of a game."""

    base: BaseData
    chart: dict[str, ObjectDef]
    designs: tuple[str, ...]              # numbers available in the chosen edition, sorted
    characters: dict[str, CharacterDef]
    ground: dict[str, StructureDef]       # empty unless the ground rules are on
    ground_slots: tuple[str, ...]         # slot names in a fixed order
    build_moves: tuple[Any, ...] = ()     # Build(no) for every design, made once
    numbers: dict[str, str] = field(init=False, compare=False, repr=False)   # see `canonical`

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", {**{key: key for key in self.ground},
                                             **{key: key for key in self.chart}})

    def canonical(self, no: str) -> str:
        """The content's own string for a number read from a move, the design chart's before
        the ground's (one object per value keeps states built by replay byte-identical)."""
        return self.numbers[no]


class Obj:
    """An object on a production line (or a ground structure) (SR-8, SR-9)."""

    __slots__ = ("uid", "no", "w", "marks", "delay", "armed", "absorbed", "invested", "revealed",
                 "intact")

    def __init__(self, uid: int, no: str, revealed: bool) -> None:
        self.uid = uid
        self.no = no              # design number; hidden from others until revealed (SR-24.3)
        self.w = 0                # [W] on it
        self.marks = 0            # completion markers (SR-8.6, SR-15.4)
        self.delay = 0            # delay markers (SR-15.7)
        self.armed = False        # X(t): used once and counting down (SR-9.2)
        self.absorbed = 0         # damage absorbed this turn (SR-9.5)
        self.invested = 0         # [W] put on it this turn (SR-8.5)
        self.revealed = revealed  # number public (SR-24.3)
        self.intact = True        # never lost [W]: a complete intact object shows its cost

    def clone(self) -> Obj:
        c = Obj.__new__(Obj)
        c.uid, c.no, c.w, c.marks, c.delay = self.uid, self.no, self.w, self.marks, self.delay
        c.armed, c.absorbed, c.invested = self.armed, self.absorbed, self.invested
        c.revealed, c.intact = self.revealed, self.intact
        return c


class Player:
    """One character's area and cards (SR-2.2)."""

    __slots__ = ("faction", "faction_up", "character", "unchosen", "dealt", "character_up", "hp",
                 "storage", "alive", "slots", "ground", "turns", "ability_game", "ability_turn",
                 "peeked", "range_turn", "cap_turn")

    def __init__(self, faction: str, dealt: tuple[str, ...], hp: int, storage: int,
                 slots: int, ground: int) -> None:
        self.faction = faction                 # faction card code, e.g. "R*" (SR-4)
        self.faction_up = False
        self.character = ""                    # chosen character card key ("" until chosen)
        self.unchosen = ""                     # the card set aside (SR-5.5)
        self.dealt = dealt                     # the two cards while choosing
        self.character_up = False
        self.hp = hp
        self.storage = storage
        self.alive = True
        self.slots: list[Obj | None] = [None] * slots
        self.ground: list[Obj | None] = [None] * ground
        self.turns = 0                         # own turns completed (SR-7)
        self.ability_game = False              # once-per-game ability used
        self.ability_turn = False              # once-per-turn ability used this turn
        self.peeked: list[int] = []            # seats whose faction this character has seen
        self.range_turn = 0                    # turn_range_bonus in force (SR-21.8)
        self.cap_turn = 0                      # turn_invest_cap in force (SR-21.9)

    def clone(self) -> Player:
        c = Player.__new__(Player)
        c.faction, c.faction_up = self.faction, self.faction_up
        c.character, c.unchosen, c.dealt, c.character_up = (self.character, self.unchosen,
                                                       self.dealt, self.character_up)
        c.hp, c.storage, c.alive = self.hp, self.storage, self.alive
        c.slots = [o and o.clone() for o in self.slots]
        c.ground = [o and o.clone() for o in self.ground] if self.ground else []
        c.turns, c.ability_game, c.ability_turn = self.turns, self.ability_game, self.ability_turn
        c.peeked = list(self.peeked)
        c.range_turn, c.cap_turn = self.range_turn, self.cap_turn
        return c


class Decl:
    """A declaration on the stack with the progress of its response round (SR-10.5, SR-10.6).

    kind: attack | arm | activate | block | ability. `uid` is the object used (-1: none).
    `choices[i]` holds the choices for `effects[i]`, fixed at declaration (SR-21.1).
    """

    __slots__ = ("kind", "owner", "uid", "effects", "choices", "asked")

    def __init__(self, kind: str, owner: int, uid: int, effects: tuple[Any, ...] = (),
                 choices: tuple[tuple[int, ...], ...] = ()) -> None:
        self.kind = kind
        self.owner = owner
        self.uid = uid
        self.effects = effects
        self.choices = choices
        self.asked = 0            # responders who have passed since the round (re)started

    def clone(self) -> Decl:
        c = Decl.__new__(Decl)
        c.kind, c.owner, c.uid, c.effects, c.choices, c.asked = (
            self.kind, self.owner, self.uid, self.effects, self.choices, self.asked)
        return c


class AttackState:
    """The attack in progress (SR-12): declared weapons, targets, and how far it got."""

    __slots__ = ("owner", "weapons", "order", "cancelled", "target_index", "stage", "blockers",
                 "guarded", "first")

    def __init__(self, owner: int, weapons: tuple[tuple[int, tuple[int, ...]], ...],
                 order: tuple[int, ...], first: bool) -> None:
        self.owner = owner
        self.weapons = weapons            # (uid, targets) in declared order
        self.order = order                # target order
        self.cancelled: list[tuple[int, int]] = []   # (weapon uid, target seat) (SR-21.7)
        self.target_index = 0             # index in `order` of the target being resolved
        self.stage = "declared"           # declared | resolve | choose | blocking
        self.blockers: tuple[int, ...] = ()   # current target's chain (uids)
        self.guarded: tuple[int, ...] = ()    # weapons the current target blocks (uids)
        self.first = first                # first attack of the owner's turn (SR-21.17)

    def clone(self) -> AttackState:
        c = AttackState.__new__(AttackState)
        c.owner, c.weapons, c.order, c.cancelled = (self.owner, self.weapons, self.order,
                                                    list(self.cancelled))
        c.target_index, c.stage, c.blockers = self.target_index, self.stage, self.blockers
        c.guarded, c.first = self.guarded, self.first
        return c


class Draft:
    """A compound decision in progress (DESIGN: small steps).

    kind: produce | attack | use | block | reward. Fields unused by a kind keep their defaults.
    """

    __slots__ = ("kind", "seat", "no", "slot", "ground", "new", "weapons", "stage", "order",
                 "fire", "uid", "effects", "choices", "chosen_seat", "picks", "blockers", "guards",
                 "remaining")

    def __init__(self, kind: str, seat: int) -> None:
        self.kind = kind
        self.seat = seat
        self.no = ""                        # produce: design number
        self.slot = -1                      # produce: line slot index (-1 = not placed yet)
        self.ground = -1                    # produce: ground slot index
        self.new = False                    # produce: a new object (SR-8.3) or more (SR-8.4)
        self.weapons: list[tuple[int, tuple[int, ...]]] = []   # attack
        self.stage = ""                     # attack: targets | more | order; block: chain|guard
        self.order: list[int] = []          # attack: target order so far
        self.fire = ""                      # use: arm | activate | ability | trigger
        self.uid = -1                       # use: the object used (-1: a character ability)
        self.effects: tuple[Any, ...] = ()  # use: effects to choose for
        self.choices: list[tuple[int, ...]] = []   # use: choices made, one per effect so far
        self.chosen_seat = -1               # use: character chosen, object still to choose
        self.picks: list[int] = []          # use: cancel_weapon picks so far
        self.blockers: list[int] = []       # block: chain so far
        self.guards: list[bool] = []        # block: per weapon of the target's list
        self.remaining = 0                  # reward: [W] still to hand out

    def clone(self) -> Draft:
        c = Draft.__new__(Draft)
        c.kind, c.seat, c.no, c.slot, c.ground, c.new = (self.kind, self.seat, self.no,
                                                         self.slot, self.ground, self.new)
        c.weapons, c.stage, c.order = list(self.weapons), self.stage, list(self.order)
        c.fire, c.uid, c.effects = self.fire, self.uid, self.effects
        c.choices, c.chosen_seat, c.picks = list(self.choices), self.chosen_seat, list(self.picks)
        c.blockers, c.guards, c.remaining = list(self.blockers), list(self.guards), self.remaining
        return c
