"""Reading the text files people write (charts, character tables, scenarios, records): UTF-8,
with or without the byte-order mark some editors save, and nothing else."""

from __future__ import annotations

import codecs
from pathlib import Path


class NotUtf8(ValueError):
    """A file that is not UTF-8 text; the message says where and what to do, in one line. `byte`
    (as 0x..) and `line` say where, for messages worded in another language."""

    def __init__(self, message: str, byte: str = "", line: int = 0) -> None:
        super().__init__(message)
        self.byte = byte
        self.line = line


def read_utf8(path: str | Path) -> str:
    """The text of a UTF-8 file (a leading byte-order mark is dropped).

    :raises NotUtf8: naming the first byte that is not UTF-8 and its line.
    :raises OSError: the file cannot be read.
    """
    data = Path(path).read_bytes()
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        byte = f"0x{data[err.start]:02x}"
        raise NotUtf8(f"not UTF-8 text (byte {byte} on line {line}); save it as UTF-8, e.g. in your "
                      "editor's 'Save with encoding' menu", byte, line) from None
