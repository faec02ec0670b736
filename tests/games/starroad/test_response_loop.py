"""Regression: two Med Kits answered each other forever (found by the design lab, seed 1 game 78)."""

from __future__ import annotations

from parlor.games.starroad import GAME


def test_an_object_on_the_stack_cannot_be_declared_again_so_response_rounds_end() -> None:
    """SR-10.9, SR-10.6: seat 0 activates its Med Kit, seat 1 answers with its own; seat 0 is
    asked again but may not declare the Med Kit whose activation is still waiting to resolve."""
    s = GAME.scenario({"players": 2, "turns": 1, "first": 0, "active": 0,
                       "options": {"character_abilities": False},
                       "seats": [{"hp": 4, "objects": ["4031"]}, {"hp": 4, "objects": ["4031"]}]})
    s.play(0, GAME.parse("use line=1 level=1"))
    assert s.actors() == (1,) and "use line=1 level=1" in map(str, s.legal_moves(1))
    s.play(1, GAME.parse("use line=1 level=1"))
    assert s.actors() == (0,)
    assert "use line=1 level=1" not in map(str, s.legal_moves(0))
    s.play(0, GAME.parse("pass"))  # seat 1's Med Kit resolves; seat 1 is asked again about seat 0's
    assert s.actors() == (1,) and not [m for m in s.legal_moves(1) if str(m).startswith("use")]
    s.play(1, GAME.parse("pass"))
    assert len(s.stack) == 0 and [p.hp for p in s.players] == [6, 6]
    assert [p.slots[0] for p in s.players] == [None, None]  # Med Kits are destroyed after use
