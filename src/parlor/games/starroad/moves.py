"""Star Road's moves: one small decision each (DESIGN: decisions are small).

Objects are named by their slot `line`/`level` on their owner's production lines (SR-8.1, SR-8.8:
an object never moves); ground structures by their number; characters by `seat`.
"""

from __future__ import annotations

import functools

from parlor.core import Move, MoveCatalog


class SlotMove(Move, abstract=True):
    """A move on one object: the one at level `level` of its owner's production line `line`
    (SR-8.1; an object never moves, SR-8.8)."""

    line: int
    level: int


class SeatMove(Move, abstract=True):
    """A move naming one character: the one at `seat`."""

    seat: int


class ChooseCharacter(Move, kind="choose"):
    """Keep one of the two character cards dealt, face down (SR-5.5)."""

    card: str


class Build(Move, kind="build"):
    """Start producing a new object of design `no` (SR-8.3 step 1)."""

    no: str


class Place(SlotMove, kind="place"):
    """Put the new object on a line (SR-8.3 steps 2-3): `level` is the lowest empty level, or on
    a full line the level whose object is discarded."""


class Continue(SlotMove, kind="continue"):
    """Continue producing one's incomplete object (SR-8.4)."""


class BuildGround(Move, kind="build_ground"):
    """Start a ground structure in its own slot (SR-19.3)."""

    no: str


class ContinueGround(Move, kind="continue_ground"):
    """Continue producing an incomplete ground structure (SR-19.3)."""

    no: str


class Invest(Move, kind="invest"):
    """Move `amount` [W] from storage onto the object being produced (SR-8.3 step 4, SR-8.5)."""

    amount: int


class Attack(SlotMove, kind="attack"):
    """Begin an attack declaration with its first weapon (SR-12.1)."""


class AddWeapon(SlotMove, kind="add_weapon"):
    """Add the next weapon, in order, to the attack being declared (SR-12.1)."""


class Target(SeatMove, kind="target"):
    """Choose a character: a weapon's target, or the character an effect acts on (SR-12.1, SR-21)."""


class TargetsDone(Move, kind="targets_done"):
    """Stop adding targets to a multi-target weapon (SR-12.1)."""


class Launch(Move, kind="launch"):
    """Finish the attack declaration (SR-12.1)."""


class OrderTarget(SeatMove, kind="order"):
    """Name the next target in the target order (SR-12.1)."""


class Use(SlotMove, kind="use"):
    """Use one's object outside an attack: arm it (X(t)) or activate it (SR-10.1)."""


class Ability(Move, kind="ability"):
    """Declare one's activated character ability (SR-18.3)."""


class PickObject(SlotMove, kind="pick"):
    """Choose an object for an effect: on the chosen character's lines, or one's own (SR-21)."""


class PickWeapon(SlotMove, kind="cancel"):
    """Choose a weapon of the pending attack to cancel against oneself (SR-21.7)."""


class ChoicesDone(Move, kind="choices_done"):
    """Stop choosing for an "up to" effect (SR-21.7)."""


class RevealFaction(Move, kind="reveal_faction"):
    """Turn one's captain card face up (SR-4.2)."""


class RevealCharacter(Move, kind="reveal_character"):
    """Turn one's character card face up (SR-18.2)."""


class Blocker(SlotMove, kind="blocker"):
    """Add one's object to the chain of blockers, in order (SR-12.3 step 3)."""


class BlockersDone(Move, kind="blockers_done"):
    """Finish the chain of blockers (possibly empty) (SR-12.3 step 3)."""


class Guard(Move, kind="guard"):
    """Block (true) or let through (false) the next weapon aimed at you (SR-12.3, A-47)."""

    block: bool


class Give(SeatMove, kind="give"):
    """Hand 1 [W] of the reward to another living character's storage (SR-16.4)."""


class Keep(Move, kind="keep"):
    """Keep the rest of the reward (SR-16.4)."""


class Pass(Move, kind="pass"):
    """Give up priority: pass in a response round or in the end-of-action window (SR-10.6)."""


class EndPhase(Move, kind="end"):
    """End one's action phase (SR-6.4)."""


# The moves without fields made once, and the others once per value when first listed:
# legal-move lists reuse them, so a search meets the same objects again (a node compares the
# lists it is offered by identity before equality, and no move is made anew at every visit).
ABILITY, REVEAL_FACTION, REVEAL_CHARACTER, PASS, END_PHASE = (Ability(), RevealFaction(),
                                                              RevealCharacter(), Pass(), EndPhase())
TARGETS_DONE, LAUNCH, BLOCKERS_DONE, CHOICES_DONE, KEEP = (TargetsDone(), Launch(),
                                                           BlockersDone(), ChoicesDone(), Keep())
GUARD, LET_THROUGH = Guard(True), Guard(False)
choose_card = functools.cache(ChooseCharacter)
attack_at = functools.cache(Attack)
add_weapon_at = functools.cache(AddWeapon)
target_of = functools.cache(Target)
order_target_of = functools.cache(OrderTarget)
use_at = functools.cache(Use)
pick_object_at = functools.cache(PickObject)
pick_weapon_at = functools.cache(PickWeapon)
blocker_at = functools.cache(Blocker)
give_to = functools.cache(Give)

MOVES = MoveCatalog([
    ChooseCharacter, Build, Place, Continue, BuildGround, ContinueGround, Invest, Attack,
    AddWeapon, Target, TargetsDone, Launch, OrderTarget, Use, Ability, PickObject, PickWeapon,
    ChoicesDone, RevealFaction, RevealCharacter, Blocker, BlockersDone, Guard, Give, Keep, Pass,
    EndPhase,
])
