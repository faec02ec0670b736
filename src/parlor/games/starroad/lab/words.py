"""The words of the Star Road chart comparison page in English, Traditional Chinese and Spanish
(the game's own terms: the seed's 設計圖表, 物件, 資源標記 [W], and the Spanish catalog's).

Names of objects and characters come from the chart and the character table (`name`, `name_zh`,
`name_es` when the data has it); names of factions and teams from the game's text catalogs.
"""

from __future__ import annotations

from typing import Any

from parlor.core.text import in_language

# key -> (en, zh_TW, es)
_TEXT: dict[str, tuple[str, str, str]] = {
    "title": ("Star Road: two design charts compared", "星光道風雲會：兩份設計圖表的比較",
              "Star Road: dos tablas de diseños comparadas"),
    "games": ("games on each chart (the same deals)", "每份圖表的對局數（相同的發牌）",
              "partidas con cada tabla (los mismos repartos)"),
    "players": ("players", "玩家人數", "jugadores"),
    "policies": ("policies (rotated over the seats)", "電腦玩法（輪流換座位）",
                 "estilos de juego (rotan por los asientos)"),
    "seed": ("seed", "種子", "semilla"),
    "base": ("base chart", "原圖表", "tabla base"),
    "new": ("new chart", "新圖表", "tabla nueva"),
    "edits": ("What the new chart changes", "新圖表改了甚麼", "Qué cambia la tabla nueva"),
    "no_edits": ("Nothing in the rules fields of the objects: only names or card text, if "
                 "anything.", "物件的規則欄位沒有改動（最多只改了名稱或卡牌文字）。",
                 "Nada en los campos de reglas de los objetos: a lo sumo nombres o texto."),
    "added": ("added", "新增", "añadido"),
    "removed": ("removed", "移除", "quitado"),
    "game": ("The whole game", "整局遊戲", "La partida entera"),
    "rounds": ("rounds per game", "每局回合數（輪）", "rondas por partida"),
    "policy_win": ("win rate by policy", "各電腦玩法的勝率", "porcentaje de victorias por estilo"),
    "objects": ("Objects", "物件", "Objetos"),
    "characters": ("Characters", "角色", "Personajes"),
    "reading": ("How to read this page", "如何閱讀本頁", "Cómo leer esta página"),
    "object": ("object", "物件", "objeto"),
    "character": ("character", "角色", "personaje"),
    "policy": ("policy", "電腦玩法", "estilo"),
    "measure": ("measure", "數據", "medida"),
    "change": ("change", "變化", "cambio"),
    "interval": ("95% interval", "95% 區間", "intervalo del 95%"),
    "significant": ("significant", "顯著", "significativo"),
    "made": ("made per game", "每局生產", "producidos por partida"),
    "completed": ("completed per game", "每局完成", "completados por partida"),
    "used": ("used per game", "每局使用", "usados por partida"),
    "users_win": ("win rate of its users", "使用者勝率", "victorias de quienes lo usan"),
    "held": ("kept per game", "每局被選用", "elegido por partida"),
    "ability_used": ("ability uses per game", "每局能力使用次數", "usos de la habilidad por partida"),
    "holders_win": ("win rate of its holders", "持有者勝率", "victorias de quienes lo tienen"),
    "win": ("win rate", "勝率", "porcentaje de victorias"),
    "points": ("pt", "百分點", "pp"),
    "rise": ("rose", "上升", "subió"),
    "fall": ("fell", "下降", "bajó"),
    "users_plot": ("Win rate of each object's users: change from the base chart to the new one",
                   "各物件使用者的勝率：由原圖表到新圖表的變化",
                   "Victorias de quienes usan cada objeto: cambio de la tabla base a la nueva"),
    "holders_plot": ("Win rate of each character's holders: change", "各角色持有者的勝率變化",
                     "Victorias de quienes tienen cada personaje: cambio"),
    "made_plot": ("Objects made per game on each chart", "兩份圖表中每局生產的物件",
                  "Objetos producidos por partida con cada tabla"),
    "rounds_plot": ("Game length on each chart", "兩份圖表的對局長度",
                    "Duración de las partidas con cada tabla"),
    "games_axis": ("games", "對局數", "partidas"),
    "change_axis": ("change in percentage points (95% interval)", "變化（百分點，95% 區間）",
                    "cambio en puntos porcentuales (intervalo del 95%)"),
    "no_users": ("no users on one of the charts", "其中一份圖表沒有使用者",
                 "nadie lo usa con una de las tablas"),
    "how": ("Game i is played from the same deal on both charts (the same factions, characters "
            "and first character), by the same policies in the same seats. Counts per game are "
            "compared game by game (a paired difference); win rates are compared as two samples, "
            "the seats of one game counted together, and their changes are in percentage points "
            "(pt). A change is significant (▲ rose, ▼ fell) "
            "when its 95% interval excludes 0; among many measures that did not change, about 1 in "
            "20 is flagged by chance, so confirm a surprise with more games. Rows are sorted by "
            "how clearly they changed (the change divided by half its interval).",
            "第 i 局在兩份圖表上用相同的發牌（相同的陣營、角色和第一個角色），由相同的電腦玩法坐相同的"
            "座位來玩。每局的數目逐局比較（配對差）；勝率則當作兩個樣本比較，同一局的座位一併計算，其變化以"
            "百分點表示。"
            "95% 區間不包含 0 的變化為顯著（▲ 上升，▼ 下降）；在許多其實沒有變化的數據中，約每 20 個"
            "就有 1 個因偶然被標示，所以意外的結果請用更多對局確認。各行按變化的明確程度排列（變化除以"
            "區間的一半）。",
            "La partida i se juega con el mismo reparto en ambas tablas (las mismas facciones, "
            "personajes y primer personaje), con los mismos estilos en los mismos asientos. Los "
            "recuentos por partida se comparan partida a partida (diferencia pareada); los "
            "porcentajes de victorias, como dos muestras, contando juntos los asientos de una "
            "partida, y sus cambios se dan en puntos porcentuales (pp). Un cambio es "
            "significativo (▲ subió, ▼ bajó) si su intervalo del 95% excluye "
            "el 0; entre muchas medidas que no cambiaron, alrededor de 1 de cada 20 se marca por "
            "azar: confirme una sorpresa con más partidas. Las filas se ordenan según lo claro que "
            "fue el cambio (el cambio dividido por la mitad de su intervalo)."),
    "users_note": ("Users: the seats that used the object at least once in the game (an attack, a "
                   "block, an arming or an activation).",
                   "使用者：該局中至少使用過該物件一次（攻擊、阻擋、裝填或啟動）的座位。",
                   "Quienes lo usan: los asientos que usaron el objeto al menos una vez en la "
                   "partida (un ataque, un bloqueo, un armado o una activación)."),
    # `parlor starroad lab` in the terminal (tables.py): its tables fit 80 columns, a Chinese
    # character taking two
    "lab_head": ("[bold]Star Road design lab[/bold]: {games} games, {players} players, policies "
                 "{policies}, seed {seed}",
                 "[bold]星光道風雲會設計實驗室[/bold]：{games} 局，{players} 位玩家，電腦玩法 {policies}，"
                 "種子 {seed}",
                 "[bold]Laboratorio de diseño de Star Road[/bold]: {games} partidas, {players} "
                 "jugadores, estilos {policies}, semilla {seed}"),
    "lab_files": ("chart: {chart}; characters: {characters}", "設計圖表：{chart}；角色表：{characters}",
                  "tabla de diseños: {chart}; personajes: {characters}"),
    "content_default": ("default", "內建", "la incluida"),
    "content_custom": ("custom (sha256 {digest})", "自訂（sha256 {digest}）", "propia (sha256 {digest})"),
    "lab_baseline": ("A seat wins {rate} of its games on average (its team won; a draw counts "
                     "half): compare the win rates below with it.",
                     "平均每個座位贏得 {rate} 的對局（其隊伍獲勝；平手算一半）：下方的勝率請與此比較。",
                     "Un asiento gana de media el {rate} de sus partidas (ganó su equipo; un empate "
                     "cuenta la mitad): compare con ello las tasas de abajo."),
    "lab_objects": ("Objects (totals over all games)", "物件（所有對局的總計）",
                    "Objetos (totales de todas las partidas)"),
    "col_type": ("T", "類", "T"),
    "col_cost": ("W", "W", "W"),
    "col_made": ("made", "生產", "hechos"),
    "col_done": ("done", "完成", "listos"),
    "col_used": ("used", "使用", "usados"),
    "col_dealt": ("dealt", "傷害", "daño"),
    "col_prevented": ("prev.", "擋下", "parado"),
    "col_users": ("users", "使用者", "usuarios"),
    "col_win": ("win%", "勝率", "vict.%"),
    "col_ci": ("95% CI", "95%區間", "IC 95%"),
    "col_others": ("others", "其他人", "otros"),
    "lab_effects": ("What objects' and abilities' effects did (totals over all games)",
                    "物件與能力的效果（所有對局的總計）",
                    "Lo que hicieron los efectos de objetos y habilidades (totales de todas las partidas)"),
    "effects_section": ("What objects' and abilities' effects did", "物件與能力的效果",
                        "Lo que hicieron los efectos de objetos y habilidades"),
    "col_source": ("object or character", "物件或角色", "objeto o personaje"),
    "col_effect": ("effect", "效果", "efecto"),
    "col_total": ("total", "總計", "total"),
    "col_per_game": ("a game", "每局", "por partida"),
    "col_per_use": ("a use", "每次使用", "por uso"),
    "effects_note": ("A use: an object's activation, or a character's ability used or set off. An "
                     "amount is what the effect did (with a finite supply, what the supply gave); an "
                     "effect without an amount is counted in times.",
                     "每次使用：物件的一次啟動，或角色能力的一次使用或觸發。數量是效果實際做到的（資源有限時，"
                     "只算資源庫實際給出的）；沒有數量的效果計次數。",
                     "Un uso: la activación de un objeto, o la habilidad de un personaje usada o "
                     "disparada. Una cantidad es lo que hizo el efecto (con la reserva limitada, lo que "
                     "dio la reserva); un efecto sin cantidad se cuenta en veces."),
    "per_game_of": ("{what} per game", "每局{what}", "{what} por partida"),
    "effect_healed": ("HP healed", "回復的能量值", "PV recuperados"),
    "effect_gained": ("resources acquired", "獲得的資源", "recursos obtenidos"),
    "effect_stolen": ("resources taken from storages", "從倉庫取走的資源", "recursos tomados de almacenes"),
    "effect_drained": ("resources removed from objects", "從物件移走的資源", "recursos quitados a objetos"),
    "effect_cancelled": ("weapons cancelled", "被無效的武器", "armas anuladas"),
    "effect_delays_cut": ("times delay markers were removed", "移走延時標記的次數",
                          "veces que se quitaron marcadores de retardo"),
    "effect_peeked": ("faction cards looked at", "查看的陣營牌", "cartas de facción miradas"),
    "effect_range_raised": ("times weapons' range was raised", "提升武器攻擊範圍的次數",
                            "veces que se amplió el alcance de las armas"),
    "effect_cap_raised": ("times the investment cap was raised", "提高投入上限的次數",
                          "veces que se subió el límite de inversión"),
    "lab_objects_legend": (
        "T: type; W: cost; made: objects started on a line; done: completed; used: declared in an "
        "attack, a block, an arming or an activation; dealt: HP taken from bases (reflection "
        "included); prev.: attack absorbed by it; users: seats (one per game) that used it, their "
        "win% and its 95% interval; others: the win% of every other seat.",
        "類：類型；W：所需資源；生產：開始放上生產線的物件；完成：完成的；使用：在攻擊、阻擋、裝填或啟動中"
        "宣告；傷害：從基地扣除的能量值（含反射）；擋下：它吸收的攻擊；使用者：使用過它的座位（每局一個）、"
        "他們的勝率及其 95% 區間；其他人：其餘所有座位的勝率。",
        "T: tipo; W: coste; hechos: objetos empezados en una línea; listos: completados; usados: "
        "declarados en un ataque, un bloqueo, un armado o una activación; daño: energía quitada a "
        "las bases (reflejo incluido); parado: ataque que absorbió; usuarios: asientos (uno por "
        "partida) que lo usaron, su % de victorias y su intervalo del 95%; otros: el % de victorias "
        "de los demás asientos."),
    "by_policy": ("By policy", "按電腦玩法", "Por estilo"),
    "by_place": ("By place in the turn order", "按行動順位", "Por puesto en el orden de turno"),
    "place_first": ("{place} (first)", "{place}（第一）", "{place} (primero)"),
    "place_last": ("{place} (last)", "{place}（最後）", "{place} (último)"),
    "by_faction": ("By faction", "按陣營", "Por facción"),
    "by_team": ("By team", "按隊伍", "Por equipo"),
    "by_seat": ("By seat", "按座位", "Por asiento"),
    "by_character": ("By character", "按角色", "Por personaje"),
    "col_seats": ("seats", "座位數", "asientos"),
    "col_wins": ("wins", "勝場", "victorias"),
    "col_win_rate": ("win rate", "勝率", "% victorias"),
    "length": ("Game length", "對局長度", "Duración de las partidas"),
    "col_mean": ("mean", "平均", "media"),
    "col_median": ("median", "中位數", "mediana"),
    "col_min": ("min", "最少", "mín."),
    "col_max": ("max", "最多", "máx."),
    "length_moves": ("moves", "步數", "movimientos"),
    "length_turns": ("turns", "回合", "turnos"),
    "length_rounds": ("rounds", "輪", "rondas"),
    "pairings": ("Game length by policy pairing (rounds)", "各電腦玩法組合的對局長度（輪）",
                 "Duración por emparejamiento de estilos (rondas)"),
    "col_teams": ("teams", "隊伍", "equipos"),
    "col_games": ("games", "局數", "partidas"),
    "versus": (" vs ", " 對 ", " contra "),
    "pairings_caption": ("wins: each team's share of the games (in the order shown; a draw counts "
                         "half)", "勝率：各隊伍所贏對局的比例（依所列順序；平手算一半）",
                         "victorias: la parte de las partidas de cada equipo (en el orden mostrado; "
                         "un empate cuenta la mitad)"),
    "ended_by": ("Ended by: {ends}; draws: {draws}.", "結束原因：{ends}；平手：{draws}。",
                 "Terminadas por: {ends}; empates: {draws}."),
    "played": ("Played {games} games in {seconds} s ({speed} games/s, {backend}, {workers} "
               "workers).", "{seconds} 秒內下完 {games} 局（每秒 {speed} 局，{backend}，{workers} 個"
               "工作行程）。", "Jugadas {games} partidas en {seconds} s ({speed} partidas/s, "
               "{backend}, {workers} procesos)."),
    # `parlor starroad compare` in the terminal
    "compare_head": ("[bold]Star Road chart comparison[/bold]: {games} games on each chart (same "
                     "seeds), {players} players, policies {policies}, seed {seed}",
                     "[bold]星光道風雲會設計圖表比較[/bold]：每份圖表 {games} 局（相同的種子），{players} "
                     "位玩家，電腦玩法 {policies}，種子 {seed}",
                     "[bold]Comparación de tablas de Star Road[/bold]: {games} partidas con cada "
                     "tabla (mismas semillas), {players} jugadores, estilos {policies}, semilla "
                     "{seed}"),
    "compare_length": ("Game length: {base} -> {new} rounds (change {change}, 95% interval "
                       "{interval})", "對局長度：{base} -> {new} 輪（變化 {change}，95% 區間 "
                       "{interval}）", "Duración: {base} -> {new} rondas (cambio {change}, "
                       "intervalo del 95% {interval})"),
    "compare_to": ("{low} to {high}", "{low} 至 {high}", "{low} a {high}"),
    "objects_changes": ("Objects (per game; users: the seats that used it)",
                        "物件（每局；使用者：使用過它的座位）",
                        "Objetos (por partida; usuarios: los asientos que lo usaron)"),
    "characters_changes": ("Characters (per game; held: seats that kept the card, used: its "
                           "ability's uses; holders: those seats)",
                           "角色（每局；被選用：留下這張牌的座位，使用：其能力的使用次數；持有者：這些座位）",
                           "Personajes (por partida; elegido: asientos que se quedaron la carta, "
                           "usos: los de su habilidad; quienes lo tienen: esos asientos)"),
    "measure_made": ("made", "生產", "hechos"),
    "measure_completed": ("completed", "完成", "acabados"),
    "measure_used": ("used", "使用", "usados"),
    "measure_users_win": ("users win", "使用者勝率", "victorias usuarios"),
    "measure_held": ("held", "被選用", "elegido"),
    "measure_holders_win": ("holders win", "持有者勝率", "victorias de quien lo tiene"),
    "measure_win": ("win", "勝率", "victorias"),
    "measure_rounds": ("rounds", "輪", "rondas"),
    "compare_note": ("Rows are sorted by how clearly they changed (the change divided by half its "
                     "interval). ▲/▼: the 95% interval excludes 0 (a rise, a fall); among many "
                     "unchanged measures about 1 in 20 is flagged by chance. Counts per game are "
                     "compared game by game (both charts play the same deals); win rates as two "
                     "samples, in percentage points.",
                     "各行按變化的明確程度排列（變化除以區間的一半）。▲/▼：95% 區間不包含 0（上升、下降）；"
                     "在許多沒有變化的數據中，約每 20 個就有 1 個因偶然被標示。每局的數目逐局比較（兩份圖表用"
                     "相同的發牌）；勝率當作兩個樣本比較，以百分點表示。",
                     "Las filas se ordenan según lo claro que fue el cambio (el cambio dividido por "
                     "la mitad de su intervalo). ▲/▼: el intervalo del 95% excluye el 0 (subió, "
                     "bajó); entre muchas medidas sin cambio, alrededor de 1 de cada 20 se marca "
                     "por azar. Los recuentos por partida se comparan partida a partida (ambas "
                     "tablas juegan los mismos repartos); las victorias, como dos muestras, en "
                     "puntos porcentuales."),
    "wrote": ("Wrote {path}", "已寫入 {path}", "Escrito {path}"),
    "kept_lab": ("Kept the games in {out} (lab.json, games.parquet); `parlor report {out}` draws them.",
                 "對局已保存在 {out}（lab.json、games.parquet）；`parlor report {out}` 會畫出報告。",
                 "Partidas guardadas en {out} (lab.json, games.parquet); `parlor report {out}` las "
                 "dibuja."),
    "kept_compare": ("Kept both labs in {out} (base/, new/, compare.json).",
                     "兩次實驗已保存在 {out}（base/、new/、compare.json）。",
                     "Ambos laboratorios guardados en {out} (base/, new/, compare.json)."),
    "interrupted_kept": ("Interrupted: finished batches are kept in {out}; run the same command to "
                         "resume.", "已中斷：完成的批次保存在 {out}；再執行同一個指令即可繼續。",
                         "Interrumpido: los lotes terminados se guardan en {out}; ejecute la misma "
                         "orden para continuar."),
    "interrupted_lost": ("Interrupted: nothing was kept (give --out to make the lab resumable).",
                         "已中斷：沒有保存任何結果（加上 --out 才能中斷後繼續）。",
                         "Interrumpido: no se guardó nada (dé --out para poder continuar)."),
    "progress_lab": ("Star Road lab", "星光道實驗", "Laboratorio"),
    "progress_compare": ("Star Road compare", "星光道比較", "Comparación"),
    # `parlor report` on a lab's directory: the lab's own sections (pages.py)
    "page_title": ("Star Road design lab", "星光道風雲會設計實驗室", "Laboratorio de diseño de Star Road"),
    "stat_characters": ("Character card", "角色牌", "Carta de personaje"),
    "stat_factions": ("Faction card", "陣營牌", "Carta de facción"),
    "stat_teams": ("Team", "隊伍", "Equipo"),
    "stat_hp": ("HP at the end of the game", "遊戲結束時的能量值", "Energía al final de la partida"),
    "stat_rounds": ("Rounds", "輪數", "Rondas"),
    "stat_turns": ("Turns", "回合數", "Turnos"),
    "stat_end_reason": ("How the game ended", "遊戲如何結束", "Cómo terminó la partida"),
    "stat_draw": ("Draw", "平手", "Empate"),
    "end_one_team_left": ("one team left", "只剩一隊", "queda un equipo"),
    "end_round_limit": ("round limit (the team with more HP wins)", "回合上限（能量值較多的隊伍獲勝）",
                        "límite de rondas (gana el equipo con más energía)"),
    "draw_never": ("No game was a draw", "沒有任何一局平手", "Ninguna partida terminó en empate"),
    "draw_always": ("Every game was a draw", "每一局都平手", "Todas las partidas terminaron en empate"),
    "objects_section": ("Objects: made, completed, used, and who won", "物件：生產、完成、使用，以及誰贏了",
                        "Objetos: hechos, acabados, usados, y quién ganó"),
    "plot_made": ("made", "生產", "hechos"),
    "plot_completed": ("completed", "完成", "acabados"),
    "plot_used": ("used", "使用", "usados"),
    "count_all_games": ("count over all games", "所有對局的總數", "recuento en todas las partidas"),
    "production_plot": ("Objects made, completed and used", "物件的生產、完成與使用",
                        "Objetos hechos, acabados y usados"),
    "seats_used": ("seats that used it", "使用過它的座位", "asientos que lo usaron"),
    "seats_other": ("the other seats", "其他座位", "los demás asientos"),
    "users_plot_title": ("Win rate of the seats that used each object (95% interval)",
                         "使用過各物件的座位的勝率（95% 區間）",
                         "Victorias de los asientos que usaron cada objeto (intervalo del 95%)"),
    "th_cost": ("cost", "所需資源", "coste"),
    "th_type": ("type", "類型", "tipo"),
    "th_made": ("made", "生產", "hechos"),
    "th_completed": ("completed", "完成", "acabados"),
    "th_used": ("used", "使用", "usados"),
    "th_dealt": ("damage dealt", "造成傷害", "daño hecho"),
    "th_prevented": ("damage prevented", "擋下傷害", "daño parado"),
    "th_users": ("seats that used it", "使用過它的座位", "asientos que lo usaron"),
    "th_their_win": ("their win rate", "他們的勝率", "sus victorias"),
    "th_others_win": ("win rate of the others", "其他人的勝率", "victorias de los demás"),
    "objects_page_note": ("Used: declared in an attack, a block, an arming or an activation. Damage dealt: "
                          "HP its attacks took from bases (reflection included); prevented: attack it "
                          "absorbed as a blocker.",
                          "使用：在攻擊、阻擋、裝填或啟動中宣告。造成傷害：它的攻擊從基地扣除的能量值（含反射）；"
                          "擋下傷害：它作為阻擋物吸收的攻擊。",
                          "Usados: declarados en un ataque, un bloqueo, un armado o una activación. Daño "
                          "hecho: energía que sus ataques quitaron a las bases (reflejo incluido); parado: "
                          "ataque que absorbió al bloquear."),
    "positions_section": ("Win rate by turn position", "各行動順位的勝率",
                          "Victorias por puesto en el turno"),
    "positions_plot": ("Win rate by place in the turn order (95% interval)", "各行動順位的勝率（95% 區間）",
                       "Victorias por puesto en el orden de turno (intervalo del 95%)"),
    "turn_place": ("place in the turn order", "行動順位", "puesto en el orden de turno"),
    "place_first_word": ("first", "第一", "primero"),
    "place_last_word": ("last", "最後", "último"),
    "place_nth": ("{n}th", "第 {n}", "{n}.º"),
    "place_2": ("2nd", "第 2", "2.º"),
    "place_3": ("3rd", "第 3", "3.º"),
    "positions_note": ("The first character is drawn at random (SR-5.7); the last character, the one "
                       "before it, may use objects in its first turn (SR-5.8, SR-7.1).",
                       "第一個角色隨機抽出（SR-5.7）；最後一個角色（在它之前的那一個）可在自己的第一回合使用物件"
                       "（SR-5.8、SR-7.1）。",
                       "El primer personaje se sortea (SR-5.7); el último, el anterior a él, puede usar "
                       "objetos en su primer turno (SR-5.8, SR-7.1)."),
    "pairings_section": ("Game length by policy pairing", "各電腦玩法組合的對局長度",
                         "Duración por emparejamiento de estilos"),
    "pairings_axis": ("rounds per game (mean, 95% interval)", "每局輪數（平均，95% 區間）",
                      "rondas por partida (media, intervalo del 95%)"),
    "pairings_plot": ("Game length by the policies of each team", "依各隊電腦玩法的對局長度",
                      "Duración según los estilos de cada equipo"),
    "th_rounds_mean": ("rounds (mean)", "輪數（平均）", "rondas (media)"),
    "th_wins_share": ("share of the wins, team by team", "各隊伍的勝場比例",
                      "parte de las victorias, equipo a equipo"),
    # `parlor starroad check-chart` / `check-characters`
    "warning": ("warning", "警告", "aviso"),
    "chart": ("chart", "設計表", "tabla de diseño"),
    "character_table": ("character table", "角色表", "tabla de personajes"),
    "check_problems": ("{file}, problems found: {count}:", "{file}：{count} 個問題：",
                       "{file}, problemas encontrados: {count}:"),
    "check_valid": ("{file}: a valid {what}.", "{file}：有效的{what}。", "{file}: una {what} válida."),
    "check_valid_warnings": ("{file}: a valid {what}; warnings: {count}:",
                             "{file}：有效的{what}，有 {count} 個警告：",
                             "{file}: una {what} válida; avisos: {count}:"),
}

