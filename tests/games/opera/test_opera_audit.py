"""Regression tests from the rules audit (docs/status/opera.md, "Audit"), each citing its rule."""

from __future__ import annotations

from opera_support import GREEN, RED, YELLOW, all_passed, kinds, scen

from parlor.core import Rng
from parlor.games.opera import GAME
from parlor.games.opera.board import CITIES


def test_seating_order_is_random_bug() -> None:
    """OP-4.3, OP-4.7, OP-4.8, OP-4.9, EX-01: the seating order is chosen at random (seed), not
    the platform's seat order. The start player (slot 1, 20 ducats, Venezia house 1, red) varies
    with the seed; later seats in seating order get +1 ducat, the next slot, the next house and
    the next colour."""
    starters = set()
    venezia = CITIES.index("venezia")
    for players in (2, 3, 4):
        for seed in range(16):
            s = GAME.setup(players, seed)
            seating = s.seating
            assert sorted(seating) == list(range(players))
            starters.add((players, seating[0]))
            for k, seat in enumerate(seating):
                assert s.money[seat] == 20 + k
                assert (s.row[seat], s.slot[seat]) == (0, k + 1)
                assert s.house[seat][venezia] == k + 1
                player = s.view(None)["players"][seat]
                assert player["color"] == ("red", "blue", "green", "yellow")[k]
                assert player["seating"] == k + 1
            assert s.order() == list(seating)
    assert {seat for p, seat in starters if p == 4} == {0, 1, 2, 3}
    assert {seat for p, seat in starters if p == 2} == {0, 1}


def test_scenario_seating_is_the_seat_order() -> None:
    """OP-4.3, docs/scenarios/opera.md: a scenario seats red = seat 0 = start player, whatever
    seating the seed would draw."""
    for seed in range(6):
        s = scen(players=3, seed=seed)
        assert s.seating == (0, 1, 2) and s.money == [20, 21, 22]
        assert [s.slot[p] for p in range(3)] == [1, 2, 3]
        assert [s.house[p][0] for p in range(3)] == [1, 2, 3]


def test_zero_budget_bonus_names_each_player() -> None:
    """OP-12.7, OP-11.3: the log names every player at budget 0 who receives the ducat, and
    every player's income (one event each, so names are shown, not a 0-based seat list)."""
    s = scen(**all_passed(4, red={"row": 0, "slot": 1}, green={"row": 0, "slot": 2},
                          blue={"passed": False, "row": 3}))
    out = s.play(1, GAME.parse("pass"))
    bonus = [e for e in out if e.kind == "zero_budget_bonus"]
    assert sorted(e.seat for e in bonus) == [RED, GREEN]
    names = ["Ann", "Bob", "Cy", "Di"]
    for lang, catalog in GAME.catalogs().items():
        line = catalog.event(bonus[0], names)
        assert "Ann" in line and "{" not in line, lang
        incomes = [catalog.event(e, names) for e in out if e.kind == "income"]
        assert len(incomes) == 4 and any("Di" in x for x in incomes), lang
    assert YELLOW not in [e.seat for e in bonus]
    assert kinds(out).count("income") == 4


def test_greedy_seeded_rng_smoke() -> None:
    """OP-17: the greedy bot plays a whole 3-player game from a seeded position."""
    from parlor.ai import GreedyBot
    s = GAME.setup(3, 5)
    rng = Rng(5)
    bot = GreedyBot()
    while s.actors():
        seat = s.actors()[0]
        s.play(seat, bot.choose(GAME, s, seat, rng))
    assert s.is_over()


