"""`parlor join LINK`: a seat at an online table from the terminal, against a real server process: the
invite link takes its seat, the screen is the terminal's screen of that seat's view, moves and chat
reach the table, the seat is kept for the same command, a spectator sees no seat's hidden cards, a
finished table shows its result, and a bad link or a silent server is one line."""

from __future__ import annotations

import contextlib
import io
import json
import os
import queue
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from rich.console import Console
from websockets.sync.client import connect

from installed_games import INSTALLED
from parlor.cli.online_seat import UNREADABLE, OnlineSeat
from parlor.cli.online_table import (
    Inbox,
    KeptSeat,
    SeatTokens,
    TableConnection,
    TableLink,
    read_link,
    without_controls,
)
from parlor.cli.words import say
from parlor.core import ParlorError, get_game
from parlor.core.naming import seat_label
from parlor.server.jobs import replay_moves
from parlor.server.messages import log_json
from server.procs import ServerProcess, free_port

from .terminal import CLEAR, PARLOR, ROOT, Terminal, plain, problems
from .test_screens import played


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    work = tmp_path_factory.mktemp("online")
    running = ServerProcess(work, ["--data-dir", str(work)]).start()
    yield running
    running.stop()


def new_table(server: ServerProcess, game: str, seats: list[dict[str, str]]) -> str:
    made = httpx.post(f"{server.url}/api/tables", json={"game": game, "players": len(seats), "seats": seats},
                      timeout=30)
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


def summary(server: ServerProcess, table: str) -> dict:
    return httpx.get(f"{server.url}/api/tables/{table}", timeout=30).json()


def started(server: ServerProcess, table: str) -> dict:
    """The table's summary once its game has started (the terminal's join is the last seat taken)."""
    deadline = time.monotonic() + 60
    found = summary(server, table)
    while found["status"] != "running" and time.monotonic() < deadline:
        time.sleep(0.05)
        found = summary(server, table)
    assert found["status"] == "running", found
    return found


class Seat(Terminal):
    """`parlor join` in a pseudo-terminal: its prompts are the move's and, while others play, the
    commands' (`online_prompt`)."""

    def waiting_prompt(self) -> str:
        return say(self.lang, "online_prompt")


def check(screen: str, lang: str, where: str) -> None:
    found = problems(screen, lang)
    assert not found, f"{where}:\n" + "\n".join(found) + "\n" + screen


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_a_seat_at_an_online_table(server: ServerProcess, lang: str, tmp_path: Path) -> None:
    table = new_table(server, "skyrise", [{"kind": "open"}, {"kind": "bot", "level": "random"}])
    invite = f"{server.url}/#/t/{table}/join/0"
    seat = Seat(["join", invite, "--name", "Ada", "--lang", lang], tmp_path, lang)
    first = seat.screen()
    opening = plain(seat.transcript[0])
    title = get_game("skyrise").title_in(lang)
    assert say(lang, "online_seated", title=title, seat=1, name="Ada") in " ".join(opening.split())
    check(first, lang, "the first screen")
    assert "Ada" in first and say(lang, "private") in first   # the seat's own hidden cards, to itself
    assert summary(server, table)["seats"][0]["name"] == "Ada"

    helped = " ".join(seat.answer("help").split())
    for key in ("help_say", "help_online_quit", "help_card"):
        assert " ".join(say(lang, key).split())[:10] in helped, key

    before = summary(server, table)["index"]
    seat.child.sendline("1")      # the first choice: the table plays it, the bot answers, a new screen
    check(seat.screen(), lang, "after a move")
    assert summary(server, table)["index"] > before

    seat.child.sendline("say good luck")
    seat.until_prompt()           # the prompt again at once; then the line comes back from the table,
    back = seat.until_prompt()    # printed under the prompt: no redraw hides what Ada is typing
    assert CLEAR not in back and "Ada" in plain(back) and "good luck" in plain(back)
    chat = httpx.get(f"{server.url}/api/tables/{table}/chat", timeout=30).json()["messages"]
    assert [(line["seat"], line["text"]) for line in chat] == [(0, "good luck")]
    for line in ("one", "two", "three"):   # the screen keeps the last three lines; `chat` all of them
        seat.child.sendline(f"say {line}")
        seat.until_prompt()
        seat.until_prompt()
    board = seat.move("board")
    assert all(line in board for line in ("one", "two", "three")) and "good luck" not in board
    whole = seat.answer("chat")
    assert say(lang, "chat_title") in whole and all(line in whole for line in ("good luck", "one", "three"))

    left = " ".join(seat.end("quit").split())
    assert " ".join(say(lang, "online_left", link=f"{server.url}/#/t/{table}").split()) in left
    kept = SeatTokens(tmp_path / "parlor" / "online-seats.json").get(read_link(invite))
    assert kept is not None and kept.seat == 0
    assert os.stat(tmp_path / "parlor" / "online-seats.json").st_mode & 0o077 == 0   # the user's alone

    # the same command sits at the same seat again (no second join: the seat was taken by it), by the
    # name the table knows, whatever name the command would give
    again = Seat(["join", invite, "--lang", lang, "--name", "Zed"], tmp_path, lang)
    screen = again.screen()
    seated = say(lang, "online_seated", title=title, seat=1, name="Ada")
    assert seated in " ".join(plain(again.transcript[0]).split())
    assert "Ada" in screen and summary(server, table)["seats"][0]["name"] == "Ada"
    again.end("quit")


