"""The conformance kit: checks every game must pass, whatever its rules (DESIGN.md, Tests).

Each check takes a game and raises AssertionError naming the game, seed and position at fault.
`test_conformance.py` runs them on every registered game; `test_conformance_catches.py` proves each
check fails on a deliberately broken variant of the fixture game.
"""

from __future__ import annotations

import copy as copying
import dataclasses
import functools
import hashlib
import io
import json
import pickle
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from parlor.core import (
    BadMove,
    BadRecord,
    Event,
    Game,
    GameRecord,
    IllegalMove,
    Move,
    NotYourTurn,
    Rng,
    State,
    replay,
)
from parlor.core.text import LANGS, placeholders


class _Fingerprinter(pickle.Pickler):
    """`State.fingerprint`'s pickle, but a deeply immutable frozen dataclass (a card, a board
    space: the game's data every position shares) is written as the digest of its own pickle, made
    once per object. Pickling the data again at every step took most of the kit's time (Star Road's
    chart: 120 dataclasses, read field by field). A frozen dataclass that holds anything that may
    change (a list, a dict, an object of another class) is pickled in full every time, as its
    class and its fields' values (named once per class: `dataclasses` finds them again at every
    pickle)."""

    # id -> (the frozen dataclass, kept alive so its id is not reused; its digest, or None when it
    # may change: whether it may is a matter of its fields' types, which stay as they are)
    digests: dict[int, tuple[Any, bytes | None]] = {}

    def reducer_override(self, obj: Any) -> Any:
        names = _frozen_fields(type(obj))
        if names is None:
            return NotImplemented
        kept = self.digests.get(id(obj))
        if kept is None or kept[0] is not obj:
            if len(self.digests) > 100_000:  # moves and other passing values: start again
                self.digests.clear()
            digest = hashlib.sha256(pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)).digest() \
                if _immutable(obj) else None
            kept = self.digests[id(obj)] = (obj, digest)
        if kept[1] is None:
            return _fielded, (type(obj), tuple([getattr(obj, name) for name in names]))
        return _digested, (kept[1],)


@functools.cache
def _frozen_fields(kind: type) -> tuple[str, ...] | None:
    """The field names of a frozen dataclass type; None for any other type."""
    if not (dataclasses.is_dataclass(kind) and kind.__dataclass_params__.frozen):  # type: ignore[attr-defined]
        return None
    return tuple(f.name for f in dataclasses.fields(kind))


def _frozen_dataclass(value: Any) -> bool:
    return not isinstance(value, type) and _frozen_fields(type(value)) is not None


