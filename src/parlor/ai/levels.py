"""Difficulty levels and bot specs, shared by the CLI, the server and the arena.

A spec names a bot. The levels people choose from:

- ``easy``: the greedy bot (one ply and the game's heuristic);
- ``medium``: ISMCTS, 50 iterations or 0.5 s a move;
- ``hard``: ISMCTS, 200 iterations or 2 s a move;
- ``expert``: ISMCTS, 1000 iterations or 5 s a move, searched as the game states for that budget
  (``x``: the game's ``bot_settings.expert`` and ``expert_trees``); by default five independent
  ``hard`` searches, the move with most root visits over the five;

medium and hard search with the settings measured best for each game (``t``: the game's
``bot_settings.tuned``).

For experiments: ``random``, ``greedy``, and ``ismcts`` followed by ``:``-separated parts in any
order: ``<seconds>s`` (time budget), ``<n>i`` (iteration budget), ``d<n>`` (rollout depth),
``dg`` (the depth tuned for the game), ``c<x>`` (UCB exploration constant), ``g<k>`` (guided
rollouts: the heuristic's best of k sampled moves), ``e<x>`` (their share of random moves,
default 0.1), ``o0`` (children not split by what the seat sees revealed; ``o1``, the default,
splits them), ``n1`` (UCB on means rescaled per node), ``z1`` (cut-off rewards centred on the
search's mean differences; ``z2``, on the mean differences at the same depth), ``k<n>`` (only
greedy's n best root moves), ``a1`` (that limit at every node), ``b<n>`` (greedy's n best
root moves, whatever ``k`` says for the other nodes), ``w<n>`` (one more of them from n visits
of a node on, and one more at each doubling: progressive unpruning), ``p<x>`` (a root
prior of weight x from the one-ply values), ``r1`` (the other seats play uniformly drawn moves
in the tree instead of UCB1's; ``r2``, every seat below the root), ``h<n>`` (a tree at most n
moves deep), ``f1`` (play for first place: at three players or more, rewards count wins, not
places), ``m<n>`` (n independent searches sharing the budget evenly, the move with most
root visits over all, or with ``v1`` the best mean reward over all: a budget partition, so it
may come with ``t``), ``t`` (the game's tuned settings; no other setting may come with it),
``x`` (the game's expert settings and number of trees; neither another setting nor ``m`` may come
with it),
e.g. ``ismcts:2s``, ``ismcts:500i``, ``ismcts:1000i:d20``, ``ismcts:200i:d0:z1:k3``. A budget
with both a time and an iteration limit stops at whichever comes first; only an iteration
budget makes a search exactly reproducible from its seed.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from parlor.core.errors import BadOptions

from .bots import Bot, Budget, GreedyBot, RandomBot
from .ismcts import IsmctsBot
from .settings import DEFAULT_BUDGET, SearchSettings


@dataclass(frozen=True, slots=True)
class Level:
    """A difficulty level offered to players: its name, a sentence, and the spec it stands for."""

    name: str
    description: str
    spec: str


LEVELS: dict[str, Level] = {
    level.name: level for level in (
        Level("easy", "plays the move that looks best right now (greedy)", "greedy"),
        Level("medium", "searches ahead briefly (ISMCTS, 50 iterations, at most 0.5 s)",
              "ismcts:50i:0.5s:t"),
        Level("hard", "searches ahead (ISMCTS, 200 iterations, at most 2 s)",
              "ismcts:200i:2s:t"),
        Level("expert", "searches longest, the way measured best for each game (ISMCTS, 1000 "
              "iterations, at most 5 s)", "ismcts:1000i:5s:x"),
    )
}

_PART = re.compile(r"^(?:(?P<seconds>\d+(?:\.\d+)?)s|(?P<iterations>\d+)i|d(?P<depth>\d+|g)"
                   r"|c(?P<exploration>\d+(?:\.\d+)?)|o(?P<observe>[01])|g(?P<guide>\d+)"
                   r"|e(?P<epsilon>\d+(?:\.\d+)?)|n(?P<normalize>[01])|z(?P<center>[012])"
                   r"|k(?P<candidates>\d+)|b(?P<root_candidates>\d+)|p(?P<prior>\d+(?:\.\d+)?)|(?P<tuned>t)|(?P<expert>x)|a(?P<everywhere>[01])|w(?P<widen>\d+)|r(?P<sample>[012])|h(?P<tree_depth>\d+)|f(?P<play_to_win>[01])|m(?P<trees>\d+)|v(?P<by_mean>[01]))$")


def make_bot(spec: str) -> Bot:
    """A bot from a level name or a spec; its `name` is the spec as given (for tallies).

    :raises BadOptions: for an unknown name or a malformed part, naming what is accepted.
    """
    text = spec.strip()
    if text in LEVELS:
        bot = _from_spec(LEVELS[text].spec)
    else:
        bot = _from_spec(text)
    bot.name = text
    return bot


# each spec part's regex group -> the `SearchSettings` field it sets and how its text reads
_SETTING_PARTS: dict[str, tuple[str, Callable[[str], Any]]] = {
    "depth": ("depth", lambda v: None if v == "g" else int(v)),
    "exploration": ("exploration", float),
    "observe": ("observe", lambda v: v == "1"),
    "guide": ("guide", int),
    "epsilon": ("epsilon", float),
    "normalize": ("normalize", lambda v: v == "1"),
    "center": ("center", lambda v: v != "0"),
    "candidates": ("candidates", int),
    "root_candidates": ("root_candidates", int),
    "everywhere": ("everywhere", lambda v: v == "1"),
    "widen": ("widen", int),
    "prior": ("prior", float),
    "sample": ("sample_opponents", lambda v: v != "0"),
    "tree_depth": ("tree_depth", int),
    "play_to_win": ("play_to_win", lambda v: v == "1"),
    "tuned": ("tuned", lambda v: True),
    "expert": ("expert", lambda v: True),
}


def _from_spec(spec: str) -> Bot:
    kind, *parts = spec.split(":")
    if kind == "random" and not parts:
        return RandomBot()
    if kind == "greedy" and not parts:
        return GreedyBot()
    if kind != "ismcts":
        raise BadOptions(f"unknown bot {spec!r} (known: {known_specs()})", reason="unknown_bot", bot=spec,
                         known=known_specs())
    seconds: float | None = None
    iterations: int | None = None
    trees = 1
    by_mean = False
    settings: dict[str, Any] = {}
    for part in parts:
        match = _PART.match(part)
        if match is None:
            raise BadOptions(f"bot {spec!r}: cannot read {part!r} (expected e.g. 2s, 500i, d20, dg, c0.7, "
                             "g3, e0.1, o0, n1, z1, z2, k3, b6, a1, w256, p1, r1, r2, h4, f1, m5, v1, t, x)")
        group, text = next((k, v) for k, v in match.groupdict().items() if v is not None)
        if group == "seconds":
            seconds = float(text)
        elif group == "iterations":
            iterations = int(text)
        elif group == "trees":
            trees = int(text)
        elif group == "by_mean":
            by_mean = text == "1"
        else:
            name, read = _SETTING_PARTS[group]
            settings[name] = read(text)
            if group == "center":
                settings["center_by_depth"] = text == "2"
            if group == "sample":
                settings["sample_own"] = text == "2"
    if settings.get("epsilon", 0.0) > 1:
        raise BadOptions(f"bot {spec!r}: epsilon e{settings['epsilon']} must be at most 1")
    for flag, part, what in (("tuned", "t", "tuned settings"), ("expert", "x", "expert settings")):
        if settings.get(flag) and len(settings) > 1:
            others = ", ".join(sorted(name for name in settings if name != flag))
            raise BadOptions(f"bot {spec!r}: '{part}' takes the game's {what}; it cannot be "
                             f"combined with other settings ({others})")
    if settings.get("expert") and trees != 1:
        raise BadOptions(f"bot {spec!r}: 'x' takes the game's number of trees; it cannot come "
                         f"with m{trees}")
    budget = DEFAULT_BUDGET if seconds is None and iterations is None else Budget(seconds, iterations)
    if (budget.seconds is not None and budget.seconds <= 0) or (
            budget.iterations is not None and budget.iterations < 1):
        raise BadOptions(f"bot {spec!r}: a budget must be positive")
    if trees < 1:
        raise BadOptions(f"bot {spec!r}: m{trees}: a search needs at least one tree")
    return IsmctsBot(budget, SearchSettings(**settings), trees=trees, by_mean=by_mean)


def known_specs() -> str:
    """What `make_bot` accepts, in words, for error messages and help texts."""
    search = ("ismcts[:2s][:500i][:d20|dg][:c0.7][:g3][:e0.1][:o0][:n1][:z1|z2][:k3][:a1][:w256][:p1]"
              "[:r1|r2][:h4][:m5][:v1][:t|x]")
    return ", ".join([*LEVELS, "random", "greedy", search])
