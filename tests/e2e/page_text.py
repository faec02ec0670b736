"""Reading a table page as a player would: its visible text (HTML and SVG), checked for what a board
gamer must never see: internal ids (snake_case, board codes such as `a01`/`cen_nw`, bracketed numbers),
raw JSON values, 0-based seat labels, clipped labels ("…"), in a translated page English words that
the catalogs or the page's strings translate, and in Chinese a space between two Chinese characters.

Use `problems(page, game, lang)` at several points of a game and assert it is empty; the list says what
was found and where (a few words of context)."""

from __future__ import annotations

import functools
import re
import time
import tomllib
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "parlor" / "games"
I18N = ROOT / "web" / "src" / "i18n"

# Visible text of the page: every rendered text node of HTML and SVG (not <title>, <option> of closed
# selects, or anything under [data-no-scan], such as the language menu that names languages in their
# own words, or the developer's details inspector).
VISIBLE_TEXT_JS = """
() => {
  const out = [];
  const read = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    // an SVG text wrapped onto lines (one tspan each) reads as the one name it is ("Stocks Escape")
    const lines = node.parentElement?.tagName === 'tspan' ? node.parentElement.closest('text') : null;
    if (lines && read.has(lines)) continue;
    if (lines) read.add(lines);
    // (Chinese wrapped between two of its characters joins without a space, as it reads)
    const chinese = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
    const joined = (text, line) =>
      text + (chinese.test(text.slice(-1)) && chinese.test(line.slice(0, 1)) ? '' : ' ') + line;
    // an element of text pieces alone reads as the one text it shows (Preact writes " (", "你", ")")
    const parent = node.parentElement;
    const pieces = !lines && parent && parent.childElementCount === 0 && parent.childNodes.length > 1;
    if (pieces && read.has(parent)) continue;
    if (pieces) read.add(parent);
    const whole = lines ? [...lines.childNodes].map((line) => line.textContent).reduce(joined)
      : pieces ? parent.textContent : node.nodeValue;
    const text = whole.replace(/\\s+/g, ' ').trim();
    if (!text) continue;
    const el = lines ?? node.parentElement;
    if (!el || el.closest('title, script, style, option, [data-no-scan], [hidden]')) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    out.push(text);
  }
  for (const input of document.querySelectorAll('input:not([type=hidden]), textarea, select')) {
    if (input.closest('[data-no-scan]')) continue;
    if (input.tagName === 'SELECT') out.push(input.options[input.selectedIndex]?.text ?? '');
    else if (!['checkbox', 'radio', 'range'].includes(input.type)) out.push(input.value);
  }
  return out;
}
"""

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
BOARD_CODE = re.compile(r"\b(?:[a-d]\d{2}|cen_\w+|s\d_\d{3})\b")
BRACKETED_NUMBER = re.compile(r"\[\d+\]")
RAW_VALUE = re.compile(r"\b(?:true|false|null|undefined|NaN|None|\[object Object\])\b")
ZERO_SEAT = re.compile(r"\b(?:P0|[Pp]layer 0|[Ss]eat 0|[Aa]siento 0|[Jj]ugador 0|Bot 0)\b"
                       r"|座位 ?0(?!\d)|玩家 ?0(?!\d)")
P_SEAT = re.compile(r"\bP\d\b")
# a rules spec's shorthand (Star Road's SR-0.5: "3{W}" storage, "2(R)" recycle, "2(UL)" use limit,
# "1(t)" delay)
SPEC_NOTATION = re.compile(r"\d(?:\{W\}|\((?:R|UL|t)\))")
# two Chinese characters with a space between them, which Chinese never writes (a template's field met
# its words: "在 中央島嶼西北 加價"); beside a number or a Latin name a space is right ("以 43（中）")
CHINESE = "\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef"
SPACED_CHINESE = re.compile(f"[{CHINESE}] +[{CHINESE}]")
# Latin list or label marks touching Chinese ("玩家 1, 玩家 2: 同為 0 分"): Chinese takes "、", "，", "："
LATIN_MARKS_IN_CHINESE = re.compile(r"[\u3400-\u9fff）」](?:: |, )|(?:: |, )[\u3400-\u9fff（「]")
# Latin brackets around Chinese words ("Ada (你)"): Chinese writes an aside "Ada（你）"
LATIN_BRACKETS_ON_CHINESE = re.compile(r"\([\u3400-\u9fff]|[\u3400-\u9fff]\)")
# Proper names that stay as they are in every language (the parlor itself, another site's name, the games'
# published titles, which the user's own notes keep too, and the test fixtures' titles): words inside them
# ("Board", "Game") are not untranslated UI words.
PROPER_NAMES = ("Board Game Arena", "parlor", "Opera", "Skyrise", "Trickerion", "Star Road the Gathering",
                "Sealed Bids with planted marker cards (browser tests only).", "Sealed Bids", "Marked Bids")


def visible_texts(page: Page) -> list[str]:
    return list(page.evaluate(VISIBLE_TEXT_JS))


# The lines a reader reads whole, across the elements inside them ("<Ada>, <Bob>: tied" is one
# sentence of three elements and two marks): each paragraph, list item, heading, cell and button.
LINES_JS = """
() => [...document.querySelectorAll('p, li, h1, h2, h3, h4, td, th, dd, dt, label, button, figcaption')]
  .filter((el) => !el.closest('script, style, [data-no-scan], [hidden]') && el.getClientRects().length)
  .map((el) => el.innerText.replace(/\\s+/g, ' ').trim())
  .filter((text) => text)
"""


def visible_lines(page: Page) -> list[str]:
    return list(page.evaluate(LINES_JS))


