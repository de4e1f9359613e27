/**
 * The boardgame.io 0.50.2 server of the baseline: `node server.js PORT flatfile DIR` stores matches
 * with FlatFile (node-persist files under DIR, as the issue measured), `node server.js PORT memory`
 * with the default in-memory store. One process serves the Lobby API (match creation, joins) and
 * the socket.io game transport on PORT; it prints READY once it listens. scripts/bench_load.py
 * starts it, reads its CPU from /proc and stops it with SIGTERM.
 */
'use strict';

const { Server, FlatFile } = require('boardgame.io/server');
const { Grid } = require('./game');

const [port, store, dir] = process.argv.slice(2);
if (!port || !['flatfile', 'memory'].includes(store) || (store === 'flatfile' && !dir)) {
  console.error('usage: node server.js PORT flatfile DIR | node server.js PORT memory');
  process.exit(2);
}
const opts = { games: [Grid] };
if (store === 'flatfile') opts.db = new FlatFile({ dir, logging: false });
const server = Server(opts);
server.run({ port: Number(port), callback: () => console.log('READY') });
process.on('SIGTERM', () => process.exit(0));
