"""The table features BGA players expect (issue 15), each driven through the page as a player would:
undo, chat, clocks and time-out, confirm-my-move, the "your turn" notification, a move clicked while
disconnected, leaving and retaking a seat, letting a bot finish and taking the seat back, review during
play and the rules panel."""

from __future__ import annotations

import json
import os
import random
import re
import signal
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from installed_games import INSTALLED

from .conftest import Server
from .ui import CHOICES, create_table, play_active, play_until, wait_until_only_seat_decides

pytestmark = pytest.mark.timeout(150)
MOVES = f"{CHOICES}[data-move]"


def index_of(page: Page) -> int:
    return int(page.locator(".table-page").get_attribute("data-index") or 0)


def click_a_move(page: Page, base: str, table: str) -> int:
    """Click the first move of the decision once the table waits for this seat alone (a bot's move
    cannot move the index meanwhile); the table's index before it."""
    before = wait_until_only_seat_decides(page, base, table)
    page.locator(MOVES).first.click()
    return before


def wait_moved_on(page: Page, before: int) -> None:
    page.wait_for_function("i => Number(document.querySelector('.table-page').dataset.index) > i", arg=before,
                           timeout=20_000)


def seat_table(base: str, game: str, players: int, clock: float | None = None, name: str = "Ada",
               humans: int = 1) -> tuple[str, str]:
    """A table with seat 0 joined by `name` through the API, seats 1.. `humans`-1 joined by people who
    never move (so that the bots cannot finish the game at once), bots elsewhere: (table, token)."""
    seats = [{"kind": "open"}] * humans + [{"kind": "bot", "level": "random"}] * (players - humans)
    body = {"game": game, "players": players, "options": {}, "seats": seats, "clock": clock}
    table = httpx.post(f"{base}/api/tables", json=body, timeout=60).json()   # see ui.finished_game
    for seat in range(1, humans):
        httpx.post(f"{base}/api/tables/{table['id']}/seats/{seat}/join", json={"name": f"Quiet {seat}"},
                   timeout=30)
    token = httpx.post(f"{base}/api/tables/{table['id']}/seats/0/join", json={"name": name},
                       timeout=30).json()["token"]
    return table["id"], token


def open_seat(page: Page, base: str, table: str, token: str, name: str = "Ada") -> None:
    page.goto(f"{base}/#/")
    page.evaluate("([t, token, name]) => localStorage.setItem("
                  "'parlor.seat.' + t, JSON.stringify({seat: 0, token, name}))", [table, token, name])
    page.goto(f"{base}/#/t/{table}")
    expect(page.locator(".table-page")).to_be_visible()


def test_undo_takes_back_my_last_move(page: Page, server: str) -> None:
    """The bot seat may move between the Undo button showing and the click (a loaded machine
    makes that likely): its move takes the undo away, so the test plays on and tries again."""
    create_table(page, server, "trickerion", 2, ["random"])
    rng = random.Random(2)
    for _ in range(40):
        undo = page.locator("#undo")
        if undo.count():
            before = index_of(page)
            try:
                undo.click(timeout=5_000)
                page.wait_for_function(
                    "i => Number(document.querySelector('.table-page').dataset.index) < i",
                    arg=before, timeout=10_000)
            except PlaywrightTimeout:
                continue  # the bot moved first: the undo was gone before it was taken
            expect(page.locator("#notice")).to_be_visible()
            return
        play_active(page, rng, 1)
    pytest.fail("no undo was offered in 40 moves")


def test_chat_between_a_player_and_a_spectator(browser: Browser, server: str) -> None:
    player_ctx, watcher_ctx = browser.new_context(), browser.new_context()
    player, watcher = player_ctx.new_page(), watcher_ctx.new_page()
    table = create_table(player, server, "sealed_bids", 2, ["random"])
    watcher.goto(f"{server}/#/t/{table}")
    expect(watcher.locator(".table-page")).to_be_visible()
    player.fill("#chat-input", "good luck!")
    player.click("#chat-send")
    expect(watcher.locator("#chat-messages")).to_contain_text("good luck!")
    expect(watcher.locator("#chat-messages")).to_contain_text("Ada")
    watcher.fill(".chat-name", "Bea")
    watcher.fill("#chat-input", "watching closely")
    watcher.click("#chat-send")
    expect(player.locator("#chat-messages")).to_contain_text("Bea")
    expect(player.locator("#chat-messages")).to_contain_text("watching closely")
    player.reload()  # the chat is kept with the table
    expect(player.locator("#chat-messages")).to_contain_text("watching closely")
    player_ctx.close()
    watcher_ctx.close()