def test_a_spectator_sees_no_hidden_cards_and_a_finished_table_its_result(server: ServerProcess,
                                                                           tmp_path: Path) -> None:
    """Every seat a bot: the terminal finds no open seat and watches; the bots end the game, and the
    spectator's screen is the spectator's view (no seat's hand) with the final result."""
    table = new_table(server, "skyrise", [{"kind": "bot", "level": "random"}] * 2)
    out = tmp_path / "out.txt"
    with out.open("w") as written:   # the keyboard stays open: an ended input would leave the table
        watching = subprocess.Popen(
            [*PARLOR, "join", f"{server.url}/#/t/{table}", "--lang", "es"], stdout=written,
            stderr=subprocess.STDOUT, stdin=subprocess.PIPE, text=True, cwd=ROOT,
            env=dict(os.environ, XDG_DATA_HOME=str(tmp_path), COLUMNS="100"))
        try:
            assert watching.wait(timeout=180) == 0, out.read_text()
        finally:
            watching.kill()
    text = plain(out.read_text())
    title = get_game("skyrise").title_in("es")
    assert say("es", "online_watching", title=title) in text
    assert summary(server, table)["status"] == "finished"
    assert say("es", "final") in text
    assert say("es", "online_replay", link=f"{server.url}/#/replay/{table}") in " ".join(text.split())
    assert say("es", "private") not in text
    assert not (tmp_path / "parlor" / "online-seats.json").exists()   # no seat was taken


def test_an_open_table_waits_for_players_and_gives_its_link(server: ServerProcess, tmp_path: Path) -> None:
    table = new_table(server, "opera", [{"kind": "open"}] * 3)
    seat = Seat(["join", f"{server.url}/#/t/{table}", "--name", "Bo", "--lang", "zh_TW"], tmp_path, "zh_TW")
    seat.prompt = say("zh_TW", "online_prompt")
    shown = " ".join(plain(seat.until_prompt()).split())
    title = get_game("opera").title_in("zh_TW")
    assert say("zh_TW", "online_invite", link=f"{server.url}/#/t/{table}") in shown
    # the seats still open are named (from 1), not the player who took one
    assert say("zh_TW", "online_open", title=title, names="、".join(seat_label(s, "zh_TW") for s in (1, 2))) \
        in shown
    # a move before the game starts is refused in words, and the seat stays taken
    seat.child.sendline("1")
    assert say("zh_TW", "error_not_started") in " ".join(plain(seat.until_prompt()).split())
    seat.end("quit")
    assert summary(server, table)["seats"][0]["name"] == "Bo"


