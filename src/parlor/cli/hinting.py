"""A hint in the terminal's words: the hard bot's choice with its share of the search, then the other
choices that stood out or that none did; at a past decision (`parlor replay --step`), first the move
the player made there. `parlor play`'s `hint` names each move by its number among the choices."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from parlor.ai.hints import Hint
from parlor.core import Move
from parlor.core.text import PUNCTUATION

from .words import say


def hint_lines(hint: Hint, lang: str, worded: Callable[[Move], str], played: Move | None = None,
               detailed: Callable[[Move], str] | None = None) -> list[str]:
    """The hint's lines in `lang`, each move as `worded` gives it ("3. Advertise" in play); with
    `played`, the move the player made there first, and not named again among the others. Moves that
    `worded` would say alike (Trickerion's "Reroll a die" with two dice) are said by `detailed`."""
    marks = PUNCTUATION[lang]
    named = [move for move in (played, hint.move, *(move for move, _ in hint.weighed)) if move is not None]
    worded = told_apart(named, worded, detailed)

    def share(part: float) -> str:
        return marks.aside(say(lang, "hint_share", share=round(100 * part)))

    lines = []
    if played is not None:
        lines.append(say(lang, "hint_played", move=worded(played)) + share(hint.share(played)))
    if played == hint.move:
        lines.append(say(lang, "hint_agrees"))
    else:
        own = share(hint.weighed[0][1]) if hint.weighed else ""   # where it searched
        lines.append(say(lang, "hint_says", move=worded(hint.move)) + own)
    others = [(move, part) for move, part in hint.weighed[1:] if move != played]
    if others:
        choices = marks.names.join(f"{worded(move)} {round(100 * part)}%" for move, part in others)
        lines.append(say(lang, "hint_weighed", choices=choices))
    elif hint.spread:
        lines.append(say(lang, "hint_spread", n=hint.spread))
    return lines


def told_apart(moves: Iterable[Move], worded: Callable[[Move], str],
               detailed: Callable[[Move], str] | None) -> Callable[[Move], str]:
    """`worded`, but `detailed` for the moves among `moves` whose words another of them shares."""
    if detailed is None:
        return worded
    readers: dict[str, set[Move]] = {}
    for move in moves:
        readers.setdefault(worded(move), set()).add(move)
    alike = {move for same in readers.values() if len(same) > 1 for move in same}
    return lambda move: detailed(move) if move in alike else worded(move)
