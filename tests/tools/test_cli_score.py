"""`parlor score GAME`: the terminal asks for the pad's entries in the player's language and prints
the totals the game's own scoring gives (the same `pad.score` the server uses)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from parlor.cli.main import app
from parlor.cli.score import Asker
from parlor.core import get_game

from .facts import pad_score

trickerion_score, opera_score = pad_score("trickerion"), pad_score("opera")
skyrise_score, starroad_score = pad_score("skyrise"), pad_score("starroad")

runner = CliRunner()


def run(game: str, answers: list[str], lang: str = "en") -> str:
    result = runner.invoke(app, ["score", game, "--lang", lang], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def row(output: str, name: str) -> list[str]:
    """`name`'s place, name and total in the result table, whose columns are the players (best
    first) and whose first two rows are the places and the totals."""
    lines = output.splitlines()
    rule = next(i for i, line in enumerate(lines) if line.strip() and set(line.strip()) == {"─"})
    players = lines[rule - 1].split()
    places, totals = lines[rule + 1].split()[-len(players):], lines[rule + 2].split()[-len(players):]
    column = players.index(name)
    return [places[column], name, totals[column]]


TRICKERION = [
    "2",
    "Ada",
    "Bo",
    "n",
    "y",
    "20",
    "9",
    "3",
    "y",
    "n",
    "n",
    "2",
    "2",
    "33",
    "0",
    "0",
    "n",
    "n",
    "n",
    "0",
    "1",
]


@pytest.mark.parametrize(
    ("lang", "heading", "yes", "no"),
    [
        ("en", "Final scores", "y", "n"),
        ("zh_TW", "最終分數", "是", "否"),
        ("es", "Puntuación final", "s", "n"),
    ],
)
def test_trickerion_in_three_languages(lang: str, heading: str, yes: str, no: str) -> None:
    """TR-16.1 and the TR-16.4 tie break, asked and answered in the player's language."""
    answers = [{"y": yes, "n": no}.get(a, a) for a in TRICKERION]
    output = run("trickerion", answers, lang)
    expected = trickerion_score(
        {
            "players": [
                {"fame": 20, "coins": 9, "shards": 3, "apprentices": 2, "specialists": ["assistant"]},
                {"fame": 33},
            ],
            "initiative": [1, 0],
        }
    )
    assert heading in output
    assert row(output, "Bo")[:3] == ["1", "Bo", f"{expected.scores[1]:g}"]
    assert row(output, "Ada")[:3] == ["2", "Ada", f"{expected.scores[0]:g}"]
    assert "TR-16.4" in output


def test_opera_scoring_round() -> None:
    """OP-13 from the halls typed city by city, by composer names."""
    cities = ["house", "verdi, mozart", "", "", "", ""] + ["house", "", "", "", "-, -, -", ""]
    answers = [
        "2",
        "Ada",
        "Bo",
        "n",
        "",
        "",
        "bach, handel, verdi",
        *cities[:6],
        "30",
        "4",
        "1",
        *cities[6:],
        "35",
        "2",
        "2",
    ]
    output = run("opera", answers)
    expected = opera_score(
        {
            "round": 9,
            "ladder": ["bach", "handel", "mozart", "verdi", "wagner", "monteverdi"],
            "episode_composers": ["bach", "handel", "verdi"],
            "players": [
                {
                    "score": 30,
                    "budget_row": 4,
                    "budget_slot": 1,
                    "houses": {"venezia": ["house"], "wien": ["verdi", "mozart"]},
                },
                {
                    "score": 35,
                    "budget_row": 2,
                    "budget_slot": 2,
                    "houses": {"venezia": ["house"], "paris": ["", "", ""]},
                },
            ],
        }
    )
    assert (
        row(output, "Ada")[2] == f"{expected.scores[0]:g}"
        and row(output, "Bo")[2] == f"{expected.scores[1]:g}"
    )


