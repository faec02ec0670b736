"""The greedy bot's judgement of a position, in VP, from what `seat` may see (OP-15).

A position is worth: the score; what each house will still score in the scoring rounds left
(hall 1 by fame plus the known episode composers' bonuses, OP-13, minus empty halls); the income
still to come (OP-11), with ducats, budget rows and supply pieces valued by what they can still
become; minus the opponents' public worth. While `seat` is in the middle of its own role
(buying, building, selling, moving a figure, rearranging), the best continuation of that role is
looked at too, so that choosing a role, following, buying a piece or lifting a piece out of a
hall is judged by what it leads to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Move

from .board import CHARACTER_FIGURE, CITIES, HOUSE, MAESTRO, NOHALL, OFFSET, PIECE_COMPOSER
from .moves import Bid, Place
from .rules import endround
from .steps import BID, BUILD, BUY, DEST, FAME, REARRANGE, SELL

if TYPE_CHECKING:
    from .state import OperaState

# weights, in VP
EMPTY = 0.75              # per empty hall per scoring left (OP-13.4) ...
FILL = 1.5                # ... but at most what filling it with a cheap piece costs
INCOME = 0.8              # share of an income ducat counted (it comes late)
OPEN_INCOME = 0.35        # share of a free hall's future income (it must be filled first)
PLACED = 0.85             # a supply piece's worth in its best hall, vs. really placed
SALE = 0.45               # a supply piece without a hall: about a Signora sale, per value
CASH = (1.0, 0.65)        # the first ducats, per CASH_STEP (bids, pieces, parts) ...
CASH_STEP = 6
ROWS = (0.65, 0.65, 0.65, 0.65, 0.5, 0.5, 0.5, 0.5, 0.15, 0.15)   # value of row 1, 2, ...
ROWS_WORTH = tuple(float(sum(ROWS[:row])) for row in range(len(ROWS) + 1))  # rows 1..row together
OPP_MAX = 0.5             # opponents: this share of the best, the rest of the average
TIE = 0.01
OWN_STEPS = frozenset((BUY, BUILD, SELL, DEST, FAME, REARRANGE))
_CITY_RANGE = tuple(range(len(CITIES)))


def ducat_value(state: OperaState) -> float:
    """What a ducat beyond the cash needed is worth in VP: buildings and sales trade about
    2 ducats for 1 VP; money left at the end is worth nothing, so late ducats are worth less."""
    left = endround.last_round(state) - state.round
    return (0.1, 0.3, 0.4)[left] if left < 3 else 0.45


def _money(state: OperaState, money: int, dv: float) -> float:
    """Ducats: the first few keep the player able to bid and buy, so they are worth more."""
    value, left, scale = 0.0, money, dv / 0.45
    for worth in CASH:
        part = min(left, CASH_STEP)
        value += part * worth * scale
        left -= part
    return value + left * dv


def scorings_left(state: OperaState) -> list[int]:
    """Episode numbers of the scoring rounds still to come (OP-13)."""
    last = endround.last_round(state)
    return [endround.episode(state, r) for r in range(state.round, last + 1)
            if endround.scoring_after(state, r)]


def _episode_composers(state: OperaState, episodes: list[int]) -> tuple[int, ...]:
    return tuple(PIECE_COMPOSER[state.episode_pieces[e - 1]] for e in episodes) \
        if state.episode_pieces else ()


def _hall_one(state: OperaState, piece: int, ep_comps: tuple[int, ...], bonuses: tuple[int, ...]) -> float:
    """What a piece in hall 1 will score over the scoring rounds left (OP-13.2, OP-13.3)."""
    if not 0 <= piece < HOUSE:
        return 0.0
    composer, value = PIECE_COMPOSER[piece], state.value(piece)
    return float(sum(value + (b if c == composer else 0) for c, b in zip(ep_comps, bonuses,
                                                                     strict=True)))


def _final_actions(state: OperaState) -> bool:
    """Whether this is the last action phase, after which unused budget is lost."""
    return state.round >= endround.last_round(state) and state.step != BID


def _rows(final: bool, row: int) -> float:
    """Budget rows buy roles (OP-7.2): the first rows are worth most; `final`: the last action
    phase (`_final_actions`)."""
    return 0.1 * row if final else ROWS_WORTH[min(row, len(ROWS))]


def _marginal_income(by: tuple[int, ...], performed: int, double: int) -> int:
    """OP-11.1, OP-11.2: what one more piece in a house with `performed` pieces adds to its income."""
    return (by[performed + 1] - by[performed]) * double if performed + 1 < len(by) else 0


class _House:
    """What the heuristic needs of one opera house, computed once per evaluation."""

    __slots__ = ("city", "halls", "performed", "double", "composers")

    def __init__(self, state: OperaState, p: int, city: int) -> None:
        start = OFFSET[city]
        self.city = city
        self.halls = [h for h in state.halls[p][start:start + state.data.cities[city].max_halls]
                      if h != NOHALL]
        self.performed = sum(1 for h in self.halls if h >= 0)
        maestro_on = state.options.maestro_persists or state.role_by[MAESTRO] >= 0
        self.double = (state.data.maestro_multiplier if maestro_on
                       and state.figures[CHARACTER_FIGURE[MAESTRO]] == city else 1)
        self.composers = {PIECE_COMPOSER[h] for h in self.halls if 0 <= h < HOUSE}


def _board(state: OperaState, p: int, ep_comps: tuple[int, ...], bonuses: tuple[int, ...],
           rounds: int, dv: float) -> tuple[float, list[tuple[_House, int]]]:
    """Public worth of seat `p`, and the halls a supply piece could go to: (house, hall
    index in the house): the empty halls and hall 1 (a better piece may replace its piece)."""
    scorings = len(ep_comps)
    value = float(state.score[p])
    spots: list[tuple[_House, int]] = []
    empty_cost = min(EMPTY * scorings, FILL)
    by = state.data.income_by_pieces
    income = INCOME * dv * rounds
    for city in _CITY_RANGE:
        if not state.house[p][city]:
            continue
        house = _House(state, p, city)
        halls = house.halls
        value += _hall_one(state, halls[0], ep_comps, bonuses)
        empty = len(halls) - house.performed
        if income:
            value += income * by[house.performed] * house.double
            for k in range(empty):
                value += OPEN_INCOME * income * _marginal_income(by, house.performed + k,
                                                                      house.double)
        value -= empty_cost * empty
        for i, h in enumerate(halls):
            if h < 0 or i == 0:
                spots.append((house, i))
    return value, spots


def _supply(state: OperaState, p: int, money: int, spots: list[tuple[_House, int]],
            ep_comps: tuple[int, ...], bonuses: tuple[int, ...], rounds: int, dv: float) -> float:
    """Private worth: money, and supply pieces put into the best halls (discounted) or kept
    for a sale."""
    value = _money(state, money, dv)
    if not state.supply[p]:
        return value
    pieces = sorted(state.supply[p], key=lambda x: -state.value(x) if x < HOUSE else 1)
    empty_cost = min(EMPTY * len(ep_comps), FILL)
    income = (1 - OPEN_INCOME) * INCOME * dv * rounds
    by = state.data.income_by_pieces
    added = {id(house): 0 for house, _ in spots}
    used: set[tuple[int, int]] = set()
    for piece in pieces:
        composer = PIECE_COMPOSER[piece]
        hall_one = _hall_one(state, piece, ep_comps, bonuses)
        best, best_spot = 0.0, None
        for spot in spots:
            house, index = spot
            if (house.city, index) in used or (composer >= 0 and composer in house.composers):
                continue
            here = house.halls[index]
            if here >= 0:          # replace a weaker hall-1 piece, which then may be sold
                gain = (hall_one - _hall_one(state, here, ep_comps, bonuses)
                        + (SALE * state.value(here) if here < HOUSE else 0.0))
            else:
                gain = empty_cost + income * _marginal_income(by, house.performed + added[id(house)],
                                                              house.double)
                if index == 0:
                    gain += hall_one
            if gain > best:
                best, best_spot = gain, spot
        sale = SALE * state.value(piece) if piece < HOUSE else 0.0
        if best_spot is not None and PLACED * best > sale:
            house, index = best_spot
            used.add((house.city, index))
            added[id(house)] += 1
            value += PLACED * best
        else:
            value += sale
    return value


Composers = tuple[int, ...]
_ROUNDS: dict[tuple[object, ...], tuple[Composers, tuple[int, ...], int, float]] = {}


def _round_totals(state: OperaState) -> tuple[Composers, tuple[int, ...], int, float]:
    """The episode composers and bonuses of the scorings left, the rounds left and a ducat's
    worth: they change only with the round (and the episodes' pieces), so they are remembered
    by those."""
    pieces = state.episode_pieces
    key = (id(state.data), state.options.short_game_7_rounds, state.round,
           tuple(pieces) if pieces else ())
    totals = _ROUNDS.get(key)
    if totals is None:
        if len(_ROUNDS) >= _BOARDS_MAX:
            _ROUNDS.clear()
        episodes = scorings_left(state)
        totals = _ROUNDS[key] = (_episode_composers(state, episodes),
                                 tuple(state.data.episode_bonus[e - 1] for e in episodes),
                                 endround.last_round(state) - state.round + 1, ducat_value(state))
    return totals


class _Totals:
    """What every seat's static value shares in one position: the scorings and incomes left,
    and each seat's public worth (board and budget row), computed once per position."""

    __slots__ = ("ep_comps", "bonuses", "rounds", "dv", "final", "board_key", "keys", "boards",
                 "public")

    def __init__(self, state: OperaState) -> None:
        self.ep_comps, self.bonuses, self.rounds, self.dv = _round_totals(state)
        self.final = _final_actions(state)
        maestro_on = state.options.maestro_persists or state.role_by[MAESTRO] >= 0
        # what every seat's board reads besides its own pieces, houses and score (`_known_board`)
        board_key = self.board_key = (id(state.data), tuple(state.fame),
                                      state.figures[CHARACTER_FIGURE[MAESTRO]] if maestro_on else None,
                                      self.ep_comps, self.bonuses, self.rounds, self.dv)
        self.keys: list[tuple[object, ...]] = []  # everything each seat's board reads
        self.boards: list[tuple[float, list[tuple[_House, int]]]] = []
        self.public: list[float] = []
        for p in range(state.players):  # one loop: a search builds these ~10 times an iteration
            self.keys.append((board_key, state.score[p], tuple(state.halls[p]), tuple(state.house[p])))
            board = _known_board(state, p, self)
            self.boards.append(board)
            self.public.append(board[0] + _rows(self.final, state.row[p]))


_BOARDS: dict[tuple[object, ...], tuple[float, list[tuple[_House, int]]]] = {}
_BOARDS_MAX = 5_000  # entries kept before the memo starts again (about 1.7 kB each)


def _known_board(state: OperaState, p: int, totals: _Totals) -> tuple[float, list[tuple[_House, int]]]:
    """`_board` of seat `p`, remembered by everything it reads: the search meets the same boards
    again and again (every continuation of a look-ahead, every determinization of a node), and
    a seat's board changes only when its own pieces, houses, score or the composers' fame do.
    The spots' houses are shared between calls: `_supply` only reads them."""
    key = totals.keys[p]
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= _BOARDS_MAX:
            _BOARDS.clear()
        board = _BOARDS[key] = _board(state, p, totals.ep_comps, totals.bonuses, totals.rounds,
                                      totals.dv)
    return board


_SUPPLIES: dict[tuple[object, ...], float] = {}


def _known_supply(state: OperaState, seat: int, money: int, totals: _Totals) -> float:
    """`_supply` of `seat`, remembered by everything it reads: its board (which fixes the halls
    a piece may go to, the fame and the scorings left), its supply pieces and its money. Money
    and supplies change only with the seat's own purchases and sales, so the search meets the
    same ones again and again."""
    key = (totals.keys[seat], tuple(state.supply[seat]), money)
    value = _SUPPLIES.get(key)
    if value is None:
        if len(_SUPPLIES) >= _BOARDS_MAX:
            _SUPPLIES.clear()
        value = _SUPPLIES[key] = _supply(state, seat, money, totals.boards[seat][1], totals.ep_comps,
                                         totals.bonuses, totals.rounds, totals.dv)
    return value


def static_value(state: OperaState, seat: int, totals: _Totals | None = None) -> float:
    """The position's worth for `seat` without looking ahead; `totals` are the position's
    shared totals when the caller has them."""
    if totals is None:
        totals = _Totals(state)
    money, row = state.money[seat], state.row[seat]
    if state.step == BID and state.commits is not None and state.commits.committed(seat):
        bid = state.commits.choice(seat)
        assert isinstance(bid, Bid)
        money, row = money - bid.amount, min(state.data.row_max, row + bid.amount)
    mine = totals.boards[seat][0]
    mine += _rows(totals.final, row)
    mine += _known_supply(state, seat, money, totals)
    others = [totals.public[p] for p in range(state.players) if p != seat]
    if not others:
        return mine
    return mine - OPP_MAX * max(others) - (1 - OPP_MAX) * sum(others) / len(others)


def _ahead(state: OperaState, seat: int, depth: int) -> float:
    """`static_value`, or the best continuation while `seat` is carrying out its own role."""
    if depth <= 0 or state.step not in OWN_STEPS or state.actors() != (seat,):
        return static_value(state, seat)
    if state.step == REARRANGE:
        if depth < 2:             # reached while looking ahead: the supply's worth covers it
            return static_value(state, seat)
        # after a lift only placing matters; "done" keeps the position as it is
        moves: list[Move] = [m for m in state.legal_moves(seat) if isinstance(m, Place)]
        best = static_value(state, seat)
        depth, lift = 1, TIE           # a lift that only puts the piece back loses to "done"
    else:
        moves = state.legal_moves(seat)
        best, lift = float("-inf"), 0.0
    for move in moves:
        after = state.clone()
        after._apply(seat, move)  # legal: listed by legal_moves of `s`, where `seat` alone acts
        value = heuristic(after, seat) if not after.actors() else _ahead(after, seat, depth - 1)
        best = max(best, value)
    return (best - lift) if best > float("-inf") else static_value(state, seat)


def heuristic(state: OperaState, seat: int) -> float:
    if not state.actors():
        return float(state.score[seat] - max(x for i, x in enumerate(state.score) if i != seat))
    return _ahead(state, seat, 2)


def heuristic_all(state: OperaState) -> list[float]:
    """`heuristic` of every seat, the position's shared totals computed once for the seats
    that are not looking ahead in their own role."""
    if not state.actors():
        return [heuristic(state, seat) for seat in range(state.players)]
    totals = _Totals(state)
    solo = state.step in OWN_STEPS and state.actors()
    return [_ahead(state, seat, 2) if solo == (seat,) else static_value(state, seat, totals)
            for seat in range(state.players)]
