"""The design lab's players: a small population of policies that play Star Road competently and,
between them, build and try every kind of design on any chart.

Every policy but `search` looks one move ahead with the game's heuristic (as the greedy bot does,
on a copy of the position redetermined for its seat, so it reads nothing hidden from it) and
differs from the others in two things only:

- *caution*: how much it counts the attacks its enemies can still make on it before its next
  turn (their ready weapons in reach, and what their storage can build and fire), so that it
  builds armour and blocks against what it sees coming (`heuristics.heuristic` with a `Style`);
- *taste*: once building a new object is its best move, which design. Each design gets the
  heuristic's value of building it plus the policy's taste for it (in HP points), and the policy
  draws one with the softmax of those values at its *temperature*: designs worth about the same
  are all built in turn, a clearly worse one almost never.

Whatever it produces, a policy puts as many [W] on it as it may (SR-8.5), keeping in storage what
its objects need to be used (X{W}, SR-14): having chosen an object, it finishes it as soon as it
can rather than hoarding [W].

Tastes read only the design's fields (type, attack, targets, cost, delay), so a policy adapts to
whatever chart it plays. `search` is the ISMCTS bot with an iteration budget (reproducible).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlor.ai import make_bot
from parlor.ai.bots import Bot, Budget, one_ply_value
from parlor.core import BadOptions, Game, Move, Rng, State

from ..data import ObjectDef
from ..heuristic_values import Style
from ..heuristics import heuristic, judged_together
from ..moves import Build, Invest

Taste = Callable[[ObjectDef, int], float]   # (design, investment cap) -> HP points


def rush_taste(d: ObjectDef, cap: int) -> float:
    """Weapons by the attack per [W] they bring: every use of an X(UL) weapon counts (it may
    attack again in the same turn, SR-12.6, SR-15.5), a second target half an attack more; one
    that takes more than a turn's investment (SR-8.5) or waits for a delay (SR-15.7) counts
    half."""
    if d.type != "A":
        return 0.0
    per_w = d.a * (1.0 + 0.5 * (d.targets - 1)) * max(1, d.use_limit) / d.cost
    if d.delay or d.cost > cap:
        per_w /= 2.0
    return 3.0 * per_w


def size_taste(d: ObjectDef, cap: int) -> float:
    """Large objects and specials: what a player who plans for a long game saves for."""
    return 0.3 * d.cost + (0.5 if d.type == "?" else 0.0)


@dataclass(frozen=True)
class Policy:
    """One way to play; `spec` (a bot spec) for a policy that is an existing bot."""

    name: str
    summary: str
    caution: float = 0.0
    taste: Taste | None = None
    temperature: float = 0.0
    spec: str = ""


POLICIES: dict[str, Policy] = {p.name: p for p in (
    Policy("rusher", "builds the weapons with the most attack per [W] this turn and attacks as "
           "soon as it pays", taste=rush_taste, temperature=1.0),
    Policy("builder", "saves for large objects and specials; minds threats half as much as the "
           "defender", caution=0.5, taste=size_taste, temperature=1.0),
    Policy("defender", "counts the attacks in reach of it and builds and blocks against them, "
           "then strikes", caution=1.0, temperature=0.5),
    Policy("search", "searches ahead: ISMCTS, 50 iterations, the game's tuned settings",
           spec="ismcts:50i:t"),
)}
POPULATION = ("rusher", "builder", "defender", "search")


class PolicyBot(Bot):
    """A lab policy: the heuristic's best move (with its caution), and its taste among designs."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.name = policy.name
        self.style = Style(policy.caution)

    def choose(self, game: Game[Any], state: State, seat: int, rng: Rng,
               budget: Budget | None = None) -> Move:
        moves = state.legal_moves(seat)
        if len(moves) == 1:
            return moves[0]
        invest = [move for move in moves if isinstance(move, Invest)]
        if invest:
            return _full_investment(state, seat, invest)
        world = state.redetermine(seat, rng)
        # productions and placements are judged together, without copying the position
        judged = judged_together(world, seat, moves, self.style)  # type: ignore[arg-type]
        values: dict[Move, float] = {}
        for move in moves:
            value = judged.get(move)
            if value is None:
                after = world.clone()
                after.advance(seat, move)  # legal in `world`; its events are not read
                value = (one_ply_value(game, after, seat) if after.is_over()
                         else heuristic(after, seat, self.style))  # type: ignore[arg-type]
            values[move] = value
        best = _best(values, rng)
        if isinstance(best, Build) and (self.policy.taste or self.policy.temperature):
            return self._design(state, values, seat, rng)
        return best

    def _design(self, state: Any, values: dict[Move, float], seat: int, rng: Rng) -> Move:
        """The design to build: value plus taste, drawn with the policy's temperature."""
        chart = state.content.chart
        cap = state.invest_cap(seat)
        taste = self.policy.taste
        scored: dict[Move, float] = {
            move: value + (taste(chart[move.no], cap) if taste else 0.0)
            for move, value in values.items() if isinstance(move, Build)}
        if not self.policy.temperature:
            return _best(scored, rng)
        top = max(scored.values())
        weights = [math.exp((value - top) / self.policy.temperature) for value in scored.values()]
        return rng.choices(list(scored), weights)[0]


def _full_investment(s: Any, seat: int, invest: list[Invest]) -> Invest:
    """What it produces is finished as fast as the cap allows (SR-8.5), but the storage keeps
    what its objects need to be used (X{W}, SR-14) when it can."""
    p = s.players[seat]
    keep = 0
    if not s.passive(seat, "ignore_storage_requirement"):
        needs = [s.defn(o).w_req for o in p.slots if o is not None and o.marks]
        if s.draft is not None and s.draft.no in s.content.chart:
            needs.append(s.content.chart[s.draft.no].w_req)
        keep = max(needs, default=0)
    fed = [move for move in invest if p.storage - move.amount >= keep]
    return max(fed or invest, key=lambda move: move.amount)


def _best(values: dict[Move, float], rng: Rng) -> Move:
    """The highest value, ties broken at random."""
    top = max(values.values())
    return rng.choice([move for move, value in values.items() if value >= top - 1e-9])


def make_policy(spec: str) -> Bot:
    """A lab policy by name (`rusher`, `builder`, `defender`, `search`) or any bot spec
    (`random`, `greedy`, `medium`, `ismcts:...`); its `name` is the spec as given.

    :raises BadOptions: for an unknown name or spec.
    """
    text = spec.strip()
    policy = POLICIES.get(text)
    if policy is None:
        try:
            return make_bot(text)
        except BadOptions:
            raise BadOptions(f"unknown policy {text!r}: a lab policy ({', '.join(POLICIES)}) "
                             "or a bot (random, greedy, easy, medium, hard, ismcts:...)") from None
    bot = make_bot(policy.spec) if policy.spec else PolicyBot(policy)
    bot.name = text
    return bot
