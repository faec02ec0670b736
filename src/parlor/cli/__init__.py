"""The `parlor` command."""
