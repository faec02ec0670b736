"""The position as one seat expects it once the decisions under way have played out.

The greedy bot judges the position right after one small decision (DESIGN: decisions are small):
a design chosen to build, a weapon picked for an attack, a blocker added to a chain. At that
point nothing has happened yet, so the outlook plays out what is under way, from the seat's view:
the production (with the best investment, `heuristic_production`), the use declarations on the
stack (their effects, here), and the attack (each target's damage calculation, SR-13.2:
`heuristic_attack`).

It never changes the state: it keeps its own HP and storage figures, and the worth of the
objects the play-out changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_attack import attack_draft, attack_in_progress
from .heuristic_production import Plan, produce
from .heuristic_values import (
    CARD,
    INSIGHT,
    Worth,
    effect_worth,
    hp_worth,
    object_worth,
    readiness,
    shield_worth,
    yardsticks,
)

if TYPE_CHECKING:
    from .data import Effect
    from .heuristic_shared import Shared, Tally
    from .model import Decl, Draft, Obj
    from .state import StarRoadState


def invest_caps(s: StarRoadState) -> list[int]:
    """Each character's investment cap (SR-8.5), public: every judging seat can share them."""
    cap = s.content.base.constants.invest_cap
    return [s.invest_cap(x) if p.character_up or p.cap_turn or p.ground else cap
            for x, p in enumerate(s.players)]


