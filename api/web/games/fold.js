// Folding a board's panels on a phone (issue 37: a page that fits a phone). On a narrow page a board
// shows the viewer's decision and folds the rest (other players' areas, the table's supplies) under
// one summary line each, opened by a tap; a panel that holds a target of the decision at hand stays
// open. The viewer's own open/close choice is kept across redraws, per table (UI state only, which
// docs/web.md allows a board to keep).

import {h} from '../dom.js';

const chosen = new Map();
const PHONE = '(max-width: 760px)';

/** Is the page a phone's (one column)? The width at which the shell stacks its columns. */
export function narrow() {
  return typeof window !== 'undefined' && Boolean(window.matchMedia?.(PHONE).matches);
}

/** Call `redraw` when the page crosses the phone width (a phone turned, a window resized), so the
 * folds follow the width the page has now. Each board registers once. */
export function onWidthChange(redraw) {
  if (typeof window === 'undefined' || !window.matchMedia) return;
  window.matchMedia(PHONE).addEventListener?.('change', () => redraw());
}

/**
 * A <details> panel: `summary` (nodes or text) always shown, `body` under it. Open when the viewer
 * opened it, else when `open` (the board's default: wide page, or a target inside). `scope` keys the
 * viewer's choice (the table), `key` the panel.
 */
export function foldable({scope = '', key, cls = '', label = null, summary, body, open}) {
  const id = `${scope}:${key}`;
  const box = h('details', {class: `fold ${cls}`.trim(), 'aria-label': label, dataset: {fold: key}},
    h('summary', {}, summary), body);
  box.open = chosen.has(id) ? chosen.get(id) : Boolean(open);
  // a user's toggle only: opening it here queues a toggle event of its own, which is skipped
  let own = box.open;
  box.addEventListener('toggle', () => {
    if (own) own = false;
    else chosen.set(id, box.open);
  });
  return box;
}
