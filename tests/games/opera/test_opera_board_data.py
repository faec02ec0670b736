"""What the browser board reads besides the view: the public component data (`public_data`, served
once per game), the VP by category each player's view now carries, and the catalog words and step
phrases the drawn board uses, in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from parlor.core import Rng
from parlor.core.text import LANGS
from parlor.games.opera import GAME
from parlor.games.opera.data import DATA
from parlor.games.opera.steps import CATEGORIES, STEP_NAMES

BOARD = Path(__file__).resolve().parents[3] / "web" / "src" / "games" / "opera"


def test_public_data_is_the_printed_components() -> None:
    """OP-2: the board's tracks, cities, parts, roles and tiles as the data files give them."""
    data = GAME.public_data()
    json.dumps(data)  # JSON-ready
    assert [c["id"] for c in data["composers"]] == [c.id for c in DATA.composers]
    assert sum(c["pieces"] for c in data["composers"]) == 84  # OP-2.7
    assert len(data["parts"]) == 38  # OP-2.8
    assert [f["value"] for f in data["fame"]] == [1, 2, 3, 4, 5, 6]  # OP-2.3, OP-3.2
    roles = {r["id"]: r for r in data["roles"]}
    assert {k: r["cost"] for k, r in roles.items()} == {  # OP-7.2
        "impresario": 3, "architetto": 2, "signora": 2, "maestro": 2, "critico": 3, "esperto": 4}
    assert [r["id"] for r in data["roles"] if r["followable"]] == ["impresario", "architetto", "signora"]
    cities = {c["id"]: c for c in data["cities"]}
    assert cities["paris"]["opens_round"] == 4 and cities["milano"]["opens_round"] == 7  # OP-3.11
    assert cities["milano"]["opens_round_short_game"] == 6  # OP-16.2
    assert cities["venezia"]["houses_by_players"] == {"2": 2, "3": 3, "4": 4}  # OP-4.7
    assert data["rounds"]["standard"]["scoring_after_rounds"] == [3, 6, 9]  # OP-5.2
    assert data["rounds"]["short_game"]["scoring_after_rounds"] == [3, 5, 7]  # OP-16.2
    assert data["budget"] == {"rows": 10, "slots": 4, "max_bid": 10, "zero_budget_bonus": 1}  # OP-2.2
    assert data["palazzo_capacity"] == 4 and data["episode_bonus"] == [1, 2, 3]
    assert data["display_by_players"] == {"2": 5, "3": 7, "4": 9}  # OP-4.10
    assert data["colors"] == ["red", "blue", "green", "yellow"]  # OP-4.3


def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def test_public_data_holds_no_position() -> None:
    """Served to everyone before any table exists: the same for every call and no field of a
    position (money, supplies, piles, bids, scores); `roles`, `figures`, `rounds` and a city's
    `episode` name the printed tiles, track and map there, not who took them or when."""
    data = GAME.public_data()
    assert json.dumps(GAME.public_data()) == json.dumps(data)
    view = GAME.setup(4, 1).view(0)
    position = (set(view) | set(view["players"][0])) - {"roles", "figures", "rounds", "episode"}
    assert not _keys(data) & position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_points_by_category_add_up_to_the_score(players: int) -> None:
    """OP-3.12: each player's VP by category (public) sums to the score, the same for every viewer."""
    state = GAME.setup(players, 7)
    rng = Rng(players)
    seen = 0
    while state.actors():
        views = [state.view(seat) for seat in (None, *range(players))]
        for pl in views[0]["players"]:
            assert set(pl["points"]) == set(CATEGORIES)
            assert sum(pl["points"].values()) == pl["score"]
            assert all(v["players"][pl["seat"]]["points"] == pl["points"] for v in views)
            seen += sum(1 for n in pl["points"].values() if n)
        seat = rng.choice(state.actors())
        state.play(seat, rng.choice(state.legal_moves(seat)))
    assert seen > 0


def _board_words() -> set[str]:
    """Every `[ui]` key the board's sources ask for (`label('x')`, `say(p, 'x')`), and the keys they
    build from role ids."""
    keys: set[str] = set()
    for path in BOARD.glob("*.ts*"):
        text = path.read_text(encoding="utf-8")
        keys |= set(re.findall(r"(?:label|say)\((?:p, )?'(\w+)'", text))
    keys |= {f"role_{r.id}" for r in DATA.roles}
    keys |= {f"uses_{r.id}" for r in DATA.roles if r.max_uses}
    return keys


@pytest.mark.parametrize("lang", LANGS)
def test_every_board_word_is_in_the_catalog(lang: str) -> None:
    catalog: Any = GAME.catalogs()[lang]
    words = _board_words()
    assert len(words) > 40
    missing = sorted(k for k in words if k not in catalog.ui)
    assert not missing, f"{lang}: [ui] lacks {missing}"
    steps = [s for s in STEP_NAMES if s != "over"]
    assert not [s for s in steps if s not in catalog.steps], f"{lang}: [steps] incomplete"


@pytest.mark.parametrize("lang", ["zh_TW", "es"])
def test_board_words_are_translated(lang: str) -> None:
    """A sentence the board prints is not left in English (names such as Palazzo may stay)."""
    en, other = GAME.catalogs()["en"].ui, GAME.catalogs()[lang].ui
    same = sorted(k for k in _board_words() if other[k] == en[k] and len(en[k].split()) > 1)
    assert not same, f"{lang}: still English: {same}"
