"""Every rule ID of RULES.md and every decision of AMBIGUITIES.md is cited by some test."""

from __future__ import annotations

import re
from pathlib import Path

from core.spec import spec_path

HERE = Path(__file__).parent


def test_every_rule_id_is_cited() -> None:
    spec = spec_path("skyrise")
    rules = (spec / "RULES.md").read_text(encoding="utf-8")
    ids = set(re.findall(r"(?:\*\*|#+ )(SK-\d+(?:\.\d+)*)", rules))
    ids |= set(re.findall(r"### (SK-A\d+)", (spec / "AMBIGUITIES.md").read_text("utf-8")))
    ids |= set(re.findall(r"### (SK-E\d+)", (spec / "EXAMPLES.md").read_text("utf-8")))
    tests = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")
                      if p.name != Path(__file__).name)
    uncovered = sorted(i for i in ids
                       if not re.search(re.escape(i) + r"(?![\d]|\.\d)", tests))
    assert not uncovered, f"rule IDs no test cites: {', '.join(uncovered)}"
