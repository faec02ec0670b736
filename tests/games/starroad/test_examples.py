"""Every worked example of EXAMPLES.md (SR-E-01 .. SR-E-30) as a test."""

from __future__ import annotations

import pytest

from parlor.core import IllegalMove
from parlor.games.starroad import GAME

from .helpers import at, attack, block, end_turn, kinds, legal, play, scen, settle, to_block

PAST = {"turns": 1, "first": 0, "active": 0}   # every seat past its first turn, seat 0 to act


def test_e01_five_player_factions_and_group_win():
    """SR-E-01, SR-3.2, SR-3.3, SR-3.5, SR-4: R*,R,G vs B,Y; the whole group wins, eliminated too."""
    assert GAME.setup(5, 0).content.base.table[5] == ("R*", "R", "G", "B", "Y")
    s = scen(players=5, factions=["R*", "R", "G", "B", "Y"], **PAST,
             seats=[{"objects": [{"no": "1041", "line": 1}]}, {"alive": False},
                    None, {"alive": False}, {"hp": 2}])
    assert s.distance(0, 4) == 1
    attack(s, 0, (1, 1, [4]))
    settle(s)
    play(s, 4, "blockers_done")
    assert s.over and s.winners == (0, 1, 2)
    t = scen(players=5, factions=["R*", "R", "G", "B", "Y"], **PAST)
    assert "reveal_faction" in legal(t, 0)
    t.active = 3
    assert "reveal_faction" not in legal(t, 3)        # B can never turn its card up


def test_e02_setup_and_first_supply():
    """SR-E-02, SR-5.2, SR-6.3: st 4 and HP 8; the first supply brings st 6."""
    s = GAME.setup(4, 7)
    assert all((p.storage, p.hp) == (4, 8) for p in s.players)
    for seat in range(4):
        play(s, seat, f"choose card={s.players[seat].dealt[0]}")
    assert s.players[s.first].storage == 6
    first = s.first
    play(s, first, "build no=1041", "place line=1 level=1", "invest amount=4",
         "build no=1021", "place line=2 level=1", "invest amount=2")
    assert s.players[first].storage == 0
    for _ in range(4):
        end_turn(s)
    assert s.active == first and s.players[first].storage == 2


def test_e03_first_turn_rule_and_last_character():
    """SR-E-03, SR-5.8, SR-7.1, SR-7.2: first character 2; the last (seat 1) may attack at once."""
    s = scen(players=4, choosing=True)
    s.first = s.active = 2
    for seat in range(4):
        play(s, seat, f"choose card={s.players[seat].dealt[0]}")
    assert s.active == 2 and s.players[2].storage == 6
    play(s, 2, "build no=1021", "place line=1 level=1", "invest amount=2",
         "build no=2031", "place line=2 level=1", "invest amount=3")
    assert s.players[2].storage == 1
    assert not [m for m in legal(s, 2) if m.startswith(("attack", "use"))]
    end_turn(s)
    assert s.active == 3
    play(s, 3, "build no=4031", "place line=1 level=1", "invest amount=3")
    assert "use line=1 level=1" not in legal(s, 3)
    end_turn(s)
    assert s.active == 0
    play(s, 0, "end")
    assert s.actors() == (1,)
    play(s, 1, "pass")
    play(s, 2, "pass")
    assert "use line=1 level=1" in legal(s, 3)        # seat 3's first turn is over
    play(s, 3, "pass")
    assert s.active == 1
    play(s, 1, "build no=1041", "place line=1 level=1", "invest amount=4")
    assert "attack line=1 level=1" in legal(s, 1)      # the last character
    play(s, 1, "attack line=1 level=1")
    assert "target seat=2" in legal(s, 1)
    play(s, 1, "target seat=2", "launch")
    to_block(s)
    assert s.draft is not None and s.draft.kind == "block"
    assert "blocker line=2 level=1" in legal(s, 2)


def test_e03_arming_is_a_use_in_the_first_turn():
    """SR-E-03, SR-15.7, SR-7.1: a Time Bomb completed in one's first turn cannot be armed."""
    s = scen(players=4, first=2, active=2, turns=0, seats={"2": {"storage": 6}})
    play(s, 2, "build no=1043", "place line=1 level=1", "invest amount=4")
    assert at(s, 2, 1).marks == 1
    assert "use line=1 level=1" not in legal(s, 2)
    with pytest.raises(IllegalMove, match=r"SR-7\.1"):
        play(s, 2, "use line=1 level=1")


