"""The terminal's screens in-process: hidden information never reaches them (planted markers), every
game's cards have text in every language, and the terminal's own sentences exist in all three."""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from installed_games import INSTALLED
from parlor.ai import make_bot
from parlor.cli.line_breaks import WORD
from parlor.cli.replaying import ReplaySteps
from parlor.cli.saves import SavedGame
from parlor.cli.screens import screen_for
from parlor.cli.screens.base import GameScreen
from parlor.cli.screens.starroad import StarRoadScreen
from parlor.cli.session import Session
from parlor.cli.words import WORDS
from parlor.core import GameRecord, Rng, get_game
from parlor.core.text import LANGS

from .terminal import RAW_ID, problems

# game -> players; a game not named plays with 3 (or its nearest count)
CHOSEN = {"starroad": 4}
GAMES = {game.id: CHOSEN.get(game.id, min(max(3, game.min_players), game.max_players))
         for game in map(get_game, INSTALLED)}


def played(game_id: str, players: int, moves: int, seed: int = 2) -> GameRecord:
    game = get_game(game_id)
    record = GameRecord.start(game, players, seed)
    state = game.setup(players, seed)
    bot, rng = make_bot("random"), Rng(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.actors()[0]
        move = bot.choose(game, state, seat, rng)
        state.play(seat, move)
        record.add(seat, move)
    return record


def session(game_id: str, record: GameRecord, seat: int, lang: str) -> tuple[Session, Console]:
    console = Console(file=io.StringIO(), width=100, record=True, color_system=None)
    saved = SavedGame(record, Path("unused.json"), seat, "easy", lang, "")
    return Session(get_game(game_id), saved, console), console


@pytest.mark.parametrize("game_id", list(GAMES))
def test_hidden_information_never_reaches_the_screen(game_id: str) -> None:
    """Every value hidden from the seat is overwritten with a marker; the seat's screen (and a spectator's
    replay screen) shows none of them."""
    for moves in (5, 40):
        record = played(game_id, GAMES[game_id], moves)
        for seat in range(GAMES[game_id]):
            play, console = session(game_id, record, seat, "en")
            markers = play.state.plant_markers(seat)
            play.show_screen(play.state.legal_moves(seat) if seat in play.state.actors() else None)
            text = console.export_text()
            leaked = [m for m in markers if str(m) in text and len(str(m)) > 3]
            assert not leaked, (game_id, moves, seat, leaked)
        play, console = session(game_id, record, 0, "en")
        markers = play.state.plant_markers(None)
        steps = ReplaySteps(get_game(game_id), record, play.names, None, "en", console)
        steps.show(play.state, [], Text(""))
        text = console.export_text()
        assert not [m for m in markers if str(m) in text and len(str(m)) > 3]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_screens_of_a_game_under_way_fit_and_name_everything(game_id: str, lang: str) -> None:
    """At 100 columns and at 80 (a terminal's usual width), and at 60 for what is cut ("…")."""
    for moves in (0, 25, 80, 160):
        record = played(game_id, GAMES[game_id], moves, seed=5)
        probe, _ = session(game_id, record, 0, lang)
        seat = probe.state.actors()[0] if probe.state.actors() else 0
        for width in (100, 80, 60):
            play, console = session(game_id, record, seat, lang)
            console.width = width
            play.show_screen(play.state.legal_moves(seat) if play.state.actors() else None)
            screen = console.export_text()
            found = problems(screen + "\n", lang)
            if width == 60:  # a 60-column screen may run past 40 lines
                found = [problem for problem in found if "more than" not in problem]
            where = f"{game_id} after {moves} moves, {width} columns"
            assert not found, f"{where}:\n" + "\n".join(found) + "\n" + screen


# the number one before a plural noun of one or two words ("1 Shards", "1 trick markers")
ONE_WITH_PLURAL = re.compile(r"\b1 (?:[A-Za-z]+ )?[A-Za-z]+s\b")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_card_has_a_name_and_text(game_id: str, lang: str) -> None:
    play, _ = session(game_id, GameRecord.start(get_game(game_id), GAMES[game_id], 1), 0, lang)
    cards = screen_for(game_id).cards(play.context())
    assert len(cards) >= 6
    for key, lines in cards.items():
        assert len(lines) >= 2 and all(line.strip() for line in lines), (key, lines)
        assert not RAW_ID.search(lines[0]), (key, lines[0])
        if lang == "en":  # a card's one Coin, one use, one trick marker: "1 Coins" was printed
            assert not any(ONE_WITH_PLURAL.search(line) for line in lines), (key, lines)


def test_the_terminal_speaks_every_sentence_in_three_languages() -> None:
    english = WORDS["en"]
    for lang in LANGS:
        assert set(WORDS[lang]) == set(english), lang
        for key, sentence in WORDS[lang].items():
            fields = {name for _, name, _, _ in string.Formatter().parse(sentence) if name}
            assert fields == {name for _, name, _, _ in string.Formatter().parse(english[key]) if name}, key
            if lang != "en" and len(english[key]) > 8 and key not in ("no", "error"):  # Spanish says error
                assert sentence != english[key], (lang, key)


def test_a_seat_order_names_the_players_in_their_colours_joined_by_arrows() -> None:
    """The Opera turn order and the Trickerion initiative both show players this way."""
    play, _ = session("opera", GameRecord.start(get_game("opera"), 3, 1), 0, "en")
    ctx = play.context()
    order = ctx.seat_order("turn_order", [2, 0, 1])
    names = [ctx.names[seat] for seat in (2, 0, 1)]
    assert order.plain == f"{ctx.label('turn_order')}: " + " › ".join(names)
    assert [order.plain[span.start:span.end] for span in order.spans] == names


def test_a_rule_beside_its_sentence_takes_the_languages_colon() -> None:
    """OP-9.3.1 in the terminal's role table: "OP-9.3.1: <rule>" in English and Spanish, with the
    full-width colon in Traditional Chinese ("OP-9.3.1：…")."""
    from parlor.cli.screens.base import Context, rule_lines
    from parlor.core.registry import all_games

    opera = next(game for game in all_games() if game.id == "opera")
    for lang, colon in (("en", ": "), ("es", ": "), ("zh_TW", "：")):
        catalog = opera.catalogs()[lang]
        line, = rule_lines("OP-9.3.1", Context(opera, catalog, lang, ["Ann", "Bo"], 0))
        assert line == f"OP-9.3.1{colon}{catalog.rules['OP-9.3.1']}"


def test_a_place_on_the_map_set_into_chinese_takes_a_space_beside_it() -> None:
    """Skyrise's choices name a neighborhood by its square ("F2"): set into a Chinese sentence whose
    catalog closed the spaces around the Chinese name, the square stands apart as Chinese sets a Latin
    word; English keeps its own spaces."""
    from parlor.cli.screens.skyrise import set_in

    assert set_in("以 7（矮）在中央島嶼西北起標", "中央島嶼西北", "F2") == "以 7（矮）在 F2 起標"
    assert set_in("在中央島嶼西北拿取", "中央島嶼西北", "中央島嶼西北 ‹F2›") == "在中央島嶼西北 ‹F2› 拿取"
    assert set_in("Open with 7 (short) on Central Island, north-west", "Central Island, north-west",
                  "F2") == "Open with 7 (short) on F2"


@pytest.mark.parametrize("lang", LANGS)
def test_the_skyrise_screens_words_wrap_between_their_entries(lang: str) -> None:
    """The legend beside the map names each colour and disc (SK-2.2, SK-3.3) and the private panel
    the secret objective (SK-3.7); where a line wraps, it wraps between entries, never inside one ("✱
    Disco" / "comodín", "Objetivo" / "secreto: Filósofos" on two lines), at any terminal width."""
    catalog = get_game("skyrise").catalogs()[lang]
    entries = [catalog.name(disc) for disc in ("neighborhood_green", "patron_a", "wild", "commission")]
    entries += [catalog.name(colour) for colour in ("yellow", "green", "white", "brown")]
    for seed in range(1, 7):
        record = played("skyrise", 2, 0, seed=seed)
        for width in (60, 80, 90, 100, 120):  # at 60 the legend goes below the map
            play, console = session("skyrise", record, 0, lang)
            console.width = width
            play.show_screen(play.state.legal_moves(0))
            screen = console.export_text()
            objective = play.state.view(0)["you"]["objective"]
            for entry in [*entries, catalog.name(objective)]:
                assert entry in screen, (seed, width, entry, screen)


@pytest.mark.parametrize(("lang", "sentence"), [("en", "Bot 2 (easy)'s faction card is"),
                                                 ("zh_TW", "電腦 2（簡單）的陣營牌是"),
                                                 ("es", "La carta de facción de Bot 2 (fácil) es")])
def test_a_peeked_faction_reads_as_a_sentence_in_the_private_panel(lang: str, sentence: str) -> None:
    """A faction card the player looked at (SR-21.4) shows in their own panel as the log says it
    ("Bot 2 (easy)'s faction card is Red"), not as a name and a colour side by side."""
    play, console = session("starroad", played("starroad", 4, 0), 0, lang)
    play.state.players[0].peeked.append(1)
    play.show_screen(play.state.legal_moves(0) if 0 in play.state.actors() else None)
    faction = get_game("starroad").catalogs()[lang].name(play.state.players[1].faction)
    screen = console.export_text()
    assert f"{sentence} {faction}" in screen or f"{sentence}{faction}" in screen, screen


@pytest.mark.parametrize(("game_id", "move", "subject"), [
    ("opera", "place piece=verdi city=wien hall=1", "wien"),
    ("skyrise", "wonder_bid at=c08", None),
    ("starroad", "build no=0007", "0007"),
    ("trickerion", "assign character=magician location=downtown", None),
    ("trickerion", "learn_trick trick=wolf_cage die=1 engineer=false", "wolf_cage"),
])
def test_a_move_names_its_card_by_the_fields_its_game_prefers(game_id: str, move: str,
                                                               subject: str | None) -> None:
    """`?N` shows the card a move is about: a game's screen looks only at the fields that name a
    card or object, in its order."""
    assert screen_for(game_id).subject(get_game(game_id).parse(move)) == subject


def test_the_default_screen_takes_a_moves_first_field_holding_text() -> None:
    move = get_game("trickerion").parse("assign character=magician location=downtown")
    assert GameScreen().subject(move) == "magician"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_players_table_keeps_every_word_whole_at_any_width(game_id: str, lang: str) -> None:
    """At 80 columns the Spanish headers broke ("Fragm" / "entos", "Presti" / "gio") and a Trickerion
    Trick ran down its column a word at a time. The players' table now keeps every word of its
    headers and cells whole at any width: its columns at their longest words at least, or, where
    even that is too wide, one block per player ("Fama: 5   Monedas: 14 ...")."""
    for moves in (0, 25, 80):
        play, console = session(game_id, played(game_id, GAMES[game_id], moves, seed=5), 0, lang)
        table = screen_for(game_id).players(play.state.view(0), play.context())
        assert isinstance(table, Table)
        columns = table.columns
        # the blocks name each player without the players' column's header ("Player")
        texts = [*(column.header for column in columns[1:]),
                 *(cell for column in columns for cell in column.cells)]
        words = {word.strip() for text in texts  # a Chinese character is a word of its own
                 for word in WORD.findall(text.plain if isinstance(text, Text) else
                                          console.render_str(str(text)).plain)}
        for width in (60, 80, 100):
            lines = console.render_lines(table, console.options.update_width(width), pad=False)
            shown = "\n".join("".join(segment.text for segment in line) for line in lines)
            assert max(len(line) for line in lines) <= width
            broken = sorted(word for word in words if word not in shown)
            assert not broken, f"{game_id} after {moves} moves at {width} columns:\n{broken}\n{shown}"
            lines_shown = [line.replace(" ", "") for line in shown.split("\n")]
            headings = [column.header.plain.replace(" ", "") for column in columns[1:]
                        if isinstance(column.header, Text)]
            split = [heading for heading in headings if not any(heading in line for line in lines_shown)]
            assert not split, f"{game_id} after {moves} moves at {width} columns:\n{split}\n{shown}"


def test_a_trickerion_crew_reads_in_words() -> None:
    """A player's characters in the table: the Magician, the Specialists by name, the Apprentices
    counted (once letters, "+Aaa", that no screen explained)."""
    record = played("trickerion", 3, 25, seed=5)
    for lang in LANGS:
        play, _ = session("trickerion", record, 0, lang)
        ctx, view = play.context(), play.state.view(0)
        screen = screen_for("trickerion")
        for player in view["players"]:
            crew = screen.team(player, ctx).plain  # type: ignore[attr-defined]
            characters = [c for c in player["characters"] if c != "magician"]
            apprentices = sum(c.startswith("apprentice") for c in characters)
            expected = [ctx.name(player["magician"])] + [ctx.name(c) for c in characters
                                                         if not c.startswith("apprentice")]
            if apprentices:
                expected.append(ctx.name("apprentice") + (f" ×{apprentices}" if apprentices > 1 else ""))
            assert crew == ctx.marks.names.join(expected), (lang, crew)
            assert "+" not in crew


def test_opera_halls_name_composers_by_starts_no_other_shares() -> None:
    """A hall's composer is shown by the start of their name: "Mo" stood for both Mozart and
    Monteverdi, and Chinese cut "莫札特" to "莫札"; now each start is its composer's alone, one
    character in Chinese."""
    from parlor.cli.screens.opera import short_names
    for lang in LANGS:
        play, _ = session("opera", played("opera", 3, 0), 0, lang)
        ctx = play.context()
        short = short_names(ctx)
        assert len(set(short.values())) == len(short) == 6, short
        for composer, start in short.items():
            assert ctx.name(composer).startswith(start)
            others = [ctx.name(other) for other in short if other != composer]
            assert not any(other.startswith(start) for other in others), (lang, start)
        if lang == "zh_TW":
            assert all(len(start) == 1 for start in short.values()), short


@pytest.mark.parametrize("width", [60, 80, 100])
def test_chinese_lines_break_between_characters_and_never_before_a_closing_mark(width: int) -> None:
    """A Chinese paragraph fills its lines (Rich broke it only at spaces: "每個 3" / "級戲法…", half a
    line empty), no line starts with a closing mark ("，", "）") and Latin words stay whole."""
    import parlor.cli  # noqa: F401  (installs the line breaks, as every `parlor` command does)

    paragraph = ("每個碎片 1 名聲，每 3 金幣 1 名聲；基本遊戲：每位學徒 2 名聲、"
                 "每位專家 3 名聲；每一類最多 20 名聲。使用黑街：角色不得名聲，"
                 "每張未用特殊卡 2 名聲，以及每個 3 級戲法在你擁有其材料時的終局加成"
                 "（TR-16.3）。名聲最高者獲勝；平手時最後行動順序較前者獲勝（TR-16.4）。"
                 "Dark Alley")
    console = Console(file=io.StringIO(), width=width, color_system=None)
    lines = [line.plain.rstrip() for line in Text(paragraph).wrap(console, width)]
    assert "".join(line.replace(" ", "") for line in lines) == paragraph.replace(" ", "")
    assert all(cell_len(line) >= width - 4 for line in lines[:-2]), lines
    assert not [line for line in lines if line[:1] in "，。、；：）」" or line[-1:] in "（「"], lines
    assert "TR-16.3" in "\n".join(lines) and "TR-16.4" in "\n".join(lines)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_status_line_too_long_for_the_screen_breaks_between_its_phrases(game_id: str, lang: str) -> None:
    """The header at 80 columns keeps each phrase of the status whole: Star Road printed "Active:" and
    "Bot 3 (easy)" on two lines, Trickerion's Chinese turn order "電腦 2" and "（簡單）"."""
    play, console = session(game_id, GameRecord.start(get_game(game_id), 3, 3), 0, lang)
    console.width = 80
    play.show_screen(None)
    status = str(play.screen.status(play.state.view(0), play.context()))
    header = console.export_text().splitlines()[:3]
    phrases = [phrase.strip() for phrase in status.split("  ") if phrase.strip()]
    assert len(phrases) >= 2, status
    for phrase in phrases:
        assert any(phrase in line for line in header), (phrase, header)


def test_star_road_names_whose_turn_it_is_beside_the_turn() -> None:
    play, _ = session("starroad", GameRecord.start(get_game("starroad"), 3, 3), 0, "en")
    view = play.state.view(0)
    status = str(play.screen.status(view, play.context()))
    assert f"Turn {view['turn']}: {play.names[view['active']]}" in status, status


def test_star_roads_status_counts_productions_only_near_the_engines_guard() -> None:
    """The production limit is an engine guard against endless build-and-replace loops, not a rule:
    the status said "Productions this turn 0/40" all game long, as if the rules set 40. It is said
    from 5 short of the guard; and a game without a round limit (SR-23, `round_limit=0`) shows its
    round alone, not "Round 3/0"."""
    play, _ = session("starroad", GameRecord.start(get_game("starroad"), 3, 3), 0, "en")
    view = play.state.view(0)
    assert "Productions" not in str(play.screen.status(view, play.context()))
    near = {**view, "productions": view["production_limit"] - 5}
    assert f"Productions this turn {near['productions']}/{view['production_limit']}" in str(
        play.screen.status(near, play.context()))
    endless = str(play.screen.status({**view, "round_limit": 0}, play.context()))
    assert endless.startswith(f"Round {view['round']}  "), endless


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_two_choices_of_a_decision_read_the_same(game_id: str) -> None:
    """A random game's every decision, in Spanish: no two choices read alike (Trickerion offered six
    "Volver a tirar un dado", two "Aprender Levitación" with and without the Engineer's slot, two
    "Comprar 1 de Madera" with and without a Manager slot). The web's panel checks the same in its
    play-throughs (tests/e2e/ui.py)."""
    game = get_game(game_id)
    players, screen = GAMES[game_id], screen_for(game_id)
    for seed in range(1, 7):  # about a second for all four games
        state, rng = game.setup(players, seed), Rng(seed)
        play, _ = session(game_id, GameRecord.start(game, players, seed), 0, "es")
        bot = make_bot("random")
        for _ in range(1500):
            if state.is_over():
                break
            seat = state.actors()[0]
            play.state, play.seat = state, seat
            ctx, view = play.context(), state.view(seat)
            labels = [screen.move_label(move, ctx, seat, view) for move in state.legal_moves(seat)]
            alike = sorted({label for label in labels if labels.count(label) > 1})
            assert not alike, (game_id, seed, alike)
            state.play(seat, bot.choose(game, state, seat, rng))


def test_a_chinese_line_in_a_narrow_column_keeps_every_character() -> None:
    """Rich trimmed a wrapped line's trailing spaces by characters, not cells: a Chinese line kept
    spaces past its width and lost its last word to "…" ("贊助者價值：A 5  B …" beside Skyrise's map)."""
    import parlor.cli  # noqa: F401  (installs the line breaks, as every `parlor` command does)

    line = "贊助者價值：A 5  B 3  C 4  D 8"
    for width in range(12, 30):
        console = Console(file=io.StringIO(), width=width + 4, record=True, color_system=None)
        grid = Table.grid()
        grid.add_column(width=4)
        grid.add_column(width=width)
        grid.add_row("", Text(line))
        console.print(grid)
        shown = console.export_text()
        assert "…" not in shown and "".join(shown.split()) == "".join(line.split()), (width, shown)


def test_entries_break_between_entries_never_inside_one() -> None:
    """Side-by-side `Heading: value` entries (a player's block, Star Road's private panel) break a
    line between two entries: "Límite de inversión:" / "4" broke inside one."""
    from parlor.cli.render import Entries

    entries = [Text(f"Límite de inversión {n}: {n * 7}") for n in range(1, 9)]
    for width in (30, 47, 60, 80):
        console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
        console.print(Entries(entries))
        lines = console.export_text().rstrip("\n").split("\n")
        assert all(cell_len(line.rstrip()) <= width for line in lines)
        for entry in entries:
            assert any(entry.plain in line for line in lines), (width, entry.plain, lines)


@pytest.mark.parametrize(("lang", "named", "unnamed"), [
    ("en", "Missile Pod (line 2 level 1)", "line 2 level 1"),
    ("zh_TW", "飛彈巢（第 2 生產線第 1 層）", "第 2 生產線第 1 層"),
    ("es", "Lanzamisiles (línea 2 nivel 1)", "línea 2 nivel 1"),
])
def test_an_attacking_weapon_is_named_where_known_and_placed_as_the_language_says(
        lang: str, named: str, unnamed: str) -> None:
    """Star Road's attack line named a weapon "Bot 3 (easy) line 2 level 1", the attacker's name again
    and the English word order in Chinese ("生產線 2 層 1"); a weapon whose number is hidden (SR-24.3)
    is named by its place alone."""
    play, _ = session("starroad", GameRecord.start(get_game("starroad"), 3, 3), 0, lang)
    screen, ctx = StarRoadScreen(), play.context()
    assert screen.place({"seat": 2, "line": 2, "level": 1, "no": "1052"}, ctx) == named
    assert screen.place({"seat": 2, "line": 2, "level": 1, "no": None}, ctx) == unnamed


@pytest.mark.parametrize(("game_id", "first"), [("opera", "Round 1 begins"),
                                                ("skyrise", "Auction 1 (era 1): ")])
def test_the_terminal_log_begins_with_what_the_setup_began(game_id: str, first: str) -> None:
    """Game.opening_events: before any move the terminal's log already says that round 1 (OP-5) or
    auction 1 (SK-5.1) has begun, as the page's does."""
    play, _ = session(game_id, GameRecord.start(get_game(game_id), 3, 4), 0, "en")
    assert play.log_lines()[:1] and play.log_lines()[0].startswith(first), play.log_lines()
