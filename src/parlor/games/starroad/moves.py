"""Star Road's moves: one small decision each (DESIGN: decisions are small).

Objects are named by their slot `line`/`level` on their owner's production lines (SR-8.1, SR-8.8:
an object never moves); ground structures by their number; characters by `seat`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from parlor.core import Move, MoveCatalog


@dataclass(frozen=True, slots=True)
class ChooseCharacter(Move):
    """Keep one of the two character cards dealt, face down (SR-5.5)."""

    kind: ClassVar[str] = "choose"
    card: str


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Start producing a new object of design `no` (SR-8.3 step 1)."""

    kind: ClassVar[str] = "build"
    no: str


@dataclass(frozen=True, slots=True)
class Place(Move):
    """Put the new object on a line (SR-8.3 steps 2-3): `level` is the lowest empty level, or on
    a full line the level whose object is discarded."""

    kind: ClassVar[str] = "place"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class Continue(Move):
    """Continue producing one's incomplete object (SR-8.4)."""

    kind: ClassVar[str] = "continue"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class BuildGround(Move):
    """Start a ground structure in its own slot (SR-19.3)."""

    kind: ClassVar[str] = "build_ground"
    no: str


@dataclass(frozen=True, slots=True)
class ContinueGround(Move):
    """Continue producing an incomplete ground structure (SR-19.3)."""

    kind: ClassVar[str] = "continue_ground"
    no: str


@dataclass(frozen=True, slots=True)
class Invest(Move):
    """Move `amount` [W] from storage onto the object being produced (SR-8.3 step 4, SR-8.5)."""

    kind: ClassVar[str] = "invest"
    amount: int


@dataclass(frozen=True, slots=True)
class Attack(Move):
    """Begin an attack declaration with its first weapon (SR-12.1)."""

    kind: ClassVar[str] = "attack"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class AddWeapon(Move):
    """Add the next weapon, in order, to the attack being declared (SR-12.1)."""

    kind: ClassVar[str] = "add_weapon"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class Target(Move):
    """Choose a character: a weapon's target, or the character an effect acts on (SR-12.1, SR-21)."""

    kind: ClassVar[str] = "target"
    seat: int


@dataclass(frozen=True, slots=True)
class TargetsDone(Move):
    """Stop adding targets to a multi-target weapon (SR-12.1)."""

    kind: ClassVar[str] = "targets_done"


@dataclass(frozen=True, slots=True)
class Launch(Move):
    """Finish the attack declaration (SR-12.1)."""

    kind: ClassVar[str] = "launch"


@dataclass(frozen=True, slots=True)
class OrderTarget(Move):
    """Name the next target in the target order (SR-12.1)."""

    kind: ClassVar[str] = "order"
    seat: int


@dataclass(frozen=True, slots=True)
class Use(Move):
    """Use one's object outside an attack: arm it (X(t)) or activate it (SR-10.1)."""

    kind: ClassVar[str] = "use"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class Ability(Move):
    """Declare one's activated character ability (SR-18.3)."""

    kind: ClassVar[str] = "ability"


@dataclass(frozen=True, slots=True)
class PickObject(Move):
    """Choose an object for an effect: on the chosen character's lines, or one's own (SR-21)."""

    kind: ClassVar[str] = "pick"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class PickWeapon(Move):
    """Choose a weapon of the pending attack to cancel against oneself (SR-21.7)."""

    kind: ClassVar[str] = "cancel"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class ChoicesDone(Move):
    """Stop choosing for an "up to" effect (SR-21.7)."""

    kind: ClassVar[str] = "choices_done"


@dataclass(frozen=True, slots=True)
class RevealFaction(Move):
    """Turn one's captain card face up (SR-4.2)."""

    kind: ClassVar[str] = "reveal_faction"


@dataclass(frozen=True, slots=True)
class RevealCharacter(Move):
    """Turn one's character card face up (SR-18.2)."""

    kind: ClassVar[str] = "reveal_character"


@dataclass(frozen=True, slots=True)
class Blocker(Move):
    """Add one's object to the chain of blockers, in order (SR-12.3 step 3)."""

    kind: ClassVar[str] = "blocker"
    line: int
    level: int


@dataclass(frozen=True, slots=True)
class BlockersDone(Move):
    """Finish the chain of blockers (possibly empty) (SR-12.3 step 3)."""

    kind: ClassVar[str] = "blockers_done"


@dataclass(frozen=True, slots=True)
class Guard(Move):
    """Block (true) or let through (false) the next weapon aimed at you (SR-12.3, A-47)."""

    kind: ClassVar[str] = "guard"
    block: bool


@dataclass(frozen=True, slots=True)
class Give(Move):
    """Hand 1 [W] of the reward to another living character's storage (SR-16.4)."""

    kind: ClassVar[str] = "give"
    seat: int


@dataclass(frozen=True, slots=True)
class Keep(Move):
    """Keep the rest of the reward (SR-16.4)."""

    kind: ClassVar[str] = "keep"


@dataclass(frozen=True, slots=True)
class Pass(Move):
    """Give up priority: pass in a response round or in the end-of-action window (SR-10.6)."""

    kind: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class EndPhase(Move):
    """End one's action phase (SR-6.4)."""

    kind: ClassVar[str] = "end"


MOVES = MoveCatalog([
    ChooseCharacter, Build, Place, Continue, BuildGround, ContinueGround, Invest, Attack,
    AddWeapon, Target, TargetsDone, Launch, OrderTarget, Use, Ability, PickObject, PickWeapon,
    ChoicesDone, RevealFaction, RevealCharacter, Blocker, BlockersDone, Guard, Give, Keep, Pass,
    EndPhase,
])
