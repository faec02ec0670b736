"""Constants shared by the state and the rules modules."""

PIECES = 13
WONDER_K = 12

# decision phases
OPEN, BID, HAMMER, WILD, KAHN, VAULT, CHOOSE, OVER = range(8)
PHASE_NAMES = ("open", "bid", "hammer", "wild", "kahn", "vault", "choose_wonder", "over")

# steps of auction resolution still to run (SK-5.10)
STEP_NONE, STEP_EFFECT, STEP_FINISH = range(3)

# score breakdown categories (SK-8, SK-12)
CATEGORIES = ("island_control", "panoramas", "wonders", "objective", "patrons", "excess_discs",
              "keys", "commissions", "structures")
C_ISLAND, C_PANORAMA, C_WONDER, C_OBJECTIVE, C_PATRON, C_EXCESS, C_KEY, C_COMMISSION, \
    C_STRUCTURE = range(len(CATEGORIES))
