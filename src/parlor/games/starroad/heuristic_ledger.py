"""The outlook's damage calculation (SR-13.2-13.5): the blockers a target puts up and the ledger
that the one damage calculation of the rules (rules/damage.py) writes into, on the outlook's own
HP and object figures instead of the state's."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .heuristic_outlook import Outlook
    from .model import Obj


class Blocker:
    """A blocker in a damage calculation: what it can still absorb (SR-13.3-13.5). A `guess`
    stands for another seat's object of unknown number: it absorbs what such an object
    protects on average, and is not counted as destroyed (it may well be no armour at all)."""

    __slots__ = ("obj", "mode", "room", "guess")

    def __init__(self, obj: Obj, mode: str, room: float, guess: bool = False) -> None:
        self.obj, self.mode, self.room, self.guess = obj, mode, room, guess


class OutlookLedger:
    """The damage calculation (rules/damage.py) on the outlook's HP and blockers' room."""

    __slots__ = ("look", "attacker", "target", "chain", "bonus_weapon", "bonus", "attacker_down")

    def __init__(self, look: Outlook, attacker: int, target: int, chain: list[Blocker],
                 bonus_weapon: int, bonus: int) -> None:
        self.look, self.attacker, self.target, self.chain = look, attacker, target, chain
        self.bonus_weapon, self.bonus = bonus_weapon, bonus
        self.attacker_down = False

    def attack(self, weapon: int) -> float | None:
        bonus = self.bonus if weapon == self.bonus_weapon else 0
        return self.look.attack_of(self.attacker, weapon) + bonus

    def blocker(self, position: int) -> tuple[str, float] | None:
        b = self.chain[position]
        return b.mode, b.room

    def absorb(self, position: int, mode: str, amount: float, destroyed: bool,
               reflected: float) -> bool:
        b = self.chain[position]
        b.room -= amount
        self.look.hp[self.attacker] -= reflected
        if destroyed and not b.guess:
            self.look.destroy(b.obj.uid)
        self.attacker_down = self.look.hp[self.attacker] <= 0
        return not self.attacker_down

    def hit(self, weapon: int, amount: float) -> bool:
        self.look.hp[self.target] -= amount
        return self.look.hp[self.target] > 0
