"""A position value for the greedy bot, roughly in Fame, from what `seat` can see (TR-24).

It rewards what leads to Fame: Tricks whose components are owned, prepared and scheduled markers
(worth their yields while Performances remain), characters, Coins and Shards, and unspent Action
Points or useful Assignment cards while they can still be used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import CS_PENDING, CS_PLACED, PF_ABILITY, Phase
from .data import CHARACTERS as CHARS
from .data import DATA
from .markers import marker_seat, marker_suit
from .records import Trick
from .rules.common import MGR_BONUS, effective, prepare_amount, requirements
from .rules.market import stock
from .rules.placement import base_ap
from .rules.theater import links_on
from .scoring import crew_points, level3_bonus

if TYPE_CHECKING:
    from .state import TrickerionState

COIN, SHARD = 0.35, 0.7
DOWNTOWN, MARKET_ROW, WORKSHOP, THEATER, DARK_ALLEY = 0, 1, 2, 3, 4
SPECIAL_CARD = 2.4               # 2 Fame at the end (TR-16.2) plus its use as +1 AP or ability
SPECIAL_USE = 1.6                # playing one: +1 AP or its ability on top of the Location
SPECIAL_END = 2.0                # ... costs its end Fame (TR-16.2)


def _marker_value(trick_index: int) -> float:
    t = DATA.tricks[trick_index]
    return t.yield_fame + COIN * t.yield_coins + SHARD * t.yield_shards


# Each Trick's marker worth (its yields), by Trick index.
_MARKER_VALUES = tuple(_marker_value(t.index) for t in DATA.tricks)


def _tricks(state: TrickerionState, seat: int, left: int) -> float:
    """Value of owned Tricks (by how far their components are gathered) and their markers."""
    value = 0.0
    scale, ready = min(1.0, left / 2), min(1.0, left)
    prepared, scheduled = state.prepared[seat], state.scheduled[seat]
    components, piles = state.components[seat], state.manager_piles[seat]
    bga = state.options.trick_component_source == "bga"  # `requirements`, read once
    for suit, t in enumerate(state.trick_by_suit[seat]):
        if t < 0:
            continue
        trick = DATA.tricks[t]
        have = total = 0
        for c, k in trick.alt_components if bga else trick.components:
            owned = components[c]  # `effective` written out: this loop runs at every judgement
            if owned and piles >> c & 1:
                owned += MGR_BONUS
            have += owned if owned < k else k
            total += k
        done = 3.0 if have == total else 0.0
        value += (1.0 + trick.level + 6.0 * have / total + done) * scale
        value += _MARKER_VALUES[t] * (0.55 * prepared[suit] * ready + 0.8 * scheduled[suit])
    return value


def _yield(state: TrickerionState, seat: int, trick_index: int) -> float:
    """A marker's yields with the owner's weekday modifier of this turn (TR-14.3)."""
    t = DATA.tricks[trick_index]
    fame, coins = t.yield_fame, t.yield_coins
    day = state.performance_day[seat]
    if day >= 0:
        fame = max(0, fame + DATA.weekday_fame[day])
        coins = max(0, coins + DATA.weekday_coins[day])
    return fame + COIN * coins + SHARD * t.yield_shards


def _best_show(state: TrickerionState, seat: int) -> tuple[float, int]:
    """The best card to perform now: (its value to `seat`, its position) (TR-14)."""
    best, where = 0.0, -1
    for pos in range(len(state.stage)):
        if state.stage[pos] < 0:
            continue
        own = 0.0
        for code in state.markers[pos]:
            if code >= 0 and marker_seat(code) == seat:
                own += _yield(state, seat, state.trick_by_suit[seat][marker_suit(code)])
        if own > best:
            card = state.cards[state.stage[pos]]
            best, where = own + links_on(state, pos) + card.bonus_fame + COIN * card.bonus_coins, pos
    return best, where


# Each category's Level-1 Tricks in the data's order, the candidates of a starting choice.
_LEVEL1_BY_CATEGORY: dict[int, tuple[Trick, ...]] = {
    category: tuple(t for t in DATA.tricks if t.level == 1 and t.category == category)
    for category in {t.category for t in DATA.tricks}
}


def _start_fit(state: TrickerionState, seat: int) -> float:
    """TR-2.4, TR-2.9: how well the components fit the best free favorite Level-1 Trick."""
    fav = DATA.magicians[state.magician[seat]].favorite
    components, piles = state.components[seat], state.manager_piles[seat]
    bga = state.options.trick_component_source == "bga"  # `requirements`, read once
    best = 0.0
    for t in _LEVEL1_BY_CATEGORY.get(fav, ()):
        if state.owner[t.index] >= 0:
            continue
        have = total = 0
        for c, k in t.alt_components if bga else t.components:
            owned = components[c]  # `effective` written out, as in `_tricks`
            if owned and piles >> c & 1:
                owned += MGR_BONUS
            have += owned if owned < k else k
            total += k
        best = max(best, have / total)
    return best


def _still_to_set_up(state: TrickerionState, seat: int) -> float:
    """Yields of prepared markers that the player's Theater characters of this week can still
    set up before the Performance (their AP left, or the base AP of those not placed yet)."""
    if state.phase not in (Phase.PLACE_CHARACTER, Phase.ACTIONS):
        return 0.0
    ap = 0
    for c in range(1, 8):
        if state.card_state[seat][c] == CS_PENDING and state.card_location[seat][c] == THEATER:
            ap += base_ap(c)
    if state.phase == Phase.ACTIONS and state.acting == seat and \
            DATA.slots[state.placement_slot].location == THEATER:
        ap += state.action_points
    ready = sorted((_yield(state, seat, state.trick_by_suit[seat][x]) for x in range(4)
                    if state.trick_by_suit[seat][x] >= 0 for _ in range(state.prepared[seat][x])),
                   reverse=True)
    return sum(ready[:ap])


def _needs(state: TrickerionState, seat: int, left: int) -> list[tuple[float, int]]:
    """(value, price of the Buy) of each component type in stock that owned Tricks miss."""
    out = []
    scale = min(1.0, left / 2)
    # per owned Trick: (component, missing) of its requirements, its total, how many it is short of
    tricks = []
    for t in state.trick_by_suit[seat]:
        if t < 0:
            continue
        need = requirements(state, DATA.tricks[t])
        missing = [(comp, k - effective(state, seat, comp)) for comp, k in need]
        tricks.append((missing, sum(k for _, k in need), sum(1 for _, m in missing if m > 0)))
    for c, price in stock(state):
        gain, count = 0.0, 0
        for missing, total, short in tricks:
            for comp, m in missing:
                if comp == c and m > 0:
                    gain += (6.0 * m / total + (3.0 if short == 1 else 0.0)) * scale
                    count = max(count, m)
        if gain > 0:
            out.append((gain, price * count))
    out.sort(reverse=True)
    return out


def _potential(state: TrickerionState, seat: int, char: int, loc: int, ap: int, left: int) -> float:
    """What `ap` Action Points at `loc` are likely to bring (the value of the actions the
    greedy bot would then take, so that placing and assigning see their use)."""
    if ap <= 0:
        return 0.0
    if loc == DOWNTOWN:
        options = []
        if any(x < 0 for x in state.trick_slots[seat][:3]) and any(d != "x" for d in state.dice[:2]):
            options.append(3.0 * min(1.0, left / 2))
        banks = [int(d) for d in state.dice[4:] if d != "x"]
        options.extend(COIN * b for b in banks)
        if state.dice[3] != "x" and bin(state.team[seat] >> 4).count("1") < 3 and left > 1:
            options.append(1.5)
        if state.dice[2] != "x" and not state.owns(seat, CHARS.index(state.dice[2])) and left > 1:
            options.append(2.5)
        options.sort(reverse=True)
        return sum(options[:ap // 3])
    if loc == MARKET_ROW:
        coins, value = state.coins[seat], 0.0
        for gain, price in _needs(state, seat, left)[:ap]:
            if price <= coins:
                coins -= price
                value += gain - COIN * price
        return max(0.0, value)
    if loc == WORKSHOP:
        value = 0.0
        for suit in range(4):
            t = state.trick_by_suit[seat][suit]
            if t >= 0 and ap >= DATA.tricks[t].prepare_ap and prepare_amount(state, seat, suit):
                ap -= DATA.tricks[t].prepare_ap
                value += 0.55 * prepare_amount(state, seat, suit) * _yield(state, seat, t) * \
                    min(1.0, left)
        return value
    if loc == THEATER:
        ready = sum(state.prepared[seat])
        return min(ap, ready) * 0.6 if left else 0.0
    return 0.0


def _card_value(state: TrickerionState, seat: int, char: int, loc: int, left: int) -> float:
    """How useful an assigned card looks (phases D and E): its Location's use with the
    character's AP on an average slot, less the wage."""
    if loc == THEATER and char == 0:
        show = sum(_yield(state, seat, state.trick_by_suit[seat][x]) * min(4, state.prepared[seat][x] +
                                                            state.scheduled[seat][x])
                   for x in range(4) if state.trick_by_suit[seat][x] >= 0)
        v = 0.8 * min(show, 12.0) + (1.5 if show else 0.0)    # + card bonus and Links
    elif loc == DARK_ALLEY:
        v = 1.0 + 0.3 * base_ap(char)
    else:
        ap = base_ap(char) + (0 if loc in (WORKSHOP, THEATER) else 1)
        v = 0.8 * _potential(state, seat, char, loc, ap, left)
    if state.special_card[seat][char] >= 0:         # played when the Location is worth more than 0.4
        v += SPECIAL_USE - SPECIAL_END
    wage = 0 if char == 0 or char == state.assistant_home[seat] else (1 if char >= 4 else 2)
    return v - COIN * wage


