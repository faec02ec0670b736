"""What each seat may see (TR-24), built by whitelisting; redetermination and marker planting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import Rng

from .consts import ENGINEER_SLOT, PH_ACTION, PH_ASSIGN, PHASE_NAMES
from .data import CHARACTERS, DATA, DICE, DIRECTIONS, LOCATIONS, WEEKDAYS
from .rules.common import COMP_IDS, TRICK_IDS, effective, in_play
from .rules.turn import BASE_HAND

if TYPE_CHECKING:
    from .state import TrickerionState

CARD_STATES = ("none", "face_up", "placed", "idle")


def _cards_public(s: TrickerionState) -> bool:
    """Assignment cards and placements, from their reveal until the next Assignment (TR-7.3)."""
    return s.revealed


def _player(s: TrickerionState, seat: int) -> dict[str, Any]:
    cards_public = _cards_public(s)
    chars = {}
    for c in range(8):
        owned = bool(s.team[seat] >> c & 1)
        hired = bool(s.hired[seat] >> c & 1)
        if not (owned or hired):
            continue
        entry: dict[str, Any] = {"owned": owned, "hired_this_turn": hired,
                                 "assistant_home": s.asst_home[seat] == c}
        if cards_public:
            card = s.card[seat][c]
            entry["card"] = LOCATIONS[card] if card >= 0 else None
            entry["card_state"] = CARD_STATES[s.cstate[seat][c]]
            slot = s.placed[seat][c]
            entry["slot"] = DATA.slots[slot].id if slot >= 0 else None
        chars[CHARACTERS[c]] = entry
    tricks = []
    for slot in range(4):
        suit = s.tslot[seat][slot]
        if suit >= 0:
            tricks.append({"slot": "engineer" if slot == ENGINEER_SLOT else slot + 1,
                           "trick": TRICK_IDS[s.strick[seat][suit]], "suit": suit,
                           "prepared": s.prepared[seat][suit],
                           "scheduled": s.scheduled[seat][suit],
                           "supply": s.supply(seat, suit)})
    comps = {COMP_IDS[t]: {"count": s.comps[seat][t], "effective": effective(s, seat, t),
                           "manager": bool(s.mgr[seat] >> t & 1)}
             for t in range(len(COMP_IDS)) if s.comps[seat][t]}
    out: dict[str, Any] = {
        "seat": seat,
        "magician": DATA.magicians[s.magician[seat]].id if s.magician[seat] >= 0 else None,
        "fame": s.fame[seat], "coins": s.coins[seat], "shards": s.shards[seat],
        "poster": s.poster[seat], "characters": chars, "tricks": tricks, "components": comps,
        "weekday": WEEKDAYS[s.pday[seat]] if s.pday[seat] >= 0 else None,
        "assignment_committed": s.assign_done[seat],
    }
    if cards_public:
        out["hand_size"] = sum(BASE_HAND) - sum(1 for c in s.card[seat] if c >= 0)
    return out


def _theater(s: TrickerionState) -> list[dict[str, Any] | None]:
    out: list[dict[str, Any] | None] = []
    for pos in range(len(s.stage)):
        if s.stage[pos] < 0:
            out.append(None)
            continue
        card = DATA.cards[s.stage[pos]]
        markers = [{"slot": card.slots[i], "seat": code >> 4,
                    "trick": TRICK_IDS[s.strick[code >> 4][code >> 2 & 3]],
                    "dir": DIRECTIONS[code & 3]}
                   for i, code in enumerate(s.marks[pos]) if code >= 0]
        out.append({"position": pos + 1, "card": card.id, "markers": markers})
    return out


def view(s: TrickerionState, seat: int | None) -> dict[str, Any]:
    v: dict[str, Any] = {
        "turn": s.turn, "last_turn": s.last_turn, "phase": PHASE_NAMES[s.phase],
        "actors": list(s.actors()), "initiative": list(s.order),
        "initiative_spaces": list(DATA.initiative_spaces[s.n]),
        "dice": dict(zip(DICE, s.dice, strict=True)),
        "rerolls": dict(zip(DICE, s.rerolls, strict=True)),
        "previous_turn": {"dice": dict(zip(DICE, s.prev_dice, strict=False)),
                          "quick_order": COMP_IDS[s.prev_quick] if s.prev_quick >= 0 else None,
                          "characters": [{CHARACTERS[c]: ("idle" if x == -2 else DATA.slots[x].id)
                                          for c, x in enumerate(row) if x != -1}
                                         for row in s.prev_places]},
        "market": {"buy": [COMP_IDS[c] for c in s.buy],
                   "orders": [COMP_IDS[c] if c >= 0 else None for c in s.orders],
                   "quick_order": COMP_IDS[s.quick] if s.quick >= 0 else None},
        "residence": [t.id for t in DATA.tricks if s.owner[t.index] < 0 and in_play(s, t)],
        "theater": _theater(s), "deck_size": len(s.deck),
        "discarded": [DATA.cards[c].id for c in s.discarded],
        "players": [_player(s, p) for p in range(s.n)],
        "placement": None, "performance_day": None, "final": s.final,
    }
    if s.phase == PH_ACTION:
        v["placement"] = {"seat": s.acting, "character": CHARACTERS[s.pc_char],
                          "slot": DATA.slots[s.pc_slot].id, "ap": s.pc_ap,
                          "enhanced": s.pc_enh}
    if s.phase == 8:
        v["performance_day"] = WEEKDAYS[s.perf_day]
    if seat is not None:
        you: dict[str, Any] = {"seat": seat,
                               "hand": {LOCATIONS[loc]: s.hand[seat][loc]
                                        for loc in range(5) if s.hand[seat][loc]}}
        if s.phase == PH_ASSIGN:
            you["assigned"] = {CHARACTERS[c]: LOCATIONS[s.card[seat][c]]
                               for c in range(8) if s.card[seat][c] >= 0}
            you["assigned_count"] = s.assign_pos[seat]
        v["you"] = you
    return v


def redetermine(s: TrickerionState, seat: int, rng: Rng) -> TrickerionState:
    """Resample what `seat` cannot see: the deck's cards, others' secret assignments, future dice."""
    c = s.clone()
    c._cache = None
    c.rng = Rng(rng.getrandbits(64))
    visible = set(c.stage) | set(c.discarded)
    by_type: dict[str, list[int]] = {}
    for card in DATA.cards:
        if card.index not in visible:
            by_type.setdefault(card.theater, []).append(card.index)
    for cards in by_type.values():
        rng.shuffle(cards)
    c.deck = [by_type[DATA.cards[k].theater].pop() for k in c.deck]
    if c.phase == PH_ASSIGN:
        from .rules.turn import home_characters
        for p in range(c.n):
            if p == seat:
                continue
            c.hand[p] = list(BASE_HAND)
            c.card[p] = [-1] * 8
            for char in home_characters(c, p)[:c.assign_pos[p]]:
                options = [loc for loc in range(5) if c.hand[p][loc]] + [-1]
                loc = rng.choice(options)
                if loc >= 0:
                    c.hand[p][loc] -= 1
                    c.card[p][char] = loc
    return c


def plant_markers(s: TrickerionState, seat: int | None) -> list[int | str]:
    """Overwrite every value hidden from `seat` (TR-24) with distinctive numbers."""
    markers: list[int | str] = []

    def mark() -> int:
        markers.append(9_000_001 + len(markers))
        return int(markers[-1])

    s.deck = [mark() for _ in s.deck]
    for p in range(s.n):
        if p == seat:
            continue
        s.hand[p] = [mark() for _ in s.hand[p]]
        if s.phase == PH_ASSIGN:
            s.card[p] = [mark() for _ in s.card[p]]
            s.assign_pos[p] = mark()
    s._cache = None
    return markers
