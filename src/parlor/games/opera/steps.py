"""Decision steps (OP-17) and score categories, shared by the state and the rules."""

from __future__ import annotations

BID, TURN, BUY, REARRANGE, BUILD, SELL, OFFER, DEST, FAME, ESPERTO, OVER = range(11)
STEP_NAMES = ("bid", "turn", "buy", "rearrange", "build", "sell", "follow_offer", "destination",
              "fame", "esperto_scoring", "over")
CATEGORIES = ("buildings", "signora", "esperto", "main_halls", "episode_bonus", "empty_halls",
              "score_floor", "scenario")
BUILDINGS, SIGNORA_VP, ESPERTO_VP, MAIN_HALLS, EPISODE_BONUS, EMPTY_HALLS, SCORE_FLOOR = range(7)
