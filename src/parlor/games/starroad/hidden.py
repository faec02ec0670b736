"""Hidden information (SR-24.2, SR-24.3): resampling it for search, planting markers for tests.

Hidden from a seat: other characters' face-down faction cards (unless it peeked), their
face-down character cards and set-aside cards, the undealt character cards, and the numbers of
other characters' objects never used (with `hidden_object_numbers`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Rng
from parlor.core.markers import Markers
from parlor.core.rng import seed_later

if TYPE_CHECKING:
    from .model import Content, Obj
    from .state import StarRoadState


def faction_hidden(s: StarRoadState, x: int, seat: int | None) -> bool:
    p = s.players[x]
    if p.faction_up or x == seat:
        return False
    return seat is None or x not in s.players[seat].peeked


def _character_slots(s: StarRoadState, seat: int | None) -> list[tuple[int, str]]:
    """(seat, field) of every character card hidden from `seat`, in a fixed order."""
    out: list[tuple[int, str]] = []
    for x, p in enumerate(s.players):
        if x == seat:
            continue
        if not p.character:
            out.extend((x, f"dealt{i}") for i in range(len(p.dealt)))
            continue
        if not p.character_up:
            out.append((x, "character"))
        out.append((x, "unchosen"))
    return out


def _get(s: StarRoadState, x: int, field: str) -> str:
    p = s.players[x]
    if field.startswith("dealt"):
        return p.dealt[int(field[5:])]
    return str(getattr(p, field))


def _set(s: StarRoadState, x: int, field: str, value: str) -> None:
    p = s.players[x]
    if field.startswith("dealt"):
        i = int(field[5:])
        p.dealt = (*p.dealt[:i], value, *p.dealt[i + 1:])
    else:
        setattr(p, field, value)


def _hidden_objects(s: StarRoadState, seat: int | None) -> list[Obj]:
    return [o for x, p in enumerate(s.players) if x != seat
            for o in p.slots if o is not None and not o.revealed]


def _candidates(s: StarRoadState, o: Obj) -> list[str]:
    """Designs a never-used object may be, given what everyone sees of it (remembered per
    content by those public facts: every determinization of a search asks again)."""
    key = (id(s.content), o.marks, o.w, o.intact)
    known = _CANDIDATES.get(key)
    if known is not None and known[0] is s.content:
        return known[1]
    out = _candidates_of(s, o)
    if len(_CANDIDATES) >= 10_000:
        _CANDIDATES.clear()
    _CANDIDATES[key] = (s.content, out)
    return out


_CANDIDATES: dict[tuple[int, int, int, bool], tuple[Content, list[str]]] = {}


def _candidates_of(s: StarRoadState, o: Obj) -> list[str]:
    out = []
    for no in s.content.designs:
        d = s.content.chart[no]
        if o.marks == 0:
            ok = d.cost > o.w
        elif o.marks > 1:
            ok = d.use_limit == o.marks and (d.cost == o.w if o.intact else d.cost > o.w)
        else:
            ok = d.use_limit <= 1 and (d.cost == o.w if o.intact else d.cost > o.w)
        if ok:
            out.append(no)
    return out


def redetermine(s: StarRoadState, seat: int, rng: Rng) -> StarRoadState:
    """A copy where what `seat` cannot see is dealt anew, consistently with its view."""
    c = s.clone()
    c._legal_moves = None  # hidden numbers change below, and with them some seats' legal moves
    seed_later(c, rng.getrandbits(64))  # made if the rules ever draw
    hidden = [x for x in range(c.player_count) if faction_hidden(c, x, seat)]
    # the cards still hidden are the faction table's less those the seat sees (SR-3.2, SR-5.4),
    # public knowledge: in a fixed order before the shuffle, whoever truly holds which
    cards = sorted(c.players[x].faction for x in hidden)
    rng.shuffle(cards)
    for x, card in zip(hidden, cards, strict=True):
        c.players[x].faction = card
    slots = _character_slots(c, seat)
    pool = [_get(c, x, f) for x, f in slots] + c.undealt
    rng.shuffle(pool)
    for x, f in slots:
        _set(c, x, f, pool.pop())
    c.undealt = pool
    d = c.draft
    pinned = set() if d is None else {d.uid, *d.blockers, *(u for u, _ in d.weapons)}
    for o in _hidden_objects(c, seat):
        if o.uid not in pinned:
            o.no = rng.choice(_candidates(c, o))
    if d is not None and d.seat != seat and d.kind == "produce":
        if d.ground >= 0:
            pass
        elif not d.new:
            obj = c.players[d.seat].slots[d.slot]
            assert obj is not None
            d.no = obj.no
        else:
            d.no = rng.choice(list(c.content.designs))
    return c


def plant_markers(s: StarRoadState, seat: int | None) -> list[int | str]:
    """Overwrite in place every value hidden from `seat` with a distinctive marker."""
    marks = Markers()
    s._legal_moves = None  # legal moves listed before the markers were planted no longer hold

    def mark() -> str:
        return marks.word("H")

    for x in range(s.player_count):
        if faction_hidden(s, x, seat):
            s.players[x].faction = mark()
    for x, f in _character_slots(s, seat):
        _set(s, x, f, mark())
    s.undealt = [mark() for _ in s.undealt]
    for o in _hidden_objects(s, seat):
        o.no = mark()
    d = s.draft
    if d is not None and d.seat != seat and d.kind == "produce" and d.ground < 0:
        d.no = mark()
    return marks.planted
