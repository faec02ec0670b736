"""The heuristic the greedy and search bots use (`heuristics.py`): small positions where it must
prefer what a sensible player would do, that it reads only the seat's view, and a seeded match
of the greedy bot against random play.

`after` judges each legal move by the position it leads to, as the greedy bot does (one ply).
"""

from __future__ import annotations

from typing import Any

import pytest

from parlor.ai.bots import GreedyBot, RandomBot
from parlor.core import Rng, derive_seed
from parlor.games.starroad import GAME, StarRoadState
from parlor.games.starroad.heuristic_values import Style
from parlor.games.starroad.heuristics import BASE, SPAN, heuristic
from parlor.sim.runner import play_game
from parlor.sim.stats import wilson

from .helpers import attack, legal, play, scen, to_block

# Two passive character cards, face down: no ability move to compare with.
TWO = {"players": 2, "turns": 1, "first": 0, "active": 0, "characters": ["engineer", "sniper"]}
FOUR = {"players": 4, "turns": 1, "first": 0, "active": 0, "factions": ["R", "R*", "B*", "B"],
        "characters": ["engineer", "sniper", "fortifier", "sage"]}


def after(s: StarRoadState, seat: int) -> dict[str, float]:
    """The heuristic value for `seat` of the position each of its legal moves leads to."""
    values = {}
    for move in s.legal_moves(seat):
        nxt = s.clone()
        nxt.play(seat, move)
        values[str(move)] = heuristic(nxt, seat)
    return values


def best(s: StarRoadState, seat: int) -> str:
    values = after(s, seat)
    return max(values, key=lambda m: values[m])


def two(*seats: dict[str, Any]) -> StarRoadState:
    return scen(**TWO, seats=list(seats))


def test_finishing_a_weapon_beats_starting_another():
    """SR-8.4, SR-8.5, SR-8.6, SR-9.2: a half-built Rocket is finished before anything new is
    started (an incomplete object cannot be used), and with the full amount that completes it."""
    s = two({"storage": 4, "objects": [{"no": "1041", "w": 2}]}, {})
    values = after(s, 0)
    assert best(s, 0) == "continue line=1 level=1"
    assert all(values["continue line=1 level=1"] > v for m, v in values.items()
               if m.startswith("build"))
    play(s, 0, "continue line=1 level=1")
    assert best(s, 0) == "invest amount=2"


def test_a_full_board_replaces_its_least_useful_object():
    """SR-8.3 step 3: on a full board a new Rocket takes the place of a Sling, not of the other
    Rocket."""
    s = two({"storage": 4, "objects": ["1041"] + ["1011"] * 7}, {})
    play(s, 0, "build no=1041")
    values = after(s, 0)
    assert values["place line=1 level=1"] < min(v for m, v in values.items()
                                                 if m != "place line=1 level=1")


def test_attacks_an_unguarded_enemy():
    """SR-12.1, SR-13.7: a ready Rocket against an enemy with nothing to block is fired."""
    s = two({"storage": 0, "objects": ["1041"]}, {})
    assert best(s, 0) == "attack line=1 level=1"
    play(s, 0, "attack line=1 level=1")
    assert best(s, 0) == "target seat=1"


def test_holds_fire_into_armour_that_absorbs_it():
    """SR-13.4, SR-12.5: a Blaster (A2) fired into a known Fortress Wall (P5) does nothing but
    lose the Blaster, so the turn is ended instead."""
    s = two({"storage": 0, "objects": ["1021"]},
            {"storage": 2, "objects": [{"no": "2071", "revealed": True}]})
    values = after(s, 0)
    assert values["end"] > values["attack line=1 level=1"]


def test_blocks_an_attack_it_would_not_survive():
    """SR-12.3, SR-13.4, SR-16.1: two Rockets (10) against 8 HP: the Heavy Shield blocks. A lost
    game ranks below every position still being played (the greedy bot scores a loss 0)."""
    s = two({"storage": 0, "objects": ["1041", "1041"]}, {"objects": ["2051"]})
    attack(s, 0, (1, 1, [1]), (2, 1, [1]))
    to_block(s)
    values = after(s, 1)
    assert BASE - SPAN == values["blockers_done"] < values["blocker line=1 level=1"]
    assert GreedyBot().choose(GAME, s, 1, Rng(1)) == GAME.parse("blocker line=1 level=1")


def test_aims_at_the_known_enemy_not_the_ally():
    """SR-3.3, SR-3.4, SR-4.2, SR-21.4: seat 0 (R) sees seat 1's face-up Red captain and has
    peeked at seat 3 (B): its Rocket goes to seat 3."""
    s = scen(**FOUR, seats=[{"storage": 0, "objects": ["1041"], "peeked": [3]},
                            {"faction_up": True}, {}, {}])
    play(s, 0, "attack line=1 level=1")
    values = after(s, 0)
    assert values["target seat=3"] > values["target seat=1"]


