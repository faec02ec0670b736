"""Skyrise rules, one module per part of the game: auctions, resolution, wonders, eras, turns."""
