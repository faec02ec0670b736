"""Rule tests, one concept each, citing the rule IDs of RULES.md (SR-n.m)."""

from __future__ import annotations

import pytest

from parlor.core import BadOptions, IllegalMove, Rng
from parlor.games.starroad import GAME

from .helpers import at, attack, block, end_turn, kinds, legal, play, scen, settle, to_block

PAST = {"turns": 1, "first": 0, "active": 0}


def test_setup_deals_factions_characters_and_resources():
    """SR-5.1, SR-5.2, SR-5.4, SR-5.5, SR-5.6, SR-5.7, SR-4.1, SR-2.1, SR-2.2: cards of the row
    face down, 2 character cards each, 4 storage and 8 HP; a random first character."""
    firsts = set()
    for seed in range(12):
        s = GAME.setup(6, seed)
        assert sorted(p.faction for p in s.players) == sorted(s.content.base.table[6])
        assert not any(p.faction_up for p in s.players)
        dealt = [c for p in s.players for c in p.dealt]
        assert len(dealt) == 12 and len(set(dealt + s.undealt)) == 16
        assert s.phase == "choose" and s.actors() == (0, 1, 2, 3, 4, 5)
        firsts.add(s.first)
    assert len(firsts) > 1
    s = GAME.setup(4, 1)
    kept = s.players[2].dealt[1]
    play(s, 2, f"choose card={kept}")
    assert s.players[2].character == kept and s.players[2].unchosen == s.players[2].dealt[0] \
        if s.players[2].dealt else s.players[2].unchosen != kept
    view = s.view(0)
    assert view["seats"][2]["faction"] is None and view["seats"][2]["character"] is None
    assert s.view(2)["you"]["set_aside"] and s.view(2)["seats"][2]["character"] == kept


def test_the_design_chart_is_public_and_shared():
    """SR-5.9, SR-8.3, A-28: any character may build any number, several copies too."""
    s = scen(players=2, **PAST, seats=[{"storage": 6}])
    assert [m for m in legal(s, 0) if m.startswith("build")] == \
        [f"build no={no}" for no in s.content.designs]
    play(s, 0, "build no=1011", "place line=1 level=1", "invest amount=1",
         "build no=1011", "place line=2 level=1", "invest amount=1")
    assert at(s, 0, 1).no == at(s, 0, 2).no == "1011"


