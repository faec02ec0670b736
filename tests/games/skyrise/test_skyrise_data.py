"""Data: the package's files equal the spec's, load with validation, and the map is data (SK-0.4,
SK-1, SK-2, SK-A1..SK-A12, SK-A26, SK-A27)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from core.spec import spec_path
from parlor.core import DataError
from parlor.games.skyrise import Skyrise
from parlor.games.skyrise.data import DATA, DATA_DIR, load_data
from parlor.games.skyrise.layout import display_coords, make_layout
from parlor.games.skyrise.moves import Open, Raise

SPEC = spec_path("skyrise", "data")


def test_package_data_equals_spec() -> None:
    """SK-0.4, SK-0.2: the package loads its own copy, identical to the spec's data files."""
    names = sorted(p.name for p in SPEC.glob("*.toml"))
    assert names == sorted(p.name for p in DATA_DIR.glob("*.toml"))
    for name in names:
        assert (DATA_DIR / name).read_bytes() == (SPEC / name).read_bytes(), name


def test_component_counts() -> None:
    """SK-1, SK-2.1, SK-A2, SK-A3, SK-A7, SK-A12: counts from the data."""
    board = DATA.board
    assert len(board.neighborhoods) == 60
    by_island = {i.id: sum(1 for n in board.neighborhoods if n.island == i.id)
                 for i in board.islands}
    assert by_island == {"central": 4, "a": 14, "b": 14, "c": 14, "d": 14}
    assert len(DATA.sets) == 4 and all(len(s.buildings) == 12 for s in DATA.sets)
    heights = [b.height for s in DATA.sets for b in s.buildings]
    assert (heights.count(0), heights.count(1), heights.count(2)) == (16, 20, 12)
    numbers = [b.number for s in DATA.sets for b in s.buildings]
    assert len(set(numbers)) == 48
    assert [w.value for w in DATA.wonders] == list(range(1, 21))
    assert DATA.wonders[0].id == "the_hammer" and DATA.wonders[-1].id == "niemeyers_legacy"
    assert len(DATA.panoramas) == 5 and DATA.panoramas_in_play == 2
    assert len(DATA.objectives) == 4
    assert sorted(DATA.patron_values) == [3, 4, 5, 8]          # SK-A9
    assert DATA.track_values == (2, 3, 4, 6, 8)               # SK-6.5, SK-A8
    assert DATA.excess_points == 10
    assert [k.points for k in DATA.keys] == [10, 4]


