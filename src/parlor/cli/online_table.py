"""A table of an online parlor server, reached from the terminal: the link a player was sent, the seats
this computer holds (their tokens), and the connection (the server's HTTP API and the table's
WebSocket, docs/server.md).

What the socket sends and what the player types both arrive in one queue (`Inbox`), read by the
terminal's loop, so the table can move on while the player reads and types.
"""

from __future__ import annotations

import codecs
import json
import os
import queue
import re
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import ClientConnection, connect

from parlor.core import ParlorError

from .saves import save_folder
from .words import WORDS

# A table's id as the server makes them; anything else in a link is refused before it is sent.
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# The fragment of a table's page (#/t/ID), of an invite to a seat (#/t/ID/join/N, N from 0) and of
# a replay (#/replay/ID): the browser's links, which the terminal takes as they are.
FRAGMENT = re.compile(r"/?(?:t/(?P<table>[^/]+)(?:/join/(?P<seat>\d+))?(?:/.*)?"
                      r"|replay/(?P<replay>[^/]+)(?:/.*)?)")
# How long an HTTP request to the server may take, in seconds.
TIMEOUT = 15.0
# The server's refusals the terminal words itself (`error_server_<code>`); any other is "refused".
WORDED_REFUSALS = frozenset(("not_found", "seat_taken", "bad_name", "bad_token", "forbidden",
                             "rate_limited"))


def without_controls(data: Any) -> Any:
    """JSON from a server with every control character taken out of its strings (keys too): a server
    is anyone's program, and an escape sequence printed to a terminal can move its cursor, retitle its
    window or write to its clipboard. Nothing parlor sends holds one (names and chat are printable).

    >>> without_controls({"name": "Ada\x1b]0;owned\x07", "seats": [{"text": "\x9b2J hi"}]})
    {'name': 'Ada]0;owned', 'seats': [{'text': '2J hi'}]}
    """
    if isinstance(data, str):
        return data.translate(CONTROLS) if CONTROL_FOUND.search(data) else data
    if isinstance(data, list):
        return [without_controls(item) for item in data]
    if isinstance(data, dict):
        return {without_controls(key): without_controls(value) for key, value in data.items()}
    return data


# The C0 and C1 control characters and DEL, which a terminal may act on.
CONTROL_FOUND = re.compile("[\x00-\x1f\x7f-\x9f]")
CONTROLS = dict.fromkeys([*range(0x20), *range(0x7F, 0xA0)])


class TableUnreachable(ParlorError, code="unreachable"):
    """The server did not answer, or answered with an error (its own words kept in `reason`)."""


@dataclass(frozen=True)
class TableLink:
    """Where a table is: its server's address (`http://host:8000`), its id and, from an invite, the
    seat it offers (from 0)."""

    server: str
    table: str
    seat: int | None = None

    @property
    def page(self) -> str:
        """The table's page in a browser."""
        return f"{self.server}/#/t/{self.table}"

    @property
    def socket(self) -> str:
        scheme, rest = self.server.split("://", 1)
        return f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/tables/{self.table}"


def read_link(text: str) -> TableLink:
    """The table a link names: a table's page, an invite to a seat or a replay, as the browser shows
    them (`http://host:8000/#/t/ID/join/1`).

    >>> read_link("http://localhost:8000/#/t/ab12/join/1")
    TableLink(server='http://localhost:8000', table='ab12', seat=1)
    >>> read_link("https://parlor.example/play/#/t/ab12").socket
    'wss://parlor.example/play/ws/tables/ab12'
    """
    parts = urlsplit(text.strip())
    found = FRAGMENT.fullmatch(parts.fragment)
    if parts.scheme not in ("http", "https") or not parts.netloc or found is None:
        raise ParlorError(f"{text!r} is not a table's link (http://HOST/#/t/TABLE)", reason="table_link",
                          link=text)
    table = found.group("table") or found.group("replay")
    if not TABLE_ID.fullmatch(table):
        raise ParlorError(f"{text!r} is not a table's link (http://HOST/#/t/TABLE)", reason="table_link",
                          link=text)
    server = urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))
    seat = found.group("seat")
    return TableLink(server, table, int(seat) if seat is not None else None)


@dataclass(frozen=True)
class KeptSeat:
    seat: int
    token: str