def test_clock_counts_down_and_a_bot_plays_on_time_out(page: Page, server: str) -> None:
    table, token = seat_table(server, "sealed_bids", 2, clock=5)
    open_seat(page, server, table, token)
    clock = page.locator(".player-panel[data-seat='0'] .clock")
    expect(clock).to_be_visible()
    assert re.fullmatch(r"\d:\d\d", clock.inner_text().strip())
    before = wait_until_only_seat_decides(page, server, table)  # the bot has bid: the next move is Ada's
    wait_moved_on(page, before)  # nobody clicks: the clock runs out and a bot decides for Ada
    record = httpx.get(f"{server}/api/tables/{table}/record", headers={"Authorization": f"Bearer {token}"})
    assert record.json()["moves"][before]["seat"] == 0


def test_confirm_my_move(page: Page, server: str) -> None:
    table = create_table(page, server, "sealed_bids", 2, ["random"])
    page.click("#open-settings")
    page.check("#setting-confirm")
    page.click("#close-settings")
    before = click_a_move(page, server, table)
    expect(page.locator("#staged-move")).to_be_visible()
    assert index_of(page) == before
    page.click("#cancel-move")
    expect(page.locator("#staged-move")).to_have_count(0)
    click_a_move(page, server, table)
    page.click("#confirm-move")
    wait_moved_on(page, before)
    page.click("#open-settings")
    page.uncheck("#setting-confirm")


def test_your_turn_notification(browser: Browser, server: str) -> None:
    ctx = browser.new_context(permissions=["notifications"])
    # the page is in the background (hidden) and records the notifications it shows
    ctx.add_init_script("""
        Object.defineProperty(document, 'hidden', { get: () => true });
        window.__shown = [];
        window.Notification = class {
          constructor(title, o) { window.__shown.push(title); }
          static get permission() { return 'granted'; }
          static requestPermission() { return Promise.resolve('granted'); }
        };
    """)
    page = ctx.new_page()
    table, token = seat_table(server, "sealed_bids", 2)
    page.goto(f"{server}/#/")
    page.evaluate("() => localStorage.setItem('parlor.settings', JSON.stringify({notify: true}))")
    open_seat(page, server, table, token)
    expect(page).to_have_title(re.compile("Your turn"))
    page.wait_for_function("() => window.__shown.length > 0")
    ctx.close()


def test_a_move_clicked_while_disconnected_is_sent_on_reconnect(page: Page, built_client: Path,
                                                                tmp_path: Path) -> None:
    with Server(tmp_path) as server:
        table = create_table(page, server.url, "sealed_bids", 2, ["random"])
        # the crash comes while the table waits for Ada alone: the index moves on only by her move
        before = wait_until_only_seat_decides(page, server.url, table)
        assert server.proc is not None
        os.kill(server.proc.pid, signal.SIGKILL)
        server.proc.wait(10)
        expect(page.locator("#connection.off")).to_be_visible()
        page.locator(MOVES).first.click()
        expect(page.locator("#queued-move")).to_be_visible()
        server.start()
        wait_moved_on(page, before)
        expect(page.locator("#queued-move")).to_have_count(0)
        token = json.loads(page.evaluate(f"localStorage.getItem('parlor.seat.{table}')"))["token"]
        record = httpx.get(f"{server.url}/api/tables/{table}/record",
                           headers={"Authorization": f"Bearer {token}"})
        assert record.json()["moves"][before]["seat"] == 0  # the move sent was the one queued


