"""A production under way, as Star Road's heuristic plays it out (SR-8.3-8.6): the object made
or continued with the investment the seat is expected to choose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_exposure import guard_of
from .heuristic_values import hp_worth, shield_worth
from .rules.production import max_invest

if TYPE_CHECKING:
    from .heuristic_outlook import Outlook
    from .model import Draft


class Plan:
    """The production under way with the investment the outlook expects: the object it makes
    (or continues), worth `value`, for `spent` [W] from storage."""

    __slots__ = ("seat", "uid", "replaced", "value", "shield", "spent", "guard")

    def __init__(self, seat: int, uid: int, replaced: int, value: float, shield: bool,
                 spent: int, guard: float = 0.0) -> None:
        self.seat, self.uid, self.replaced = seat, uid, replaced
        self.value, self.shield, self.spent = value, shield, spent
        self.guard = guard          # what it absorbs as a blocker once completed


class Producer:
    """What every production one seat may start shares in one outlook, before any of them is
    played out: its storage, what the seat keeps besides the object at each investment, and
    the object a new one replaces on a full line. A ranking judging all of the seat's
    productions (`heuristics.production_values`) works it out once for all of them."""

    __slots__ = ("look", "seat", "storage", "hp", "cap", "invest_cap", "least", "extra", "ignores",
                 "_kept", "_replaced")

    def __init__(self, look: Outlook, seat: int) -> None:
        self.look = look
        self.seat = seat
        self.storage = look.storage[seat]
        self.hp = hp_worth(look.hp[seat])
        self.cap = look.caps[seat]              # as the seat's worth counts it (public)
        self.invest_cap = look.s.invest_cap(seat)  # as the rules cap the investment
        self.least = look.s.content.base.constants.min_investment
        self.extra = look.bonus[seat] + look.card(seat)
        # `Outlook._fed`'s exception (SR-21.16)
        self.ignores = look.s.passive(seat, "ignore_storage_requirement") > 0
        self._kept: dict[int, float] = {}
        self._replaced: int | None = None

    def kept(self, spent: int) -> float:
        """The seat's HP, storage left and card after investing `spent` [W] (`Outlook._total`
        but the objects), in `_total`'s order of additions."""
        total = self._kept.get(spent)
        if total is None:
            total = self.hp + self.look.yard.storage(self.storage - spent, self.cap)
            total += self.extra
            self._kept[spent] = total
        return total

    def strength(self, plan: Plan) -> float:
        """`Outlook.strength` of the seat once `produce` has set `plan` (with this producer):
        `kept` is `Outlook._total` but the objects, at the storage the plan leaves."""
        plain, shields = self.look.tally(self.seat, (plan.uid, plan.replaced))
        if plan.shield:
            shields += plan.value
        else:
            plain += plan.value
        return self.kept(plan.spent) + plain + (shield_worth(shields) if shields else 0.0)

    def replaced(self) -> int:
        """The uid of the least valuable object on the seat's lines, which a new object takes
        the place of on a full board (SR-8.3 step 3)."""
        if self._replaced is None:
            look, seat = self.look, self.seat
            self._replaced = min((q for q in look.s.players[seat].slots if q is not None),
                                 key=lambda q: look.object_value(seat, q)).uid
        return self._replaced


def produce(look: Outlook, d: Draft, producer: Producer | None = None) -> None:
    """A production under way is judged with its best investment; a new object on a full
    board takes the place of the least valuable one (SR-8.3 step 3). Sets the draft's seat's
    storage and `look.plan`. `producer`: the seat's, when several productions are judged
    from the same outlook."""
    if d.ground >= 0:
        return
    s = look.s
    if producer is None:
        producer = Producer(look, d.seat)
    slots = s.players[d.seat].slots
    k = look.yard.designs[d.no]
    o = None if d.new else slots[d.slot]
    w0 = o.w if o is not None else 0
    replaced = producer.replaced() if d.new and d.slot < 0 and None not in slots else -1
    uid = o.uid if o is not None else -1
    plain, shields = look.tally(d.seat, (uid, replaced))
    unshielded = shield_worth(shields) if shields else 0.0   # while the object adds none
    made, kept = look.yard.making[d.no], producer.kept
    storage, ignores = producer.storage, producer.ignores
    best: tuple[float, int, float] | None = None   # total, investment, the object's value
    for x in range(producer.least, max_invest(s, d, producer.invest_cap) + 1):
        w = w0 + x
        if w < k.cost:
            value = made.partial[w]
            total = kept(x) + (plain + value) + unshielded
        else:
            value = made.fed if k.w_req <= storage - x or ignores else made.starved
            if k.shield:
                with_shields = shields + value
                total = kept(x) + plain + (shield_worth(with_shields) if with_shields else 0.0)
            else:
                total = kept(x) + (plain + value) + unshielded
        if best is None or total > best[0]:
            best = (total, x, value)
    if best is None:
        look.storage[d.seat] = storage - 0
        look.plan = None
        return
    _, x, value = best
    w = w0 + x
    done = w >= k.cost
    look.storage[d.seat] = storage - x
    look.plan = Plan(d.seat, uid, replaced, value, done and k.shield, x,
                     guard_of(s, d.seat, s.content.chart[d.no], float(w)) if done else 0.0)
