"""Star Road's design lab: many bot games on a design chart, counted per object, faction and seat.

A lab is an ordinary study (`parlor.sim.study`: derived seeds, any backend, resumable with a
directory) whose seats are played by the lab's policies (`lab.policies`, a population rotated
over the seats; each row records the policy of each seat) and whose games are watched by
`ObjectCounter`. The counter reads the events of every move (private ones included: `built_no`
names each new object) and keeps, per design number, how often it was produced, completed and
used, the damage it dealt and the damage it absorbed, and which seats used it. `lab_report` turns
the rows of a study into the figures of the report (JSON-ready).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlor.core import BadOptions, Event, Move, get_game
from parlor.sim.backends import Backend
from parlor.sim.stats import describe, mean_interval, rate
from parlor.sim.study import ProgressFn, Row, Study, make_study

from ..character_data import check_characters
from ..chart_data import check_chart
from ..content import content_for
from ..model import Content
from ..table_files import BUNDLED
from .pace import RoundHP, pace_report
from .policies import POPULATION

if TYPE_CHECKING:
    from parlor.sim.execute import StudyRun

OBSERVER = "parlor.games.starroad.lab.study:ObjectCounter"
BOT_MAKER = "parlor.games.starroad.lab.policies:make_policy"
REPORT_FORMAT = 2
# Per-object counters a game records (only those above zero are stored).
COUNTERS = ("produced", "completed", "attacks", "blocks", "activations", "arms",
            "damage", "reflected", "prevented")
# What an object's or an ability's effects did (SR-21), by the event that tells it: the key a game
# records it under, and what it adds: the event's amount, or one for each time.
EFFECTS = {"healed": ("healed", "amount"), "gained": ("gained", "amount"), "stole": ("stolen", "amount"),
           "drained": ("drained", "amount"), "cancelled": ("cancelled", None),
           "delay_removed": ("delays_cut", None), "peeked": ("peeked", None),
           "range_up": ("range_raised", None), "cap_up": ("cap_raised", None)}


class ObjectCounter:
    """Counts one game's objects from its events (an `Observer` of `play_game`).

    - produced: an object of the design was started on a line (`built_no`) or a ground structure
      was started (`built_ground`); completed: it received its last [W] (`completed`);
    - attacks / blocks / activations / arms: declarations naming it (`attack_declared`,
      `block_declared`, `declared`); their sum is how often it was used;
    - damage: HP its attacks took from bases; reflected: HP a mixed object sent back (SR-13.5);
    - prevented: attack it absorbed as a blocker (`absorbed`);
    - users: the seats that declared it at least once;
    - per character card: its ability's uses (`ability_declared`, `triggered`);
    - per object design or character card: what its effects did (`EFFECTS`: HP healed, [W]
      acquired, taken, drained, weapons cancelled, delays cut, faction cards looked at, range and
      investment cap raised), from the events' `by`;
    - first: the first character (SR-5.7), for win rates by turn position;
    - pace: each seat's HP at the end of every round (`pace.RoundHP`).
    """

    def __init__(self) -> None:
        self.placed: dict[tuple[int, int, int], str] = {}  # (seat, line, level) -> design number
        self.counts: dict[str, dict[str, int]] = {}
        self.users: dict[str, set[int]] = {}
        self.abilities: dict[str, int] = {}
        self.effects: dict[str, dict[str, int]] = {}  # design number or character card -> effect -> amount
        self.pace = RoundHP()   # each seat's HP at the end of every round

    def _add(self, no: str, counter: str, amount: int = 1) -> None:
        mine = self.counts.setdefault(no, {})
        mine[counter] = mine.get(counter, 0) + amount

    def _used(self, no: str, seat: int | None, counter: str) -> None:
        self._add(no, counter)
        if seat is not None:
            self.users.setdefault(no, set()).add(seat)

    def see(self, state: Any, seat: int, move: Move, events: list[Event]) -> None:
        for event in events:
            handler = _HANDLERS.get(event.kind)
            if handler is not None:
                handler(self, event)
        self.pace.see(state)

    def figures(self, state: Any) -> dict[str, Any]:
        return {"objects": {no: {k: v for k, v in c.items() if v}
                            for no, c in sorted(self.counts.items())},
                "users": {no: sorted(seats) for no, seats in sorted(self.users.items())},
                "abilities": dict(sorted(self.abilities.items())),
                "effects": {by: dict(sorted(done.items())) for by, done in sorted(self.effects.items())},
                "first": state.first, "pace": self.pace.figures(state)}


def _built_no(c: ObjectCounter, e: Event) -> None:
    no = e.data["no"]
    assert e.seat is not None
    c.placed[(e.seat, e.data["line"], e.data["level"])] = no
    c._add(no, "produced")


def _completed(c: ObjectCounter, e: Event) -> None:
    assert e.seat is not None
    c._add(c.placed[(e.seat, e.data["line"], e.data["level"])], "completed")


def _attack(c: ObjectCounter, e: Event) -> None:
    for weapon in e.data["weapons"]:
        c._used(weapon["no"], e.seat, "attacks")


def _block(c: ObjectCounter, e: Event) -> None:
    for blocker in e.data["blockers"]:
        c._used(blocker["no"], e.seat, "blocks")


def _declared(c: ObjectCounter, e: Event) -> None:
    c._used(e.data["no"], e.seat, "arms" if e.data["what"] == "arm" else "activations")


def _ability(c: ObjectCounter, e: Event) -> None:
    card = e.data["card"]
    c.abilities[card] = c.abilities.get(card, 0) + 1


def _damage(counter: str) -> Any:
    def handle(c: ObjectCounter, e: Event) -> None:
        if e.data.get("by"):
            c._add(e.data["by"], counter, e.data["amount"])
    return handle


def _effect(key: str, amount: str | None) -> Any:
    def handle(c: ObjectCounter, e: Event) -> None:
        done = c.effects.setdefault(e.data["by"], {})
        done[key] = done.get(key, 0) + (e.data[amount] if amount else 1)
    return handle


_HANDLERS = {
    "built_no": _built_no,
    "built_ground": lambda c, e: c._add(e.data["ground"], "produced"),
    "completed": _completed,
    "completed_ground": lambda c, e: c._add(e.data["ground"], "completed"),
    "attack_declared": _attack,
    "block_declared": _block,
    "declared": _declared,
    "ability_declared": _ability,
    "triggered": _ability,
    "damage": _damage("damage"),
    "reflected": _damage("reflected"),
    "absorbed": lambda c, e: c._add(e.data["no"], "prevented", e.data["amount"]),
    **{kind: _effect(key, amount) for kind, (key, amount) in EFFECTS.items()},
}


# ------------------------------------------------------------------------------ the study
def make_lab_study(n: int, players: int, policies: str | Sequence[str] = POPULATION, *,
                   chart: str = "", characters: str = "", option: Sequence[str] = (),
                   seed: int = 1) -> Study:
    """A checked Star Road study whose games are counted per object; `policies` (lab policies or
    bot specs) are rotated over the seats from game to game.

    :raises BadOptions: an invalid chart or character table (with every problem check_chart or
        check_characters finds), a bad option, bot, player count or game count.
    """
    pairs = list(option)
    for name, path, check, what in (("chart", chart, check_chart, "chart"),
                                    ("characters", characters, check_characters,
                                     "character table")):
        if not path:
            continue
        if any(pair.partition("=")[0].strip() == name for pair in pairs):
            raise BadOptions(f"give the {what} with --{name} or with --option {name}=..., not both")
        file = Path(path)
        if not file.is_file():
            raise BadOptions(f"{path}: no such file")
        problems = check(file)
        if problems:
            raise BadOptions(f"{path} is not a valid {what} (problems found: {len(problems)}): "
                             + "; ".join(problems))
        pairs.append(f"{name}={file.resolve()}")  # the option holds the file's text from here on
    study = make_study("starroad", n, players, policies, option=pairs, seed=seed,
                       bot_maker=BOT_MAKER)
    return replace(study, observer=OBSERVER)


def content_label(text: str) -> str:
    """How a report names a chart or character table option: "default", or the digest of the text
    (the option holds the file's content, not its name)."""
    if text in BUNDLED:
        return "default"
    return f"custom (sha256 {hashlib.sha256(text.encode('utf-8')).hexdigest()[:12]})"


def run_lab(study: Study, backend: Backend, out: Path | None = None,
            on_progress: ProgressFn | None = None, batch_size: int | None = None
            ) -> dict[str, Any]:
    """Play the lab's games (resuming from `out` if given) and return its report; with `out`,
    the report is also written to `out/lab.json`. `batch_size` None: sized from a timed game."""
    from parlor.sim.execute import run_study  # pyarrow loads only for studies, not `parlor play`

    run = run_study(study, backend, out, batch_size, on_progress)
    report = lab_report(study, run.rows, run_info(run, backend))
    if out is not None:
        write_lab_json(Path(out), report)
    return report


def run_info(run: StudyRun, backend: Backend) -> dict[str, Any]:
    """How a lab's games were played: where, how many now, how fast."""
    speed = run.played_games / run.seconds if run.seconds > 0 and run.played_games else None
    return {"backend": backend.name, "workers": backend.parallelism(),
            "games_run": run.played_games, "batches_resumed": len(run.skipped),
            "seconds": run.seconds, "games_per_second": speed}


def write_lab_json(folder: Path, report: dict[str, Any]) -> None:
    """`lab.json`: what marks a study directory as a lab's (`parlor report` reads it)."""
    (folder / "lab.json").write_text(json.dumps(report, indent=2, ensure_ascii=False),
                                     encoding="utf-8")


# ------------------------------------------------------------------------------ the report
def lab_report(study: Study, rows: Sequence[Row], run: dict[str, Any] | None = None
               ) -> dict[str, Any]:
    """The lab's figures from a study's rows: objects, seats, turn positions, factions, teams,
    characters, policies, game length (overall and by policy pairing). A seat's win is its
    score: 1 when its team wins (every player of the team wins, SR-3.5), 0.5 in a draw
    (SR-23.2), 0 otherwise; rates have 95% Wilson intervals."""
    rows = sorted(rows, key=lambda r: int(r["game"]))
    stats = [json.loads(r["statistics"]) for r in rows]
    observed = [json.loads(r.get("observed") or "{}") for r in rows]
    shares = [[float(x) for x in r["scores"]] for r in rows]
    players = study.players
    content = content_for(get_game("starroad").make_options(study.options))
    catalogs = get_game("starroad").catalogs()
    # factions and teams by the catalogs' names, written as each language writes them ("紅（隊長）")
    names = {"factions": {code: {"name": catalogs["en"].name(code), "name_zh": catalogs["zh_TW"].name(code),
                                 "name_es": catalogs["es"].name(code)}
                          for code in content.base.cards},
             "characters": {key: card_names(card, key) for key, card in content.characters.items()},
             "teams": {team: {"name": catalogs["en"].name(team),
                              "name_zh": catalogs["zh_TW"].name(team),
                              "name_es": catalogs["es"].name(team)}
                       for team in (*content.base.groups, *content.base.cards)}}

    def by(key: str) -> list[dict[str, Any]]:
        groups: dict[str, list[float]] = {}
        for stat, share in zip(stats, shares, strict=True):
            for seat in range(players):
                groups.setdefault(str(stat[key][seat]), []).append(share[seat])
        named = names.get(key, {})
        return [rate(label, groups[label], named.get(label)) for label in sorted(groups)]

    policy_groups: dict[str, list[float]] = {}
    for row, share in zip(rows, shares, strict=True):
        for seat, policy in enumerate(row["bots"]):
            policy_groups.setdefault(policy, []).append(share[seat])
    ends: dict[str, int] = {}
    for stat in stats:
        ends[stat["end_reason"]] = ends.get(stat["end_reason"], 0) + 1
    report: dict[str, Any] = {
        "format": REPORT_FORMAT, "study": study.to_json(), "games": len(rows),
        "chart": content_label(study.options.get("chart", "")),
        "characters": content_label(study.options.get("characters", "")),
        "length": {"moves": describe([float(r["length"]) for r in rows]),
                   "turns": describe([float(s["turns"]) for s in stats]),
                   "rounds": describe([float(s["rounds"]) for s in stats])},
        "end_reasons": dict(sorted(ends.items())),
        "draws": sum(1 for s in stats if s["draw"]),
        "baseline": rate("every seat", [x for share in shares for x in share]),
        "by_seat": [rate(seat, [share[seat] for share in shares]) for seat in range(players)],
        "by_position": _by_position(observed, shares, players),
        "by_faction": by("factions"), "by_team": by("teams"), "by_character": by("characters"),
        "by_policy": [rate(policy, policy_groups[policy]) for policy in dict.fromkeys(study.bots)],
        "pairings": pairings(rows, stats, shares),
        "objects": _objects(content, observed, shares),
        # labs written before the pace was kept have none: their games show no rounds
        "pace": pace_report([figures.get("pace", []) for figures in observed], shares),
    }
    uses: dict[str, int] = {}
    for figures in observed:
        for card, count in figures.get("abilities", {}).items():
            uses[card] = uses.get(card, 0) + count
    for entry in report["by_character"]:
        entry["used"] = uses.get(entry["label"], 0)
    report["effects"] = _effects(content, observed, uses)
    if run is not None:
        report["run"] = run
    return report


def _effects(content: Content, observed: list[dict[str, Any]], abilities: dict[str, int]
             ) -> list[dict[str, Any]]:
    """What each object design's and character card's effects did over all games: per source
    whose effects did anything, its names, its uses (an object's activations, a card's ability
    uses) and each effect's total (`EFFECTS`), in the chart's and then the table's order."""
    totals: dict[str, dict[str, int]] = {}
    activations: dict[str, int] = {}
    for figures in observed:
        for by, done in figures.get("effects", {}).items():
            mine = totals.setdefault(by, {})
            for key, amount in done.items():
                mine[key] = mine.get(key, 0) + amount
        for no, counts in figures.get("objects", {}).items():
            activations[no] = activations.get(no, 0) + counts.get("activations", 0)
    games = len(observed)
    sources: list[tuple[str, str, Any, int]] = [
        *((no, "object", design, activations.get(no, 0)) for no, design in content.chart.items()),
        *((key, "character", card, abilities.get(key, 0)) for key, card in content.characters.items())]
    return [{"label": label, "kind": kind, **card_names(entry, label), "uses": uses, "games": games,
             "effects": totals[label]} for label, kind, entry, uses in sources if label in totals]


def card_names(entry: Any, key: str | None = None) -> dict[str, str]:
    """An object's, character's or faction card's names: English, Chinese, and Spanish when the
    data has them (`name_es`), else the game catalog's Spanish name of `key` when the card keeps
    the packaged English name (a chart that renamed a design does not take the old one's)."""
    names = {"name": entry.name, "name_zh": entry.name_zh}
    spanish = getattr(entry, "name_es", "")
    if not spanish and key is not None:
        catalogs = get_game("starroad").catalogs()
        if catalogs["en"].names.get(key) == entry.name:
            spanish = catalogs["es"].names.get(key, "")
    if spanish:
        names["name_es"] = spanish
    return names


def _by_position(observed: list[dict[str, Any]], shares: list[list[float]], players: int
                 ) -> list[dict[str, Any]]:
    """Win rate by place in the turn order: 1 is the first character (drawn at random, SR-5.7),
    `players` the last character, who may use objects in its first turn (SR-5.8, SR-7.1)."""
    groups: list[list[float]] = [[] for _ in range(players)]
    for figures, share in zip(observed, shares, strict=True):
        first = figures.get("first")
        if first is None:
            continue
        for seat, won in enumerate(share):
            groups[(seat - first) % players].append(won)
    return [rate(place + 1, wins) for place, wins in enumerate(groups) if wins]


def pairings(rows: Sequence[Row], stats: Sequence[dict[str, Any]],
             shares: Sequence[Sequence[float]]) -> list[dict[str, Any]]:
    """Game length by policy pairing: the policies of each team that met (a team's policies
    joined by "+", the teams by "vs", in alphabetical order), with the mean number of rounds
    and its 95% interval, and each side's share of the wins (a draw counts half)."""
    groups: dict[tuple[str, ...], tuple[list[float], list[list[float]]]] = {}
    for row, stat, share in zip(rows, stats, shares, strict=True):
        teams: dict[str, list[int]] = {}
        for seat, team in enumerate(stat["teams"]):
            teams.setdefault(team, []).append(seat)
        sides = sorted((" + ".join(sorted(row["bots"][s] for s in seats)),
                        max(share[s] for s in seats)) for seats in teams.values())
        rounds, wins = groups.setdefault(tuple(side for side, _ in sides),
                                         ([], [[] for _ in sides]))
        rounds.append(float(stat["rounds"]))
        for i, (_, won) in enumerate(sides):
            wins[i].append(won)
    out = []
    for names, (rounds, wins) in sorted(groups.items(), key=lambda kv: (-len(kv[1][0]), kv[0])):
        low, high = mean_interval(rounds)
        low = max(low, 0.0)  # a game lasts no fewer than 0 rounds
        out.append({"sides": list(names), "games": len(rounds), "rounds": describe(rounds),
                    "ci": [low, high], "won": [sum(w) / len(w) for w in wins]})
    return out


def _objects(content: Content, observed: list[dict[str, Any]], shares: list[list[float]]
             ) -> list[dict[str, Any]]:
    designs: dict[str, dict[str, Any]] = {
        no: {"no": no, "id": content.chart[no].id, **card_names(content.chart[no], no),
             "type": content.chart[no].type, "cost": content.chart[no].cost}
        for no in content.designs}
    for no, s in content.ground.items():
        designs[no] = {"no": no, "id": s.id, **card_names(s), "type": "ground", "cost": s.cost}
    games = len(observed)
    out = []
    for no, info in designs.items():
        totals = dict.fromkeys(COUNTERS, 0)
        produced_in = 0
        used: list[float] = []
        unused: list[float] = []
        edges: list[float] = []
        for figures, share in zip(observed, shares, strict=True):
            counts = figures.get("objects", {}).get(no, {})
            for key, value in counts.items():
                totals[key] += value
            produced_in += bool(counts.get("produced"))
            users = set(figures.get("users", {}).get(no, ()))
            for seat, won in enumerate(share):
                (used if seat in users else unused).append(won)
            edge = users_edge(share, users)
            if edge is not None:
                edges.append(edge)
        uses = totals["attacks"] + totals["blocks"] + totals["activations"] + totals["arms"]
        out.append({
            **info, "produced": totals["produced"],
            "produced_per_game": totals["produced"] / games if games else 0.0,
            "games_produced": produced_in, "completed": totals["completed"],
            "used": uses, "attacks": totals["attacks"], "blocks": totals["blocks"],
            "activations": totals["activations"], "arms": totals["arms"],
            "damage_dealt": totals["damage"] + totals["reflected"],
            "damage_reflected": totals["reflected"], "damage_prevented": totals["prevented"],
            "used_by": rate("used", used), "not_used_by": rate("not used", unused),
            "edge": {"games": len(edges), "mean": sum(edges) / len(edges) if edges else 0.0,
                     # an edge lies between -1 and 1, and so does its interval
                     "ci": [max(-1.0, bound) if i == 0 else min(1.0, bound)
                            for i, bound in enumerate(mean_interval(edges))]},
        })
    return out


def users_edge(share: Sequence[float], users: set[int]) -> float | None:
    """In one game, how much better the seats that used an object did than the seats that did not:
    their mean win minus the others' (1 when every user won and every other seat lost), or None
    when every seat or none used it. Averaged over games, this compares players of the same games,
    so a design every seat adopts is not judged against games played without it.

    >>> users_edge([1.0, 0.0, 1.0, 0.0], {0, 2})
    1.0
    >>> users_edge([1.0, 0.0, 0.0], {1, 2}), users_edge([1.0, 0.0], {0, 1})
    (-1.0, None)
    """
    if not users or len(users) == len(share):
        return None
    mine = [won for seat, won in enumerate(share) if seat in users]
    theirs = [won for seat, won in enumerate(share) if seat not in users]
    return sum(mine) / len(mine) - sum(theirs) / len(theirs)