SKYRISE = [
        "2",
        "Ada",
        "Bo",
        "chains, lakes",
        "",
        "",
        "",
        "",
        "40",
        "2",
        "0",
        "1",
        "yellow",
        "2",
        "0",
        "0",
        "0",
        "0",
        "1",
        "2",
        "yellow=5",
        "yellow=3",
        "60",
        "0",
        "0",
        "0",
        "green",
        "0",
        "0",
        "0",
        "0",
        "0",
        "0",
        "1",
        "green=2",
        "",
]


# what SKYRISE's answers say, as the pad's facts
SKYRISE_FACTS = {
    "panoramas": ["chains", "lakes"],
    "patron_values": {"A": 3, "B": 4, "C": 5, "D": 8},
    "players": [
        {
            "before": 40,
            "islands": 2,
            "panorama_counts": [0, 1],
            "objective": "yellow",
            "patrons": {"A": 2},
            "commissions": 1,
            "finished": 2,
            "structures": {"yellow": 5},
            "tracks": {"yellow": 3},
        },
        {"before": 60, "objective": "green", "finished": 1, "structures": {"green": 2}},
    ],
}


def test_skyrise_final_scoring() -> None:
    output = run("skyrise", SKYRISE)
    expected = skyrise_score(SKYRISE_FACTS)
    assert (
        row(output, "Ada")[2] == f"{expected.scores[0]:g}"
        and row(output, "Bo")[2] == f"{expected.scores[1]:g}"
    )


def test_starroad_outcome_and_a_wrong_answer_asked_again() -> None:
    """SR-3.5: both Blue characters eliminated; an HP of 0 for a living character is asked again."""
    answers = ["4", "", "", "", "", "n", "", "y", "0", "3", "", "y", "8", "", "n", "", "n"]
    output = run("starroad", answers)
    assert "Answer a whole number from 1 to 256." in output
    expected = starroad_score(
        {
            "players": [
                {"faction": "R*", "hp": 3},
                {"faction": "R", "hp": 8},
                {"faction": "B*", "alive": False},
                {"faction": "B", "alive": False},
            ]
        }
    )
    assert expected.winners() == (0, 1)
    assert "Winner: Player 1, Player 2" in output


def test_unknown_game_is_one_line() -> None:
    result = runner.invoke(app, ["score", "chess"])
    assert result.exit_code == 2 and "parlor score knows" in result.output


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("zh_TW", "計分表無法計算：2 位玩家在行動順序中各佔一個名次。"),
        ("es", "La hoja no puede puntuar esto: Cada uno de los 2 jugadores ocupa un puesto en el orden de "
               "iniciativa."),
    ],
)
def test_a_refusal_in_the_players_language(lang: str, says: str) -> None:
    """Two players in one place of the Initiative Order (TR-16.4): refused with the reason's words
    in the chosen language, not the API's English."""
    answers = [*TRICKERION[:-1], "2"]
    result = runner.invoke(app, ["score", "trickerion", "--lang", lang], input="\n".join(answers) + "\n")
    assert result.exit_code == 1
    assert says in " ".join(result.output.split()).replace("： ", "：")


CHINESE_NAMES = {"chains": "連鎖", "lakes": "湖泊", "yellow": "黃色", "green": "綠色"}


def test_skyrise_in_chinese_as_a_chinese_keyboard_types_it() -> None:
    """A Chinese keyboard types "，" or "、" between a list's names and "＝" in a pair: the pad takes
    them as the English answers' commas and equals signs, and asks in Chinese marks (no "[...]" or
    "(...)" around Chinese words, "：" after a question)."""
    english = row(run("skyrise", SKYRISE), "Ada")[2], row(run("skyrise", SKYRISE), "Bo")[2]
    answers = [answer.replace("chains, lakes", "連鎖、湖泊").replace("=", "＝") for answer in SKYRISE]
    for english_name, chinese in CHINESE_NAMES.items():
        answers = [answer.replace(english_name, chinese) for answer in answers]
    answers[3] = "連鎖，湖泊"
    output = run("skyrise", answers, "zh_TW")
    assert (row(output, "Ada")[2], row(output, "Bo")[2]) == english
    assert not re.search(r"[\[(][\u3400-\u9fff]|[\u3400-\u9fff][\])]|: ", output), output
    assert "玩家人數（2 到 4）［2］：" in output


