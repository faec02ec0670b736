"""Reading a design chart or a character table (SR-20): the packaged file, a file the author
names, or TOML text uploaded with a table's options; what the chart and table readers share."""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any, Generic, TypeVar

from parlor.core.errors import DataError
from parlor.core.files import NotUtf8, read_utf8

from .data import DATA_DIR

T = TypeVar("T")

# A chart or character table arrives as a file (the CLI, the lab) or as uploaded text (the `chart`
# and `characters` options, which never name a file): both are read by `parse_doc`, with a size
# limit, then checked in the same way.
CONTENT_LIMIT = 64 * 1024          # bytes of TOML in one chart or character table
BUNDLED = ("", "default")          # option values that name the packaged chart or table


@lru_cache(maxsize=4)
def packaged_text(file: str) -> str:
    return (DATA_DIR / file).read_text(encoding="utf-8")


def read_file(path: Path, errors: list[str]) -> str | None:
    """A chart's or table's text: UTF-8, a byte-order mark allowed (core.files); anything else is
    one problem naming the first byte that is not UTF-8."""
    try:
        if path.stat().st_size > CONTENT_LIMIT:
            errors.append(f"{path.name}: larger than {CONTENT_LIMIT} bytes")
            return None
        return read_utf8(path)
    except OSError as err:
        errors.append(f"{path.name}: cannot read: {err.strerror}")
    except NotUtf8 as err:
        errors.append(f"{path.name}: {err}")
    return None


def parse_doc(name: str, text: str, errors: list[str]) -> dict[str, Any] | None:
    """The TOML document in `text`, or None with the reason in `errors` (too large, not TOML,
    nested too deeply to read)."""
    if len(text) > CONTENT_LIMIT or len(text.encode("utf-8", "surrogatepass")) > CONTENT_LIMIT:
        errors.append(f"{name}: larger than {CONTENT_LIMIT} bytes")
        return None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))  # an uploaded text may keep its BOM
    except tomllib.TOMLDecodeError as err:
        errors.append(f"{name}: not valid TOML: {err}")
    except RecursionError:
        errors.append(f"{name}: not valid TOML: nested too deeply")
    return None


def source_text(source: str | Path | None, packaged: str, given: str) -> tuple[str, str]:
    """(name, text) of a chart or table: the packaged file `packaged` (None, "" or "default"), a
    file (a Path) or TOML text (a str, named `given`). :raises DataError:"""
    if isinstance(source, Path):
        errors: list[str] = []
        text = read_file(source, errors)
        if text is None:
            raise DataError("; ".join(errors))
        return source.name, text
    if source is None or source in BUNDLED:
        return packaged, packaged_text(packaged)
    return given, source


class TableFile(Generic[T]):
    """One kind of table file (the design chart, the character table): the packaged file's name,
    the name uploaded text goes by, the `[table.key]` entries it holds, and the reader of its
    entries, which returns the entries that are valid with every problem found."""

    def __init__(self, packaged: str, given: str, table: str,
                 read_entries: Callable[[str, dict[str, Any]], tuple[dict[str, T], list[str]]]
                 ) -> None:
        self.packaged, self.given, self.table = packaged, given, table
        self.read_entries = read_entries
        self._valid_table = lru_cache(maxsize=16)(self._read_valid)

    def read(self, name: str, text: str) -> tuple[dict[str, T], list[str]]:
        """The valid entries of `text` and every problem, each with the line it is about."""
        errors: list[str] = []
        doc = parse_doc(name, text, errors)
        if doc is None:
            return {}, errors
        entries, errors = self.read_entries(name, doc)
        return entries, located(errors, text, self.table)

    def check(self, path: str | Path) -> list[str]:
        """Every problem of the file at `path`, or why it cannot be read; empty = valid."""
        errors: list[str] = []
        text = read_file(Path(path), errors)
        return errors if text is None else self.read(Path(path).name, text)[1]

    def check_text(self, text: str, name: str | None = None) -> list[str]:
        """`check` for a table given as text (an upload)."""
        return self.read(name or self.given, text)[1]

    def load(self, source: str | Path | None = None) -> dict[str, T]:
        """The validated entries, by key: the packaged file (None, "" or "default"), a file (a
        Path) or TOML text (a str). :raises DataError: listing every problem."""
        return self._valid_table(*source_text(source, self.packaged, self.given))

    def _read_valid(self, name: str, text: str) -> dict[str, T]:
        entries, errors = self.read(name, text)
        if errors:
            raise DataError("; ".join(errors))
        return entries


def typed_entry(raw: Any, fields: dict[str, type], where: str, rule: str,
                errors: list[str]) -> dict[str, Any] | None:
    """`raw` when it is a table holding every field of `fields` with its type and no other (a
    bool is not an int); else None, with the problems in `errors`."""
    if not isinstance(raw, dict):
        errors.append(f"{where}: must be a table")
        return None
    before = len(errors)
    for field in sorted(set(raw) - set(fields)):
        errors.append(f"{where}: unknown field '{field}'")
    for field, tp in fields.items():
        if field not in raw:
            errors.append(f"{where}: missing field '{field}' ({rule})")
        elif not isinstance(raw[field], tp) or (tp is int and isinstance(raw[field], bool)):
            errors.append(f"{where}: field '{field}' must be {tp.__name__}, got {raw[field]!r}")
    return raw if len(errors) == before else None


def check_choice(v: dict[str, Any], field: str, choices: tuple[str, ...], where: str,
          errors: list[str]) -> None:
    if v[field] not in choices:
        errors.append(f"{where}: field '{field}' must be one of {', '.join(choices)}, "
                      f"got {v[field]!r}")


def check_field(ok: bool, where: str, field: str, text: str, errors: list[str]) -> None:
    if not ok:
        errors.append(f"{where}: field '{field}' {text}")


_HEADER = re.compile(r'^\s*\[\s*(\w+)\s*\.\s*"?([^"\]\s]+)"?\s*\]')
_KEY = re.compile(r'^\s*"?([A-Za-z0-9_]+)"?\s*=')
_PROBLEM = re.compile(r"^(?P<file>[^\s:]+)(?P<at> \[(?P<table>\w+)\.(?P<key>[^\]]+)\][^:]*)?: "
                      r"(?P<text>.*)$")


def located(problems: list[str], text: str, table: str) -> list[str]:
    """Each problem with the line of the file it is about: the field's line, else its entry's
    header, else the top-level key it names (`file.toml:12 [object.1041]: ...`)."""
    lines: dict[str, dict[str, int]] = {"": {}}
    current = ""
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and header.group(1) == table:
            current = header.group(2)
            lines.setdefault(current, {})["["] = number
            continue
        if line.lstrip().startswith("["):
            current = "\0"     # another table: its keys are not this entry's
            continue
        key = _KEY.match(line)
        if key:
            lines.setdefault(current, {}).setdefault(key.group(1), number)
    out = []
    for problem in problems:
        match = _PROBLEM.match(problem)
        if match is None:
            out.append(problem)
            continue
        entry = lines.get(match.group("key") or "", {})
        named = re.search(r"fields? '(\w+)'|top-level key '(\w+)'|header '(\w+)'",
                          match.group("text")) or re.search(r"(effect) #", match.group("at") or "")
        field = next((g for g in named.groups() if g), "") if named else ""
        field = "effects" if field == "effect" else field
        found = entry.get(field) or entry.get("[") or (lines[""].get(field) if field else None)
        out.append(problem if found is None else
                   f"{match.group('file')}:{found}{match.group('at') or ''}: "
                   f"{match.group('text')}")
    return out
