"""Text catalogs: what players read, in English, Traditional Chinese and Spanish.

Each game has `text/en.toml`, `text/zh_TW.toml` and `text/es.toml` with tables:
`[events]` (event kind -> template), `[moves]` (move kind -> template), `[names]` (id -> name),
`[ui]` (view key -> label), `[steps]` (decision step -> what the player does, as a verb phrase:
"choose a magician"), `[rules]` (rule ID -> the rule in one sentence, shown when a move is refused),
`[options.NAME]` (`label`, `help` and `[options.NAME.values]`: an option's value -> words) and
`[presets.NAME]` (`label`, `help`: a named set of options, such as the house rules of the notes).
The lobby's words (`[options]` and `[presets]`) may live apart in `text/options.<lang>.toml`, which is
read into the same catalog.
Templates use `{field}` from the event data, `{player}` for the acting seat's name,
`{field:name}` to show an id by its localised name (`{field:name:FORM}` by its `[names] <id>_FORM`
where the catalog has one, such as a weekday in lower case inside a Spanish sentence), `{field:seat}`
to name a seat's player and
`{field:count:Coin|Coins}` for a number with its noun in the right number ("1 Coin", "2 Coins": the
first form for one, the second for any other amount; Chinese needs no forms), `{field:per_seat}` for
a list of one value per seat, each after its player's name ("Ada 27, Bob 37"), `{field:amounts:Fame|Coins}`
for a list of amounts each after its label ("Fame +3, Coins -1", zeros left out) and
`{field:per_seat:Fame|Coins}` for one such list per seat ("Ada Fame +3; Bob Coins +1"). An empty list under
`name`, `seat` or `per_seat` (or amounts that are all zero) reads as the catalog's `[ui] list_none` ("none").
An event kind may have a sentence for several players at once, `[events] <kind>_together`, whose
`{players:all}` lists them as a sentence does ("Ada, Bob and Cy pass"; `EventLog`).
A token such as `[W]` (a game's resource marker) is drawn as an icon by the browser; in the sentences
made here (the terminal's) it reads as the catalog's word for it, `[ui] icon_W`, where there is one: forms
as in `count` ("resource|resources"), the first after the number 1 ("1 [W]"), else the second.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from .errors import DataError
from .events import Event
from .moves import Move
from .naming import seat_label

LANGS = ("en", "zh_TW", "es")
SECTIONS = ("events", "moves", "names", "ui", "steps", "rules", "options", "presets")
TEXT_SECTIONS = ("events", "moves", "names", "ui", "steps", "rules")
TOGETHER = "_together"  # an event kind's sentence for several players at once: `passed_together`
TOKEN = re.compile(r"(?:(\d+)(\s*))?\[([A-Za-z]\w*)\]")  # a token and the number before it, if any
# Chinese writes no space between two of its own characters; a template spaces its fields apart
# ("以 {piece:name} 在 {at:name} 加價") because a field may be a number or a Latin name ("以 43（中）")
_CJK = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
SPACE_BETWEEN_CHINESE = re.compile(f"(?<=[{_CJK}]) +(?=[{_CJK}])")
CHINESE_CHARACTER = re.compile(f"[{_CJK}]")  # one Chinese character or mark


def word_tables(folder: Path, stem: str) -> dict[str, dict[str, Any]]:
    """The words of a part of parlor that is not a game (the terminal, a report, a design lab) in every
    language: `<stem>.<lang>.toml` in `folder`, each a table of key -> words (and tables of those), as
    the games' catalogs hold theirs. Every language has the keys English has: a translation missing or
    left over is an error on loading, so the test that imports it fails.
    :raises DataError: naming the file at fault.
    """
    tables = {lang: _read_toml(folder / f"{stem}.{lang}.toml") for lang in LANGS}
    for lang in LANGS[1:]:
        _same_keys(tables["en"], tables[lang], str(folder / f"{stem}.{lang}.toml"))
    return tables


def _same_keys(english: Mapping[str, Any], other: Mapping[str, Any], where: str) -> None:
    missing, extra = sorted(set(english) - set(other)), sorted(set(other) - set(english))
    if missing or extra:
        raise DataError(f"{where}: missing {', '.join(missing) or 'nothing'}; "
                        f"not in English: {', '.join(extra) or 'nothing'}")
    for key, value in english.items():
        if isinstance(value, dict):
            _same_keys(value, other[key], f"{where} [{key}]")


class Catalog:
    __slots__ = ("lang", "events", "moves", "names", "ui", "steps", "rules", "options", "presets")

    def __init__(self, lang: str, data: Mapping[str, Any], where: str) -> None:
        unknown = sorted(set(data) - set(SECTIONS))
        if unknown:
            raise DataError(f"{where}: unknown table(s) {', '.join(unknown)}")
        self.lang = lang
        self.events: dict[str, str] = _strings(data.get("events", {}), f"{where} [events]")
        self.moves: dict[str, str] = _strings(data.get("moves", {}), f"{where} [moves]")
        self.names: dict[str, str] = _strings(data.get("names", {}), f"{where} [names]")
        self.ui: dict[str, str] = _strings(data.get("ui", {}), f"{where} [ui]")
        self.steps: dict[str, str] = _strings(data.get("steps", {}), f"{where} [steps]")
        self.rules: dict[str, str] = _strings(data.get("rules", {}), f"{where} [rules]")
        self.options: dict[str, Described] = _described(data.get("options", {}), f"{where} [options]")
        self.presets: dict[str, Described] = _described(data.get("presets", {}), f"{where} [presets]")

    @property
    def marks(self) -> Punctuation:
        """How this catalog's language punctuates lists, asides and the like."""
        return PUNCTUATION.get(self.lang, PUNCTUATION["en"])

    def name(self, key: object) -> str:
        return self.names.get(str(key), str(key))

    def event(self, event: Event, players: list[str] | None = None) -> str:
        """The sentence for `event`; falls back to its kind and data if no template exists."""
        template = self.events.get(event.kind)
        if template is None:
            return f"{event.kind} {event.data}"
        return self._format(template, event.data, event.seat, players)

    def together(self, event: Event, seats: list[int], players: list[str] | None = None) -> str:
        """The sentence for `event` made by each of `seats` alike: its kind's `_together` template,
        whose `{players:all}` lists them ("Ada, Bob and Cy pass")."""
        template = self.events[event.kind + TOGETHER]
        return self._format(template, {**event.data, "players": seats}, None, players)

    def move(self, move: Move, players: list[str] | None = None, seat: int | None = None) -> str:
        template = self.moves.get(move.kind)
        if template is None:
            return str(move)
        return self._format(template, move.to_json(), seat, players)

    def fill(self, template: str, data: Mapping[str, Any], players: list[str] | None = None) -> str:
        """Any template of this catalog filled from `data` (`{field:seat}` names `players`); a field
        without a value stays as written."""
        return self.spaced(self.worded(_Formatter(self, players).vformat(template, (), _Kept(data))))

    def spaced(self, text: str) -> str:
        """`text` as the language spaces it: in Chinese, no space left between two Chinese characters
        where a field met the template's words ("在 中央島嶼西北 加價" -> "在中央島嶼西北加價")."""
        return SPACE_BETWEEN_CHINESE.sub("", text) if self.lang == "zh_TW" else text

    def worded(self, text: str) -> str:
        """`text` with each token that has a word (`[ui] icon_<token>`) as that word ("1 [W]" -> "1
        resource", "3 [W]" -> "3 resources")."""
        def word(token: re.Match[str]) -> str:
            number, space, key = token.groups()
            forms = self.ui.get(f"icon_{key}")
            if forms is None:
                return token.group(0)
            before = f"{number}{space}" if number is not None else ""
            return before + icon_word(forms, number)
        return TOKEN.sub(word, text)

    def _format(self, template: str, data: Mapping[str, Any], seat: int | None,
                players: list[str] | None) -> str:
        values = dict(data)
        formatter = _Formatter(self, players)
        if seat is not None:
            values.setdefault("player", formatter.seat_name(seat))
        return self.spaced(self.worded(formatter.vformat(template, (), values)))


