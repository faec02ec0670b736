"""A game offers its score pad, reference sheet and action catalogue by having the modules that hold
them in its package (`pad`, `sheet`, `rl_actions`); a package without them offers none."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from fixturegames.sealed_bids import SealedBids
from parlor.core import Game, ScorePad
from parlor.core.registry import get_game


def test_a_package_without_the_modules_offers_no_pad_sheet_or_catalogue() -> None:
    game = SealedBids()
    assert game.package_module("pad") is None and not game.has_score_pad()
    assert game.score_pad() is None
    assert game.reference_sheet() is None and not game.has_reference_sheet()
    assert game.action_catalogue() is None


def test_a_package_with_them_offers_what_they_hold() -> None:
    opera = get_game("opera")
    assert opera.has_score_pad() and opera.has_reference_sheet()
    pad = opera.score_pad()
    assert isinstance(pad, ScorePad) and pad.players == (2, 4) and "OP-13" in pad.summary
    assert opera.reference_sheet() == opera.package_module("sheet").sheet()  # type: ignore[union-attr]
    assert opera.action_catalogue() is opera.package_module("rl_actions").action_catalogue  # type: ignore[union-attr]
    trickerion = get_game("trickerion")
    assert trickerion.has_score_pad() and not trickerion.has_reference_sheet()  # no printed sheet


def test_a_game_overriding_the_method_offers_it_without_the_module() -> None:
    class PaddedBids(SealedBids):
        def score_pad(self) -> ScorePad | None:
            return None

    assert PaddedBids().has_score_pad() and not Game.has_score_pad(SealedBids())


def test_a_game_made_by_subclassing_keeps_its_parents_pad_and_sheet() -> None:
    """A game subclassed outside its package (the browser tests' marked Star Road, in a script) offers
    the parent package's pad and sheet: the server's tools pages for it must not lose them."""
    starroad = type(get_game("starroad"))

    class MarkedStarRoad(starroad):  # type: ignore[valid-type, misc]
        pass

    marked = MarkedStarRoad()
    assert marked.has_score_pad() and marked.has_reference_sheet()
    assert marked.reference_sheet() == get_game("starroad").reference_sheet()
    assert isinstance(marked.score_pad(), ScorePad)


def test_a_game_declared_in_its_package_init_finds_the_package_modules(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "bids_with_sheet"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from fixturegames.sealed_bids import SealedBids\n\n\nclass BidsWithSheet(SealedBids):\n"
        "    id = 'bids_with_sheet'\n")
    (package / "sheet.py").write_text("def sheet():\n    return {'cards': [1, 2, 3]}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    game = importlib.import_module("bids_with_sheet").BidsWithSheet()
    assert game.has_reference_sheet() and game.reference_sheet() == {"cards": [1, 2, 3]}
    assert not game.has_score_pad() and game.action_catalogue() is None


def test_telling_which_games_have_a_pad_loads_no_pad() -> None:
    script = ("import sys; from parlor.core.registry import all_games; "
              "print([g.id for g in all_games() if g.has_score_pad()]); "
              "print(sorted(m for m in sys.modules if m.endswith(('.pad', '.pad_form', '.sheet'))))")
    lines = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert lines[0] == "['opera', 'skyrise', 'starroad', 'trickerion']" and lines[1] == "[]"
