"""Decisions: the legal moves of each phase, why a move is refused, and playing it (SK-14)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlor.core import PUBLIC, Event, Move

from ..const import BID, C_WONDER, CHOOSE, HAMMER, KAHN, OPEN, OVER, PIECES, VAULT, WILD, WONDER_K
from ..moves import (
    DECLINE,
    WONDER,
    AssignWild,
    Decline,
    HammerAnswer,
    KahnReveal,
    KeepWonder,
    Open,
    Pass,
    Raise,
    VaultTake,
    WonderBid,
)
from . import auction, bidding, eras, resolve, wonders
from .move_tables import KAHN_MOVES

if TYPE_CHECKING:
    from ..state import SkyriseState

def legal_moves(state: SkyriseState, seat: int) -> list[Move]:
    phase = state.phase
    if phase == CHOOSE:
        if seat not in state.actors():
            return []
    elif seat != state.to_act or phase == OVER:
        return []
    t = state.move_tables
    if phase == BID:
        return auction.bidder_moves(state, seat, t, state.spots)
    if phase == OPEN:
        return auction.opening_moves(state, seat, t.open)
    if phase == HAMMER:
        answers: list[Move] = [t.answer[nb] for nb in auction.hammer_answer_targets(state)]
        return answers + [DECLINE]
    if phase == WILD:
        return list(t.wild)
    if phase == KAHN:
        return list(KAHN_MOVES)
    if phase == VAULT:
        return [t.vault[nb] for nb in wonders.vault_targets(state)]
    if phase == CHOOSE:
        return [t.keep[k] for k in sorted(state.hands[seat])]
    return []


def _nb(state: SkyriseState, at: str) -> int:
    neighborhood = state.data.board.index.get(at, -1)
    return neighborhood if neighborhood >= 0 and state.layout.in_play(neighborhood) else -1


def _piece(state: SkyriseState, seat: int, piece: str) -> int:
    return state.data.pieces.pid.get((seat, piece), -1)


def reason(state: SkyriseState, seat: int, move: Move) -> str | None:
    """None if `move` is legal for actor `seat`, else a sentence naming the rule."""
    phase = state.phase
    check = _CHECKS.get(type(move))
    if check is None:
        return f"SK-14: unknown move {move}"
    return check(state, seat, move, phase)


def _check_open(state: SkyriseState, seat: int, move: Open, phase: int) -> str | None:
    if phase != OPEN:
        return "SK-5.2: no auction is being opened now"
    return _placement(state, seat, move.piece, move.at, opening=True)


def _placement(state: SkyriseState, seat: int, piece: str, at: str, opening: bool) -> str | None:
    pid = _piece(state, seat, piece)
    if pid < 0:
        return f"SK-3.1: P{seat + 1} has no piece {piece!r}"
    neighborhood = _nb(state, at)
    if neighborhood < 0:
        return f"SK-2.1: {at!r} is not a neighborhood in play"
    if not auction.is_available(state, pid):
        return f"SK-4.2: {piece} is not available (constructed, standing as a bid or era-2 reserve)"
    if state.occupant[neighborhood] >= 0:
        return f"SK-5.7: {at} is not empty"
    is_wonder = pid % PIECES == WONDER_K
    if opening:
        if is_wonder and pid not in auction.opening_pieces(state, seat):
            return ("SK-5.2.2: a wonder may open only as the last available piece or as The "
                    "Capital Building")
        if neighborhood not in state.open_neighborhoods:
            return (f"SK-5.2.1: {at} is neither on the central island nor adjacent to a "
                    "structure")
        if state.open_mode < 2 and auction.hammer_blocks(state, seat, pid, neighborhood):
            return "SK-5.2.3: a tall building may not be placed next to another player's Hammer"
        return None
    last = state.bids[-1]
    if neighborhood not in state.layout.adj[state.piece_neighborhood[last]]:
        return f"SK-5.4: {at} is not adjacent to the most recent bid"
    if is_wonder:
        if state.era < 2:
            return "SK-5.5: wonders may be bid only in era 2"
        return None
    if state.data.pieces.number[pid] <= state.data.pieces.number[last]:
        return (f"SK-5.4: {piece} ({state.data.pieces.number[pid]}) does not exceed the most recent "
                f"bid ({state.data.pieces.number[last]})")
    if auction.hammer_blocks(state, seat, pid, neighborhood):
        return "SK-5.2.3: a tall building may not be placed next to another player's Hammer"
    return None


def _check_raise(state: SkyriseState, seat: int, move: Raise, phase: int) -> str | None:
    if phase != BID:
        return "SK-5.4: nobody may raise now"
    if move.building == WONDER:
        return "SK-5.5: a wonder is bid with wonder_bid, not raise"
    return _placement(state, seat, move.building, move.at, opening=False)


def _check_wonder(state: SkyriseState, seat: int, move: WonderBid, phase: int) -> str | None:
    if phase != BID:
        return "SK-5.5: a wonder may be bid only on one's turn in an auction"
    return _placement(state, seat, WONDER, move.at, opening=False)


def _check_pass(state: SkyriseState, seat: int, move: Pass, phase: int) -> str | None:
    if phase == OPEN:
        return "SK-5.2.1: the first bidder must open the auction; passing is not allowed"
    return None if phase == BID else "SK-5.6: passing is possible only when asked to raise"


def _check_answer(state: SkyriseState, seat: int, move: HammerAnswer, phase: int) -> str | None:
    if phase != HAMMER:
        return "SK-5.9: The Hammer may answer only right after another player's wonder bid"
    neighborhood = _nb(state, move.at)
    if neighborhood not in auction.hammer_answer_targets(state):
        return f"SK-5.9: {move.at} is not an empty neighborhood next to the wonder bid"
    return None


def _check_decline(state: SkyriseState, seat: int, move: Decline, phase: int) -> str | None:
    return None if phase == HAMMER else "SK-5.9: there is no wonder bid to answer"


def _check_wild(state: SkyriseState, seat: int, move: AssignWild, phase: int) -> str | None:
    if phase != WILD:
        return "SK-6.3: no wild disc awaits a colour"
    if move.colour not in state.data.board.colours:
        return f"SK-6.3: {move.colour!r} is not a colour"
    return None


def _check_keep(state: SkyriseState, seat: int, move: KeepWonder, phase: int) -> str | None:
    if phase != CHOOSE:
        return "SK-7.2: wonder cards are chosen only at the end of era 1"
    k = state.data.wonder_index.get(move.card, -1)
    if k not in state.hands[seat]:
        return f"SK-7.2: {move.card} is not one of your dealt wonder cards"
    return None


def _check_kahn(state: SkyriseState, seat: int, move: KahnReveal, phase: int) -> str | None:
    return None if phase == KAHN else "SK-7.12: Kahn's Ambition is not resolving"


def _check_vault(state: SkyriseState, seat: int, move: VaultTake, phase: int) -> str | None:
    if phase != VAULT:
        return "SK-7.22: The Vault is not resolving"
    if _nb(state, move.at) not in wonders.vault_targets(state):
        return f"SK-7.22: {move.at} is not an empty neighborhood next to The Vault holding a disc"
    return None


# Each move class to its check, which takes (state, seat, move of that class, phase).
_CHECKS: dict[type[Move], Callable[[SkyriseState, int, Any, int], str | None]] = {
    Open: _check_open, Raise: _check_raise, WonderBid: _check_wonder, Pass: _check_pass,
    HammerAnswer: _check_answer, Decline: _check_decline, AssignWild: _check_wild,
    KeepWonder: _check_keep, KahnReveal: _check_kahn, VaultTake: _check_vault,
}


def is_legal(state: SkyriseState, seat: int, move: Move) -> bool:
    return reason(state, seat, move) is None


def why_illegal(state: SkyriseState, seat: int, move: Move) -> str:
    return reason(state, seat, move) or f"{move} is legal"


def apply(state: SkyriseState, seat: int, move: Move) -> list[Event]:
    """Play a move already checked legal, then run the automatic steps; what happened."""
    events: list[Event] = []
    carry_out(state, seat, move, events)
    return events


def carry_out(state: SkyriseState, seat: int, move: Move, events: list[Event] | None = None) -> None:
    """Play a move already checked legal, then run the automatic steps, adding what happened to
    `events` (None: nobody reads them, and none are built)."""
    _CARRY_OUT[type(move)](state, seat, move, events)


def _open(state: SkyriseState, seat: int, move: Open, events: list[Event] | None) -> None:
    data = state.data  # `_bid`, written out: every rollout opens an auction every other move
    auction.place(state, seat, data.pieces.pid[(seat, move.piece)], data.board.index[move.at], "opened",
                  events)
    bidding.after_bid(state, seat, events)


def _raise(state: SkyriseState, seat: int, move: Raise, events: list[Event] | None) -> None:
    data = state.data  # `_bid`, written out, as for `_open`
    auction.place(state, seat, data.pieces.pid[(seat, move.building)], data.board.index[move.at],
                  "raised", events)
    bidding.after_bid(state, seat, events)


def _wonder_bid(state: SkyriseState, seat: int, move: WonderBid, events: list[Event] | None) -> None:
    _bid(state, seat, WONDER, move.at, "wonder_bid", events)


def _bid(state: SkyriseState, seat: int, piece: str, at: str, kind: str,
         events: list[Event] | None) -> None:
    """Stand `seat`'s `piece` on `at` (SK-5.7), then what follows a bid (SK-5.8)."""
    data = state.data
    auction.place(state, seat, data.pieces.pid[(seat, piece)], data.board.index[at], kind, events)
    bidding.after_bid(state, seat, events)


