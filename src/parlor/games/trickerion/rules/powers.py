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
    from ..data import Module
    from ..state import TrickerionState


def powers(s: TrickerionState) -> tuple[dict[str, Any], ...]:
    assert s.powers is not None
    return s.powers.tables["power"]


def slots(s: TrickerionState) -> tuple[dict[str, Any], ...]:
    assert s.powers is not None
    return s.powers.tables["power_slot"]


def deal(s: TrickerionState, module: Module) -> None:
    """TR-21.1: 4 Powers of each colour to every player (the rest stay in the box)."""
    s.powers = module
    s.power_slots = [[-1] * len(module.tables["power_slot"]) for _ in range(s.players)]
    per = int(module.settings.get("dealt_per_color", 4))
    for color in module.settings["deck_colors"]:
        cards = [i for i, r in enumerate(module.tables["power"]) if r["color"] == color]
        s.rng.shuffle(cards)
        for seat in range(s.players):
            s.power_hand[seat].extend(cards[seat * per:(seat + 1) * per])
    s.power_counts = [[per] * len(module.settings["deck_colors"]) for _ in range(s.players)]
    for seat in range(s.players):
        s.power_hand[seat].sort()


def keep_count(s: TrickerionState) -> int:
    assert s.powers is not None
    st = s.powers.settings
    return int(st.get("dealt_per_color", 4)) * len(st["deck_colors"]) - \
        int(st.get("discard_at_setup", 4))


def start_discards(s: TrickerionState) -> list[Event]:
    """TR-21.1: each player, in seat order, discards down to 8 (one card per decision)."""
    s.phase, s.acting = Phase.POWER_DISCARDS, 0
    return [private("powers_dealt", seat, powers=[powers(s)[c]["id"] for c in s.power_hand[seat]])
            for seat in range(s.players)]


def discards_pending(s: TrickerionState) -> bool:
    """Moves `acting` to the next seat still above the kept count; False when all are done."""
    keep = keep_count(s)
    while s.acting < s.players and len(s.power_hand[s.acting]) <= keep:
        s.acting += 1
    return s.acting < s.players


def is_open(s: TrickerionState, seat: int, slot: int) -> bool:
    """TR-21.1: Shards fill the slots' symbols bottom-up; open while all its symbols are covered."""
    need = sum(int(r["shard_symbols"]) for r in slots(s)[:slot + 1])
    return s.shards[seat] >= need


def is_active(s: TrickerionState, seat: int, slot: int) -> bool:
    """A learned Power counts only while its slot is open (interpretation, see the docstring)."""
    return s.power_slots[seat][slot] >= 0 and is_open(s, seat, slot)


def cost(s: TrickerionState, seat: int, power: int) -> int:
    """TR-21.1: Coins paid for the Fame missing to the Power's Threshold."""
    return max(0, int(powers(s)[power]["fame_threshold"]) - s.fame[seat])


def learn_options(s: TrickerionState, seat: int) -> list[Move]:
    out: list[Move] = []
    ids = [str(r["id"]) for r in slots(s)]
    for p in sorted(set(s.power_hand[seat])):
        card = powers(s)[p]
        if cost(s, seat, p) > s.coins[seat]:
            continue
        for sid in card["valid_slots"]:
            k = ids.index(sid)
            if is_open(s, seat, k):
                out.append(LearnPower(str(card["id"]), str(sid)))
    return out


def legal(s: TrickerionState, seat: int) -> list[Move]:
    if s.phase == Phase.POWER_DISCARDS:
        return [DiscardPower(str(powers(s)[p]["id"])) for p in sorted(set(s.power_hand[seat]))]
    if s.power_done[seat]:
        return []
    return [*learn_options(s, seat), SkipPower()]