class SeatTokens:
    """The seats this computer took at online tables, by server and table: a seat's token is its
    player's only key, so `parlor join` with the same link sits there again. Kept readable by the
    user alone (the tokens open the seats)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or save_folder().parent / "online-seats.json"

    def _all(self) -> dict[str, dict[str, Any]]:
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return kept if isinstance(kept, dict) else {}

    def get(self, link: TableLink) -> KeptSeat | None:
        entry = self._all().get(f"{link.server} {link.table}")
        if not isinstance(entry, dict):
            return None
        seat, token = entry.get("seat"), entry.get("token")
        if isinstance(seat, int) and isinstance(token, str):
            return KeptSeat(seat, token)
        return None

    def every(self) -> list[tuple[TableLink, KeptSeat]]:
        """Every seat kept, with its table (entries that do not read as one are passed over)."""
        found = []
        for key, entry in self._all().items():
            server, _, table = key.rpartition(" ")
            if server and TABLE_ID.fullmatch(table) and isinstance(entry, dict):
                seat, token = entry.get("seat"), entry.get("token")
                if isinstance(seat, int) and isinstance(token, str):
                    found.append((TableLink(server, table), KeptSeat(seat, token)))
        return found

    def put(self, link: TableLink, kept: KeptSeat) -> None:
        table = self._all()
        table[f"{link.server} {link.table}"] = {"seat": kept.seat, "token": kept.token}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        partial = self.path.with_suffix(".partial")
        descriptor = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            json.dump(table, out, indent=1)
        os.replace(partial, self.path)


# What arrives for the terminal's loop: ("message", (the socket, its JSON)), ("closed", the socket): it
# ended, ("line", what the player typed), ("eof", None): the keyboard closed. One inbox serves every
# table of a run (the keyboard is one), so a message names the socket it came by.
Inbox = queue.Queue[tuple[str, Any]]


class TableConnection:
    """The server's HTTP API for one table and, once `open`, its socket, read on a thread of its own."""

    def __init__(self, link: TableLink, inbox: Inbox) -> None:
        self.link = link
        self.inbox = inbox
        self.token: str | None = None
        self.http = httpx.Client(base_url=link.server, timeout=TIMEOUT)
        self.socket: ClientConnection | None = None

    # -- HTTP ----------------------------------------------------------------------------------
    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """The JSON answer of the server, or `TableUnreachable` with the server's reason."""
        return server_request(self.http, self.link.server, method, path, body, self.token)

    def summary(self) -> dict[str, Any]:
        found = self.request("GET", f"/api/tables/{self.link.table}")
        if not isinstance(found, dict):
            raise TableUnreachable(f"{self.link.server} is not a parlor server", reason="refused",
                                   server=self.link.server, status=0)
        return found

    def join(self, seat: int, name: str) -> KeptSeat:
        answer = self.request("POST", f"/api/tables/{self.link.table}/seats/{seat}/join", {"name": name})
        return KeptSeat(int(answer["seat"]), str(answer["token"]))

    # -- the socket ----------------------------------------------------------------------------
    def open(self, since: int, epoch: int) -> None:
        """Connect (again) and say hello: the log from `since` on, as the seat of `token`."""
        try:
            self.socket = connect(self.link.socket, open_timeout=TIMEOUT, max_size=2 ** 24)
            self.socket.send(json.dumps({"token": self.token, "since": since, "epoch": epoch,
                                         "deltas": False}))
        except (OSError, WebSocketException) as err:
            raise TableUnreachable(f"{self.link.socket} did not answer ({type(err).__name__})",
                                   reason="unreachable", server=self.link.server) from err
        threading.Thread(target=self._read, args=(self.socket,), daemon=True).start()

    def _read(self, socket: ClientConnection) -> None:
        try:
            for frame in socket:
                message = without_controls(json.loads(frame))
                if isinstance(message, dict):
                    self.inbox.put(("message", (socket, message)))
        except (OSError, WebSocketException, ValueError):
            pass
        self.inbox.put(("closed", socket))

    def send(self, message: dict[str, Any]) -> bool:
        """Whether the message went out (not while the socket is closed: the reading thread says so,
        and the loop connects again)."""
        if self.socket is None:
            return False
        try:
            self.socket.send(json.dumps(message))
        except (OSError, WebSocketException):
            return False
        return True

    def close(self) -> None:
        if self.socket is not None:
            self.socket.close()
        self.http.close()


def server_request(http: httpx.Client, server: str, method: str, path: str,
                   body: dict[str, Any] | None = None, token: str | None = None) -> Any:
    """The JSON answer of `server` to one request, or `TableUnreachable`: in the server's own words
    where the terminal has them (`error_<reason>`: an unknown bot level, a clock out of range), else
    by its code."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    try:
        answer = http.request(method, path, json=body, headers=headers)
    except httpx.HTTPError as err:
        raise TableUnreachable(f"{server} did not answer ({type(err).__name__})", reason="unreachable",
                               server=server) from err
    try:
        data = without_controls(answer.json())
    except ValueError:
        data = None
    if answer.status_code < 400:
        return data
    found = data if isinstance(data, dict) else {}
    code, reason, params = found.get("code"), found.get("reason"), found.get("params")
    message = f"{server} refused: {code or answer.status_code}"
    if isinstance(reason, str) and f"error_{reason}" in WORDS["en"] and isinstance(params, dict):
        raise TableUnreachable(message, reason=reason, **params)
    raise TableUnreachable(message, reason=f"server_{code}" if code in WORDED_REFUSALS else "refused",
                           server=server, status=answer.status_code)


def read_server(text: str) -> str:
    """A server's address as `--server` gives it (`http://HOST:PORT`), without a trailing slash."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ParlorError(f"{text!r} is not a server's address (http://HOST:PORT)", reason="server_address",
                          server=text)
    return urlunsplit((parts.scheme, parts.netloc, parts.path.rstrip("/"), "", ""))


def read_keyboard(inbox: Inbox) -> None:
    """Start a thread that puts each line the player types into `inbox` (and "eof" at its end).

    It reads the descriptor itself, not `sys.stdin`: a thread waiting in `input()` holds the buffered
    stdin's lock, and the interpreter, ending while it waits, aborts on that lock."""
    def read() -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        pending = ""
        while True:
            try:
                chunk = os.read(sys.stdin.fileno(), 4096)
            except (OSError, ValueError):
                chunk = b""
            pending += decoder.decode(chunk, final=not chunk)
            *lines, pending = pending.split("\n")
            for line in lines:
                inbox.put(("line", line.rstrip("\r")))
            if not chunk:
                inbox.put(("eof", None))
                return

    threading.Thread(target=read, daemon=True).start()
