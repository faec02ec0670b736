"""A seat at an online table, played from the terminal beside players in the browser (`parlor join`,
`parlor host`: online_commands.py).

The screen is the one `parlor play` draws (`seat_terminal`), redrawn whenever the table changes; the
player types while the others play: commands at any time, `say` to the table, a move when it is theirs.
"""

from __future__ import annotations

import queue
import time
from typing import Any, ClassVar

from rich.console import Console
from rich.markup import escape

from parlor.ai.hints import Hint
from parlor.core import Event, Game, IllegalMove, Move, NotYourTurn, ParlorError, Result
from parlor.core.naming import player_names
from parlor.core.text import PUNCTUATION, EventLog

from .hinting import hint_lines
from .online_table import (
    Inbox,
    TableConnection,
    TableUnreachable,
)
from .seat_terminal import Handler, Quit, SeatTerminal
from .session import final_result
from .words import WORDS, error_line, is_yes, say

console = Console(highlight=False)

# What a message the terminal cannot read raises (a missing field, a wrong type, a move of no kind the
# game knows, a view its screen cannot draw).
UNREADABLE = (KeyError, TypeError, ValueError, IndexError, AttributeError, ParlorError)
# How many of the table's chat lines stay under the screen, and how many `chat` shows (the server's
# own last 100).
CHAT_LINES = 3
CHAT_KEPT = 100
# Seconds between attempts to connect again after the socket closed, and how many attempts.
RECONNECT_WAITS = (0.5, 1, 2, 4, 8)