@pytest.mark.parametrize(("link", "reason"), [
    ("not a link", "table_link"), ("http://127.0.0.1:1/#/lobby", "table_link"),
    ("ftp://127.0.0.1/#/t/abc", "table_link"), ("http://127.0.0.1:1/#/t/../../etc", "table_link"),
])
def test_a_link_that_names_no_table_is_refused(link: str, reason: str) -> None:
    with pytest.raises(ParlorError) as caught:
        read_link(link)
    assert caught.value.reason == reason


def test_links_as_the_browser_shows_them() -> None:
    assert read_link("http://h:8000/#/t/ab_1-Z/join/2") == TableLink("http://h:8000", "ab_1-Z", 2)
    assert read_link("http://h:8000/#/t/abc/rules") == TableLink("http://h:8000", "abc", None)
    assert read_link("https://h/sub/#/replay/abc/analyse").socket == "wss://h/sub/ws/tables/abc"


def test_what_a_server_sends_loses_its_control_characters() -> None:
    """A hostile server's names, chat and view strings reach the terminal without escape sequences."""
    planted = {"seats": [{"name": "Ada\x1b[2J\x1b]52;c;b3duZWQ=\x07"}], "view": {"x\x9b": ["\x1bc", 3, None]},
               "messages": [{"text": "hi\x00\x7f there"}]}
    cleaned = without_controls(planted)
    assert cleaned == {"seats": [{"name": "Ada[2J]52;c;b3duZWQ="}], "view": {"x": ["c", 3, None]},
                       "messages": [{"text": "hi there"}]}
    assert not any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in json.dumps(cleaned, ensure_ascii=False))


def test_kept_seats_survive_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "seats.json"
    path.write_text("{not json")
    tokens = SeatTokens(path)
    link = TableLink("http://h", "abc")
    assert tokens.get(link) is None
    tokens.put(link, KeptSeat(1, "t0ken"))
    assert tokens.get(link) == KeptSeat(1, "t0ken")
    assert json.loads(path.read_text()) == {"http://h abc": {"seat": 1, "token": "t0ken"}}


@pytest.mark.parametrize("lang", ["en", "zh_TW", "es"])
def test_errors_are_one_line(server: ServerProcess, lang: str, tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), COLUMNS="100")

    def join(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*PARLOR, "join", *args, "--lang", lang], capture_output=True, text=True,
                              timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL, env=env)

    silent = f"http://127.0.0.1:{free_port()}"
    taken = new_table(server, "skyrise", [{"kind": "bot", "level": "random"}, {"kind": "open"}])
    httpx.post(f"{server.url}/api/tables/{taken}/seats/1/join", json={"name": "Cy"}, timeout=30)
    for args, key, fields in (
            (["nonsense"], "error_table_link", {"link": "nonsense"}),
            ([f"{silent}/#/t/abc"], "error_unreachable", {"server": silent}),
            ([f"{server.url}/#/t/nosuchtable"], "error_server_not_found", {"server": server.url}),
            ([f"{server.url}/#/t/{taken}", "--seat", "2"], "error_server_seat_taken", {}),
            ([f"{server.url}/#/t/{taken}", "--seat", "9"], "error_seat_range", {"max": 2, "seat": 9})):
        done = join(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert done.stderr.strip() == say(lang, "error", detail=say(lang, key, **fields)), args
        assert "Traceback" not in done.stderr


def test_a_table_hosted_from_the_terminal_against_a_bot(server: ServerProcess, tmp_path: Path) -> None:
    seat = Seat(["host", "skyrise", "--server", server.url, "--seats", "random", "--name", "Ada"], tmp_path,
                "en")
    seat.screen()   # the bot's seat needs no one: the game starts at once, at the player's seat
    printed = plain(seat.transcript[0])
    made = say("en", "online_made", title=get_game("skyrise").title_in("en"), link="")
    assert made in printed and say("en", "online_invites") not in printed
    table = printed.split(made, 1)[1].split()[0].rsplit("/", 1)[-1]
    seats = summary(server, table)["seats"]
    assert [(s["kind"], s["name"], s["level"]) for s in seats] == [("human", "Ada", None),
                                                                   ("bot", None, "random")]
    seat.end("quit")


def test_a_table_hosted_for_friends_gives_their_links(server: ServerProcess, tmp_path: Path) -> None:
    seat = Seat(["host", "opera", "-p", "3", "--server", server.url, "--lang", "zh_TW", "--name", "小明",
                 "-o", "short_game_7_rounds=true"], tmp_path, "zh_TW")
    seat.prompt = say("zh_TW", "online_prompt")
    shown = plain(seat.until_prompt())
    assert say("zh_TW", "online_invites") in shown
    labels = [say("zh_TW", "online_invite_seat", seat=seat) for seat in (2, 3)]
    links = [line.split()[-1] for line in shown.splitlines() if any(label in line for label in labels)]
    assert [link.rsplit("/", 2)[-2:] for link in links] == [["join", "1"], ["join", "2"]]
    table = read_link(links[0]).table
    found = summary(server, table)
    assert found["options"]["short_game_7_rounds"] is True and found["seats"][0]["name"] == "小明"
    # a friend takes seat 2 in the browser: the terminal's waiting screen names the seat still open
    httpx.post(f"{server.url}/api/tables/{table}/seats/1/join", json={"name": "Bo"}, timeout=30)
    after = " ".join(plain(seat.until_prompt()).split())
    title = get_game("opera").title_in("zh_TW")
    assert say("zh_TW", "online_open", title=title, names=seat_label(2, "zh_TW")) in after
    seat.end("quit")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_hosting_errors_are_one_line(server: ServerProcess, lang: str, tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), COLUMNS="100")
    for args, key, fields in (
            (["--server", "nowhere"], "error_server_address", {"server": "nowhere"}),
            (["--server", server.url, "--seats", "open,zzz"], "error_unknown_bot",
             {"bot": "zzz", "known": "easy, medium, hard, expert, random"}),
            (["--server", server.url, "-p", "2", "--seats", "open,open"], "error_seat_count",
             {"n": 2, "count": 3}),
            (["--server", server.url, "-o", "nosuch=1"], None, {})):
        done = subprocess.run([*PARLOR, "host", "skyrise", *args, "--lang", lang], capture_output=True,
                              text=True, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL, env=env)
        assert done.returncode == 2 and "Traceback" not in done.stderr, (args, done.stderr)
        if key is not None:
            assert done.stderr.strip() == say(lang, "error", detail=say(lang, key, **fields)), args
        assert len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("game_id", INSTALLED)
