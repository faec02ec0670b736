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


def _houses(state: OperaState, seat: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for city, cid in enumerate(CITIES):
        if not state.house[seat][city]:
            continue
        start = OFFSET[city]
        halls = []
        for i in range(state.data.cities[city].max_halls):
            h = state.halls[seat][start + i]
            if h != NOHALL:
                halls.append([i + 1, piece_name(h) if h >= 0 else None])
        out[cid] = {"house": state.house[seat][city], "halls": halls}
    return out


def _player(state: OperaState, seat: int, viewer: int | None) -> dict[str, Any]:
    p: dict[str, Any] = {
        "seat": seat, "color": state.data.colors[state.seating.index(seat)],
        "seating": state.seating.index(seat) + 1, "score": state.score[seat], "row": state.row[seat],
        "slot": state.slot[seat], "passed": state.passed[seat], "roles_chosen": state.roles_used[seat],
        "houses": _houses(state, seat),
        # VP by category: every gain is announced by a public event (OP-15.1)
        "points": dict(zip(CATEGORIES, state.points[seat], strict=True)),
    }
    if viewer == seat or not state.options.hidden_money:
        p["money"] = state.money[seat]
    if viewer == seat or not state.options.hidden_supply:
        p["supply"] = sorted(piece_name(x) for x in state.supply[seat])
    return p


def _decision(state: OperaState) -> dict[str, Any]:
    d: dict[str, Any] = {"step": STEP_NAMES[state.step], "actors": list(state.actors())}
    if state.step == OVER:
        return d
    if state.role >= 0:
        d.update(role=ROLES[state.role], chooser=state.chooser, following=state.following, uses=state.uses,
                 offers_left=list(state.queue))
    if state.step == REARRANGE:
        d["placed_this_rearrangement"] = [_hall_ref(i) for i, h in enumerate(state.halls[state.actor])
                                          if h in state.locked]
    return d


def _hall_ref(i: int) -> list[Any]:
    city = max(c for c in range(len(CITIES)) if OFFSET[c] <= i)
    return [CITIES[city], i - OFFSET[city] + 1]


def view(state: OperaState, seat: int | None) -> dict[str, Any]:
    discard = [0] * len(COMPOSERS)
    for p in state.discard:
        discard[PIECE_COMPOSER[p]] += 1
    v: dict[str, Any] = {
        "round": state.round, "rounds": endround.last_round(state),
        "episode": endround.episode(state, state.round),
        "decision": _decision(state),
        "ladder": fame.ladder(state),
        "episode_composers": [piece_name(p) for p in state.episode_pieces],
        "display": [piece_name(p) for p in state.display],
        "palazzo": [piece_name(p) for p in state.palazzo],
        "discard": dict(zip(COMPOSERS, discard, strict=True)),
        "draw_pile": len(state.draw),
        "figures": {r: (CITIES[c] if c >= 0 else "start") for r, c in
                    zip(FIGURE_ROLES, state.figures, strict=True)},
        "roles": {r: (by if by >= 0 else None) for r, by in zip(ROLES, state.role_by, strict=True)},
        "turn_order": state.order(),
        "seating": list(state.seating),
        # the Critico's last choice is public; two choices can give the same ladder (EX-16)
        "critico_last": (None if state.critico_move is None else
                         {"seat": state.critico_move[0], "composer": COMPOSERS[state.critico_move[1]],
                          "steps": state.critico_move[2]}),
        "bids": list(state.bids) if state.bids is not None else None,
        "bidding": state.commits.view(seat) if state.commits is not None else None,
        "players": [_player(state, p, seat) for p in range(state.players)],
    }
    if seat is not None:
        v["you"] = seat
    return v