def test_e04_investment_cap_per_object():
    """SR-E-04, SR-8.3, SR-8.5, SR-8.6: 4 per object per turn; the cap is per object."""
    s = scen(players=2, **PAST, seats=[{"storage": 6}])
    play(s, 0, "build no=1081", "place line=1 level=1", "invest amount=4")
    assert (at(s, 0, 1).w, s.players[0].storage) == (4, 2)
    assert "continue line=1 level=1" not in legal(s, 0)
    with pytest.raises(IllegalMove, match="SR-8"):
        play(s, 0, "continue line=1 level=1")
    play(s, 0, "build no=1021", "place line=2 level=1", "invest amount=2")
    assert (at(s, 0, 2).w, at(s, 0, 2).marks, s.players[0].storage) == (2, 1, 0)
    end_turn(s)
    end_turn(s)
    play(s, 0, "continue line=1 level=1", "invest amount=2")
    assert at(s, 0, 1).w == 6
    end_turn(s)
    end_turn(s)
    play(s, 0, "continue line=1 level=1", "invest amount=2")
    assert (at(s, 0, 1).w, at(s, 0, 1).marks) == (8, 1)


def test_e05_minimum_and_maximum_investment():
    """SR-E-05, SR-8.3, SR-8.4, SR-8.7, SR-8.9."""
    s = scen(players=2, **PAST, seats=[{"storage": 5, "objects": [
        {"no": "1041", "line": 1, "w": 3}, {"no": "4031", "line": 2, "w": 1, "marks": 1}]}])
    play(s, 0, "build no=1011", "place line=3 level=1")
    assert "invest amount=0" not in legal(s, 0) and "invest amount=1" in legal(s, 0)
    t = scen(players=2, **PAST, seats=[{"storage": 5, "objects": [
        {"no": "1041", "line": 1, "w": 3}, {"no": "4031", "line": 2, "w": 1, "marks": 1}]}])
    play(t, 0, "continue line=1 level=1")
    assert legal(t, 0) == ["invest amount=1"]
    play(t, 0, "invest amount=1")
    assert "continue line=2 level=1" not in legal(t, 0)


def test_e06_placement_and_replacement():
    """SR-E-06, SR-8.3, A-31: lowest empty level; only a full line allows replacing."""
    objs = [{"no": "2031", "line": 1, "level": 1}, {"no": "1041", "line": 1, "level": 2, "w": 2},
            {"no": "1021", "line": 3, "level": 2}]
    s = scen(players=2, **PAST, seats=[{"storage": 3, "objects": objs}])
    play(s, 0, "build no=1011")
    assert legal(s, 0) == ["place line=1 level=1", "place line=1 level=2",
                           "place line=2 level=1", "place line=3 level=1",
                           "place line=4 level=1"]
    with pytest.raises(IllegalMove, match=r"SR-8\.3"):
        play(s, 0, "place line=3 level=2")
    events = play(s, 0, "place line=1 level=2", "invest amount=1")
    assert "destroyed" in kinds(events)
    assert at(s, 0, 1, 2).no == "1011" and at(s, 0, 1, 1).no == "2031"
    assert s.players[0].storage == 2        # the Rocket's 2 [W] went to the supply


def test_e07_distance():
    """SR-E-07, SR-11.1: heads among the living, the shorter way round."""
    s = scen(players=6, **PAST)
    assert (s.distance(0, 3), s.distance(0, 4), s.distance(0, 5)) == (3, 2, 1)
    s = scen(players=6, **PAST, seats={"1": {"alive": False}, "2": {"alive": False}})
    assert (s.distance(0, 3), s.distance(0, 4), s.distance(3, 5)) == (1, 2, 2)
    s = scen(players=6, **PAST, options={"distance_counts_eliminated": True},
             seats={"1": {"alive": False}, "2": {"alive": False}})
    assert s.distance(0, 3) == 3


def _targets(s, line):
    c = s.clone()
    play(c, 0, f"attack line={line} level=1")
    return [int(m.split("=")[1]) for m in legal(c, 0) if m.startswith("target")]


