"""What each seat may know (SK-13), built by whitelisting; redetermination and marker planting."""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from parlor.core import Rng
from parlor.core.markers import Markers
from parlor.core.rng import seed_later

from . import scoring
from .const import BID, CATEGORIES, CHOOSE, HAMMER, OPEN, OVER, PHASE_NAMES, PIECES
from .layout import display_coords
from .moves import KeepWonder

if TYPE_CHECKING:
    from .state import SkyriseState


def known_letters(state: SkyriseState, seat: int | None) -> list[int]:
    """Patron letters whose value `seat` may see (SK-6.2, SK-7.16, SK-12.1 step 4)."""
    n = len(state.data.patron_letters)
    if state.phase == OVER:
        return list(range(n))
    if seat is None:
        return []
    if state.sees_all_patrons(seat):
        return list(range(n))
    return list(compress(range(n), state.patrons[seat]))  # letters it holds discs of (counts >= 0)


def _player(state: SkyriseState, s: int) -> dict[str, Any]:
    data = state.data
    ids = data.pieces.ids
    colours = data.board.colours
    neighborhoods = data.board.neighborhoods
    base = s * PIECES
    available, reserve, constructed, bids = [], [], [], []
    for piece in range(base, base + PIECES):
        if state.built[piece]:
            constructed.append([ids[piece], neighborhoods[state.piece_neighborhood[piece]].id])
        elif state.piece_neighborhood[piece] >= 0:
            bids.append([ids[piece], neighborhoods[state.piece_neighborhood[piece]].id])
        elif data.pieces.era[piece] <= state.era:
            available.append(ids[piece])
        else:
            reserve.append(ids[piece])
    out: dict[str, Any] = {
        "seat": s,
        "set": data.sets[s].id,
        "prestige": state.prestige[s],
        "points": {c: state.points[s][i] for i, c in enumerate(CATEGORIES)},
        "tracks": {c: state.tracks[s][i] for i, c in enumerate(colours)},
        "track_values": {c: scoring.track_value(state, s, i) for i, c in enumerate(colours)},
        "excess": {c: state.excess[s][i] for i, c in enumerate(colours)},
        "patrons": {L: state.patrons[s][i] for i, L in enumerate(data.patron_letters)},
        "commissions": state.commissions[s],
        "wilds": [colours[c] for c in state.wilds[s]],
        "keys": [data.keys[k].id for k in scoring.keys_held(state, s)],
        "finished": state.finish_order.index(s) + 1 if s in state.finish_order else None,
        "available": available,
        "reserve": reserve,
        "constructed": constructed,
        "bids": bids,
        "passed": state.passed[s] if state.phase in (OPEN, BID, HAMMER) else False,
        "kept_wonder": data.wonders[state.kept[s]].id if state.kept[s] >= 0 else None,
        "wonder_cards": len(state.hands[s]),
        "objective": (data.objectives[state.objectives[s]].id
                      if state.revealed[s] or state.phase == OVER else None),
    }
    return out


