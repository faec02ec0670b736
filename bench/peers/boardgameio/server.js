// The boardgame.io server of bench/server_compare.py: `node server.js PORT`, on 127.0.0.1 only,
// in-memory storage, the game and lobby API on one port. Prints "ready" when it listens.
'use strict';

const { Server } = require('boardgame.io/server');
const { TicTacToe } = require('./game');

const port = Number(process.argv[2]);
const server = Server({ games: [TicTacToe], origins: ['http://127.0.0.1'] });
// Server.run() listens on every interface; the transport's listen passes its arguments on to
// http.Server.listen, so bind it to loopback here.
const listen = server.app.listen.bind(server.app);
server.app.listen = (listenPort, callback) => listen(listenPort, '127.0.0.1', callback);
server.run({ port, callback: () => console.log('ready') });
process.on('SIGTERM', () => process.exit(0));
