"""Where a game's shared specification lies: `shared/rules/<game>/` beside the checkout (the
nearest folder above it that has one: the lead's tree and every worktree do), else the machine's
/work/shared (ENVIRONMENT.md)."""

from __future__ import annotations

from pathlib import Path

MACHINE_SHARED = Path("/work/shared")


def spec_path(game_id: str, *parts: str) -> Path:
    """`rules/<game_id>/<parts...>` of the shared specification (it may not exist: a test that
    can do without the spec asks `.exists()`)."""
    for parent in Path(__file__).resolve().parents:
        rules = parent.parent / "shared" / "rules" / game_id
        if rules.is_dir():
            return rules.joinpath(*parts)
    return MACHINE_SHARED.joinpath("rules", game_id, *parts)
