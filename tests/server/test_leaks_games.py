"""No surface of the server shows a seat what it may not know, for every game, variant and player
count, at every point of a played game.

For each game, variant and player count, one seeded random game is played. Before the first move
and after every move, for every seat and for a spectator, markers are planted (`State.plant_markers`)
in everything hidden from that watcher in a copy of the position, and everything the server builds
for the watcher from that position is searched for them: the state message with the whole log (as
after a reconnect or the reset that follows an undo), the table summary, the seats, the review of
the current step, "why not?" answers for its legal and for altered moves, and the error message an
altered move gets (which may only echo what the watcher typed itself).

The log itself is built from events; to put markers into events, a move (the watcher's own when it
is deciding, else another actor's) is played on the planted copy, and each event the watcher may see
must carry only markers that the move revealed to it (its view shows them afterwards) or that it
typed. The markers are not real cards, so the engine may fail on them when it looks one up (another
seat's view, a card drawn): those samples are counted and skipped, never called a pass.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field, fields
from types import SimpleNamespace
from typing import Any

import pytest

from installed_games import INSTALLED
from parlor.core import Event, Game, Move, ParlorError, State, get_game
from parlor.server import review as reviews
from parlor.server.jobs import Replayed
from parlor.server.live import Conn, LiveTable
from parlor.server.messages import dumps
from parlor.server.review import PositionCache
from parlor.server.rows import RUNNING, MoveRow, SeatRow, TableRow
from parlor.server.security import RateLimiter

pytestmark = pytest.mark.timeout(300)
MOVE_CAP = 250  # whole games of the others; Star Road's random games run to thousands of moves
FEWER_SEEDS = {"starroad": (1,)}  # Star Road's random games run long: one game per count
SEEDS = {game_id: FEWER_SEEDS.get(game_id, (1, 2)) for game_id in INSTALLED}  # games per count
CASES: list[tuple[str, int, dict[str, Any], int]] = [
    (game.id, players, variant, seed) for game in map(get_game, SEEDS)
    for variant in ({}, *game.variants) for players in range(game.min_players, game.max_players + 1)
    for seed in SEEDS[game.id]]


@dataclass
class Tally:
    """What was checked, so the test can say it checked something."""

    positions: int = 0
    outputs: int = 0
    errors_checked: int = 0
    events_checked: int = 0
    played_on_planted: int = 0
    skipped_play_on: int = 0
    texts: list[str] = field(default_factory=list)


TOKENS = re.compile(r"§[^§]{1,16}§|[0-9]+(?:\.[0-9]+)?")


class Markers:
    """Finds markers in a text as whole values: 9000013 but not 90000131 or 1.9000013, and each
    "§H4§" string (one scan for all markers)."""

    def __init__(self, markers: list[int | str]) -> None:
        self.values = {str(m) for m in markers}
        self.gates = gates(self.values)

    def find(self, text: str) -> set[str]:
        # A marker found as a whole value is found as a substring, and holds its gate: when no gate
        # is in the text, as in nearly every text, neither the tokenising scan nor a search for
        # each marker (a marker count of scans of the text) has anything to find.
        if not any(gate in text for gate in self.gates):
            return set()
        return {t for t in TOKENS.findall(text) if t in self.values}


def gates(values: set[str]) -> set[str]:
    """Substrings one of which every value holds, few and long: the values grouped by their first
    character, and each group's longest common prefix ("90000" for 9000001...9000099, "§" for
    "§H1§", "§C2§")."""
    groups: dict[str, list[str]] = {}
    for value in values:
        groups.setdefault(value[:1], []).append(value)
    return {common_prefix(min(group), max(group)) for group in groups.values()}


def common_prefix(first: str, last: str) -> str:
    """The longest prefix of both (of the first and last of sorted strings: of all of them)."""
    length = 0
    while length < min(len(first), len(last)) and first[length] == last[length]:
        length += 1
    return first[:length]


def live_table(game: Game[Any], players: int, options: dict[str, Any], seed: int, state: State,
               rows: list[MoveRow], history: list[list[Event]]) -> LiveTable:
    """A table at `state` after the moves of `rows` (the table copies what it keeps of them, so
    the rows, built once per move, serve every watcher of every later position)."""
    row = TableRow("leaktest", game.id, game.rules_version, options, players, seed, RUNNING, None,
                   len(rows), 0, None, None, 0.0, 0.0, None)
    seats = [SeatRow(s, "human", name=f"P{s}") for s in range(players)]
    table = LiveTable(row, seats)
    # before the first move the log opens with what the setup began (Game.opening_events), read from
    # the planted position itself: a marker in it would reach the log
    opening = game.opening_events(state) if not rows else []
    table.install(Replayed(state, list(history), [False] * len(history), opening=opening), rows)
    return table


def leaves(value: Any) -> list[Any]:
    """Every number and string inside a JSON value."""
    if isinstance(value, dict):
        return [x for v in value.values() for x in leaves(v)]
    if isinstance(value, list):
        return [x for v in value for x in leaves(v)]
    return [value]


def altered(move: Move, markers: list[int | str], rng: random.Random) -> list[Move]:
    """Moves like `move` with one field changed: a number moved by one or set to a marker, a flag
    flipped, a name set to a marker -- moves a curious player could type."""
    out: list[Move] = []
    numbers = [m for m in markers if isinstance(m, int)][:3]
    words = [m for m in markers if isinstance(m, str)][:3]
    for f in fields(move):  # type: ignore[arg-type]
        value = getattr(move, f.name)
        choices: list[Any] = []
        if isinstance(value, bool):
            choices = [not value]
        elif isinstance(value, int):
            choices = [value + 1, *numbers]
        elif isinstance(value, str):
            choices = [*words, value + "x"]
        for choice in choices:
            try:
                out.append(type(move)(**{**{g.name: getattr(move, g.name) for g in fields(move)},  # type: ignore[arg-type]
                                         f.name: choice}))
            except (TypeError, ValueError):
                continue
    rng.shuffle(out)
    return out[:4]


async def watcher_outputs(table: LiveTable, seat: int | None, markers: list[int | str],
                          rng: random.Random, tally: Tally) -> list[str]:
    """Everything the server builds for `seat` from the table's (planted) position."""
    conn = Conn(SimpleNamespace(), seat, 0, None, RateLimiter(1, 1), RateLimiter(1, 1))  # type: ignore[arg-type]
    message = table.state_message(conn, heartbeat=15.0)
    message.pop("now")
    texts = [dumps(message), dumps(table.summary(15.0))]
    hub = SimpleNamespace(positions=PositionCache())
    texts.append(dumps(await reviews.review(hub, table, table.index, seat)))  # type: ignore[arg-type]
    state = table.state
    assert state is not None and table.game is not None
    if seat is not None and seat in table.actors():
        legal = state.legal_moves(seat)
        tried = rng.sample(legal, min(3, len(legal)))
        tried += [m for move in tried[:2] for m in altered(move, markers, rng)]
        for move in tried:
            texts.append(dumps(reviews.why(table, seat, move.to_json())))
            try:
                state.check(seat, move)
            except ParlorError as err:
                typed = {str(v) for v in leaves(move.to_json())}
                shown = Markers(markers).find(str(err)) - typed
                assert not shown, f"error message names {shown}: {err}"
                tally.errors_checked += 1
            except Exception:  # an engine that cannot judge a nonsense move: the server says server_error
                continue
    tally.outputs += len(texts)
    return texts