# design-chart fields (SR-20.2) in words, with the seed's notation
FIELDS: dict[str, tuple[str, str, str]] = {
    "id": ("identifier", "識別碼", "identificador"),
    "edition": ("edition", "版本", "edición"),
    "sheet": ("design sheet", "設計圖", "hoja de diseño"),
    "type": ("type", "類型", "tipo"),
    "cost": ("cost", "所需資源", "coste"),
    "a": ("attack (A)", "攻擊值 (A)", "ataque (A)"),
    "p": ("protection (P)", "防護值 (P)", "protección (P)"),
    "m": ("mixed value (M)", "混合值 (M)", "valor mixto (M)"),
    "r": ("range [r]", "攻擊範圍 [r]", "alcance [r]"),
    "targets": ("targets", "目標數", "objetivos"),
    "w_req": ("storage needed X{W}", "倉庫資源 X{W}", "almacén necesario X{W}"),
    "recycle": ("recycle X(R)", "循環再用 X(R)", "reciclaje X(R)"),
    "use_limit": ("use limit X(UL)", "使用次數限制 X(UL)", "límite de usos X(UL)"),
    "delay": ("delay X(t)", "延時使用 X(t)", "retraso X(t)"),
    "block_mode": ("blocks with", "阻擋方式", "bloquea con"),
    "timing": ("when it is used", "使用時機", "cuándo se usa"),
    "after_use": ("after use", "使用後", "tras usarlo"),
    "effects": ("effects", "效果", "efectos"),
}

