"""The web client's API types are generated from the server's OpenAPI schema and never go stale:
web/openapi.json is the schema the routes make now, and web/src/api.gen.ts is what openapi-typescript
makes of it (`cd web && npm run api-types` regenerates both)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from parlor.server.openapi import schema, schema_text

WEB = Path(__file__).resolve().parents[2] / "web"
REGENERATE = "regenerate them: cd web && npm run api-types"


def test_the_committed_schema_is_the_servers() -> None:
    assert (WEB / "openapi.json").read_text(encoding="utf-8") == schema_text(), \
        f"web/openapi.json is not the server's schema: {REGENERATE}"


def test_the_committed_types_are_generated_from_the_schema() -> None:
    tool = WEB / "node_modules" / ".bin" / "openapi-typescript"
    assert tool.exists(), "web/node_modules is missing: make web installs it"
    made = subprocess.run([str(tool), "openapi.json"], cwd=WEB, capture_output=True, text=True, check=True,
                          timeout=120)
    assert (WEB / "src" / "api.gen.ts").read_text(encoding="utf-8") == made.stdout, \
        f"web/src/api.gen.ts is stale: {REGENERATE}"


def test_the_client_routes_declare_their_answers() -> None:
    """Every route the client calls answers with a declared model, so its type is generated, not written."""
    paths = schema()["paths"]
    for path in ("/api/games", "/api/tables", "/api/tables/{table_id}", "/api/games/{game_id}/data",
                 "/api/games/{game_id}/text/{lang}", "/api/games/{game_id}/rules/{lang}",
                 "/api/tables/{table_id}/replay/{step}", "/api/tables/{table_id}/review/{step}"):
        answer = paths[path]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        assert "$ref" in answer, path