class EventLog:
    """A log's sentences, made as its events come. A run of events of one kind by different players
    that read alike (the same values in the fields their sentence names) is one sentence where the
    catalog has the kind's `_together` form ("Ada, Bob and Cy pass"): at Star Road's table of eight
    every declaration asks each other player in turn, and their passes were nearly half of the log.
    A player's same event again right after itself (two weapons returning to the supply) adds "(×2)"
    to its line. The browser's log groups alike (Log.tsx)."""

    __slots__ = ("catalog", "lines", "players", "_first", "_seats", "_fields", "_single", "_times")

    def __init__(self, catalog: Catalog, players: list[str] | None = None) -> None:
        self.catalog = catalog
        self.players = players
        self.lines: list[str] = []
        self._first: Event | None = None  # the first event the last line tells, while others may join it
        self._seats: list[int] = []  # the players it tells of
        self._fields: dict[str, set[str]] = {}  # kind -> the fields its sentence for several names
        self._single: Event | None = None  # the event the last line tells, while it tells one alone
        self._times = 1  # how many times in a row that event came

    def add(self, event: Event) -> None:
        """Tell `event`: in a line of its own, or in the last line with those it joins."""
        first, seat = self._first, event.seat
        if first is not None and seat is not None and event.kind == first.kind \
                and seat not in self._seats and self._alike(event, first):
            self._seats.append(seat)
            self.lines[-1] = self.catalog.together(first, self._seats, self.players)
            self._single = None
            return
        single = self._single
        if single is not None and (event.kind, seat, event.data) == (single.kind, single.seat, single.data):
            self._times += 1
            counted_line = self.catalog.marks.aside(f"×{self._times}")
            self.lines[-1] = self.catalog.event(single, self.players) + counted_line
            self._first, self._seats = None, []   # a line that counts repeats joins no other player
            return
        self.lines.append(self.catalog.event(event, self.players))
        self._single, self._times = (event if seat is not None else None), 1   # a player's, to count
        if seat is not None and event.kind + TOGETHER in self.catalog.events:
            self._first, self._seats = event, [seat]
        else:
            self._first, self._seats = None, []

    def note(self, line: str) -> None:
        """A line of the table's own (not a game's event: "Bo ran out of time"), which joins no other."""
        self.lines.append(line)
        self._first, self._seats, self._single, self._times = None, [], None, 1

    def _alike(self, event: Event, first: Event) -> bool:
        """Whether `event` reads as `first` but for its player: the same values in every field its
        kind's sentence for several players names (Opera's pass tells not whether it was forced)."""
        fields = self._fields.get(event.kind)
        if fields is None:
            fields = self._fields[event.kind] = placeholders(self.catalog.events[event.kind + TOGETHER])
        return all(event.data.get(field) == first.data.get(field) for field in fields)


