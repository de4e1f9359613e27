// A test-only stand-in for the table page shell (served by Playwright route, never shipped): it
// feeds a board module the props of docs/web.md "Board modules" from real API answers, and plays
// the shell's part: the composer bar (Confirm / Cancel), propose(), refreshing on a new version,
// and replay at ?version=N. Address: /web/__harness.html#table=<id>&seat=<n>&token=<t>&game=<g>[&version=N]

import {Composer} from '/web/composer.js';
import {boardFor} from '/web/games/index.js';
import {h} from '/web/dom.js';

const params = new URLSearchParams(location.hash.slice(1));
const table = params.get('table');
const seat = params.has('seat') ? Number(params.get('seat')) : null;
const token = params.get('token');
const game = params.get('game');
const at = params.has('version') ? Number(params.get('version')) : null;
const base = `/api/tables/${table}`;
const headers = token ? {Authorization: `Bearer ${token}`} : {};

const board = document.getElementById('board');
const statusLine = document.getElementById('status');
const bar = document.getElementById('bar');
const notice = document.getElementById('notice');

async function get(path) {
  const r = await fetch(path, {headers});
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

let module = null;
let catalog = null;
let shown = -1;
let composer = null;
let current = null;
let busy = false;

function props() {
  const {summary, view, moves, scores, log} = current;
  const viewer = seat;
  const seats = summary.seats.map((x, i) => ({seat: i, name: x.name, bot: x.bot, free: x.free, you: i === viewer}));
  // The log names the viewer "You": what came after the viewer's last line is what others did since.
  const lastMine = Math.max(-1, ...log.filter((e) => /^You /.test(e.text)).map((e) => e.version));
  return {
    game, catalog, view, viewer, seats,
    name: (i) => (i === viewer ? 'You' : seats[i]?.name || `Seat ${i}`),
    colour: (i) => catalog.seat_colours?.[i]?.css,
    status: summary.status, toAct: summary.to_act, version: at ?? summary.version, replaying: at !== null,
    composer, propose, scores,
    recent: viewer === null ? [] : log.filter((e) => !/^You /.test(e.text) && e.version > lastMine),
  };
}

function draw() {
  if (!current) return;
  window.__draws = (window.__draws || 0) + 1;
  const t0 = performance.now();
  const p = props();
  module.render(board, p);
  statusLine.textContent = module.status ? module.status(p) : '';
  const done = composer.complete;
  bar.replaceChildren(
    h('span', {id: 'labels'}, composer.labels.join(' · ')),
    h('button', {type: 'button', id: 'confirm', class: 'primary', disabled: !(composer.active && done),
      onclick: () => propose(done)}, 'Confirm'),
    h('button', {type: 'button', id: 'cancel', disabled: !composer.active, onclick: () => composer.clear()}, 'Cancel'));
  document.body.dataset.version = String(current.summary.version);
  document.body.dataset.ready = '1';
  window.__drawMs = (window.__drawMs || 0) + performance.now() - t0;
}

async function propose(move) {
  if (!move || busy) return;
  busy = true;
  notice.textContent = '';
  document.body.dataset.ready = '0';
  try {
    const r = await fetch(`${base}/seats/${seat}/moves`, {method: 'POST', headers: {...headers, 'Content-Type': 'application/json'},
      body: JSON.stringify({move, command_id: crypto.randomUUID(), expected_version: composer.version})});
    if (!r.ok) notice.textContent = JSON.stringify(await r.json());
  } finally {
    busy = false;
    await refresh(true);
  }
}

async function refresh(force = false) {
  const summary = await get(base);
  if (!force && summary.version === shown) return;
  const v = at ?? summary.version;
  const t0 = performance.now();
  const [viewBody, legal, scores, log] = await Promise.all([
    get(`${base}/view${at !== null ? `?version=${at}` : ''}`),
    seat !== null && at === null ? get(`${base}/seats/${seat}/legal-moves`) : Promise.resolve({moves: [], version: v}),
    Promise.resolve(null), // the board reads its scores from the view
    get(`${base}/log`).catch(() => []),
  ]);
  shown = summary.version;
  window.__fetchMs = (window.__fetchMs || 0) + performance.now() - t0;
  // Another seat's move must not wipe a half-made choice: keep the steps that still name a legal move.
  const steps = composer && !force ? composer.steps : [];
  composer = new Composer(legal.moves, legal.version, () => draw());
  for (const step of steps) if (composer.remaining.some(step.test)) composer.steps.push(step);
  current = {summary, view: viewBody.view, moves: legal.moves, scores, log};
  draw();
}

async function main() {
  module = await boardFor(game);
  catalog = await get(`/api/games/${game}/components`);
  await refresh(true);
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') composer?.clear(); });
  if (at === null) setInterval(() => { if (!busy) refresh().catch((e) => { notice.textContent = String(e); }); }, 300);
}

main().catch((e) => { notice.textContent = String(e); });
