"""Who may do what with a seat.

- Anyone may join an open seat (with a display name) and gets the seat's token, shown once.
- The seat's player (its token) may leave it (the seat is open again; a bot plays it while the game
  runs, until someone joins), hand it to a bot ("let a bot finish for me": the seat stays theirs,
  `handed`) and take it back.
- The host (the token `POST /api/tables` answered with) may give an open seat to a bot, and open a
  bot's seat again for a player.
- Nobody else may change a seat: `forbidden`.
"""

from __future__ import annotations

import time
import unicodedata
from typing import TYPE_CHECKING

from .bots import check_level
from .errors import ApiError
from .live import LiveTable
from .rows import FINISHED
from .security import hash_token, new_token

if TYPE_CHECKING:
    from .hub import Hub

# A seat's name is drawn on every board, often in a tile a card wide: the boards are laid out (and tested,
# tests/e2e/test_long_names.py) for names this many columns wide, a Chinese character taking two.
NAME_LIMIT = 24


# Letters that are printable yet draw nothing (Hangul fillers, the blank Braille pattern): a name of
# them alone would show as an empty space where a player's name should be.
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def shows_ink(name: str) -> bool:
    """Whether a name draws something: a character that is neither a space, a blank letter, a mark
    that only combines with another, nor a control or format character.

    >>> shows_ink("Ada"), shows_ink("\u3164\u3164"), shows_ink("\u034f")
    (True, False, False)
    """
    return any(character not in BLANK_LETTERS and unicodedata.category(character)[0] not in "ZMC"
               for character in name)


def name_width(name: str) -> int:
    """The columns a name takes: a wide or full-width character (Chinese, most emoji) two, any other one.

    >>> name_width("Ada"), name_width("歐陽")
    (3, 4)
    """
    return sum(2 if unicodedata.east_asian_width(character) in "WF" else 1 for character in name)


def check_seat(table: LiveTable, seat: int) -> None:
    if not 0 <= seat < table.row.players:
        raise ApiError("not_found", f"this table has seats 0 to {table.row.players - 1}")


def holder(table: LiveTable, seat: int, token: str | None) -> str:
    """"player" (the token opens this seat), "host" (the table's host token) or "other" (a token
    of another seat). :raises ApiError: bad_token for a token that opens nothing here."""
    if token is None:
        return "other"
    if table.seat_for_token(token) == seat:
        return "player"
    if table.is_host(token):
        return "host"
    if table.seat_for_token(token) is None:
        raise ApiError("bad_token", "that token opens no seat at this table")
    return "other"


async def join(hub: Hub, table: LiveTable, seat: int, name: str) -> str:
    """Claim an open seat; returns the seat's token (shown once). :raises ApiError: seat_taken."""
    check_seat(table, seat)
    name = " ".join(name.split())
    if not shows_ink(name) or name_width(name) > NAME_LIMIT or not name.isprintable():
        raise ApiError("bad_name", f"a display name is 1 to {NAME_LIMIT} printable characters, a Chinese "
                                   "character counting two, and shows at least one of them")
    if table.status == FINISHED:
        raise ApiError("seat_taken", "the game is over")
    token = new_token()
    async with table.lock:
        loaded = await hub.db(hub.storage.claim_seat_and_read, table.id, seat, name, hash_token(token),
                              table.index)
        if loaded is None:
            raise ApiError("seat_taken", "this seat is not open")
        await hub.sync.catch_up_locked(table, loaded)
    hub.changed(table)
    return token


async def leave(hub: Hub, table: LiveTable, seat: int, token: str | None) -> None:
    """The player leaves their seat; or the host opens a bot's seat again."""
    check_seat(table, seat)
    who = holder(table, seat, token)
    if who == "player" and token is not None:
        if not await hub.db(hub.storage.release_seat, table.id, seat, hash_token(token)):
            raise ApiError("bad_token", "that token does not open this seat")
    elif who == "host":
        if table.status == FINISHED:
            raise ApiError("seat_taken", "the game is over")
        if not await hub.db(hub.storage.free_bot_seat, table.id, seat):
            raise ApiError("forbidden", "the host may open a bot's seat, not a player's")
    else:
        raise ApiError("forbidden", "only this seat's player (or, for a bot's seat, the host) may free it")
    await hub.sync.reseat(table)


async def to_bot(hub: Hub, table: LiveTable, seat: int, level: str, token: str | None) -> None:
    """With the seat's token: a bot of `level` plays for its player, who keeps the seat. With the
    host token: an open seat goes to a bot. :raises ApiError: forbidden for anyone else."""
    check_seat(table, seat)
    check_level(level)
    who = holder(table, seat, token)
    if table.status == FINISHED and who != "other":
        raise ApiError("seat_taken", "the game is over")
    if who == "player" and token is not None:
        if not await hub.db(hub.storage.hand_over, table.id, seat, hash_token(token), level):
            raise ApiError("bad_token", "that token does not open this seat")
    elif who == "host":
        if not await hub.db(hub.storage.seat_to_bot, table.id, seat, level):
            raise ApiError("seat_taken", "only an open seat can be given to a bot")
    else:
        raise ApiError("forbidden", "only this seat's player or the table's host may give it to a bot")
    await hub.sync.reseat(table)


async def take_back(hub: Hub, table: LiveTable, seat: int, token: str | None) -> None:
    """The player plays again after a hand-over."""
    check_seat(table, seat)
    if holder(table, seat, token) != "player" or token is None:
        raise ApiError("forbidden", "only this seat's player may take it back")
    if not await hub.db(hub.storage.hand_over, table.id, seat, hash_token(token), None):
        raise ApiError("bad_token", "that token does not open this seat")
    await hub.sync.reseat(table)


async def set_away(hub: Hub, table: LiveTable, seat: int, away: bool) -> None:
    """Mark a seat away (a bot plays it until its player is back) or back."""
    async with table.lock:
        if table.seats[seat].away == away:
            return
        await hub.db(hub.storage.set_away, table.id, seat, away)
        table.seats[seat].away = away
        table.last_seen[seat] = time.time()
        table.forget_views()
    hub.changed(table)


__all__ = ["NAME_LIMIT", "check_seat", "holder", "join", "leave", "name_width", "set_away", "shows_ink",
           "take_back", "to_bot"]
