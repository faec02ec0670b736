"""Bots that play any registered game through the core protocol."""

from .bots import Bot, GreedyBot, RandomBot, make_bot

__all__ = ["Bot", "GreedyBot", "RandomBot", "make_bot"]
