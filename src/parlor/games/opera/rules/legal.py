"""Legal moves for each decision step (OP-17), in a fixed order, and why a move is illegal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlor.core import Move

from ..board import (
    ARCHITETTO,
    CHARACTER_FIGURE,
    CITIES,
    COMPOSERS,
    IMPRESARIO,
    PIECE_COMPOSER,
    ROLES,
    SIGNORA,
)
from ..moves import (
    DECLINE,
    FOLLOW,
    PASS,
    Bid,
    Build,
    Buy,
    ChooseRole,
    Decline,
    Destination,
    Fame,
    Follow,
    Pass,
    Place,
    Score,
    Sell,
    Store,
)
from ..steps import BID, BUILD, BUY, DEST, ESPERTO, FAME, OFFER, REARRANGE, SELL, STEP_NAMES, TURN
from . import architetto, budget, characters, impresario, programme, signora
from .figures import destinations
from .turns import role_open

if TYPE_CHECKING:
    from ..state import OperaState


def role_legal(state: OperaState, seat: int, role: int) -> bool:
    """OP-7.2 including the role's own precondition (item 4)."""
    if not role_open(state, seat, role):
        return False
    if role == SIGNORA:
        return signora.can_sell(state, seat)
    if role in CHARACTER_FIGURE:
        return bool(destinations(state, seat, role))
    return True


def can_follow(state: OperaState, seat: int) -> bool:
    """Whether accepting the offer leaves `seat` a legal use (OP-8.4, OP-9.1.5, A-29)."""
    if state.role == IMPRESARIO:
        return state.options.impresario_follow_rearrange_only or bool(impresario.buys(state, seat, True, 0))
    if state.role == ARCHITETTO:
        return bool(architetto.builds(state, seat, True, 0))
    return signora.can_sell(state, seat)

# the rule that says where each character's figure may go (its condition of OP-7.2 item 4)
OWN_DESTINATION = {"maestro": "OP-9.4.1", "critico": "OP-9.5.1", "esperto": "OP-9.6.1"}
ROLE_MOVES = tuple(ChooseRole(role) for role in ROLES)  # made once (see moves.PASS)


def moves(state: OperaState, seat: int) -> list[Move]:
    step = state.step
    if step == BID:
        return list(budget.legal_bids(state, seat))
    if step == TURN:
        out: list[Move] = [ROLE_MOVES[r] for r in range(len(ROLES)) if role_legal(state, seat, r)]
        out.append(PASS)
        return out
    if step == BUY:
        return impresario.moves(state, seat)
    if step == REARRANGE:
        return programme.moves(state, seat)
    if step == BUILD:
        return architetto.moves(state, seat)
    if step == SELL:
        return signora.moves(state, seat)
    if step == OFFER:
        return [FOLLOW, DECLINE] if can_follow(state, seat) else [DECLINE]
    if step == DEST:
        return characters.destination_moves(state, seat)
    if step == FAME:
        return characters.fame_moves(state)
    if step == ESPERTO:
        return characters.score_moves()
    return []


def why_illegal(state: OperaState, seat: int, move: Move) -> str:
    """A sentence citing the rule that forbids `move` now."""
    deciding = STEP_NAMES[state.step]
    if isinstance(move, Bid):
        cap = budget.bid_cap(state, seat)
        return (f"OP-6.2: a bid must be between {state.options.min_bid} and {cap} "
                f"(money and room on the budget table), not {move.amount}")
    if isinstance(move, ChooseRole):
        return _why_role(state, seat, move)
    if isinstance(move, Buy):
        return _why_buy(state, seat, move)
    if isinstance(move, Build):
        return _why_build(state, seat, move)
    if isinstance(move, Sell):
        return ("OP-9.3.2: you must sell one of your own composer pieces from your supply or a "
                f"hall (reward ducats or vp); {move} does not match one")
    if isinstance(move, (Store, Place)):
        return ("OP-10.1/OP-10.2: a hall holds one piece and a house never two of one composer; "
                "each piece moves into and out of the supply at most once per rearrangement")
    if isinstance(move, Destination):
        return (f"OP-9.0.1: {move.city} is not a legal destination (current city, no free "
                "figure field, or the role's own condition)")
    if isinstance(move, Fame):
        return "OP-9.5.2: the composer must be performed in the Critico's city and stay on 1-6"
    if isinstance(move, Follow):
        return "OP-8.4: you cannot carry out a follow action now"
    # a choice offered at another step: the rule that says when it is offered
    if isinstance(move, Pass):
        return f"OP-7.1: you pass only on your turn of the action phase, not while deciding {deciding}"
    if isinstance(move, Decline):
        return f"OP-8.5: you decline only an offer, not while deciding {deciding}"
    if isinstance(move, Score):
        return (f"OP-9.6.6: the Esperto's scoring is offered to the other owners only, not while "
                f"deciding {deciding}")
    return f"OP-17: {move} is not a legal move while deciding {deciding}"


