"""The words of `parlor report`'s page in English, Traditional Chinese and Spanish (`--lang`).

A game's own words on the page (its statistics' labels and their values' names) come from its text
catalog in the same language; a design lab's sections from the game's `lab_pages()`.
"""

from __future__ import annotations

from typing import Any

from parlor.core import BadOptions
from parlor.core.text import LANGS, PUNCTUATION, in_language

# key -> (en, zh_TW, es)
REPORT_WORDS: dict[str, tuple[str, str, str]] = {
    "title": ("parlor study: {game}", "parlor 研究：{game}", "estudio de parlor: {game}"),
    "title_players": ("{name}, {players} players", "{name}，{players} 位玩家", "{name}, {players} jugadores"),
    "fact_game": ("game", "遊戲", "juego"),
    "fact_rules": ("rules version", "規則版本", "versión de las reglas"),
    "fact_players": ("players", "玩家人數", "jugadores"),
    "fact_bots": ("bots (rotated over seats)", "電腦（輪流換座位）", "bots (rotan por los asientos)"),
    "fact_policies": ("policies (rotated over seats)", "電腦玩法（輪流換座位）",
                      "estilos (rotan por los asientos)"),
    "fact_games": ("games", "對局數", "partidas"),
    "fact_seed": ("seed", "種子", "semilla"),
    "fact_options": ("options", "選項", "opciones"),
    "fact_sweep": ("sweep", "掃描", "barrido"),
    "fact_run": ("run", "執行", "ejecución"),
    "sweep_fact": ("{name} = {values} ({n} games each, same seeds)",
                   "{name} = {values}（各 {n} 局，相同的種子）",
                   "{name} = {values} ({n} partidas cada uno, mismas semillas)"),
    "run_fact": ("{backend} backend, {workers} workers, {batch} games per batch",
                 "{backend} 後端，{workers} 個工作行程，每批 {batch} 局",
                 "motor {backend}; procesos: {workers}; partidas por lote: {batch}"),
    "run_speed": ("{speed} games/s", "每秒 {speed} 局", "{speed} partidas/s"),
    "custom_text": ("custom text ({lines} lines, sha256 {digest})", "自訂文字（{lines} 行，sha256 {digest}）",
                    "texto propio ({lines} líneas, sha256 {digest})"),
    "seats_section": ("Win rate by seat", "各座位的勝率", "Victorias por asiento"),
    "seats_plot": ("Win rate by seat (95% interval)", "各座位的勝率（95% 區間）",
                   "Victorias por asiento (intervalo del 95%)"),
    "seat": ("seat", "座位", "asiento"),
    "seat_n": ("seat {n}", "座位 {n}", "asiento {n}"),
    "bot": ("bot", "電腦", "bot"),
    "policy": ("policy", "電腦玩法", "estilo"),
    "bots_section": ("Win rate by bot", "各電腦的勝率", "Victorias por bot"),
    "bots_plot": ("Win rate by bot (95% interval)", "各電腦的勝率（95% 區間）",
                  "Victorias por bot (intervalo del 95%)"),
    "policies_section": ("Win rate by policy", "各電腦玩法的勝率", "Victorias por estilo"),
    "policies_plot": ("Win rate by policy (95% interval)", "各電腦玩法的勝率（95% 區間）",
                      "Victorias por estilo (intervalo del 95%)"),
    "bots_rotate": ("Bots rotate through the seats from game to game.", "電腦每局輪流換座位。",
                    "Los bots rotan por los asientos de partida en partida."),
    "policies_rotate": ("Policies rotate through the seats from game to game.", "電腦玩法每局輪流換座位。",
                        "Los estilos rotan por los asientos de partida en partida."),
    "fair_note": ("A tie for first shares the win. The dashed line is the fair share, 1 / players.",
                  "並列第一時平分勝場。虛線是公平份額：1 / 玩家人數。",
                  "Un empate en el primer puesto reparte la victoria. La línea discontinua es la parte "
                  "justa, 1 / jugadores."),
    "fair_note_teams": ("In a team game every player of the winning team wins (a draw counts half): the "
                        "dashed line is the average seat's win rate, {rate}.",
                        "隊伍遊戲中獲勝隊伍的每位玩家都算獲勝（平手算一半）：虛線是座位的平均勝率，{rate}。",
                        "En un juego de equipos gana cada jugador del equipo ganador (un empate cuenta la "
                        "mitad): la línea discontinua es el porcentaje medio de un asiento, {rate}."),
    "win_rate_axis": ("win rate (share of games won)", "勝率（贏得對局的比例）",
                      "victorias (parte de las partidas ganadas)"),
    "win_rate": ("win rate", "勝率", "% victorias"),
    "seats": ("seats", "座位數", "asientos"),
    "interval": ("95% interval", "95% 區間", "intervalo del 95%"),
    "mean_score": ("mean score", "平均分數", "puntuación media"),
    "scores_section": ("Score distributions", "分數分布", "Distribución de las puntuaciones"),
    "scores_by_seat": ("Scores by seat", "各座位的分數", "Puntuaciones por asiento"),
    "scores_by_bot": ("Scores by bot", "各電腦的分數", "Puntuaciones por bot"),
    "final_score": ("final score", "最終分數", "puntuación final"),
    "length_section": ("Game length", "對局長度", "Duración de las partidas"),
    "moves_per_game": ("moves per game", "每局步數", "movimientos por partida"),
    "games": ("games", "對局數", "partidas"),
    "moves": ("moves", "步數", "movimientos"),
    "mean": ("mean", "平均", "media"),
    "sd": ("sd", "標準差", "desv."),
    "min": ("min", "最少", "mín."),
    "median": ("median", "中位數", "mediana"),
    "max": ("max", "最多", "máx."),
    "statistics_section": ("Declared statistics against win rate", "遊戲宣告的統計與勝率",
                           "Estadísticas declaradas frente a las victorias"),
    "no_statistics": ("This game declares no statistics (Game.statistics returns nothing).",
                      "這款遊戲沒有宣告任何統計（Game.statistics 沒有傳回任何值）。",
                      "Este juego no declara estadísticas (Game.statistics no devuelve nada)."),
    "statistics_note": ("Per-seat statistics are set against that seat's win rate (95% intervals); the "
                        "dashed line is the fair share. Whole-game statistics show their distribution.",
                        "每個座位的統計與該座位的勝率對照（95% 區間）；虛線是公平份額。"
                        "整局的統計顯示其分布。",
                        "Las estadísticas por asiento se comparan con las victorias de ese asiento "
                        "(intervalos del 95%); la línea discontinua es la parte justa. Las de la partida "
                        "entera muestran su distribución."),
    "win_rate_by": ("Win rate by {label}", "按{label}的勝率", "Victorias según {label}"),
    "held": (" (held)", "（持有）", " (en mano)"),
    "means": ("mean for winners {winners}, for the others {others}; ",
              "勝者平均 {winners}，其他人 {others}；",
              "media de los ganadores {winners}, de los demás {others}; "),
    "correlation": ("correlation with winning {value}", "與獲勝的相關係數 {value}",
                    "correlación con ganar {value}"),
    "no_correlation": ("no correlation (constant values)", "無相關（數值不變）",
                       "sin correlación (valores constantes)"),
    "per_game": ("{label} per game", "每局的{label}", "{label} por partida"),
    "games_by": ("Games by {label}", "按{label}的對局數", "Partidas según {label}"),
    "not_plotted": ("Not plotted (values of nested shape): {names}.", "未繪圖（巢狀結構的數值）：{names}。",
                    "Sin gráfico (valores anidados): {names}."),
    "same_everywhere": ("The same in every game: {value}.", "每局都相同：{value}。",
                        "Igual en todas las partidas: {value}."),
    "wins_alike": ("Every value wins alike ({rate}): {values}.", "各數值的勝率相同（{rate}）：{values}。",
                   "Todos los valores ganan igual ({rate}): {values}."),
    "sweep_section": ("Sweep over {name}", "{name} 的掃描", "Barrido de {name}"),
    "sweep_same_seeds": ("Every value of {name} plays the same {n} seeds.",
                         "{name} 的每個值都下相同的 {n} 個種子。",
                         "Cada valor de {name} juega las mismas {n} semillas."),
    "length_mean_sd": ("Game length (mean ± sd)", "對局長度（平均 ± 標準差）",
                       "Duración de las partidas (media ± desv.)"),
    "final_score_mean_sd": ("Final score (mean ± sd)", "最終分數（平均 ± 標準差）",
                            "Puntuación final (media ± desv.)"),
    "points": ("points", "分", "puntos"),
    "mean_length": ("mean length", "平均長度", "duración media"),
    "plot": ("plot", "圖", "gráfico"),
    "yes": ("yes", "是", "sí"),
    "no": ("no", "否", "no"),
}


def report_words(key: str, lang: str, **fields: Any) -> str:
    """The report's words `key` in `lang` (en, zh_TW or es), with `fields` filled in."""
    words = in_language(REPORT_WORDS[key], lang)
    return words.format(**fields) if fields else words


class Words:
    """The report's words in one language, and that language's marks (`say("seat_n", n=2)`)."""

    def __init__(self, lang: str) -> None:
        if lang not in LANGS:
            raise BadOptions(f"--lang must be one of {', '.join(LANGS)}, not {lang!r}")
        self.lang = lang
        self.marks = PUNCTUATION[lang]

    def __call__(self, key: str, **fields: Any) -> str:
        return report_words(key, self.lang, **fields)
