// The client's entry point: a hash router (#/ = lobby, #/tables/<id> = a table), so the server
// serves one page and a table's address can be shared or reloaded.

import {fill, h} from './dom.js';
import {showLobby} from './lobby.js';
import {showTable} from './table.js';

const main = document.getElementById('main');
const status = document.getElementById('live-status');
const MODES = {live: 'live', polling: 'polling', connecting: 'connecting…', offline: 'offline', '': ''};

let current = null;

function context() {
  const ctx = {
    disposed: false,
    cleanups: [],
    onDispose(fn) {
      if (ctx.disposed) fn();
      else ctx.cleanups.push(fn);
    },
    setMode(mode) {
      if (ctx.disposed) return;
      status.textContent = MODES[mode] ?? mode;
      status.dataset.mode = mode;
    },
  };
  return ctx;
}

async function route() {
  if (current) {
    current.disposed = true;
    for (const fn of current.cleanups.splice(0)) fn();
  }
  const ctx = context();
  current = ctx;
  const match = location.hash.match(/^#\/tables\/([0-9a-fA-F-]{36})\/?$/);
  try {
    if (match) await showTable(main, ctx, match[1].toLowerCase());
    else await showLobby(main, ctx);
  } catch (error) {
    if (!ctx.disposed) fill(main, h('p', {class: 'error', role: 'alert'}, `Something went wrong: ${error}`));
  }
}

window.addEventListener('hashchange', route);
route();