def _immutable(value: Any) -> bool:
    """Nothing inside `value` can change: plain values, tuples and frozensets of them, frozen
    dataclasses of them (all their fields)."""
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(_immutable(item) for item in value)
    if _frozen_dataclass(value):
        return all(_immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def _digested(digest: bytes) -> bytes:
    """What a digested frozen dataclass stands for in a fingerprint (never unpickled)."""
    return digest


def _fielded(kind: type, values: tuple[Any, ...]) -> Any:
    """What a frozen dataclass pickled in full stands for in a fingerprint (never unpickled)."""
    return kind(*values)


def fingerprint(state: State) -> str:
    """The same comparisons as `state.fingerprint()` (the whole state, hidden parts included),
    with the game's frozen data digested once; a game's own `fingerprint` is used as it is."""
    if type(state).fingerprint is not State.fingerprint:
        return state.fingerprint()
    out = io.BytesIO()
    _Fingerprinter(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
    return hashlib.sha256(out.getvalue()).hexdigest()


class _SharedByIdentity(pickle.Pickler):
    """A state's pickle with every frozen dataclass (the game's data, which clones share) written as
    its identity: two states whose pickles are equal hold the same objects there, so equal values."""

    def reducer_override(self, obj: Any) -> Any:
        if _frozen_fields(type(obj)) is None:
            return NotImplemented
        return _digested, (id(obj),)


def same_position(first: State, second: State) -> bool:
    """`fingerprint(first) == fingerprint(second)` for two states alive at once: first without
    pickling the frozen data they share (Star Road's chart and characters: half of each pickle,
    pickled in full as they hold dicts), then, only when that differs, by their fingerprints. The
    answers are the same but for which equal values a state shares with the frozen data, which the
    first comparison does not see (as the fingerprint does not for the data it digests)."""
    if type(first).fingerprint is State.fingerprint and type(second).fingerprint is State.fingerprint:
        pickles = []
        for state in (first, second):
            out = io.BytesIO()
            _SharedByIdentity(out, protocol=pickle.HIGHEST_PROTOCOL).dump(state)
            pickles.append(out.getvalue())
        if pickles[0] == pickles[1]:
            return True
    return fingerprint(first) == fingerprint(second)


def with_options(game: Game[Any], options: dict[str, Any]) -> Game[Any]:
    """The same game, but `setup` without options plays the variant `options`."""
    variant = copying.copy(game)
    base = game.make_options

    def make_options(given: Any = None) -> Any:
        return base(options if given is None else given)

    variant.make_options = make_options  # type: ignore[method-assign]
    return variant


@dataclass
class Playout:
    """One random game: its record, the moves played, every position's events, and the kinds of
    the moves offered."""

    record: GameRecord
    final: State
    played: list[tuple[int, Move]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    move_kinds: set[str] = field(default_factory=set)


def random_playout(game: Game[Any], players: int, seed: int,
                   visit: Any = None) -> Playout:
    """Play a seeded random game to the end, checking the turn structure at every step.

    `visit(state, step, rng)` is called before each move (used by the deeper checks).
    """
    state = game.setup(players, seed)
    record = GameRecord.start(game, players, seed)
    out = Playout(record, state)
    out.events.extend(game.opening_events(state))   # what the log tells before the first move
    rng = Rng(seed ^ 0x5EED)
    where = f"{game.id} players={players} seed={seed}"
    for step in range(game.move_bound + 1):
        actors = state.actors()
        assert state.is_over() == (not actors), f"{where} step {step}: is_over disagrees with actors"
        if not actors:
            break
        assert step < game.move_bound, f"{where}: no end after move_bound={game.move_bound} moves"
        if visit is not None:
            visit(state, step, rng)
        seat = rng.choice(actors)
        moves = state.legal_moves(seat)
        assert moves, f"{where} step {step}: actor {seat} has no legal move"
        move = rng.choice(moves)
        out.move_kinds.update(m.kind for m in moves[:20])
        out.events.extend(state.play(seat, move))
        out.played.append((seat, move))
        record.add(seat, move)
    check_result(game, state, where)
    return out


def check_result(game: Game[Any], state: State, where: str) -> None:
    result = state.result()
    n = len(result.scores)
    assert n == len(result.ranks) == len(result.breakdown), f"{where}: result sizes differ"
    assert sorted(set(result.ranks))[0] == 1, f"{where}: nobody ranks first: {result.ranks}"
    for seat in range(n):
        total = sum(result.breakdown[seat].values())
        assert abs(total - result.scores[seat]) < 1e-6, \
            f"{where}: seat {seat} breakdown sums to {total}, score is {result.scores[seat]}"
        better = [s for s in range(n) if result.ranks[s] < result.ranks[seat]]
        assert all(result.scores[s] >= result.scores[seat] for s in better), \
            f"{where}: a seat ranked above seat {seat} has a lower score: {result.to_json()}"
    json.dumps(result.to_json())


SAMPLES = 12  # positions examined per game by the deeper checks, spread over the whole game


def spread(length: int, samples: int) -> set[int]:
    """`samples` step numbers spread evenly over a game of `length` moves (its first and last
    decisions included), so the deep checks cost the same for short and long games."""
    if length <= samples:
        return set(range(length))
    return {round(i * (length - 1) / (samples - 1)) for i in range(samples)}


def sampled_steps(game: Game[Any], players: int, seed: int, samples: int) -> set[int]:
    """`spread` over the seeded random game."""
    return spread(len(random_playout(game, players, seed).record.moves), samples)


def sample_positions(game: Game[Any], players: int, seed: int,
                     samples: int = SAMPLES) -> Iterator[State]:
    """Positions met in a seeded random game (clones: safe to mutate). The game is played once;
    its moves are then played again from the setup (without listing the legal moves, which the
    playout checked) to take the positions at the sampled steps."""
    played = random_playout(game, players, seed).played
    steps = spread(len(played), samples)
    state = game.setup(players, seed)
    found: list[State] = []
    for step, (seat, move) in enumerate(played):
        if step in steps:
            found.append(state.clone())
        state.play(seat, move)
    yield from found


def check_replay(game: Game[Any], players: int, seed: int) -> None:
    """A record replays to the same final state; the record survives a JSON round trip."""
    played = random_playout(game, players, seed)
    record = GameRecord.loads(played.record.dumps())
    try:
        again, _ = replay(game, record)
    except BadRecord as err:
        raise AssertionError(f"{game.id} players={players} seed={seed}: replay does not "
                             f"reproduce the game: {err}") from None
    assert fingerprint(again) == fingerprint(played.final), \
        f"{game.id} players={players} seed={seed}: replay does not reproduce the final state"
    assert again.result() == played.final.result()


def check_clone(game: Game[Any], players: int, seed: int, samples: int = 3 * SAMPLES) -> None:
    """A clone equals its original and stays unchanged while the original plays on."""
    kept: list[tuple[int, State, str]] = []
    steps = sampled_steps(game, players, seed, samples)

    def visit(state: State, step: int, rng: Rng) -> None:
        if step not in steps:
            return
        copy = state.clone()
        assert fingerprint(copy) == fingerprint(state), \
            f"{game.id} seed={seed} step {step}: clone differs from its original"
        if step % 2 == 0:
            kept.append((step, copy, fingerprint(copy)))
        probe = state.clone()  # playing on a clone must leave the original alone
        before = fingerprint(state)
        actor = rng.choice(probe.actors())
        probe.play(actor, rng.choice(probe.legal_moves(actor)))
        assert fingerprint(state) == before, \
            f"{game.id} seed={seed} step {step}: playing on a clone changed the original"

    random_playout(game, players, seed, visit)
    for step, copy, digest in kept:
        assert fingerprint(copy) == digest, \
            f"{game.id} seed={seed}: the clone taken at step {step} changed as the game went on"


def check_advance(game: Game[Any], players: int, seed: int) -> None:
    """`advance` (the search's path, which may skip building events) reaches, after every move of
    a seeded random game, the same position as `play`, generator included."""

    def visit(state: State, step: int, rng: Rng) -> None:
        probe = state.clone()
        actor = rng.choice(probe.actors())
        move = rng.choice(probe.legal_moves(actor))
        played = state.clone()
        played.play(actor, move)
        probe.advance(actor, move)
        assert same_position(probe, played), \
            f"{game.id} players={players} seed={seed} step {step}: advance({actor}, {move}) " \
            "reaches another position than play"

    random_playout(game, players, seed, visit)


def _dumps(value: Any, where: str) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError) as err:
        raise AssertionError(f"{where}: not JSON-serialisable: {err}") from None


def _contains_marker(text: str, markers: list[int | str]) -> int | str | None:
    """The first of `markers` found in `text`: a number as a whole number, a word anywhere. The
    numbers are first looked for together, in one scan of the text (a scan per number was most
    of `check_views`: a hundred numbers a position in Trickerion's Dark Alley); only when one is
    there, or a word is, are they taken in turn to name the first."""
    numbers = tuple(marker for marker in markers if isinstance(marker, int))
    words = [json.dumps(marker, ensure_ascii=False)[1:-1] for marker in markers
             if not isinstance(marker, int)]
    if not (numbers and _whole_numbers(numbers).search(text)) and \
            not any(word in text for word in words):
        return None
    for marker in markers:
        if isinstance(marker, int):
            if re.search(rf"(?<![\d.]){marker}(?![\d.])", text):
                return marker
        elif json.dumps(marker, ensure_ascii=False)[1:-1] in text:
            return marker
    return None


@functools.lru_cache(maxsize=64)
def _whole_numbers(numbers: tuple[int, ...]) -> re.Pattern[str]:
    """Any of `numbers` as a whole number (not part of a longer number or a decimal)."""
    return re.compile(rf"(?<![\d.])(?:{'|'.join(str(number) for number in numbers)})(?![\d.])")


def seats_of(state: State, players: int) -> list[int | None]:
    return [*range(players), None]


def check_views(game: Game[Any], players: int, seed: int, samples: int = SAMPLES) -> None:
    """Views are JSON; planted markers of hidden values never reach a seat's view; redetermine
    keeps the seat's view, legal moves and actors; it leaves the original unchanged."""
    for i, state in enumerate(sample_positions(game, players, seed, samples)):
        where = f"{game.id} players={players} seed={seed} sample {i}"
        for seat in seats_of(state, players):
            view = _dumps(state.view(seat), f"{where} view({seat})")
            marked = state.clone()
            markers = marked.plant_markers(seat)
            leaked = _contains_marker(_dumps(marked.view(seat), where), markers)
            assert leaked is None, f"{where}: view({seat}) shows hidden marker {leaked!r}"
            if seat is None:
                continue
            before = fingerprint(state)
            other = state.redetermine(seat, Rng(seed * 31 + i))
            assert fingerprint(state) == before, f"{where}: redetermine changed the original"
            assert _dumps(other.view(seat), where) == view, \
                f"{where}: redetermine({seat}) changed what seat {seat} sees"
            assert other.actors() == state.actors(), f"{where}: redetermine changed the actors"
            if seat in state.actors():
                assert other.legal_moves(seat) == state.legal_moves(seat), \
                    f"{where}: redetermine({seat}) changed seat {seat}'s legal moves"


def _log(events: list[Event], seat: int) -> str:
    return json.dumps([e.to_json() for e in events if e.visible(seat)], sort_keys=True)


def check_log(game: Game[Any], players: int, seed: int, samples: int = SAMPLES) -> None:
    """A seat's log tells it nothing its view does not: when two plays leave a seat with the same
    view before and after (another seat's different choice, or a different hidden deal), the
    events that seat may see must be the same."""
    for i, state in enumerate(sample_positions(game, players, seed, samples)):
        where = f"{game.id} players={players} seed={seed} sample {i}"
        for actor in state.actors():
            moves = state.legal_moves(actor)
            for observer in range(players):
                if observer == actor:
                    continue
                worlds = [(state, m) for m in moves[:6]]
                alt = state.redetermine(observer, Rng(seed + 7 * i + observer))
                if moves[0] in alt.legal_moves(actor):
                    worlds.append((alt, moves[0]))
                seen: dict[str, tuple[str, str]] = {}
                for world, move in worlds:
                    after = world.clone()
                    events = after.play(actor, move)
                    key = json.dumps(after.view(observer), sort_keys=True)
                    log = _log(events, observer)
                    if key in seen:
                        assert seen[key][1] == log, (
                            f"{where}: seat {observer} cannot tell apart seat {actor}'s "
                            f"{seen[key][0]} and {move}, yet its log differs:\n"
                            f"  {seen[key][1]}\n  {log}")
                    else:
                        seen[key] = (str(move), log)


def check_moves(game: Game[Any], players: int, seed: int, samples: int = SAMPLES) -> None:
    """Every legal move is accepted and round-trips through JSON and notation; moves that are not
    legal, or come from a seat that is not acting, are refused and change nothing."""
    pool: dict[str, Move] = {}
    positions = list(sample_positions(game, players, seed, samples))
    for state in positions:
        for actor in state.actors():
            for m in state.legal_moves(actor):
                pool.setdefault(str(m), m)
    for i, state in enumerate(positions):
        where = f"{game.id} players={players} seed={seed} sample {i}"
        digest = fingerprint(state)
        for actor in state.actors():
            legal = state.legal_moves(actor)
            assert len(set(legal)) == len(legal), f"{where}: duplicate legal moves for {actor}"
            for move in legal:
                data = json.loads(json.dumps(move.to_json()))
                assert game.move_from_json(data) == move, f"{where}: JSON round trip of {move}"
                assert game.parse(str(move)) == move, f"{where}: notation round trip of {move}"
                state.clone().play(actor, move)
            for move in list(pool.values())[:60]:
                if move in legal:
                    continue
                try:
                    state.play(actor, move)
                except IllegalMove as err:
                    assert str(err), f"{where}: IllegalMove without a reason"
                except Exception as err:
                    raise AssertionError(f"{where}: illegal {move} was accepted for seat {actor} "
                                         f"and then failed: {type(err).__name__}: {err}") from err
                else:
                    raise AssertionError(f"{where}: illegal {move} accepted for seat {actor}")
                assert fingerprint(state) == digest, f"{where}: refused {move} changed the state"
        idle = [s for s in range(players) if s not in state.actors()]
        for seat in idle:
            for move in list(pool.values())[:10]:
                try:
                    state.play(seat, move)
                except NotYourTurn:
                    pass
                else:
                    raise AssertionError(f"{where}: seat {seat} moved out of turn")
                assert fingerprint(state) == digest, f"{where}: refused move changed the state"
    for bad in ({"kind": "no-such-move"}, {"nokind": 1}, [], "x"):
        try:
            game.move_from_json(bad)
        except BadMove:
            continue
        raise AssertionError(f"{game.id}: malformed move {bad!r} was read")


def check_text(game: Game[Any], players: int, seed: int) -> None:
    """Every event and move kind met in play has a sentence in every catalog, with fields that
    the event actually carries."""
    played = random_playout(game, players, seed)
    catalogs = game.catalogs()
    kinds: dict[str, set[str]] = {}
    for e in played.events:
        kinds.setdefault(e.kind, set()).update(e.data)
    for lang in LANGS:
        catalog = catalogs[lang]
        for kind, fields in kinds.items():
            assert kind in catalog.events, f"{game.id} text/{lang}.toml: no [events] {kind}"
            missing = placeholders(catalog.events[kind]) - fields - {"player"}
            assert not missing, f"{game.id} text/{lang}.toml [events] {kind}: unknown {missing}"
        for kind in played.move_kinds:
            assert kind in catalog.moves, f"{game.id} text/{lang}.toml: no [moves] {kind}"
    for e in played.events[:300]:
        for lang in LANGS:
            catalogs[lang].event(e, None)


def check_all(game: Game[Any], players: int, seed: int) -> None:
    """The kit's replay, clone, views, log, moves and text checks once each, from consecutive seeds
    (a variant's own test: `with_options` of a game)."""
    check_replay(game, players, seed)
    check_clone(game, players, seed + 1)
    check_views(game, players, seed + 2)
    check_log(game, players, seed + 3)
    check_moves(game, players, seed + 4)
    check_text(game, players, seed + 5)