def test_hidden_information_never_reaches_an_online_seats_screen(game_id: str) -> None:
    """A seat's state message built as the server builds it (its view, its legal moves, the log entries it
    may see), from a position whose every value hidden from the seat is a planted marker: the terminal's
    screen, log and footer show none of them."""
    game = get_game(game_id)
    players = min(max(3, game.min_players), game.max_players)
    for moves in (5, 40):
        record = played(game_id, players, moves)
        replayed = replay_moves(game_id, record.rules_version, players, record.seed, record.options,
                                record.moves)
        state = replayed.state
        assert state is not None
        for seat in range(players):
            markers = state.plant_markers(seat)
            legal = state.legal_moves(seat) if seat in state.actors() else []
            message = {
                "type": "state", "status": "running", "seat": seat, "index": len(record.moves), "epoch": 0,
                "actors": list(state.actors()), "view": state.view(seat),
                "legal": [{"move": move.to_json(), "text": str(move)} for move in legal],
                "log": log_json(record.moves, ["player"] * len(record.moves), replayed.history, seat, 0,
                                len(record.moves), opening=replayed.opening),
                "seats": [{"seat": s, "kind": "bot", "level": "easy", "name": None} for s in range(players)],
                "result": None, "clock": None, "now": 0, "can_undo": False}
            inbox: Inbox = queue.Queue()
            nowhere = TableConnection(TableLink("http://127.0.0.1:1", "t"), inbox)   # never called
            online = OnlineSeat(game, nowhere, inbox, "en", seat, "Ada")
            online.console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
            assert online.receive(without_controls(message))
            online.draw()
            online.log()
            text = online.console.export_text()
            leaked = [m for m in markers if str(m) in text and len(str(m)) > 3]
            assert not leaked, (game_id, moves, seat, leaked)
            state = replay_moves(game_id, record.rules_version, players, record.seed, record.options,
                                 record.moves).state   # a clean position for the next seat
            assert state is not None


