"""A stand-in for the table-page shell (issue 12, branch ``shell``) while it is not on main: one
page that loads the Walnut Grove board module and gives it the props of docs/web.md ("Board
modules") built from real API answers, with a Composer and a Confirm/Cancel bar. The page is
served to the browser by Playwright's routing under the app's own origin; nothing is added to
the app. When the shell lands, the tests drive the real table page instead.
"""

from __future__ import annotations

HARNESS_HTML = """<!doctype html><html><head><meta charset="utf-8"><title>WG board</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/web/style.css"></head>
<body><main><div id="status" role="status"></div>
<div id="bar" class="row"><span id="labels"></span>
<button id="confirm" type="button" class="primary" hidden>Confirm</button>
<button id="cancel" type="button" hidden>Cancel</button><span id="error" class="error"></span></div>
<div id="root" class="board"></div><div id="scores"></div></main>
<script type="module" src="/web/wg-harness.js"></script></body></html>"""

HARNESS_JS = """
import board from '/web/games/walnut_grove.js';
import {Composer} from '/web/composer.js';
import {api, commandId} from '/web/http.js';
import {tokenFor} from '/web/seats.js';

const m = /tables\\/([0-9a-f-]{36})(?:\\?(.*))?$/.exec(location.hash);
const table = m[1];
const q = new URLSearchParams(m[2] || '');
const seat = q.has('seat') ? Number(q.get('seat')) : null;
const atVersion = q.has('version') ? Number(q.get('version')) : null;
const token = seat === null ? null : tokenFor(table, seat);
const base = `/api/tables/${table}`;
let props = null;
let shown = -1;
let busy = false;

function draw() {
  const root = document.getElementById('root');
  board.render(root, props);
  document.getElementById('status').textContent = board.status(props);
  const c = props.composer;
  document.getElementById('labels').textContent = c.labels.join(' · ');
  document.getElementById('confirm').hidden = !c.complete;
  document.getElementById('cancel').hidden = !c.active;
  document.body.dataset.version = String(props.version);
  document.body.dataset.ready = '1';
}

async function refresh(force = false) {
  if (busy) return;
  busy = true;
  try {
    const summary = await api('GET', base);
    if (!force && summary.version === shown) return;
    const v = atVersion ?? summary.version;
    const vq = atVersion !== null ? `?version=${atVersion}` : '';
    const view = await api('GET', `${base}/view${vq}`, {token});
    const legal = seat !== null && atVersion === null
      ? await api('GET', `${base}/seats/${seat}/legal-moves`, {token}) : {moves: [], version: v};
    const scores = await api('GET', `${base}/scores${vq}`);
    const catalog = props?.catalog || await api('GET', '/api/games/walnut_grove/components');
    shown = summary.version;
    props = {
      game: 'walnut_grove', catalog, view: view.view, viewer: seat, seats: [], status: summary.status,
      toAct: summary.to_act, version: legal.version ?? v, replaying: atVersion !== null, scores, recent: [],
      name: (s) => (s === seat ? 'You' : `Seat ${s}`), colour: () => null,
      composer: new Composer(legal.moves, legal.version, () => draw()),
      propose,
    };
    draw();
  } catch (error) {
    document.getElementById('error').textContent = String(error.message || error);
  } finally {
    busy = false;
  }
}

async function propose(move) {
  document.body.dataset.ready = '0';
  try {
    await api('POST', `${base}/seats/${seat}/moves`, {token, body: {move, command_id: commandId(), expected_version: props.version}});
    document.getElementById('error').textContent = '';
  } catch (error) {
    document.getElementById('error').textContent = error.describe ? error.describe() : String(error);
  }
  await refresh(true);
}

document.getElementById('confirm').addEventListener('click', () => props.composer.complete && propose(props.composer.complete));
document.getElementById('cancel').addEventListener('click', () => props.composer.clear());
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') props.composer.clear(); });
refresh(true);
setInterval(() => refresh(false), 800);
"""


def install(page) -> None:
    """Serve the harness page and script under the app's origin for this page."""
    page.route("**/web/wg-harness.html", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8", body=HARNESS_HTML))
    page.route("**/web/wg-harness.js", lambda route: route.fulfill(
        status=200, content_type="text/javascript; charset=utf-8", body=HARNESS_JS))
