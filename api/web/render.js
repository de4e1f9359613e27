// Game-agnostic rendering: a player_view of any game as a collapsible tree, a move as one short
// line, scores as a table with one column per breakdown source. No game-specific code here.

import {h} from './dom.js';

/** A scalar as text: strings bare, everything else as JSON. */
export function scalar(value) {
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

function isScalar(value) {
  return value === null || typeof value !== 'object';
}

/** A move compactly: its type first, then key=value pairs ("play card=7", "roll"). */
export function moveText(move) {
  if (!move || typeof move !== 'object') return scalar(move);
  const parts = [];
  if ('type' in move) parts.push(scalar(move.type));
  for (const [key, value] of Object.entries(move)) {
    if (key === 'type') continue;
    parts.push(`${key}=${isScalar(value) ? scalar(value) : JSON.stringify(value)}`);
  }
  return parts.join(' ') || '{}';
}

function summaryOf(value) {
  if (Array.isArray(value)) {
    if (value.every(isScalar) && JSON.stringify(value).length <= 60) return JSON.stringify(value);
    return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  }
  const n = Object.keys(value).length;
  return `{${n} field${n === 1 ? '' : 's'}}`;
}

/**
 * A collapsible tree of any JSON value. `open` is a Set of paths kept open across re-renders,
 * so a live update does not fold what the player unfolded.
 */
export function tree(value, open, path = '$', label = null) {
  if (isScalar(value) || (Array.isArray(value) && value.every(isScalar) && JSON.stringify(value).length <= 60)) {
    return h('div', {class: 'leaf'},
      label !== null ? h('span', {class: 'key'}, `${label}: `) : null,
      h('span', {class: `val ${value === null ? 'null' : typeof value}`}, Array.isArray(value) ? JSON.stringify(value) : scalar(value)));
  }
  const details = h('details', {class: 'node', dataset: {path}});
  details.open = open.has(path) || path === '$';
  details.addEventListener('toggle', () => {
    if (details.open) open.add(path);
    else open.delete(path);
  });
  details.append(h('summary', {},
    label !== null ? h('span', {class: 'key'}, `${label}: `) : null,
    h('span', {class: 'meta'}, summaryOf(value))));
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  const body = h('div', {class: 'children'});
  for (const [k, v] of entries) body.append(tree(v, open, `${path}.${k}`, String(k)));
  details.append(body);
  return details;
}

/**
 * A breakdown that does not fit its box stacks (the `.stacked` rules in style.css) instead of hiding its
 * last columns behind a scroll: measured on the table's natural width, again whenever the box resizes.
 */
function fitOrStack(box) {
  const fit = () => {
    box.classList.remove('stacked');
    if (box.scrollWidth > box.clientWidth + 1) box.classList.add('stacked');
  };
  if (typeof ResizeObserver === 'function') new ResizeObserver(fit).observe(box);
  return box;
}

/**
 * Scores: one row per seat (its chip and name), a column per breakdown source named from the catalog's
 * terms (`P-DIPLOMAT` reads "Diplomat"), the total and the rank; winners marked once over. Each cell
 * carries its column name (data-label) so a phone can stack a row as "Cards: 7" lines.
 */
export function scoreTable(scores, ids, {finished = false, term = (id) => id, caption = null} = {}) {
  const seats = Object.keys(scores.totals).map(Number).sort((a, b) => a - b);
  const sources = [];
  for (const seat of seats) {
    for (const source of Object.keys(scores.breakdown[seat] || {})) {
      if (!sources.includes(source)) sources.push(source);
    }
  }
  const rank = new Map((scores.ranking || []).map((seat, i) => [seat, i + 1]));
  const winners = new Set(scores.winners || []);
  return fitOrStack(h('div', {class: 'scroll'}, h('table', {class: 'scores stack'},
    h('caption', {}, caption || (finished ? 'Final scores' : 'Scores so far')),
    h('thead', {}, h('tr', {},
      h('th', {scope: 'col'}, 'Player'),
      sources.map((s) => h('th', {scope: 'col', title: s}, term(s))),
      h('th', {scope: 'col'}, 'Total'),
      h('th', {scope: 'col'}, 'Rank'))),
    h('tbody', {}, seats.map((seat) => h('tr', {class: `seat-c${seat}${finished && winners.has(seat) ? ' winner' : ''}`},
      h('th', {scope: 'row'}, h('span', {class: 'chip', 'aria-hidden': 'true'}), ids.label(seat),
        finished && winners.has(seat) ? ' (winner)' : ''),
      sources.map((s) => h('td', {dataset: {label: term(s)}}, scalar(scores.breakdown[seat]?.[s] ?? 0))),
      h('td', {class: 'total', dataset: {label: 'Total'}}, scalar(scores.totals[seat])),
      h('td', {dataset: {label: 'Rank'}}, rank.has(seat) ? String(rank.get(seat)) : '')))),
  )));
}
