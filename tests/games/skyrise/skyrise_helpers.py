"""Shared helpers for the Skyrise tests: scenarios, pieces by number, quick plays."""

from __future__ import annotations

from typing import Any

from parlor.core import Event, Move
from parlor.games.skyrise import GAME
from parlor.games.skyrise.const import PIECES, WONDER_K
from parlor.games.skyrise.data import DATA
from parlor.games.skyrise.moves import PASS, Open, Raise, WonderBid
from parlor.games.skyrise.state import SkyriseState

P1, P2, P3, P4 = 0, 1, 2, 3
NB = DATA.board.index


def scen(**spec: Any) -> SkyriseState:
    """A scenario on the reference layout for its player count, unless told otherwise."""
    spec.setdefault("players", 4)
    spec.setdefault("layout", "reference")
    return GAME.scenario(spec)


def bid_id(seat: int, number: int) -> str:
    """The building id of `seat`'s building with that number (player k uses set k)."""
    for k in range(WONDER_K):
        pid = seat * PIECES + k
        if DATA.pieces.number[pid] == number:
            return DATA.pieces.ids[pid]
    raise KeyError((seat, number))


def pid_of(seat: int, number: int | str) -> int:
    if number == "W":
        return seat * PIECES + WONDER_K
    return DATA.pieces.pid[(seat, bid_id(seat, int(number)))]


def numbers(seat: int, era: int | None = None) -> list[int]:
    out = []
    for k in range(WONDER_K):
        pid = seat * PIECES + k
        if era is None or DATA.pieces.era[pid] == era:
            out.append(DATA.pieces.number[pid])
    return out


def op(st: SkyriseState, seat: int, number: int | str, at: str) -> list[Event]:
    piece = "wonder" if number == "W" else bid_id(seat, int(number))
    return st.play(seat, Open(piece, at))


def rz(st: SkyriseState, seat: int, number: int, at: str) -> list[Event]:
    return st.play(seat, Raise(bid_id(seat, number), at))


def wb(st: SkyriseState, seat: int, at: str) -> list[Event]:
    return st.play(seat, WonderBid(at))


def ps(st: SkyriseState, seat: int) -> list[Event]:
    return st.play(seat, PASS)


def legal(st: SkyriseState, seat: int, move: Move) -> bool:
    return move in st.legal_moves(seat) and st.is_legal(seat, move)


def reason(st: SkyriseState, seat: int, move: Move) -> str:
    return st.why_illegal(seat, move)


def by_colour(colour: str, islands: tuple[str, ...] = ("a", "b", "c", "d")) -> list[str]:
    c = DATA.board.colours.index(colour)
    return [n.id for n in DATA.board.neighborhoods if n.colour == c and n.island in islands]


def place_all(seat: int, pieces: list[int | str], where: list[str]) -> dict[str, str]:
    """Structures entries putting `seat`'s pieces on the given neighborhoods, in order."""
    assert len(where) >= len(pieces)
    return {nb: f"P{seat + 1}:{p}" for p, nb in zip(pieces, where, strict=False)}


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def effect_points(seat: int, wonder: str, at: str, built: list[int] | None = None,
                  extra: dict[str, str] | None = None, **spec: Any) -> int:
    """Points the wonder effect gives when `seat`'s wonder stands on `at` (SK-7.4): the wonder and
    `extra` structures are placed by scenario; `built` buildings of `seat` go on island D."""
    from parlor.games.skyrise.rules.wonders import EFFECTS
    structures = dict(extra or {})
    structures[at] = f"P{seat + 1}:W"
    free = [n.id for n in DATA.board.neighborhoods
            if n.island == "d" and n.id not in structures]
    structures.update(place_all(seat, list(built or []), free))
    kept = dict(spec.pop("kept", {}))
    kept[f"P{seat + 1}"] = wonder
    st = scen(era=2, kept=kept, structures=structures, **spec)
    st.winner = seat
    st.won_piece = pid_of(seat, "W")
    w = DATA.wonders[DATA.wonder_index[wonder]]
    return EFFECTS[wonder](st, seat, NB[at], w)


def pass_all(st: SkyriseState) -> list[Event]:
    """Everyone asked to raise passes until the auction ends."""
    from parlor.games.skyrise.const import BID
    ev: list[Event] = []
    while st.phase == BID:
        ev += st.play(st.actors()[0], PASS)
    return ev
