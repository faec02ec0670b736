"""One package per game. A game registers itself through the `parlor.games` entry-point group."""