def play_on_planted(planted: State, watched: int | None, markers: Markers, rng: random.Random,
                    tally: Tally) -> None:
    """A move played on the planted position (the watcher's own when it is deciding, else the first
    actor's): each event the watcher may see carries only markers it now knows -- those its view
    shows after the move, and only when an event of the move reveals them -- or that it typed."""
    actors = planted.actors()
    actor = watched if watched in actors else actors[0]
    try:
        move = rng.choice(planted.legal_moves(actor))
        after = planted.clone()
        events = [e for e in after.play(actor, move) if e.visible(watched)]
    except Exception:  # the engine looked a marker up as a real card: nothing to check here
        tally.skipped_play_on += 1
        return
    tally.played_on_planted += 1
    typed = {str(v) for v in leaves(move.to_json())} if actor == watched else set()
    revealed = {v for e in events if e.reveal for v in markers.find(json.dumps(e.to_json()))}
    try:
        known = markers.find(json.dumps(after.view(watched))) & revealed
    except Exception:  # the watcher's view looks a revealed marker up: trust the reveal events
        known = revealed
    for event in events:
        text = json.dumps(event.to_json())
        shown = markers.find(text) - known - typed
        assert not shown, f"event {event.kind} shows {shown} to seat {watched}: {text}"
        tally.events_checked += 1


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), CASES,
                         ids=[f"{g}-{p}p-{'+'.join(o) or 'base'}-{s}" for g, p, o, s in CASES])
async def test_no_output_for_a_seat_contains_what_it_may_not_see(game_id: str, players: int,
                                                                  options: dict[str, Any], seed: int) -> None:
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.setup(players, seed, options)
    rows: list[MoveRow] = []
    history: list[list[Event]] = []
    tally = Tally()
    started = time.monotonic()
    while True:
        for watched in [*range(players), None]:
            planted = state.clone()
            markers = planted.plant_markers(watched)
            if not markers:
                continue
            finder = Markers(markers)
            table = live_table(game, players, options, seed, planted, rows, history)
            for text in await watcher_outputs(table, watched, markers, rng, tally):
                shown = finder.find(text)
                assert not shown, (f"{game_id} {players}p {options} move {len(rows)}: seat {watched} "
                                   f"gets markers {shown} in {text[:600]}")
            if planted.actors():
                play_on_planted(planted, watched, finder, rng, tally)
        tally.positions += 1
        if state.is_over() or len(rows) >= MOVE_CAP:
            break
        seat = state.actors()[0]
        move = rng.choice(state.legal_moves(seat))
        history.append(state.play(seat, move))
        rows.append(MoveRow(len(rows), seat, move.to_json(), "player"))
    assert tally.positions >= 20 and tally.outputs > tally.positions * players
    assert tally.played_on_planted > 0 and tally.events_checked > 0
    print(f"{game_id} {players}p {options}: {tally.positions} positions, {tally.outputs} outputs, "
          f"{tally.errors_checked} error messages, {tally.events_checked} events from "
          f"{tally.played_on_planted} moves on planted positions ({tally.skipped_play_on} could not be "
          f"played), {time.monotonic() - started:.1f} s")


def test_markers_are_found_as_whole_values_and_only_there() -> None:
    """The finder the leak tests trust: a marker inside a text is found (numbers and words, among
    many markers and with other numbers around), a longer number or a decimal holding one is not."""
    finder = Markers([*range(9_000_001, 9_000_300), "§H4§", "§C12§"])
    assert finder.find('{"hand": [3, 9000013], "deck": 40}') == {"9000013"}
    assert finder.find('{"a": "§C12§", "b": 9000299}') == {"§C12§", "9000299"}
    assert finder.find('{"a": 90000131, "b": 1.9000013, "c": "§H41§", "d": 9000}') == set()
    assert finder.find("nothing hidden here: 12, 900, 7") == set()