def test_hand_to_a_bot_and_take_the_seat_back(page: Page, server: str) -> None:
    table, token = seat_table(server, "trickerion", 3, humans=2)  # a quiet player: the game waits for them
    open_seat(page, server, table, token)
    page.click("#open-settings")
    page.click(".hand-to-bot")
    expect(page.locator(".ask")).to_be_visible()
    page.click("#ask-yes")
    expect(page.locator(".player-panel[data-seat='0'] .bot-badge")).to_be_visible()
    page.locator(".take-back").click(force=True)  # the page keeps updating while the bots play
    expect(page.locator(".player-panel[data-seat='0'] .bot-badge")).to_have_count(0)


def test_leave_and_take_a_seat_again(page: Page, server: str) -> None:
    table, token = seat_table(server, "trickerion", 3, humans=2)
    open_seat(page, server, table, token)
    page.click("#open-settings")
    page.click(".leave-seat")
    page.click("#ask-yes")
    expect(page.locator(".take-seat[data-seat='0']")).to_be_visible()
    seats = httpx.get(f"{server}/api/tables/{table}").json()["seats"]
    assert seats[0]["kind"] == "open"
    page.locator(".take-seat[data-seat='0']").click(force=True)
    page.fill("#join-name", "Ada again")
    page.click("#join-seat")
    # the page is in English; the panel marks the page's own seat
    expect(page.locator(".player-panel.mine .pp-name")).to_have_text("Ada again (you)")


def test_review_shows_the_game_so_far(page: Page, server: str) -> None:
    create_table(page, server, "opera", 2, ["random"])
    play_active(page, random.Random(4), 6)
    total = index_of(page)
    page.click("#open-review")
    expect(page.locator("#review")).to_be_visible()
    # the review opens on the last move played ("Move 8 of 9"); the random bot may have moved since
    # the index was read, so the game has at least `total` positions by then
    expect(page.locator("#review-step")).to_contain_text(re.compile(r"\d+\D+\d+"))
    shown, of = map(int, re.findall(r"\d+", page.locator("#review-step").inner_text())[:2])
    assert shown == of - 1 and of >= total, (shown, of, total)
    # a move the seat saw says who made it (a sealed bid of the other's is not shown), and the players'
    # panels are as they were at that step
    for at in range(shown, 0, -1):
        # the position of step `at` and its move have come (the controls' step leads them while they load)
        expect(page.locator("#review")).to_have_attribute("data-step", str(at))
        if page.locator("#review-move > strong").count():
            break
        page.click("#review-prev")
    mover = page.locator("#review-move > strong").inner_text().split(": ", 1)[0]
    assert mover in ("Ada", "Bot (random)"), mover
    expect(page.locator("#review .player-panel")).to_have_count(2)
    expect(page.locator("#review .player-panel.mine .pp-name")).to_have_text("Ada (you)")
    page.click("#review-first")
    expect(page.locator("#review-step")).to_have_text(f"Setup · {of} moves")
    expect(page.locator("#review .pp-score")).to_have_text(["0", "0"])   # OP-17: nobody has scored yet
    expect(page.locator("#review-board svg").first).to_be_visible()
    page.click("#review-close")
    expect(page.locator("#board")).to_be_visible()


def paragraphs(markdown: str) -> int:
    """The paragraphs of a rules summary: runs of lines that are no heading, table row or list item, nor
    an item's wrapped (indented) line."""
    count, in_paragraph, in_item = 0, False, False
    for line in markdown.splitlines():
        if not line.strip() or re.match(r"#{1,4}\s", line) or line.lstrip().startswith("|"):
            in_paragraph = in_item = False
        elif re.match(r"\s*(?:[-*]|\d+\.)\s+", line):
            in_paragraph, in_item = False, True
        elif not (in_item and line[:1].isspace()) and not in_paragraph:
            count, in_paragraph, in_item = count + 1, True, False
    return count


