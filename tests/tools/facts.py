"""Finished engine games and the public facts a score pad would be filled with from their tables."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from parlor.core import Event, Result, get_game


def pad_score(game_id: str) -> Callable[[dict[str, Any]], Result]:
    """The game's score pad's scoring, found through the game (`Game.score_pad`)."""
    pad = get_game(game_id).score_pad()
    assert pad is not None, f"{game_id} has no score pad"
    return pad.score


def finished(game_id: str, players: int, seed: int, options: dict[str, Any] | None = None
             ) -> tuple[Any, list[Event]]:
    """A seeded random game played to its end, and the events of its last move."""
    game = get_game(game_id)
    state = game.setup(players, seed, options)
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_over():
        actors = state.actors()
        seat = actors[rng.randrange(len(actors))]
        events = state.play(seat, rng.choice(state.legal_moves(seat)))
    return state, events


def trickerion_facts(s: Any, options: dict[str, Any]) -> dict[str, Any]:
    """TR-16 facts of a finished Trickerion game: Fame before final scoring and what scores."""
    from parlor.games.trickerion.data import DATA
    from parlor.games.trickerion.rules.setup import SPECIALIST_CHAR
    players = []
    for seat in range(s.players):
        comps = {c.id: s.components[seat][c.index] for c in DATA.components
                 if s.components[seat][c.index] and not s.manager_piles[seat] >> c.index & 1}
        mgr = {c.id: s.components[seat][c.index] for c in DATA.components
               if s.components[seat][c.index] and s.manager_piles[seat] >> c.index & 1}
        tricks = [(s.trick_slots[seat].index(suit) if suit in s.trick_slots[seat] else 9, suit)
                  for suit in range(4) if s.trick_by_suit[seat][suit] >= 0]
        players.append({
            "fame": s.final[seat]["fame_in_game"], "coins": s.coins[seat], "shards": s.shards[seat],
            "apprentices": bin(s.team[seat] & 0b11110000).count("1"),
            "specialists": [name for name, bit in SPECIALIST_CHAR.items() if s.team[seat] >> bit & 1],
            "special_cards": len(s.special_hand[seat]),
            "tricks": [{"trick": DATA.tricks[s.trick_by_suit[seat][suit]].id,
                        "prepared": s.prepared[seat][suit]}
                       for _, suit in sorted(tricks)],
            "components": comps, "manager_components": mgr})
    return {"players": players, "initiative": list(s.order), "options": options}


def opera_facts(s: Any, events: list[Event], options: dict[str, Any]) -> dict[str, Any]:
    """OP-13 facts of the last scoring round: the ladder after the fame move, the episode
    composers, each player's VP before the round (the track), budget place and houses."""
    from parlor.games.opera.board import COMPOSERS, NOHALL, PART_KINDS, PARTS_BY, PIECE_COMPOSER, flat
    from parlor.games.opera.data import DATA
    round_event = next(e for e in events if e.kind == "scoring_round")
    players = []
    for seat in range(s.players):
        gains = round_event.data["gains"][seat]
        houses = {}
        for city, number in enumerate(s.house[seat]):
            if not number:
                continue
            parts, halls = [], []
            for kind in PART_KINDS[city]:
                part = PARTS_BY.get((city, number, kind))
                if part is None or s.halls[seat][flat(city, part.hall_numbers[0])] == NOHALL:
                    continue
                parts.append(kind)
            built = sorted(h for kind in parts for h in PARTS_BY[(city, number, kind)].hall_numbers)
            for hall in built:
                piece = s.halls[seat][flat(city, hall)]
                halls.append("" if piece < 0 else "house" if PIECE_COMPOSER[piece] < 0
                             else COMPOSERS[PIECE_COMPOSER[piece]])
            houses[DATA.cities[city].id] = {"parts": parts, "halls": halls}
        players.append({"score": round_event.data["scores"][seat] - sum(gains.values()),
                        "budget_row": s.row[seat], "budget_slot": s.slot[seat], "houses": houses})
    return {"round": s.round, "ladder": sorted(COMPOSERS, key=lambda c: s.fame[COMPOSERS.index(c)]),
            "episode_composers": [COMPOSERS[PIECE_COMPOSER[p]] for p in s.episode_pieces],
            "players": players, "options": options}


def skyrise_facts(st: Any, events: list[Event]) -> dict[str, Any]:
    """SK-12 facts: what players count on the city at the end of era 2; `before` is the prestige
    on the track before the end of the game (total minus what its events gave)."""
    from parlor.games.skyrise import scoring
    data = st.data
    start = max(i for i, e in enumerate(events) if e.kind == "era_ended")
    gained = [0] * st.players
    islands = [0] * st.players
    for e in events[start:]:
        if e.seat is None:
            continue
        if e.kind == "island_scored":
            islands[e.seat] += 1
        if e.kind in ("island_scored", "panorama_scored", "objective_scored"):
            gained[e.seat] += e.data["points"]
        if e.kind == "final_scored":
            gained[e.seat] += sum(e.data.values())
    players = []
    for s in range(st.players):
        colours = data.board.colours
        per_colour = {c: 0 for c in colours}
        for nb in scoring.structures(st, s):
            per_colour[colours[st.layout.colour[nb]]] += 1
        players.append({
            "before": st.prestige[s] - gained[s], "islands": islands[s],
            "panorama_counts": [scoring.panorama_count(st, s, data.panoramas[i]) for i in st.panoramas],
            "objective": colours[data.objectives[st.objectives[s]].colour],
            "objective_structures": scoring.objective_count(st, s),
            "patrons": dict(zip(data.patron_letters, st.patrons[s], strict=True)),
            "excess_discs": sum(st.excess[s]), "commissions": st.commissions[s],
            "finished": st.finish_order.index(s) + 1, "structures": per_colour,
            "tracks": dict(zip(colours, st.tracks[s], strict=True))})
    return {"panoramas": [data.panoramas[i].id for i in st.panoramas],
            "patron_values": dict(zip(data.patron_letters, st.patron_values, strict=True)),
            "players": players}


def starroad_facts(s: Any, options: dict[str, Any]) -> dict[str, Any]:
    """SR-3.5 / SR-23.2 facts: each character's faction card, whether it lives, its HP."""
    return {"players": [{"faction": p.faction, "alive": p.alive, "hp": p.hp if p.alive else 0}
                        for p in s.players], "options": options}
