"""What each seat may know (SK-13), built by whitelisting; redetermination and marker planting."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import Rng

from . import scoring
from .const import BID, CATEGORIES, CHOOSE, HAMMER, OPEN, OVER, PHASE_NAMES, PIECES
from .layout import display_coords
from .moves import KeepWonder

if TYPE_CHECKING:
    from .state import SkyriseState


def known_letters(st: SkyriseState, seat: int | None) -> list[int]:
    """Patron letters whose value `seat` may see (SK-6.2, SK-7.16, SK-12.1 step 4)."""
    n = len(st.data.patron_letters)
    if st.phase == OVER:
        return list(range(n))
    if seat is None:
        return []
    if st.sees_all_patrons(seat):
        return list(range(n))
    return [i for i in range(n) if st.patrons[seat][i] > 0]


def _player(st: SkyriseState, s: int) -> dict[str, Any]:
    data = st.data
    ids = data.pieces.ids
    colours = data.board.colours
    nbs = data.board.neighborhoods
    base = s * PIECES
    available, reserve, constructed, bids = [], [], [], []
    for pid in range(base, base + PIECES):
        if st.built[pid]:
            constructed.append([ids[pid], nbs[st.piece_neighborhood[pid]].id])
        elif st.piece_neighborhood[pid] >= 0:
            bids.append([ids[pid], nbs[st.piece_neighborhood[pid]].id])
        elif data.pieces.era[pid] <= st.era:
            available.append(ids[pid])
        else:
            reserve.append(ids[pid])
    out: dict[str, Any] = {
        "seat": s,
        "set": data.sets[s].id,
        "prestige": st.prestige[s],
        "points": {c: st.points[s][i] for i, c in enumerate(CATEGORIES)},
        "tracks": {c: st.tracks[s][i] for i, c in enumerate(colours)},
        "track_values": {c: scoring.track_value(st, s, i) for i, c in enumerate(colours)},
        "excess": {c: st.excess[s][i] for i, c in enumerate(colours)},
        "patrons": {L: st.patrons[s][i] for i, L in enumerate(data.patron_letters)},
        "commissions": st.commissions[s],
        "wilds": [colours[c] for c in st.wilds[s]],
        "keys": [data.keys[k].id for k in scoring.keys_held(st, s)],
        "finished": st.finish_order.index(s) + 1 if s in st.finish_order else None,
        "available": available,
        "reserve": reserve,
        "constructed": constructed,
        "bids": bids,
        "passed": st.passed[s] if st.phase in (OPEN, BID, HAMMER) else False,
        "kept_wonder": data.wonders[st.kept[s]].id if st.kept[s] >= 0 else None,
        "wonder_cards": len(st.hands[s]),
        "objective": (data.objectives[st.objectives[s]].id
                      if st.revealed[s] or st.phase == OVER else None),
    }
    return out


def view(st: SkyriseState, seat: int | None) -> dict[str, Any]:
    data = st.data
    lay = st.layout
    nbs = data.board.neighborhoods
    board = {}
    xy = display_coords(lay)
    for nb in lay.nbs:
        pid = st.occupant[nb]
        d = st.discs[nb]
        board[nbs[nb].id] = {
            "island": nbs[nb].island,
            "colour": data.board.colours[nbs[nb].colour],
            "xy": list(xy[nb]),
            "windmill": nbs[nb].windmill,
            "disc": data.disc_types[d].id if d >= 0 else None,
            "piece": None if pid < 0 else {"seat": pid // PIECES, "piece": data.pieces.ids[pid],
                                           "number": data.pieces.number[pid],
                                           "built": st.built[pid]},
        }
    v: dict[str, Any] = {
        "era": st.era,
        "phase": PHASE_NAMES[st.phase],
        "deciding": list(st.actors()),
        "players": [_player(st, s) for s in range(st.players)],
        "layout": [[slot, island] for slot, island in lay.placement],
        "board": board,
        "panoramas": [data.panoramas[i].id for i in st.panoramas],
        "lakes": {f.id: [nbs[x].id for x in f.neighborhoods] for f in lay.lakes},
        "blimps": {f.id: [nbs[x].id for x in f.neighborhoods] for f in lay.blimps},
        "bridges": {b: [nbs[x].id, nbs[y].id] for b, x, y in lay.bridges},
        "hammer": nbs[st.hammer_neighborhood].id if st.hammer_neighborhood >= 0 else None,
        "finish_order": list(st.finish_order),
        "auctions_done": st.auctions,
        "auction": None,
        "choosing": st.commits.view(seat) if st.phase == CHOOSE and st.commits else None,
        "patron_values": {data.patron_letters[i]: st.patron_values[i]
                          for i in known_letters(st, seat)},
    }
    if st.phase in (OPEN, BID, HAMMER):
        v["auction"] = {
            "number": st.auctions + 1, "first_bidder": st.first_bidder, "opener": st.opener,
            "fallback": st.open_mode, "bid_count": st.bid_count,
            "bids": [[p // PIECES, data.pieces.ids[p], data.pieces.number[p],
                      nbs[st.piece_neighborhood[p]].id] for p in st.bids],
        }
    if seat is not None:
        v["you"] = {
            "seat": seat,
            "wonder_hand": [data.wonders[k].id for k in sorted(st.hands[seat])],
            "objective": data.objectives[st.objectives[seat]].id,
        }
    return v


def redetermine(st: SkyriseState, seat: int, rng: Rng) -> SkyriseState:
    """Resample what `seat` cannot see: other patron values, others' wonder hands and hidden
    choices, others' unrevealed objectives; reseed future chance."""
    c = st.clone()
    c.rng = Rng(rng.getrandbits(64))
    if st.phase == OVER:
        return c
    known = set(known_letters(st, seat))
    unknown = [i for i in range(len(st.patron_values)) if i not in known]
    values = [st.patron_values[i] for i in unknown]
    rng.shuffle(values)
    for i, value in zip(unknown, values, strict=True):
        c.patron_values[i] = value
    others = [s for s in range(st.players) if s != seat]
    if any(st.hands[s] for s in others):
        used = set(st.hands[seat]) | {k for k in st.kept if k >= 0}
        pool = [k for k in range(len(st.data.wonders)) if k not in used]
        rng.shuffle(pool)
        for s in others:
            c.hands[s] = [pool.pop() for _ in st.hands[s]]
            if c.commits is not None and c.commits.committed(s):
                c.commits.moves[s] = KeepWonder(st.data.wonders[rng.choice(c.hands[s])].id)
    hidden = [s for s in others if not st.revealed[s]]
    shown = {st.objectives[s] for s in range(st.players) if s == seat or st.revealed[s]}
    objs = [k for k in range(len(st.data.objectives)) if k not in shown]
    rng.shuffle(objs)
    for s in hidden:
        c.objectives[s] = objs.pop()
    return c


def plant_markers(st: SkyriseState, seat: int | None) -> list[int | str]:
    """Overwrite, in place, every value hidden from `seat` (test hook for the conformance kit)."""
    markers: list[int | str] = []

    def mark() -> int:
        markers.append(9_000_001 + len(markers))
        return int(markers[-1])

    if st.phase == OVER:
        return markers
    known = set(known_letters(st, seat))
    for i in range(len(st.patron_values)):
        if i not in known:
            st.patron_values[i] = mark()
    for s in range(st.players):
        if s == seat:
            continue
        st.hands[s] = [mark() for _ in st.hands[s]]
        if not st.revealed[s]:
            st.objectives[s] = mark()
        if st.commits is not None and st.commits.committed(s):
            label = f"§M{len(markers) + 1}§"
            markers.append(label)
            st.commits.moves[s] = KeepWonder(label)
    return markers