def play_to_the_end(server: ServerProcess, table: str, token: str) -> None:
    """Play a seat's first choice at every decision until the game is over (the other seats bots)."""
    with connect(f"{server.ws_url}/ws/tables/{table}") as socket:
        socket.send(json.dumps({"token": token, "since": 0, "epoch": 0}))
        while True:
            message = json.loads(socket.recv(timeout=60))
            if message.get("type") != "state":
                continue
            if message["status"] == "finished":
                return
            if message["legal"]:
                socket.send(json.dumps({"move": message["legal"][0]["move"], "index": message["index"]}))


def test_a_finished_game_is_played_again_at_the_next_table(server: ServerProcess, tmp_path: Path) -> None:
    """At the end, "y" opens the next table (the same game and players: the bot's seat a bot of its
    level) and the terminal sits at the player's seat there, its token kept for it."""
    table = new_table(server, "skyrise", [{"kind": "open"}, {"kind": "bot", "level": "random"}])
    joined = httpx.post(f"{server.url}/api/tables/{table}/seats/0/join", json={"name": "Ada"},
                        timeout=30).json()
    SeatTokens(tmp_path / "parlor" / "online-seats.json").put(read_link(f"{server.url}/#/t/{table}"),
                                                              KeptSeat(0, joined["token"]))
    play_to_the_end(server, table, joined["token"])
    seat = Seat(["join", f"{server.url}/#/t/{table}", "--name", "Ada", "--lang", "es"], tmp_path, "es")
    seat.prompt = say("es", "online_again_ask")
    ended = plain(seat.until_prompt())
    assert say("es", "final") in ended
    seat.prompt = say("es", "prompt")
    seat.child.sendline("s")
    seat.screen()   # the next table's first decision
    following = summary(server, table)["next"]
    assert following and following != table
    again = summary(server, following)
    assert [(s["kind"], s["name"], s["level"]) for s in again["seats"]] == [("human", "Ada", None),
                                                                            ("bot", None, "random")]
    assert SeatTokens(tmp_path / "parlor" / "online-seats.json").get(
        read_link(f"{server.url}/#/t/{following}")) is not None
    seat.end("quit")


def test_hint_and_undo_at_a_table_against_a_bot(server: ServerProcess, tmp_path: Path) -> None:
    """`hint` asks the server for the hard bot's choice in the seat's place; `undo` takes the last move
    back where the table allows it (the browser's rule), else says it cannot, in words."""
    seat = Seat(["host", "skyrise", "--server", server.url, "--seats", "random", "--name", "Ada"], tmp_path,
                "en")
    seat.screen()
    # a move typed in notation that the rules forbid now: the table names the rule (SK-5.9: no wonder
    # bid to answer at the game's first decision), the terminal words it
    refused = " ".join(seat.answer("decline").split())
    assert say("en", "refused", reason="SK-5.9") in refused
    hinted = " ".join(seat.answer("hint").split())
    assert say("en", "hint_says", move="").strip() in hinted
    seat.child.sendline("1")
    seat.screen()
    found = re.search(r"#/t/([A-Za-z0-9_-]+)", plain(seat.transcript[0]))
    assert found is not None
    table = found.group(1)
    before = summary(server, table)["index"]
    seat.child.sendline("undo")
    if say("en", "online_undo_refused") in " ".join(plain(seat.until_prompt()).split()):
        assert summary(server, table)["index"] == before   # refused: nothing changed
    else:
        seat.screen()    # the position before the move, sent to everyone with `reset`
        assert summary(server, table)["index"] < before
    seat.end("quit")