class Described:
    """An option or preset in words: its label, a one-line help and, for an option, its values."""

    __slots__ = ("label", "help", "values")

    def __init__(self, label: str, help: str, values: dict[str, str]) -> None:
        self.label = label
        self.help = help
        self.values = values

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "help": self.help, "values": dict(self.values)}


class _Kept(dict[str, Any]):
    """Values where a missing field is written back as it stood in the template."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class Punctuation(NamedTuple):
    """How a language separates the parts of a list: names ("Ada, Bob"; Chinese "Ada、Bob"), phrases
    with amounts ("Fame +3, Coins +2"; "名聲 +3，金幣 +2") and groups of those ("…; Bob …"; "…；Bob …");
    and a label from what follows it ("SR-8.3: …"; "SR-8.3：…"); and an aside from the words it
    follows ("Bob (passed)"; "Bob（已放棄）": `opening` and `closing`); and the last of the names a
    sentence lists as all of them from the others (`last`: "Ada, Bob and Cy"; "Ada、Bob、Cy")."""
    names: str
    phrases: str
    groups: str
    colon: str
    opening: str
    closing: str
    last: str

    def aside(self, text: str) -> str:
        """`text` as an aside to what it follows, spaced and bracketed as the language writes it."""
        return f"{self.opening}{text}{self.closing}"

    def before_last(self, name: str) -> str:
        """What goes between a sentence's list of names and its last one, `name`: Spanish writes
        "e" for "y" before the sound "i" ("Ana e Inés", but "Ana y Hielo")."""
        return " e " if self.last == " y " and SPANISH_I.match(name) else self.last

    def every(self, names: list[str]) -> str:
        """`names` as a sentence lists all of them: "Ada, Bob and Cy", "Ada, Bob y Cy", "Ada、Bob、Cy"."""
        if len(names) < 2:
            return "".join(names)
        return self.names.join(names[:-1]) + self.before_last(names[-1]) + names[-1]


SPANISH_I = re.compile(r"(?i)[iíï]|h[iíï](?![aeoáéó])")  # "Inés", "Hilda"; not "Hielo"
PUNCTUATION = {"en": Punctuation(", ", ", ", "; ", ": ", " (", ")", " and "),
               "es": Punctuation(", ", ", ", "; ", ": ", " (", ")", " y "),
               "zh_TW": Punctuation("、", "，", "；", "：", "（", "）", "、")}


class _Counting(string.Formatter):
    """`str.format` with a number's noun in its number, `{games:count:game|games}`, and a signed
    number read as a direction and a size, `{steps:sign:up|down} {steps:size:place|places}`."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("count:"):
            return counted(value, format_spec.removeprefix("count:"))
        if format_spec.startswith("sign:"):
            return signed(value, format_spec.removeprefix("sign:"))
        if format_spec == "size":
            return str(abs(int(value)))
        if format_spec.startswith("size:"):
            return counted(abs(int(value)), format_spec.removeprefix("size:"))
        return str(super().format_field(value, format_spec))


