"""`parlor join LINK`, `parlor host GAME` and `parlor tables`: the terminal at an online parlor server.

`join` takes the link the browser shows (a table's page or an invite to a seat): the terminal takes the
invited seat, or the first open one, under the player's name and keeps its token
(`online_table.SeatTokens`), so the same command sits there again after the terminal closed; with no
seat open it watches. `host` makes a new table on a server (the other seats open for friends or bots),
prints the invite links to send and sits at its first seat; `tables` lists a server's tables that
wait for players or are under way, with their links. A seat is played by `online_seat.OnlineSeat`.
"""

from __future__ import annotations

import queue
from typing import Annotated, Any, Optional

import httpx
import typer
from rich.text import Text

from parlor.core import BadOptions, ParlorError, get_game, options_from_text
from parlor.core.naming import player_names
from parlor.core.text import PUNCTUATION

from .commands import OptionArg, check_lang, friendly
from .online_seat import OnlineSeat, console
from .online_table import (
    TIMEOUT,
    Inbox,
    KeptSeat,
    SeatTokens,
    TableConnection,
    TableLink,
    TableUnreachable,
    read_keyboard,
    read_link,
    read_server,
    server_request,
)
from .session import default_name
from .words import error_line, say

LangArg = Annotated[str, typer.Option("--lang", help="en, zh_TW or es")]
NameArg = Annotated[str, typer.Option("--name", help="your name at the table")]
# How many tables one request of the server may name (its lobby's limit)
NAMED_AT_ONCE = 50
FullArg = Annotated[bool, typer.Option("--full", help="also print the whole position as the engine holds "
                                       "it (for developers)")]


def sit(link: TableLink, connection: TableConnection, tokens: SeatTokens, summary: dict[str, Any],
        seat: int | None, name: str, watch: bool) -> int | None:
    """The seat this terminal plays at the table (None: it watches): the one it already holds, else
    the seat asked for (or invited to, or the first open one), joined under `name`."""
    if watch:
        return None
    kept = tokens.get(link)
    wanted = seat if seat is not None else link.seat
    if kept is not None and wanted in (None, kept.seat):
        connection.token = kept.token
        return kept.seat
    open_seats = [int(s) for s in summary.get("open_seats") or []]
    if wanted is None:
        wanted = open_seats[0] if open_seats else None
    if wanted is None:
        return None
    joined: KeptSeat = connection.join(wanted, name)
    tokens.put(link, joined)
    connection.token = joined.token
    return joined.seat


def join(
    link: Annotated[str, typer.Argument(metavar="LINK", help="the table's link, as the browser shows it "
                                        "(http://HOST:PORT/#/t/TABLE, or an invite to a seat)")],
    seat: Annotated[Optional[int], typer.Option("--seat", show_default=False,  # noqa: UP045
                                                help="the seat to take, from 1 (default: the invited "
                                                     "one, else the first open one)")] = None,
    name: NameArg = "",
    watch: Annotated[bool, typer.Option("--watch", help="watch the table without taking a seat")] = False,
    lang: LangArg = "en",
    full: FullArg = False,
) -> None:
    """Sit at a table of an online parlor server, beside players in the browser: take a seat by the
    table's link (or watch), play and chat from the terminal. The seat stays yours: the same command
    sits there again."""
    check_lang(lang)
    sit_at(read_link(link), None if seat is None else seat - 1, name or default_name(lang), watch, lang, full)


def sit_at(link: TableLink, seat: int | None, name: str, watch: bool, lang: str, full: bool) -> None:
    """Take a seat at the table (or watch it) and play it until the player leaves; after each game,
    the next table of the same players while the player says so, at the same seat."""
    inbox: Inbox = queue.Queue()
    read_keyboard(inbox)   # one reader for every table of this run
    following: tuple[TableLink, int | None] | None = (link, seat)
    while following is not None:
        following = play_table(*following, name, watch, lang, full, inbox)


