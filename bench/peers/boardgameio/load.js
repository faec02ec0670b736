// The boardgame.io load of bench/server_compare.py: `node load.js PORT TABLES SECONDS SEED`.
// TABLES matches at once, both seats played by socket.io clients that move as soon as it is their
// turn (a random empty cell); each move is timed from sending it to the first state the mover gets
// that includes it. When a match ends its table opens another (the first ones are opened before
// the clock starts). Prints one JSON line:
// {"latencies_ms": [...], "moves": n, "games": n, "seconds": s}.
'use strict';

const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { TicTacToe } = require('./game');

const [port, tables, seconds, seed] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const latencies = [];
let games = 0;
let random = seed || 1;

function nextRandom() { // a small LCG: the same cells for the same seed
  random = (random * 1103515245 + 12345) % 2147483648;
  return random / 2147483648;
}

async function post(path, body) {
  const answer = await fetch(base + path, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

function playSeat(matchID, playerID, credentials, until) {
  return new Promise((resolve) => {
    const client = Client({
      game: TicTacToe, numPlayers: 2, matchID, playerID, credentials,
      multiplayer: SocketIO({ server: base, socketOpts: { transports: ['websocket'] } }), debug: false,
    });
    let sentAt = null;
    let sentState = -1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      client.stop();
      resolve();
    };
    client.subscribe((state) => {
      if (done || state === null) return;
      if (sentAt !== null && state._stateID > sentState) {
        latencies.push(performance.now() - sentAt);
        sentAt = null;
      }
      if (state.ctx.gameover || Date.now() >= until) {
        finish();
        return;
      }
      if (sentAt === null && state.isActive && state.ctx.currentPlayer === playerID) {
        const empty = state.G.cells.flatMap((c, i) => (c === null ? [i] : []));
        sentState = state._stateID;
        sentAt = performance.now();
        client.moves.clickCell(empty[Math.floor(nextRandom() * empty.length)]);
      }
    });
    client.start();
    setTimeout(finish, Math.max(0, until - Date.now()) + 50);
  });
}

async function openMatch() {
  const { matchID } = await post('/games/tic-tac-toe/create', { numPlayers: 2 });
  const seats = await Promise.all(['0', '1'].map((playerID) =>
    post(`/games/tic-tac-toe/${matchID}/join`, { playerID, playerName: `bench ${playerID}` })));
  return { matchID, credentials: seats.map((seat) => seat.playerCredentials) };
}

async function table(first, until) {
  let match = first;
  while (Date.now() < until) {
    const { matchID, credentials } = match || await openMatch();
    match = null;
    await Promise.all(credentials.map((credential, i) => playSeat(matchID, String(i), credential, until)));
    games += 1;
  }
}

async function main() {
  // each table's first match is opened and joined before the clock starts
  const firsts = await Promise.all(Array.from({ length: tables }, () => openMatch()));
  const start = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all(firsts.map((first) => table(first, until)));
  const elapsed = (performance.now() - start) / 1000;
  process.stdout.write(JSON.stringify({ latencies_ms: latencies, moves: latencies.length, games, seconds: elapsed }) + '\n',
    () => process.exit(0)); // exit once written: a pipe takes the text asynchronously
}

main().catch((err) => { console.error(err); process.exit(1); });
