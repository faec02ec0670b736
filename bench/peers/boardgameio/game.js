// Tic-tac-toe played over several boards: the peer of parlor's Sealed Bids in bench/server_compare.py.
// A board is cleared when someone has three in a row or it is full; the game ends after BOARDS boards,
// so that a game lasts about as many moves as a bench game of Sealed Bids (about 16).
'use strict';

const BOARDS = 2;
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

function hasLine(cells, player) {
  return LINES.some((line) => line.every((i) => cells[i] === player));
}

const TicTacToe = {
  name: 'tic-tac-toe',
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ cells: Array(9).fill(null), board: 0, wins: [0, 0] }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    // client: false makes the client wait for the server's state, as a parlor client does
    clickCell: {
      client: false,
      move: ({ G, playerID }, id) => {
        if (!Number.isInteger(id) || id < 0 || id > 8 || G.cells[id] !== null) return 'INVALID_MOVE';
        const cells = [...G.cells];
        cells[id] = playerID;
        if (hasLine(cells, playerID)) {
          const wins = [...G.wins];
          wins[Number(playerID)] += 1;
          return { cells: Array(9).fill(null), board: G.board + 1, wins };
        }
        if (cells.every((c) => c !== null)) return { cells: Array(9).fill(null), board: G.board + 1, wins: G.wins };
        return { ...G, cells };
      },
    },
  },
  endIf: ({ G }) => {
    if (G.board < BOARDS) return undefined;
    if (G.wins[0] === G.wins[1]) return { draw: true };
    return { winner: G.wins[0] > G.wins[1] ? '0' : '1' };
  },
};

module.exports = { TicTacToe };