class OnlineSeat(SeatTerminal):
    """A seat (or a spectator's place, `seat` None) at a table of an online server."""

    HELP: ClassVar[tuple[tuple[str, str], ...]] = (
        ("N", "help_number"), ("more", "help_more"), ("card", "help_card"), ("?N", "help_about"),
        ("rules", "help_rules"), ("log", "help_log"), ("say", "help_say"), ("chat", "help_chat"),
        ("undo", "help_online_undo"),
        ("hint", "help_online_hint"), ("bot", "help_online_bot"), ("back", "help_online_back"),
        ("board", "help_board"), ("full", "help_full"),
        ("quit", "help_online_quit"), ("help", "help_help"))

    def __init__(self, game: Game[Any], connection: TableConnection, inbox: Inbox, lang: str,
                 seat: int | None, name: str, full: bool = False) -> None:
        super().__init__(game, console, lang, seat, [], full)
        self.connection = connection
        self.inbox = inbox
        self.name = name
        self.table: dict[str, Any] = {}   # the last state the server sent this seat
        self.chat: list[str] = []
        self.sent = False                 # a move is on its way; its state has not come yet
        self.clock_offset = 0.0           # the server's clock minus this computer's

    # -- what the table holds ------------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        view = self.table.get("view")
        return view if isinstance(view, dict) else {}

    def players(self) -> int:
        return len(self.table.get("seats") or [])

    def moves(self) -> list[Move]:
        """The seat's choices now: none unless it decides (and not while a bot plays it)."""
        return [self.game.move_from_json(entry["move"]) for entry in self.table.get("legal") or []]

    def deciding(self) -> bool:
        return bool(self.table.get("legal")) and not self.sent

    def check(self, move: Move, moves: list[Move]) -> None:
        if not moves:
            raise NotYourTurn("not deciding")
        if move in moves:
            return
        try:   # the rule that forbids it, from the table (the engine's sentence may name hidden things)
            answer = self.connection.request("POST", f"/api/tables/{self.connection.link.table}/why",
                                             {"move": move.to_json()})
        except TableUnreachable:
            answer = None
        rule = answer.get("rule") if isinstance(answer, dict) else None
        raise IllegalMove(f"{rule}: " if isinstance(rule, str) and rule else say(self.lang, "online_refused"))

    # -- what the server sends -----------------------------------------------------------------
    def receive(self, message: dict[str, Any]) -> bool:
        """Take a message from the table; whether the screen must be drawn again. One the terminal
        cannot read is said and passed over: a server is anyone's program."""
        try:
            return self.read_message(message)
        except UNREADABLE:
            self.say_line(say(self.lang, "online_unreadable"), "red")
            return False

    def read_message(self, message: dict[str, Any]) -> bool:
        """While the player decides, only a change of the decision clears the screen (a redraw would
        hide the line they are typing): a chat line is printed under it, a player connecting or a
        clock's tick waits for the next drawing."""
        kind = message.get("type")
        if kind == "state":
            before = self.decision_shown()
            self.take_state(message)
            return before is None or self.decision_shown() != before
        if kind == "chat":
            added = self.take_chat(message)
            if self.decision_shown() is None or message.get("reset"):
                return True
            self.console.print()   # off the prompt's line, whatever the player has typed on it
            for line in added:
                self.say_line(line, "cyan")
            self.ask()
            return False
        if kind == "error":
            self.sent = False
            self.say_line(self.error_words(message), "red")
            return message.get("reason") == "stale_index"   # the table moved on: look at it again
        return False

    def take_state(self, message: dict[str, Any]) -> None:
        self.names[:] = player_names(message.get("seats") or [], self.lang)  # the log's names too
        told = self.table.get("index")   # the moves whose events the log tells
        if message.get("reset") or told is None:
            self.told = EventLog(self.catalog, self.names)
            told = -1
        for entry in message.get("log") or []:
            seat = entry.get("seat")
            if entry.get("index", -1) < told:   # a log from 0 holds the opening's events again
                continue
            if entry.get("kind") == "timed_out":   # the server's own entry: a bot decided for seat
                self.told.note(say(self.lang, "online_timed_out", name=self.names[seat]))
            else:
                self.told.add(Event(str(entry["kind"]), seat, None, entry.get("data") or {}))
        if message.get("index") != self.table.get("index"):
            self.first_choice = 0
        self.table = message
        self.sent = False
        self.clock_offset = float(message.get("now") or time.time()) - time.time()

    def take_chat(self, message: dict[str, Any]) -> list[str]:
        """The chat's new lines, kept (the last `CHAT_KEPT`) and returned as they read."""
        colon = PUNCTUATION.get(self.lang, PUNCTUATION["en"]).colon
        if message.get("reset"):
            self.chat = []
        added = []
        for line in message.get("messages") or []:
            seat = line.get("seat")
            name = self.names[seat] if isinstance(seat, int) and seat < len(self.names) else line.get("name")
            added.append(f"{name}{colon}{line.get('text', '')}")
        self.chat = (self.chat + added)[-CHAT_KEPT:]
        return added

    def decision_shown(self) -> tuple[Any, ...] | None:
        """What the screen of a deciding seat shows that a message may change (None: not deciding)."""
        if not self.deciding():
            return None
        return (self.table.get("index"), self.table.get("epoch"), self.table.get("status"),
                self.table.get("legal"), self.table.get("view"), tuple(self.names))

    def error_words(self, message: dict[str, Any]) -> str:
        """A refusal of the table's in the player's language (`error_<reason>`, as the page words it)."""
        reason, params = message.get("reason"), message.get("params") or {}
        if reason == "illegal_move":
            return say(self.lang, "refused", reason=self.rule_words(str(params.get("rule", ""))))
        key = f"error_{reason}"
        if key in WORDS["en"]:
            try:
                return say(self.lang, key, **params)
            except (KeyError, IndexError, ValueError):
                pass
        return say(self.lang, "online_refused")

    # -- the screen ----------------------------------------------------------------------------
    def draw(self) -> None:
        status = self.table.get("status")
        if status == "open" or not self.view():
            self.show_open()
        else:
            self.show_screen(self.moves() if self.deciding() else None)
        self.ask()

    def show_open(self) -> None:
        """A table still waiting for players: who sits where, and the link to send to the others."""
        if self.console.is_terminal:
            self.console.clear()
        seats = self.table.get("seats") or []
        waiting = [self.names[s["seat"]] for s in seats if s.get("kind") == "open"]
        title = self.game.title_in(self.lang)
        self.say_line(say(self.lang, "online_open", title=title, names=self.listed(waiting)), "bold")
        self.say_line(say(self.lang, "online_invite", link=self.connection.link.page))
        for line in self.chat[-CHAT_LINES:]:
            self.say_line(line, "cyan")

    def show_screen(self, moves: list[Move] | None, footer: str | None = None) -> None:
        """The seat's screen with the table's footer (`board` draws it too)."""
        super().show_screen(moves, self.footer() if footer is None else footer)

    def footer(self) -> str:
        """The chat's last lines, then whom the table waits for, with their time where there is a clock."""
        actors = [seat for seat in self.table.get("actors") or [] if seat != self.seat or not self.deciding()]
        lines = self.chat[-CHAT_LINES:]
        if self.handed():
            lines.append(say(self.lang, "online_handed"))
        if self.deciding():
            left = self.time_left(self.seat)
            if left:
                lines.append(say(self.lang, "online_your_time", left=left))
        elif actors:
            named = [self.waited_for(seat) for seat in actors]
            lines.append(say(self.lang, "online_waiting", names=self.listed(named)))
        return "\n".join(lines)

    def waited_for(self, seat: int) -> str:
        """A player the table waits for: their name, their time where there is a clock, and "offline"
        for a player whose page or terminal is not connected (the browser's badge)."""
        entry: dict[str, Any] = next((place for place in self.table.get("seats") or []
                                      if place.get("seat") == seat), {})
        away = entry.get("kind") == "human" and not entry.get("connected") and not entry.get("handed")
        left = self.time_left(seat)
        marks = PUNCTUATION.get(self.lang, PUNCTUATION["en"])
        return (self.names[seat] + (f" {left}" if left else "")
                + (marks.aside(say(self.lang, "online_offline")) if away else ""))

    def time_left(self, seat: int | None) -> str:
        """The time `seat` has left to decide ("1:05"), or "" without a clock."""
        clock = self.table.get("clock") or {}
        deadline = (clock.get("deadlines") or {}).get(str(seat))
        if deadline is None:
            return ""
        seconds = max(0, int(deadline - (time.time() + self.clock_offset)))
        return f"{seconds // 60}:{seconds % 60:02d}"

    def ask(self) -> None:
        """The prompt: for a move when the seat decides, else for the commands one may give meanwhile."""
        if self.deciding():
            self.console.print(self.prompt(), end="")
        else:
            colon = PUNCTUATION.get(self.lang, PUNCTUATION["en"]).colon
            self.console.print(f"[bold]{escape(say(self.lang, 'online_prompt'))}[/]{colon}", end="")

    # -- what the player types -----------------------------------------------------------------
    def typed(self, text: str) -> None:
        text = text.strip()
        word = text.partition(" ")[0].lower()
        moves = self.moves() if self.deciding() else []
        if not moves and text and (text.isdigit() or not self.is_command(word)):
            self.say_line(self.not_yours(), "red")
        else:
            move = self.answer(text, moves)
            if move is not None:
                if self.connection.send({"move": move.to_json(), "index": self.table.get("index")}):
                    self.sent = True
                    return   # the table's next state draws the screen
                self.say_line(say(self.lang, "online_not_connected"), "red")
        self.ask()

    def is_command(self, word: str) -> bool:
        return word in self.handlers() or word in ("q", "exit", "quit") or word.startswith("?")

    def not_yours(self) -> str:
        if self.seat is None:
            return say(self.lang, "error_spectator_move")
        if self.table.get("status") != "running":
            return say(self.lang, "error_not_started")
        return say(self.lang, "error_not_deciding")

    def handlers(self) -> dict[str, Handler]:
        return {**super().handlers(), "say": lambda rest, moves: self.chat_line(rest),
                "chat": lambda rest, moves: self.show_chat(),
                "undo": lambda rest, moves: self.undo(), "hint": lambda rest, moves: self.hint(moves),
                "bot": lambda rest, moves: self.seat_request("bot", {"level": rest or "medium"}),
                "back": lambda rest, moves: self.seat_request("back")}

    def seat_request(self, action: str, body: dict[str, Any] | None = None) -> None:
        """Ask the table something of the seat: `bot`, a bot of a level plays it and it stays the
        player's (the browser's "Let a bot finish for me"); `back`, the player plays it again. The
        table's next state shows the change."""
        if self.seat is None:
            self.say_line(say(self.lang, "error_spectator_move"), "red")
            return
        path = f"/api/tables/{self.connection.link.table}/seats/{self.seat}/{action}"
        try:
            self.connection.request("POST", path, body)
        except TableUnreachable as err:
            self.say_line(error_line(self.lang, err), "red")

    def handed(self) -> bool:
        """Whether a bot plays the seat for its player now."""
        seats = self.table.get("seats") or []
        return self.seat is not None and self.seat < len(seats) and bool(seats[self.seat].get("handed"))

    def show_chat(self) -> None:
        """The table's chat so far (its last 100 lines), the screen showing only the last few."""
        self.say_line(say(self.lang, "chat_title"), "bold")
        for line in self.chat or [say(self.lang, "chat_empty")]:
            self.say_line(f"  {line}")

    def chat_line(self, text: str) -> None:
        if not text:
            self.say_line(say(self.lang, "say_usage"))
            return
        if not self.connection.send({"type": "chat", "text": text, "name": self.name}):
            self.say_line(say(self.lang, "online_not_connected"), "red")

    def undo(self) -> None:
        """Take back one's last move where the table allows it (`can_undo`: it revealed nothing and drew
        on no chance); the server then sends everyone the position before it."""
        if not self.table.get("can_undo"):
            self.say_line(say(self.lang, "online_undo_refused"), "red")
            return
        try:
            self.connection.request("POST", f"/api/tables/{self.connection.link.table}/undo")
        except TableUnreachable:
            self.say_line(say(self.lang, "online_undo_refused"), "red")

    def hint(self, moves: list[Move]) -> None:
        """The hard bot's choice in the seat's place, thought on the server on what the seat knows (at
        a table where every other seat is a bot, as in the browser)."""
        try:
            answer = self.connection.request("POST", f"/api/tables/{self.connection.link.table}/hint")
        except TableUnreachable:
            self.say_line(say(self.lang, "online_hint_refused"), "red")
            return
        read = self.game.move_from_json
        given = Hint(read(answer["move"]), tuple((read(entry["move"]), float(entry["share"]))
                                                 for entry in answer.get("weighed") or []),
                     int(answer.get("spread") or 0))
        for line in hint_lines(given, self.lang, lambda move: self.choice(moves, move)):
            self.say_line(line)

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> bool:
        """Sit at the table until the game ends (True) or the player leaves it (False). The keyboard's
        lines come into the inbox from a reader the caller started (`online_table.read_keyboard`)."""
        redraw = False
        try:
            while True:
                try:
                    kind, payload = self.inbox.get(timeout=1.0)
                except queue.Empty:
                    continue
                if kind == "message":
                    source, message = payload
                    if source is self.connection.socket:   # not a late word of a table left
                        redraw = self.receive(message) or redraw
                elif kind == "line":
                    self.typed(payload)
                elif kind == "eof":
                    raise Quit
                elif kind == "closed" and payload is self.connection.socket:
                    self.reconnect()
                if redraw and self.inbox.empty():   # one drawing for a burst of messages
                    redraw = False
                    if self.table.get("status") == "finished":
                        self.finish()
                        return True
                    try:
                        self.draw()
                    except UNREADABLE:
                        self.say_line(say(self.lang, "online_unreadable"), "red")
        except (KeyboardInterrupt, Quit):
            self.console.print()
            if self.seat is None:
                self.say_line(say(self.lang, "online_stopped_watching"))
            else:
                self.say_line(say(self.lang, "online_left", link=self.connection.link.page))
            return False

    def again(self) -> str | None:
        """After the end, whether the player plays again: the next table's id (the one another player
        already opened, else a new one with the same game, options, players and clock; each of the
        finished game's seats open there under its number, each bot's a bot of its level), or None."""
        if self.seat is None:
            return None
        self.console.print(say(self.lang, "online_again_ask") + " ", end="")
        while True:
            kind, payload = self.inbox.get()
            if kind in ("line", "eof"):
                break
        if kind == "eof" or not is_yes(payload):
            return None
        opened = self.table.get("next")
        if isinstance(opened, str):
            return opened
        answer = self.connection.request("POST", f"/api/tables/{self.connection.link.table}/again")
        return str(answer["table"])

    def reconnect(self) -> None:
        """Connect again after the socket closed, from the log index the seat holds."""
        for wait in RECONNECT_WAITS:
            time.sleep(wait)
            try:
                self.connection.open(int(self.table.get("index") or 0), int(self.table.get("epoch") or 0))
            except TableUnreachable:
                continue
            self.console.print()   # off the prompt's line; the table's state follows (drawn if it changed)
            self.say_line(say(self.lang, "online_back"), "dim")
            self.ask()
            return
        raise TableUnreachable(f"{self.connection.link.server} closed the table's connection",
                               reason="unreachable", server=self.connection.link.server)

    def finish(self) -> None:
        self.show_screen(None, "\n".join(self.chat[-CHAT_LINES:]))
        result = self.table.get("result")
        if isinstance(result, dict):
            self.console.print(final_result(Result.from_json(result), self.names, self.lang, self.context()))
        link = self.connection.link
        self.say_line(say(self.lang, "online_replay", link=f"{link.server}/#/replay/{link.table}"), "dim")