class Outlook:
    """HP, storage and object worth per seat after the pending decisions, seen by `seat`."""

    __slots__ = ("s", "seat", "yard", "weights", "hp", "storage", "bonus", "worth", "gone",
                 "cancelled", "plan", "caps", "tallies", "shared")

    def __init__(self, s: StarRoadState, seat: int, weights: list[float],
                 shared: Shared | None = None) -> None:
        self.s = s
        self.seat = seat
        self.yard = yardsticks(s.content) if shared is None else shared.yard
        self.weights = weights
        self.hp: list[float] = ([float(p.hp) for p in s.players] if shared is None
                                else list(shared.hp))
        self.storage: list[float] = ([float(p.storage) for p in s.players] if shared is None
                                     else list(shared.storage))
        self.bonus: list[float] = [0.0] * s.player_count   # worth gained outside HP, storage, objects
        self.worth: dict[int, float] = {}          # objects whose worth the play-out changed
        self.gone: set[int] = set()                 # objects destroyed in the play-out
        self.cancelled: set[tuple[int, int]] = set()   # (weapon, seat) cancelled (SR-21.7)
        self.plan: Plan | None = None               # the production under way
        self.caps: list[int] = invest_caps(s) if shared is None else shared.caps
        self.tallies = None if shared is None else shared.tallies
        self.shared = shared

    # -- what objects are worth -------------------------------------------------------------
    def knows(self, owner: int, o: Obj) -> bool:
        """An object's number is known to the seat: its own, or used once (SR-24.3)."""
        return owner == self.seat or o.revealed

    def object_value(self, owner: int, o: Obj) -> float:
        v = self.worth.get(o.uid)
        return v if v is not None else self.value_as(owner, o, o.w, o.marks, o.armed, o.delay)

    def value_as(self, owner: int, o: Obj, w: float, marks: int, armed: bool,
                 delay: int) -> float:
        """The worth `o` would have with these [W], markers and delay state."""
        if not self.knows(owner, o):
            return self.yard.guess(round(w), marks, o.intact and w == o.w).worth
        k = self.yard.designs[o.no]
        if not marks:
            return object_worth(k, w, 0)
        return object_worth(k, w, marks, readiness(k, armed, delay, self._fed(owner, k, None)))

    def _fed(self, owner: int, k: Worth, storage: float | None) -> bool:
        """SR-14: the storage (now, or as given) meets the design's requirement X{W}."""
        have = self.storage[owner] if storage is None else storage
        return k.w_req <= have or self.s.passive(owner, "ignore_storage_requirement") > 0

    def strength(self, x: int) -> float:
        """HP, storage and objects of one character; armour and mixed objects with
        diminishing returns (`shield_worth`), the production under way included."""
        plan = self.plan if self.plan is not None and self.plan.seat == x else None
        plain, shields = self._tally(x, plan)
        return self._total(x, plain, shields, plan)

    def _tally(self, x: int, plan: Plan | None) -> Tally:
        """Worth of x's objects (but the one the plan changes or replaces): shields apart."""
        return self.tally(x, (plan.uid, plan.replaced) if plan is not None else ())

    def tally(self, x: int, skip: tuple[int, ...]) -> Tally:
        """Worth of x's objects but those whose uid is in `skip`: shields apart."""
        if self.tallies is None or self.worth:
            return self._tally_objects(x, skip)
        key = (x, x == self.seat, skip, self.storage[x])
        known = self.tallies.get(key)
        if known is None:
            known = self.tallies[key] = self._tally_objects(x, skip)
        return known

    def _tally_objects(self, x: int, skip: tuple[int, ...]) -> Tally:
        # `object_value` written out: this loop is most of a search's time in Star Road
        plain = shields = 0.0
        worth, yard, own = self.worth, self.yard, x == self.seat
        guessed, designs, storage = yard.guessed, yard.designs, self.storage[x]
        for o in self.s.players[x].slots:
            if o is None or o.uid in skip:
                continue
            v = worth.get(o.uid) if worth else None
            if not (own or o.revealed):
                if v is None:   # an int [W] finds the guess `round` would (a float one misses)
                    v = guessed.get((o.w, o.marks, o.intact))
                    if v is None:
                        v = yard.guess(round(o.w), o.marks, o.intact).worth
                plain += v
                continue
            k = designs[o.no]
            marks = o.marks
            if v is None:
                if marks:   # `_fed` written out
                    fed = k.w_req <= storage or self.s.passive(x, "ignore_storage_requirement") > 0
                    v = object_worth(k, o.w, marks, readiness(k, o.armed, o.delay, fed))
                else:
                    v = object_worth(k, o.w, 0)
            if marks and k.shield:
                shields += v
            else:
                plain += v
        return plain, shields

    def strength_both_ways(self, x: int) -> tuple[float, float]:
        """`strength` of x as x sees it and as any other seat does, in one pass over its
        objects (they differ only in those x has not revealed), for an outlook that has played
        nothing out: the same additions in the same order as `_tally_objects` from each side."""
        assert self.plan is None and not self.worth
        plain = shields = seen_plain = seen_shields = 0.0
        yard, storage = self.yard, self.storage[x]
        for o in self.s.players[x].slots:
            if o is None:
                continue
            k = yard.designs[o.no]
            marks = o.marks
            if marks:
                fed = k.w_req <= storage or self.s.passive(x, "ignore_storage_requirement") > 0
                v = object_worth(k, o.w, marks, readiness(k, o.armed, o.delay, fed))
            else:
                v = object_worth(k, o.w, 0)
            shield = marks and k.shield
            if shield:
                shields += v
            else:
                plain += v
            if not o.revealed:
                guess = yard.guessed.get((o.w, marks, o.intact))
                seen_plain += guess if guess is not None else yard.guess(
                    round(o.w), marks, o.intact).worth
            elif shield:
                seen_shields += v
            else:
                seen_plain += v
        return (self._total(x, plain, shields, None),
                self._total(x, seen_plain, seen_shields, None))

    def _total(self, x: int, plain: float, shields: float, plan: Plan | None) -> float:
        if plan is not None:
            if plan.shield:
                shields += plan.value
            else:
                plain += plan.value
        shared = self.shared
        if (shared is not None and self.hp[x] == shared.hp[x]
                and self.storage[x] == shared.storage[x] and not self.bonus[x]):
            # the play-out left x's HP, storage and bonus as they were: the same for every seat
            value = shared.kept[x]
            if value is None:
                value = shared.kept[x] = self._kept(x)
        else:
            value = self._kept(x)
        return value + plain + (shield_worth(shields) if shields else 0.0)

    def _kept(self, x: int) -> float:
        """x's HP, storage, bonus and card: `_total` but the objects."""
        value = hp_worth(self.hp[x]) + self.yard.storage(self.storage[x], self.caps[x])
        value += self.bonus[x] + self.card(x)
        return value

    def card(self, x: int) -> float:
        """A face-up passive or triggered character card has its ability in force (SR-18.2);
        an activated one is turned up when used, so showing it earlier gains nothing."""
        p = self.s.players[x]
        if not (p.character_up and p.character and self.s.options.character_abilities):
            return 0.0
        return CARD if self.s.content.characters[p.character].kind != "activated" else 0.0

    # -- playing out --------------------------------------------------------------------------
    def others_untouched(self) -> bool:
        """Whether `play_out` leaves every other character as it is: an empty stack, no attack,
        and no draft of this seat's but a production (`_produce` changes only its own storage
        and plan). Then `strength` of another character is the same whoever judges, since only
        its own objects does a seat know better (`_tally`)."""
        s = self.s
        d = s.draft
        return ((d is None or d.seat != self.seat or d.kind == "produce")
                and not s.stack and s.attack is None)

    def play_out(self) -> None:
        """Apply, in the order they will resolve, the draft, the stack and the attack."""
        s = self.s
        d = s.draft
        if d is not None and d.seat == self.seat:    # others' drafts are not public yet
            if d.kind == "produce":
                produce(self, d)
            elif d.kind == "use":
                self._use_draft(d)
            elif d.kind == "attack":
                attack_draft(self, d)
        for decl in reversed(s.stack):
            self._declaration(decl)
        if s.attack is not None:
            attack_in_progress(self)

    # uses: arming, activations, abilities (SR-10.7, SR-15.7, SR-21) ------------------------
    def _declaration(self, decl: Decl) -> None:
        if decl.kind == "arm":
            self._arm(decl.owner, decl.uid)
        elif decl.kind in ("activate", "ability"):
            self._effects(decl.owner, decl.effects, list(decl.choices))
            if decl.uid >= 0:
                self.after_use(decl.owner, decl.uid)

    def _use_draft(self, d: Draft) -> None:
        choices = list(d.choices)
        if len(choices) < len(d.effects):
            e = d.effects[len(choices)]
            if e.op == "cancel_weapon" and d.picks:
                choices.append(tuple(d.picks))
            elif e.op == "remove_object_w" and d.chosen_seat >= 0:
                choices.append((d.chosen_seat,))
        self._effects(d.seat, d.effects, choices)
        if d.uid >= 0 and d.fire != "trigger":
            self.after_use(d.seat, d.uid)

    def _arm(self, owner: int, uid: int) -> None:
        o = self.find(owner, uid)
        if o is not None:
            delay = self.s.content.chart[o.no].delay
            self.worth[uid] = self.value_as(owner, o, o.w, o.marks, True, delay)

    def _effects(self, user: int, effects: tuple[Effect, ...],
                 choices: list[tuple[int, ...]]) -> None:
        """Each effect with its choice, or the best one for the user if not chosen yet."""
        for i, e in enumerate(effects):
            choice = choices[i] if i < len(choices) else ()
            op = e.op
            if op == "heal_base":
                self.hp[user] += e.get("amount")
            elif op == "gain_storage":
                self.storage[user] += e.get("amount")
            elif op == "steal_storage":
                t = choice[0] if choice else self._richest_enemy(user)
                if t >= 0:
                    taken = min(float(e.get("amount")), self.storage[t])
                    self.storage[t] -= taken
                    self.storage[user] += taken
            elif op == "remove_object_w":
                self._drain(user, e.get("amount"), choice)
            elif op == "cancel_weapon":
                self._cancel(user, e.get("count"), choice)
            elif op == "peek_faction" and user == self.seat:
                self.bonus[user] += self._insight(user, e.get("max_distance"), choice)
            else:
                self.bonus[user] += effect_worth(e)

    def _insight(self, user: int, reach: int, choice: tuple[int, ...]) -> float:
        """SR-21.4: what seeing a faction card is worth: the doubt it removes about whether
        that character is an ally or an enemy (the chosen one, or the most doubtful in reach)."""
        seats = choice[:1] or [t for t in self.s.after(user) if self.s.distance(user, t) <= reach]
        return INSIGHT * max((1.0 - abs(self.weights[t]) for t in seats), default=0.0)

    def _richest_enemy(self, user: int) -> int:
        enemies = [t for t in self.s.after(user) if self._hostile(user, t)]
        return max(enemies, key=lambda t: self.storage[t], default=-1)

    def _hostile(self, user: int, t: int) -> bool:
        """Whether `user` (the seat or another) treats `t` as an enemy, as far as we can tell."""
        if user == self.seat:
            return self.weights[t] < 0
        return t == self.seat or self.weights[t] > 0

    def _drain(self, user: int, amount: int, choice: tuple[int, ...]) -> None:
        """SR-21.5: the chosen object (or the one whose loss hurts its owner most) loses [W]."""
        s = self.s
        seats = [choice[0]] if choice else [t for t in s.after(user) if self._hostile(user, t)]
        best: tuple[float, int, Obj | None] = (0.0, -1, None)
        for t in seats:
            for o in s.players[t].slots:
                if o is None or o.uid in self.gone or (len(choice) > 1 and o.uid != choice[1]):
                    continue
                loss = self.object_value(t, o) - self._drained(t, o, amount)
                if best[2] is None or loss > best[0]:
                    best = (loss, t, o)
        _, t, obj = best
        if obj is not None:
            self.worth[obj.uid] = self._drained(t, obj, amount)

    def _drained(self, t: int, o: Obj, amount: int) -> float:
        w = max(0, o.w - amount)
        return self.value_as(t, o, w, o.marks, o.armed, o.delay) if w else 0.0

    def _cancel(self, user: int, count: int, choice: tuple[int, ...]) -> None:
        """SR-21.7: the chosen weapons, or the strongest aimed at the user, deal it nothing."""
        a = self.s.attack
        if a is None:
            return
        picks = list(choice)
        if not picks:
            aimed = [uid for uid, targets in a.weapons if user in targets]
            aimed.sort(key=lambda uid: -self.attack_of(a.owner, uid))
            picks = aimed[:count]
        for uid in picks:
            self.cancelled.add((uid, user))

    def after_use(self, owner: int, uid: int) -> None:
        """SR-15.1: destroyed, X(R) or X(UL) after an attack or an activation."""
        o = self.find(owner, uid)
        if o is None:
            return
        d = self.s.content.chart[o.no]
        if d.after_use == "destroy" or (d.after_use == "use_limit" and o.marks <= 1) or (
                d.after_use == "recycle" and o.w <= d.recycle):
            self.destroy(uid)
        elif d.after_use == "recycle":
            self.worth[uid] = self.value_as(owner, o, o.w - d.recycle, 0, False, 0)
        elif d.after_use == "use_limit":
            self.worth[uid] = self.value_as(owner, o, o.w, o.marks - 1, False, 0)

    def attack_of(self, owner: int, uid: int) -> float:
        o = self.find(owner, uid)
        if o is None:
            return 0.0
        if self.knows(owner, o):
            return float(self.s.content.chart[o.no].a)
        return self.yard.guess(o.w, o.marks, o.intact).attack

    # small helpers -----------------------------------------------------------------------------
    def find(self, owner: int, uid: int) -> Obj | None:
        for o in self.s.players[owner].slots:
            if o is not None and o.uid == uid:
                return o
        return None

    def destroy(self, uid: int) -> None:
        self.worth[uid] = 0.0
        self.gone.add(uid)
