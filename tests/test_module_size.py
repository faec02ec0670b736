"""Issue 26: no module of parlor over 500 lines; a room that grows past it is split by concern."""

from __future__ import annotations

from pathlib import Path

import parlor

LIMIT = 500


def test_no_module_is_over_500_lines() -> None:
    root = Path(parlor.__file__).parent
    sizes = {path.relative_to(root).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in root.rglob("*.py")}
    assert len(sizes) > 100
    assert not {name: lines for name, lines in sizes.items() if lines > LIMIT}
