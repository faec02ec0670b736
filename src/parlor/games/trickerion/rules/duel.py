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

from ..data import DATA
from ..markers import GRAY, marker_code
from ..records import Module
from .common import pub

if TYPE_CHECKING:
    from ..state import TrickerionState


def install(state: TrickerionState, module: Module) -> None:
    """TR-22.1: the Duel cards join the card table; the Turn Setup deck is shuffled."""
    state.duel = module
    state.cards = DATA.cards + module.cards
    deck = list(range(len(module.tables["turn_setup_card"])))
    state.rng.shuffle(deck)
    state.turn_setup_deck = deck


def deck_pool(state: TrickerionState) -> tuple[int, ...]:
    """The cards the Performance deck and Theater are built from (TR-2.1 item 3, TR-22.1)."""
    if state.duel is not None:
        return tuple(range(len(DATA.cards), len(state.cards)))
    return tuple(range(len(DATA.cards)))


def printed_row(state: TrickerionState, card: int) -> list[int]:
    """A card's slots as it enters the Theater: empty, or its printed gray markers."""
    c = state.cards[card]
    row = [-1] * len(c.slots)
    for slot, category, direction in c.printed:
        row[slot] = marker_code(GRAY, category, direction)
    return row


def setup_ids(state: TrickerionState) -> list[str]:
    assert state.duel is not None
    return [str(r["id"]) for r in state.duel.tables["turn_setup_card"]]


def draw_turn_setup(state: TrickerionState) -> list[Event]:
    """TR-22.1: this turn's Turn Setup card blocks its slots (revealed: chance, no undo)."""
    assert state.duel is not None
    rows = state.duel.tables["turn_setup_card"]
    if not state.turn_setup_deck:
        used = [k for k in range(len(rows)) if k != state.turn_setup]
        state.rng.shuffle(used)
        state.turn_setup_deck = used
    state.turn_setup = state.turn_setup_deck.pop(0)
    state.blocked = frozenset(DATA.slot_by_id[x] for x in rows[state.turn_setup]["blocked_slots"])
    return [pub("turn_setup_drawn", None, True, card=str(rows[state.turn_setup]["id"]),
                blocked=[DATA.slots[k].id for k in sorted(state.blocked)])]


def view(state: TrickerionState) -> dict[str, object] | None:
    """Public: the current Turn Setup card, its blocked slots, how many cards remain."""
    if state.duel is None:
        return None
    return {"turn_setup": setup_ids(state)[state.turn_setup] if state.turn_setup >= 0 else None,
            "blocked": [DATA.slots[k].id for k in sorted(state.blocked)],
            "turn_setup_deck": len(state.turn_setup_deck)}