# The phases in which the week's placed characters and its Performance count.
_WEEK_PHASES = frozenset((Phase.PLACE_CHARACTER, Phase.ACTIONS, Phase.PERFORMANCE))


def _worth(state: TrickerionState, seat: int, private: bool) -> float:
    """What a player's position is worth in Fame; `private` adds their hidden Assignment cards."""
    value = _standing(state, seat)
    if private and _cards_count(state, seat):
        value = _with_cards(state, seat, value)
    return _placement_end(state, seat, value)


def _standing(state: TrickerionState, seat: int) -> float:
    """The first part of `_worth`, the same for the player and the others: resources, crew,
    Tricks and markers, the starting fit and the Performance to come this week (`standing_terms`,
    added up as they always were, to the bit)."""
    return added(standing_terms(state, seat))


def added(terms: tuple[float, ...]) -> float:
    """`standing_terms` added up as `_standing` always added its parts."""
    fame, coins, shards, points, crew, tricks, components, week = terms
    value = fame + coins + shards + points + crew
    value += tricks + components
    return value + week


# What each of `standing_terms` stands for (judge.py weighs them at three players)
STANDING_TERMS = ("fame", "coins", "shards", "crew_points", "crew", "tricks", "components", "week")


def standing_terms(state: TrickerionState, seat: int) -> tuple[float, ...]:
    """`_standing`'s parts (`STANDING_TERMS`): Fame, Coins and Shards at their worth, the crew's end
    points (Dark Alley: its specials and bonuses instead), the crew's use while turns remain, the
    Tricks with their markers, the components, and the week to come (the starting fit for a free
    Trick, or this week's Performance)."""
    left = state.last_turn - state.turn + 1
    crew = (state.team[seat] | state.hired[seat]).bit_count()
    if state.options.dark_alley:  # `state.dark_alley` without the property's call
        points: float = _dark_alley(state, seat)
        use = 0.8 * crew * min(1.0, (left - 2) / 3)
    else:
        points = _crew_points(state, seat)
        use = 1.5 * crew * min(1.0, (left - 1) / 2)
    week = 0.0
    phase = state.phase
    if phase == Phase.STARTING_CHOICES and state.magician[seat] >= 0 \
            and all(x < 0 for x in state.trick_by_suit[seat]):
        week = 4.0 * _start_fit(state, seat)   # starting components for a Trick prepared free
    elif phase in _WEEK_PHASES:
        magician_slot = state.placed[seat][0]
        if magician_slot >= 0 and DATA.slots[magician_slot].performance and \
                (phase != Phase.PERFORMANCE or state.performing_day <= DATA.slots[magician_slot].day):
            show, _ = _best_show(state, seat)      # the Performance to come this week (TR-14)
            week = 0.9 * show + 0.7 * _still_to_set_up(state, seat)
    return (float(state.fame[seat]), COIN * state.coins[seat], SHARD * state.shards[seat], points, use,
            _tricks(state, seat, left), 0.15 * sum(state.components[seat]), week)