def test_the_seat_comes_back_after_the_server_restarts(tmp_path: Path) -> None:
    """The server is killed under the terminal and started again on its database: the terminal connects
    again by itself, from the log index it holds, and the game goes on (nothing the player did is lost)."""
    work = tmp_path / "server"
    work.mkdir()
    first = ServerProcess(work, ["--data-dir", str(work)]).start()
    seat = Seat(["host", "skyrise", "--server", first.url, "--seats", "random", "--name", "Ada"],
                tmp_path / "home", "en")
    try:
        seat.screen()
        seat.child.sendline("1")
        seat.screen()
        found = re.search(r"#/t/([A-Za-z0-9_-]+)", plain(seat.transcript[0]))
        assert found is not None
        played_moves = summary(first, found.group(1))["index"]
        first.kill()
        second = ServerProcess(work, ["--data-dir", str(work)], port=first.port).start()
        try:
            seat.child.expect_exact(say("en", "online_back"), timeout=60)   # connected again by itself
            seat.until_prompt()    # and asked again: the decision is the one it was
            seat.child.sendline("1")
            seat.screen()
            assert summary(second, found.group(1))["index"] > played_moves
        finally:
            second.stop()
    finally:
        seat.close()
        first.stop()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_tables_of_a_server_are_listed_with_their_links(server: ServerProcess, lang: str,
                                                            tmp_path: Path) -> None:
    table = new_table(server, "opera", [{"kind": "open"}, {"kind": "bot", "level": "hard"}, {"kind": "open"}])
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), COLUMNS="100")
    done = subprocess.run([*PARLOR, "tables", "--server", server.url, "--lang", lang], capture_output=True,
                          text=True, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL, env=env)
    assert done.returncode == 0, done.stderr
    text = plain(done.stdout)
    line = next(line for line in text.splitlines() if f"{server.url}/#/t/{table}" in line)
    waiting = "、" if lang == "zh_TW" else ", "
    assert line.strip().endswith(say(lang, "tables_waiting",
                                     names=waiting.join(seat_label(s, lang) for s in (0, 2))))
    assert say(lang, "tables_title", server=server.url) in text
    check(re.sub(r"https?://\S+", "", text), lang, "the list of tables")   # a table's id may read as an id

    empty = ServerProcess(tmp_path, ["--data-dir", str(tmp_path)]).start()
    try:
        none = subprocess.run([*PARLOR, "tables", "--server", empty.url, "--lang", lang], capture_output=True,
                              text=True, timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL, env=env)
        assert " ".join(say(lang, "tables_none", server=empty.url).split()) in " ".join(none.stdout.split())
    finally:
        empty.stop()


def test_messages_a_terminal_cannot_read_are_passed_over() -> None:
    """A hostile or broken server's messages (missing fields, wrong types, a move of no known kind, a
    view the screen cannot draw) are said in a line and passed over; the next good state is drawn."""
    game = get_game("skyrise")
    state = game.setup(2, 1)
    me = state.actors()[0]
    inbox: Inbox = queue.Queue()
    online = OnlineSeat(game, TableConnection(TableLink("http://127.0.0.1:1", "t"), inbox), inbox, "en", me,
                        "Ada")
    online.console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    seats = [{"seat": 0, "kind": "human", "name": "Ada"}, {"seat": 1, "kind": "bot", "level": "easy"}]
    good = {"type": "state", "status": "running", "seat": me, "index": 0, "epoch": 0, "actors": [me],
            "view": state.view(me), "legal": [{"move": m.to_json()} for m in state.legal_moves(me)],
            "log": [], "seats": seats}
    for broken in ({"type": "state", "seats": 5}, {"type": "state", "log": [{"kind": 3}], "seats": []},
                   {**good, "legal": [{"move": {"kind": "no_such_move"}}]}, {"type": "chat", "messages": 7},
                   {"type": "error", "reason": "stale_index", "params": "x"}):
        online.receive(broken)
    for broken_view in ({"era": "x"}, {"players": [None]}):
        assert online.receive({**good, "view": broken_view})
        with contextlib.suppress(*UNREADABLE):
            online.draw()
    assert online.receive(good)
    online.draw()
    text = online.console.export_text()
    assert say("en", "online_unreadable") in text and say("en", "prompt") in text


