"""What the terminal's study commands say (`parlor simulate`, `parlor report`, `parlor arena`), in
English, Traditional Chinese and Spanish: merged into `parlor.cli.words.WORDS`, so `say` finds them and
the test that every language has every key covers them."""

from __future__ import annotations

STUDY_WORDS: dict[str, dict[str, str]] = {
    "en": {
        # `parlor arena`
        "arena_title": "{game}, {players} players, {games} games",
        "arena_bot": "bot",
        "arena_seats": "seats",
        "arena_win_rate": "win rate",
        "arena_ci": "95% CI",
        "arena_rating": "rating",
        "arena_mean_score": "mean score",
        "arena_mean_margin": "mean margin",
        "arena_pairs": "Head to head (ties count half)",
        "arena_vs": "vs",
        "arena_games": "games",
        "arena_score": "score",
        "arena_by_seat": "By seat",
        "arena_seat": "seat",
        "arena_progress": "{game} arena",
        "arena_log": "{game} arena: {done}/{total} games, {seconds} s",
        "arena_note": "[yellow]note:[/] {lineups} line-ups per cycle; -n {n} is not a multiple, so some "
                      "line-ups play once more than others",
        "arena_stopped": "[yellow]stopped:[/] {played} of {n} games played; the figures are theirs "
                         "(--resume goes on with them)",
        "arena_written": "Results written to {path}",
        "arena_footer": "{games} games in {seconds} s; ratings: Bradley-Terry fit, Elo scale, mean 1500; "
                        "line-ups of one cycle share a deal",
        "arena_deals": "Deals played from both seats by {a} and {b}: {deals}; {a} won both games of "
                       "{a_both}, {b} of {b_both}, the same seat won both of {by_seat} ({share}: the deal, "
                       "not the bots)",
        "arena_deals_shared": ", a first place was shared in {shared}",
        "arena_paired_head": "[bold]Paired against {baseline} at every seat, on the same deals[/] (a "
                             "team's win counts once; 95% intervals: bootstrap over deals)",
        "arena_paired": "{bot}: {pairs} seats on {deals} deals; its seat won {rate}, {baseline} in the "
                        "same seats {baseline_rate}: difference {difference} points ({low} to {high}), "
                        "{ratio}; better than {baseline} on {gained} seats, worse on {lost}; mean margin "
                        "change {margin}",
        "arena_ratio": "ratio {ratio}x ({low}-{high}x)",
        "arena_no_ratio": "no ratio: the baseline won none of these seats",
        "report_wrote": "Wrote {path}",
        # `parlor simulate`
        "sim_by_bot": "By bot",
        "sim_by_seat": "By seat",
        "sim_bot": "bot",
        "sim_seat": "seat",
        "sim_seats_played": "seats played",
        "sim_win_rate": "win rate",
        "sim_interval": "95% interval",
        "sim_mean_score": "mean score",
        "sim_games_per_second": "{speed} games/s",
        "sim_moves_per_second": "{speed} moves/s",
        "sim_played": "{games} games, mean length {length} moves, {speed} ({backend}, {workers} workers, "
                      "{batch} games per batch)",
        "sim_resumed": "{games} games, mean length {length} moves (all resumed, none played now)",
        "sim_interrupted_kept": "Interrupted: finished batches are kept in {out}; run the same command to "
                                "resume.",
        "sim_interrupted_lost": "Interrupted: nothing was kept (give --out to make a study resumable).",
        "sim_wrote": "Wrote {games} and {summary}; `parlor report {out}` draws the report.",
    },
    "zh_TW": {
        # `parlor arena`
        "arena_title": "{game}，{players} 位玩家，{games} 局",
        "arena_bot": "電腦",
        "arena_seats": "座位數",
        "arena_win_rate": "勝率",
        "arena_ci": "95% 區間",
        "arena_rating": "評分",
        "arena_mean_score": "平均分數",
        "arena_mean_margin": "平均分差",
        "arena_pairs": "兩兩對戰（平手算一半）",
        "arena_vs": "對手",
        "arena_games": "局數",
        "arena_score": "得分率",
        "arena_by_seat": "按座位",
        "arena_seat": "座位",
        "arena_progress": "{game} 對戰",
        "arena_log": "{game} 對戰：{done}/{total} 局，{seconds} 秒",
        "arena_note": "[yellow]注意：[/]每輪有 {lineups} 種排列；-n {n} 不是其倍數，所以有些排列會多下一次",
        "arena_stopped": "[yellow]已停止：[/]{n} 局中下了 {played} 局；數據以這些對局計算（--resume 可繼續）",
        "arena_written": "結果已寫入 {path}",
        "arena_footer": "{seconds} 秒內下完 {games} 局；評分：Bradley-Terry 擬合，Elo 尺度，平均 1500；"
                        "同一輪的各排列共用一次發牌",
        "arena_deals": "{a} 與 {b} 從兩個座位都下過的發牌：{deals}；{a} 兩局全勝的有 {a_both}，{b} 有 "
                       "{b_both}，同一座位兩局都贏的有 {by_seat}（{share}：由發牌而非電腦決定）",
        "arena_deals_shared": "，並列第一的有 {shared}",
        "arena_paired_head": "[bold]在每個座位與 {baseline} 配對比較，使用相同的發牌[/]（隊伍的勝利只算一次；"
                             "95% 區間：對發牌做自助抽樣）",
        "arena_paired": "{bot}：{deals} 次發牌中的 {pairs} 個座位；它的座位勝率 {rate}，{baseline} "
                        "在相同座位 {baseline_rate}：差 {difference} 個百分點（{low} 至 {high}），"
                        "{ratio}；比 {baseline} 好的座位 {gained} 個，差的 {lost} 個；平均分差變化 {margin}",
        "arena_ratio": "比值 {ratio} 倍（{low}-{high} 倍）",
        "arena_no_ratio": "無比值：基準在這些座位一局也沒贏",
        "report_wrote": "已寫入 {path}",
        # `parlor simulate`
        "sim_by_bot": "按電腦",
        "sim_by_seat": "按座位",
        "sim_bot": "電腦",
        "sim_seat": "座位",
        "sim_seats_played": "座位數",
        "sim_win_rate": "勝率",
        "sim_interval": "95% 區間",
        "sim_mean_score": "平均分數",
        "sim_games_per_second": "每秒 {speed} 局",
        "sim_moves_per_second": "每秒 {speed} 步",
        "sim_played": "{games} 局，平均長度 {length} 步，{speed}（{backend}，{workers} 個工作行程，"
                      "每批 {batch} 局）",
        "sim_resumed": "{games} 局，平均長度 {length} 步（全部從存檔接續，這次沒有下新的對局）",
        "sim_interrupted_kept": "已中斷：完成的批次保存在 {out}；再執行同一個指令即可繼續。",
        "sim_interrupted_lost": "已中斷：沒有保存任何結果（加上 --out 才能中斷後繼續）。",
        "sim_wrote": "已寫入 {games} 與 {summary}；`parlor report {out}` 會畫出報告。",
    },
    "es": {
        # `parlor arena`
        "arena_title": "{game}, {players} jugadores, {games} partidas",
        "arena_bot": "bot",
        "arena_seats": "asientos",
        "arena_win_rate": "% victorias",
        "arena_ci": "IC 95%",
        "arena_rating": "valoración",
        "arena_mean_score": "puntos medios",
        "arena_mean_margin": "margen medio",
        "arena_pairs": "Cara a cara (un empate cuenta la mitad)",
        "arena_vs": "contra",
        "arena_games": "partidas",
        "arena_score": "resultado",
        "arena_by_seat": "Por asiento",
        "arena_seat": "asiento",
        "arena_progress": "torneo de {game}",
        "arena_log": "torneo de {game}: {done}/{total} partidas, {seconds} s",
        "arena_note": "[yellow]nota:[/] {lineups} alineaciones por ciclo; -n {n} no es múltiplo, así que "
                      "algunas alineaciones juegan una vez más que otras",
        "arena_stopped": "[yellow]detenido:[/] jugadas {played} de {n} partidas; las cifras son las suyas "
                         "(--resume continúa con ellas)",
        "arena_written": "Resultados escritos en {path}",
        "arena_footer": "{games} partidas en {seconds} s; valoraciones: ajuste de Bradley-Terry, escala Elo, "
                        "media 1500; las alineaciones de un ciclo comparten reparto",
        "arena_deals": "Repartos jugados desde ambos asientos por {a} y {b}: {deals}; {a} ganó las dos "
                       "partidas de {a_both}, {b} de {b_both}, el mismo asiento ganó las dos de {by_seat} "
                       "({share}: el reparto, no los bots)",
        "arena_deals_shared": ", se compartió un primer puesto en {shared}",
        "arena_paired_head": "[bold]Emparejado contra {baseline} en cada asiento, con los mismos "
                             "repartos[/] (la victoria de un equipo cuenta una vez; intervalos del 95%: "
                             "bootstrap sobre repartos)",
        "arena_paired": "{bot}: {pairs} asientos en {deals} repartos; su asiento ganó el {rate}, {baseline} "
                        "en los mismos asientos el {baseline_rate}: diferencia {difference} puntos ({low} a "
                        "{high}), {ratio}; mejor que {baseline} en {gained} asientos, peor en {lost}; cambio "
                        "del margen medio {margin}",
        "arena_ratio": "razón {ratio}x ({low}-{high}x)",
        "arena_no_ratio": "sin razón: la referencia no ganó ninguno de estos asientos",
        "report_wrote": "Escrito {path}",
        # `parlor simulate`
        "sim_by_bot": "Por bot",
        "sim_by_seat": "Por asiento",
        "sim_bot": "bot",
        "sim_seat": "asiento",
        "sim_seats_played": "asientos jugados",
        "sim_win_rate": "% victorias",
        "sim_interval": "IC 95%",
        "sim_mean_score": "puntuación media",
        "sim_games_per_second": "{speed} partidas/s",
        "sim_moves_per_second": "{speed} movimientos/s",
        "sim_played": "{games} partidas, duración media {length} movimientos, {speed} ({backend}; "
                      "procesos: {workers}; partidas por lote: {batch})",
        "sim_resumed": "{games} partidas, duración media {length} movimientos (todas reanudadas, ninguna "
                       "jugada ahora)",
        "sim_interrupted_kept": "Interrumpido: los lotes terminados se guardan en {out}; ejecute la "
                                "misma orden para continuar.",
        "sim_interrupted_lost": "Interrumpido: no se guardó nada (dé --out para poder continuar un estudio).",
        "sim_wrote": "Escritos {games} y {summary}; `parlor report {out}` dibuja el informe.",
    },
}