def test_shared_hp_and_elimination_at_zero():
    """SR-5.3, SR-0.4, SR-0.6, SR-13.7, SR-16.1, SR-16.5: damage to the character is damage to
    its base; at 0 it is eliminated and takes no more turns; excess damage is lost."""
    s = scen(players=3, factions=["R", "G", "B"], **PAST, seats=[{"objects": ["1041"]}, {"hp": 2}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    assert s.players[1].hp == 0 and not s.players[1].alive
    end_turn(s)
    assert s.active == 2


def test_turn_phases_window_and_reset():
    """SR-6.1, SR-6.2, SR-6.4, SR-6.5, SR-6.6, SR-10.4: the window gives each other living
    character priority once, in turn order; turn end resets per-turn state."""
    s = scen(players=4, **PAST, seats=[{"objects": ["1021", "4043"]}, {"objects": ["2031"]},
                                       {"alive": False}])
    play(s, 0, "use line=2 level=1")
    settle(s, until=0)
    attack(s, 0, (1, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    assert at(s, 1, 1).absorbed == 2 and s.players[0].range_turn == 1
    play(s, 0, "end")
    assert s.phase == "window" and s.window == [1, 3] and s.actors() == (1,)
    play(s, 1, "pass")
    assert s.actors() == (3,)
    play(s, 3, "pass")
    assert s.active == 1 and s.phase == "action"
    assert at(s, 1, 1).absorbed == 0 and s.players[0].range_turn == 0 and s.players[1].storage == 6


def test_abilities_and_reveals_in_the_first_turn():
    """SR-7.3, SR-18.4: abilities and card reveals are not object uses."""
    s = scen(players=4, first=0, active=0, turns=0, characters=["medic", None, None, None])
    assert "ability" in legal(s, 0) and "reveal_character" in legal(s, 0)
    play(s, 0, "ability")
    settle(s, until=0)
    assert s.players[0].hp == 11 and s.players[0].character_up


def test_levels_have_no_effect_and_objects_never_move():
    """SR-8.2, SR-8.8, SR-8.10, A-33: a level-2 object stays when level 1 empties; the next
    object takes level 1; nothing is ever discarded without building."""
    s = scen(players=2, **PAST, seats=[{"storage": 2, "objects": [
        {"no": "1011", "line": 1, "level": 1}, {"no": "2031", "line": 1, "level": 2}]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    assert at(s, 0, 1, 1) is None and at(s, 0, 1, 2).no == "2031"
    assert not [m for m in legal(s, 0) if m.startswith(("discard", "place"))]
    play(s, 0, "build no=1011", "place line=1 level=1", "invest amount=1")
    assert at(s, 0, 1, 1).no == "1011"


def test_object_types_decide_their_uses():
    """SR-9.1, SR-9.2, SR-10.1, SR-10.2, SR-10.3, SR-13.1, SR-15.10: armour only blocks,
    weapons attack only in their own action phase, incomplete and X(t) objects never block."""
    s = scen(players=2, **PAST, characters=[None, "engineer"],
             seats=[{"objects": ["1021", "1011"]},
                    {"objects": ["2031", "1041", "4041", "4031",
                                                    {"no": "2051", "w": 3}]}])
    assert "use line=1 level=1" not in legal(s, 0)        # a weapon is not "used" alone
    attack(s, 0, (1, 1, [1]))
    assert legal(s, 1) == ["use line=3 level=1", "use line=4 level=1", "reveal_character", "pass"]
    to_block(s)
    assert legal(s, 1) == ["blocker line=1 level=1", "blocker line=4 level=1", "blockers_done"]
    play(s, 1, "blockers_done")
    play(s, 0, "end")
    assert "use line=4 level=1" in legal(s, 1)             # a special, in the window
    assert "use line=3 level=1" in legal(s, 1)             # arming an X(t) special


def test_effective_values_and_bonuses_add_up():
    """SR-9.3, SR-21.1, SR-21.11, SR-21.12, SR-21.13: passive bonuses from sources add up."""
    s = scen(players=6, **PAST, options={"ground_rules": True}, characters=[
        "sniper", "fortifier", "mirror_master", None, None, None],
        seats=[{"character_up": True, "ground": ["9061"], "objects": ["1041"]},
               {"character_up": True, "objects": ["2031"]},
               {"character_up": True, "objects": ["3061"]}])
    rocket = s.content.chart["1041"]
    assert s.weapon_range(0, rocket) == 3
    assert s.protection(1, s.content.chart["2031"]) == 3
    assert s.protection(2, s.content.chart["3061"]) == 3


def test_activation_resolves_effects_then_after_use():
    """SR-10.7, SR-15.1, SR-21.2: effects in order, then destroyed (or X(R), X(UL))."""
    s = scen(players=2, **PAST, seats=[{"storage": 0, "objects": [
        {"no": "4041", "armed": True, "delay": 0}, "4021"]}])
    play(s, 0, "use line=1 level=1")
    settle(s, until=0)
    assert s.players[0].storage == 6 and at(s, 0, 1) is None
    play(s, 0, "use line=2 level=1", "target seat=1")
    settle(s, until=0)
    assert at(s, 0, 2).marks == 1


def test_declared_targets_stay_fixed():
    """SR-11.3, SR-12.1: distance and range are checked at declaration only."""
    s = scen(players=5, **PAST, seats=[{"objects": ["1041", "1032"]}, {"hp": 1}])
    assert s.distance(0, 2) == 2
    attack(s, 0, (1, 1, [1]), (2, 1, [2]), order=[1])
    settle(s)
    play(s, 1, "blockers_done")
    assert not s.players[1].alive and s.distance(0, 2) == 1
    settle(s)
    play(s, 2, "blockers_done")
    assert s.players[2].hp == 6


def test_max_distance_99_means_anyone():
    """SR-11.4, SR-21.4, SR-24.2: the Scanner reaches anyone; only the user learns the card."""
    s = scen(players=8, **PAST, seats=[{"objects": ["4021"]}])
    play(s, 0, "use line=1 level=1")
    assert legal(s, 0) == [f"target seat={t}" for t in range(1, 8)]
    events = play(s, 0, "target seat=4")
    settle(s, until=0)
    assert s.view(0)["seats"][4]["faction"] == s.players[4].faction
    assert s.view(1)["seats"][4]["faction"] is None
    private = [e for e in events if e.kind == "peek_result"]
    assert not private
    assert "4" in s.view(0)["you"]["peeked"]


def test_response_round_order_and_game_end_mid_attack():
    """SR-12.2, SR-10.6, SR-12.4, SR-3.5: others are asked in turn order after the attacker;
    the game ends at once even with targets left."""
    s = scen(players=4, factions=["R*", "B*", "R", "B"], **PAST,
             seats=[{"objects": ["1051"]}, {"hp": 1}, {"alive": False}, {"hp": 1}])
    attack(s, 0, (1, 1, [1, 3]), order=[1])
    assert s.actors() == (1,)
    play(s, 1, "pass")
    assert s.actors() == (3,)
    play(s, 3, "pass")
    play(s, 1, "blockers_done")
    assert not s.over
    play(s, 3, "blockers_done")
    assert s.over and s.winners == (0, 2)


def test_attacking_one_own_group_repeatedly():
    """SR-12.6, A-61: no limit on attacks; one's own group may be attacked; never oneself."""
    s = scen(players=4, factions=["R*", "R", "B*", "B"], **PAST, seats=[{"objects": ["1011", "1011"]}])
    for line in (1, 2):
        play(s, 0, f"attack line={line} level=1")
        assert "target seat=0" not in legal(s, 0)
        play(s, 0, "target seat=1", "launch")
        settle(s)
        play(s, 1, "blockers_done")
    assert s.players[1].hp == 6


def test_recycle_and_use_limit_rules_in_validation():
    """SR-15.3, SR-15.6, SR-20.5: 0 < X(R) < cost; never X(R) with X(UL) (see test_data)."""
    chart = scen(players=2).content.chart
    assert all(d.recycle < d.cost for d in chart.values())
    assert not any(d.recycle and d.use_limit for d in chart.values())


def test_armour_is_kept_after_blocking():
    """SR-15.1: blocking never destroys an object by itself."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1011"]}, {"objects": ["2031"]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    assert at(s, 1, 1) is not None and at(s, 1, 1).marks == 1


def test_elimination_procedure():
    """SR-16.2, SR-16.3, SR-17.1, SR-17.3: reveal, reward, return everything, leave the order."""
    s = scen(players=4, factions=["R*", "B", "R", "B*"], **PAST,
             seats=[{"faction_up": True, "objects": ["1041"]},
                    {"hp": 2, "storage": 5, "objects": ["2031", {"no": "1081", "w": 3}]}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    events = play(s, 1, "blockers_done")
    order = [k for k in kinds(events) if k in ("eliminated", "reward", "returned")]
    assert order == ["eliminated", "reward", "returned", "returned"]
    p = s.players[1]
    assert (p.storage, p.alive, p.faction_up, p.character_up) == (0, False, True, True)
    assert all(o is None for o in p.slots)
    assert s.after(0) == [2, 3]


def test_finite_supply_limits_acquisitions_and_conserves_markers():
    """SR-1.2, SR-2.3, SR-17.2, SR-25.6: with finite_supply the 256 [W] of the supply in the
    centre are conserved."""
    s = scen(players=2, **PAST, options={"finite_supply": True},
             seats=[{"storage": 100, "hp": 144}, {"storage": 0}])
    assert s.supply() == 4
    end_turn(s)
    assert s.players[1].storage == 2 and s.supply() == 2
    end_turn(s)
    assert s.players[0].storage == 102 and s.supply() == 0
    end_turn(s)
    assert s.players[1].storage == 2            # the supply was empty


def test_abilities_off():
    """SR-18.1: with character_abilities = false cards have no effect."""
    s = scen(players=2, **PAST, options={"character_abilities": False},
             characters=["engineer", "medic"], seats=[{"character_up": True}])
    assert s.invest_cap(0) == 4 and "ability" not in legal(s, 0)


def test_passive_only_face_up_and_declaring_reveals():
    """SR-18.2, SR-18.3, SR-21.14, SR-21.15: Engineer 5 per object, Architect +1 line."""
    s = scen(players=2, **PAST, characters=["engineer", "architect"], seats=[{"storage": 9}])
    assert s.invest_cap(0) == 4
    play(s, 0, "reveal_character")
    assert s.invest_cap(0) == 5
    play(s, 0, "build no=1081", "place line=1 level=1")
    assert legal(s, 0)[-1] == "invest amount=5"
    play(s, 0, "invest amount=5")
    s.active = 1
    play(s, 1, "reveal_character")
    assert s.lines(1) == 5 and len(s.players[1].slots) == 10


def test_once_per_turn_ability_and_remove_delay():
    """SR-18.3, SR-21.10: the Timekeeper removes a delay marker once per turn."""
    s = scen(players=2, **PAST, characters=["timekeeper", None],
             seats=[{"objects": [{"no": "1071", "armed": True, "delay": 2}]}])
    play(s, 0, "ability", "pick line=1 level=1")
    settle(s, until=0)
    assert at(s, 0, 1).delay == 1 and "ability" not in legal(s, 0)
    end_turn(s)
    assert "ability" in legal(s, 0) or s.active == 1


def test_triggers_recycler_and_bounty_hunter():
    """SR-18.5: on_own_object_destroyed (not by its own use); on_eliminate_character."""
    s = scen(players=3, **PAST, characters=["bounty_hunter", "recycler", None],
             seats=[{"character_up": True, "objects": ["1041", "1011"]},
                    {"character_up": True, "storage": 0, "objects": ["2031"]},
                    {"hp": 1}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    block(s, 1, [(1, 1)])
    assert s.players[1].storage == 1                # the Deflector broke: Recycler +1
    attack(s, 0, (2, 1, [2]))
    settle(s)
    play(s, 2, "blockers_done")
    assert s.players[0].storage == 6                # Bounty Hunter +2; no reward face down


def test_default_character_table():
    """SR-18.6, SR-20.8: 16 designed cards, each with one ability."""
    cards = scen(players=2).content.characters
    assert len(cards) == 16 and {c.no for c in cards.values()} == set(range(1, 17))
    assert all(c.origin == "designed" and c.effects for c in cards.values())


def test_ground_rules_module():
    """SR-19.1-19.6, SR-20.9, SR-21.15: structures in their own slots; complete ones give
    their passive; no effect, penalty or replacement touches them; edition 3 only."""
    with pytest.raises(BadOptions, match=r"SR-19\.1"):
        GAME.setup(2, 0, {"ground_rules": True, "edition": 2})
    s = scen(players=2, **PAST, options={"ground_rules": True}, seats=[{"storage": 8}])
    assert "build_ground no=9081" in legal(s, 0) and "build_ground no=9061" in legal(s, 0)
    play(s, 0, "build_ground no=9081", "invest amount=4")
    assert "place line=1 level=1" not in legal(s, 0)
    end_turn(s)
    end_turn(s)
    play(s, 0, "continue_ground no=9081", "invest amount=4")
    assert s.lines(0) == 5 and len(s.players[0].slots) == 10
    t = scen(players=4, factions=["R*", "R", "B*", "B"], **PAST, options={"ground_rules": True},
             seats=[{"faction_up": True, "ground": ["9061"], "objects": ["1041"]}, {"hp": 1}])
    attack(t, 0, (1, 1, [1]))
    settle(t)
    play(t, 1, "blockers_done")
    assert t.players[0].ground[1] is not None          # not destroyed by the penalty


def test_effect_primitives_steal_heal_cap_cancel():
    """SR-21.3, SR-21.6, SR-21.7, SR-21.9: Medic, Thief, Commander, Guardian."""
    s = scen(players=2, **PAST, characters=["thief", "guardian"],
             seats=[{"objects": ["1041"]}, {"storage": 5}])
    play(s, 0, "ability", "target seat=1")
    settle(s, until=0)
    assert (s.players[0].storage, s.players[1].storage) == (7, 2)
    attack(s, 0, (1, 1, [1]))
    assert "ability" in legal(s, 1)
    play(s, 1, "ability", "cancel line=1 level=1")
    settle(s, until=1)
    play(s, 1, "blockers_done") if s.draft is not None else None
    assert s.players[1].hp == 8
    c = scen(players=2, **PAST, characters=["commander", None], seats=[{"storage": 9}])
    play(c, 0, "ability")
    settle(c, until=0)
    play(c, 0, "build no=3091", "place line=1 level=1")
    assert legal(c, 0)[-1] == "invest amount=8"


def test_first_weapon_attack_bonus_once_per_turn():
    """SR-21.17: the Gunsmith's first weapon of its first attack in a turn gets +1."""
    s = scen(players=2, **PAST, characters=["gunsmith", None], seats=[
        {"character_up": True, "objects": ["1011", "1011"]}, {"hp": 20}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    attack(s, 0, (2, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    assert s.players[1].hp == 17


def test_choices_are_fixed_at_declaration_and_invalid_ones_ignored():
    """SR-21.1, SR-10.8: an EMP aimed at an object destroyed meanwhile fizzles."""
    s = scen(players=3, **PAST, seats=[{"objects": ["4051"]}, {"objects": ["4031"]},
                                       {"objects": ["4051"]}])
    play(s, 0, "use line=1 level=1", "target seat=1", "pick line=1 level=1")
    play(s, 1, "pass")
    play(s, 2, "use line=1 level=1", "target seat=1", "pick line=1 level=1")
    events = settle(s)
    assert at(s, 1, 1) is None and at(s, 0, 1) is None
    assert "fizzled" in kinds(events)


def test_round_limit_and_hp_tiebreak():
    """SR-23.1, SR-23.2, SR-3.7: after round_limit x players turns the higher-HP team wins."""
    s = scen(players=2, options={"round_limit": 1}, **PAST, completed=0, seats=[{"hp": 9}])
    end_turn(s)
    end_turn(s)
    assert s.over and s.winners == (0,) and s.end_reason == "round_limit"
    shown = s.view(None)  # the last round played, never one past the limit ("Round 2 / 1")
    assert (shown["turn"], shown["round"], shown["round_limit"]) == (2, 1, 1)
    d = scen(players=2, options={"round_limit": 1}, **PAST, completed=0)
    end_turn(d)
    end_turn(d)
    assert d.over and d.draw and d.result().scores == (0.5, 0.5)


def test_team_modes():
    """SR-3.4, SR-3.6: alliance teams are groups; colour teams are colours."""
    s = scen(players=6, factions=["R*", "R", "G*", "G", "B*", "B"], **PAST)
    assert s.team(0) == s.team(2) == "RG"
    c = scen(players=6, factions=["R*", "R", "G*", "G", "B*", "B"], **PAST,
             options={"team_mode": "colour"})
    assert c.team(0) != c.team(2) and c.group(0) == c.group(2)


def test_captain_reveal_is_free_and_irreversible():
    """SR-4.2, SR-4.3, SR-4.4: no stack, no response; non-captains never; facing decides."""
    s = scen(players=4, factions=["R*", "R", "B*", "B"], **PAST)
    events = play(s, 0, "reveal_faction")
    assert kinds(events) == ["faction_revealed"] and not s.stack and s.actors() == (0,)
    assert "reveal_faction" not in legal(s, 0)
    s.active = 1
    assert "reveal_faction" not in legal(s, 1)
    with pytest.raises(IllegalMove, match=r"SR-4\.3"):
        play(s, 1, "reveal_faction")


def test_public_information():
    """SR-24.1, SR-24.4: HP, storage, [W] and markers of every object are public; there are no
    binding claims (the game has no move for them)."""
    s = scen(players=3, **PAST, seats=[None, {"storage": 3, "objects": [{"no": "1081", "w": 5}]}])
    seen = s.view(2)["seats"][1]
    assert (seen["hp"], seen["storage"], seen["objects"][0]["w"]) == (8, 3, 5)
    assert not [k for k in GAME.moves.classes if "claim" in k]


def test_move_notation_round_trips():
    """SR-0.5: moves are written in a short notation that reads back."""
    s = scen(players=2, **PAST, seats=[{"objects": ["1041"]}])
    for move in s.legal_moves(0):
        assert GAME.parse(str(move)) == move


def test_designed_content_is_marked():
    """SR-0.1: every designed entry carries origin = designed."""
    s = scen(players=2)
    assert all(d.origin == "designed" for d in s.content.chart.values())


def test_eliminate_trigger_follows_the_whole_reward_step():
    """SR-16.3 step 2, SR-18.5: a revealed captain's Bounty Hunter card gains its 2 [W] only
    after the eliminator has handed out the 3 [W] reward: while it decides, its storage shows
    the reward alone."""
    s = scen(players=4, factions=["R*", "B", "R", "B*"], **PAST,
             characters=["bounty_hunter", None, None, None],
             seats=[{"faction_up": True, "character_up": True, "storage": 1,
                     "objects": ["1041"]},
                    {"hp": 2}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    events = play(s, 1, "blockers_done")
    assert "triggered" not in kinds(events)
    assert s.draft is not None and s.draft.kind == "reward"
    assert s.players[0].storage == 1 + 3                 # the reward, not yet the trigger
    assert s.view(0)["seats"][0]["storage"] == 4
    play(s, 0, "give seat=2")
    assert s.players[0].storage == 3 and s.draft is not None
    events = play(s, 0, "keep")
    assert kinds(events)[:2] == ["kept_reward", "triggered"]
    assert (s.players[0].storage, s.players[2].storage) == (3 + 2, 5)


def test_eliminate_trigger_after_a_reward_handed_out_in_full():
    """SR-18.5: giving the last [W] of the reward ends the step; the trigger fires then."""
    s = scen(players=4, factions=["R*", "B", "R", "B*"], **PAST,
             characters=["bounty_hunter", None, None, None],
             seats=[{"faction_up": True, "character_up": True, "storage": 0,
                     "objects": ["1041"]},
                    {"hp": 2}])
    attack(s, 0, (1, 1, [1]))
    settle(s)
    play(s, 1, "blockers_done")
    play(s, 0, "give seat=2", "give seat=2")
    events = play(s, 0, "give seat=3")
    assert kinds(events) == ["gave", "triggered", *kinds(events)[2:]]
    assert s.players[0].storage == 2 and (s.draft is None or s.draft.kind != "reward")


def test_an_object_drained_while_incomplete_shows_its_cost_once_complete():
    """SR-21.5, SR-8.6, SR-24.3: an object that lost [W] before completion holds exactly its cost
    when completed, so the others may take it for any unrevealed design of that cost (the
    search bots' redetermination once found no design at all for a completed Reflector
    Array drained on its way)."""
    s = scen(players=2, **PAST, seats=[{"objects": ["4051"]},
                                       {"storage": 2, "objects": [{"no": "1061", "w": 5}]}])
    play(s, 0, "use line=1 level=1", "target seat=1", "pick line=1 level=1")
    settle(s, until=0)
    assert at(s, 1, 1).w == 2 and not at(s, 1, 1).intact
    end_turn(s)
    play(s, 1, "continue line=1 level=1", "invest amount=4")
    rail = at(s, 1, 1)
    assert (rail.w, rail.marks, rail.intact, rail.revealed) == (6, 1, True, False)
    seen = {at(s.redetermine(0, Rng(k)), 1, 1).no for k in range(20)}
    assert seen == {"1061", "3061"}          # the complete designs of cost 6 (SR-20.7)


def test_a_redetermined_generator_draws_as_if_seeded_at_once() -> None:
    """A determinization's generator is made on first draw (`parlor.core.rng.seed_later`): it draws
    what `Rng(seed)` draws, its clones draw the same numbers independently, and the pickled form
    (the fingerprint) is that of a state given the generator at once."""
    s = GAME.setup(3, 4)
    seed = Rng(9).getrandbits(64)
    c = s.redetermine(0, Rng(9))
    eager = c.clone()
    eager.rng = Rng(seed)
    assert c.fingerprint() == eager.fingerprint()
    c = s.redetermine(0, Rng(9))
    twin = c.clone()
    seeded = Rng(seed)
    expected = [seeded.random(), seeded.random()]
    assert [c.rng.random(), c.rng.random()] == expected
    assert [twin.rng.random(), twin.rng.random()] == expected


def test_an_effect_names_what_it_came_from():
    """SR-21: each event an effect tells names its source, `by`: the object's design number for an
    activation (public once declared, SR-10.5), the character card for an ability or a trigger
    (SR-18); a trigger that an effect sets off names its own card. The design lab adds the amounts
    up by it."""
    s = scen(players=2, **PAST, characters=["thief", None], seats=[{"objects": ["4031"]}, {"storage": 5}])
    s.players[0].hp = 5
    events = play(s, 0, "use line=1 level=1") + settle(s, until=0)
    healed = [e for e in events if e.kind == "healed"]
    assert healed and all(e.data["by"] == "4031" for e in healed)
    events = play(s, 0, "ability", "target seat=1") + settle(s, until=0)
    stole = [e for e in events if e.kind == "stole"]
    assert stole and stole[0].data["by"] == s.content.characters[s.players[0].character].key
    # an EMP drains the Recycler's last object: its destruction sets off the Recycler's gain (SR-18.5)
    r = scen(players=2, **PAST, characters=[None, "recycler"],
             seats=[{"objects": ["4051"]}, {"character_up": True, "objects": [{"no": "1011", "w": 1}]}])
    events = play(r, 0, "use line=1 level=1", "target seat=1", "pick line=1 level=1") + settle(r)
    by = {e.kind: e.data.get("by") for e in events}
    assert by["drained"] == "4051"
    recycler = r.content.characters[r.players[1].character].key
    assert by.get("gained") == recycler, events
