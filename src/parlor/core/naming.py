"""How players are named, in one place for the server, the terminal and (through the words it serves) the
browser: by their table names; bots as "Bot (hard)"; a seat with nobody in it as "Seat 3", counted from 1.
Seats are never shown as the 0-based numbers the engines use.

>>> ada, hard = {"kind": "human", "name": "Ada"}, {"kind": "bot", "level": "hard"}
>>> easy = {"kind": "bot", "level": "easy"}
>>> player_names([{"seat": 0, **ada}, {"seat": 1, **hard}], "en")
['Ada', 'Bot (hard)']
>>> player_names([{"seat": 0, **easy}, {"seat": 1, **easy}], "es")
['Bot 1 (fácil)', 'Bot 2 (fácil)']
>>> seat_label(2, "zh_TW")
'座位 3'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "seat": "Seat {n}", "bot": "Bot ({level})", "bot_numbered": "Bot {n} ({level})", "you": "you",
        "spectator": "Spectator", "level_easy": "easy", "level_medium": "medium", "level_hard": "hard",
        "level_expert": "expert", "level_random": "random", "level_custom": "custom",
        "level_greedy": "greedy",
    },
    "zh_TW": {
        "seat": "座位 {n}", "bot": "電腦（{level}）", "bot_numbered": "電腦 {n}（{level}）", "you": "你",
        "spectator": "觀戰者", "level_easy": "簡單", "level_medium": "中等", "level_hard": "困難",
        "level_expert": "專家", "level_random": "隨機", "level_custom": "自訂",
        "level_greedy": "貪婪",
    },
    "es": {
        "seat": "Asiento {n}", "bot": "Bot ({level})", "bot_numbered": "Bot {n} ({level})", "you": "tú",
        "spectator": "Espectador", "level_easy": "fácil", "level_medium": "medio", "level_hard": "difícil",
        "level_expert": "experto", "level_random": "aleatorio", "level_custom": "personalizado",
        "level_greedy": "codicioso",
    },
}


def words(lang: str) -> dict[str, str]:
    """The naming words of `lang` (English for a language parlor does not speak)."""
    return WORDS.get(lang, WORDS["en"])


def seat_label(seat: int, lang: str) -> str:
    """An empty seat in words, counted from 1 as players count: seat 0 is "Seat 1"."""
    return words(lang)["seat"].format(n=seat + 1)


def level_name(level: str | None, lang: str) -> str:
    """A bot level in words; a custom bot specification is called "custom", never shown raw."""
    return words(lang).get(f"level_{level}", words(lang)["level_custom"])


def bot_name(spec: str, lang: str) -> str:
    """A study's bot in words: a level or a baseline by its name in `lang`; a specification with
    settings of its own (`ismcts:500i:t`) or a label the user chose stays as typed.

    >>> bot_name("greedy", "zh_TW"), bot_name("hard", "es"), bot_name("ismcts:500i:t", "es")
    ('貪婪', 'difícil', 'ismcts:500i:t')
    """
    return words(lang).get(f"level_{spec}", spec)


def player_names(seats: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    """Each seat's name, in seat order: the player's table name, a bot by its level (numbered by its seat
    when two bots would read the same), or the empty seat counted from 1.

    `seats` are the server's public seat entries (`seat`, `kind`, `level`, `name`).
    """
    table = words(lang)
    plain = [_plain_name(s, lang) for s in seats]
    names = []
    for seat, name in zip(seats, plain, strict=True):
        if seat.get("name") is None and seat.get("kind") == "bot" and plain.count(name) > 1:
            level = level_name(seat.get("level"), lang)
            name = table["bot_numbered"].format(n=int(seat["seat"]) + 1, level=level)
        names.append(name)
    return names


def _plain_name(seat: Mapping[str, Any], lang: str) -> str:
    name = seat.get("name")
    if isinstance(name, str) and name:
        return name
    if seat.get("kind") == "bot":
        return words(lang)["bot"].format(level=level_name(seat.get("level"), lang))
    return seat_label(int(seat["seat"]), lang)