# values of the design-chart fields that are words, not numbers
VALUES: dict[str, tuple[str, str, str]] = {
    "A": ("weapon [A]", "武器 [A]", "arma [A]"),
    "P": ("armour [P]", "防具 [P]", "armadura [P]"),
    "M": ("mixed [M]", "混合 [M]", "mixto [M]"),
    "?": ("special [?]", "非攻防 [?]", "especial [?]"),
    "none": ("nothing (cannot block)", "不能阻擋", "nada (no bloquea)"),
    "W": ("its [W]", "其資源標記 [W]", "sus [W]"),
    "own_action_phase": ("in its own action phase", "自己的行動階段", "en su fase de acción"),
    "any": ("at any time", "任何時候", "en cualquier momento"),
    "response_to_attack_on_self": ("in response to an attack on itself", "回應對自己的攻擊",
                                   "en respuesta a un ataque contra sí"),
    "block_only": ("only to block", "只用於阻擋", "solo para bloquear"),
    "destroy": ("destroyed", "消滅", "destruido"),
    "keep": ("kept", "保留", "se conserva"),
    "recycle": ("recycled X(R)", "循環再用 X(R)", "reciclado X(R)"),
    "use_limit": ("one use marker less X(UL)", "減少一個使用次數 X(UL)", "un uso menos X(UL)"),
    "gain_storage": ("gain [W] into storage", "倉庫獲取 [W]", "gana [W] en el almacén"),
    "heal_base": ("heal the base", "基地回復能量", "cura la base"),
    "peek_faction": ("look at a faction card", "查看一張陣營牌", "mira una carta de facción"),
    "remove_object_w": ("remove [W] from an object", "移除物件上的 [W]", "quita [W] de un objeto"),
    "steal_storage": ("take [W] from a storage", "奪取倉庫的 [W]", "toma [W] de un almacén"),
    "cancel_weapon": ("cancel weapons aimed at it", "取消瞄準自己的武器",
                      "anula armas dirigidas a él"),
    "turn_range_bonus": ("range this turn", "本回合攻擊範圍", "alcance este turno"),
    "turn_invest_cap": ("investment cap this turn", "本回合投入上限",
                        "límite de inversión este turno"),
    "remove_delay": ("remove delay markers", "移除延時標記", "quita marcadores de retraso"),
    "amount": ("amount", "數量", "cantidad"),
    "max_distance": ("up to distance", "最遠距離", "hasta la distancia"),
    "count": ("weapons", "武器數", "armas"),
}