_COUNTING = _Counting()


def fill_words(template: str, /, **fields: Any) -> str:
    """One of parlor's own sentences (`word_tables`) with `fields` filled in, as `str.format` fills
    them, and `{field:count:FORMS}` as a game's catalog reads it.

    >>> fill_words("{games:count:game|games} on {workers:count:worker|workers}", games=1, workers=2)
    '1 game on 2 workers'
    """
    return _COUNTING.format(template, **fields)


class _Formatter(_Counting):
    """A catalog's templates: the counted nouns of `_Counting` and the formats the module's docstring
    lists (names, seats, lists, amounts)."""

    def __init__(self, catalog: Catalog, players: list[str] | None) -> None:
        self.catalog = catalog
        self.players = players
        self.marks = catalog.marks

    def seat_name(self, seat: object) -> str:
        """The player at `seat` by name; without names, the seat counted from 1 in words."""
        number = int(seat)  # type: ignore[call-overload]
        if self.players is not None and 0 <= number < len(self.players):
            return str(self.players[number])
        return seat_label(number, self.catalog.lang)

    def _one_seats(self, value: Any) -> str:
        """One seat's value of a `per_seat` list; an empty one as the catalog's word for none."""
        empty = isinstance(value, (list, tuple, dict)) and not value
        return self.catalog.ui.get("list_none", "—") if empty else self.format_field(value, "")

    def _part(self, value: Any) -> str:
        """A breakdown's value; an id is named too ("Die A Escape")."""
        return self.catalog.name(value) if isinstance(value, str) else self.format_field(value, "")

    def amounts(self, values: Any, labels: str) -> str:
        """A list of amounts read with `labels` in order ("Fame|Coins|Shards": [3, 0, -1] -> "Fame +3,
        Shards -1"); zeros are left out, and nothing at all reads as the catalog's word for none."""
        parts = [f"{label} {amount:+d}" for label, amount in zip(labels.split("|"), values, strict=False)
                 if isinstance(amount, int) and amount]
        return self.marks.phrases.join(parts) if parts else self.catalog.ui.get("list_none", "—")

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("amounts:") and isinstance(value, (list, tuple)):
            return self.amounts(value, format_spec.removeprefix("amounts:"))
        if format_spec.startswith("per_seat:") and isinstance(value, (list, tuple)):
            # a seat's amounts after its name; a seat that got nothing is left out
            labels = format_spec.removeprefix("per_seat:")
            got = [f"{self.seat_name(seat)} {self.amounts(v, labels)}" for seat, v in enumerate(value)
                   if any(isinstance(a, int) and a for a in v)]
            return self.marks.groups.join(got) if got else self.catalog.ui.get("list_none", "—")
        if format_spec in ("name", "seat", "per_seat") and isinstance(value, (list, tuple)) and not value:
            return self.catalog.ui.get("list_none", "—")  # an empty list reads as a word, not as nothing
        if format_spec == "per_seat" and isinstance(value, (list, tuple)):  # "Ada 27, Bob 37"
            # seats apart by "; " when each seat's value is a list ("Ada Magician Theater, ...; Bob ...")
            grouped = any(isinstance(v, (list, tuple, dict)) for v in value)
            between = self.marks.groups if grouped else self.marks.phrases
            return between.join(f"{self.seat_name(seat)} {self._one_seats(v)}"
                                for seat, v in enumerate(value))
        if format_spec.startswith("name:"):  # a name's form inside a sentence: "el {day:name:in_sentence}"
            form = self.catalog.names.get(f"{value}_{format_spec.removeprefix('name:')}")
            return form if form is not None else self.catalog.name(value)
        if format_spec == "name":
            if isinstance(value, (list, tuple)):  # each once, a repeated one counted: "Wood ×2, Metal"
                return self.marks.names.join(counted_names(self.catalog.name(v) for v in value))
            return self.catalog.name(value)
        if format_spec == "all" and isinstance(value, (list, tuple)):  # "Ada, Bob and Cy"
            return self.marks.every([self.seat_name(v) for v in value])
        if format_spec == "seat":
            if isinstance(value, (list, tuple)):
                return self.marks.names.join(self.seat_name(v) for v in value)
            return self.seat_name(value)
        if not format_spec and isinstance(value, (list, tuple)):
            return self.marks.names.join(self.format_field(v, "") for v in value)
        if not format_spec and isinstance(value, dict):  # a breakdown: "Shards 2, Coins 0"
            # Chinese sets a label off by its colon ("魔術師：戲院"), as the browser does: two names
            # side by side would read as one word there
            between = self.marks.colon if self.catalog.lang == "zh_TW" else " "
            parts = (f"{self.catalog.name(k)}{between}{self._part(v)}" for k, v in value.items())
            return self.marks.phrases.join(parts)
        return str(super().format_field(value, format_spec))


