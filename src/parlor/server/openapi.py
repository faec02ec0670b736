"""The server's OpenAPI schema as JSON, for the web client's generated types.

``python -m parlor.server.openapi > web/openapi.json`` (``npm run api-types`` in web/ runs it, then
openapi-typescript turns the file into web/src/api.gen.ts). The schema is built from the routes and
models alone: no database, no settings read from the environment.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from .app import create_app
from .settings import Settings


def schema() -> dict[str, Any]:
    """The OpenAPI document of `create_app`'s routes."""
    with tempfile.TemporaryDirectory() as folder:  # never opened: only the routes are read
        return create_app(Settings(data_dir=Path(folder))).openapi()


def schema_text() -> str:
    """The schema as the committed file holds it: sorted keys, two-space indents, a final newline."""
    return json.dumps(schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(schema_text(), end="")