POLICY_NAMES: dict[str, tuple[str, str, str]] = {
    "rusher": ("rusher", "速攻型", "asaltante"),
    "builder": ("builder", "建設型", "constructor"),
    "defender": ("defender", "防守型", "defensor"),
    "search": ("search", "搜尋型", "buscador"),
    "random": ("random", "隨機", "aleatorio"),
    "greedy": ("greedy", "貪婪型", "voraz"),
    "easy": ("easy", "簡單", "fácil"),
    "medium": ("medium", "中等", "medio"),
    "hard": ("hard", "困難", "difícil"),
    "expert": ("expert", "專家", "experto"),
}


def text(key: str, lang: str) -> str:
    return in_language(_TEXT[key], lang)


def field(name: str, lang: str) -> str:
    return in_language(FIELDS[name], lang) if name in FIELDS else name


def value(raw: Any, lang: str) -> str:
    """A field's value in words (numbers as they are; effects as their ops and amounts)."""
    if isinstance(raw, list):
        return "; ".join(_effect(e, lang) for e in raw) or "–"
    if isinstance(raw, str) and raw in VALUES:
        return in_language(VALUES[raw], lang)
    return str(raw)


def _effect(effect: dict[str, Any], lang: str) -> str:
    params = ", ".join(f"{value(k, lang)} {v}" for k, v in effect.items() if k != "op")
    return value(effect["op"], lang) + (f" ({params})" if params else "")


