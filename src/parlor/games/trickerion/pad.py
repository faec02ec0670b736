"""The score pad: final scoring (TR-16) of a game played on a real table, from what lies on it.

A player types, per magician, what the engine's final scoring reads (Fame on the track, Shards,
Coins, Apprentices and Specialists or Special cards in hand, owned Tricks with their prepared
markers, components) and the last turn's Initiative Order. The facts become a position through
the scenario builder (which refuses what the box or the storage rules cannot hold, TR-11.2) and
the engine's own `final_scoring` and `result` score it: caps (A-02), Level-3 bonuses (TR-16.3)
and the tie break (TR-16.4) exactly as at the online table.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from parlor.core import BadScenario, Result, ScorePad

from ..pad_refusal import PadRefusal, need, seated_players
from .data import DATA
from .pad_form import TrickerionPad
from .pad_questions import questions
from .scoring import final_scoring, result
from .state import TrickerionState

if TYPE_CHECKING:
    from .game import Trickerion

SPECIALISTS = ("assistant", "manager", "engineer")
OPTIONS = ("dark_alley", "final_scoring_cap", "trick_component_source")


def _special_ids(counts: list[int]) -> list[list[str]]:
    """Only how many Special cards a magician keeps scores (TR-16.2): each count becomes that
    many distinct cards of the box, so no card is held twice."""
    need(sum(counts) <= len(DATA.specials), "special_cards_box",
         f"the box holds {len(DATA.specials)} Special Assignment cards, not {sum(counts)}",
         field="special_cards", box=len(DATA.specials), n=sum(counts))
    ids, start = [], 0
    for count in counts:
        ids.append([c.id for c in DATA.specials[start:start + count]])
        start += count
    return ids


def _tricks(entry: dict[str, Any], player: int, dark_alley: bool, owned: set[str]) -> list[dict[str, Any]]:
    """Owned Tricks with their prepared markers; a fourth Trick lies on the Engineer's slot, so it
    needs the Engineer; each Trick card is in the box once; Level-3 Tricks are Dark Alley only."""
    tricks = entry.get("tricks", [])
    need(len(tricks) <= 4, "too_many_tricks", f"player {player + 1}: at most 4 Tricks (TR-1.3)",
         field="trick-3", player=player)
    out = []
    for i, trick in enumerate(tricks):
        where = f"trick-{i}"
        name = trick.get("trick")
        need(name in DATA.trick_by_id, "unknown_trick", f"player {player + 1}: unknown Trick {name!r}",
             field=where, player=player)
        need(name not in owned, "trick_twice", f"player {player + 1}: Trick {name} is owned twice "
                                               "(one card of each in the box)",
             field=where, player=player, trick=name)
        owned.add(name)
        need(dark_alley or not DATA.tricks[DATA.trick_by_id[name]].dark_alley_only, "dark_alley_trick",
             f"player {player + 1}: {name} is a Dark Alley Trick (TR-1.2)", field=where, player=player,
             trick=name)
        need(i < 3 or "engineer" in entry.get("specialists", []), "engineer_slot",
             f"player {player + 1}: a fourth Trick lies on the Engineer's slot, so it needs the Engineer",
             field=where, player=player)
        prepared = trick.get("prepared", 0)
        need(0 <= prepared <= DATA.markers_per_suit, "trick_markers",
             f"player {player + 1}: a Trick holds 0 to {DATA.markers_per_suit} markers (TR-1.3)",
             field=where, player=player, max=DATA.markers_per_suit)
        out.append({"trick": name, "prepared": prepared, "engineer": i == 3})
    return out


def _seat(entry: dict[str, Any], player: int, specials: list[str], dark_alley: bool, owned: set[str]
          ) -> dict[str, Any]:
    specialists = list(entry.get("specialists", []))
    for specialist in specialists:
        need(specialist in SPECIALISTS, "unknown_specialist",
             f"player {player + 1}: unknown specialist {specialist!r}", field="assistant", player=player)
        need(specialists.count(specialist) == 1, "specialist_twice",
             f"player {player + 1}: the {specialist} is named twice", field=specialist, player=player,
             specialist=specialist)
    for key in ("components", "manager_components"):
        for name in entry.get(key, {}):
            need(name in DATA.component_by_id, "unknown_component",
                 f"player {player + 1}: unknown component {name!r}", field="components", player=player)
    seat: dict[str, Any] = {key: entry.get(key, 0) for key in ("fame", "coins", "shards")}
    seat |= {"apprentices": entry.get("apprentices", 0),
             "specialists": specialists,
             "assistant_apprentice": False,
             "components": {k: v for k, v in entry.get("components", {}).items() if v},
             "manager_components": {k: v for k, v in entry.get("manager_components", {}).items() if v},
             "tricks": _tricks(entry, player, dark_alley, owned)}
    if dark_alley:
        seat["specials"] = specials
    else:
        need(not entry.get("special_cards"), "special_cards_no_dark_alley",
             "Special Assignment cards need the Dark Alley (TR-17)", field="special_cards", player=player)
    return seat


def _storage(game: Trickerion, seat: dict[str, Any], player: int, spec: dict[str, Any]) -> None:
    """TR-11.2 by the scenario builder's own check, one component kind after another on an
    otherwise empty table, so a refusal names the player and the component that does not fit."""
    placed: dict[str, dict[str, int]] = {"components": {}, "manager_components": {}}
    for key, on_manager in (("components", False), ("manager_components", True)):
        for name, count in seat[key].items():
            placed[key][name] = count
            seats: list[dict[str, Any]] = [{} for _ in range(spec["players"])]
            seats[player] = {"specialists": seat["specialists"], **placed}
            try:
                game.scenario({**spec, "seats": seats, "initiative": list(range(spec["players"]))})
            except BadScenario:
                where = " on the Manager's slots" if on_manager else ""
                raise PadRefusal("components_storage", f"player {player + 1}: {count} {name}{where} do not "
                                 "fit the storage rules (TR-11.2)", field=f"component-{name}", player=player,
                                 component=name, n=count) from None


def position(game: Trickerion, facts: dict[str, Any]) -> TrickerionState:
    """The end-of-game position the facts describe. :raises BadScenario: impossible facts (a
    PadRefusal with its reason when the pad can say which entry is impossible)."""
    players = seated_players(game, facts)
    n = len(players)
    options = {k: v for k, v in facts.get("options", {}).items() if k in OPTIONS}
    dark_alley = bool(options.get("dark_alley", False))
    initiative = facts.get("initiative", list(range(n)))
    need(sorted(initiative) == list(range(n)), "initiative_order",
         f"the Initiative Order must name each of the {n} players once", field="initiative", n=n)
    specials = _special_ids([p.get("special_cards", 0) for p in players]) if dark_alley \
        else [[] for _ in players]
    owned: set[str] = set()
    seats = [_seat(p, i, specials[i], dark_alley, owned) for i, p in enumerate(players)]
    spec = {"players": n, "seed": 0, "options": options, "initiative": list(initiative), "seats": seats}
    try:
        return game.scenario(spec)
    except BadScenario:
        for i, seat in enumerate(seats):
            _storage(game, seat, i, {"players": n, "seed": 0, "options": options})
        raise


def score(game: Trickerion, facts: dict[str, Any]) -> Result:
    """TR-16: every player's final Fame with its breakdown and the ranking with its tie break."""
    state = position(game, facts)
    final_scoring(state)
    return result(state)


def score_pad(game: Trickerion) -> ScorePad:
    """The pad (this module scores, pad_form.py the facts, pad_questions.py the terminal)."""
    return ScorePad(TrickerionPad, partial(score, game), questions, (2, 4), summary=(
        "Trickerion's final scoring (TR-16, Dark Alley TR-16.2-16.3), the 20 caps of "
        "option final_scoring_cap (A-02) and the Initiative tie break (TR-16.4)."))
