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
from .problems import At, Problem, written

T = TypeVar("T")

# A chart or character table arrives as a file (the CLI, the lab) or as uploaded text (the `chart`
# and `characters` options, which never name a file): both are read by `parse_doc`, with a size
# limit, then checked in the same way.
CONTENT_LIMIT = 64 * 1024          # bytes of TOML in one chart or character table
BUNDLED = ("", "default")          # option values that name the packaged chart or table


@lru_cache(maxsize=4)
def packaged_text(file: str) -> str:
    return (DATA_DIR / file).read_text(encoding="utf-8")


def read_file(path: Path, errors: list[Problem]) -> str | None:
    """A chart's or table's text: UTF-8, a byte-order mark allowed (core.files); anything else is
    one problem naming the first byte that is not UTF-8."""
    at = At(path.name)
    try:
        if path.stat().st_size > CONTENT_LIMIT:
            errors.append(at.problem("too_large", limit=CONTENT_LIMIT))
            return None
        return read_utf8(path)
    except OSError as err:
        errors.append(at.problem("cannot_read", error=err.strerror or ""))
    except NotUtf8 as err:
        errors.append(at.problem("not_utf8", byte=err.byte, line=err.line))
    return None


_TOML_AT = re.compile(r"\(at line (\d+), column (\d+)\)")


def parse_doc(name: str, text: str, errors: list[Problem]) -> dict[str, Any] | None:
    """The TOML document in `text`, or None with the reason in `errors` (too large, not TOML,
    nested too deeply to read)."""
    at = At(name)
    if len(text) > CONTENT_LIMIT or len(text.encode("utf-8", "surrogatepass")) > CONTENT_LIMIT:
        errors.append(at.problem("too_large", limit=CONTENT_LIMIT))
        return None
    try:
        return tomllib.loads(text.removeprefix("\ufeff"))  # an uploaded text may keep its BOM
    except tomllib.TOMLDecodeError as err:
        # the parser's own sentence is English; the line and column are what every reader needs
        where = _TOML_AT.search(str(err))
        errors.append(at.problem("not_toml_at", column=int(where[2])).on_line(int(where[1]))
                      if where else at.problem("not_toml"))
    except RecursionError:
        errors.append(at.problem("too_deep"))
    return None


def source_text(source: str | Path | None, packaged: str, given: str) -> tuple[str, str]:
    """(name, text) of a chart or table: the packaged file `packaged` (None, "" or "default"), a
    file (a Path) or TOML text (a str, named `given`). :raises DataError:"""
    if isinstance(source, Path):
        errors: list[Problem] = []
        text = read_file(source, errors)
        if text is None:
            raise problems_error(errors)
        return source.name, text
    if source is None or source in BUNDLED:
        return packaged, packaged_text(packaged)
    return given, source


def problems_error(problems: list[Problem]) -> DataError:
    """One `DataError` for every problem of a file: the English sentences joined, and each
    problem as a value (`reason` `bad_table_file`, `problems`) for a reader in another language."""
    return DataError("; ".join(map(str, problems)), reason="bad_table_file",
                     problems=[p.to_json() for p in problems])


# A kind of table file's reader of its entries: given the file's top (`At(name)`), its whole
# document and its `[table.key]` entries, the entries that are valid, each problem in `errors`.
EntryReader = Callable[[At, dict[str, Any], dict[str, Any], list[Problem]], dict[str, T]]


