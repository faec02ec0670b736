"""`parlor score GAME`: the score pad in the terminal, for a game played on a real table.

It asks, in the player's language, for what lies on the table at the end (the same entries as the
web pad, labelled by the game catalog's `tool_*` words) and prints every player's total with the
breakdown and the tie break, scored by the game's own `pad.score` (the engine's scoring code).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from parlor.core import BadOptions, ParlorError, Result, ScorePad, all_games, get_game
from parlor.core.text import PUNCTUATION, Catalog, fill_words, word_tables
from parlor.games.pad_refusal import SHARED, PadRefusal

from .commands import check_lang
from .render import result_table
from .screens.base import PALETTE
from .words import say

console = Console(highlight=False)


# The pad's own sentences (text/score.<lang>.toml); game words come from the catalogs' [names] and [ui].
WORDS = word_tables(Path(__file__).parent / "text", "score")
NAMED_CHOICES = 6  # a choice among this many or fewer names them in its question


class Asker:
    """Questions in one language; every answer is checked before it is kept."""

    def __init__(self, lang: str, catalog: Catalog) -> None:
        self.lang, self.catalog = lang, catalog

    def say(self, key: str, **fields: Any) -> str:
        return fill_words(WORDS[self.lang][key], **fields)

    def listed(self, names: Iterable[str]) -> str:
        """Names in a list as the language writes one ("Ada, Bo"; "Ada、Bo")."""
        return PUNCTUATION[self.lang].names.join(names)

    def label(self, key: str, **fields: Any) -> str:
        text = self.catalog.ui.get(key) or self.catalog.names.get(key) or key
        return self.catalog.fill(text, fields) if fields else text

    def name(self, key: str) -> str:
        return self.catalog.names.get(key) or self.catalog.ui.get(key) or key

    def category(self, key: str) -> str:
        """A scoring category: the game catalog's `[ui] category_<key>`, else its name."""
        return self.catalog.ui.get(f"category_{key}") or self.name(key)

    def refusal(self, err: ParlorError, names: list[str]) -> str:
        """Why the pad refused, in this language: the game's `tool_refused_<reason>` (ids by their
        names, `{player:seat}` by the player's name) or the pad's own words for the shared reasons."""
        if not isinstance(err, PadRefusal):
            return str(err)
        if err.reason in SHARED:
            return self.say(f"refused_{err.reason}", **err.params)
        template = self.catalog.ui.get(f"tool_refused_{err.reason}")
        if template is None:
            return self.say("refused_unscorable")
        values = {**err.params, "player": err.player} if err.player is not None else dict(err.params)
        return self.catalog.fill(template, values, names)

    def text(self, question: str, default: str = "") -> str:
        """An answer to `question`, asked in the language's marks ("玩家人數（2 到 4）［2］："; Enter
        takes the default)."""
        if default:
            question = self.say("default", question=question, default=default)
        return str(typer.prompt(question + PUNCTUATION[self.lang].colon, default=default,
                                show_default=False, prompt_suffix=""))

    def aside(self, question: str, hint: str) -> str:
        """`question` with a hint on how to answer, bracketed as the language writes an aside."""
        return question + PUNCTUATION[self.lang].aside(hint)

    def number(self, question: str, low: int = 0, high: int = 999, default: int = 0) -> int:
        while True:
            answer = self.text(question, str(default)).strip()
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            console.print(Text(self.say("number", low=low, high=high), style="red"))

    def yes(self, question: str, default: bool = False) -> bool:
        yes, no = self.say("yes"), self.say("no")
        while True:
            answer = self.text(self.aside(question, f"{yes}/{no}"), yes if default else no).strip().lower()
            if answer in (yes, "y", "yes"):
                return True
            if answer in (no, "n", "no"):
                return False
            console.print(Text(self.say("yes_no"), style="red"))

    def words_for(self, ids: list[str]) -> dict[str, str]:
        """What a player may type for each of `ids` (case aside): the id or its name."""
        return {w.casefold(): i for i in ids for w in (i, self.name(i))}

    def choice(self, question: str, ids: list[str], default: str | None = None) -> str:
        """One of `ids`, typed by id or by its name in the page's language (or the start of it); a
        few are named in the question, so that a first answer need not be a guess."""
        by_word = self.words_for(ids)
        if len(ids) <= NAMED_CHOICES:
            question = self.aside(question, self.listed(self.name(i) for i in ids))
        while True:
            found = meant(self.text(question, self.name(default) if default else ""), by_word)
            if found is not None:
                return found
            choices = self.listed(self.name(i) for i in ids)
            console.print(Text(self.say("choose", choices=choices), style="red"))

    def choices(self, question: str, ids: list[str], allowed: set[str] | None = None) -> list[str]:
        """A comma-separated list of ids or names (an empty answer: none)."""
        by_word = self.words_for(ids) | {w: w for w in allowed or ()}
        while True:
            answer = self.text(self.aside(question, self.say("list")))
            found = [meant(word, by_word) for word in separated(answer) if word.strip()]
            if None not in found:
                return [i for i in found if i is not None]
            choices = self.listed(self.name(i) for i in ids)
            console.print(Text(self.say("choose", choices=choices), style="red"))

    def counts(self, question: str, ids: list[str], high: int = 99) -> dict[str, int]:
        """`id=count` pairs, ids typed by id or name."""
        by_word = self.words_for(ids)
        example = self.listed([f"{self.name(ids[0])}=2", f"{self.name(ids[1])}=1"])
        while True:
            answer = self.text(self.aside(question, self.say("pairs", example=example)))
            out: dict[str, int] = {}
            try:
                for part in filter(None, (p.strip() for p in separated(answer))):
                    word, count = part.replace("＝", "=").rsplit("=", 1)
                    n, found = int(count), meant(word, by_word)
                    if found is None or not 0 <= n <= high:
                        raise ValueError(part)
                    out[found] = n
                return out
            except ValueError:
                console.print(
                    Text(self.say("choose", choices=self.listed(self.name(i) for i in ids)), style="red")
                )


