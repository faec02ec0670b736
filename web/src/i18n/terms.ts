/** Words the game catalogs do not carry: score categories and move-field names, per language.
 * Anything missing falls back to the game's catalog names, then to the key made readable. */
export type Terms = Record<string, string>

export const categories: Record<string, Terms> = {
  en: {
    buildings: 'Buildings', signora: 'Signora', esperto: 'Esperto', main_halls: 'Main halls',
    episode_bonus: 'Episode bonus', empty_halls: 'Empty halls', score_floor: 'Score floor',
    island_control: 'Island control', panoramas: 'Panoramas', wonders: 'Wonders', objective: 'Objective',
    patrons: 'Patrons', excess_discs: 'Excess discs', keys: 'Keys', commissions: 'Commissions',
    structures: 'Structures', win: 'Win', loss: 'Loss', fame_in_game: 'Fame during the game',
    shards: 'Shards', coins: 'Coins', apprentices: 'Apprentices', specialists: 'Specialists',
    prizes: 'Prizes', draw: 'Draw',
  },
  zh_TW: {
    buildings: '建築', signora: 'Signora', esperto: 'Esperto', main_halls: '主廳',
    episode_bonus: '世紀獎勵', empty_halls: '空廳', score_floor: '分數下限',
    island_control: '島嶼控制', panoramas: '全景', wonders: '奇觀', objective: '目標',
    patrons: '贊助人', excess_discs: '多餘圓片', keys: '鑰匙', commissions: '委託',
    structures: '建物', win: '勝利', loss: '落敗', fame_in_game: '遊戲中的名聲',
    shards: '碎片', coins: '金幣', apprentices: '學徒', specialists: '專家',
    prizes: '獎品', draw: '平手',
  },
  es: {
    buildings: 'Edificios', signora: 'Signora', esperto: 'Esperto', main_halls: 'Salas principales',
    episode_bonus: 'Bonificación de época', empty_halls: 'Salas vacías', score_floor: 'Mínimo de puntos',
    island_control: 'Control de islas', panoramas: 'Panoramas', wonders: 'Maravillas', objective: 'Objetivo',
    patrons: 'Mecenas', excess_discs: 'Discos sobrantes', keys: 'Llaves', commissions: 'Encargos',
    structures: 'Estructuras', win: 'Victoria', loss: 'Derrota', fame_in_game: 'Fama durante la partida',
    shards: 'Fragmentos', coins: 'Monedas', apprentices: 'Aprendices', specialists: 'Especialistas',
    prizes: 'Premios', draw: 'Tablas',
  },
}

export const fields: Record<string, Terms> = {
  en: {
    card: 'a card', amount: 'an amount', piece: 'a piece', at: 'a place', building: 'a building',
    city: 'a city', hall: 'a hall', composer: 'a composer', role: 'a role', part: 'a part',
    trick: 'a trick', character: 'a character', location: 'a location', slot: 'a slot', die: 'a die',
    line: 'a line', level: 'a level', seat: 'a player', no: 'an object', colour: 'a colour',
    magician: 'a magician', components: 'components', specialist: 'a specialist', source: 'a source',
    reward: 'a reward', steps: 'steps', kind: 'an action',
  },
  zh_TW: {
    card: '一張牌', amount: '數量', piece: '一個配件', at: '位置', building: '建築',
    city: '城市', hall: '廳', composer: '作曲家', role: '角色', part: '部分',
    trick: '戲法', character: '角色', location: '地點', slot: '格子', die: '骰子',
    line: '生產線', level: '層', seat: '玩家', no: '物件', colour: '顏色',
    magician: '魔術師', components: '材料', specialist: '專家', source: '來源',
    reward: '報酬', steps: '步數', kind: '行動',
  },
  es: {
    card: 'una carta', amount: 'una cantidad', piece: 'una pieza', at: 'un lugar', building: 'un edificio',
    city: 'una ciudad', hall: 'una sala', composer: 'un compositor', role: 'un papel', part: 'una parte',
    trick: 'un truco', character: 'un personaje', location: 'un lugar', slot: 'una casilla', die: 'un dado',
    line: 'una línea', level: 'un nivel', seat: 'un jugador', no: 'un objeto', colour: 'un color',
    magician: 'un mago', components: 'componentes', specialist: 'un especialista', source: 'un origen',
    reward: 'una recompensa', steps: 'pasos', kind: 'una acción',
  },
}

