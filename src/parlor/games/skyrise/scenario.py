"""Scenario keys applied on top of a seeded setup (documented in docs/scenarios/skyrise.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario

from .const import CATEGORIES, PIECES, WONDER_K
from .rules import auction
from .rules.resolve import all_built, stand_structure

if TYPE_CHECKING:
    from .state import SkyriseState


def seat_of(state: SkyriseState, who: Any) -> int:
    """"P1".."P4" (or a 0-based int) -> seat."""
    if isinstance(who, str) and who[:1] in "Pp" and who[1:].isdigit():
        seat = int(who[1:]) - 1
    elif isinstance(who, int) and not isinstance(who, bool):
        seat = who
    else:
        raise BadScenario(f"{who!r} is not a seat (write P1..P{state.players})")
    if not 0 <= seat < state.players:
        raise BadScenario(f"{who!r} is not a seat of a {state.players}-player game")
    return seat


def _table(spec: dict[str, Any], key: str) -> dict[str, Any]:
    value = spec.get(key, {})
    if not isinstance(value, dict):
        raise BadScenario(f"'{key}' must be a table")
    return value


def _nb(state: SkyriseState, name: Any, key: str) -> int:
    neighborhood = state.data.board.index.get(name, -1) if isinstance(name, str) else -1
    if neighborhood < 0 or not state.layout.in_play(neighborhood):
        raise BadScenario(f"'{key}': {name!r} is not a neighborhood in play")
    return neighborhood


def _wonder(state: SkyriseState, name: Any, key: str) -> int:
    k = state.data.wonder_index.get(name, -1) if isinstance(name, str) else -1
    if k < 0:
        raise BadScenario(f"'{key}': unknown wonder card {name!r}")
    return k


def _piece(state: SkyriseState, seat: int, text: str) -> int:
    if text.upper() == "W":
        return seat * PIECES + WONDER_K
    if not text.isdigit():
        raise BadScenario(f"'structures': {text!r} is not a building number or W")
    for k in range(WONDER_K):
        piece = seat * PIECES + k
        if state.data.pieces.number[piece] == int(text):
            return piece
    raise BadScenario(f"'structures': P{seat + 1} has no building numbered {text}")


def apply_spec(state: SkyriseState, spec: dict[str, Any]) -> None:
    """Apply every scenario key to a fresh setup, check the result, and restart the auction."""
    data = state.data
    era = spec.get("era", 1)
    if era not in (1, 2):
        raise BadScenario("'era' must be 1 or 2")
    state.era = era
    if "panoramas" in spec:
        ids = [p.id for p in data.panoramas]
        chosen = spec["panoramas"]
        if (not isinstance(chosen, list) or len(chosen) != data.panoramas_in_play
                or any(c not in ids for c in chosen) or len(set(chosen)) != len(chosen)):
            raise BadScenario(f"'panoramas' must list {data.panoramas_in_play} distinct cards "
                              f"of {', '.join(ids)}")
        state.panoramas = tuple(ids.index(c) for c in chosen)
    _cards(state, spec)
    _objectives(state, spec)
    if "patron_values" in spec:
        pv = _table(spec, "patron_values")
        letters = data.patron_letters
        if sorted(pv) != sorted(letters) or sorted(pv.values()) != sorted(data.patron_values):
            raise BadScenario(f"'patron_values' must give each of {', '.join(letters)} one of "
                              f"the values {', '.join(map(str, data.patron_values))}")
        state.patron_values = [pv[L] for L in letters]
    _structures(state, spec)
    for name, raw in _table(spec, "discs").items():
        neighborhood = _nb(state, name, "discs")
        if raw == "none":
            state.discs[neighborhood] = -1
            continue
        ids = [d.id for d in data.disc_types]
        if raw not in ids:
            raise BadScenario(f"'discs': unknown disc {raw!r} (known: none, {', '.join(ids)})")
        state.discs[neighborhood] = ids.index(raw)
    _player_board(state, spec)
    _finished(state, spec)
    if "first_bidder" in spec:
        state.first_bidder = seat_of(state, spec["first_bidder"])
    if state.finished(state.first_bidder):
        raise BadScenario("'first_bidder' has finished and cannot open")
    auction.refresh_unbuilt(state)
    auction.start_auction(state, [])


def _cards(state: SkyriseState, spec: dict[str, Any]) -> None:
    hands = _table(spec, "hands")
    for who, cards in hands.items():
        if state.era != 1:
            raise BadScenario("'hands' are only held in era 1 (use 'kept' in era 2)")
        if not isinstance(cards, list) or not cards:
            raise BadScenario("'hands': each hand must list wonder cards")
        state.hands[seat_of(state, who)] = [_wonder(state, c, "hands") for c in cards]
    all_cards = [k for h in state.hands for k in h]
    if hands and len(set(all_cards)) != len(all_cards):
        given = {seat_of(state, w) for w in hands}
        used = {k for s in given for k in state.hands[s]}
        pool = [k for k in range(len(state.data.wonders)) if k not in used]
        for s in range(state.players):
            if s not in given:
                state.hands[s] = [pool.pop(0) for _ in state.hands[s]]
        if len({k for h in state.hands for k in h}) != sum(len(h) for h in state.hands):
            raise BadScenario("'hands': a wonder card is dealt twice")
    kept = _table(spec, "kept")
    if kept and state.era != 2:
        raise BadScenario("'kept' wonder cards exist only in era 2")
    if state.era == 2:
        chosen = {seat_of(state, w): _wonder(state, c, "kept") for w, c in kept.items()}
        for s in range(state.players):
            if s not in chosen:
                free = [k for k in state.hands[s] if k not in chosen.values()]
                pool = free or [k for k in range(len(state.data.wonders))
                                if k not in chosen.values()]
                chosen[s] = pool[0]
        if len(set(chosen.values())) != state.players:
            raise BadScenario("'kept': two players keep the same wonder card")
        for s in range(state.players):
            state.kept[s] = chosen[s]
            state.hands[s] = []


def _objectives(state: SkyriseState, spec: dict[str, Any]) -> None:
    colours = state.data.board.colours
    given: dict[int, int] = {}
    for who, colour in _table(spec, "objectives").items():
        if colour not in colours:
            raise BadScenario(f"'objectives': {colour!r} is not a colour")
        given[seat_of(state, who)] = next(i for i, o in enumerate(state.data.objectives)
                                       if o.colour == colours.index(colour))
    if len(set(given.values())) != len(given):
        raise BadScenario("'objectives': two players hold the same objective card")
    pool = [k for k in state.objectives if k not in given.values()]
    pool += [k for k in range(len(state.data.objectives)) if k not in pool and k not in given.values()]
    for s in range(state.players):
        state.objectives[s] = given[s] if s in given else pool.pop(0)


def _structures(state: SkyriseState, spec: dict[str, Any]) -> None:
    for name, raw in _table(spec, "structures").items():
        neighborhood = _nb(state, name, "structures")
        if not isinstance(raw, str) or ":" not in raw:
            raise BadScenario(f"'structures': {name} must be written like \"P1:24\" or \"P2:W\"")
        who, _, text = raw.partition(":")
        seat = seat_of(state, who)
        piece = _piece(state, seat, text)
        if state.occupant[neighborhood] >= 0:
            raise BadScenario(f"'structures': {name} holds two pieces")
        if state.built[piece]:
            raise BadScenario(f"'structures': {raw} is placed twice")
        if state.data.pieces.era[piece] > state.era:
            raise BadScenario(f"'structures': {raw} is not available in era {state.era}")
        state.occupant[neighborhood] = piece
        state.piece_neighborhood[piece] = neighborhood
        state.built[piece] = True
        stand_structure(state, neighborhood)
        state.discs[neighborhood] = -1
        if piece % PIECES == WONDER_K and state.kept_id(seat) == "the_hammer":
            state.hammer_neighborhood = neighborhood
            state.hammer_owner = seat


def _counts(state: SkyriseState, spec: dict[str, Any], key: str, names: tuple[str, ...],
            target: list[list[int]], limit: int) -> None:
    for who, table in _table(spec, key).items():
        seat = seat_of(state, who)
        if not isinstance(table, dict):
            raise BadScenario(f"'{key}': {who} must map {', '.join(names)} to counts")
        for name, n in table.items():
            if name not in names or not isinstance(n, int) or not 0 <= n <= limit:
                raise BadScenario(f"'{key}': {who}.{name} must be one of {', '.join(names)} "
                                  f"with a count 0..{limit}")
            target[seat][names.index(name)] = n


def _player_board(state: SkyriseState, spec: dict[str, Any]) -> None:
    colours = state.data.board.colours
    _counts(state, spec, "tracks", colours, state.tracks, state.data.track_spaces)
    _counts(state, spec, "excess", colours, state.excess, 99)
    _counts(state, spec, "patrons", state.data.patron_letters, state.patrons, 99)
    for who, n in _table(spec, "commissions").items():
        if not isinstance(n, int) or n < 0:
            raise BadScenario("'commissions' must be counts")
        state.commissions[seat_of(state, who)] = n
    for who, table in _table(spec, "points").items():
        seat = seat_of(state, who)
        if not isinstance(table, dict):
            raise BadScenario(f"'points': {who} must map categories to points")
        for cat, n in table.items():
            if cat not in CATEGORIES or not isinstance(n, int) or n < 0:
                raise BadScenario(f"'points': {who}.{cat} must be one of "
                                  f"{', '.join(CATEGORIES)} with points >= 0")
            state.gain(seat, CATEGORIES.index(cat), n)


def _finished(state: SkyriseState, spec: dict[str, Any]) -> None:
    order = spec.get("finished", [])
    if not isinstance(order, list):
        raise BadScenario("'finished' must list seats in finishing order")
    state.finish_order = [seat_of(state, w) for w in order]
    for s in range(state.players):
        done = all_built(state, s, 2) if state.era == 2 else False
        if done != (s in state.finish_order):
            raise BadScenario(f"'finished': P{s + 1} is {'not ' if not done else ''}fully "
                              "constructed, so it must " + ("" if done else "not ")
                              + "be listed")
        if state.era == 1 and all_built(state, s, 1):
            raise BadScenario(f"era 1 would already be over: P{s + 1} has built all era-1 pieces")
    if len(state.finish_order) >= state.players:
        raise BadScenario("every player has finished: the game would be over")
