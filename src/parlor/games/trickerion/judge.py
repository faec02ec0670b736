"""The search's judge of a position at three and four players (issue 22): a player's worth with each of its
terms weighted by how well it foretold the player's final Fame in `hard`'s own games.

The worth (heuristics.py) adds up Fame and what leads to it: resources, the crew, Tricks and their
markers, components, the week to come, the cards and the Action Points at hand. It steers greedy play
well, but as a cut-off of the search it is no forecast: it counts a Trick's promise at full value
whether or not the Trick will be performed, and a card's use before it is played. `bench/
trickerion_judge.py` played 218 games of `hard` against two greedy seats at three players (seats
rotated), took each seat's terms every third decision and its Fame at the end, and fitted, for each
number of turns left, the weight of every term by least squares drawn towards today's weight of 1
(a ridge penalty of half the squared distance from 1 for every position fitted). On the 30% of
games held out, the fitted worth named the final winner more often with 1 to 4 turns left (4: 41%
-> 47%, 1: 51% -> 74%); with 5 left (the first turn) it did not, so the first turn keeps the worth.

Played at the search's cut-offs (greedy and the candidate rankings unchanged) against greedy seats
(docs/status/bots.md, session 49): at three players on `hard`'s 201 deals of `--seed 1`, 117 wins
(58.2%) where the worth had won 99, and on the 201 of `--seed 2`, 101 (50.2%) where it had won 87:
218 of 402, 54.2% (Wilson 49-59%), 1.63 times a seat's fair share, with 103 deals won where the
worth lost and 71 lost where it won. At four players, with the weights fitted at three: 95 wins of
`--seed 1`'s 200 deals and 103 of `--seed 2`'s where the worth had won 76 and 74, 198 of 400, 49.5%
(45-54%), 1.98 times a fair share (107 : 59). Two players and the Dark Alley (other terms) were not
fitted: there the search judges by the worth as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .consts import Phase
from .heuristics import STANDING_TERMS, evaluate_all, worth_terms

if TYPE_CHECKING:
    from .state import TrickerionState

# Turns left (1 the last) -> the weight of each of `STANDING_TERMS`, then of the rest (the cards and
# Action Points at hand, the wages). Fitted in session 49 (bench/trickerion_judge.py).
WEIGHTS: dict[int, tuple[float, ...]] = {
    1: (1.0384, 0.9191, 1.2812, 0.7941, 1.0000, 0.1332, 0.7222, 0.4817, 0.2211),
    2: (1.0817, 1.0078, 1.2538, 0.4552, 0.8042, 0.2499, 0.7866, 0.4912, 0.1869),
    3: (1.0242, 1.2649, 1.0324, 0.4207, 0.5726, 0.3025, 0.8703, 0.6997, 0.1690),
    4: (0.7990, 1.3600, 0.9388, 0.5252, 0.6459, 0.3389, 0.9394, 0.7571, 0.1301),
}
assert all(len(weights) == len(STANDING_TERMS) + 1 for weights in WEIGHTS.values())


def judges(state: TrickerionState) -> bool:
    """Whether the fitted judge speaks for `state`: the base game at three or four players (fitted
    at three, measured at both), a turn it was fitted for (not the first), the game not over."""
    return (state.players in (3, 4) and not state.options.dark_alley and state.phase != Phase.OVER
            and state.last_turn - state.turn + 1 in WEIGHTS)


def judged_all(state: TrickerionState) -> list[float]:
    """Each seat's judged worth less the best other's (`heuristics.evaluate_all`'s shape): its own
    with its hidden cards, the others' as they can be seen; `evaluate_all` where the judge does not
    speak (`judges`)."""
    if not judges(state):
        return evaluate_all(state)
    weights = WEIGHTS[state.last_turn - state.turn + 1]
    rest = weights[-1]
    public: list[float] = []
    own: list[float] = []
    for seat in range(state.players):
        terms, seen, held = worth_terms(state, seat)
        judged = sum(weight * term for weight, term in zip(weights, terms, strict=False))
        public.append(judged + rest * seen)
        own.append(judged + rest * held)
    return [own[seat] - max(public[other] for other in range(state.players) if other != seat)
            for seat in range(state.players)]
