"""An in-process server on this test's own SQLite file (the tools keep nothing, but the app needs one)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlor.server import Settings, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(data_dir=tmp_path, read_burst=10_000, heavy_burst=10_000, create_burst=10_000)
    with TestClient(create_app(settings)) as c:
        yield c