def worth_terms(state: TrickerionState, seat: int) -> tuple[tuple[float, ...], float, float]:
    """A player's worth in parts, for a judge that weighs them (judge.py): `standing_terms`, then
    what the rest adds as the others see it (the acting placement's Action Points, a discard step,
    the wages) and as the player does (their hidden Assignment cards too)."""
    terms = standing_terms(state, seat)
    standing = added(terms)
    seen = _placement_end(state, seat, standing) - standing
    if not _cards_count(state, seat):
        return terms, seen, seen
    return terms, seen, _placement_end(state, seat, _with_cards(state, seat, standing)) - standing


def _with_cards(state: TrickerionState, seat: int, value: float) -> float:
    """`value` plus the player's hidden Assignment cards still to play, one by one."""
    left = state.last_turn - state.turn + 1
    assigning, cards, locations = state.phase == Phase.ASSIGNMENT, state.card_state[seat], \
        state.card_location[seat]
    for c in range(8):
        loc = locations[c]
        if loc >= 0 and (assigning or cards[c] == CS_PENDING):
            value += _card_value(state, seat, c, loc, left)
    return value


def _placement_end(state: TrickerionState, seat: int, value: float) -> float:
    """The last part of `_worth`: the acting placement's Action Points, an open discard step
    and this week's wages."""
    phase, cards = state.phase, state.card_state[seat]
    acting = phase == Phase.ACTIONS and state.acting == seat
    if acting:
        loc = DATA.slots[state.placement_slot].location
        if not DATA.slots[state.placement_slot].performance:
            left = state.last_turn - state.turn + 1
            value += _potential(state, seat, state.placement_character, loc, state.action_points, left)
    if state.discard_step[seat] == 1:
        value -= 10.0                     # a discard step is only worth its discards
    if phase not in _WEEK_PHASES:
        return value
    if not acting:
        value += 0.01                     # a finished placement beats a pointless action
    home = state.assistant_home[seat]
    for c in range(1, 8):
        if cards[c] == CS_PLACED and c != home:
            value -= COIN * (1 if c >= 4 else 2)
    return value


