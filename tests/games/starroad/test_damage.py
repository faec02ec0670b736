"""SR-13.2-13.5: the one damage calculation the rules and the bot's outlook share."""

from __future__ import annotations

from parlor.games.starroad.rules.damage import absorption, calculate_damage


class Ledger:
    """A damage calculation on plain numbers: weapons' attacks and a chain of (mode, room)."""

    def __init__(self, attacks: dict[int, int], chain: list[tuple[str, int]], hp: int,
                 attacker_hp: int = 20) -> None:
        self.attacks, self.chain = attacks, chain
        self.hp, self.attacker_hp = hp, attacker_hp
        self.steps: list[tuple[str, int, int]] = []

    def attack(self, weapon: int) -> int | None:
        return self.attacks.get(weapon)

    def blocker(self, position: int) -> tuple[str, int] | None:
        mode, room = self.chain[position]
        return None if mode == "gone" else (mode, room)

    def absorb(self, position: int, mode: str, amount: int, destroyed: bool,
               reflected: int) -> bool:
        self.chain[position] = (mode, self.chain[position][1] - amount)
        self.attacker_hp -= reflected
        self.steps.append(("destroyed" if destroyed else "absorbed", position, amount))
        return self.attacker_hp > 0

    def hit(self, weapon: int, amount: int) -> bool:
        self.hp -= amount
        self.steps.append(("hit", weapon, amount))
        return self.hp > 0


def test_each_mode_absorbs_as_its_rule_says():
    assert absorption("W", 3, 5, False) == (3, False, 0)      # SR-13.3: [W] offset attack
    assert absorption("W", 5, 5, False) == (5, True, 0)       # SR-13.3: 0 [W] left: destroyed
    assert absorption("P", 4, 4, False) == (4, False, 0)      # SR-13.4: exactly P is survived
    assert absorption("P", 5, 4, False) == (4, True, 0)       # SR-13.4: more destroys it
    assert absorption("M", 3, 4, False) == (3, False, 3)      # SR-13.5: absorbed is reflected
    assert absorption("M", 5, 4, False) == (4, True, 0)       # SR-13.5: destroyed reflects nothing
    assert absorption("M", 5, 4, True) == (4, True, 4)        # option mixed_reflect_on_destroy


def test_one_chain_carries_over_between_weapons():
    """SR-13.2: a surviving blocker meets the next blocked weapon with what is left of it; a
    destroyed one passes the rest of the attack on; an unblocked weapon goes to the base."""
    ledger = Ledger({1: 3, 2: 4, 3: 2}, [("P", 5), ("gone", 9), ("W", 1)], hp=10)
    calculate_damage([(1, True), (2, True), (3, False)], 3, ledger, False)
    assert ledger.steps == [("absorbed", 0, 3), ("destroyed", 0, 2), ("destroyed", 2, 1),
                            ("hit", 2, 1), ("hit", 3, 2)]
    assert ledger.hp == 7


def test_a_reflection_that_eliminates_the_attacker_stops_the_attack():
    """SR-13.2 (SR-12.3 5.): the attacker eliminated by reflection stops the whole attack."""
    ledger = Ledger({1: 3, 2: 3}, [("M", 9)], hp=10, attacker_hp=3)
    calculate_damage([(1, True), (2, True)], 1, ledger, False)
    assert ledger.steps == [("absorbed", 0, 3)]
    assert ledger.hp == 10


def test_an_eliminated_target_takes_no_more_weapons():
    ledger = Ledger({1: 6, 2: 6}, [], hp=5)
    calculate_damage([(1, False), (2, False)], 0, ledger, False)
    assert ledger.steps == [("hit", 1, 6)]