def test_e08_range_and_turn_range_bonus():
    """SR-E-08, SR-11.2, SR-21.8: +1 range until the end of the turn; two do not add."""
    s = scen(players=6, **PAST, seats=[{"objects": ["1032", "1041", "4043", "4043"]}])
    assert _targets(s, 1) == [1, 2, 4, 5]
    assert _targets(s, 2) == [1, 5]
    play(s, 0, "use line=3 level=1")
    settle(s, until=0)
    assert s.players[0].range_turn == 1
    assert _targets(s, 2) == [1, 2, 4, 5]
    assert _targets(s, 1) == [1, 2, 3, 4, 5]
    play(s, 0, "use line=4 level=1")
    settle(s, until=0)
    assert s.players[0].range_turn == 1


def test_e09_unblocked_attack():
    """SR-E-09, SR-12, SR-13.7: Rocket 5 unblocked -> HP 3; the Rocket is destroyed."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1041"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    events = play(s, 1, "blockers_done")
    assert s.players[1].hp == 3 and at(s, 0, 1) is None
    assert "destroyed" in kinds(events)


def test_e10_armour_survives_exactly_p():
    """SR-E-10, SR-13.4, SR-9.5: P2 absorbs 2; the next point breaks it; reset at turn end."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1021", "1011"]}, {"objects": ["2031"]}])
    b = scen(players=2, **PAST, seats=[{"objects": ["1021", "1011"]}, {"objects": ["2031"]}])
    for state, block_second in ((s, True), (b, False)):
        attack(state, 0, (1, 1, [1]))
        settle(state)
        block(state, 1, [(1, 1)])
        assert (state.players[1].hp, at(state, 1, 1).absorbed, at(state, 1, 1).w) == (8, 2, 3)
        settle(state, until=0)
        attack(state, 0, (2, 1, [1]))
        settle(state)
        block(state, 1, [(1, 1)] if block_second else [])
        assert state.players[1].hp == 7
    assert at(s, 1, 1) is None
    assert at(b, 1, 1) is not None
    end_turn(b)
    assert at(b, 1, 1).absorbed == 0


def test_e11_destroyed_blocker_passes_the_rest_on():
    """SR-E-11, SR-13.2, SR-13.4."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1041", "1021"]},
                                       {"objects": ["2031", "2051"]}])
    attack(s, 0, (1, 1, [1]), (2, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1), (2, 1)])
    assert at(s, 1, 1) is None and at(s, 1, 2) is None
    assert s.players[1].hp == 6


def test_e12_second_weapon_meets_what_is_left():
    """SR-E-12, SR-13.2: the pointer stays on a surviving blocker."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1021", "1031"]},
                                       {"objects": ["2051", "2031"]}])
    attack(s, 0, (1, 1, [1]), (2, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1), (2, 1)])
    assert at(s, 1, 1) is None and at(s, 1, 2) is None
    assert s.players[1].hp == 7


