"""The words of errors every surface shows (the terminal, the browser's lobby), in English, Traditional
Chinese and Spanish: `error_<reason>` for each `reason` a core error names (with its params as fields),
and `type_<type>` for an option's type. The terminal's own words (parlor.cli.words) add to these; the
server sends them with each game's catalog, so the browser words the same errors the same way.
"""

from __future__ import annotations

ERROR_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "error_unknown_game": "there is no game '{game}'; the games are: {known}",
        "error_unknown_option": "there is no option '{name}'; the options are: {known}",
        "error_option_syntax": "write an option as NAME=VALUE, not '{pair}'",
        "error_option_type": "option {name} must be {type}, not '{value}'",
        "error_option_choice": "option {name} must be one of: {choices}",
        "error_option_range": "option {name} must be between {min} and {max}, not {value}",
        "error_option_at_least": "option {name} must be at least {min}, not {value}",
        "error_option_at_most": "option {name} must be at most {max}, not {value}",
        "type_bool": "true or false",
        "type_int": "a whole number",
        "type_float": "a number",
        "type_str": "text",
        "error_player_count": "this game is for {min} to {max} players, not {n}",
        "error_unknown_bot": "there is no bot '{bot}'; the bots are: {known}",
        "error_setup_failed": "these options cannot be set up: the game would take too long or too much "
                              "memory to prepare",
        "error_seat_count": "the table has {n} seats, but {count} were described",
        "error_clock_range": "the clock must be between {min} and {max} seconds per decision, not {value}",
        "error_spectator_move": "you are watching this table: take an open seat to play",
        "error_not_started": "the game has not started: some seats are still open",
        "error_game_over": "the game is over: no more moves",
        "error_bot_plays_seat": "a bot plays your seat now: take your seat back first",
        "error_not_deciding": "it is not your turn to decide",
        "error_stale_index": "the table moved on (to move {current}) before your move arrived; look "
                             "again and choose",
        "error_illegal_move": "the rules do not allow that move now ({rule})",
        "error_message_rate": "more than {limit} messages a second; wait a moment",
        "error_message_size": "a message may be at most {limit} bytes long",
    },
    "zh_TW": {
        "error_unknown_game": "沒有名為「{game}」的遊戲；可選的遊戲：{known}",
        "error_unknown_option": "沒有名為「{name}」的選項；可用的選項：{known}",
        "error_option_syntax": "選項請寫成 名稱=值，而不是「{pair}」",
        "error_option_type": "選項 {name} 必須是{type}，而不是「{value}」",
        "error_option_choice": "選項 {name} 只能是以下之一：{choices}",
        "error_option_range": "選項 {name} 必須介於 {min} 與 {max} 之間，而不是 {value}",
        "error_option_at_least": "選項 {name} 至少要是 {min}，而不是 {value}",
        "error_option_at_most": "選項 {name} 最多只能是 {max}，而不是 {value}",
        "type_bool": " true 或 false",
        "type_int": "整數",
        "type_float": "數字",
        "type_str": "文字",
        "error_player_count": "這款遊戲需要 {min} 到 {max} 位玩家，而不是 {n} 位",
        "error_unknown_bot": "沒有名為「{bot}」的機器人；可用的機器人：{known}",
        "error_setup_failed": "無法用這些選項開局：準備這局遊戲會花太久時間或太多記憶體",
        "error_seat_count": "這張牌桌有 {n} 個座位，但只描述了 {count} 個",
        "error_clock_range": "計時必須是每次決定 {min} 到 {max} 秒，而不是 {value} 秒",
        "error_spectator_move": "你正在觀戰這張牌桌：請先坐上空位再下棋",
        "error_not_started": "遊戲還沒開始：還有空位",
        "error_game_over": "遊戲已經結束，不能再行動",
        "error_bot_plays_seat": "現在由電腦替你下：請先收回你的座位",
        "error_not_deciding": "現在輪不到你決定",
        "error_stale_index": "你的行動送達前牌桌已經往下進行（到第 {current} 步）；請重新看過再選擇",
        "error_illegal_move": "規則現在不允許這個行動（{rule}）",
        "error_message_rate": "每秒超過 {limit} 則訊息；請稍候",
        "error_message_size": "一則訊息最長 {limit} 位元組",
    },
    "es": {
        "error_unknown_game": "no hay ningún juego '{game}'; los juegos son: {known}",
        "error_unknown_option": "no hay ninguna opción '{name}'; las opciones son: {known}",
        "error_option_syntax": "escribe una opción como NOMBRE=VALOR, no '{pair}'",
        "error_option_type": "la opción {name} debe ser {type}, no '{value}'",
        "error_option_choice": "la opción {name} debe ser una de: {choices}",
        "error_option_range": "la opción {name} debe estar entre {min} y {max}, no {value}",
        "error_option_at_least": "la opción {name} debe ser al menos {min}, no {value}",
        "error_option_at_most": "la opción {name} debe ser como mucho {max}, no {value}",
        "type_bool": "true o false",
        "type_int": "un número entero",
        "type_float": "un número",
        "type_str": "texto",
        "error_player_count": "este juego es para {min} a {max} jugadores, no {n}",
        "error_unknown_bot": "no hay ningún bot '{bot}'; los bots son: {known}",
        "error_setup_failed": "no se puede preparar una partida con estas opciones: tardaría demasiado o "
                              "necesitaría demasiada memoria",
        "error_seat_count": "la mesa tiene {n} asientos, pero se describieron {count}",
        "error_clock_range": "el reloj debe ser de {min} a {max} segundos por decisión, no {value}",
        "error_spectator_move": "estás mirando esta mesa: ocupa un asiento libre para jugar",
        "error_not_started": "la partida no ha empezado: aún quedan asientos libres",
        "error_game_over": "la partida ha terminado: no hay más jugadas",
        "error_bot_plays_seat": "ahora un bot juega en tu asiento: recupera tu asiento primero",
        "error_not_deciding": "no te toca decidir",
        "error_stale_index": "la mesa avanzó (a la jugada {current}) antes de que llegara tu jugada; "
                             "vuelve a mirar y elige",
        "error_illegal_move": "las reglas no permiten esa jugada ahora ({rule})",
        "error_message_rate": "más de {limit} mensajes por segundo; espera un momento",
        "error_message_size": "un mensaje puede tener como mucho {limit} bytes",
    },
}


def error_words(lang: str) -> dict[str, str]:
    """The error words of `lang` (English for a language parlor does not speak)."""
    return ERROR_WORDS.get(lang, ERROR_WORDS["en"])