@pytest.mark.parametrize("game", INSTALLED)
def test_rules_panel(page: Page, server: str, game: str) -> None:
    create_table(page, server, game, 2, ["random"])
    for lang in ("en", "zh_TW", "es"):
        page.select_option("#lang-select", lang)
        page.click("#open-rules")
        panel = page.locator("#rules-panel")
        expect(panel).to_be_visible()
        expect(panel.locator(".markdown h3, .markdown h4").first).to_be_visible()
        assert re.search(r"\b[A-Z]{2}-\d+", panel.inner_text()), "the summary cites rule IDs"
        # a list item wrapped over lines of the summary's text is one item: its next line was a paragraph
        # of its own ("A piece is worth its" / "composer's position"), an ordered list began again at 1
        summary = httpx.get(f"{server}/api/games/{game}/rules/{lang}", timeout=10).json()["markdown"]
        items = len(re.findall(r"^\s*(?:[-*]|\d+\.)\s+", summary, flags=re.MULTILINE))
        expect(panel.locator(".markdown li")).to_have_count(items)
        expect(panel.locator(".markdown > p")).to_have_count(paragraphs(summary))
        page.click("#rules-panel .close")
        expect(panel).to_have_count(0)


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_tooltips_stay_inside_the_window(page: Page, server: str, size: tuple[int, int]) -> None:
    """A card's tooltip opens where it fits: a spot at the top of the window opens it below, one at the
    bottom above, and a tip taller than either side is capped and scrolls; never cut by the window."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    table, token = seat_table(server, "trickerion", 2)
    open_seat(page, server, table, token)
    spots = page.locator("#board [data-spot]")
    expect(spots.first).to_be_attached()
    count = spots.count()
    checked = 0
    for index in range(0, count, max(1, count // 12)):
        spot = spots.nth(index)
        for block in ("start", "end"):
            spot.evaluate(f"node => node.scrollIntoView({{block: '{block}'}})")
            tip = page.locator("#tip")
            box = None
            for _ in range(3):  # the bot's move may redraw the board and close the tip: hover again
                spot.dispatch_event("mouseenter")
                try:
                    expect(tip).to_be_visible(timeout=2000)
                    box = tip.bounding_box(timeout=2000)
                except (AssertionError, PlaywrightTimeout):  # closed before or between the two looks
                    continue
                if box is not None:
                    break
            assert box is not None
            assert box["x"] >= 0 and box["y"] >= 0, (index, block, box)
            assert box["x"] + box["width"] <= size[0] + 0.5, (index, block, box)
            assert box["y"] + box["height"] <= size[1] + 0.5, (index, block, box)
            spot.dispatch_event("mouseleave")
            checked += 1
    assert checked >= 12


def test_a_tooltip_closes_when_the_player_leaves_the_table(page: Page, server: str) -> None:
    """A card's tip left open at the table does not follow the player to the lobby (it stood over the
    new table's form, naming a card of the game left)."""
    table, token = seat_table(server, "trickerion", 2)
    open_seat(page, server, table, token)
    spot = page.locator("#board [data-spot]").first
    expect(spot).to_be_attached()
    spot.dispatch_event("mouseenter")
    expect(page.locator("#tip")).to_be_visible()
    page.goto(f"{server}/#/")
    expect(page.locator("#create-table")).to_be_visible()
    expect(page.locator("#tip")).to_have_count(0)


def test_the_replay_of_a_game_still_played_says_when_it_opens(page: Page, server: str) -> None:
    """A game's replay (every hand open) waits for its end: its page says so in the page's words and
    leads back to the table, where it said only that the server refused."""
    table, token = seat_table(server, "trickerion", 2)
    open_seat(page, server, table, token)
    page.goto(f"{server}/#/replay/{table}")
    expect(page.locator("[role=alert]")).to_contain_text("The replay opens once the game is over.")
    page.get_by_role("link", name="Back to the table").click()
    expect(page.locator(".table-page")).to_be_visible()


# counts the pieces the page animates (a slide, a fade, a turn) and the times it measures one
COUNT_ANIMATIONS = """
    window.__animated = 0; window.__measured = 0;
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) { window.__animated++; return animate.apply(this, args) };
    const box = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function () {
      if (this.hasAttribute('data-piece')) window.__measured++;
      return box.call(this);
    };
"""


