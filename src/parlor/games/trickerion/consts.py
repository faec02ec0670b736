"""Small constants shared by the state and the rule modules (no imports, no cycles)."""

# phases (decision kinds)
PH_MAGICIAN, PH_START, PH_ENGINEER, PH_MANAGER = 0, 1, 2, 3
PH_ADVERTISE, PH_ASSIGN, PH_PLACE, PH_ACTION, PH_PERFORM, PH_OVER = 4, 5, 6, 7, 8, 9
PH_BREAK_FREE, PH_AFTER_SHOWS = 10, 11      # (DA) between E and F (TR-20); after F (TR-18.4)
PH_POWER_KEEP, PH_POWER_LEARN = 13, 14   # Magician Powers (TR-21.1): setup discards; learn
PH_DUBIOUS = 12            # (DA) End Turn, TR-15.3: storing the Dubious Sources component (TR-26 G)
PHASE_NAMES = ("choose_magician", "starting_choices", "engineer_trick", "manager_components",
               "advertise", "assignment", "place_character", "actions", "performance", "over",
               "break_free", "after_performances", "dubious_sources", "power_discards",
               "learn_power")

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

# a Trick marker on a Performance card (TR-1.3, TR-12.3) is one int:
#   seat << M_SEAT | suit << M_SUIT | M_STACK (Electra's stack of two markers, TR-20) | direction
# (direction 0..3 = N, E, S, W: where the corner of the marker's own category points)
M_SEAT, M_SUIT, M_STACK, M_DIR = 5, 3, 4, 3
# Duel of Magicians (TR-22.1): a printed gray marker is coded with the seat GRAY (nobody's, never
# a player: at most 4 seats) and its printed category in the suit bits
GRAY = 7


def marker_code(seat: int, suit: int, direction: int = 0, stack: bool = False) -> int:
    """The code of a marker of `seat`'s Trick `suit` (one marker, or a Supercharge stack)."""
    return seat << M_SEAT | suit << M_SUIT | (M_STACK if stack else 0) | direction


def marker_count(code: int) -> int:
    """Physical markers a code stands for: 2 for a Supercharge stack (TR-20), else 1."""
    return 2 if code & M_STACK else 1


def is_gray(code: int) -> bool:
    """A printed gray marker of a Duel Performance card (TR-22.1): nobody's, never removed."""
    return code >> M_SEAT == GRAY
