"""The score pad: final scoring (TR-16) of a game played on a real table, from what lies on it.

A player types, per magician, what the engine's final scoring reads (Fame on the track, Shards,
Coins, Apprentices and Specialists or Special cards in hand, owned Tricks with their prepared
markers, components) and the last turn's Initiative Order. The facts become a position through
the scenario builder (which refuses what the box or the storage rules cannot hold, TR-11.2) and
the engine's own `final_scoring` and `result` score it: caps (A-02), Level-3 bonuses (TR-16.3)
and the tie break (TR-16.4) exactly as at the online table.
"""

from __future__ import annotations

from typing import Any

from parlor.core import BadScenario, Result

from .data import DATA
from .scoring import final_scoring, result
from .state import TrickerionState

SPECIALISTS = ("assistant", "manager", "engineer")
OPTIONS = ("dark_alley", "final_scoring_cap", "trick_component_source")


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BadScenario(message)


def _special_ids(counts: list[int]) -> list[list[str]]:
    """Only how many Special cards a magician keeps scores (TR-16.2): each count becomes that
    many distinct cards of the box, so no card is held twice."""
    _need(sum(counts) <= len(DATA.specials),
          f"the box holds {len(DATA.specials)} Special Assignment cards, not {sum(counts)}")
    ids, start = [], 0
    for count in counts:
        ids.append([c.id for c in DATA.specials[start:start + count]])
        start += count
    return ids


def _tricks(entry: dict[str, Any], player: int) -> list[dict[str, Any]]:
    """Owned Tricks with their prepared markers; a fourth Trick lies on the Engineer's slot."""
    tricks = entry.get("tricks", [])
    _need(len(tricks) <= 4, f"player {player + 1}: at most 4 Tricks (TR-1.3)")
    out = []
    for i, trick in enumerate(tricks):
        _need(trick.get("trick") in DATA.trick_by_id, f"player {player + 1}: unknown Trick "
                                                      f"{trick.get('trick')!r}")
        prepared = trick.get("prepared", 0)
        _need(0 <= prepared <= DATA.markers_per_suit, f"player {player + 1}: a Trick holds 0 to "
                                                      f"{DATA.markers_per_suit} markers (TR-1.3)")
        out.append({"trick": trick["trick"], "prepared": prepared, "engineer": i == 3})
    return out


def _seat(entry: dict[str, Any], player: int, specials: list[str], dark_alley: bool
          ) -> dict[str, Any]:
    unknown = [s for s in entry.get("specialists", []) if s not in SPECIALISTS]
    _need(not unknown, f"player {player + 1}: unknown specialist(s) {', '.join(map(str, unknown))}")
    _need(len(set(entry.get("specialists", []))) == len(entry.get("specialists", [])),
          f"player {player + 1}: a Specialist is named twice")
    seat: dict[str, Any] = {key: entry.get(key, 0) for key in ("fame", "coins", "shards")}
    seat |= {"apprentices": entry.get("apprentices", 0),
             "specialists": list(entry.get("specialists", [])),
             "assistant_apprentice": False,
             "components": {k: v for k, v in entry.get("components", {}).items() if v},
             "manager_components": {k: v for k, v in entry.get("manager_components", {}).items() if v},
             "tricks": _tricks(entry, player)}
    if dark_alley:
        seat["specials"] = specials
    else:
        _need(not entry.get("special_cards"), "Special Assignment cards need the Dark Alley (TR-17)")
    return seat


def position(facts: dict[str, Any]) -> TrickerionState:
    """The end-of-game position the facts describe. :raises BadScenario: impossible facts."""
    from . import GAME
    players = facts["players"]
    n = len(players)
    _need(DATA.setup["min_players"] <= n <= DATA.setup["max_players"],
          f"Trickerion is for {DATA.setup['min_players']} to {DATA.setup['max_players']} players, not {n}")
    options = {k: v for k, v in facts.get("options", {}).items() if k in OPTIONS}
    dark_alley = bool(options.get("dark_alley", False))
    initiative = facts.get("initiative", list(range(n)))
    _need(sorted(initiative) == list(range(n)),
          f"the Initiative Order must name each of the {n} players once")
    specials = _special_ids([p.get("special_cards", 0) for p in players]) if dark_alley \
        else [[] for _ in players]
    seats = [_seat(p, i, specials[i], dark_alley) for i, p in enumerate(players)]
    spec = {"players": n, "seed": 0, "options": options, "initiative": list(initiative),
            "seats": seats}
    return GAME.scenario(spec)


def score(facts: dict[str, Any]) -> Result:
    """TR-16: every player's final Fame with its breakdown and the ranking with its tie break."""
    state = position(facts)
    final_scoring(state)
    return result(state)