def pieces_animated(page: Page) -> bool:
    """Whether a piece on the board has been measured and animated, waiting a moment for the
    board to draw the last move (polled: the page's policy forbids `wait_for_function`'s eval)."""
    for _ in range(10):
        if page.evaluate("window.__animated > 0 && window.__measured > 0"):
            return True
        page.wait_for_timeout(100)
    return False


@pytest.mark.parametrize(("motion", "game"), [*(("no-preference", game) for game in INSTALLED),
                                               ("reduce", "opera")])
def test_pieces_move_on_the_board_unless_the_player_asks_for_less_motion(browser: Browser, server: str,
                                                                          motion: str, game: str) -> None:
    """TABLE.md: a piece that moved slides, a new one fades in, a revealed one turns over; nothing
    moves (and nothing is measured for it) for a player whose system asks for reduced motion, or
    who turns animations off in the table's settings. The other browser tests run with reduced motion
    (conftest's `browser`): this test asks for motion, on each game's board."""
    ctx = browser.new_context(reduced_motion=motion)  # type: ignore[arg-type]
    ctx.add_init_script(COUNT_ANIMATIONS)
    page = ctx.new_page()
    create_table(page, server, game, 2, ["random"])
    # the pointer left where the lobby's "create" button was lies over the board: a tooltip shown there
    # measures its element, which is not the animations' measuring this test counts
    page.mouse.move(0, 0)
    if motion == "reduce":
        play_active(page, random.Random(5), 6)
        assert page.evaluate("[window.__animated, window.__measured]") == [0, 0]
    else:
        # the bots play at random, so some games take more than a few moves to move a piece
        assert play_until(page, random.Random(5), lambda: pieces_animated(page), 30)
        page.click("#open-settings")
        page.uncheck("#setting-animations")
        page.click("#close-settings")
        page.evaluate("window.__animated = 0")
        play_active(page, random.Random(6), 4)
        assert page.evaluate("window.__animated") == 0
    ctx.close()


def test_the_tab_names_the_game_in_the_pages_language(browser: Browser, server: str) -> None:
    """A Chinese page's tab reads "● 輪到你了 · 魔幻傳奇 Trickerion" on the player's turn (it named the
    game by the table's English title), and so does a notification."""
    page = browser.new_context(locale="zh-TW").new_page()
    create_table(page, server, "trickerion", 2, ["random"])
    expect(page).to_have_title("● 輪到你了 · 魔幻傳奇 Trickerion", timeout=30_000)
    page.context.close()


# Okabe and Ito's colours (web/src/seatMarks.tsx)
COLOUR_BLIND_PALETTE = {"#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7", "#56b4e9", "#f0e442",
                        "#000000"}
MARKS_JS = """() => ({
  panels: [...document.querySelectorAll('.player-panel')].map((p) => ({
    seat: Number(p.dataset.seat), colour: p.style.getPropertyValue('--seat').trim().toLowerCase(),
    shape: p.querySelector('.pp-head .seat-mark')?.dataset.shape ?? null,
    dots: p.querySelectorAll('.pp-head .dot').length })),
  named: [...document.querySelectorAll('.log .player-name')].map((n) => [Number(n.dataset.seatName),
    n.querySelector('.seat-mark')?.dataset.shape ?? null]),
})"""