def test_era_composition() -> None:
    """SK-3.9, SK-A7: era 1 = 2 short, 4 medium, 1 tall; era 2 = 2 short, 1 medium, 2 tall."""
    for s in DATA.sets:
        e1 = [b.height for b in s.buildings if b.era == 1]
        e2 = [b.height for b in s.buildings if b.era == 2]
        assert sorted(e1) == [0, 0, 1, 1, 1, 1, 2] and sorted(e2) == [0, 0, 1, 2, 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_totals_per_player_count(players: int) -> None:
    """SK-2.5 .. SK-2.8, SK-A5: lakes / blimps / windmills / bridges in play match board.toml
    [totals], whatever the slots chosen (SK-3.2, SK-A4)."""
    import tomllib
    totals = tomllib.loads((DATA_DIR / "board.toml").read_text())["totals"][f"p{players}"]
    rng = random.Random(players)
    for _ in range(6):
        islands = rng.sample(["a", "b", "c", "d"], players)
        slots = rng.sample(["north", "east", "south", "west"], players)
        lay = make_layout(DATA.board, dict(zip(slots, islands, strict=True)))
        assert len(lay.nbs) == totals["neighborhoods"]
        assert len(lay.lakes) == totals["lakes"]
        assert len(lay.blimps) == totals["blimps"]
        assert sum(1 for nb in lay.nbs if lay.windmill[nb]) == totals["windmills"]
        assert len(lay.bridges) == totals["bridges"]
        # SK-2.4: outer islands only touch through the central island
        for nb in lay.nbs:
            for x in lay.adj[nb]:
                a, b = lay.island_of[nb], lay.island_of[x]
                assert a == b or lay.central in (a, b)


def test_adjacency_is_symmetric_and_blimps_are_not_adjacency() -> None:
    """SK-2.3, SK-2.6, SK-2.9: symmetric; cen_nw and cen_se only share a corner."""
    lay = make_layout(DATA.board, DATA.board.layouts["reference_4p"])
    for nb in lay.nbs:
        for x in lay.adj[nb]:
            assert nb in lay.adj[x]
    ix = DATA.board.index
    assert ix["cen_se"] not in lay.adj[ix["cen_nw"]]
    assert ix["a09"] in lay.adj[ix["a02"]]  # bridge over a_lake1


def test_display_transform() -> None:
    """SK-2.10 (display only): each port lands two cells from its central neighborhood."""
    lay = make_layout(DATA.board, DATA.board.layouts["reference_4p"])
    xy = display_coords(lay)
    ix = DATA.board.index
    for central, port in (("cen_nw", "a12"), ("cen_ne", "b12"), ("cen_se", "c12"),
                          ("cen_sw", "d12")):
        (x1, y1), (x2, y2) = xy[ix[central]], xy[ix[port]]
        assert sorted((abs(x1 - x2), abs(y1 - y2))) == [0, 2]
    assert len(set(xy.values())) == len(xy)


def test_designers_and_sets() -> None:
    """SK-0.1, SK-A26, SK-A27: 2-4 players; set colours are display suggestions only."""
    assert (DATA.min_players, DATA.max_players) == (2, 4)
    assert [s.id for s in DATA.sets] == ["set1", "set2", "set3", "set4"]


def _copy(tmp_path: Path) -> Path:
    for f in DATA_DIR.glob("*.toml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def test_malformed_data_names_file_and_entry(tmp_path: Path) -> None:
    """A bad reference gives a DataError naming the file and the entry."""
    d = _copy(tmp_path)
    text = (d / "board.toml").read_text()
    (d / "board.toml").write_text(text.replace('a = "a01"\nb = "a02"', 'a = "a01"\nb = "zz99"', 1))
    with pytest.raises(DataError, match=r"board\.toml \[adjacencies .*\].*zz99"):
        load_data(d)
    (tmp_path / "second").mkdir()
    d2 = _copy(tmp_path / "second")
    text = (d2 / "wonders.toml").read_text()
    (d2 / "wonders.toml").write_text(text.replace("points_per_bid_in_auction = 2", "", 1))
    with pytest.raises(DataError, match=r"wonders\.toml \[wonders the_palace\]"):
        load_data(d2)


def test_a_feature_naming_a_neighborhood_twice_is_an_error(tmp_path: Path) -> None:
    """SK-2.5: a lake borders each of its neighborhoods once (the Lakes panorama counts them)."""
    d = _copy(tmp_path)
    text = (d / "board.toml").read_text()
    (d / "board.toml").write_text(text.replace('neighborhoods = ["a02", "a05", "a06", "a09"]',
                                               'neighborhoods = ["a02", "a05", "a06", "a02"]', 1))
    with pytest.raises(DataError, match=r"board\.toml \[lakes a_lake1\].*twice"):
        load_data(d)


def test_unknown_field_is_an_error(tmp_path: Path) -> None:
    d = _copy(tmp_path)
    text = (d / "buildings.toml").read_text()
    (d / "buildings.toml").write_text(text.replace('id = "s1_007"', 'id = "s1_007"\nroof = 1', 1))
    with pytest.raises(DataError, match=r"buildings\.toml \[buildings s1_007\].*roof"):
        load_data(d)


def test_alternative_board_file_is_used(tmp_path: Path) -> None:
    """SK-A1: the map is data. An alternative board.toml (an extra edge a01-a04 and a01 made
    white) changes raises and colours with no code change; full games still play."""
    d = _copy(tmp_path)
    text = (d / "board.toml").read_text()
    text = text.replace('id = "a01"\nisland = "a"\ncolour = "yellow"',
                        'id = "a01"\nisland = "a"\ncolour = "white"', 1)
    text = text.replace("# ---------------------------------------------------------------- lakes",
                        '[[adjacencies]]\na = "a01"\nb = "a04"\nkind = "edge"\nisland = "a"\n\n'
                        "# ---------------------------------------------------------------- lakes",
                        1)
    (d / "alt_board.toml").write_text(text)
    alt = load_data(d, "alt_board.toml")
    assert alt.board.neighborhoods[alt.board.index["a01"]].colour == alt.board.colours.index(
        "white")
    game = Skyrise(alt)
    st = game.scenario({"players": 4, "layout": "reference", "first_bidder": "P1",
                        "structures": {"a02": "P4:46", "a05": "P3:3"}})
    st.play(0, Open("s1_007", "a01"))
    ats = {m.at for m in st.legal_moves(1) if isinstance(m, Raise)}
    assert ats == {"a04"}
    for players in (2, 3, 4):
        s = game.setup(players, 3)
        rng = random.Random(players)
        while not s.is_over():
            seat = s.actors()[0]
            s.play(seat, rng.choice(s.legal_moves(seat)))


def test_neighborhood_attributes_windmills_and_colours() -> None:
    """SK-0, SK-2.2, SK-2.7, SK-A6: every neighborhood has an island, a colour and flags; each
    outer island has 3 windmills and one port, the central island none; the central island has
    one neighborhood of each colour and a 4-player board 15 of each colour."""
    board = DATA.board
    for island in ("a", "b", "c", "d"):
        cells = [n for n in board.neighborhoods if n.island == island]
        assert sum(n.windmill for n in cells) == 3 and sum(n.port for n in cells) == 1
        assert board.island(island).port == board.index[f"{island}12"]
    central = [n for n in board.neighborhoods if n.island == "central"]
    assert not any(n.windmill or n.port for n in central)
    assert sorted(n.colour for n in central) == [0, 1, 2, 3]
    counts = [sum(1 for n in board.neighborhoods if n.colour == c) for c in range(4)]
    assert counts == [15, 15, 15, 15]


def _star_board(tmp_path: Path) -> Skyrise:
    """An alternative map where a12 touches every neighborhood of island A."""
    d = _copy(tmp_path)
    text = (d / "board.toml").read_text()
    extra = "".join(f'[[adjacencies]]\na = "a12"\nb = "a{i:02d}"\nkind = "edge"\nisland = "a"\n\n'
                    for i in (1, 2, 3, 4, 5, 6, 7, 8, 10, 14))
    text = text.replace("# ---------------------------------------------------------------- lakes",
                        extra + "# ---------------------------------------------------------------- "
                        "lakes", 1)
    (d / "star_board.toml").write_text(text)
    return Skyrise(load_data(d, "star_board.toml"))


def _fallback_spec(p2_finished: bool) -> dict[str, object]:
    central = ["cen_nw", "cen_ne", "cen_se", "cen_sw"]
    bs = [f"b{i:02d}" for i in range(1, 15)]
    p1 = dict(zip(central + bs[:6], [f"P1:{n}" for n in (7, 16, 24, 32, 43, 58, 66, 72, 86, 92)],
                  strict=True))
    p2_numbers = [1, 19, 25, 34, 49, 52, 64, 75] + ([87, 93, 101, 117] if p2_finished else [])
    p2 = dict(zip(bs[6:] + ["a01", "a02", "a03", "a04"], [f"P2:{n}" for n in p2_numbers],
                  strict=False))
    return {"players": 2, "layout": "reference", "era": 2, "first_bidder": "P1",
            "structures": {**p1, **p2, "a12": "P2:W"},
            "kept": {"P1": "atlantis", "P2": "the_hammer"},
            "finished": ["P2"] if p2_finished else []}


def test_fallback_next_player_opens(tmp_path: Path) -> None:
    """SK-5.2.4 step 2, SK-A23: on a map where every empty neighborhood touches The Hammer, P1
    (only tall buildings) cannot open even anywhere, so the next unfinished player opens."""
    game = _star_board(tmp_path)
    st = game.scenario(_fallback_spec(False))
    assert st.first_bidder == 0 and st.opener == 1 and st.open_mode == 0
    assert st.actors() == (1,)


def test_fallback_hammer_waived_for_original_first_bidder(tmp_path: Path) -> None:
    """SK-5.2.4 step 3: nobody else can open (P2 finished), so P1 opens with the Hammer
    restriction waived for this opening bid only."""
    game = _star_board(tmp_path)
    st = game.scenario(_fallback_spec(True))
    assert st.opener == 0 and st.open_mode == 2 and st.actors() == (0,)
    moves = st.legal_moves(0)
    assert {m.piece for m in moves} == {"s1_104", "s1_119"}  # type: ignore[attr-defined]
    assert len(moves) == 2 * 9
    st.play(0, moves[0])
    assert st.built[10]  # s1_104: the lone unfinished player wins at once (SK-5.8 a)
