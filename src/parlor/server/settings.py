"""Server settings: one frozen object built by the CLI (or a test) and handed to `create_app`.

Every field can also come from a `PARLOR_<NAME>` environment variable (`Settings.from_env`), so a
server started as a subprocess (tests, benchmarks) can be tuned without new command-line flags.
"""

from __future__ import annotations

import dataclasses
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlor.core import BadOptions

from .request_line import owner


def default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "parlor"


@dataclass(frozen=True)
class Settings:
    """How one server process runs. Times are in seconds, sizes in bytes."""

    data_dir: Path = field(default_factory=default_data_dir)
    db_url: str | None = None            # None: SQLite file `parlor.db` in data_dir
    redis_url: str | None = None         # None: a single process, no fan-out
    abandon_after: float = 120.0         # a silent seat is played by a bot after this long
    tick_seconds: float = 1.0            # how often clocks and abandonment are checked
    bot_delay: float = 0.4               # pause before each bot move (lets people follow)
    bot_seconds: float = 2.0             # thinking budget per bot move
    bot_threads: int = 2                 # worker threads for bot thinking
    db_threads: int = 8                  # worker threads for database calls
    max_body_bytes: int = 64 * 1024      # largest HTTP request body
    max_message_bytes: int = 16 * 1024   # largest WebSocket message
    ws_rate: float = 20.0                # messages per second per connection (sustained)
    ws_burst: int = 40                   # messages a connection may send at once
    ws_strikes: int = 200                # refused-for-rate messages before the socket is closed
    http_rate: float = 10.0              # changing HTTP requests per second per client address
    http_burst: int = 100                # ... and how many at once
    read_rate: float = 20.0              # GET requests per second per client address
    read_burst: int = 200
    heavy_rate: float = 2.0              # replays, reviews, records and "why" questions, per address
    heavy_burst: int = 20
    create_rate: float = 1 / 30          # tables created per second per address (one every 30 s)
    create_burst: int = 10
    join_rate: float = 0.5               # seat joins per second per address
    join_burst: int = 20
    ws_per_address: int = 16             # WebSocket connections open at once from one address
    chat_rate: float = 0.5               # chat messages per second per connection (5 in 10 s)
    chat_burst: int = 5
    hello_timeout: float = 10.0          # a socket must say hello this soon after connecting
    max_json_depth: int = 32             # deepest nesting of arrays and objects in a request
    min_clock: float = 5.0               # the shortest clock a table may have (seconds per decision)
    max_clock: float = 7 * 86_400        # the longest: 7 days
    open_table_ttl: float = 86_400.0     # an open table nobody joined is deleted after this long
    idle_seconds: float = 300.0          # a table nobody watches or plays leaves memory after this
    lobby_page_size: int = 20            # tables per lobby page
    work_processes: int = 2              # worker processes for setups and replays
    work_seconds: float = 20.0           # the longest one setup or replay may take
    work_memory_mb: int = 1024           # address space of each worker process
    static_dir: Path | None = None       # None: src/parlor/server/static when it exists
    access_log: bool = False             # log every HTTP request and socket (else uvicorn: warnings only)
    instance: str = field(default_factory=lambda: secrets.token_hex(6))
    # this process's place among `parlor serve --workers N`'s: the tables it makes are ones the
    # parent routes to it (request_line.owner), so a new table's seats come back to its maker
    worker_index: int = 0
    worker_count: int = 1

    def owns(self, table_id: str) -> bool:
        """Whether the parent of `parlor serve --workers N` routes `table_id` to this process."""
        return owner(table_id, self.worker_count) == self.worker_index

    def serves(self, table_id: str) -> bool:
        """Whether this process may hold `table_id` in memory and change it: any table with Redis,
        whose fan-out keeps every process holding a table in step (several hosts), or alone; among
        `parlor serve --workers N`'s without Redis only the tables it owns, so that no table is
        held by two processes that cannot tell each other of its changes."""
        return self.redis_url is not None or self.owns(table_id)

    def database_url(self) -> str:
        """The SQLAlchemy URL: `postgresql://` is read with psycopg 3; default is SQLite."""
        if self.db_url is None:
            return f"sqlite:///{Path(self.data_dir) / 'parlor.db'}"
        url = self.db_url
        for prefix in ("postgresql://", "postgres://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix):]
        return url

    def static_path(self) -> Path:
        return self.static_dir if self.static_dir is not None else Path(__file__).parent / "static"

    def replace(self, **changes: Any) -> Settings:
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_env(cls, env: dict[str, str] | None = None, **overrides: Any) -> Settings:
        """Settings from `PARLOR_*` variables, then `overrides` (None values are ignored).

        :raises BadOptions: a variable that does not read as its field's type.
        """
        env = dict(os.environ if env is None else env)
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            raw = env.get(f"PARLOR_{f.name.upper()}")
            if raw is None or f.name in PROCESS_ONLY:
                continue
            values[f.name] = _read(f.name, str(f.type), raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        if "data_dir" in values:
            values["data_dir"] = Path(values["data_dir"])
        if values.get("static_dir") is not None:
            values["static_dir"] = Path(values["static_dir"])
        return cls(**values)


PROCESS_ONLY = {"instance", "worker_index", "worker_count"}  # set by `serve`, never by a variable


def _read(name: str, type_name: str, raw: str) -> Any:
    if type_name.startswith("bool"):
        word = raw.strip().lower()
        if word not in ("1", "true", "yes", "on", "0", "false", "no", "off"):
            raise BadOptions(f"PARLOR_{name.upper()} must be 1 or 0, got {raw!r}")
        return word in ("1", "true", "yes", "on")
    try:
        if type_name.startswith("float"):
            return float(raw)
        if type_name.startswith("int"):
            return int(raw)
    except ValueError:
        raise BadOptions(f"PARLOR_{name.upper()} must be a number, got {raw!r}") from None
    return raw
