"""Which table an HTTP request names, read from its request line alone, and which worker owns it.

`parlor serve --workers N` routes each connection by the table of its first request (dispatch.py)
so that both seats' sockets of a table meet in one worker. The router reads nothing but the
request line (RFC 9112, 3: `method SP request-target SP HTTP-version CRLF`) from bytes it only
peeked at, and anything it does not recognise as a request for one table is simply not routed by
table: the worker that takes it answers it as any worker would (correctness never rests on the
routing, only speed does).
"""

from __future__ import annotations

import enum
import re
import zlib

# Longer than any request line parlor's client sends (a table's path is under 100 bytes); a
# connection whose first line is longer goes to any worker, whose parser then refuses it.
LONGEST_LINE = 2048  # bytes
# The paths that name a table: the table's socket and every `/api/tables/{id}` route. The id is
# what `deps.TableId` accepts; anything else (`..`, percent escapes, an empty id) names no table.
TABLE_PATH = re.compile(rb"/(?:ws|api)/tables/([A-Za-z0-9_-]{1,32})(?:/[^?#]*)?(?:[?#].*)?")
METHOD = re.compile(rb"[A-Z]{3,10}")
VERSION = re.compile(rb"HTTP/1\.[01]")


class Unfinished(enum.Enum):
    """The request line has not all arrived yet."""

    WAIT = "wait"


def table_of(peeked: bytes) -> str | Unfinished | None:
    """The table named by the request line at the start of `peeked`; `None` when the line names no
    table or is not a request line at all; `Unfinished.WAIT` while it may still be coming."""
    end = peeked.find(b"\n", 0, LONGEST_LINE)
    if end < 0:
        return Unfinished.WAIT if len(peeked) < LONGEST_LINE else None
    parts = peeked[:end].removesuffix(b"\r").split(b" ")
    if len(parts) != 3 or not METHOD.fullmatch(parts[0]) or not VERSION.fullmatch(parts[2]):
        return None
    found = TABLE_PATH.fullmatch(parts[1])
    return found.group(1).decode("ascii") if found else None


def owner(table_id: str, workers: int) -> int:
    """The worker (0 to `workers` - 1) that serves `table_id`: the same in every process and every
    run (unlike `hash`, which Python salts per process)."""
    return zlib.crc32(table_id.encode("ascii")) % workers