class TableFile(Generic[T]):
    """One kind of table file (the design chart, the character table): the packaged file's name,
    the name uploaded text goes by, the `[table.key]` entries it holds, the other top-level keys
    it allows (`header`), the reader of its entries, and the problem when it holds no such table
    (`missing`)."""

    def __init__(self, packaged: str, given: str, table: str, header: tuple[str, ...],
                 read_entries: EntryReader[T], missing: str) -> None:
        self.packaged, self.given, self.table = packaged, given, table
        self.header, self.missing = header, missing
        self.read_entries = read_entries
        self._valid_table = lru_cache(maxsize=16)(self._read_valid)

    def read(self, name: str, text: str) -> tuple[dict[str, T], list[Problem]]:
        """The valid entries of `text` and every problem, each with the line it is about."""
        errors: list[Problem] = []
        doc = parse_doc(name, text, errors)
        if doc is None:
            return {}, errors
        entries = self._entries(At(name), doc, errors)
        return entries, located(errors, text, self.table)

    def _entries(self, top: At, doc: dict[str, Any], errors: list[Problem]) -> dict[str, T]:
        """The valid entries of a parsed file: a problem for each top-level key that is neither
        the table nor a header key, and `missing` when the table is not there."""
        for key in sorted(set(doc) - {self.table, *self.header}):
            errors.append(top.problem("unknown_top_key", key=key))
        table = doc.get(self.table)
        if not isinstance(table, dict):
            errors.append(top.problem(self.missing))
            return {}
        return self.read_entries(top, doc, table, errors)

    def problems(self, path: str | Path) -> list[Problem]:
        """Every problem of the file at `path`, or why it cannot be read; empty = valid."""
        errors: list[Problem] = []
        text = read_file(Path(path), errors)
        return errors if text is None else self.read(Path(path).name, text)[1]

    def check(self, path: str | Path) -> list[str]:
        """`problems` as English sentences."""
        return [str(p) for p in self.problems(path)]

    def check_text(self, text: str, name: str | None = None) -> list[str]:
        """`check` for a table given as text (an upload)."""
        return [str(p) for p in self.read(name or self.given, text)[1]]

    def load(self, source: str | Path | None = None) -> dict[str, T]:
        """The validated entries, by key: the packaged file (None, "" or "default"), a file (a
        Path) or TOML text (a str). :raises DataError: listing every problem."""
        return self._valid_table(*source_text(source, self.packaged, self.given))

    def _read_valid(self, name: str, text: str) -> dict[str, T]:
        entries, errors = self.read(name, text)
        if errors:
            raise problems_error(errors)
        return entries


def typed_entry(raw: Any, fields: dict[str, type], at: At, rule: str,
                errors: list[Problem]) -> dict[str, Any] | None:
    """`raw` when it is a table holding every field of `fields` with its type and no other (a
    bool is not an int); else None, with the problems in `errors`."""
    if not isinstance(raw, dict):
        errors.append(at.problem("not_table"))
        return None
    before = len(errors)
    for field in sorted(set(raw) - set(fields)):
        errors.append(at.problem("unknown_field", field=field))
    for field, tp in fields.items():
        if field not in raw:
            errors.append(at.problem("missing_field", field=field, rule=rule))
        elif not isinstance(raw[field], tp) or (tp is int and isinstance(raw[field], bool)):
            errors.append(at.problem("wrong_type", field=field, type=tp.__name__,
                                     value=written(raw[field])))
    return raw if len(errors) == before else None


def check_choices(v: dict[str, Any], choices: dict[str, tuple[str, ...]], at: At,
                  errors: list[Problem]) -> None:
    """A problem for each field of `choices` whose value in `v` is not one of its choices."""
    for field, allowed in choices.items():
        if v[field] not in allowed:
            errors.append(at.problem("not_choice", field=field, choices=list(allowed),
                                     value=written(v[field])))


def check_field(ok: bool, at: At, reason: str, errors: list[Problem], **params: Any) -> None:
    """A problem `reason` (about `params`' field) unless `ok`."""
    if not ok:
        errors.append(at.problem(reason, **params))


_HEADER = re.compile(r'^\s*\[\s*(\w+)\s*\.\s*"?([^"\]\s]+)"?\s*\]')
_KEY = re.compile(r'^\s*"?([A-Za-z0-9_]+)"?\s*=')


def located(problems: list[Problem], text: str, table: str) -> list[Problem]:
    """Each problem with the line of the file it is about: the field's line, else its entry's
    header, else the top-level key it names."""
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
        if problem.line is not None:
            out.append(problem)
            continue
        entry = lines.get(problem.at.key if problem.at.table else "", {})
        subject = problem.subject()
        found = entry.get(subject) or entry.get("[") or (lines[""].get(subject) if subject else None)
        out.append(problem.on_line(found))
    return out
