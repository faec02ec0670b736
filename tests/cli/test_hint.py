"""`hint` in `parlor play`: what the hard bot would play in the player's place, by its number among
the choices and in the player's words, thought on a position redetermined from the player's view."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from fixturegames.sealed_bids.game import SealedBidsState
from parlor.cli import session
from parlor.cli.main import app
from parlor.cli.words import say

runner = CliRunner()


def test_a_hint_names_a_choice_by_its_number_on_what_the_player_knows(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []        # ids of the positions redetermined for seat 0
    thought_on: list[int] = []  # ids of the positions the hint's bot was given
    original = SealedBidsState.redetermine

    def recording(self: SealedBidsState, seat: int, rng: Any) -> SealedBidsState:
        position = original(self, seat, rng)
        if seat == 0:
            made.append(id(position))
        return position

    class Watched:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, game: Any, state: Any, seat: int, rng: Any, budget: Any = None) -> Any:
            thought_on.append(id(state))
            return self.bot.choose(game, state, seat, rng, budget)

    real_make_bot = session.make_bot
    monkeypatch.setattr(SealedBidsState, "redetermine", recording)
    monkeypatch.setattr(session, "make_bot", lambda spec: Watched(real_make_bot(spec))
                        if spec == session.HINT_LEVEL else real_make_bot(spec))
    out = runner.invoke(app, ["play", "sealed_bids", "--players", "2", "--seed", "4", "--lang", "es",
                              "--record", str(tmp_path / "g.json"), "--bot", "random"], input="hint\nquit\n")
    assert out.exit_code == 0, out.output
    opening = say("es", "hint_says", move="")
    line = next(line for line in out.output.splitlines() if opening in line)
    number = int(re.search(opening + r"(\d+)\. ", line).group(1))  # type: ignore[union-attr]
    choices = re.findall(r"^\s*(\d+)\. (.+?)\s*$", out.output, flags=re.M)
    assert (str(number), line.split(f"{number}. ", 1)[1].strip()) in choices, (line, choices)
    assert thought_on and set(thought_on) <= set(made)  # the bot thought on the player's view


def test_a_hint_says_how_the_search_divided(tmp_path: Path) -> None:
    """The hard bot's choice with its share of the search, in the player's language ("它 62% 的搜尋"),
    then any other choice that stood out in it, by its number and share."""
    out = runner.invoke(app, ["play", "sealed_bids", "--players", "2", "--seed", "4", "--lang", "zh_TW",
                              "--record", str(tmp_path / "g.json"), "--bot", "random"], input="hint\nquit\n")
    assert out.exit_code == 0, out.output
    line = next(line for line in out.output.splitlines() if "困難級電腦會選" in line)
    share = re.search(r"（它 (\d+)% 的搜尋）$", line.strip())
    assert share is not None and 0 < int(share.group(1)) <= 100, line
    # the other choices that stood out (how many depends on the search's time budget)
    others = [line for line in out.output.splitlines() if line.startswith("它也考慮了：")]
    for other in others:
        assert re.fullmatch(r"它也考慮了：(\d+\. .+? \d+%、?)+", other.strip()), other
        shares = [int(x) for x in re.findall(r" (\d+)%", other)]
        assert all(5 <= x for x in shares) and int(share.group(1)) + sum(shares) <= 102, (line, other)


@pytest.mark.parametrize(("lang", "played", "bot"), [
    ("en", "You played ", ("The hard bot would choose ", "The hard bot would choose it too.")),
    ("zh_TW", "你下的是 ", ("困難級電腦會選 ", "困難級電腦也會這麼選。"))])
def test_a_replay_walked_step_by_step_answers_hint_at_the_viewers_own_decision(
        lang: str, played: str, bot: tuple[str, str]) -> None:
    """`parlor replay FILE --step --seat 1`: where the decision was the viewer's, the prompt offers
    `hint`: the move they played there with its share of the hard bot's search, then the bot's
    choice (or that it agrees). Where it was not theirs, `hint` just goes on."""
    from parlor.cli.replaying import ReplaySteps
    from parlor.core import get_game

    from .test_screens import played as played_record

    record = played_record("opera", 2, 30, seed=3)
    game = get_game("opera")
    viewer = record.moves[0][0]   # whoever decided first
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    answers = iter(["hint", "", "q"])
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    console.input = answer  # type: ignore[method-assign]
    ReplaySteps(game, record, ["Ada", "Bo"], viewer, lang, console).run(interactive=True)
    lines = [line.strip() for line in console.export_text().splitlines()]
    said = [line for line in lines if line.startswith(played)]
    assert said and re.search(r"\d+%", said[0]), lines[-20:]
    answer_line = lines[lines.index(said[0]) + 1]
    assert answer_line.startswith(bot), answer_line
    assert "hint" in prompts[0] and len(prompts) == 3


def test_replay_analyse_sets_each_decision_beside_the_hard_bots(tmp_path: Path) -> None:
    """`parlor replay FILE --seat 1 --analyse`: each of the seat's decisions with a choice, looked at
    as a hint asked then would have (the same generator): how many matched the hard bot's choice,
    and the others by how much more of its search the bot's choice drew, in the language asked."""
    from parlor.ai import make_bot
    from parlor.ai.hints import suggest
    from parlor.cli.analysis import decisions
    from parlor.core import Rng, derive_seed, get_game

    from .test_screens import played as played_record

    record = played_record("opera", 2, 60, seed=4)
    path = tmp_path / "opera.json"
    record.save(path)
    out = runner.invoke(app, ["replay", str(path), "--seat", "1", "--analyse", "--lang", "es"],
                        terminal_width=100)
    assert out.exit_code == 0, out.output
    game = get_game("opera")
    found = decisions(game, record, 0)
    assert found and all(d.number - 1 in [i for i, (seat, _) in enumerate(record.moves) if seat == 0]
                         for d in found)
    # a decision's bot choice is the hint asked at that position would have given
    first = found[0]
    state = game.setup(record.players, record.seed, record.options)
    for seat, data in record.moves[:first.number - 1]:
        state.play(seat, game.move_from_json(data))
    hint = suggest(make_bot(session.HINT_LEVEL), game, state, 0,
                   Rng(derive_seed(record.seed, "hint", first.number - 1, 0)))
    assert ((first.played[0], hint.share(first.played[0])), (hint.move, hint.share(hint.move))) == (
        first.played, first.chosen)   # 200 iterations: the same search
    same = sum(1 for d in found if d.agreed)
    text = " ".join(out.output.split())
    assert f"eligió como el bot difícil en {same} de {len(found)} decisiones" in text, text[-600:]
    if same < len(found):
        assert "Donde el bot difícil habría elegido otra cosa" in text
    refused = runner.invoke(app, ["replay", str(path), "--analyse"])
    assert refused.exit_code == 2 and "--analyse needs --seat" in refused.output