@pytest.mark.parametrize(("lang", "says"), [("en", "Stopped: nothing was scored."),
                                            ("zh_TW", "已停止，沒有計分。"),
                                            ("es", "Detenido: no se ha puntuado nada.")])
def test_input_that_ends_early_stops_in_the_players_language(lang: str, says: str) -> None:
    """The answers ran out (Ctrl-D) half-way: the pad says it stopped, in the player's words (it
    printed the library's English "Aborted.")."""
    result = runner.invoke(app, ["score", "skyrise", "--lang", lang], input="2\nAda\n")
    assert result.exit_code == 1
    assert says in result.output and "Abort" not in result.output


def test_the_totals_fit_80_columns_with_every_category_whole() -> None:
    """Nine Skyrise categories as columns broke every heading at 80 columns ("Pres" / "tigi" / "o"):
    the totals are a column per player and a row per category, each category's words whole."""
    result = runner.invoke(app, ["score", "skyrise", "--lang", "es"], input="\n".join(SKYRISE) + "\n",
                           terminal_width=80)
    assert result.exit_code == 0, result.output
    table = result.output.split("Puntuación final", 1)[1]
    ask = Asker("es", get_game("skyrise").catalogs()["es"])
    keys = {key for line in skyrise_score(SKYRISE_FACTS).breakdown for key in line}
    assert len(keys) >= 8
    for key in keys:
        assert ask.category(key) in table, (ask.category(key), table)
    assert max(len(line) for line in table.splitlines()) <= 80


def test_a_team_outcome_reads_as_one_row_of_words() -> None:
    """Star Road scores a win or a loss (SR-3.5, SR-23.2): one "Result" row that says which, not a
    "Loss" row of zeros beside a "Win" row."""
    answers = ["4", "", "", "", "", "n", "", "y", "0", "3", "", "y", "8", "", "n", "", "n"]
    output = run("starroad", answers)
    result = next(line for line in output.splitlines() if line.strip().startswith("Result"))
    assert result.split()[1:] == ["Win", "Win", "Loss", "Loss"]
    assert not [line for line in output.splitlines() if line.split()[:1] in (["Win"], ["Loss"])]


def test_a_team_shares_its_outcome_and_a_draw_says_so() -> None:
    """SR-3.5: the players of the winning group win together, no tie to break between them; SR-23.2:
    both groups alive with the same total HP is a draw between them, said as one."""
    won = run("starroad", ["4", "", "", "", "", "n", "", "y", "3", "", "y", "8", "", "n", "", "n"])
    assert "Winner: Player 1, Player 2" in won and "tied on" not in won
    drawn = run("starroad", ["4", "", "", "", "", "n", *(["", "y", "8"] * 4)])
    assert "Draw between Player 1, Player 2, Player 3, Player 4" in drawn, drawn
    assert "tied on" not in drawn and "Winner" not in drawn


@pytest.mark.parametrize(("lang", "objective"), [
    ("en", "Objective (Ada) (Yellow (Philosophers), Green (Naturalists), White (Artists), "
           "Brown (Inventors)):"),
    ("zh_TW", "秘密目標（Ada）（黃色（哲學家）、綠色（自然主義者）、白色（藝術家）、棕色（發明家））："),
])
def test_a_choice_among_a_few_names_them_in_its_question(lang: str, objective: str) -> None:
    """Skyrise's secret objective is one of four colours (SK-3.7): the question names them, where the
    player learnt them only from a refusal after a first answer."""
    output = run("skyrise", SKYRISE, lang)
    assert objective in output.replace("\n", ""), output
