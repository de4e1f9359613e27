// What changed on a Homesteaders table since the viewer's last move, marked on the board itself: a
// glow for a few seconds (CSS `hs-changed`), then an amber mark that stays until the viewer moves. The client knows no rules, so a change is a difference between two of the viewer's own
// views: the one it last saw (the board's previous live version, or, on opening the page, the view
// right after the viewer's own last move) and the one it draws now. Only when other seats moved since
// the viewer's last move (the shell's `recent`, the same "Since your last move" as the list and the
// log) is anything marked, so the viewer's own move is never flashed back at them (a spectator, who
// makes no moves, sees what changed since the view drawn before). Views are the
// viewer's own (fetched with the viewer's token), so a mark can never show more than the board does.

import {api} from '../http.js';
import {tokenFor} from '../seats.js';

const KEEP = 40; // views remembered per board, by version

const memory = new WeakMap();

function tableId() {
  const m = /tables\/([0-9a-f-]{36})/.exec(location.hash || location.pathname);
  return m ? m[1] : null;
}

function stateOf(root, viewer) {
  let st = memory.get(root);
  if (!st || st.viewer !== viewer) {
    st = {viewer, views: new Map(), shown: null, marks: [], since: 0};
    memory.set(root, st);
  }
  return st;
}

const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The board elements that differ between two views, as `{sel, what}`: `sel` a selector inside the
 * board, `what` a few words for the element's title. Pure: views in, selectors out.
 */
export function changes(before, after) {
  const out = [];
  if (!before || !after) return out;
  const add = (sel, what) => out.push({sel, what});
  if (before.round !== after.round) add('.hs-round.now', `Round ${after.round} began`);
  for (const slot of after.slots || []) {
    const was = (before.slots || []).find((x) => x.slot === slot.slot && x.tile === slot.tile);
    if (slot.bid && was && !same(was.bid, slot.bid)) {
      add(`.hs-slot[data-slot="${slot.slot}"] .hs-rung[data-value="${slot.bid.value}"]`, 'new high bid');
      add(`.hs-slot[data-slot="${slot.slot}"] .hs-slot-high`, 'new high bid');
    }
  }
  const counts = (supply) => {
    const n = new Map();
    for (const inst of supply || []) n.set(inst.split('#')[0], (n.get(inst.split('#')[0]) || 0) + 1);
    return n;
  };
  const had = counts(before.supply);
  const has = counts(after.supply);
  for (const [id, n] of had) if ((has.get(id) || 0) < n && has.get(id)) add(`.hs-mcard[data-id="${id}"]`, 'one was just built');
  for (const seat of after.seats || []) {
    const was = (before.seats || []).find((x) => x.seat === seat.seat);
    if (!was) continue;
    const home = `.hs-home[data-seat="${seat.seat}"]`;
    if (was.status !== seat.status || !same(was.bid, seat.bid)) add(`.hs-bidder[data-seat="${seat.seat}"]`, 'bid or passed');
    if (was.rail !== seat.rail) add(`.hs-rail-token[data-seat="${seat.seat}"]`, 'moved on the railroad');
    if (was.track !== seat.track || was.rail !== seat.rail) add(`${home} .hs-facts`, 'rail lines or railroad space changed');
    if (was.track !== seat.track) add(`.hs-lines[data-seat="${seat.seat}"]`, `rail lines: was ${was.track}`);
    for (const inst of seat.buildings || []) if (!(was.buildings || []).includes(inst)) add(`${home} .hs-bld[data-id="${inst}"]`, 'just built');
    const placed = new Set((was.placement || []).map((p) => JSON.stringify(p)));
    for (const p of seat.placement || []) if (!placed.has(JSON.stringify(p))) add(`${home} .hs-wslot[data-drop="${p[1]}/${p[2]}"]`, 'worker just placed');
    if ((was.workers || []).length !== (seat.workers || []).length) add(`${home} .hs-idle`, 'workers changed');
    for (const [k, n] of Object.entries(seat.holdings || {})) if (was.holdings && was.holdings[k] !== n) add(`${home} .hs-h-${k}`, `was ${was.holdings[k]}`);
    if (was.visible_vp !== seat.visible_vp || was.provisional_total !== seat.provisional_total) add(`${home} .hs-vpsum`, 'points changed');
    if (!was.confirmed_workers && seat.confirmed_workers) add(`${home} .hs-confirmed`, 'workers confirmed');
  }
  if (out.length) add('.hs-recent', 'since your last move');
  return out;
}

function start(root, st, marks) {
  st.marks = marks;
  st.since = performance.now();
}

/** Put the current marks on the freshly drawn board (a redraw keeps each mark's fading where it was). */
export function mark(root) {
  const st = memory.get(root);
  if (!st || !st.marks.length) return;
  const delay = `-${Math.round(performance.now() - st.since)}ms`;
  for (const {sel, what} of st.marks) {
    for (const el of root.querySelectorAll(sel)) {
      el.classList.add('hs-changed');
      el.style.animationDelay = delay;
      el.setAttribute('data-changed', what);
    }
  }
}

/**
 * Note the view about to be drawn; decide what to mark. Call before drawing, then `mark(root)` after.
 * A baseline view not yet seen is fetched (the viewer's view at that version) and marked on arrival.
 */
export function observe(root, props) {
  if (props.replaying || props.viewer === undefined || !props.view) {
    const st = memory.get(root);
    if (st) st.marks = [];
    return;
  }
  const st = stateOf(root, props.viewer);
  const version = props.version;
  st.views.set(version, props.view);
  while (st.views.size > KEEP) st.views.delete(st.views.keys().next().value);
  if (st.shown === version) return; // a redraw of the same version: the marks stay, their glow fading on
  const previous = st.shown;
  st.shown = version;
  if (props.viewer === null) { // a spectator moves nothing: every change since the last drawn view is news
    start(root, st, previous !== null && previous < version && st.views.has(previous) ? changes(st.views.get(previous), props.view) : []);
    return;
  }
  const others = (props.recent || []).filter((e) => e && e.seat !== null && e.seat !== undefined && e.seat >= 0 && e.seat !== props.viewer);
  if (!others.length) {
    start(root, st, []);
    return;
  }
  let base = others[0].version - 1; // right after the viewer's own last move
  if (previous !== null && previous < version && previous > base) base = previous;
  const before = st.views.get(base);
  if (before) {
    start(root, st, changes(before, props.view));
    return;
  }
  start(root, st, []);
  const id = tableId();
  if (id === null || base < 1) return;
  api('GET', `/api/tables/${id}/view?version=${base}`, {token: tokenFor(id, props.viewer)}).then((answer) => {
    if (memory.get(root) !== st || st.shown !== version || !answer?.view) return;
    st.views.set(base, answer.view);
    start(root, st, changes(answer.view, props.view));
    mark(root);
  }).catch(() => {});
}