def start_learning(s: TrickerionState) -> bool:
    """TR-7.4: the start of phase D; False when nobody can learn (the phase is skipped)."""
    any_open = False
    for seat in range(s.players):
        s.power_choice[seat] = -1
        s.power_done[seat] = not learn_options(s, seat)
        any_open = any_open or not s.power_done[seat]
    if any_open:
        s.phase = Phase.LEARN_POWER
    return any_open


def _index(s: TrickerionState, power: str) -> int:
    for i, r in enumerate(powers(s)):
        if r["id"] == power:
            return i
    return -1


def _count(s: TrickerionState, seat: int, power: int, d: int) -> None:
    assert s.powers is not None
    s.power_counts[seat][list(s.powers.settings["deck_colors"]).index(powers(s)[power]["color"])] += d


def apply(s: TrickerionState, seat: int, move: Move) -> list[Event]:
    if isinstance(move, DiscardPower):
        s.power_hand[seat].remove(_index(s, move.power))
        _count(s, seat, _index(s, move.power), -1)
        return [private("power_discarded_own", seat, power=move.power),
                pub("power_discarded", seat)]
    s.power_done[seat] = True
    if isinstance(move, LearnPower):
        ids = [str(r["id"]) for r in slots(s)]
        s.power_choice[seat] = _index(s, move.power) * 64 + ids.index(move.slot)
    return [pub("power_decided", seat)]


def reveal(s: TrickerionState) -> list[Event]:
    """TR-7.4, TR-21.1: the chosen Powers are revealed and learned in seat order; a Power on the
    slot returns to its owner's hand first; Coins pay for missing Fame."""
    events: list[Event] = []
    for seat in range(s.players):
        choice = s.power_choice[seat]
        s.power_choice[seat] = -1
        if choice < 0:
            continue
        power, slot = divmod(choice, 64)
        old = s.power_slots[seat][slot]
        sid = str(slots(s)[slot]["id"])
        if old >= 0:
            s.power_hand[seat].append(old)
            _count(s, seat, old, 1)
            s.power_hand[seat].sort()
            events.append(pub("power_returned", seat, power=str(powers(s)[old]["id"]), slot=sid))
        coins = cost(s, seat, power)
        s.coins[seat] -= coins
        s.power_hand[seat].remove(power)
        _count(s, seat, power, -1)
        s.power_slots[seat][slot] = power
        events.append(pub("power_learned", seat, True, power=str(powers(s)[power]["id"]),
                          slot=sid, coins=coins))
    return events


def view_player(s: TrickerionState, seat: int, own: bool) -> dict[str, object]:
    """Public part: slots (open, learned Power with its text, not executed), hand counts by
    colour (the card backs); the own hand."""
    colors = s.powers.settings["deck_colors"] if s.powers is not None else ()
    out: dict[str, object] = {
        "slots": [{"slot": r["id"], "shard_symbols": r["shard_symbols"],
                   "open": is_open(s, seat, k),
                   "power": (None if s.power_slots[seat][k] < 0 else
                             {"id": powers(s)[s.power_slots[seat][k]]["id"],
                              "text": powers(s)[s.power_slots[seat][k]]["text"],
                              "active": is_active(s, seat, k),
                              "effect": "not executed (text only, A-23)"})}
                  for k, r in enumerate(slots(s))],
        "hand_by_color": dict(zip(colors, s.power_counts[seat], strict=True)),
        "decided": s.power_done[seat] if s.phase == Phase.LEARN_POWER else None,
    }
    if own:
        out["hand"] = [powers(s)[p]["id"] for p in s.power_hand[seat]]
        if s.phase == Phase.LEARN_POWER and s.power_choice[seat] >= 0:
            p, k = divmod(s.power_choice[seat], 64)
            out["chosen"] = {"power": powers(s)[p]["id"], "slot": slots(s)[k]["id"]}
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


def plant(s: TrickerionState, seat: int | None, mark: Callable[[], int]) -> None:
    for p in range(s.players):
        if p != seat:
            s.power_choice[p] = mark()
            s.power_hand[p] = [mark() for _ in s.power_hand[p]]
