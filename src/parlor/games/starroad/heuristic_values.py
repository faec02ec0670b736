"""Yardsticks of the Star Road heuristic: what HP, a [W] in storage and an object are worth.

The unit is one point of HP. A ready weapon is worth a little less than the damage it can do (it
may be blocked, or never land); a persistent armour about what it absorbs over a few turns; a
special about what its effect gives. An incomplete object is worth its completed value scaled by
a convex function of its progress, so that finishing one object beats spreading [W] over many
(an incomplete object neither attacks nor blocks, SR-9.2, SR-13.1).

Another seat's object whose number is hidden from us (SR-24.3) is judged by what we see of it:
the average over the designs it may be, given its [W] and completion markers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .data import Effect, ObjectDef
    from .model import Content

ATTACK = 0.6        # per point of attack of a ready weapon (one use)
RECYCLE = 0.25      # an X(R) weapon comes back after its use: a share of one more use
GUARD = 0.9         # per point of protection of an armour that stays (SR-13.4)
GUARD_ONCE = 0.5    # per point of protection of one X(UL) block
REFLECT = 1.4       # per point of a mixed object's value: it absorbs and reflects (SR-13.5)
SOAK = 0.1          # per [W] of a special's cost: it can block in mode W (SR-13.3)
KILLED = 8.0        # what an eliminated character is worth less than nothing (SR-16)
INSIGHT = 1.5       # seeing the faction card of a character whose team is a toss-up (SR-21.4)
HELD = 0.75         # a special not yet used: a share of what its effect gives
STORAGE = 0.4       # per [W] in storage: only worth something once invested
BUY = 0.8           # share of the best object the storage can complete that it is worth besides
CARD = 0.3          # a face-up passive or triggered character card: its ability is in force
PROGRESS = 1.6      # exponent of an incomplete object's progress (convex: finish things)
UNARMED = 0.7       # an X(t) object still to arm: two more uses before it fires (SR-15.7)
ARMED = 0.9         # armed and counting down
OVERKILL = 2        # attack beyond the starting HP plus this is worth nothing more
STARVED = 0.6       # storage below its requirement X{W}: unusable for now (SR-14)
SHIELD = 6.0        # scale of the diminishing returns of armour and mixed objects together
BURST_STORAGE = 40  # storage beyond this threatens no more (a turn's production is bounded)
HP_CURVE = 2.0      # HP is worth hp + HP_CURVE * sqrt(hp): each point counts more when few are left


@dataclass(frozen=True, slots=True)
class Style:
    """How much a player fears what its enemies can do to it before its next turn.

    The plain heuristic (every bot's) has `caution` 0: it weighs what is on the table now. The
    design lab's defensive policy sets it, so that armour is worth what it would absorb of the
    attacks in reach and an enemy's storage counts as the weapons it can still build and fire
    (`heuristic_exposure.exposure`)."""

    caution: float = 0.0


PLAIN = Style()


def hp_worth(hp: float) -> float:
    return hp + HP_CURVE * math.sqrt(hp) if hp > 0 else 0.0


def shield_worth(total: float) -> float:
    """Armour and mixed objects together, with diminishing returns: a few are worth about
    their sum, a wall of them not much more than SHIELD (a character is attacked once a turn
    or so; [W] are better spent elsewhere)."""
    return SHIELD * (1.0 - math.exp(-total / SHIELD))


@dataclass(frozen=True, slots=True)
class Worth:
    """Static yardsticks of one design (or of an average hidden object)."""

    ready: float        # worth of one use (one completion marker) when complete and ready
    marks: int          # completion markers when complete: X of X(UL), else 1
    cost: int
    delay: int
    w_req: int
    attack: float       # attack of one use (weapons)
    guard: float        # protection as a P or M blocker (0: blocks in mode W or not at all)
    fresh: float        # worth when just completed (an X(t) object is not armed yet)
    shield: bool        # an armour or mixed object: its worth counts towards the shield total


def effect_worth(e: Effect) -> float:
    """What one activation of an effect primitive gives its user (SR-21)."""
    op, amount = e.op, e.get("amount")
    if op == "heal_base":
        return 1.2 * amount
    if op in ("gain_storage", "steal_storage"):
        return STORAGE * amount
    if op == "remove_object_w":
        return 0.5 * amount
    if op == "cancel_weapon":
        return 2.5 * e.get("count")
    if op == "turn_invest_cap":
        return 0.5
    return 0.3      # peek_faction, turn_range_bonus, remove_delay: small, situational


def design_worth(d: ObjectDef, kill: float = math.inf) -> Worth:
    """`kill`: the most attack one use is worth (what eliminates a character; more is overkill,
    and a weapon valued for it would be kept instead of fired)."""
    marks = d.use_limit or 1
    if d.type == "A":
        ready = (ATTACK * min(d.a, kill) * (1 + 0.2 * (d.targets - 1))
                 * (1 + (RECYCLE if d.recycle else 0)))
    elif d.type == "P":
        ready = (GUARD_ONCE if d.use_limit else GUARD) * d.p
    elif d.type == "M":
        ready = REFLECT * d.m
    else:   # held back a little below its use, so that using it when it pays is preferred
        ready = HELD * sum(effect_worth(e) for e in d.effects) + SOAK * d.cost
    fresh = ready * marks * (UNARMED if d.delay else 1.0)
    return Worth(ready, marks, d.cost, d.delay, d.w_req, float(d.a), float(d.p or d.m), fresh,
                 d.block_mode in ("P", "M"))


def object_worth(k: Worth, w: float, marks: int, timer: float = 1.0) -> float:
    """An object's worth from its [W] and completion markers; `timer` scales a complete one
    that cannot be used at once (see `readiness`)."""
    if marks == 0:
        return k.fresh * (w / k.cost) ** PROGRESS if w > 0 else 0.0
    return k.ready * marks * timer


def readiness(k: Worth, armed: bool, delay: int, fed: bool) -> float:
    """How soon a complete object can be used: X(t) arming and countdown, storage X{W}."""
    timer = 1.0
    if k.delay:
        timer = UNARMED if not armed else ARMED if delay else 1.0
    return timer if fed else timer * STARVED


class Making:
    """What an object of one design is worth at each [W] while it is produced, as `object_worth`
    gives it: `partial[w]` incomplete with `w` [W], `fed` and `starved` just completed with
    the storage meeting its requirement X{W} or not (`readiness`, SR-14). A ranking judges every
    design's production at every investment it allows (`heuristic_production.produce`)."""

    __slots__ = ("partial", "fed", "starved")

    def __init__(self, k: Worth) -> None:
        self.partial = [object_worth(k, w, 0) for w in range(k.cost)]
        self.fed = object_worth(k, k.cost, k.marks, readiness(k, False, 0, True))
        self.starved = object_worth(k, k.cost, k.marks, readiness(k, False, 0, False))


@dataclass(frozen=True, slots=True)
class Guess:
    """What another seat's unrevealed object is worth, on average over what it may be."""

    worth: float
    attack: float       # attack, if it is a weapon
    guard: float        # protection, if it is an armour or mixed object


class Yardsticks:
    """Worth of every design of one content, and of hidden objects by what shows of them."""

    def __init__(self, content: Content) -> None:
        self.content = content
        kill = content.base.constants.starting_hp + OVERKILL
        self.designs = {no: design_worth(d, kill) for no, d in content.chart.items()}
        self.making = {no: Making(k) for no, k in self.designs.items()}
        # gains[n]: the most that completing one object of cost <= n adds over keeping the [W]
        available = [self.designs[no] for no in content.designs]
        self.gains = [max([k.fresh - STORAGE * k.cost for k in available if k.cost <= n] + [0.0])
                      for n in range(max(k.cost for k in available) + 1)]
        self._guesses: dict[tuple[int, int, bool], Guess] = {}
        # `guess(w, marks, intact).worth` of the guesses made so far, read by the heuristic's
        # tallies without a call (an unrevealed object is half of the objects they judge)
        self.guessed: dict[tuple[int, int, bool], float] = {}
        self._bursts: dict[int, list[float]] = {}

    def storage(self, storage: float, cap: int) -> float:
        """[W] in storage, plus a share of the best object they can complete in one go (`cap`:
        the character's investment cap), so that finishing one object is not judged as if the
        [W] left over were idle."""
        if storage < 1:
            return STORAGE * storage
        return STORAGE * storage + BUY * self.gains[min(int(storage), cap, len(self.gains) - 1)]

    def burst(self, storage: float, reach: int) -> float:
        """The most attack `storage` [W] can build and fire within one turn: weapons without a
        delay that one turn's investment completes (SR-8.5) and whose range is at least
        `reach`. What a character's storage threatens, besides its ready weapons."""
        table = self._bursts.get(reach)
        if table is None:
            table = self._bursts[reach] = self._burst_table(reach)
        return table[max(0, min(int(storage), len(table) - 1))]

    def _burst_table(self, reach: int) -> list[float]:
        cap = self.content.base.constants.invest_cap
        weapons = [(d.cost, float(d.a)) for no in self.content.designs
                   for d in (self.content.chart[no],)
                   if d.type == "A" and not d.delay and d.cost <= cap and d.r >= reach]
        best = [0.0] * (BURST_STORAGE + 1)
        for w in range(1, BURST_STORAGE + 1):
            best[w] = max([best[w - 1]] + [best[w - cost] + a for cost, a in weapons
                                           if cost <= w])
        return best

    def guess(self, w: int, marks: int, intact: bool) -> Guess:
        """The average of the designs an object may be, given its public [W] and markers."""
        key = (w, marks, intact)
        g = self._guesses.get(key)
        if g is None:
            fits = [self.designs[no] for no in self.content.designs
                    if _may_be(self.content.chart[no], w, marks, intact)] or [_NOTHING]
            n = len(fits)
            g = self._guesses[key] = Guess(
                sum(object_worth(k, w, marks, UNARMED if k.delay else 1.0) for k in fits) / n,
                sum(k.attack for k in fits) / n,
                sum(k.guard for k in fits) / n)
            self.guessed[key] = g.worth
        return g


_NOTHING = Worth(0.0, 1, 1, 0, 0, 0.0, 0.0, 0.0, False)


def _may_be(d: ObjectDef, w: int, marks: int, intact: bool) -> bool:
    """The designs an unrevealed object may be (as `hidden._candidates`, from public facts)."""
    if marks == 0:
        return d.cost > w
    if marks > 1:
        return d.use_limit == marks and (d.cost == w if intact else d.cost > w)
    return d.use_limit <= 1 and (d.cost == w if intact else d.cost > w)


_TABLES: dict[int, Yardsticks] = {}


def yardsticks(content: Content) -> Yardsticks:
    """The tables of a content, made once (contents are shared by every clone of a game)."""
    t = _TABLES.get(id(content))
    if t is None or t.content is not content:
        t = _TABLES[id(content)] = Yardsticks(content)
    return t