_CREW: dict[tuple[int, bool], int] = {}   # `crew_points` by team and the cap option (at most 512)


def _crew_points(state: TrickerionState, seat: int) -> int:
    """`crew_points`, which reads only the player's team and whether the categories are capped."""
    key = (state.team[seat], state.options.final_scoring_cap)
    points = _CREW.get(key)
    if points is None:
        points = _CREW[key] = crew_points(state, seat)
    return points


def _dark_alley(state: TrickerionState, seat: int) -> float:
    """Special cards (end Fame and use), Level-3 end bonuses in reach, the placement's AP and a
    declared ability not used yet (TR-16.2, TR-16.3, TR-18)."""
    value = SPECIAL_CARD * sum(state.specials_held[seat])
    for t in state.trick_by_suit[seat]:
        if t >= 0 and DATA.tricks[t].level == 3:
            value += 0.8 * level3_bonus(state, seat, t)
    if state.phase == Phase.ACTIONS and state.acting == seat:
        value += 0.25 * state.action_points
        if state.placement_flags & PF_ABILITY:
            value += 0.5
    return value


def evaluate(state: TrickerionState, seat: int) -> float:
    """Own worth minus the best opponent's (public) worth: the scale of a final Fame margin."""
    if state.phase == Phase.OVER:
        best = max(state.fame[p] for p in range(state.players) if p != seat)
        return float(state.fame[seat] - best)
    return _worth(state, seat, True) - max(_worth(state, p, False) for p in range(state.players) if p != seat)


