"""Sealed Bids: a small test-only game that exercises every path of the core protocol.

Not shipped, not registered by the package: tests register it. Rules (SB-n are its rule IDs):

- SB-1 Setup: a deck of cards 1..deck_size is shuffled; each seat is dealt `hand_size` cards,
  hidden from the others. The prize pile holds prizes 1..rounds, shuffled and face down.
- SB-2 Each round the top prize is turned face up. Every seat then bids one card from its hand at
  the same time (a hidden commit); a seat with an empty hand first draws one card.
- SB-3 When the last bid is in, all bids are revealed and discarded. The single highest bid wins;
  a tie for highest means nobody wins and the prize is discarded.
- SB-4 The winner either takes the prize (its value in points) or trades it away to draw two cards.
- SB-5 After `rounds` rounds the game ends. Most points wins; ties are broken by the total of the
  cards left in hand.
"""

from .game import Bid, SealedBids, SealedBidsState, Take, Trade

__all__ = ["Bid", "SealedBids", "SealedBidsState", "Take", "Trade"]
