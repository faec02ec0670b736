// parlor's load of bench/server_compare.py, written like load.js so that both servers are driven by
// the same runtime (node) with the same shape of work: `node load_parlor.js PORT TABLES SECONDS SEED`.
// TABLES tables of Sealed Bids at once, both seats played by WebSocket clients (the `ws` package,
// offering per-message deflate as browsers do) that move as soon as they have legal moves; each move
// is timed from sending it to the first state the mover gets that includes it. When a game ends its
// table opens another: a new table, two joins, two sockets, as load.js does for boardgame.io (the
// first ones are opened before the clock starts). Prints one JSON line:
// {"latencies_ms": [...], "moves": n, "games": n, "seconds": s}.
'use strict';

const WebSocket = require('ws');

const [port, tables, seconds, seed] = process.argv.slice(2).map(Number);
const base = `http://127.0.0.1:${port}`;
const OPTIONS = { rounds: 12, hand_size: 6 };
const latencies = [];
let games = 0;
let random = seed || 1;

function nextRandom() { // the same LCG as load.js
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

function playSeat(tableID, token, until) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/tables/${tableID}`);
    let sentAt = null;
    let sentIndex = -1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.close();
      resolve();
    };
    socket.on('open', () => socket.send(JSON.stringify({ token })));
    socket.on('error', reject);
    socket.on('close', finish);
    socket.on('message', (data) => {
      if (done) return;
      const message = JSON.parse(data);
      if (message.type !== 'state') {
        sentAt = null; // a refused move (never expected here): move again on the next state
        return;
      }
      if (sentAt !== null && message.index > sentIndex) {
        latencies.push(performance.now() - sentAt);
        sentAt = null;
      }
      if (message.status === 'finished' || Date.now() >= until) {
        finish();
        return;
      }
      if (message.legal.length > 0 && sentAt === null && message.index !== sentIndex) {
        sentIndex = message.index;
        sentAt = performance.now();
        const choice = message.legal[Math.floor(nextRandom() * message.legal.length)];
        socket.send(JSON.stringify({ move: choice.move, index: message.index }));
      }
    });
    setTimeout(finish, Math.max(0, until - Date.now()) + 50);
  });
}

async function openTable() {
  const table = await post('/api/tables', {
    game: 'sealed_bids', players: 2, seats: [{ kind: 'open' }, { kind: 'open' }], options: OPTIONS,
  });
  const seats = await Promise.all([0, 1].map((seat) =>
    post(`/api/tables/${table.id}/seats/${seat}/join`, { name: `bench ${seat + 1}` })));
  return { tableID: table.id, tokens: seats.map((seat) => seat.token) };
}

async function table(first, until) {
  let current = first;
  while (Date.now() < until) {
    const { tableID, tokens } = current || await openTable();
    current = null;
    await Promise.all(tokens.map((token) => playSeat(tableID, token, until)));
    games += 1;
  }
}

async function main() {
  const firsts = await Promise.all(Array.from({ length: tables }, () => openTable()));
  const start = performance.now();
  const until = Date.now() + seconds * 1000;
  await Promise.all(firsts.map((first) => table(first, until)));
  const elapsed = (performance.now() - start) / 1000;
  process.stdout.write(JSON.stringify({ latencies_ms: latencies, moves: latencies.length, games, seconds: elapsed }) + '\n',
    () => process.exit(0)); // exit once written: a pipe takes the text asynchronously
}

main().catch((err) => { console.error(err); process.exit(1); });
