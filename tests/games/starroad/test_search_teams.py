"""Star Road's hidden teams in the search (issue 22): what a determinization deals, what the
search may read of it, and how the team's reward makes a seat play beside its allies.

SR-3.2 faction table, SR-3.4 teams, SR-3.5 every seat of the winning team wins, SR-4.1 face-down
faction cards, SR-4.2 face-up captains, SR-5.4 the deal."""

from __future__ import annotations

from collections import Counter

import pytest

from parlor.ai import Budget, IsmctsBot, make_bot
from parlor.ai.bots import one_ply_values
from parlor.ai.search import Search
from parlor.core import Rng, SearchSettings
from parlor.games.starroad import GAME

from .helpers import scen

# Seat 1 holds B and sees both captains face up (SR-4.2): R* at seat 0, B* at seat 2; the last
# card of the 4-player row (SR-3.2: R* R B* B) is R, at seat 3.
KNOWN = {"players": 4, "factions": ["R*", "B", "B*", "R"], "first": 2, "active": 1, "turns": 1}


def test_a_determinization_deals_only_the_cards_the_seat_cannot_place() -> None:
    """SR-3.2, SR-4.1, SR-5.4: the seat's own card and face-up captains stay; the hidden seats get
    the rest of the player count's row, every arrangement of it in turn."""
    s = scen(players=4, factions=["R*", "B", "B*", "R"], first=0, active=0, turns=1,
             seats=[{"faction_up": True}])
    seen: Counter[tuple[str, ...]] = Counter()
    for i in range(400):
        world = s.redetermine(1, Rng(i))
        factions = [p.faction for p in world.players]
        assert factions[0] == "R*" and factions[1] == "B"
        assert sorted(factions[2:]) == ["B*", "R"]
        seen[tuple(factions[2:])] += 1
        assert GAME.teams(world) == tuple(world.team(x) for x in range(4))
    assert set(seen) == {("B*", "R"), ("R", "B*")}
    assert min(seen.values()) > 150  # one in two each: the deal knows nothing more


def test_the_search_reads_no_hidden_faction() -> None:
    """SR-4.1: the search reads the teams of its determinizations only, so dealing the hidden
    cards the other way round in the true position changes neither its move nor a statistic."""
    spec = dict(KNOWN, seats=[{"faction_up": True, "objects": ["1031"]}, {"storage": 3},
                              {"objects": ["1031"]}, {"objects": ["1031"]}])
    truth = scen(**spec)
    swapped = scen(**dict(spec, factions=["R*", "B", "R", "B*"]))
    assert swapped.view(1) == truth.view(1)
    bot = make_bot("ismcts:200i:t")
    assert isinstance(bot, IsmctsBot)
    move = bot.choose(GAME, truth, 1, Rng(3))
    stats = bot.last
    assert bot.choose(GAME, swapped, 1, Rng(3)) == move and bot.last == stats


def _root_visits(active: int) -> dict[str, int]:
    """Seat 1's search (KNOWN: its ally is seat 2, its enemies seats 0 and 3) from a position
    where `active` is to move, nobody holding a hidden object: the root's visits per move."""
    spec = dict(KNOWN, first=0, active=active, seats=[{"faction_up": True}, {}, {"faction_up": True}, {}])
    state = scen(**spec)
    search = Search(GAME, state, 1, Rng(5), SearchSettings(depth=0, center=True))
    search.run(Budget(iterations=120))
    return {str(move): edge.visits for move, edge in search.root.edges[active].items() if edge.visits}


def test_an_ally_is_expected_to_play_its_own_best_move() -> None:
    """SR-3.5: an ally wins with the seat but decides for itself, from what it sees; the search
    expects of it the move its own one-ply value ranks first (the greedy bot's), and does not
    branch on it, while it tries several moves of an enemy (SR-3.4) to find its best reply."""
    ally = _root_visits(2)
    world = scen(**dict(KNOWN, first=0, active=2, seats=[{"faction_up": True}, {}, {"faction_up": True}, {}]))
    values = one_ply_values(GAME, world, 2, world.legal_moves(2))
    assert list(ally.values()) == [120]
    (expected,) = ally
    assert values[next(m for m in values if str(m) == expected)] == max(values.values())
    assert len(_root_visits(3)) > 1


def test_allies_share_every_reward_of_the_search() -> None:
    """SR-3.5: every seat of the winning team wins, so each of the search's rewards is its team's
    mean for every seat of the team: seats 1 and 2 (B, B*) sum the same rewards, as do seats 0
    and 3 (R*, R), and the two teams' sums differ."""
    spec = dict(KNOWN, seats=[{"faction_up": True, "hp": 4, "objects": ["1031"]}, {"storage": 3},
                              {"faction_up": True, "objects": ["1031"]}, {"objects": ["1031"]}])
    search = Search(GAME, scen(**spec), 1, Rng(7), GAME.bot_settings.tuned)
    search.run(Budget(iterations=150))
    totals = search.root.totals
    assert totals[1] == pytest.approx(totals[2]) and totals[0] == pytest.approx(totals[3])
    assert abs(totals[1] - totals[0]) > 1.0