def test_critico_equivalent_choices_are_both_legal_and_public_bug() -> None:
    """OP-9.5.2, OP-15.1, EX-16: "verdi up 1" and "monteverdi down 1" give the same ladder; both
    are legal (EX-16), and the view shows which one the Critico chose (the log says so too), so
    a seat's log never tells it more than its view (conformance kit, seed 3001 at 4 players)."""
    from opera_support import BLUE, L0, moves, play
    views = []
    for choice in ("fame composer=verdi steps=1", "fame composer=monteverdi steps=-1"):
        s = scen(phase="action", ladder=L0, figures={"critico": "wien"}, red={"row": 10},
                 blue={"houses": {"berlin": ["verdi", "bach", ""]}},
                 green={"houses": {"berlin": ["monteverdi", "", ""]}})
        play(s, RED, "role role=critico", "destination city=berlin")
        assert choice in moves(s, RED)
        play(s, RED, choice)
        view = s.view(BLUE)
        composer = choice.split("=")[1].split()[0]
        assert view["critico_last"] == {"seat": RED, "composer": composer,
                                        "steps": int(choice.rsplit("=", 1)[1])}
        views.append(view)
    assert views[0]["ladder"] == views[1]["ladder"] and views[0] != views[1]


def test_the_critico_is_read_as_up_or_down_and_the_ladder_from_its_top() -> None:
    """OP-9.5.2, OP-2.3: the log and the choice say which way the composer went and how far ("down 1
    place", never "by -1"), and list the ladder from place 6 down, as a player reads it."""
    from opera_support import L0, play
    catalogs, names = GAME.catalogs(), ["Ann", "Bea", "Cy"]
    said: dict[str, list[str]] = {lang: [] for lang in catalogs}
    for choice in ("fame composer=verdi steps=1", "fame composer=monteverdi steps=-2"):
        s = scen(phase="action", ladder=L0, figures={"critico": "wien"}, red={"row": 10},
                 blue={"houses": {"berlin": ["verdi", "bach", "monteverdi"]}})
        play(s, RED, "role role=critico", "destination city=berlin")
        move = GAME.parse(choice)
        event = next(e for e in play(s, RED, choice) if e.kind == "fame_changed")
        for lang, catalog in catalogs.items():
            said[lang] += [catalog.move(move, names, RED), catalog.event(event, names)]
    assert said["en"][0] == "Move Verdi up 1 place"
    assert said["en"][1].startswith("Ann: the Critico moves Verdi up 1 place; the fame ladder from the top:")
    assert said["en"][1].split("top: ")[1].startswith("Verdi, Monteverdi, Wagner")   # place 6 first
    assert said["en"][2] == "Move Monteverdi down 2 places"
    assert said["es"][2].startswith("Bajar a Monteverdi 2 puestos")
    assert "下降 2 格" in said["zh_TW"][3] and "-" not in said["zh_TW"][3]


def test_greedy_clearly_beats_random_at_three_players() -> None:
    """OP-14.2, OP-17: one-ply greedy play with the heuristic (halls matched to composers and
    the episode composers, budget and money managed) beats two random players clearly: it wins
    every seeded game from every seat and scores several times as much."""
    from parlor.ai import GreedyBot, RandomBot
    games, wins, greedy_vp, random_vp = 6, 0, 0.0, 0.0
    for seed in range(games):
        s = GAME.setup(3, 500 + seed)
        rng = Rng(seed)
        greedy = seed % 3
        bots = [GreedyBot() if p == greedy else RandomBot() for p in range(3)]
        while s.actors():
            seat = s.actors()[0]
            s.play(seat, bots[seat].choose(GAME, s, seat, rng))
        result = s.result()
        wins += result.ranks[greedy] == 1
        greedy_vp += result.scores[greedy]
        random_vp += sum(x for p, x in enumerate(result.scores) if p != greedy) / 2
    assert wins == games
    assert greedy_vp / games >= 40 and greedy_vp >= 4 * random_vp


def test_the_log_begins_with_round_one() -> None:
    """OP-5: the setup begins round 1, so the log's first line says so, as each later round's does
    (before, the log began with the first bids and said "Round 2 begins" first)."""
    state = GAME.setup(3, 5)
    [opening] = GAME.opening_events(state)
    assert (opening.kind, opening.data) == ("round_started", {"round": 1})
    assert GAME.catalogs()["en"].event(opening, ["Ann", "Bea", "Cy"]) == "Round 1 begins"
