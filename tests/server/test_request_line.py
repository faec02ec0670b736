"""Reading a connection's table from its request line (request_line.py), as the parent of
`parlor serve --workers N` does before it hands the connection to a worker."""

from __future__ import annotations

import pytest

from parlor.server.request_line import LONGEST_LINE, Unfinished, owner, table_of

TABLE = "Ab3_x-Z9kQ2w"  # what `secrets.token_urlsafe(9)` makes: 12 URL-safe characters


@pytest.mark.parametrize("line", [
    f"GET /ws/tables/{TABLE} HTTP/1.1",
    f"GET /ws/tables/{TABLE}?v=2 HTTP/1.1",
    f"GET /api/tables/{TABLE} HTTP/1.1",
    f"POST /api/tables/{TABLE}/seats/0/join HTTP/1.1",
    f"POST /api/tables/{TABLE}/seats/1/leave HTTP/1.1",
    f"POST /api/tables/{TABLE}/seats/2/bot HTTP/1.1",
    f"POST /api/tables/{TABLE}/seats/0/back HTTP/1.1",
    f"GET /api/tables/{TABLE}/record HTTP/1.1",
    f"POST /api/tables/{TABLE}/undo HTTP/1.1",
    f"GET /api/tables/{TABLE}/review/3 HTTP/1.1",
    f"POST /api/tables/{TABLE}/why HTTP/1.1",
    f"GET /api/tables/{TABLE}/chat?after=4 HTTP/1.1",
    f"GET /api/tables/{TABLE}/replay/0 HTTP/1.0",
])
def test_every_path_that_names_a_table_gives_its_id(line: str) -> None:
    assert table_of(f"{line}\r\nHost: x\r\n\r\n".encode()) == TABLE
    assert table_of(f"{line}\n".encode()) == TABLE  # a bare LF ends a line too (RFC 9112, 2.2)


def test_every_table_route_of_the_application_is_recognised() -> None:
    """The routers' paths with a `{table_id}`, each filled in, name their table: a route added later
    under another prefix fails here until the router reads it."""
    from parlor.server.app import create_app
    from parlor.server.ws import router

    paths = [*create_app().openapi()["paths"], *(getattr(route, "path", "") for route in router.routes)]
    named = [p for p in paths if "{table_id}" in p]
    assert len(named) >= 12 and "/ws/tables/{table_id}" in named
    for path in named:
        filled = path.replace("{table_id}", TABLE).replace("{seat}", "0").replace("{step}", "1")
        assert table_of(f"GET {filled} HTTP/1.1\r\n".encode()) == TABLE, path


@pytest.mark.parametrize("line", [
    b"GET / HTTP/1.1", b"GET /api/health HTTP/1.1", b"GET /api/tables HTTP/1.1",
    b"POST /api/tables HTTP/1.1", b"GET /api/tables?status=open HTTP/1.1", b"GET /api/games HTTP/1.1",
    b"GET /ws/tables/ HTTP/1.1",  # an empty id
    b"GET /api/tables/../games HTTP/1.1",  # `..` is no id
    b"GET /api/tables/%41bc HTTP/1.1",  # percent escapes are not read: any worker serves them
    b"GET /api/tables/" + b"a" * 33 + b" HTTP/1.1",  # longer than any id
    b"GET /api/tables/a.b HTTP/1.1", b"GET //api/tables/abc HTTP/1.1",
    b"GET http://host/ws/tables/abc HTTP/1.1",  # absolute form: not routed, still served
    b"GET /ws/tables/abc HTTP/2.0", b"GET /ws/tables/abc", b"GET  /ws/tables/abc HTTP/1.1",
    b"get /ws/tables/abc HTTP/1.1", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\n",  # a TLS hello
    b"\xff\xfe/ws/tables/abc HTTP/1.1", b"", b" ", b"\r",
])
def test_a_line_that_names_no_table_or_is_no_request_is_none(line: bytes) -> None:
    assert table_of(line + b"\r\n") is None


@pytest.mark.parametrize("start", [b"", b"G", b"GET /ws/tab", f"GET /ws/tables/{TABLE} HTTP/1.1".encode(),
                                   f"GET /ws/tables/{TABLE} HTTP/1.1\r".encode()])
def test_a_line_not_all_arrived_waits(start: bytes) -> None:
    assert table_of(start) is Unfinished.WAIT


def test_a_line_longer_than_any_real_one_is_not_waited_for() -> None:
    assert table_of(b"GET /" + b"a" * LONGEST_LINE) is None
    assert table_of(b"\x00" * LONGEST_LINE) is None
    assert table_of(b"a" * (LONGEST_LINE - 1)) is Unfinished.WAIT
    # a line end past the longest line is not looked for
    assert table_of(b"GET /ws/tables/abc " + b"x" * LONGEST_LINE + b"\r\n") is None


def test_the_owner_is_stable_and_spreads_tables() -> None:
    assert owner(TABLE, 1) == 0
    assert [owner(TABLE, 2) for _ in range(3)] == [owner(TABLE, 2)] * 3
    assert owner("abc", 2) == 0 and owner("abd", 2) == 1  # crc32: the same in every process and run
    counts = [0, 0]
    for i in range(1000):
        counts[owner(f"table{i}", 2)] += 1
    assert min(counts) > 400


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_worker_makes_only_tables_it_owns(index: int) -> None:
    from parlor.server.settings import Settings
    from parlor.server.table_setup import owned_table_id

    settings = Settings(worker_index=index, worker_count=3)
    ids = {owned_table_id(settings) for _ in range(50)}
    assert len(ids) == 50 and all(owner(t, 3) == index and len(t) == 12 for t in ids)
    assert {owner(owned_table_id(Settings()), 3) for _ in range(60)} == {0, 1, 2}  # one process: any id