def play_table(link: TableLink, seat: int | None, name: str, watch: bool, lang: str, full: bool,
               inbox: Inbox) -> tuple[TableLink, int | None] | None:
    """One table, sat at (or watched) until its game ends or the player leaves it; the next table and
    the seat to take there when the player plays again."""
    connection = TableConnection(link, inbox)
    try:
        summary = connection.summary()
        game = get_game(str(summary.get("game")))
        players = int(summary.get("players") or 0)
        if seat is not None and not 0 <= seat < players:
            raise BadOptions(f"--seat must be between 1 and {players}", reason="seat_range",
                             max=players, seat=seat + 1)
        taken = sit(link, connection, SeatTokens(), summary, seat, name, watch)
        announce(game.title_in(lang), summary, taken, name, lang)
        connection.open(0, 0)
        online = OnlineSeat(game, connection, inbox, lang, taken, name, full)
        next_table = online.again() if online.run() else None
    finally:
        connection.close()
    return None if next_table is None else (TableLink(link.server, next_table, taken), taken)


def announce(title: str, summary: dict[str, Any], taken: int | None, name: str, lang: str) -> None:
    """Where the terminal sits: a seat by the name the table knows it by (a seat kept from before
    keeps its name), or the spectator's place."""
    if taken is None:
        console.print(Text(say(lang, "online_watching", title=title)))
        return
    known = next((entry.get("name") for entry in summary.get("seats") or []
                  if entry.get("seat") == taken), None)
    console.print(Text(say(lang, "online_seated", title=title, seat=taken + 1, name=known or name)))


def host(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id, see `parlor games`")],
    server: Annotated[str, typer.Option("--server", help="the parlor server's address")] \
        = "http://127.0.0.1:8000",
    players: Annotated[int, typer.Option("--players", "-p", show_default=False,
                                         help="how many play (default: one more than --seats names, else "
                                              "the game's fewest)")] = 0,
    seats: Annotated[str, typer.Option("--seats", show_default=False,
                                       help="the other seats in order, each open (for a friend) or a bot "
                                            "level: open,hard (default: all open)")] = "",
    clock: Annotated[Optional[float], typer.Option("--clock", show_default=False,  # noqa: UP045
                                                   help="seconds per decision; a bot decides for a "
                                                        "player who runs out")] = None,
    option: OptionArg = None,
    name: NameArg = "",
    lang: LangArg = "en",
    full: FullArg = False,
) -> None:
    """Make a table on an online parlor server and sit at its first seat: the other seats wait for
    friends (their invite links are printed, to send) or are played by bots."""
    check_lang(lang)
    address = read_server(server)
    game = get_game(game_id)
    others = [word.strip() for word in seats.split(",")] if seats.strip() else []
    players = players or (len(others) + 1 if others else game.min_players)
    others = others or ["open"] * (players - 1)
    if len(others) != players - 1:
        raise BadOptions(f"--seats names {len(others)} seats, but the table has {players - 1} others",
                         reason="seat_count", n=players, count=len(others) + 1)
    options: Any = options_from_text(game.options_type, option or [])   # refused here, in words
    named = {pair.partition("=")[0].strip() for pair in option or []}    # the server sets the rest
    body: dict[str, Any] = {
        "game": game.id, "players": players, "clock": clock,
        "options": {key: getattr(options, key) for key in named},
        "seats": [{"kind": "open"}] + [{"kind": "open"} if word == "open" else {"kind": "bot", "level": word}
                                       for word in others]}
    with httpx.Client(base_url=address, timeout=TIMEOUT) as http:
        made = server_request(http, address, "POST", "/api/tables", body)
    link = TableLink(address, str(made["id"]))
    console.print(Text(say(lang, "online_made", title=game.title_in(lang), link=link.page)))
    if "open" in others:
        console.print(Text(say(lang, "online_invites")))
    for seat, word in enumerate(others, start=1):
        if word == "open":
            console.print(Text(f"  {say(lang, 'online_invite_seat', seat=seat + 1)} {link.page}/join/{seat}"))
    sit_at(TableLink(address, link.table, 0), 0, name or default_name(lang), False, lang, full)


