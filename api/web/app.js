// The client's entry point: a hash router (#/ = lobby, #/tables/<id> = a table), so the server
// serves one page and a table's address can be shared or reloaded.

import {parseAddress} from './address.js';
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
  const address = parseAddress(location.hash);
  // The same table at another version (a replay link followed, or the address edited): no reload.
  if (address && current?.tableId === address.id && current.onAddress && !current.disposed) {
    current.onAddress(address.at);
    return;
  }
  if (current) {
    current.disposed = true;
    for (const fn of current.cleanups.splice(0)) fn();
  }
  const ctx = context();
  current = ctx;
  try {
    if (address) {
      ctx.tableId = address.id;
      await showTable(main, ctx, address.id, address.at, {valid: address.valid});
    } else {
      await showLobby(main, ctx);
    }
  } catch (error) {
    if (!ctx.disposed) fill(main, h('p', {class: 'error', role: 'alert'}, `Something went wrong: ${error}`));
  }
}

// The skip link: move focus to the content without touching the hash (the hash is the route).
document.getElementById('skip')?.addEventListener('click', (event) => {
  event.preventDefault();
  const target = document.getElementById('turn') || main;
  target.focus();
  target.scrollIntoView({block: 'start'});
});

window.addEventListener('hashchange', route);
route();
