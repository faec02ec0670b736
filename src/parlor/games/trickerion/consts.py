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