def policy(name: str, lang: str) -> str:
    """A policy's or level's name in `lang`; a bot spec (e.g. ismcts:200i) as it is written."""
    return in_language(POLICY_NAMES[name], lang) if name in POLICY_NAMES else name


def named(entry: dict[str, Any], lang: str) -> str:
    """An object's or character's name in `lang` (the English one when the data has none)."""
    local = {"zh_TW": "name_zh", "es": "name_es"}.get(lang)
    return str(entry.get(local) or entry["name"]) if local else str(entry["name"])


def effect_rows(effects: list[dict[str, Any]], lang: str) -> list[tuple[str, str, str, str, str]]:
    """The lab's effects (`study._effects`) as a table's rows, one for each thing a source's effects
    did: the object or character ("4031 Med Kit"), the effect in words, its total over all games, a
    game's mean and a use's ("–" for a source never used: a trigger set off by no use)."""
    rows = []
    for entry in effects:
        name = f"{entry['label']} {named(entry, lang)}" if entry["kind"] == "object" else named(entry, lang)
        for key, total in entry["effects"].items():
            per_game = f"{total / entry['games']:.2f}" if entry["games"] else "–"
            per_use = f"{total / entry['uses']:.1f}" if entry["uses"] else "–"
            rows.append((name, text(f"effect_{key}", lang), str(total), per_game, per_use))
    return rows


def measure(name: str, lang: str, short: bool) -> str:
    """A comparison's measure in words: short in the terminal's table ("made"), in full on the page
    ("made per game"); what an effect did reads the same in both ("HP healed per game")."""
    if name.startswith("effect_"):
        return text("per_game_of", lang).format(what=text(name, lang))
    return text(f"measure_{name}" if short else name, lang)
