"""The depth check of a client's JSON (security.py): the shortcut that skips the scan for a text
with few opening brackets agrees with the full scan."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from parlor.server.security import json_depth, nests_deeper_than


@given(st.text(alphabet='[]{}"\\a,:', max_size=60), st.integers(0, 8))
def test_the_depth_shortcut_agrees_with_the_full_scan(text: str, limit: int) -> None:
    data = text.encode()
    assert nests_deeper_than(data, limit) == (json_depth(data) > limit)
