// Dragging a worker onto a building's slot, with the mouse or a finger (pointer events). A drag ends
// in the same move as clicking the worker and then the slot: the board hands over, per worker, the
// legal moves keyed by drop target (`data-drop` on the slot), so a drop anywhere else does nothing.
// A press that does not travel stays a click (the worker's button keeps its click and keyboard use).

const THRESHOLD = 6; // px a pointer must travel before a press becomes a drag

let active = null; // the one drag in progress, if any

function cleanup() {
  if (!active) return;
  active.ghost?.remove();
  for (const el of document.querySelectorAll('.hs-drop-ok, .hs-drop-over')) el.classList.remove('hs-drop-ok', 'hs-drop-over');
  document.documentElement.classList.remove('hs-dragging');
  window.removeEventListener('pointermove', onMove);
  window.removeEventListener('pointerup', onUp);
  window.removeEventListener('pointercancel', onCancel);
  active = null;
}

function dropAt(x, y) {
  const under = document.elementFromPoint(x, y);
  const el = under && under.closest('[data-drop]');
  return el && active.targets().has(el.dataset.drop) ? el : null;
}

function onMove(event) {
  if (!active || event.pointerId !== active.pointer) return;
  const dx = event.clientX - active.x;
  const dy = event.clientY - active.y;
  if (!active.ghost) {
    if (Math.hypot(dx, dy) < THRESHOLD) return;
    const ghost = active.el.cloneNode(true);
    ghost.removeAttribute('id');
    ghost.setAttribute('aria-hidden', 'true');
    ghost.className = 'hs-drag-ghost';
    Object.assign(ghost.style, {position: 'fixed', left: '0', top: '0', pointerEvents: 'none', zIndex: '1000',
      margin: '0', border: 'none', background: 'none', padding: '0', opacity: '.9'});
    document.body.append(ghost);
    active.ghost = ghost;
    document.documentElement.classList.add('hs-dragging');
  }
  // Asked and marked on every move: a live update may have redrawn the board, or brought the legal
  // moves it was still loading, since the drag began.
  const targets = active.targets();
  for (const el of document.querySelectorAll('[data-drop]')) el.classList.toggle('hs-drop-ok', targets.has(el.dataset.drop));
  event.preventDefault();
  active.ghost.style.transform = `translate(${event.clientX - 11}px, ${event.clientY - 11}px)`;
  const over = dropAt(event.clientX, event.clientY);
  for (const el of document.querySelectorAll('.hs-drop-over')) if (el !== over) el.classList.remove('hs-drop-over');
  if (over) over.classList.add('hs-drop-over');
}

function onUp(event) {
  if (!active || event.pointerId !== active.pointer) return;
  const dragged = Boolean(active.ghost);
  const over = dragged ? dropAt(event.clientX, event.clientY) : null;
  const move = over ? active.targets().get(over.dataset.drop) : null;
  const drop = active.drop;
  cleanup();
  if (!dragged) return; // a plain press: the button's own click handles it
  // The click that follows this pointerup belongs to the drag, not to the worker's button.
  const swallow = (e) => {
    e.stopPropagation();
    e.preventDefault();
  };
  window.addEventListener('click', swallow, {capture: true, once: true});
  setTimeout(() => window.removeEventListener('click', swallow, {capture: true}), 0);
  if (move) drop(move);
}

function onCancel(event) {
  if (active && event.pointerId === active.pointer) cleanup();
}

/**
 * Make `el` (a worker's button) draggable onto drop targets. `targets()`: Map from a target's
 * `data-drop` to the legal move a drop there makes; `drop(move)`: send it.
 */
export function draggable(el, targets, drop) {
  el.classList.add('hs-draggable');
  el.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || !event.isPrimary) return;
    cleanup();
    active = {el, pointer: event.pointerId, x: event.clientX, y: event.clientY, targets, drop, ghost: null};
    window.addEventListener('pointermove', onMove, {passive: false});
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
  });
  el.addEventListener('dragstart', (event) => event.preventDefault());
  return el;
}