def view(state: SkyriseState, seat: int | None) -> dict[str, Any]:
    data = state.data
    lay = state.layout
    neighborhoods = data.board.neighborhoods
    board = {}
    xy = display_coords(lay)
    for neighborhood in lay.nbs:
        piece = state.occupant[neighborhood]
        d = state.discs[neighborhood]
        board[neighborhoods[neighborhood].id] = {
            "island": neighborhoods[neighborhood].island,
            "colour": data.board.colours[neighborhoods[neighborhood].colour],
            "xy": list(xy[neighborhood]),
            "windmill": neighborhoods[neighborhood].windmill,
            "disc": data.disc_types[d].id if d >= 0 else None,
            "piece": None if piece < 0 else {"seat": piece // PIECES, "piece": data.pieces.ids[piece],
                                           "number": data.pieces.number[piece],
                                           "built": state.built[piece]},
        }
    v: dict[str, Any] = {
        "era": state.era,
        "phase": PHASE_NAMES[state.phase],
        "deciding": list(state.actors()),
        "players": [_player(state, s) for s in range(state.players)],
        "layout": [[slot, island] for slot, island in lay.placement],
        "board": board,
        "panoramas": [data.panoramas[i].id for i in state.panoramas],
        "lakes": {f.id: [neighborhoods[x].id for x in f.neighborhoods] for f in lay.lakes},
        "blimps": {f.id: [neighborhoods[x].id for x in f.neighborhoods] for f in lay.blimps},
        "bridges": {b: [neighborhoods[x].id, neighborhoods[y].id] for b, x, y in lay.bridges},
        "hammer": neighborhoods[state.hammer_neighborhood].id if state.hammer_neighborhood >= 0 else None,
        "finish_order": list(state.finish_order),
        "auctions_done": state.auctions,
        "auction": None,
        "choosing": state.commits.view(seat) if state.phase == CHOOSE and state.commits else None,
        "patron_values": {data.patron_letters[i]: state.patron_values[i]
                          for i in known_letters(state, seat)},
    }
    if state.phase in (OPEN, BID, HAMMER):
        v["auction"] = {
            "number": state.auctions + 1, "first_bidder": state.first_bidder, "opener": state.opener,
            "fallback": state.open_mode, "bid_count": state.bid_count,
            "bids": [[p // PIECES, data.pieces.ids[p], data.pieces.number[p],
                      neighborhoods[state.piece_neighborhood[p]].id] for p in state.bids],
        }
    if seat is not None:
        v["you"] = {
            "seat": seat,
            "wonder_hand": [data.wonders[k].id for k in sorted(state.hands[seat])],
            "objective": data.objectives[state.objectives[seat]].id,
        }
    return v


def redetermine(state: SkyriseState, seat: int, rng: Rng) -> SkyriseState:
    """Resample what `seat` cannot see: other patron values, others' wonder hands and hidden
    choices, others' unrevealed objectives; reseed future chance."""
    c = state.clone()
    seed_later(c, rng.getrandbits(64))  # made if the rules ever draw
    if state.phase == OVER:
        return c
    known = set(known_letters(state, seat))
    unknown = [i for i in range(len(state.patron_values)) if i not in known]
    values = [state.patron_values[i] for i in unknown]
    rng.shuffle(values)
    for i, value in zip(unknown, values, strict=True):
        c.patron_values[i] = value
    others = [s for s in range(state.players) if s != seat]
    if any(state.hands[s] for s in others):
        used = set(state.hands[seat]) | {k for k in state.kept if k >= 0}
        pool = [k for k in range(len(state.data.wonders)) if k not in used]
        rng.shuffle(pool)
        for s in others:
            c.hands[s] = [pool.pop() for _ in state.hands[s]]
            if c.commits is not None and c.commits.committed(s):
                c.commits.moves[s] = KeepWonder(state.data.wonders[rng.choice(c.hands[s])].id)
    hidden = [s for s in others if not state.revealed[s]]
    shown = {state.objectives[s] for s in range(state.players) if s == seat or state.revealed[s]}
    objs = [k for k in range(len(state.data.objectives)) if k not in shown]
    rng.shuffle(objs)
    for s in hidden:
        c.objectives[s] = objs.pop()
    return c


def plant_markers(state: SkyriseState, seat: int | None) -> list[int | str]:
    """Overwrite, in place, every value hidden from `seat` (test hook for the conformance kit)."""
    mark = Markers()

    if state.phase == OVER:
        return mark.planted
    known = set(known_letters(state, seat))
    for i in range(len(state.patron_values)):
        if i not in known:
            state.patron_values[i] = mark()
    for s in range(state.players):
        if s == seat:
            continue
        state.hands[s] = [mark() for _ in state.hands[s]]
        if not state.revealed[s]:
            state.objectives[s] = mark()
        if state.commits is not None and state.commits.committed(s):
            state.commits.moves[s] = KeepWonder(mark.word("M"))
    return mark.planted
