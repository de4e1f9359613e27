/**
 * The small grid game of the boardgame.io baseline (scripts/bench_load.py, issue 39): two players
 * take turns claiming a free cell of an 8x8 grid; five in a row (row, column or diagonal) wins, a
 * full grid is a draw. Random play ends after about 46 moves (a 5x5 grid with four in a row: 19,
 * and replacing finished matches took a fifth of the window), so a match holds its server state
 * (and FlatFile its log) for a while before the client replaces it, as a table does.
 *
 * The move runs on the server only (`client: false`): the client makes no optimistic update, so
 * the state it receives after a move is the server's answer, the "move sent -> new state
 * received" time the issue measured. Shared by server.js and client.js (CommonJS; NODE_PATH
 * points at the benchmark's npm cache, outside the repository).
 */
'use strict';

const { INVALID_MOVE } = require('boardgame.io/core');

const SIZE = 8;
const LINE = 5;

/** The player ('0' or '1') holding LINE cells in a row, or null. */
function winner(cells) {
  const at = (r, c) => (r >= 0 && r < SIZE && c >= 0 && c < SIZE ? cells[r * SIZE + c] : null);
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      const who = at(r, c);
      if (who === null) continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]]) {
        let k = 1;
        while (k < LINE && at(r + dr * k, c + dc * k) === who) k++;
        if (k === LINE) return who;
      }
    }
  }
  return null;
}

const Grid = {
  name: 'grid',
  setup: () => ({ cells: Array(SIZE * SIZE).fill(null) }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    claim: {
      move: ({ G, playerID }, cell) => {
        if (!Number.isInteger(cell) || cell < 0 || cell >= G.cells.length || G.cells[cell] !== null) {
          return INVALID_MOVE;
        }
        G.cells[cell] = playerID;
      },
      client: false,
    },
  },
  endIf: ({ G }) => {
    const who = winner(G.cells);
    if (who !== null) return { winner: who };
    if (G.cells.every((c) => c !== null)) return { draw: true };
    return undefined;
  },
};

module.exports = { Grid, SIZE, LINE, winner };