def counted_names(names: Iterable[str]) -> list[str]:
    """Names in their first order, each once, a repeated one with its count.

    >>> counted_names(["Wood", "Wood", "Metal"])
    ['Wood ×2', 'Metal']
    """
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return [f"{name} ×{count}" if count > 1 else name for name, count in counts.items()]


def _strings(table: Any, where: str) -> dict[str, str]:
    if not isinstance(table, dict):
        raise DataError(f"{where}: must be a table")
    for key, value in table.items():
        if not isinstance(value, str):
            raise DataError(f"{where} {key}: must be text")
    return dict(table)


def _described(table: Any, where: str) -> dict[str, Described]:
    if not isinstance(table, dict):
        raise DataError(f"{where}: must be a table")
    out = {}
    for key, entry in table.items():
        if not isinstance(entry, dict):
            raise DataError(f"{where} {key}: must be a table with label and help")
        unknown = sorted(set(entry) - {"label", "help", "values"})
        if unknown:
            raise DataError(f"{where} {key}: unknown key(s) {', '.join(unknown)}")
        label, help_text = entry.get("label"), entry.get("help", "")
        if not isinstance(label, str) or not isinstance(help_text, str):
            raise DataError(f"{where} {key}: label and help must be text")
        values = _strings(entry.get("values", {}), f"{where} {key}.values")
        out[str(key)] = Described(label, help_text, values)
    return out


def load_catalogs(text_dir: Path) -> dict[str, Catalog]:
    """Read the three catalogs of one game. :raises DataError: naming the file at fault."""
    out = {}
    for lang in LANGS:
        path = text_dir / f"{lang}.toml"
        data = _read_toml(path)
        lobby = text_dir / f"options.{lang}.toml"
        if lobby.exists():
            extra = _read_toml(lobby)
            unknown = sorted(set(extra) - {"options", "presets"})
            if unknown:
                raise DataError(f"{lobby}: only [options] and [presets] belong here, "
                                f"not {', '.join(unknown)}")
            for section in extra:
                if section in data:
                    raise DataError(f"{lobby}: [{section}] is also in {path.name}")
            data.update(extra)
        out[lang] = Catalog(lang, data, str(path))
    return out


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise DataError(f"{path}: {err.strerror}") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(f"{path}: {err}") from None


def icon_word(forms: str, number: str | None) -> str:
    """A token's word from its forms ("Coin|Coins"): the first after the number 1, else the last."""
    choices = forms.split("|")
    return choices[0] if number == "1" else choices[-1]


def counted(number: Any, forms: str) -> str:
    """`number` with the noun of `forms` ("Coin|Coins") in the right number.

    >>> [counted(n, "Coin|Coins") for n in (1, -1, 0, 3, "2–3")]
    ['1 Coin', '-1 Coin', '0 Coins', '3 Coins', '2–3 Coins']
    """
    one, _, other = forms.partition("|")
    try:
        single = abs(int(number)) == 1
    except (TypeError, ValueError):  # a range such as "2–3" reads as many
        single = False
    return f"{number} {one if single else other or one}"


def signed(number: Any, forms: str) -> str:
    """The word of `forms` ("up|down") for a positive `number`, or for a negative one.

    >>> [signed(n, "up|down") for n in (2, -1)]
    ['up', 'down']
    """
    up, _, down = forms.partition("|")
    return up if int(number) > 0 else down


def placeholders(template: str) -> set[str]:
    """Field names a template uses (for checking catalogs against event data)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
