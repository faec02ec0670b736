"""A study's directory: what was asked (study.json), finished batches, the games table, the summary.

```
DIR/study.json          the study and its batch size; a resumed run must ask for the same study
DIR/batches/NNNNNN.parquet   one file per finished batch, written atomically as batches finish
DIR/games.parquet       every game, one row each, in game order (written when the study is complete)
DIR/summary.json        the figures of summary tables and the report
```
A run that stops leaves finished batches behind; the next run of the same study skips them.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from parlor.core import BadOptions

from .study import Batch, Row, Study, moved_callables, option_types

ARROW_TYPES: dict[type, pa.DataType] = {bool: pa.bool_(), int: pa.int64(), float: pa.float64(),
                                        str: pa.string()}


def schema(study: Study) -> pa.Schema:
    """The columns of a study's games table."""
    columns = [
        ("game", pa.int64()), ("point", pa.int32()), ("index", pa.int64()), ("seed", pa.uint64()),
        ("bots", pa.list_(pa.string())), ("scores", pa.list_(pa.float64())),
        ("ranks", pa.list_(pa.int32())), ("length", pa.int64()),
    ]
    for name, tp in option_types(study).items():
        columns.append((name, ARROW_TYPES.get(tp, pa.string())))
    columns.append(("statistics", pa.string()))
    if study.observer:
        columns.append(("observed", pa.string()))
    return pa.schema(columns)


def rows_table(study: Study, rows: list[Row]) -> pa.Table:
    return pa.Table.from_pylist(rows, schema=schema(study))


class StudyDir:
    """The files of one study under `path`."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.batches = self.path / "batches"
        self.games = self.path / "games.parquet"
        self.summary = self.path / "summary.json"
        self.manifest = self.path / "study.json"

    def open(self, study: Study, batch_size: int | None) -> int:
        """Start or resume `study` here; returns the batch size to use.

        :raises BadOptions: the directory holds another study, or a different batch size is asked
            for a study already started.
        """
        if self.manifest.exists():
            saved = moved_callables(json.loads(self.manifest.read_text()))
            size = int(saved.pop("batch_size"))
            saved.pop("run", None)
            if saved != study.to_json():
                differ = sorted(k for k in set(saved) | set(study.to_json())
                                if saved.get(k) != study.to_json().get(k))
                raise BadOptions(f"{self.path} holds another study (differs in {', '.join(differ)}); "
                                 "give another --out or delete it")
            if batch_size is not None and batch_size != size:
                raise BadOptions(f"{self.path} was started with --batch-size {size}, not {batch_size}")
            return size
        if batch_size is None:
            raise ValueError("a new study needs a batch size")
        self.path.mkdir(parents=True, exist_ok=True)
        _write_atomic(self.manifest, json.dumps({**study.to_json(), "batch_size": batch_size},
                                                indent=2).encode())
        return batch_size

    def is_complete(self) -> bool:
        return self.games.exists()

    def finished(self) -> set[int]:
        """Indexes of the batches already written."""
        if not self.batches.is_dir():
            return set()
        return {int(p.stem) for p in self.batches.glob("*.parquet") if p.stem.isdigit()}

    def write_batch(self, study: Study, batch: Batch, rows: list[Row]) -> None:
        self.batches.mkdir(parents=True, exist_ok=True)
        _write_table_atomic(self.batches / f"{batch.index:06d}.parquet", rows_table(study, rows))

    def read_batches(self) -> list[Row]:
        rows: list[Row] = []
        for index in sorted(self.finished()):
            rows.extend(pq.read_table(self.batches / f"{index:06d}.parquet").to_pylist())
        return rows

    def write_games(self, study: Study, rows: list[Row]) -> None:
        """Write the whole games table, then drop the batch files it replaces."""
        ordered = sorted(rows, key=lambda r: int(r["game"]))
        _write_table_atomic(self.games, rows_table(study, ordered))
        shutil.rmtree(self.batches, ignore_errors=True)

    def write_summary(self, summary: dict[str, Any]) -> None:
        _write_atomic(self.summary, json.dumps(summary, indent=2).encode())


def read_study(path: Path) -> tuple[Study, list[Row]]:
    """The study and its games from a finished study directory.

    :raises BadOptions: the directory holds no finished study.
    """
    d = StudyDir(path)
    if not d.manifest.exists():
        raise BadOptions(f"{path} holds no study (no study.json)")
    if not d.games.exists():
        raise BadOptions(f"{path}: the study is not finished (no games.parquet); run it again to resume")
    saved = json.loads(d.manifest.read_text())
    saved.pop("batch_size", None)
    return Study.from_json(saved), pq.read_table(d.games).to_pylist()


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _write_table_atomic(path: Path, table: pa.Table) -> None:
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)
