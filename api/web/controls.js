// Small controls every board shares: a stepper bounded by the legal values (never one button per
// value), and a card drawn as an HTML button from the catalog.

import {h} from './dom.js';

/**
 * A numeric choice among `values` (sorted legal numbers): − / value / + and a range slider, with a
 * button to use it. `onPick(value)` is called on that button. `label` names it for screen readers.
 */
export function stepper(values, onPick, {label = 'Amount', action = 'Choose', initial = null} = {}) {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  let i = Math.max(0, initial === null ? 0 : sorted.indexOf(initial));
  const out = h('output', {class: 'stepper-value', 'aria-live': 'polite'});
  const range = h('input', {type: 'range', min: '0', max: String(sorted.length - 1), step: '1', 'aria-label': label});
  const show = () => {
    out.textContent = String(sorted[i]);
    range.value = String(i);
    range.setAttribute('aria-valuetext', String(sorted[i]));
  };
  range.addEventListener('input', () => {
    i = Number(range.value);
    show();
  });
  const move = (d) => {
    i = Math.min(sorted.length - 1, Math.max(0, i + d));
    show();
  };
  const box = h('div', {class: 'stepper', role: 'group', 'aria-label': label},
    h('button', {type: 'button', class: 'small', 'aria-label': `${label}: less`, onclick: () => move(-1)}, '−'),
    out,
    h('button', {type: 'button', class: 'small', 'aria-label': `${label}: more`, onclick: () => move(1)}, '+'),
    sorted.length > 2 ? range : null,
    h('button', {type: 'button', class: 'primary small', onclick: () => onPick(sorted[i])}, action));
  show();
  return box;
}

/**
 * A card (or tile, building, horse) as a button, named and explained from the catalog entry:
 * `entry` = {name, kind, cost, points, effect}. `state`: 'legal' (clickable), 'chosen', or null (shown only).
 */
export function card(id, entry, {state = null, onclick = null, extra = null} = {}) {
  const e = entry || {name: id, kind: ''};
  const facts = [e.cost !== undefined && e.cost !== null ? `cost ${fmt(e.cost)}` : null,
    e.points !== undefined && e.points !== null ? `${fmt(e.points)} pts` : null].filter(Boolean).join(' · ');
  const body = [h('span', {class: 'card-kind'}, e.kind || ''), h('strong', {class: 'card-name'}, e.name || id),
    facts ? h('span', {class: 'card-facts'}, facts) : null,
    e.effect ? h('span', {class: 'card-effect'}, e.effect) : null, extra];
  const cls = `card-tile${state ? ` ${state}` : ''}`;
  if (!onclick) return h('div', {class: cls, title: e.effect || e.name || id, dataset: {id}}, body);
  return h('button', {type: 'button', class: cls, dataset: {id}, 'aria-pressed': state === 'chosen' ? 'true' : 'false',
    'aria-label': `${e.name || id}${e.effect ? `: ${e.effect}` : ''}`, onclick}, body);
}

function fmt(value) {
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${v} ${k}`).join(', ');
  return String(value);
}