def test_moves_of_the_same_words_are_told_apart_in_a_hint() -> None:
    """Trickerion's six "Reroll a die" read alike in its catalog; where a hint names two of them, each
    is said as the choices list says it, with its die ("Reroll a die: Residence die A")."""
    from parlor.ai.hints import Hint
    from parlor.cli.hinting import hint_lines
    from parlor.cli.screens import screen_for
    from parlor.cli.screens.base import Context
    from parlor.core import get_game
    from parlor.games.trickerion.moves import Done, RerollDie

    game = get_game("trickerion")
    catalog = game.catalogs()["en"]
    names = ["Ada", "Bo"]
    state = game.setup(2, 1, game.make_options({}))
    view = state.view(0)
    ctx = Context(game, catalog, "en", names, 0)

    def plain(move: Any) -> str:
        return catalog.move(move, names, 0)

    def listed(move: Any) -> str:
        return screen_for("trickerion").move_label(move, ctx, 0, view)

    assert plain(RerollDie(0)) == plain(RerollDie(2))
    hint = Hint(RerollDie(2), ((RerollDie(2), 0.6), (Done(), 0.2)))
    lines = hint_lines(hint, "en", plain, RerollDie(0), listed)
    assert listed(RerollDie(0)) == "Reroll a die: Residence die A"
    assert lines[0].startswith(f"You played {listed(RerollDie(0))} (")
    assert lines[1].startswith(f"The hard bot would choose {listed(RerollDie(2))} (")
    assert lines[2] == f"It also weighed: {plain(Done())} 20%", lines   # words of its own: said plainly
    assert hint_lines(hint, "en", plain, RerollDie(0))[0].startswith(f"You played {plain(RerollDie(0))} (")