def _pass(state: SkyriseState, seat: int, move: Pass, events: list[Event] | None) -> None:
    state.passed[seat] = True
    if events is not None:
        events.append(Event("passed", seat, PUBLIC, {"auto": False}))
    bidding.next_turn(state, seat, events, state.spots)


def _answer(state: SkyriseState, seat: int, move: HammerAnswer, events: list[Event] | None) -> None:
    pid = seat * PIECES + WONDER_K
    auction.place(state, seat, pid, state.data.board.index[move.at], "hammer_answered", events)
    resolve.end_auction(state, seat, pid, events)


def _decline(state: SkyriseState, seat: int, move: Decline, events: list[Event] | None) -> None:
    if events is not None:
        events.append(Event("hammer_declined", seat, PUBLIC, {}))
    last = state.bids[-1]
    resolve.end_auction(state, last // PIECES, last, events)


def _assign_wild(state: SkyriseState, seat: int, move: AssignWild, events: list[Event] | None) -> None:
    resolve.assign_wild(state, seat, state.data.board.colours.index(move.colour), events)


def _keep_wonder(state: SkyriseState, seat: int, move: KeepWonder, events: list[Event] | None) -> None:
    eras.keep_wonder(state, seat, move, events)


def _kahn_reveal(state: SkyriseState, seat: int, move: KahnReveal, events: list[Event] | None) -> None:
    _kahn(state, seat, move.reveal, events)


def _vault_take(state: SkyriseState, seat: int, move: VaultTake, events: list[Event] | None) -> None:
    if events is not None:
        events.append(Event("vault_took", seat, PUBLIC, {"at": move.at}))
    if not resolve.take_disc(state, seat, state.data.board.index[move.at], events):
        resolve.resume(state, events)


def _kahn(state: SkyriseState, seat: int, reveal: bool, events: list[Event] | None) -> None:
    """SK-7.12: reveal the secret objective for points, or keep it secret for nothing."""
    points = 0
    if reveal:
        state.revealed[seat] = True
        points = wonders.kahn_points(state, seat)
        state.gain(seat, C_WONDER, points)
        if events is not None:
            events.append(Event("objective_revealed", seat, PUBLIC,
                            {"objective": state.data.objectives[state.objectives[seat]].id}, reveal=True))
    if events is not None:
        events.append(Event("wonder_effect", seat, PUBLIC, {"wonder": "kahns_ambition", "points": points}))
    resolve.resume(state, events)


# Each move class to what carrying it out does: (state, seat, move of that class, events).
_CARRY_OUT: dict[type[Move], Callable[[SkyriseState, int, Any, list[Event] | None], None]] = {
    Open: _open, Raise: _raise, WonderBid: _wonder_bid, Pass: _pass, HammerAnswer: _answer,
    Decline: _decline, AssignWild: _assign_wild, KeepWonder: _keep_wonder, KahnReveal: _kahn_reveal,
    VaultTake: _vault_take,
}