def _why_buy(state: OperaState, seat: int, move: Buy) -> str:
    """The first condition of OP-9.1 that buying `move`'s composer fails."""
    role = state.data.roles[IMPRESARIO]
    if state.step != BUY:
        return "OP-9.1.2: pieces are bought only during an Impresario action"
    if state.uses >= role.max_uses:
        return f"OP-9.1.2: you have bought {role.max_uses} pieces"
    if state.following and state.row[seat] < role.follow_cost_per_use:
        return f"OP-8.4: a follower pays {role.follow_cost_per_use} budget per piece bought"
    if move.composer not in COMPOSERS or COMPOSERS.index(move.composer) not in {
            PIECE_COMPOSER[piece] for piece in state.display}:
        return f"OP-9.1.2: no {move.composer} piece is in the display"
    cost = impresario.price(state, COMPOSERS.index(move.composer))
    return f"OP-9.1.3: a {move.composer} piece costs {cost} ducats, more than you have"


def _why_role(state: OperaState, seat: int, move: ChooseRole) -> str:
    if state.step != TURN:
        return "OP-7.1: roles are chosen only at the start of your turn"
    if move.role not in ROLES:
        return f"OP-7.2: there is no role {move.role!r}"
    r = ROLES.index(move.role)
    if state.role_by[r] >= 0:
        return f"OP-7.2: {move.role} has already been chosen this round"
    if state.roles_used[seat] >= state.data.max_roles:
        return f"OP-7.2: you have chosen {state.data.max_roles} roles this round"
    if state.row[seat] < state.data.roles[r].cost:
        return f"OP-7.2: {move.role} costs {state.data.roles[r].cost} budget, you have {state.row[seat]}"
    if r == SIGNORA:
        return "OP-9.3.1: the palazzo is full or you own no composer piece to sell"
    # the character's own rule states its whole condition: a city the figure may enter (OP-9.0.1)
    # that also holds a performed composer piece (Critico) or the chooser's house (Esperto)
    return f"{OWN_DESTINATION[move.role]}: no city the {move.role} figure may enter meets its condition"


def _why_build(state: OperaState, seat: int, move: Build) -> str:
    if move.city not in CITIES:
        return f"OP-2.6: there is no city {move.city!r}"
    city = CITIES.index(move.city)
    if architetto.opens_round(state, city) > state.round:
        return f"OP-9.2.3: {move.city} opens in round {architetto.opens_round(state, city)}"
    part = architetto.part_for(state, seat, city, move.part)
    if part is None and move.part == "main":
        if state.house[seat][city]:
            return f"OP-9.2.4: you already have an opera house in {move.city}"
        return f"OP-9.2.4: no main building is left in {move.city}"
    if part is None:
        return (f"OP-9.2.5: a {move.part} needs your own main building in {move.city} and "
                "may be built once")
    if part.cost_ducats > state.money[seat]:
        return f"OP-9.2.2: {part.id} costs {part.cost_ducats} ducats"
    return "OP-9.2.2: at most 2 parts per use, and a follower pays 1 budget per part"

