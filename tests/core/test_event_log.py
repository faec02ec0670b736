"""A log tells a run of alike events by different players in one sentence (core/text.py `EventLog`),
and a sentence lists all of them as each language does (`Punctuation.every`)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlor.core import Event, Game, all_games
from parlor.core.text import LANGS, PUNCTUATION, TOGETHER, Catalog, EventLog, placeholders

EVENTS = {"passed": "{player} passes", "passed_together": "{players:all} pass",
          "paid": "{player} pays {coins}", "moved": "{player} moves"}
NAMES = ["Ada", "Bob", "Cy", "Ian"]


def told(events: list[Event], lang: str = "en", events_table: dict[str, str] | None = None) -> list[str]:
    log = EventLog(Catalog(lang, {"events": events_table or EVENTS}, f"{lang}.toml"), NAMES)
    for event in events:
        log.add(event)
    return log.lines


def passed(seat: int | None, **data: Any) -> Event:
    return Event("passed", seat, None, data)


def test_a_run_of_passes_by_different_players_is_one_sentence() -> None:
    assert told([passed(1), passed(2), passed(0)]) == ["Bob, Cy and Ada pass"]


def test_one_pass_is_its_own_sentence() -> None:
    assert told([passed(2)]) == ["Cy passes"]


def test_a_player_passing_again_begins_a_new_sentence() -> None:
    """SR-10.6: the asking starts over after a response, so a player passes twice in a row of passes."""
    assert told([passed(1), passed(2), passed(1), passed(2)]) == ["Bob and Cy pass", "Bob and Cy pass"]


def test_another_event_between_them_keeps_them_apart() -> None:
    events = [passed(1), Event("moved", 0, None, {}), passed(2)]
    assert told(events) == ["Bob passes", "Ada moves", "Cy passes"]


def test_the_same_event_again_counts_on_its_line() -> None:
    """One player's two weapons returning to the supply (SR-16.4) read as one line with "(×2)"; an
    event with other values, or by another player, is a line of its own; a counted line joins no
    other player's."""
    paid = [Event("paid", 1, None, {"coins": 2})] * 3
    assert told(paid) == ["Bob pays 2 (×3)"]
    assert told(paid[:2], lang="zh_TW") == ["Bob pays 2（×2）"]
    assert told([*paid[:2], Event("paid", 1, None, {"coins": 3}), Event("paid", 2, None, {"coins": 3})]) == [
        "Bob pays 2 (×2)", "Bob pays 3", "Cy pays 3"]
    assert told([passed(1), passed(1), passed(2)]) == ["Bob passes (×2)", "Cy passes"]


def test_alike_means_the_same_values_where_the_sentence_names_them() -> None:
    table = {**EVENTS, "passed": "{player} passes in round {round}",
             "passed_together": "{players:all} pass in round {round}"}
    events = [passed(1, round=2), passed(2, round=2), passed(3, round=3)]
    assert told(events, events_table=table) == ["Bob and Cy pass in round 2", "Ian passes in round 3"]


def test_a_field_the_sentence_does_not_name_keeps_no_one_apart() -> None:
    """Opera's pass says whether it was forced (OP-7.8), its sentence does not: Ada's own pass and
    Bob's forced one read alike."""
    assert told([passed(0, forced=False), passed(1, forced=True)]) == ["Ada and Bob pass"]


def test_a_kind_without_a_together_sentence_is_never_grouped() -> None:
    paid = [Event("paid", seat, None, {"coins": 2}) for seat in (0, 1)]
    assert told(paid) == ["Ada pays 2", "Bob pays 2"]


def test_an_event_of_no_player_is_never_grouped() -> None:
    table = {"ended": "The round ends", "ended_together": "{players:all} end"}
    ended = [Event("ended", None, None, {}) for _ in range(2)]
    assert told(ended, events_table=table) == ["The round ends", "The round ends"]


@pytest.mark.parametrize(("lang", "together", "expected"), [
    ("en", "{players:all} pass", "Bob, Cy, Ian and Ada pass"),
    ("es", "{players:all} pasan", "Bob, Cy, Ada e Ian pasan"),
    ("zh_TW", "{players:all} 略過", "Bob、Cy、Ian、Ada 略過"),
])
def test_each_language_lists_all_the_players_its_way(lang: str, together: str, expected: str) -> None:
    table = {"passed": "{player} x", "passed_together": together}
    seats = [1, 2, 3, 0] if lang != "es" else [1, 2, 0, 3]
    assert told([passed(seat) for seat in seats], lang, table) == [expected]


