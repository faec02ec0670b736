"""What the terminal says, in English, Traditional Chinese and Spanish.

Game words (pieces, moves, events, steps, rules) come from the games' catalogs and players' names from
`parlor.core.naming`; this table holds only the terminal's own sentences. Every language has every key
(a test checks), so a Chinese or Spanish player never meets an English prompt.
"""

from __future__ import annotations

from typing import Any

from parlor.core import ParlorError, get_game
from parlor.core.error_words import ERROR_WORDS
from parlor.core.problem_words import problems_worded

from .study_words import STUDY_WORDS

# The terminal's own sentences; the errors every surface words (parlor.core.error_words) are merged
# in below, so `say` finds both.
TERMINAL_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "start": "{title}: {players} players ({names}).",
        "autosave": "The game is saved after every move to {path}",
        "resumed": "Continuing {title} after move {moves} ({names}).",
        "prompt": "Your move (number, notation or help)",
        "choices": "Your choices",
        "choices_more": "choices {first}-{last} of {count}; `more` shows the next ones",
        "deciding": "{names} to decide",
        "you_decide": "Your decision: {step}",
        "over": "The game is over.",
        "final": "Final result",
        "rank": "Rank",
        "player": "Player",
        "score": "Score",
        "outcome": "Result",
        "game_left": "Game left. Continue it with: parlor play --resume {path}",
        "unknown_word": "'{word}' is neither a command nor a move: type a choice's number (1 to {count}), "
                        "a move's notation or help.",
        "out_of_range": "There is no choice {number}: the choices run from 1 to {count}.",
        "refused": "Not allowed: {reason}",
        "help_title": "Commands (a number plays that choice; a move's notation works too)",
        "help_number": "play choice N",
        "help_more": "show the next page of choices",
        "help_card": "the full text of a card or object, by name",
        "help_card_usage": "card NAME",
        "help_about": "the full text of what choice N is about",
        "help_rules": "the rules summary of this game",
        "help_log": "everything that has happened so far",
        "help_undo": "take back your last move (and the bots' answers), if it revealed nothing",
        "help_save": "save the game now (it is also saved after every move)",
        "help_board": "show the table again",
        "help_full": "the complete position as a tree (for checking)",
        "help_quit": "leave the game (it stays saved; continue with --resume)",
        "help_help": "this list",
        "rules_none": "The rules summary of {title} is not written in English yet. "
                      "`help` lists the commands; a refused move always names its rule.",
        "card_none": "No card or object here is called '{name}'. Try a name shown on the table.",
        "card_many": "'{name}' could be: {names}.",
        "card_usage": "Type card and a name, for example: card {example}",
        "about_none": "Choice {number} is not about a particular card or object.",
        "log_title": "What has happened",
        "log_empty": "Nothing has happened yet.",
        "undo_done": "Moves taken back: {count}. It is your decision again.",
        "undo_none": "You have not moved yet, so there is nothing to take back.",
        "undo_revealed": "Your last move cannot be taken back: it or a bot's answer revealed hidden "
                         "information.",
        "undo_chance": "Your last move cannot be taken back: it or a bot's answer drew on chance "
                       "(a shuffle, a draw or a roll).",
        "saved": "Saved to {path}",
        "no_more": "All choices are already shown.",
        "position": "Position",
        "spectator_view": "a spectator's view",
        "seat_view": "the view of {name}",
        "move_of": "Move {number} of {count}: {name}: {move}",
        "move_by": "Move {number} of {count}: {name}",
        "before_first": "Opening position",
        "replay_next": "(Enter: next move, q: stop)",
        "replayed": "{count} moves replayed.",
        "not_over": "The game is not over; {names} to decide.",
        "saved_title": "Saved games in {folder}",
        "saved_none": "No saved games in {folder} yet.",
        "file": "File",
        "game": "Game",
        "moves": "Moves",
        "when": "Saved",
        "state": "State",
        "state_over": "finished",
        "state_running": "running",
        "resume_none": "There is no saved game to continue in {folder}.",
        "resume_finished": "{path} is a finished game; `parlor replay {path} --step` walks through it.",
        "last_events": "Last events",
        "private": "Only you see this",
        "yes": "yes",
        "no": "no",
        "players_range": "{low}–{high} players",
        "command_name": "Type",
        "players": "Players",
        "options_title": "Options (-o NAME=VALUE)",
        "option_default": "now {value}",
        "options_none": "No options.",
        "games_hint": "Options of a game: parlor games GAME --lang {language}; to play: parlor play GAME "
                      "--lang {language}",
        "value_true": "true",
        "value_false": "false",
        "error": "parlor: error: {detail}",
        "error_lang": "--lang must be one of {langs}, not '{lang}'",
        "error_no_file": "there is no file {path}",
        "error_seat_range": "--seat must be between 1 and {max}, not {seat}",
        "error_unreadable_file": "{path} cannot be read",
        "error_not_utf8": "{path}: not UTF-8 text (byte {byte} on line {line}); save it as UTF-8, "
                          "e.g. in your editor's 'Save with encoding' menu",
    },
    "zh_TW": {
        "start": "{title}：{players} 位玩家（{names}）。",
        "autosave": "每一步之後遊戲都會自動存到 {path}",
        "resumed": "從第 {moves} 步之後繼續 {title}（{names}）。",
        "prompt": "你的行動（輸入編號、記譜或 help）",
        "choices": "你的選擇",
        "choices_more": "第 {first}-{last} 項，共 {count} 項；輸入 more 顯示後面的選擇",
        "deciding": "輪到 {names} 決定",
        "you_decide": "輪到你：{step}",
        "over": "遊戲結束。",
        "final": "最終結果",
        "rank": "名次",
        "player": "玩家",
        "score": "分數",
        "outcome": "結果",
        "game_left": "已離開遊戲。繼續請輸入：parlor play --resume {path}",
        "unknown_word": "「{word}」不是指令也不是行動：請輸入選擇的編號（1 到 {count}）、行動記譜或 help。",
        "out_of_range": "沒有第 {number} 項選擇：選擇編號是 1 到 {count}。",
        "refused": "不允許：{reason}",
        "help_title": "指令（輸入編號即執行該選擇；也可以輸入行動記譜）",
        "help_number": "執行第 N 項選擇",
        "help_more": "顯示下一頁選擇",
        "help_card": "依名稱顯示卡片或物件的完整說明",
        "help_card_usage": "card 名稱",
        "help_about": "顯示第 N 項選擇所涉及物件的完整說明",
        "help_rules": "本遊戲的規則摘要",
        "help_log": "到目前為止發生的所有事件",
        "help_undo": "收回你上一步（以及電腦的回應），前提是沒有揭露資訊",
        "help_save": "立即存檔（每一步之後也會自動存檔）",
        "help_board": "重新顯示牌桌",
        "help_full": "以樹狀顯示完整局面（供檢查用）",
        "help_quit": "離開遊戲（遊戲會保留；用 --resume 繼續）",
        "help_help": "這份列表",
        "rules_none": "{title} 的規則摘要尚未有中文版。輸入 help 可查看指令；"
                      "被拒絕的行動一定會註明規則編號。",
        "card_none": "這裡沒有名為「{name}」的卡片或物件。請輸入牌桌上顯示的名稱。",
        "card_many": "「{name}」可能是：{names}。",
        "card_usage": "請輸入 card 加上名稱，例如：card {example}",
        "about_none": "第 {number} 項選擇並未涉及特定的卡片或物件。",
        "log_title": "已發生的事件",
        "log_empty": "尚未發生任何事件。",
        "undo_done": "已收回 {count} 步。再次輪到你決定。",
        "undo_none": "你還沒有行動，沒有可收回的步驟。",
        "undo_revealed": "你的上一步無法收回：它或電腦的回應揭露了隱藏資訊。",
        "undo_chance": "你的上一步無法收回：它或電腦的回應涉及運氣（洗牌、抽牌或擲骰）。",
        "saved": "已存到 {path}",
        "no_more": "所有選擇都已顯示。",
        "position": "局面",
        "spectator_view": "觀戰者視角",
        "seat_view": "{name} 的視角",
        "move_of": "第 {number} 步（共 {count} 步）：{name}：{move}",
        "move_by": "第 {number} 步（共 {count} 步）：{name}",
        "before_first": "開局局面",
        "replay_next": "（Enter：下一步，q：停止）",
        "replayed": "已重播 {count} 步。",
        "not_over": "遊戲尚未結束；輪到 {names} 決定。",
        "saved_title": "{folder} 中的存檔",
        "saved_none": "{folder} 中還沒有存檔。",
        "file": "檔案",
        "game": "遊戲",
        "moves": "步數",
        "when": "存檔時間",
        "state": "狀態",
        "state_over": "已結束",
        "state_running": "進行中",
        "resume_none": "{folder} 中沒有可繼續的存檔。",
        "resume_finished": "{path} 是已結束的遊戲；可用 parlor replay {path} --step 逐步觀看。",
        "last_events": "最近事件",
        "private": "只有你看得到",
        "yes": "是",
        "no": "否",
        "players_range": "{low}–{high} 位玩家",
        "command_name": "輸入",
        "players": "人數",
        "options_title": "選項（-o 名稱=值）",
        "option_default": "目前為 {value}",
        "options_none": "沒有選項。",
        "games_hint": "一款遊戲的選項：parlor games 遊戲 --lang {language}；開始一局：parlor play 遊戲 "
                      "--lang {language}",
        "value_true": "true（是）",
        "value_false": "false（否）",
        "error": "parlor：錯誤：{detail}",
        "error_lang": "--lang 必須是 {langs} 之一，而不是「{lang}」",
        "error_no_file": "找不到檔案 {path}",
        "error_seat_range": "--seat 必須介於 1 與 {max} 之間，而不是 {seat}",
        "error_unreadable_file": "無法讀取 {path}",
        "error_not_utf8": "{path} 不是 UTF-8 文字檔（第 {line} 行的位元組 {byte}）；"
                          "請在編輯器的「以編碼儲存」選單中存成 UTF-8",
    },
    "es": {
        "start": "{title}: {players} jugadores ({names}).",
        "autosave": "La partida se guarda tras cada jugada en {path}",
        "resumed": "Se continúa {title} tras la jugada {moves} ({names}).",
        "prompt": "Tu jugada (número, notación o help)",
        "choices": "Tus opciones",
        "choices_more": "opciones {first}-{last} de {count}; `more` muestra las siguientes",
        "deciding": "Deciden: {names}",
        "you_decide": "Te toca: {step}",
        "over": "La partida ha terminado.",
        "final": "Resultado final",
        "rank": "Puesto",
        "player": "Jugador",
        "score": "Puntos",
        "outcome": "Resultado",
        "game_left": "Has dejado la partida. Continúala con: parlor play --resume {path}",
        "unknown_word": "'{word}' no es ni una orden ni una jugada: escribe el número de una opción (1 a "
                        "{count}), la notación de una jugada o help.",
        "out_of_range": "No hay opción {number}: las opciones van de 1 a {count}.",
        "refused": "No permitido: {reason}",
        "help_title": "Órdenes (un número juega esa opción; también vale la notación de una jugada)",
        "help_number": "juega la opción N",
        "help_more": "muestra la siguiente página de opciones",
        "help_card": "el texto completo de una carta u objeto, por su nombre",
        "help_card_usage": "card NOMBRE",
        "help_about": "el texto completo de aquello de lo que trata la opción N",
        "help_rules": "el resumen de las reglas de este juego",
        "help_log": "todo lo ocurrido hasta ahora",
        "help_undo": "deshace tu última jugada (y las respuestas de los bots) si no reveló nada",
        "help_save": "guarda la partida ahora (también se guarda tras cada jugada)",
        "help_board": "muestra la mesa otra vez",
        "help_full": "la posición completa en árbol (para comprobaciones)",
        "help_quit": "deja la partida (queda guardada; continúala con --resume)",
        "help_help": "esta lista",
        "rules_none": "El resumen de las reglas de {title} aún no está escrito en español. "
                      "`help` lista las órdenes; una jugada rechazada siempre cita su regla.",
        "card_none": "Aquí no hay ninguna carta ni objeto llamado '{name}'. Prueba un nombre de la mesa.",
        "card_many": "'{name}' puede ser: {names}.",
        "card_usage": "Escribe card y un nombre, por ejemplo: card {example}",
        "about_none": "La opción {number} no trata de ninguna carta ni objeto en concreto.",
        "log_title": "Lo ocurrido",
        "log_empty": "Aún no ha ocurrido nada.",
        "undo_done": "Jugadas deshechas: {count}. Vuelves a decidir tú.",
        "undo_none": "Aún no has jugado, así que no hay nada que deshacer.",
        "undo_revealed": "Tu última jugada no se puede deshacer: ella o la respuesta de un bot reveló "
                         "información oculta.",
        "undo_chance": "Tu última jugada no se puede deshacer: ella o la respuesta de un bot dependió del "
                       "azar (barajar, robar o tirar dados).",
        "saved": "Guardada en {path}",
        "no_more": "Ya se muestran todas las opciones.",
        "position": "Posición",
        "spectator_view": "vista de espectador",
        "seat_view": "vista de {name}",
        "move_of": "Jugada {number} de {count}: {name}: {move}",
        "move_by": "Jugada {number} de {count}: {name}",
        "before_first": "Posición inicial",
        "replay_next": "(Intro: siguiente jugada, q: parar)",
        "replayed": "{count} jugadas reproducidas.",
        "not_over": "La partida no ha terminado; deciden: {names}.",
        "saved_title": "Partidas guardadas en {folder}",
        "saved_none": "Aún no hay partidas guardadas en {folder}.",
        "file": "Archivo",
        "game": "Juego",
        "moves": "Jugadas",
        "when": "Guardada",
        "state": "Estado",
        "state_over": "terminada",
        "state_running": "en curso",
        "resume_none": "No hay ninguna partida guardada que continuar en {folder}.",
        "resume_finished": "{path} es una partida terminada; `parlor replay {path} --step` la recorre.",
        "last_events": "Últimos sucesos",
        "private": "Solo lo ves tú",
        "yes": "sí",
        "no": "no",
        "players_range": "{low}–{high} jugadores",
        "command_name": "Escribe",
        "players": "Jugadores",
        "options_title": "Opciones (-o NOMBRE=VALOR)",
        "option_default": "ahora {value}",
        "options_none": "Sin opciones.",
        "games_hint": "Opciones de un juego: parlor games JUEGO --lang {language}; para jugar: parlor play "
                      "JUEGO --lang {language}",
        "value_true": "true (sí)",
        "value_false": "false (no)",
        "error": "parlor: error: {detail}",
        "error_lang": "--lang debe ser {langs}, no '{lang}'",
        "error_no_file": "no existe el archivo {path}",
        "error_seat_range": "--seat debe estar entre 1 y {max}, no {seat}",
        "error_unreadable_file": "no se puede leer {path}",
        "error_not_utf8": "{path} no es texto UTF-8 (byte {byte} en la línea {line}); guárdalo como UTF-8, "
                          "p. ej. con la opción «Guardar con codificación» de tu editor",
    },
}
WORDS: dict[str, dict[str, str]] = {lang: {**ERROR_WORDS[lang], **words, **STUDY_WORDS[lang]}
                                    for lang, words in TERMINAL_WORDS.items()}