def test_does_not_gamble_a_weapon_on_a_character_of_unknown_team():
    """SR-3.2, SR-4.1: with nobody's faction known, each neighbour may be the ally (1 in 3):
    the Rocket is kept rather than fired at a guess."""
    s = scen(**FOUR, seats=[{"storage": 0, "objects": ["1041"]}, {}, {}, {}])
    values = after(s, 0)
    assert values["end"] > values["attack line=1 level=1"]


def test_cancels_a_weapon_aimed_at_it():
    """SR-21.7, SR-10.6, SR-10.3: attacked by a Rocket, the Jammer's owner uses it in the
    response round rather than passing."""
    s = two({"storage": 0, "objects": ["1041"]}, {"objects": ["4042"]})
    attack(s, 0, (1, 1, [1]))
    assert s.actors() == (1,) and "use line=1 level=1" in legal(s, 1)
    assert best(s, 1) == "use line=1 level=1"


def test_arms_a_time_bomb_and_heals_when_low():
    """SR-15.7, SR-21.3: an unarmed Time Bomb is armed; a Med Kit is used at 2 HP."""
    s = two({"storage": 0, "objects": ["1043"]}, {})
    assert best(s, 0) == "use line=1 level=1"
    s = two({"storage": 0, "hp": 2, "objects": ["4031"]}, {})
    assert best(s, 0) == "use line=1 level=1"


@pytest.mark.parametrize("style", [Style(), Style(caution=1.0)], ids=["plain", "cautious"])
def test_reads_only_what_the_seat_may_see(style: Style):
    """SR-24.2, SR-24.3, SR-4.1: the value is the same on every redetermination of the position
    for that seat (others' face-down cards and unrevealed object numbers dealt anew), for
    positions of random games with productions, attacks and uses under way; the cautious style
    too (it weighs others' weapons, seen or guessed from their [W] and markers)."""
    rand = RandomBot()
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        s = GAME.setup(players, seed)
        rng = Rng(seed)
        for step in range(400):
            if s.is_over():
                break
            if step % 9 == 0:
                for viewer in range(players):
                    value = heuristic(s, viewer, style)
                    again = heuristic(s.redetermine(viewer, Rng(step * 10 + viewer)), viewer,
                                      style)
                    assert abs(again - value) < 1e-9, (players, seed, step, viewer)
            seat = s.actors()[0]
            s.play(seat, rand.choose(GAME, s, seat, rng))


def test_greedy_beats_random_over_seat_alternated_games():
    """Issue 7: the greedy bot against random play at 2 players, seats alternated, 40 games:
    the Wilson 95% lower bound of its win rate is above one half (it wins nearly all)."""
    greedy, rand = GreedyBot(), RandomBot()
    wins = 0.0
    games = 40
    for i in range(games):
        seed = derive_seed(7, "heuristic-test", i // 2)
        seats = [greedy, rand] if i % 2 == 0 else [rand, greedy]
        summary = play_game(GAME, 2, seed, seats)
        firsts = [x for x, rank in enumerate(summary.ranks) if rank == 1]
        wins += sum(1 for x in firsts if seats[x] is greedy) / len(firsts)
    low, _ = wilson(wins, games)
    assert low > 0.5, f"greedy won {wins} of {games}"


def test_a_cautious_style_builds_armour_against_the_weapons_in_reach():
    """The lab's cautious style counts what the enemy in reach can still do to the seat before
    its next turn (two ready Heavy Blades, SR-12, and what its storage builds, SR-8.5), so a
    Flash Barrier (P3, SR-13.4) beats a Heavy Blade; the plain heuristic prefers the weapon.
    When its blockers cover all the enemy can do (2 [W] of income make a Blaster, A2), caution
    changes nothing."""
    threatened = two({"storage": 4},
                     {"storage": 0, "objects": [{"no": "1031", "revealed": True},
                                                {"no": "1031", "revealed": True}]})
    plain, cautious = {}, {}
    for move in ("build no=2021", "build no=1031"):
        s = threatened.clone()
        play(s, 0, move)
        plain[move] = heuristic(s, 0)
        cautious[move] = heuristic(s, 0, Style(caution=1.0))
    assert plain["build no=1031"] > plain["build no=2021"]
    assert cautious["build no=2021"] > cautious["build no=1031"]
    calm = two({"storage": 4, "objects": ["2021"]}, {"storage": 0})
    assert heuristic(calm, 0, Style(caution=1.0)) == heuristic(calm, 0)