def test_spanish_writes_e_before_the_sound_i() -> None:
    marks = PUNCTUATION["es"]
    assert marks.every(["Ana", "Inés"]) == "Ana e Inés"
    assert marks.every(["Ana", "Hilda"]) == "Ana e Hilda"
    assert marks.every(["Ana", "Hielo"]) == "Ana y Hielo"
    assert marks.every(["Ana", "Bot 2"]) == "Ana y Bot 2"
    assert PUNCTUATION["en"].every(["Ana"]) == "Ana"


def test_the_browser_lists_the_same_way() -> None:
    """web/src/catalog.ts writes the same marks and Spanish rule as core/text.py."""
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "web" / "src" / "catalog.ts").read_text(encoding="utf-8")
    for lang, marks in PUNCTUATION.items():
        assert f"last: '{marks.last}'" in source.split(f"\n  {lang}: {{", 1)[1].split("\n", 1)[0], lang
    assert "h[iíï](?![aeoáéó])" in source


def parlor_games() -> list[Game[Any]]:
    return [game for game in all_games() if game.id in ("trickerion", "opera", "skyrise", "starroad")]


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_every_together_sentence_is_in_every_language_and_says_the_same(game: Game[Any]) -> None:
    """A `_together` sentence stands for its kind's one-player sentence: the same fields but `player`,
    which becomes `{players:all}`; each language has the same ones (a missing one fails here). Each of
    parlor's four games has some (their players pass in turn)."""
    catalogs = game.catalogs()
    english = {kind for kind in catalogs["en"].events if kind.endswith(TOGETHER)}
    assert english or game not in parlor_games(), f"{game.id}: no event kind reads for several players"
    for lang in LANGS:
        events = catalogs[lang].events
        assert {kind for kind in events if kind.endswith(TOGETHER)} == english, f"{game.id} {lang}.toml"
        for kind in english:
            alone = events[kind.removesuffix(TOGETHER)]
            assert "{players:all}" in events[kind], f"{game.id} {lang}.toml [events] {kind}"
            assert placeholders(events[kind]) - {"players"} == placeholders(alone) - {"player"}, \
                f"{game.id} {lang}.toml [events] {kind}: other fields than {kind.removesuffix(TOGETHER)}"


@pytest.mark.parametrize("game", parlor_games(), ids=lambda g: g.id)
def test_a_random_game_s_log_tells_every_event_and_groups_runs(game: Game[Any]) -> None:
    """Every event a seat may see is told: a log with its runs grouped has as many lines as events less
    the ones that joined a line; every grouped line names each of its players once."""
    players = 4
    state = game.setup(players, 11)
    rng = random.Random(11)
    catalog = game.catalogs()["en"]
    names = [f"Player{n}" for n in range(1, players + 1)]
    log = EventLog(catalog, names)
    seen = 0
    while not state.is_over() and seen < 1500:
        seat = state.actors()[0]
        for event in state.play(seat, rng.choice(state.legal_moves(seat))):
            if event.visible(0):
                log.add(event)
                seen += 1
    grouped = [line for line in log.lines if " and " in line and sum(name in line for name in names) > 1]
    assert grouped, f"{game.id}: no run of alike events in {seen} events"
    assert len(log.lines) < seen
    for line in grouped:
        assert all(line.count(name) <= 1 for name in names), line


def test_the_page_reads_an_outcome_as_the_core_does() -> None:
    """web/src/components/Scores.tsx's outcome categories are core/result.py's `OUTCOMES`."""
    import re
    from pathlib import Path

    from parlor.core.result import OUTCOMES

    page = Path(__file__).resolve().parents[2] / "web/src/components/Scores.tsx"
    found = re.search(r"const OUTCOMES = \[([^\]]*)\]", page.read_text(encoding="utf-8"))
    assert found and set(re.findall(r"'(\w+)'", found.group(1))) == OUTCOMES
