"""`parlor play --auto-pass`: the terminal passes for the player where a pass is all they may do (Star
Road asks each player in turn whether to respond to every declaration, SR-10.6), and undo never stops
at such a pass (it is no choice: taken back, it would be asked, or made, again at once)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from parlor.ai import make_bot
from parlor.cli.main import app
from parlor.cli.saves import SavedGame
from parlor.cli.session import PlayStyle, Redecide, Session
from parlor.core import GameRecord, Rng, get_game
from parlor.core.moves import only_passing

runner = CliRunner()
PROMPT = "Your move (number, notation or help)"


def moves_of(record: Path) -> list[tuple[int, Any]]:
    return GameRecord.from_json(json.loads(record.read_text(encoding="utf-8"))).moves


def lone_passes(record: Path, seat: int = 0) -> int:
    """How many of `seat`'s moves in the saved game were a pass that was all it could do."""
    game = get_game("starroad")
    data = GameRecord.from_json(json.loads(record.read_text(encoding="utf-8")))
    state = game.setup(data.players, data.seed, data.options)
    count = 0
    for who, move in data.moves:
        count += who == seat and only_passing(state.legal_moves(who))
        state.play(who, game.move_from_json(move))
    return count


def test_the_terminal_passes_for_the_player_only_when_asked(tmp_path: Path) -> None:
    answers = "1\n" * 40 + "quit\n"
    for auto, name in ((True, "auto.json"), (False, "asked.json")):
        record = tmp_path / name
        args = ["play", "starroad", "--players", "4", "--bot", "random", "--seed", "5",
                "--record", str(record)]
        out = runner.invoke(app, [*args, "--auto-pass"] if auto else args, input=answers)
        assert out.exit_code == 0, out.output
        mine = sum(1 for seat, _ in moves_of(record) if seat == 0)
        forced = lone_passes(record)
        if auto:  # each lone pass went without a prompt: fewer prompts than the player's moves
            assert forced > 0 and out.output.count(PROMPT) <= mine - forced + 1, (forced, mine)
        else:     # every move of the player was asked for
            assert out.output.count(PROMPT) >= mine, (out.output.count(PROMPT), mine)


def a_lone_pass_after_a_choice(seed: int) -> tuple[GameRecord, int, int]:
    """A 4-player game of random bots played until seat 0's last move is a lone pass after a choice of
    its own: the record, the choice's index and the pass's."""
    game = get_game("starroad")
    record = GameRecord.start(game, 4, seed)
    state = game.setup(4, seed)
    bot, rng = make_bot("random"), Rng(seed)
    chosen = lone = -1
    while lone < 0 or lone < chosen:
        seat = state.actors()[0]
        if seat == 0:
            if only_passing(state.legal_moves(seat)):
                lone = len(record.moves)
            else:
                chosen = len(record.moves)
        move = bot.choose(game, state, seat, rng)
        state.play(seat, move)
        record.add(seat, move)
        assert not state.is_over()
    return record, chosen, lone


def test_undo_takes_back_the_last_choice_not_a_lone_pass(tmp_path: Path) -> None:
    game = get_game("starroad")
    undone = 0
    for seed in range(1, 30):
        record, chosen, lone = a_lone_pass_after_a_choice(seed)
        saved = SavedGame(record, tmp_path / f"game{seed}.json", 0, "random", "en", "Ada")
        console = Console(file=io.StringIO(), width=100, record=True)
        play = Session(game, saved, console, PlayStyle(auto_pass=True))
        mine = play._chosen()  # undo takes back to the last of these, with what the others answered
        assert mine[-1] == chosen and lone not in mine, (seed, mine[-5:], chosen, lone)
        # the server's rule too: nothing revealed or drawn on chance since (else undo refuses)
        if any(e.reveal for events in play.history[chosen:] for e in events) or any(play.chance[chosen:]):
            continue
        try:
            play.undo()
        except Redecide:
            pass
        assert len(saved.record.moves) == chosen, (seed, len(saved.record.moves), chosen, lone)
        undone += 1
        if undone == 3:
            break
    assert undone, "no game to undo in"


def test_the_table_page_passes_the_same_kinds() -> None:
    """web/src/components/TablePage.tsx sends for the player the kinds core/moves.py calls passing."""
    import re

    from parlor.core.moves import PASSING

    page = Path(__file__).resolve().parents[2] / "web/src/components/TablePage.tsx"
    source = page.read_text(encoding="utf-8")
    found = re.search(r"const PASSING = \[([^\]]*)\]", source)
    assert found and set(re.findall(r"'(\w+)'", found.group(1))) == PASSING
