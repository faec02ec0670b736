"""Duel of Magicians (TR-22.1, A-23): the 2-player frame played with a complete card file.

- The Performance deck and the starting Theater (TR-2.1 item 3) are built from the Duel cards
  (`replaces_performance_deck`), by their `theater` type exactly as from the normal cards.
- A Duel card's printed gray markers lie on their slots from the moment the card enters the
  Theater (coded with the seat `GRAY`, consts.py): nobody's, they occupy the slot, form Links by
  TR-12.5 like any marker, are never moved or removed (Performance cleanup, TR-23.2) and yield
  nothing when performed; they leave only with their card.
- Link with a gray marker (TR-12.6, interpretation): the placing player is paid as for any Link
  (Fame or Coins = the level of the Trick placed); on a Shard circle the Shard goes to each
  *player* owning one of the two markers, so only the placer gets 1 (the gray marker has no
  owner). The performer's Link bonus (TR-14.4) counts Links with gray markers.
- Turn Setup cards: shuffled at setup (order hidden); at the start of each turn (before phase
  A) the top card is revealed and its `blocked_slots` are unusable that turn like covered slots
  (TR-2.2); the previous card is set aside. With the deck empty, the cards set aside are
  shuffled into a new deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Event

from ..data import DATA, Module
from ..markers import GRAY, marker_code
from .common import pub

if TYPE_CHECKING:
    from ..state import TrickerionState


def install(s: TrickerionState, module: Module) -> None:
    """TR-22.1: the Duel cards join the card table; the Turn Setup deck is shuffled."""
    s.duel = module
    s.cards = DATA.cards + module.cards
    deck = list(range(len(module.tables["turn_setup_card"])))
    s.rng.shuffle(deck)
    s.turn_setup_deck = deck


def deck_pool(s: TrickerionState) -> tuple[int, ...]:
    """The cards the Performance deck and Theater are built from (TR-2.1 item 3, TR-22.1)."""
    if s.duel is not None:
        return tuple(range(len(DATA.cards), len(s.cards)))
    return tuple(range(len(DATA.cards)))


def printed_row(s: TrickerionState, card: int) -> list[int]:
    """A card's slots as it enters the Theater: empty, or its printed gray markers."""
    c = s.cards[card]
    row = [-1] * len(c.slots)
    for slot, category, direction in c.printed:
        row[slot] = marker_code(GRAY, category, direction)
    return row


def setup_ids(s: TrickerionState) -> list[str]:
    assert s.duel is not None
    return [str(r["id"]) for r in s.duel.tables["turn_setup_card"]]


def draw_turn_setup(s: TrickerionState) -> list[Event]:
    """TR-22.1: this turn's Turn Setup card blocks its slots (revealed: chance, no undo)."""
    assert s.duel is not None
    rows = s.duel.tables["turn_setup_card"]
    if not s.turn_setup_deck:
        used = [k for k in range(len(rows)) if k != s.turn_setup]
        s.rng.shuffle(used)
        s.turn_setup_deck = used
    s.turn_setup = s.turn_setup_deck.pop(0)
    s.blocked = frozenset(DATA.slot_by_id[x] for x in rows[s.turn_setup]["blocked_slots"])
    return [pub("turn_setup_drawn", None, True, card=str(rows[s.turn_setup]["id"]),
                blocked=[DATA.slots[k].id for k in sorted(s.blocked)])]


def view(s: TrickerionState) -> dict[str, object] | None:
    """Public: the current Turn Setup card, its blocked slots, how many cards remain."""
    if s.duel is None:
        return None
    return {"turn_setup": setup_ids(s)[s.turn_setup] if s.turn_setup >= 0 else None,
            "blocked": [DATA.slots[k].id for k in sorted(s.blocked)],
            "turn_setup_deck": len(s.turn_setup_deck)}
