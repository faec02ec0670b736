"""`parlor serve` is part of the `parlor` command (the real-process tests run it for real)."""

from __future__ import annotations

from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.cli.serve import _safe


def test_serve_is_a_parlor_command_with_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--redis", "--data-dir"):
        assert option in result.output


def test_printed_urls_hide_passwords() -> None:
    assert _safe("postgresql://ann:secret@db.example/parlor") == "postgresql://ann@db.example/parlor"
    assert _safe("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"
