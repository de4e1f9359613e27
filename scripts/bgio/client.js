/**
 * The closed-loop client of the boardgame.io baseline: `node client.js PORT MATCHES SECONDS SEED`.
 *
 * Opens MATCHES two-player matches of the grid game (game.js) through the Lobby API (create, both
 * seats joined, credentials kept), each player a boardgame.io `Client` over `SocketIO` (socket.io,
 * websocket transport), then prints READY and waits for a line on stdin (scripts/bench_load.py
 * reads the server's CPU in between). For SECONDS, each match keeps one move in flight: the
 * player to move claims a random free cell; the time from the move's dispatch to that player's
 * client receiving the server's new state is one latency (the "move sent -> new state
 * received"); the next move waits until the next player's client has that state too. A finished
 * match is replaced by a new one (not counted, but its time is the window's), as bench_load
 * replaces a finished table. A move still in flight when the window ends is not counted. Last, one
 * line `RESULT {json}`: elapsed, latencies in seconds ("commands"), errors, the matches replaced
 * and the lane-seconds spent replacing them, and the client's CPU seconds.
 */
'use strict';

const { Client, LobbyClient } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Grid } = require('./game');

const [port, matches, seconds, seed] = process.argv.slice(2).map(Number);
const server = `http://127.0.0.1:${port}`;
const lobby = new LobbyClient({ server });
const WAIT_MS = 30000;

/** A small seeded generator (mulberry32): the cells chosen are the same for the same seed. */
function generator(s) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One player's Client and the newest state it has shown, with waiters on that state. */
function player(matchID, playerID, credentials) {
  const client = Client({
    game: Grid, matchID, playerID, credentials, debug: false,
    multiplayer: SocketIO({ server, socketOpts: { transports: ['websocket'] } }),
  });
  const seat = { client, state: null, waiters: [] };
  client.subscribe((state) => {
    if (!state) return;
    seat.state = state;
    seat.waiters = seat.waiters.filter(([until, resolve]) => (until(state) ? (resolve(state), false) : true));
  });
  client.start();
  return seat;
}

/** The seat's state once `until(state)` holds (rejects after WAIT_MS). */
function when(seat, until) {
  if (seat.state && until(seat.state)) return Promise.resolve(seat.state);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no new state in time')), WAIT_MS);
    seat.waiters.push([until, (state) => { clearTimeout(timer); resolve(state); }]);
  });
}

/** A new match, both seats joined and synced (connected, the server's state received). */
async function openMatch() {
  const { matchID } = await lobby.createMatch('grid', { numPlayers: 2 });
  const seats = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await lobby.joinMatch('grid', matchID, { playerID, playerName: `P${playerID}` });
    seats.push(player(matchID, playerID, playerCredentials));
  }
  await Promise.all(seats.map((seat) => when(seat, (s) => s.isConnected)));
  return seats;
}

const out = { commands: [], errors: [], replaced: 0, replacing: 0 };

/** A finished (or stuck) match's clients stopped and a new match in its place, timed. */
async function replace(seats) {
  seats.forEach((seat) => seat.client.stop());
  const t0 = performance.now();
  const fresh = await openMatch();
  if (!stop) {
    out.replaced++;
    out.replacing += (performance.now() - t0) / 1000;
  }
  return fresh;
}
let stop = false;
let ready = 0;
let go;
const started = new Promise((resolve) => { go = resolve; });

async function lane(i) {
  const rng = generator(seed * 1000 + i + 1);
  let seats = await openMatch();
  ready++;
  await started;
  while (!stop) {
    const state = seats[0].state;
    if (state.ctx.gameover) {
      seats = await replace(seats);
      continue;
    }
    const mover = seats[Number(state.ctx.currentPlayer)];
    const free = mover.state.G.cells.flatMap((c, k) => (c === null ? [k] : []));
    const before = mover.state._stateID;
    const t0 = performance.now();
    mover.client.moves.claim(free[Math.floor(rng() * free.length)]);
    try {
      await when(mover, (s) => s._stateID > before);
      const t1 = performance.now();
      if (stop) break;
      out.commands.push((t1 - t0) / 1000);
      await Promise.all(seats.map((seat) => when(seat, (s) => s._stateID > before)));
    } catch (err) {
      out.errors.push(String(err));
      seats = await replace(seats);
    }
  }
  seats.forEach((seat) => seat.client.stop());
}

async function main() {
  const lanes = [];
  for (let i = 0; i < matches; i++) lanes.push(lane(i));
  const failed = Promise.all(lanes).catch((err) => process.stdout.write(`FAILED ${err}\n`, () => process.exit(1)));
  while (ready < matches) await new Promise((r) => setTimeout(r, 20));
  console.log('READY');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  go();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  stop = true;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  await Promise.race([failed, new Promise((r) => setTimeout(r, 5000))]);
  const result = JSON.stringify({
    elapsed, commands: out.commands, errors: out.errors.slice(0, 5), n_errors: out.errors.length,
    replaced: out.replaced, replacing: out.replacing,
    client_cpu: (cpu.user + cpu.system) / 1e6,
  });
  // Written to a pipe, stdout is asynchronous: exit once the whole line is out (not 64 KiB of it).
  process.stdout.write(`RESULT ${result}\n`, () => process.exit(0));
}

main();