/** Short game descriptions for the lobby (the server's own description is English). */
export const blurbs: Record<string, Terms> = {
  zh_TW: {
    trickerion: '敵對的魔術師在五週內學習、準備並演出戲法（加上黑街擴充則為七週）。',
    opera: '在歐洲各地建造歌劇院，購買並演出六位作曲家的作品，九回合內左右他們的名聲。',
    skyrise: '在群島之城上進行空間拍賣（Roxley Games）。',
    starroad: '星光道風雲會：隱藏的陣營在生產線上打造武器、護甲與道具，戰到只剩一方顏色。',
    sealed_bids: '用來測試 parlor 核心的小型出價遊戲。',
  },
  es: {
    trickerion: 'Magos rivales aprenden, preparan y representan trucos durante cinco semanas (siete con la expansión Callejón Oscuro).',
    opera: 'Construye teatros de ópera por Europa, compra y representa obras de seis compositores y guía su fama durante nueve rondas.',
    skyrise: 'Subastas espaciales sobre una ciudad de islas (Roxley Games).',
    starroad: 'Equipos ocultos fabrican armas, armaduras y artilugios en líneas de producción y luchan hasta que queda un solo grupo de colores.',
    sealed_bids: 'Un pequeño juego de pujas para probar el núcleo de parlor.',
  },
}

/** Words the boards print that a game catalog may not carry (the catalog's own name wins). */
export const boardWords: Record<string, Terms> = {
  en: {
    fame: 'Fame', coins: 'Coins', shards: 'Shards', tricks: 'Tricks', components: 'Components',
    characters: 'Characters', hand: 'Assignment cards', prepared: 'prepared', markers: 'markers',
    initiative: 'Initiative', player_board: 'Player board', weekday: 'Performs on', poster: 'Poster',
    money: 'Ducats', score: 'VP', supply: 'Supply', houses: 'Opera houses', budget_row: 'Budget row',
    tracks: 'Tracks', patrons: 'Patrons', patron_values: 'Patron values', commissions: 'Commissions', keys: 'Keys',
    available: 'Buildings to auction', bids: 'Bids', auction: 'Auction', constructed: 'Built', wilds: 'Wilds',
    stack: 'Declared, waiting (top first)', attack: 'Attack', window: 'Window', asking: 'asking',
    ground: 'On the ground', storage: 'Storage', hp: 'HP', distance: 'distance', attacker: 'attacker',
    targets: 'targets', blockers: 'blockers', left_play: 'Out of play', objects: 'Production lines',
    nothing: 'nothing', passed: 'passed', you: 'you', line: 'line', level: 'level', empty: 'empty',
  },
  zh_TW: {
    fame: '名聲', coins: '金幣', shards: '碎片', tricks: '戲法', components: '材料',
    characters: '角色', hand: '指派卡', prepared: '已準備', markers: '標記',
    initiative: '行動順序', player_board: '玩家圖板', weekday: '演出日', poster: '海報',
    money: '杜卡特', score: '分數', supply: '庫存', houses: '歌劇院', budget_row: '預算列',
    tracks: '軌道', patrons: '贊助人', patron_values: '贊助人價值', commissions: '委託', keys: '鑰匙',
    available: '可拍賣的建築', bids: '出價', auction: '拍賣', constructed: '已建造', wilds: '萬用',
    stack: '已宣告、等待中（最上方在前）', attack: '攻擊', window: '時機窗', asking: '詢問',
    ground: '地面物件', storage: '儲存', hp: '生命', distance: '距離', attacker: '攻擊者',
    targets: '目標', blockers: '阻擋者', left_play: '離場', objects: '生產線',
    nothing: '無', passed: '已跳過', you: '你', line: '線', level: '層', empty: '空',
  },
  es: {
    fame: 'Fama', coins: 'Monedas', shards: 'Fragmentos', tricks: 'Trucos', components: 'Componentes',
    characters: 'Personajes', hand: 'Cartas de asignación', prepared: 'preparado', markers: 'marcadores',
    initiative: 'Iniciativa', player_board: 'Tablero de jugador', weekday: 'Actúa el', poster: 'Cartel',
    money: 'Ducados', score: 'PV', supply: 'Reserva', houses: 'Teatros de ópera', budget_row: 'Fila de presupuesto',
    tracks: 'Marcadores', patrons: 'Mecenas', patron_values: 'Valor de mecenas', commissions: 'Encargos', keys: 'Llaves',
    available: 'Edificios por subastar', bids: 'Pujas', auction: 'Subasta', constructed: 'Construidos', wilds: 'Comodines',
    stack: 'Declarado, en espera (arriba primero)', attack: 'Ataque', window: 'Ventana', asking: 'pregunta a',
    ground: 'En el suelo', storage: 'Almacén', hp: 'PV', distance: 'distancia', attacker: 'atacante',
    targets: 'objetivos', blockers: 'bloqueadores', left_play: 'Fuera de juego', objects: 'Líneas de producción',
    nothing: 'nada', passed: 'pasó', you: 'tú', line: 'línea', level: 'nivel', empty: 'vacío',
  },
}
