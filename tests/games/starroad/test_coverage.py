"""Every rule ID of RULES.md is cited by at least one Star Road test (issue 6, Done when)."""

from __future__ import annotations

import re
from pathlib import Path

from core.spec import spec_path

RULES = spec_path("starroad", "RULES.md")
HERE = Path(__file__).parent
ID = re.compile(r"SR-\d+\.\d+(?![\d])")


def rule_ids() -> set[str]:
    text = (RULES if RULES.exists() else HERE / "RULES.md").read_text(encoding="utf-8")
    return {m.group(0).lstrip("*") for m in re.finditer(r"\*\*(SR-\d+\.\d+)", text)}


def cited() -> set[str]:
    out: set[str] = set()
    for path in HERE.glob("test_*.py"):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        for m in ID.finditer(text):
            out.add(m.group(0))
        for m in re.finditer(r"SR-(\d+)\.(\d+)-(\d+)\.(\d+)", text):   # ranges SR-15.7-15.9
            if m.group(1) == m.group(3):
                for k in range(int(m.group(2)), int(m.group(4)) + 1):
                    out.add(f"SR-{m.group(1)}.{k}")
    return out


def test_every_rule_id_is_cited_by_a_test():
    uncovered = sorted(rule_ids() - cited(), key=lambda r: [int(x) for x in r[3:].split(".")])
    assert not uncovered, f"rule IDs no test cites: {', '.join(uncovered)}"