def test_the_colour_blind_setting_marks_players_by_shape_and_apart_colours(page: Page, server: str) -> None:
    """The setting gives each player a colour of the colour-blind palette near their own (Trickerion's
    red, blue, green and yellow seats) and a shape beside their name, the same shape in the panels and
    the log; off again, the page is as before."""
    create_table(page, server, "trickerion", 4, ["random"] * 3)
    play_active(page, random.Random(2), 3)
    before = page.evaluate(MARKS_JS)
    assert all(p["shape"] is None and p["dots"] == 1 for p in before["panels"])
    page.click("#open-settings")
    page.check("#setting-distinctColours")
    expect(page.locator(".player-panel .seat-mark")).to_have_count(4)
    marked = page.evaluate(MARKS_JS)
    shapes = {p["seat"]: p["shape"] for p in marked["panels"]}
    assert shapes == {0: "circle", 1: "square", 2: "triangle", 3: "diamond"}
    colours = [p["colour"] for p in marked["panels"]]
    assert set(colours) <= COLOUR_BLIND_PALETTE and len(set(colours)) == 4, colours
    assert marked["named"] and all(shape == shapes[seat] for seat, shape in marked["named"]), marked["named"]
    # on the board, the fame track's markers (which stand on one another at equal Fame) take the shapes too
    tokens = page.evaluate("() => [...document.querySelectorAll('#board .fame-marker')].map((m) => [Number("
                           "m.dataset.seat), m.querySelector('.seat-token')?.dataset.shape ?? null])")
    assert sorted(map(tuple, tokens)) == sorted(shapes.items()), tokens
    # and a character placed on a slot (TR-8.1) carries its owner's shape as a badge
    assert play_until(page, random.Random(3), page.locator("#board .character-disc .seat-token").first, 60)
    badges = page.evaluate("() => [...document.querySelectorAll('#board .character-disc')].map((d) => ["
                           "Number(d.dataset.seat), d.querySelector('.seat-token')?.dataset.shape ?? null])")
    assert badges and all(shape == shapes[seat] for seat, shape in badges), badges
    page.uncheck("#setting-distinctColours")
    expect(page.locator(".player-panel .seat-mark")).to_have_count(0)
    assert [p["colour"] for p in page.evaluate(MARKS_JS)["panels"]] == [p["colour"] for p in before["panels"]]


def test_star_road_keeps_its_colours_under_the_colour_blind_setting(page: Page, server: str) -> None:
    """The setting's palette holds the factions' red, green, blue and yellow (SR-3.1), so Star Road's
    players keep colours no faction uses and are told apart by their shapes."""
    create_table(page, server, "starroad", 3, ["random"] * 2)
    expect(page.locator(".player-panel")).to_have_count(3)
    own = [p["colour"] for p in page.evaluate(MARKS_JS)["panels"]]
    page.click("#open-settings")
    page.check("#setting-distinctColours")
    expect(page.locator(".player-panel .seat-mark")).to_have_count(3)
    assert [p["colour"] for p in page.evaluate(MARKS_JS)["panels"]] == own


def test_operas_budget_markers_carry_their_owners_shapes(page: Page, server: str) -> None:
    """OP-2.2: the budget markers stand in the budget table's rows with no name beside them; under the
    colour-blind setting each carries its owner's shape."""
    page.add_init_script("localStorage.setItem('parlor.settings', JSON.stringify({distinctColours: true}))")
    create_table(page, server, "opera", 3, ["random"] * 2)
    markers = page.locator("#board .budget-marker")
    expect(markers).to_have_count(3)
    shapes = markers.evaluate_all("ms => ms.map((m) => [Number(m.dataset.seat),"
                                  " m.querySelector('.seat-token')?.dataset.shape ?? null])")
    assert sorted(map(tuple, shapes)) == [(0, "circle"), (1, "square"), (2, "triangle")], shapes


def test_skyrises_pieces_on_the_map_carry_their_owners_shapes(page: Page, server: str) -> None:
    """SK-6.1, SK-7.1: bids and structures stand on the map away from their owners' names (the sets'
    red and green look alike to many); under the colour-blind setting each carries its owner's shape,
    on the map and in the auction's list of bids."""
    page.add_init_script("localStorage.setItem('parlor.settings', JSON.stringify({distinctColours: true}))")
    create_table(page, server, "skyrise", 3, ["random"] * 2)
    assert play_until(page, random.Random(5), page.locator("#board .sk-piece .seat-token").first, 40)
    shapes = {0: "circle", 1: "square", 2: "triangle"}
    pieces = page.evaluate("() => [...document.querySelectorAll('#board .sk-piece, #board .sk-bid')]"
                           ".map((g) => [Number(g.dataset.owner ?? g.dataset.seat),"
                           " g.querySelector('.seat-token')?.dataset.shape ?? null])")
    assert pieces and all(shape == shapes[seat] for seat, shape in pieces), pieces
