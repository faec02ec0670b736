"""A production under way, as Star Road's heuristic plays it out (SR-8.3-8.6): the object made
or continued with the investment the seat is expected to choose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_exposure import guard_of
from .heuristic_values import hp_worth, shield_worth
from .rules.production import max_invest

if TYPE_CHECKING:
    from .heuristic_outlook import Outlook
    from .model import Draft, Obj


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
                 "_kept", "_replaced", "_fed_floor")

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
        self._fed_floor: float | None = None

    def kept(self, spent: int) -> float:
        """The seat's HP, storage left and card after investing `spent` [W] (`Outlook._total`
        but the objects), in `_total`'s order of additions."""
        total = self._kept.get(spent)
        if total is None:
            total = self.hp + self.look.yard.storage(self.storage - spent, self.cap)
            total += self.extra
            self._kept[spent] = total
        return total

    def best(self, no: str, o: Obj | None, replaced: int,
             limit: int) -> tuple[float, int, float] | None:
        """The investment the seat is expected to choose in an object of design `no` (`o`
        continued, or a new one in place of `replaced`, -1 for none), of at most `limit` [W]
        (`max_invest`): (the seat's strength with it, its objects tallied at the storage
        before, the investment, the object's worth then); None if `limit` is under the least
        investment."""
        look = self.look
        k = look.yard.designs[no]
        w0, uid = (o.w, o.uid) if o is not None else (0, -1)
        plain, shields = look.tally(self.seat, (uid, replaced))
        unshielded = shield_worth(shields) if shields else 0.0   # while the object adds none
        made, kept = look.yard.making[no], self.kept
        storage, ignores = self.storage, self.ignores
        best: tuple[float, int, float] | None = None   # total, investment, the object's value
        for x in range(self.least, limit + 1):
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
        return best

    def strength_after(self, no: str, o: Obj | None, replaced: int,
                       best: tuple[float, int, float] | None) -> float | None:
        """`Outlook.strength` of the seat once `produce` has played out this production with
        `best`'s investment (`best` of the same arguments), with nothing set on the outlook;
        None if no investment is possible (the seat's strength is then as it stands). As
        `produce` leaves it, the objects are tallied at the storage the investment leaves,
        and `kept` is `_total` but the objects."""
        if best is None:
            return None
        _, spent, value = best
        look, seat = self.look, self.seat
        k = look.yard.designs[no]
        w0, uid = (o.w, o.uid) if o is not None else (0, -1)
        left = self.storage - spent
        if left < self.fed_floor():   # an object fed now starves: tallied at the storage left
            look.storage[seat] = left
            plain, shields = look.tally(seat, (uid, replaced))
            look.storage[seat] = self.storage
        else:                         # every object as fed as now: the tally `best` read
            plain, shields = look.tally(seat, (uid, replaced))
        if w0 + spent >= k.cost and k.shield:
            shields += value
        else:
            plain += value
        return self.kept(spent) + plain + (shield_worth(shields) if shields else 0.0)

    def plan(self, no: str, o: Obj | None, replaced: int, best: tuple[float, int, float]) -> Plan:
        """The production as `produce` sets it on the outlook, with `best`'s investment."""
        _, spent, value = best
        s = self.look.s
        k = self.look.yard.designs[no]
        w = (o.w if o is not None else 0) + spent
        done = w >= k.cost
        return Plan(self.seat, o.uid if o is not None else -1, replaced, value, done and k.shield,
                    spent, guard_of(s, self.seat, s.content.chart[no], float(w)) if done else 0.0)

    def fed_floor(self) -> float:
        """The least storage that keeps fed every object of the seat's fed now (SR-14: its
        requirement X{W} met), under which its tally changes; -inf if none is (or the seat
        ignores the requirement, SR-21.16). Only an object with markers is judged fed or
        starved (`Outlook._tally_objects`)."""
        if self._fed_floor is None:
            floor = float("-inf")
            if not self.ignores:
                designs = self.look.yard.designs
                for o in self.look.s.players[self.seat].slots:
                    if o is not None and o.marks:
                        need = designs[o.no].w_req
                        if floor < need <= self.storage:
                            floor = need
            self._fed_floor = floor
        return self._fed_floor

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
    o = None if d.new else slots[d.slot]
    replaced = producer.replaced() if d.new and d.slot < 0 and None not in slots else -1
    best = producer.best(d.no, o, replaced, max_invest(s, d, producer.invest_cap))
    if best is None:
        look.storage[d.seat] = producer.storage - 0
        look.plan = None
        return
    look.plan = producer.plan(d.no, o, replaced, best)
    look.storage[d.seat] = producer.storage - look.plan.spent