def meant(answer: str, by_word: dict[str, str]) -> str | None:
    """The id an answer names: a word of `by_word` typed whole, or the start of words that all
    name one id ("黃色" for "黃色（哲學家）", "yel" for yellow); None if it names none or several."""
    typed = answer.strip().casefold()
    if not typed:
        return None
    if typed in by_word:
        return by_word[typed]
    ids = {i for word, i in by_word.items() if word.startswith(typed)}
    return ids.pop() if len(ids) == 1 else None


def separated(answer: str) -> list[str]:
    """An answer's parts: split at commas, and at the full-width comma and the enumeration comma
    a Chinese keyboard types ("，", "、")."""
    return answer.replace("，", ",").replace("、", ",").split(",")


def show(result: Result, names: list[str], ask: Asker) -> None:
    """The result as the terminal's games end (a column per player, a row per category: nine of
    Skyrise's categories as columns broke every heading at 80 columns) and the tie breaks in words."""
    players = [Text(name, style=f"bold {PALETTE[seat % len(PALETTE)]}") for seat, name in enumerate(names)]
    console.print(result_table(result, players, ask.say("result"),
                               ask.say("rank"), ask.say("total"), say(ask.lang, "outcome"), ask.category))
    winners = ask.listed(names[s] for s in result.winners())
    drew = result.is_outcome() and all("draw" in result.breakdown[s] for s in result.winners())
    console.print(Text(ask.say("draw_between" if drew else "winners", names=winners), style="bold"))
    if result.is_outcome():  # the players of a team share its outcome: no tie to break (SR-3.5)
        return
    for score in sorted(set(result.scores), reverse=True):
        seats = [s for s in range(len(names)) if result.scores[s] == score]
        if len(seats) < 2:
            continue
        shared = len({result.ranks[s] for s in seats}) == 1
        who = ask.listed(names[s] for s in seats)
        console.print(
            Text(
                ask.say("tie_shared", names=who, score=f"{score:g}")
                if shared
                else ask.say("tie_broken", names=who, score=f"{score:g}", rule=ask.label("tool_tiebreak"))
            )
        )


def _with_pads() -> dict[str, ScorePad]:
    """The registered games that have a score pad, by id."""
    return {game.id: pad for game in all_games() if (pad := game.score_pad()) is not None}


def score(
    game: Annotated[str, typer.Argument(help="the id of a game with a score pad")],
    lang: Annotated[str, typer.Option("--lang", help="en, zh_TW or es")] = "en",
) -> None:
    """Score a game played on a real table: type what is on the table at the end, get the totals."""
    check_lang(lang)
    pads = _with_pads()
    if game not in pads:
        raise BadOptions(f"parlor score knows {', '.join(pads)}, not {game!r}", reason="score_game",
                         known=", ".join(pads), game=game)
    info, pad = get_game(game), pads[game]
    ask = Asker(lang, info.catalogs()[lang])
    low, high = pad.players
    console.print(Text(ask.say("title", title=info.title_in(lang)), style="bold"))
    try:
        count = ask.number(ask.say("players", low=low, high=high), low, high, low)
        names = [ask.text(ask.say("name", n=n + 1), ask.say("default_name", n=n + 1)) for n in range(count)]
        facts = pad.questions(ask, names)
    except typer.Abort:  # Ctrl-C, or the input ended: said in the player's language
        console.print()
        console.print(Text(ask.say("stopped"), style="red"))
        raise typer.Exit(1) from None
    try:
        result = pad.score(facts)
    except ParlorError as err:
        console.print(Text(ask.say("refused", reason=ask.refusal(err, names)), style="red"))
        raise typer.Exit(1) from None
    show(result, names, ask)


def register(app: typer.Typer) -> None:
    from .commands import friendly

    # the games that declare a pad, listed without loading their pads
    with_pad = [game.id for game in all_games() if game.has_score_pad()]
    app.command("score", help=f"{inspect.getdoc(score)}\n\nGames with a score pad: {', '.join(with_pad)}.")(
        friendly(score))
