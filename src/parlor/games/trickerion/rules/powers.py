"""Magician Powers (TR-21, TR-7.4): the frame around the Power cards.

The data (`data/magician_powers.toml`, documented in docs/trickerion-expansions.md) gives each
Power an id, colour, Fame Threshold, valid slots and a `text`; the texts have no machine effect
vocabulary, so a learned Power sits on its slot and shows its text, but its effect is not applied.
Power slots are the [[power_slot]] entries in file order, bottom first: the player's Shards cover
their Shard symbols bottom-up (and are spent top-down), a slot is open while all its symbols are
covered (TR-21.1), which makes "open" a function of the Shard count.

A Power on a slot that spending Shards closes (TR-21.1 is silent about it): it stays on the slot
but is inactive (`active: false` in the view) while the slot is closed, and is active again once
Shards reopen the slot; a closed slot cannot receive a Power.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlor.core import Event, Move, Rng

from ..consts import Phase
from ..moves import DiscardPower, LearnPower, SkipPower
from .common import private, pub

if TYPE_CHECKING:
    from ..records import Module
    from ..state import TrickerionState


def powers(state: TrickerionState) -> tuple[dict[str, Any], ...]:
    assert state.powers is not None
    return state.powers.tables["power"]


def slots(state: TrickerionState) -> tuple[dict[str, Any], ...]:
    assert state.powers is not None
    return state.powers.tables["power_slot"]


def deal(state: TrickerionState, module: Module) -> None:
    """TR-21.1: 4 Powers of each colour to every player (the rest stay in the box)."""
    state.powers = module
    state.power_slots = [[-1] * len(module.tables["power_slot"]) for _ in range(state.players)]
    per = int(module.settings.get("dealt_per_color", 4))
    for color in module.settings["deck_colors"]:
        cards = [i for i, r in enumerate(module.tables["power"]) if r["color"] == color]
        state.rng.shuffle(cards)
        for seat in range(state.players):
            state.power_hand[seat].extend(cards[seat * per:(seat + 1) * per])
    state.power_counts = [[per] * len(module.settings["deck_colors"]) for _ in range(state.players)]
    for seat in range(state.players):
        state.power_hand[seat].sort()


def keep_count(state: TrickerionState) -> int:
    assert state.powers is not None
    st = state.powers.settings
    return int(st.get("dealt_per_color", 4)) * len(st["deck_colors"]) - \
        int(st.get("discard_at_setup", 4))


def start_discards(state: TrickerionState) -> list[Event]:
    """TR-21.1: each player, in seat order, discards down to 8 (one card per decision)."""
    state.phase, state.acting = Phase.POWER_DISCARDS, 0
    return [private("powers_dealt", seat, powers=[powers(state)[c]["id"] for c in state.power_hand[seat]])
            for seat in range(state.players)]


def discards_pending(state: TrickerionState) -> bool:
    """Moves `acting` to the next seat still above the kept count; False when all are done."""
    keep = keep_count(state)
    while state.acting < state.players and len(state.power_hand[state.acting]) <= keep:
        state.acting += 1
    return state.acting < state.players


def is_open(state: TrickerionState, seat: int, slot: int) -> bool:
    """TR-21.1: Shards fill the slots' symbols bottom-up; open while all its symbols are covered."""
    need = sum(int(r["shard_symbols"]) for r in slots(state)[:slot + 1])
    return state.shards[seat] >= need


def is_active(state: TrickerionState, seat: int, slot: int) -> bool:
    """A learned Power counts only while its slot is open (interpretation, see the docstring)."""
    return state.power_slots[seat][slot] >= 0 and is_open(state, seat, slot)


def cost(state: TrickerionState, seat: int, power: int) -> int:
    """TR-21.1: Coins paid for the Fame missing to the Power's Threshold."""
    return max(0, int(powers(state)[power]["fame_threshold"]) - state.fame[seat])