def test_e13_special_blocks_with_its_w_and_stays_usable():
    """SR-E-13, SR-13.3, SR-9.4: Med Kit loses 2 [W], stays complete; activation heals 2."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1021"]}, {"objects": ["4031"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    kit = at(s, 1, 1)
    assert (kit.w, kit.marks, s.players[1].hp) == (1, 1, 8)
    play(s, 0, "end")
    play(s, 1, "use line=1 level=1")
    settle(s, until=1)
    assert s.players[1].hp == 10 and at(s, 1, 1) is None
    t = scen(players=2, **PAST, seats=[{"objects": ["1031"]}, {"objects": ["4031"]}])
    t.players[0].slots[0].no = "1031"
    attack(t, 0, (1, 1, [1]))
    settle(t)
    block(t, 1, [(1, 1)])
    assert at(t, 1, 1) is None and t.players[1].hp == 7   # A4: 3 absorbed, 1 passes


def test_e14_mixed_reflects_then_breaks():
    """SR-E-14, SR-13.5, SR-13.6."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1021", "1011", "2031"]},
                                       {"objects": ["3061"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    events = block(s, 1, [(1, 1)])
    assert (s.players[0].hp, s.players[1].hp) == (6, 8)
    assert "reflected" in kinds(events)
    settle(s, until=0)
    attack(s, 0, (2, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    assert at(s, 1, 1) is None and (s.players[0].hp, s.players[1].hp) == (6, 7)


@pytest.mark.parametrize(("reflect", "attacker_hp"), [(False, 8), (True, 6)])
def test_e15_big_hit_on_a_mixed_object(reflect, attacker_hp):
    """SR-E-15, SR-13.5, option mixed_reflect_on_destroy."""
    s = scen(players=2, **PAST, options={"mixed_reflect_on_destroy": reflect},
             seats=[{"objects": ["1041"]}, {"objects": ["3061"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    assert at(s, 1, 1) is None
    assert (s.players[0].hp, s.players[1].hp) == (attacker_hp, 5)


def test_e16_reflection_eliminates_attacker_and_rewards_captain():
    """SR-E-16, SR-13.6, SR-12.3, SR-16, SR-6.7."""
    s = scen(players=4, factions=["B", "R*", "B*", "R"], **PAST,
             seats=[{"hp": 2, "objects": ["1021", "1041"]},
                    {"faction_up": True, "storage": 4, "objects": ["3061"]}])
    attack(s, 0, (1, 1, [1]), (2, 1, [1]))
    settle(s)
    events = block(s, 1, [(1, 1)])
    assert not s.players[0].alive and s.eliminations == [(0, 1)]
    assert s.players[0].faction_up and "reward" in kinds(events)
    assert s.players[1].storage == 7
    assert legal(s, 1) == ["give seat=2", "give seat=3", "keep"]
    play(s, 1, "give seat=3")
    assert (s.players[1].storage, s.players[3].storage) == (6, 5)
    play(s, 1, "keep")
    assert s.players[1].storage == 8          # seat 1's own turn began with its supply
    assert s.players[1].hp == 8 and all(o is None for o in s.players[0].slots)
    assert not s.over and s.active == 1 and s.phase == "action"


def test_e17_penalty_for_killing_own_group_face_up():
    """SR-E-17, SR-16.4: every object on the eliminator's lines is destroyed; st and HP kept."""
    s = scen(players=6, factions=["R*", "G", None, None, None, None], **PAST,
             seats=[{"faction_up": True, "storage": 4, "hp": 6, "objects": [
                 "1041", "2031", "3061", {"no": "1061", "w": 2}, {"no": "1081", "w": 3}]},
                 {"hp": 3}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    events = play(s, 1, "blockers_done")
    assert "penalty" in kinds(events)
    assert all(o is None for o in s.players[0].slots)
    assert (s.players[0].storage, s.players[0].hp) == (4, 6)
    assert sum(e.data["w"] for e in events if e.kind == "destroyed") == 18


def test_e18_face_down_eliminator_gets_nothing():
    """SR-E-18, SR-16.4."""
    s = scen(players=4, factions=["B*", "B", "R*", "R"], first=3, active=3, turns=1,
             seats={"3": {"objects": ["1041"]}, "0": {"hp": 1}})
    attack(s, 3, (1, 1, [0]))
    settle(s)
    events = play(s, 0, "blockers_done")
    assert not s.players[0].alive and s.players[0].faction == "B*"
    assert "reward" not in kinds(events) and "penalty" not in kinds(events)
    assert s.players[3].storage == 4


def test_e19_distributing_the_reward():
    """SR-E-19, SR-16.4, A-13: only to living characters' storages, at most the 3 received."""
    factions = ["R*", "R", "G*", "G", "B*", "B", "Y*", "Y"]
    s = scen(players=8, factions=factions, **PAST,
             seats=[{"faction_up": True, "storage": 1, "objects": ["1061"]},
                    None, None, None, None, None, {"alive": False}, {"hp": 1}])
    attack(s, 0, (1, 1, [7]))
    settle(s)
    play(s, 7, "blockers_done")
    assert s.players[0].storage == 4
    assert "give seat=7" not in legal(s, 0) and "give seat=6" not in legal(s, 0)
    play(s, 0, "give seat=1", "give seat=1", "keep")
    assert (s.players[0].storage, s.players[1].storage) == (2, 6)


def test_e20_recycle_repeater():
    """SR-E-20, SR-15.2, SR-8.5."""
    s = scen(players=2, **PAST, seats=[{"storage": 4}])
    play(s, 0, "build no=1042", "place line=1 level=1", "invest amount=4")
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    rep = at(s, 0, 1)
    assert (rep.w, rep.marks, s.players[1].hp) == (2, 0, 6)
    assert "continue line=1 level=1" not in legal(s, 0)
    end_turn(s)
    end_turn(s)
    s.players[0].storage = 4
    play(s, 0, "continue line=1 level=1", "invest amount=2")
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    play(s, 0, "continue line=1 level=1", "invest amount=2")
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    assert (at(s, 0, 1).w, s.players[0].storage, s.players[1].hp) == (2, 0, 2)
    assert "continue line=1 level=1" not in legal(s, 0)


def test_e21_use_limit_missile_pod():
    """SR-E-21, SR-15.4, SR-15.5: 3 markers, three attacks, then destroyed."""
    s = scen(players=2, **PAST, seats=[{"storage": 5}, {"hp": 20}])
    play(s, 0, "build no=1052", "place line=1 level=1", "invest amount=4")
    end_turn(s)
    end_turn(s)
    play(s, 0, "continue line=1 level=1", "invest amount=1")
    assert at(s, 0, 1).marks == 3
    for marks in (2, 1):
        attack(s, 0, (1, 1, [1]))
        settle(s)
        play(s, 1, "blockers_done")
        assert at(s, 0, 1).marks == marks
    play(s, 0, "attack line=1 level=1", "target seat=1")
    assert "add_weapon line=1 level=1" not in legal(s, 0)
    play(s, 0, "launch")
    settle(s)
    play(s, 1, "blockers_done")
    assert at(s, 0, 1) is None and s.players[1].hp == 14


@pytest.mark.parametrize(("weapon", "hp", "alive_after"), [("1031", 7, False), ("1021", 8, False)])
def test_e22_use_limit_on_armour(weapon, hp, alive_after):
    """SR-E-22, SR-12.3 step 4, SR-15.5: one block declaration = one use."""
    s = scen(players=2, **PAST, seats=[{"objects": [weapon]}, {"objects": ["2021"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    assert s.players[1].hp == hp
    assert (at(s, 1, 1) is not None) == alive_after


def test_e23_time_bomb_arming_and_countdown():
    """SR-E-23, SR-15.7-15.9: arm (not an attack), charged next own turn, then fire A7."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1043"]}])
    play(s, 0, "use line=1 level=1")
    settle(s, until=0)
    bomb = at(s, 0, 1)
    assert (bomb.armed, bomb.delay) == (True, 1)
    assert "attack line=1 level=1" not in legal(s, 0)
    end_turn(s)
    assert bomb.delay == 1                 # seat 1's turn start does not count it down
    end_turn(s)
    assert at(s, 0, 1).delay == 0
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    assert s.players[1].hp == 1 and at(s, 0, 1) is None


def test_e23_every_turn_countdown_orbital_strike():
    """SR-E-23, option delay_countdown = every_turn: Orbital Strike charged by seat 0's next turn."""
    s = scen(players=4, **PAST, options={"delay_countdown": "every_turn"},
             seats=[{"storage": 2, "objects": ["1071"]}])
    play(s, 0, "use line=1 level=1")
    settle(s, until=0)
    for _ in range(3):
        end_turn(s)
    assert at(s, 0, 1).delay == 0
    end_turn(s)
    assert s.active == 0 and "attack line=1 level=1" in legal(s, 0)
    t = scen(players=4, **PAST, seats=[{"storage": 2, "objects": ["1071"]}])
    play(t, 0, "use line=1 level=1")
    settle(t, until=0)
    for _ in range(4):
        end_turn(t)
    assert at(t, 0, 1).delay == 1 and "attack line=1 level=1" not in legal(t, 0)


def test_e24_storage_requirement():
    """SR-E-24, SR-14.1, SR-14.2, SR-21.16: 3{W} with st 2 cannot attack; st 4 can and keeps 4; Sage."""
    s = scen(players=2, **PAST, seats=[{"storage": 2, "objects": ["1081"]}])
    assert "attack line=1 level=1" not in legal(s, 0)
    s = scen(players=2, **PAST, seats=[{"storage": 4, "objects": ["1081"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    assert s.players[0].storage == 4
    s = scen(players=2, **PAST, characters=["sage", None],
             seats=[{"storage": 0, "character_up": True, "objects": ["1081"]}])
    assert "attack line=1 level=1" in legal(s, 0)


def test_e25_last_declared_resolves_first():
    """SR-E-25, SR-10.5, SR-10.6, SR-10.8."""
    s = scen(players=4, **PAST, seats=[{"objects": ["1041", "4051"]},
                                       {"hp": 4, "objects": ["4031"]}])
    attack(s, 0, (1, 1, [1]))
    assert s.actors() == (1,)
    play(s, 1, "use line=1 level=1")
    assert s.actors() == (2,)
    play(s, 2, "pass")
    play(s, 3, "pass")
    play(s, 0, "use line=2 level=1", "target seat=1", "pick line=1 level=1")
    assert [d.kind for d in s.stack] == ["attack", "activate", "activate"]
    assert s.actors() == (1,)
    play(s, 1, "pass")
    play(s, 2, "pass")
    events = play(s, 3, "pass")
    assert at(s, 1, 1) is None and at(s, 0, 2) is None
    assert s.actors() == (2,)          # the Med Kit's round restarts at seat 2
    play(s, 2, "pass")
    play(s, 3, "pass")
    events = play(s, 0, "pass")
    assert "fizzled" in kinds(events) and s.players[1].hp == 4
    assert s.actors() == (1,)          # the attack's round restarts
    settle(s)
    play(s, 1, "blockers_done")
    assert not s.players[1].alive


def test_e26_jammer_cancels_a_weapon():
    """SR-E-26, SR-21.7, SR-12.5."""
    s = scen(players=2, **PAST, seats=[{"storage": 3, "objects": ["1081", "1021"]},
                                       {"objects": ["4042", "2031"]}])
    attack(s, 0, (1, 1, [1]), (2, 1, [1]))
    play(s, 1, "use line=1 level=1", "cancel line=1 level=1")
    to_block(s)
    assert s.draft is not None and s.draft.kind == "block"
    block(s, 1, [(2, 1)])
    assert s.players[1].hp == 8 and at(s, 1, 2).absorbed == 2
    assert at(s, 0, 1) is None and at(s, 0, 2) is None and at(s, 1, 1) is None


def test_e27_two_targets_and_target_order():
    """SR-E-27, SR-12.1, SR-12.3."""
    s = scen(players=4, **PAST, seats=[{"objects": ["1051"]}, None, None,
                                       {"objects": ["2031"]}])
    attack(s, 0, (1, 1, [3, 1]), order=[3])
    assert s.attack is not None and s.attack.order == (3, 1)
    to_block(s)
    block(s, 3, [(1, 1)])
    assert s.players[3].hp == 7 and at(s, 3, 1) is None
    play(s, 1, "blockers_done")
    assert s.players[1].hp == 5 and at(s, 0, 1) is None


def test_e28_hidden_object_numbers():
    """SR-E-28, SR-24.3: others see w and markers only; blocking and leaving play reveal."""
    s = scen(players=4, **PAST, seats=[{"objects": ["1032", "4051"]}, None,
                                       {"objects": [{"no": "3061", "line": 3},
                                                    {"no": "1081", "line": 4, "w": 3}]}])
    seen = {o["line"]: o for o in s.view(0)["seats"][2]["objects"]}
    assert seen[3]["no"] is None and seen[3]["w"] == 6 and seen[3]["complete"]
    assert seen[4]["no"] is None and not seen[4]["complete"]
    assert {o["line"]: o["no"] for o in s.view(2)["seats"][2]["objects"]} == {3: "3061", 4: "1081"}
    attack(s, 0, (1, 1, [2]))
    to_block(s)
    block(s, 2, [(3, 1)])
    assert {o["line"]: o["no"] for o in s.view(0)["seats"][2]["objects"]} == {3: "3061", 4: None}
    play(s, 0, "use line=2 level=1", "target seat=2", "pick line=4 level=1")
    settle(s, until=0)
    assert [2, "1081"] in s.view(1)["left_play"]


def test_e29_game_end_one_group_left():
    """SR-E-29, SR-3.5, option team_mode."""
    s = scen(players=4, factions=["R*", "R", "B*", "B"], first=1, active=1, turns=1,
             seats={"1": {"objects": ["1041"]}, "2": {"alive": False}, "3": {"hp": 1},
                    "0": {"alive": False}})
    assert s.distance(1, 3) == 1
    attack(s, 1, (1, 1, [3]))
    settle(s)
    play(s, 3, "blockers_done")
    assert s.over and s.winners == (0, 1) and s.result().winners() == (0, 1)
    c = scen(players=6, factions=["R*", "R", "G*", "G", "B*", "B"], options={"team_mode": "colour"},
             **PAST, seats={"4": {"alive": False}, "5": {"hp": 1}, "0": {"objects": ["1041"]}})
    attack(c, 0, (1, 1, [5]))
    settle(c)
    play(c, 5, "blockers_done")
    assert not c.over


def test_e30_removing_all_w_destroys_an_incomplete_object():
    """SR-E-30, SR-8.7, SR-21.5."""
    s = scen(players=4, **PAST, seats=[{"objects": ["4051"]},
                                       {"objects": [{"no": "1041", "w": 2}]}])
    play(s, 0, "use line=1 level=1", "target seat=1", "pick line=1 level=1")
    settle(s, until=0)
    assert at(s, 1, 1) is None
