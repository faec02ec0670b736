"""Views (OP-15): built by whitelisting. Public: the board, scores (and by category), budget positions, halls,
display, palazzo, ladder, figures, roles, episode composers, discard pile, revealed bids.
Private (options `hidden_money`, `hidden_supply`): money and supply; sealed bids until revealed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import CITIES, COMPOSERS, NOHALL, OFFSET, PIECE_COMPOSER, ROLES, piece_name
from .rules import endround, fame
from .steps import CATEGORIES, OVER, REARRANGE, STEP_NAMES

if TYPE_CHECKING:
    from .state import OperaState

FIGURE_ROLES = ("maestro", "critico", "esperto")


def _houses(s: OperaState, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for city, cid in enumerate(CITIES):
        if not s.house[seat][city]:
            continue
        start = OFFSET[city]
        halls = []
        for i in range(s.data.cities[city].max_halls):
            h = s.halls[seat][start + i]
            if h != NOHALL:
                halls.append([i + 1, piece_name(h) if h >= 0 else None])
        out[cid] = {"house": s.house[seat][city], "halls": halls}
    return out


def _player(s: OperaState, seat: int, viewer: int | None) -> dict[str, Any]:
    p: dict[str, Any] = {
        "seat": seat, "color": s.data.colors[s.seating.index(seat)],
        "seating": s.seating.index(seat) + 1, "score": s.score[seat], "row": s.row[seat],
        "slot": s.slot[seat], "passed": s.passed[seat], "roles_chosen": s.roles_used[seat],
        "houses": _houses(s, seat),
        # VP by category: every gain is announced by a public event (OP-15.1)
        "points": dict(zip(CATEGORIES, s.points[seat], strict=True)),
    }
    if viewer == seat or not s.options.hidden_money:
        p["money"] = s.money[seat]
    if viewer == seat or not s.options.hidden_supply:
        p["supply"] = sorted(piece_name(x) for x in s.supply[seat])
    return p


def _decision(s: OperaState) -> dict[str, Any]:
    d: dict[str, Any] = {"step": STEP_NAMES[s.step], "actors": list(s.actors())}
    if s.step == OVER:
        return d
    if s.role >= 0:
        d.update(role=ROLES[s.role], chooser=s.chooser, following=s.following, uses=s.uses,
                 offers_left=list(s.queue))
    if s.step == REARRANGE:
        d["placed_this_rearrangement"] = [_hall_ref(i) for i, h in enumerate(s.halls[s.actor])
                                          if h in s.locked]
    return d


def _hall_ref(i: int) -> list[Any]:
    city = max(c for c in range(len(CITIES)) if OFFSET[c] <= i)
    return [CITIES[city], i - OFFSET[city] + 1]


def view(s: OperaState, seat: int | None) -> dict[str, Any]:
    discard = [0] * len(COMPOSERS)
    for p in s.discard:
        discard[PIECE_COMPOSER[p]] += 1
    v: dict[str, Any] = {
        "round": s.round, "rounds": endround.last_round(s),
        "episode": endround.episode(s, s.round),
        "decision": _decision(s),
        "ladder": fame.ladder(s),
        "episode_composers": [piece_name(p) for p in s.episode_pieces],
        "display": [piece_name(p) for p in s.display],
        "palazzo": [piece_name(p) for p in s.palazzo],
        "discard": dict(zip(COMPOSERS, discard, strict=True)),
        "draw_pile": len(s.draw),
        "figures": {r: (CITIES[c] if c >= 0 else "start") for r, c in
                    zip(FIGURE_ROLES, s.figures, strict=True)},
        "roles": {r: (by if by >= 0 else None) for r, by in zip(ROLES, s.role_by, strict=True)},
        "turn_order": s.order(),
        "seating": list(s.seating),
        # the Critico's last choice is public; two choices can give the same ladder (EX-16)
        "critico_last": (None if s.critico_move is None else
                         {"seat": s.critico_move[0], "composer": COMPOSERS[s.critico_move[1]],
                          "steps": s.critico_move[2]}),
        "bids": list(s.bids) if s.bids is not None else None,
        "bidding": s.commits.view(seat) if s.commits is not None else None,
        "players": [_player(s, p, seat) for p in range(s.players)],
    }
    if seat is not None:
        v["you"] = seat
    return v
