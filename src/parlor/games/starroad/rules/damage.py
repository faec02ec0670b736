"""SR-13.2: the damage calculation for one target, written once.

The rules (`attack.calculate`) run it on the state; the greedy bot's outlook
(`heuristic_attack`) runs it on its own figures to see what an attack would do without
changing the state. Both hand the walk a ledger: it tells the walk what each weapon and
blocker holds, and applies each step the walk decides (to the state, or to the outlook's
figures), saying whether the calculation goes on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

Amount = TypeVar("Amount", int, float)


class DamageLedger(Protocol[Amount]):
    """What a damage calculation reads and changes; `Amount` is int on the state and float in
    the outlook (which guesses what hidden objects hold)."""

    def attack(self, weapon: int) -> Amount | None:
        """The weapon's effective attack, or None once it has left play."""

    def blocker(self, position: int) -> tuple[str, Amount] | None:
        """The block mode and what the blocker at this chain position can still absorb
        (mode W: its [W]; P and M: the cap), or None once it has left play (SR-13.2)."""

    def absorb(self, position: int, mode: str, amount: Amount, destroyed: bool,
               reflected: Amount) -> bool:
        """The blocker absorbed `amount` (and was destroyed, and reflected `reflected` to the
        attacker, SR-13.6); False stops the whole attack (the attacker was eliminated)."""

    def hit(self, weapon: int, amount: Amount) -> bool:
        """What is left of the weapon's attack damages the target's base (SR-13.7); False
        stops the calculation (the target was eliminated or the game is over)."""


def calculate_damage(weapons: Iterable[tuple[int, bool]], chain_length: int,
                     ledger: DamageLedger[Amount], reflect_on_destroy: bool) -> None:
    """SR-13.2: weapons (uid, blocked) in order through one chain of blockers; what is left
    of each weapon's attack hits the base. `reflect_on_destroy`: option
    mixed_reflect_on_destroy (SR-13.5)."""
    position = 0
    for weapon, blocked in weapons:
        remaining = ledger.attack(weapon)
        if remaining is None:
            continue
        if blocked:
            while remaining > 0 and position < chain_length:
                blocker = ledger.blocker(position)
                if blocker is None:
                    position += 1
                    continue
                mode, room = blocker
                taken, destroyed, reflected = absorption(mode, remaining, room, reflect_on_destroy)
                remaining -= taken
                going_on = ledger.absorb(position, mode, taken, destroyed, reflected)
                if destroyed:
                    position += 1
                if not going_on:
                    return
        if remaining > 0 and not ledger.hit(weapon, remaining):
            return


def absorption(mode: str, attack: Amount, room: Amount,
               reflect_on_destroy: bool) -> tuple[Amount, bool, Amount]:
    """One blocker meets what is left of a weapon's attack: (absorbed, destroyed, reflected).

    SR-13.3 mode W: [W] offset attack one for one; the blocker is destroyed at 0 [W].
    SR-13.4 mode P: up to the cap is absorbed; more destroys the armour.
    SR-13.5 mode M: as P, and what it absorbs is reflected; destroyed, it reflects nothing
    (unless the option says it reflects its cap)."""
    if mode == "W":
        taken = min(attack, room)
        return taken, room - taken <= 0, 0
    if attack <= room:
        return attack, False, attack if mode == "M" else 0
    return room, True, room if mode == "M" and reflect_on_destroy and room > 0 else 0
