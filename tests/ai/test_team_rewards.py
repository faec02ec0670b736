"""A search's rewards in a game of teams (Star Road, SR-3.4, SR-3.5: every seat of the winning
team wins, its eliminated seats too): each seat of a team takes its team's mean reward."""

from __future__ import annotations

import pytest

from parlor.ai.rewards import heuristic_rewards, share_in_teams, team_groups


def test_team_groups_keep_only_teams_of_more_than_one_seat() -> None:
    assert team_groups(("RG", "BY", "RG", "BY")) == [[0, 2], [1, 3]]
    assert team_groups(("RG", "RG", "BY")) == [[0, 1]]  # SR-3.2 at 3 players: R G against B


@pytest.mark.parametrize("teams", [None, ("RG", "BY"), ("R", "G", "B")],
                         ids=["no-teams", "two-players", "one-seat-teams"])
def test_without_a_team_of_two_nothing_is_shared(teams: tuple[str, ...] | None) -> None:
    """Two players (SR-3.2: R against B) and games without teams keep each seat's own reward."""
    assert team_groups(teams) is None


def test_each_seat_of_a_team_gets_its_team_mean() -> None:
    shared = share_in_teams([0.9, 0.2, 0.5, 0.6], [[0, 2], [1, 3]])
    assert shared == pytest.approx([0.7, 0.4, 0.7, 0.4])


def test_a_lone_seat_keeps_its_own_reward() -> None:
    assert share_in_teams([0.9, 0.2, 0.4], [[0, 1]]) == pytest.approx([0.55, 0.55, 0.4])


def test_beating_an_ally_is_worth_nothing_to_the_team() -> None:
    """Pairwise cut-off rewards: seat 0 far ahead of its ally (seat 2) and level with both
    enemies earns more on its own, but the team's shared reward is that of two seats level with
    their enemies, whichever ally is ahead (SR-3.5: allies win together)."""
    level = heuristic_rewards([10.0, 10.0, 10.0, 10.0], 1.0)
    ahead_of_ally = heuristic_rewards([12.0, 10.0, 8.0, 10.0], 1.0)
    groups = [[0, 2], [1, 3]]
    assert ahead_of_ally[0] > level[0]  # alone, seat 0 gains by its ally's loss
    assert share_in_teams(ahead_of_ally, groups)[0] == pytest.approx(share_in_teams(level, groups)[0])
    swapped = heuristic_rewards([8.0, 10.0, 12.0, 10.0], 1.0)
    assert share_in_teams(swapped, groups) == pytest.approx(share_in_teams(ahead_of_ally, groups))


def test_hurting_an_enemy_beats_hurting_an_ally_for_the_team() -> None:
    """The same damage (2 points of a seat's own value) dealt to an ally or to an enemy: alone,
    seat 0's pairwise reward is the same either way; its team's shared reward is higher when
    the enemy is hurt (SR-3.4: the goal is to eliminate the other group)."""
    hit_ally = heuristic_rewards([10.0, 10.0, 8.0, 10.0], 1.0)
    hit_enemy = heuristic_rewards([10.0, 8.0, 10.0, 10.0], 1.0)
    assert hit_ally[0] == pytest.approx(hit_enemy[0])
    groups = [[0, 2], [1, 3]]
    assert share_in_teams(hit_enemy, groups)[0] > share_in_teams(hit_ally, groups)[0] + 0.1
