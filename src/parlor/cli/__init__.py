"""The `parlor` command."""

from .line_breaks import install

install()  # every screen, table and page the terminal prints breaks Chinese lines between characters