def tables(
    server: Annotated[Optional[str], typer.Option("--server", show_default=False,  # noqa: UP045
                                                  help="the parlor server's address (default: "
                                                       "http://127.0.0.1:8000; with --mine, every "
                                                       "server)")] = None,
    mine: Annotated[bool, typer.Option("--mine", help="the tables this computer holds a seat at, and "
                                       "how each stands for you")] = False,
    lang: LangArg = "en",
) -> None:
    """List the tables of an online parlor server that wait for players or are under way, with the
    link `parlor join` takes (the browser's lobby, in the terminal); with `--mine`, the tables this
    computer holds a seat at (the browser's "Your tables")."""
    check_lang(lang)
    if mine:
        your_tables(None if server is None else read_server(server), lang)
        return
    address = read_server(server or "http://127.0.0.1:8000")
    with httpx.Client(base_url=address, timeout=TIMEOUT) as http:
        listed = server_request(http, address, "GET", "/api/tables?status=open&status=running")
    found = [entry for entry in listed.get("tables") or [] if isinstance(entry, dict)]
    if not found:
        console.print(Text(say(lang, "tables_none", server=address)))
        return
    console.print(Text(say(lang, "tables_title", server=address), style="bold"))
    for entry in found:
        console.print(table_lines(entry, address, lang))
    console.print(Text(say(lang, "tables_join"), style="dim"))


def your_tables(only: str | None, lang: str) -> None:
    """The tables of the seats this computer keeps (of one server, or of all), each with how it
    stands for the player: their turn, whom it waits for, under way, or how it ended for them."""
    kept: dict[str, dict[str, int]] = {}
    for link, seat in SeatTokens().every():
        if only is None or link.server == only:
            kept.setdefault(link.server, {})[link.table] = seat.seat
    if not kept:
        console.print(Text(say(lang, "tables_mine_none")))
        return
    console.print(Text(say(lang, "tables_mine_title"), style="bold"))
    for address, seats in kept.items():
        ids = list(seats)
        with httpx.Client(base_url=address, timeout=TIMEOUT) as http:
            for start in range(0, len(ids), NAMED_AT_ONCE):
                query = "&".join(f"id={table}" for table in ids[start:start + NAMED_AT_ONCE])
                try:
                    listed = server_request(http, address, "GET", f"/api/tables?{query}")
                except TableUnreachable as err:
                    console.print(Text(error_line(lang, err), style="red"))
                    break
                for entry in listed.get("tables") or []:
                    if isinstance(entry, dict) and entry.get("id") in seats:
                        console.print(table_lines(entry, address, lang, seats[str(entry["id"])]))


def table_lines(entry: dict[str, Any], server: str, lang: str, seat: int | None = None) -> Text:
    """One table of a list: its game and players in words, then its link and how it stands: whom it
    waits for or that it is under way; for the player at `seat`, their turn or how it ended for them."""
    try:
        title = get_game(str(entry.get("game"))).title_in(lang)
    except ParlorError:   # a game this computer does not have: the server's own title
        title = str(entry.get("title") or entry.get("game"))
    seats = [place for place in entry.get("seats") or [] if isinstance(place, dict)]
    names = player_names(seats, lang)
    line = Text()
    line.append(title, style="bold")
    line.append(f"  {listed(names, lang)}\n  ")
    line.append(TableLink(server, str(entry.get("id"))).page, style="cyan")
    line.append(f"  {standing(entry, names, lang, seat)}")
    return line


def standing(entry: dict[str, Any], names: list[str], lang: str, seat: int | None) -> str:
    """How a table stands, for the player at `seat` where there is one."""
    waiting = [names[place["seat"]] for place in entry.get("seats") or [] if place.get("kind") == "open"
               and isinstance(place.get("seat"), int) and place["seat"] < len(names)]
    result = entry.get("result")
    if entry.get("status") == "finished" and isinstance(result, dict) and seat is not None:
        ranks = result.get("ranks") or []
        if seat < len(ranks):
            return say(lang, "state_won") if ranks[seat] == 1 else \
                say(lang, "state_place", place=ranks[seat], n=len(ranks))
    if entry.get("status") == "finished":
        return say(lang, "state_over")
    if waiting:
        return say(lang, "tables_waiting", names=listed(waiting, lang))
    if seat is not None and seat in (entry.get("actors") or []):
        return say(lang, "tables_your_turn")
    return say(lang, "state_running")


def listed(names: list[str], lang: str) -> str:
    return PUNCTUATION[lang].names.join(names)


def register(app: typer.Typer) -> None:
    app.command("join")(friendly(join))
    app.command("host")(friendly(host))
    app.command("tables")(friendly(tables))
