"""Small constants shared by the state and the rule modules (no imports, no cycles)."""

# phases (decision kinds)
PH_MAGICIAN, PH_START, PH_ENGINEER, PH_MANAGER = 0, 1, 2, 3
PH_ADVERTISE, PH_ASSIGN, PH_PLACE, PH_ACTION, PH_PERFORM, PH_OVER = 4, 5, 6, 7, 8, 9
PHASE_NAMES = ("choose_magician", "starting_choices", "engineer_trick", "manager_components",
               "advertise", "assignment", "place_character", "actions", "performance", "over")

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