@functools.cache
def _page_strings(lang: str) -> dict[str, str]:
    """The browser client's own strings (web/src/i18n/<lang>.ts): key -> text."""
    text = (I18N / f"{lang}.ts").read_text(encoding="utf-8")
    return {k: v.replace("\\'", "'") for k, v in re.findall(r"^\s*(\w+): '((?:[^'\\]|\\.)*)',?$", text, re.M)}


@functools.cache
def _catalog(game: str, lang: str) -> dict[str, object]:
    """The game's catalog with its lobby words (`text/options.<lang>.toml`) merged in, as served."""
    out: dict[str, object] = {}
    for name in (f"{lang}.toml", f"options.{lang}.toml"):
        path = GAMES / game / "text" / name
        if path.is_file():
            out.update(tomllib.loads(path.read_text(encoding="utf-8")))
    return out


def _flat(catalog: dict[str, object], sections: tuple[str, ...]) -> dict[str, str]:
    out: dict[str, str] = {}
    for section in sections:
        table = catalog.get(section, {})
        if isinstance(table, dict):
            for key, value in table.items():
                if isinstance(value, str):
                    out[f"{section}.{key}"] = value
                elif isinstance(value, dict):  # [options.NAME] label / help / values
                    for sub, text in value.items():
                        if isinstance(text, str):
                            out[f"{section}.{key}.{sub}"] = text
    return out


@functools.cache
def english_that_is_translated(game: str, lang: str) -> tuple[str, ...]:
    """English strings (whole names, labels, step phrases, page strings) whose `lang` translation differs:
    seeing one of them on a `lang` page means something was left in English."""
    sections = ("names", "ui", "steps", "options", "presets")
    en = _flat(_catalog(game, "en"), sections) | {f"page.{k}": v for k, v in _page_strings("en").items()}
    other = _flat(_catalog(game, lang), sections) | {f"page.{k}": v for k, v in _page_strings(lang).items()}
    found = set()
    for key, english in en.items():
        translated = other.get(key)
        # a name kept inside its translation ("parlor 遊戲廳") is not left in English
        if translated is None or english in translated or "{" in english:
            continue
        if len(english) >= 4 and re.search(r"[A-Za-z]{3}", english):
            found.add(english)
    return tuple(sorted(found, key=len, reverse=True))


@functools.cache
def _english_pattern(game: str, lang: str) -> re.Pattern[str] | None:
    """All of `english_that_is_translated` as one pattern (longest first), compiled once: a page
    holds hundreds of texts and a catalog hundreds of phrases."""
    phrases = english_that_is_translated(game, lang)
    if not phrases:
        return None
    return re.compile(r"(?<![A-Za-z])(?:" + "|".join(re.escape(p) for p in phrases) + r")(?![A-Za-z])")


@functools.cache
def _kept_pattern(game: str, lang: str) -> re.Pattern[str]:
    """Names the `lang` catalog keeps in English on purpose (proper names with no published
    translation, such as Trick titles in Spanish): a word inside them is not an untranslated word."""
    sections = ("names",)
    en = _flat(_catalog(game, "en"), sections)
    other = _flat(_catalog(game, lang), sections)
    kept = sorted({v for k, v in en.items() if other.get(k) == v and re.search(r"[A-Za-z]{3}", v)
                   and " " in v} | set(PROPER_NAMES), key=len, reverse=True)
    return re.compile("|".join(re.escape(k) for k in kept))


def _allowed_ellipses(lang: str) -> list[str]:
    return [v for v in _page_strings(lang).values() if "…" in v and "{" not in v]


def problems(page: Page, game: str, lang: str) -> list[str]:
    """Everything on the visible page that a player must not see, each with a little context."""
    texts = visible_texts(page)
    found: list[str] = []

    def flag(kind: str, text: str, match: re.Match[str]) -> None:
        start = max(0, match.start() - 20)
        found.append(f"{kind}: {match.group(0)!r} in {text[start:match.end() + 20]!r}")

    allowed = _allowed_ellipses(lang)
    english = _english_pattern(game, lang) if lang != "en" else None
    for text in texts:
        for kind, pattern in (("internal id", SNAKE), ("board code", BOARD_CODE),
                              ("bracketed number", BRACKETED_NUMBER), ("raw value", RAW_VALUE),
                              ("0-based seat", ZERO_SEAT), ("seat number", P_SEAT),
                              ("spec notation", SPEC_NOTATION)):
            for match in pattern.finditer(text):
                flag(kind, text, match)
        stripped = text
        for ok in allowed:
            stripped = stripped.replace(ok, "")
        for match in re.finditer("…", stripped):
            flag("clipped label", stripped, match)
        if lang == "zh_TW":
            for match in SPACED_CHINESE.finditer(text):
                flag("space inside Chinese", text, match)
            for match in LATIN_BRACKETS_ON_CHINESE.finditer(text):
                flag("Latin brackets on Chinese", text, match)
        if english is not None:
            named = _kept_pattern(game, lang).sub(lambda m: " " * len(m.group(0)), text)
            for match in english.finditer(named):
                flag("untranslated", named, match)
    if lang == "zh_TW":
        for line in visible_lines(page):
            for match in LATIN_MARKS_IN_CHINESE.finditer(line):
                flag("Latin marks in Chinese", line, match)
    return found


def settled_problems(page: Page, game: str, lang: str, wait_seconds: float = 5.0) -> list[str]:
    """`problems` once the page has settled: read again every quarter second while it finds some (a
    language's catalog, or a state that was arriving, may still be drawing), for up to `wait_seconds`;
    a problem that stays is returned."""
    deadline = time.monotonic() + wait_seconds
    found = problems(page, game, lang)
    while found and time.monotonic() < deadline:
        page.wait_for_timeout(250)
        found = problems(page, game, lang)
    return found