def standing(state: TrickerionState, seat: int) -> float:
    """`_standing`, for a caller that judges several moves changing only the seat's cards."""
    return _standing(state, seat)


def own_worth(state: TrickerionState, seat: int) -> float:
    """`seat`'s worth as it sees it, the part of `evaluate` it judges its moves by."""
    return _worth(state, seat, True)


def best_public_worth(state: TrickerionState, seat: int) -> float:
    """The best public worth among `seat`'s opponents, the part `evaluate` subtracts."""
    return max(_worth(state, p, False) for p in range(state.players) if p != seat)


def cards_around(state: TrickerionState, seat: int, character: int) -> tuple[list[float], list[float]]:
    """What `_with_cards` adds for `seat`'s cards in the Assignment phase (all of them count,
    `_cards_count`) but `character`'s: the characters' before it and after it, in its order.
    A card's value reads neither the hand nor the other cards, so a ranking of `character`'s
    Assign moves finds them once and adds them around the one card each move changes."""
    left = state.last_turn - state.turn + 1
    locations = state.card_location[seat]
    before: list[float] = []
    after: list[float] = []
    for c in range(8):
        loc = locations[c]
        if loc >= 0 and c != character:
            (before if c < character else after).append(_card_value(state, seat, c, loc, left))
    return before, after


def assigning_worth(state: TrickerionState, seat: int, standing: float,
                    around: tuple[list[float], list[float]], character: int, location: int) -> float:
    """`seat`'s own worth in the Assignment phase with `character`'s card at `location` (-1:
    none), from its `standing` and the `cards_around` it found before: `_worth`'s sums in its
    order."""
    value = standing
    for card in around[0]:
        value += card
    if location >= 0:
        value += _card_value(state, seat, character, location, state.last_turn - state.turn + 1)
    for card in around[1]:
        value += card
    return _placement_end(state, seat, value)


def evaluate_all(state: TrickerionState) -> list[float]:
    """`evaluate` of every seat, each player's public worth computed once (not once per seat
    judging them): a search's cut-off judges the position for every seat. A player's own worth
    is their public one unless hidden Assignment cards may count; then it adds them to the
    standing part already found for the public worth (the same sums in the same order, to the
    bit)."""
    if state.phase == Phase.OVER:
        return [evaluate(state, seat) for seat in range(state.players)]
    standing = [_standing(state, p) for p in range(state.players)]
    public = [_placement_end(state, p, standing[p]) for p in range(state.players)]
    return [(_placement_end(state, seat, _with_cards(state, seat, standing[seat]))
             if _cards_count(state, seat) else public[seat])
            - max(public[p] for p in range(state.players) if p != seat)
            for seat in range(state.players)]


def _cards_count(state: TrickerionState, seat: int) -> bool:
    """Whether `_worth` with `private` may add the player's Assignment cards (phases D and E)."""
    return state.phase == Phase.ASSIGNMENT or state.card_state[seat].count(CS_PENDING) > 0