def test_a_bot_plays_the_seat_until_the_player_takes_it_back(server: ServerProcess, tmp_path: Path) -> None:
    """`bot LEVEL` hands the seat to a bot (it stays the player's: the browser's "Let a bot finish for
    me"); `back` takes it again. The screen says so while it lasts."""
    table = new_table(server, "skyrise", [{"kind": "open"}, {"kind": "open"}])
    httpx.post(f"{server.url}/api/tables/{table}/seats/1/join", json={"name": "Bo"}, timeout=30)
    seat = Seat(["join", f"{server.url}/#/t/{table}/join/0", "--name", "Ada"], tmp_path, "en")
    waiting = say("en", "online_prompt")
    seat.prompt = say("en", "prompt") if started(server, table)["actors"] == [0] else waiting
    seat.until_prompt()
    seat.prompt = waiting      # from now on the seat is the bot's, or Bo decides
    seat.child.sendline("bot easy")
    while say("en", "online_handed") not in " ".join(plain(seat.until_prompt()).split()):
        pass
    assert summary(server, table)["seats"][0]["handed"] is True
    seat.child.sendline("back")
    deadline = time.monotonic() + 30
    while summary(server, table)["seats"][0]["handed"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert summary(server, table)["seats"][0]["handed"] is False
    seat.close()


def test_your_tables_say_how_each_stands_for_you(server: ServerProcess, tmp_path: Path) -> None:
    """`parlor tables --mine`: the tables of the seats this computer keeps, each with its link and how
    it stands for the player (their turn, whom it waits for, how it ended for them)."""
    tokens = SeatTokens(tmp_path / "parlor" / "online-seats.json")

    def seated(seats: list[dict[str, str]]) -> tuple[str, str]:
        table = new_table(server, "skyrise", seats)
        token = httpx.post(f"{server.url}/api/tables/{table}/seats/0/join", json={"name": "Ada"},
                           timeout=30).json()["token"]
        tokens.put(read_link(f"{server.url}/#/t/{table}"), KeptSeat(0, token))
        return table, token

    waiting, _ = seated([{"kind": "open"}, {"kind": "open"}])
    finished, token = seated([{"kind": "open"}, {"kind": "bot", "level": "random"}])
    play_to_the_end(server, finished, token)
    deciding, _ = seated([{"kind": "open"}, {"kind": "bot", "level": "random"}])
    deadline = time.monotonic() + 30   # the bot opens, or the player does: either way it is theirs soon
    while summary(server, deciding)["actors"] != [0] and time.monotonic() < deadline:
        time.sleep(0.1)
    ranks = summary(server, finished)["result"]["ranks"]
    ended = say("es", "state_won") if ranks[0] == 1 else say("es", "state_place", place=ranks[0], n=2)
    done = subprocess.run([*PARLOR, "tables", "--mine", "--lang", "es"], capture_output=True, text=True,
                          timeout=60, cwd=ROOT, stdin=subprocess.DEVNULL,
                          env=dict(os.environ, XDG_DATA_HOME=str(tmp_path), COLUMNS="100"))
    assert done.returncode == 0, done.stderr
    text = plain(done.stdout)
    assert say("es", "tables_mine_title") in text
    for table, stands in ((waiting, say("es", "tables_waiting", names=seat_label(1, "es"))),
                          (finished, ended), (deciding, say("es", "tables_your_turn"))):
        line = next(line for line in text.splitlines() if f"/#/t/{table}" in line)
        assert line.strip().endswith(stands), (line, stands)


def test_a_player_the_table_waits_for_is_said_offline(server: ServerProcess, tmp_path: Path) -> None:
    """Bo took a seat in a browser since closed: when the table waits for Bo, the terminal says so with
    "offline", as the page's badge does."""
    table = new_table(server, "skyrise", [{"kind": "open"}, {"kind": "open"}])
    httpx.post(f"{server.url}/api/tables/{table}/seats/1/join", json={"name": "Bo"}, timeout=30)
    seat = Seat(["join", f"{server.url}/#/t/{table}/join/0", "--name", "Ada", "--lang", "es"], tmp_path, "es")
    waiting = say("es", "online_waiting", names="Bo (" + say("es", "online_offline") + ")")
    if started(server, table)["actors"] == [0]:
        seat.screen()
        seat.child.sendline("1")      # Ada's opening bid: Bo raises or passes next
    seat.prompt = say("es", "online_prompt")
    assert waiting in " ".join(plain(seat.until_prompt()).split())
    seat.close()