# Commands beside moves. They stay English words (like a move's notation) in every language; `help`
# explains each in the player's language.
COMMANDS = ("help", "rules", "card", "log", "undo", "save", "board", "full", "more", "quit")


def say(lang: str, key: str, /, **fields: Any) -> str:
    """The terminal's sentence `key` in `lang`, with `fields` filled in."""
    table = WORDS.get(lang, WORDS["en"])
    return table[key].format(**fields)


def error_line(lang: str, err: ParlorError) -> str:
    """The one line a fixable error prints: worded in `lang` when the error names its case (`reason`),
    else the prefix in `lang` around the error's own English sentence (developer tools' errors)."""
    return say(lang, "error", detail=_error_detail(lang, err))


def _error_detail(lang: str, err: ParlorError) -> str:
    if err.problems and isinstance(err.params.get("game"), str):
        return _problems_detail(lang, str(err.params["game"]), err)
    params = dict(err.params)
    key = f"error_{err.reason}"
    if err.reason == "option_range" and (params.get("min") is None or params.get("max") is None):
        key = "error_option_at_most" if params.get("min") is None else "error_option_at_least"
    if err.reason == "option_type" and f"type_{params.get('type')}" in WORDS["en"]:
        params["type"] = say(lang, f"type_{params['type']}")
    if err.reason is None or key not in WORDS["en"]:
        return str(err)
    return say(lang, key, **params)


def _problems_detail(lang: str, game_id: str, err: ParlorError) -> str:
    """Every problem of a file a game was given (its own chart, say), in one line in `lang`: the
    game's catalog words them, each file named by its option's label."""
    catalog = get_game(game_id).catalogs()[lang]
    labels = {name: described.label for name, described in catalog.options.items()}
    return problems_worded(catalog, list(err.problems), labels)


def lang_of(argv: list[str]) -> str:
    """The `--lang` a command line asks for (`--lang xx` or `--lang=xx`), English when none or unknown."""
    for i, word in enumerate(argv):
        value = argv[i + 1] if word == "--lang" and i + 1 < len(argv) else \
            word.partition("=")[2] if word.startswith("--lang=") else None
        if value in WORDS:
            return value
    return "en"
