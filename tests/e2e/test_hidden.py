"""Two browser contexts, two players at one table: each sees its own hidden cards and never the
other's, neither in the page nor in the WebSocket frames. The table plays `marked_bids` (see
launch.py), where every hidden card is a planted marker value 9000001, 9000002, ..."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .ui import create_table, record_frames

pytestmark = pytest.mark.timeout(120)
MARKER = re.compile(r"90000\d\d")




def last_state(frames: list[str], index: int) -> dict[str, Any]:
    for text in reversed(frames):
        message = json.loads(text)
        if message.get("type") == "state" and message["index"] == index:
            return dict(message)
    raise AssertionError(f"no state message at index {index}")


def markers_in(page: Page, frames: list[str]) -> set[str]:
    return set(MARKER.findall(page.content())) | {m for f in frames for m in MARKER.findall(f)}


def test_each_player_sees_only_its_own_hidden_cards(browser: Browser, server: str) -> None:
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    a, b = ctx_a.new_page(), ctx_b.new_page()
    frames_a, frames_b = record_frames(a), record_frames(b)
    create_table(a, server, "marked_bids", 2, ["open"], name="Ada")
    invite = a.locator(".invite-link[data-seat='1']").input_value()
    # the terminal's command for the same table (parlor join, tests/cli/test_online_seat.py)
    assert a.locator(".invite-terminal code").inner_text() == f"parlor join '{invite.rsplit('/join/', 1)[0]}'"
    b.goto(invite)
    b.fill("#join-name", "Bea")
    b.click("#join-seat")
    for page in (a, b):
        expect(page.locator(".table-page[data-status=running]")).to_be_visible()
        expect(page.locator("#decision button.move").first).to_be_visible()
    hand_a = {str(c) for c in last_state(frames_a, 0)["view"]["hand"]}
    hand_b = {str(c) for c in last_state(frames_b, 0)["view"]["hand"]}
    assert hand_a and hand_b and all(MARKER.fullmatch(c) for c in hand_a | hand_b)
    # each page shows its own hand: in the private area and on the bid buttons
    for card in hand_a:
        expect(a.locator(f"#decision button.move[data-move*='{card}']")).to_have_count(1)
    assert hand_a <= set(MARKER.findall(a.locator(".private").inner_text()))
    # and nothing hidden from it: not the other hand, not the deck, not the prize pile
    assert markers_in(a, frames_a) <= hand_a
    assert markers_in(b, frames_b) <= hand_b

    # Ada bids in secret: Bea's page and frames still show none of Ada's cards
    a.locator("#decision button.move").first.click()
    expect(b.locator(".table-page[data-index='1']")).to_be_visible()
    expect(a.locator(".table-page[data-index='1']")).to_be_visible()
    assert markers_in(b, frames_b) <= hand_b
    assert markers_in(a, frames_a) <= hand_a
    ctx_a.close()
    ctx_b.close()