def learn_options(state: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = []
    ids = [str(r["id"]) for r in slots(state)]
    for p in sorted(set(state.power_hand[seat])):
        card = powers(state)[p]
        if cost(state, seat, p) > state.coins[seat]:
            continue
        for sid in card["valid_slots"]:
            k = ids.index(sid)
            if is_open(state, seat, k):
                out.append(LearnPower(str(card["id"]), str(sid)))
    return out


def legal(state: TrickerionState, seat: int) -> list[Move]:
    if state.phase == Phase.POWER_DISCARDS:
        return [DiscardPower(str(powers(state)[p]["id"])) for p in sorted(set(state.power_hand[seat]))]
    if state.power_done[seat]:
        return []
    return [*learn_options(state, seat), SkipPower()]


def start_learning(state: TrickerionState) -> bool:
    """TR-7.4: the start of phase D; False when nobody can learn (the phase is skipped)."""
    any_open = False
    for seat in range(state.players):
        state.power_choice[seat] = -1
        state.power_done[seat] = not learn_options(state, seat)
        any_open = any_open or not state.power_done[seat]
    if any_open:
        state.phase = Phase.LEARN_POWER
    return any_open


def _index(state: TrickerionState, power: str) -> int:
    for i, r in enumerate(powers(state)):
        if r["id"] == power:
            return i
    return -1


def _count(state: TrickerionState, seat: int, power: int, d: int) -> None:
    assert state.powers is not None
    colour = list(state.powers.settings["deck_colors"]).index(powers(state)[power]["color"])
    state.power_counts[seat][colour] += d


def apply(state: TrickerionState, seat: int, move: Move) -> list[Event]:
    if isinstance(move, DiscardPower):
        state.power_hand[seat].remove(_index(state, move.power))
        _count(state, seat, _index(state, move.power), -1)
        return [private("power_discarded_own", seat, power=move.power),
                pub("power_discarded", seat)]
    state.power_done[seat] = True
    if isinstance(move, LearnPower):
        ids = [str(r["id"]) for r in slots(state)]
        state.power_choice[seat] = _index(state, move.power) * 64 + ids.index(move.slot)
    return [pub("power_decided", seat)]


def reveal(state: TrickerionState) -> list[Event]:
    """TR-7.4, TR-21.1: the chosen Powers are revealed and learned in seat order; a Power on the
    slot returns to its owner's hand first; Coins pay for missing Fame."""
    events: list[Event] = []
    for seat in range(state.players):
        choice = state.power_choice[seat]
        state.power_choice[seat] = -1
        if choice < 0:
            continue
        power, slot = divmod(choice, 64)
        old = state.power_slots[seat][slot]
        sid = str(slots(state)[slot]["id"])
        if old >= 0:
            state.power_hand[seat].append(old)
            _count(state, seat, old, 1)
            state.power_hand[seat].sort()
            events.append(pub("power_returned", seat, power=str(powers(state)[old]["id"]), slot=sid))
        coins = cost(state, seat, power)
        state.coins[seat] -= coins
        state.power_hand[seat].remove(power)
        _count(state, seat, power, -1)
        state.power_slots[seat][slot] = power
        events.append(pub("power_learned", seat, True, power=str(powers(state)[power]["id"]),
                          slot=sid, coins=coins))
    return events


def view_player(state: TrickerionState, seat: int, own: bool) -> dict[str, object]:
    """Public part: slots (open, learned Power with its text, not executed), hand counts by
    colour (the card backs); the own hand."""
    colors = state.powers.settings["deck_colors"] if state.powers is not None else ()
    out: dict[str, object] = {
        "slots": [{"slot": r["id"], "shard_symbols": r["shard_symbols"],
                   "open": is_open(state, seat, k),
                   "power": (None if state.power_slots[seat][k] < 0 else
                             {"id": powers(state)[state.power_slots[seat][k]]["id"],
                              "text": powers(state)[state.power_slots[seat][k]]["text"],
                              "active": is_active(state, seat, k),
                              "effect": "not executed (text only, A-23)"})}
                  for k, r in enumerate(slots(state))],
        "hand_by_color": dict(zip(colors, state.power_counts[seat], strict=True)),
        "decided": state.power_done[seat] if state.phase == Phase.LEARN_POWER else None,
    }
    if own:
        out["hand"] = [powers(state)[p]["id"] for p in state.power_hand[seat]]
        if state.phase == Phase.LEARN_POWER and state.power_choice[seat] >= 0:
            p, k = divmod(state.power_choice[seat], 64)
            out["chosen"] = {"power": powers(state)[p]["id"], "slot": slots(state)[k]["id"]}
    return out


def redeal(c: TrickerionState, seat: int, rng: Rng) -> None:
    """redetermine: the others' hands are dealt again from the unseen Powers of each colour
    (hand sizes by colour are public); their hidden choices become 'no Power' (always legal)."""
    if c.powers is None:
        return
    seen = set(c.power_hand[seat]) | {p for row in c.power_slots for p in row if p >= 0}
    if c.power_choice[seat] >= 0:
        seen.add(c.power_choice[seat] // 64)
    for color in c.powers.settings["deck_colors"]:
        pool = [i for i, r in enumerate(powers(c)) if r["color"] == color and i not in seen]
        rng.shuffle(pool)
        for p in range(c.players):
            if p == seat:
                continue
            k = c.power_counts[p][list(c.powers.settings["deck_colors"]).index(color)]
            keep = [] if color == c.powers.settings["deck_colors"][0] else c.power_hand[p]
            c.power_hand[p] = keep + [pool.pop() for _ in range(k)]
    for p in range(c.players):
        if p != seat:
            c.power_hand[p].sort()
            c.power_choice[p] = -1


def plant(state: TrickerionState, seat: int | None, mark: Callable[[], int]) -> None:
    for p in range(state.players):
        if p != seat:
            state.power_choice[p] = mark()
            state.power_hand[p] = [mark() for _ in state.power_hand[p]]
