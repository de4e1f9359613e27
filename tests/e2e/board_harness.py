"""A test-only page that hosts one board module the way the table page does (docs/web.md, "Board modules").

Until the table-page shell serves board modules, the board tests open this page: it is served by
Playwright's router on the app's own origin (so the module and the API are same-origin) and never
ships with the client. It reads the seat's token from localStorage like the client, builds the
props from real API answers (view, legal moves, catalog, scores, log), offers a composer bar
(Confirm/Cancel), sends moves with the version they were legal at, and polls for changes.
"""

from __future__ import annotations

from playwright.sync_api import Page

PATH = "/board-harness.html"

HTML = r"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Board</title><link rel="stylesheet" href="/web/style.css"></head>
<body><main id="main">
<p id="status" role="status"></p>
<div id="composer" class="row" aria-label="Composer"></div>
<p id="notice" role="alert"></p>
<div id="board" class="board"></div>
</main>
<script type="module">
import {Composer} from '/web/composer.js';
import {boardFor} from '/web/games/index.js';
const q = new URLSearchParams(location.search);
const table = q.get('table');
const seatParam = q.get('seat');
const seat = seatParam === null || seatParam === '' ? null : Number(seatParam);
const replayAt = q.get('version') ? Number(q.get('version')) : null;
const token = seat === null ? null : JSON.parse(localStorage.getItem(`tabletop.seat.${table}.${seat}`)).token;
const headers = token ? {Authorization: `Bearer ${token}`} : {};
const get = async (path) => { const r = await fetch(path, {headers, cache: 'no-store'}); if (!r.ok) throw new Error(`${path}: ${r.status}`); return r.json(); };
const base = `/api/tables/${table}`;
let board, catalog, state = {version: -1}, lastMine = 0, busy = false;
const root = document.getElementById('board');

function draw() {
  const c = state.composer;
  const props = {
    game: state.table.game, catalog, view: state.view, viewer: state.viewer,
    seats: state.table.seats.map((s) => ({...s, you: s.seat === state.viewer})),
    name: (s) => (s === state.viewer ? 'You' : state.table.seats[s]?.name || `Seat ${s}`),
    colour: (s) => catalog.seat_colours?.[s]?.hex,
    status: state.table.status, toAct: state.table.to_act, version: state.version, replaying: replayAt !== null,
    composer: c, propose, scores: state.scores, recent: state.recent,
  };
  root.replaceChildren();
  board.render(root, props);
  document.getElementById('status').textContent = board.status ? board.status(props) : '';
  const bar = document.getElementById('composer');
  bar.replaceChildren();
  if (c.active) {
    bar.append(document.createTextNode(c.labels.join(' · ') + ' '));
    if (c.complete) {
      const ok = document.createElement('button'); ok.textContent = 'Confirm'; ok.className = 'primary';
      ok.onclick = () => propose(c.complete); bar.append(ok);
    }
    const no = document.createElement('button'); no.textContent = 'Cancel'; no.onclick = () => c.clear(); bar.append(no);
  }
  document.body.dataset.version = String(state.version);
  document.body.dataset.status = state.table.status;
}

async function propose(move) {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = '1';
  try {
    const r = await fetch(`${base}/seats/${seat}/moves`, {method: 'POST', headers: {...headers, 'Content-Type': 'application/json'},
      body: JSON.stringify({move, command_id: crypto.randomUUID(), expected_version: state.version})});
    const body = await r.json();
    document.getElementById('notice').textContent = r.ok ? '' : `${body.message} (${body.rule || body.error})`;
    if (r.ok) lastMine = body.version ?? state.version;
  } finally {
    busy = false;
    await load(true);
    delete document.body.dataset.busy;
  }
}

async function load(force = false) {
  const t = await get(base);
  if (!force && t.version === state.version) return;
  const at = replayAt ?? t.version;
  const [v, legal, scores, log] = await Promise.all([
    get(`${base}/view${replayAt ? `?version=${replayAt}` : ''}`),
    seat !== null && replayAt === null ? get(`${base}/seats/${seat}/legal-moves`) : Promise.resolve({moves: [], version: t.version}),
    get(`${base}/scores${replayAt ? `?version=${replayAt}` : ''}`).catch(() => null),
    get(`${base}/events?after=${Math.max(0, at - 40)}&limit=40`).catch(() => []),
  ]);
  const mine = [...log].reverse().find((e) => e.seat === seat && seat !== null);
  const recent = log.filter((e) => e.version > (mine ? mine.version : 0) && e.seat !== seat && e.seat !== -1 && e.version <= at);
  state = {table: t, version: legal.version ?? t.version, view: v.view, viewer: v.viewer, scores, recent};
  state.composer = new Composer(legal.moves, state.version, () => draw());
  draw();
}

board = await boardFor('fantasy_ranch');
catalog = await get('/api/games/fantasy_ranch/components');
await load(true);
document.body.dataset.ready = '1';
setInterval(() => { if (!busy && replayAt === null) load().catch(() => {}); }, 400);
</script></body></html>"""


def install(page: Page) -> None:
    """Serve the harness on the app's origin for this page's context."""
    page.route(f"**{PATH}*", lambda route: route.fulfill(status=200, content_type="text/html", body=HTML))


def open_board(page: Page, table_id: str, seat: int | None, version: int | None = None) -> None:
    install(page)
    query = f"?table={table_id}" + (f"&seat={seat}" if seat is not None else "") + (f"&version={version}" if version else "")
    page.goto(PATH + query)
    page.wait_for_selector("body[data-ready='1']")
