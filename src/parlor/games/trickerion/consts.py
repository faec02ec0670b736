"""Small constants shared by the state and the rule modules (no imports, no cycles)."""

from typing import Final


class Phase:
    """What the table is deciding, in rule order (the view shows the name in lower case).

    Plain int constants in a namespace rather than an IntEnum: on Python 3.11 reading an enum member
    (`Phase.ACTIONS`) costs about half a microsecond, a class attribute a tenth of that, and the rules
    read phases several times in every legal-move call (bench/speed.py measured Trickerion's legal
    moves 0.82x and redetermination 0.63x with the enum)."""

    CHOOSE_MAGICIAN: Final = 0      # setup: each player's Magician (TR-2.3)
    STARTING_CHOICES: Final = 1     # setup: starting components, Trick, Specialist (TR-2.4)
    ENGINEER_TRICK: Final = 2       # setup: an Engineer's extra Trick (TR-2.4)
    MANAGER_COMPONENTS: Final = 3   # setup: a Manager's extra components (TR-2.4)
    POWER_DISCARDS: Final = 4       # setup, Magician Powers: discards down to 8 (TR-21.1)
    ADVERTISE: Final = 5            # phase C (TR-6)
    LEARN_POWER: Final = 6          # Magician Powers, before assigning (TR-7.4)
    ASSIGNMENT: Final = 7           # phase D (TR-7)
    PLACE_CHARACTER: Final = 8      # phase E: the next placement (TR-8.1)
    ACTIONS: Final = 9              # phase E: the actions of a placement (TR-8.5)
    BREAK_FREE: Final = 10          # Dark Alley, between E and F (TR-20)
    PERFORMANCE: Final = 11         # phase F (TR-14)
    AFTER_PERFORMANCES: Final = 12  # Dark Alley, after F (TR-18.4)
    DUBIOUS_SOURCES: Final = 13     # Dark Alley, End Turn: storing the arriving component (TR-15.3)
    OVER: Final = 14


_PHASES = sorted((value, name) for name, value in vars(Phase).items() if name.isupper())
assert [value for value, _ in _PHASES] == list(range(len(_PHASES))), "phases are numbered 0, 1, 2, ..."
PHASE_NAMES = tuple(name.lower() for _, name in _PHASES)  # indexed by phase

# assignment card state of a character (TR-7, TR-8.1)
CS_NONE, CS_PENDING, CS_PLACED, CS_IDLE = 0, 1, 2, 3

MAGICIAN, ASSISTANT, MANAGER, ENGINEER = 0, 1, 2, 3
APPRENTICES = (4, 5, 6, 7)
ENGINEER_SLOT = 3          # index of the Engineer's Trick slot in `tslot`

# Dark Alley: placement flags (pc_flags) and per-turn flags (tflags)
PF_UNDECLARED = 1          # a Special card's ability or +1 AP is still to be declared (TR-18.2)
PF_ABILITY = 2             # the declared ability waits for its target action (TR-18.3)
PF_DREW_FIRST = 4          # Draw First Card taken (TR-13.2)
PF_MECHANIKER = 8          # Mechanical Enhancement used in this placement (TR-20)
TF_MECHANIKER = 1          # ... once per turn
TF_MIMESIS = 2             # The Great Optico's Mimesis used this turn (TR-20)
TF_POSSESSION = 4          # Yoruba Spiritmaster's Soul Possession used this turn (TR-20)

# a follow-up decision of an ability inside a placement (`follow[0]`, TR-18.4)
FU_SWAP, FU_STAGE, FU_REPLACE, FU_UNSTABLE, FU_INVEST, FU_MERCHANT, FU_MOTIVATE, FU_MIMIC = \
    1, 2, 3, 4, 5, 6, 7, 8
FU_PREMIERE = 9
FOLLOW_NAMES = ("", "buying_time", "on_stage_preparation", "replaceable_parts",
                "unstable_prototype", "investments", "traveling_merchants", "hypnotic_motivation",
                "mimesis", "grand_premiere")
