// The generic move chooser for games without a board module (and as a list beside any board): it
// drives the same Composer a board does, one field at a time, so no list ever shows thousands of
// buttons and the player confirms a whole move in the shell's composer bar. No rules here: what
// can be chosen is only ever what the server's legal moves contain.
//
// A long list comes as its outline (docs/web.md "Long legal-move lists"): some of its moves are
// first steps, not whole moves. Before a choice would leave just one of them, the chooser asks the
// server for the moves through it (`expand`), so what it offers to confirm is always a whole move.

import {h} from './dom.js';
import {keyOf} from './composer.js';
import {stepper} from './controls.js';
import {fieldWords, moveWords, termOf, valueText} from './render.js';

export {fieldWords, moveWords, termOf, valueText}; // the words of moves live in render.js

/** Numeric fields with at least this many legal values get a stepper instead of one button each. */
export const STEPPER_AT = 7;

const ABSENT = Symbol('absent');

/** The label of one choice of `field` ("play", "card 7"); `words(field, value)`, the board's words
 * for a value, come first when it has them. */
function choiceText(catalog, field, value, words = null) {
  if (value === ABSENT) return `no ${fieldWords(catalog, field)}`;
  if (field === 'type') return termOf(catalog, value);
  return boardSays(words, field, value) || `${fieldWords(catalog, field)} ${valueText(catalog, value)}`;
}

/** The board's words for one value (its optional `valueWords`), or null: a failing one is left out. */
function boardSays(words, field, value) {
  if (!words) return null;
  try {
    return words(field, value) || null;
  } catch {
    return null;
  }
}

/** The next field to choose: the first (type first) whose value differs among the remaining moves. */
export function nextField(moves) {
  const fields = [];
  for (const move of moves) for (const k of Object.keys(move || {})) if (!fields.includes(k)) fields.push(k);
  fields.sort((a, b) => (a === 'type' ? -1 : b === 'type' ? 1 : 0));
  for (const field of fields) {
    const keys = new Set(moves.map((m) => (field in m ? keyOf(m[field]) : '\u0000')));
    if (keys.size > 1) return field;
  }
  return null;
}

/** A test agreeing with `partial` the server's way (api/legal_narrowing.py: lists as a prefix). */
export function through(move, partial) {
  if (Array.isArray(partial)) {
    return Array.isArray(move) && partial.length <= move.length && partial.every((p, i) => through(move[i], p));
  }
  if (partial && typeof partial === 'object') {
    return Boolean(move) && typeof move === 'object' && !Array.isArray(move)
      && Object.entries(partial).every(([k, v]) => k in move && through(move[k], v));
  }
  return move === partial;
}

/** Composers whose outline step is being expanded (the server's moves through it are on their way). */
const expanding = new WeakSet();

/**
 * Choose: narrow the composer by `test`. When the list is an outline and the choice would leave
 * one move (perhaps only a first step), first ask the server for the moves through it.
 */
export async function choose(composer, test, label, expand) {
  // While the moves through one step are on their way, the list on screen is the old one: a second
  // choice from it would stack a step on a list it no longer belongs to (the table review's quick
  // player stacked four tile placements on a "keep 2" spring, and Confirm never came).
  if (expanding.has(composer)) return false;
  const left = composer.remaining.filter(test);
  if (!composer.outlined || !expand || left.length !== 1) return composer.narrow(test, label);
  const step = left[0];
  let answer;
  expanding.add(composer);
  try {
    answer = await expand(step);
  } catch {
    return false; // the list stays as it was; the shell shows the connection state
  } finally {
    expanding.delete(composer);
  }
  const moves = (answer?.moves || []).filter((m) => through(m, step));
  return composer.expand(moves, () => true, label, Boolean(answer?.outline));
}

/**
 * When every remaining move has a list (without repeats) in `field`, the items some but not all of
 * those lists hold: [{key, value, count}] (null when the lists differ only in order, or are not lists).
 */
function listParts(moves, field) {
  if (!moves.every((m) => Array.isArray(m[field]))) return null;
  const items = new Map();
  for (const move of moves) {
    const keys = move[field].map(keyOf);
    if (new Set(keys).size !== keys.length) return null; // repeats: choose whole lists
    move[field].forEach((value, i) => {
      if (!items.has(keys[i])) items.set(keys[i], {key: keys[i], value, count: 0});
      items.get(keys[i]).count += 1;
    });
  }
  const parts = [...items.values()].filter((x) => x.count < moves.length);
  return parts.length ? parts : null;
}

/**
 * The chooser: a labelled group of the next field's choices (or a stepper), or "ready" once the
 * composer names one move. `canPlay` false shows `message` instead.
 */
export function moveChooser(composer, {catalog, message = null, expand = null, words = null}) {
  if (message) return h('p', {class: 'muted'}, message);
  const left = composer.remaining;
  if (!left.length) return h('p', {class: 'muted'}, 'Nothing to play right now.');
  if (composer.complete) {
    return h('p', {class: 'ready'}, `Ready: ${moveWords(catalog, composer.complete)}. Confirm to play it, or Cancel.`);
  }
  const field = nextField(left);
  if (field === null) return h('p', {class: 'muted'}, 'Several identical moves: confirm any.');
  const seen = new Map();
  for (const move of left) {
    const value = field in move ? move[field] : ABSENT;
    const key = value === ABSENT ? '\u0000' : keyOf(value);
    if (!seen.has(key)) seen.set(key, {value, count: 0});
    seen.get(key).count += 1;
  }
  const parts = listParts(left, field);
  if (parts) {
    // A list field (cards to play, tiles to take): choose its items one at a time, not every combination.
    const name = fieldWords(catalog, field);
    // the moves whose list holds nothing more than what every remaining list holds ("these and no more")
    const common = new Set(left.flatMap((m) => m[field].map(keyOf)).filter((k) => !parts.some((p) => p.key === k)));
    const core = left.filter((m) => m[field].every((x) => common.has(keyOf(x))));
    return h('div', {class: 'chooser', role: 'group', 'aria-labelledby': 'chooser-title'},
      h('h3', {id: 'chooser-title', tabindex: '-1'}, `Choose ${name} (one at a time)`),
      h('div', {class: 'moves'}, parts.map(({key, value}) => {
        const text = boardSays(words, field, value) || `${name} ${valueText(catalog, value)}`;
        return h('button', {type: 'button', class: 'move option', dataset: {key: `part-${field}-${key}`},
          onclick: () => choose(composer, (m) => m[field].some((x) => keyOf(x) === key), text, expand)}, text);
      }),
      // "no more": a child of the list (it was once passed to map() as its thisArg, and never shown)
      core.length ? h('button', {type: 'button', class: 'move option', dataset: {key: `part-${field}-none`},
        onclick: () => choose(composer, (m) => core.includes(m), `no more ${name}`, expand)}, `no more ${name}`) : null));
  }
  const choices = [...seen.values()];
  const title = field === 'type' ? 'Choose a move' : `Choose ${fieldWords(catalog, field)}`;
  const pick = (value) => {
    const label = choiceText(catalog, field, value, words);
    if (value === ABSENT) choose(composer, (m) => !(field in m), label, expand);
    else choose(composer, (m) => field in m && keyOf(m[field]) === keyOf(value), label, expand);
  };
  const numeric = choices.every((c) => typeof c.value === 'number');
  let body;
  if (numeric && choices.length >= STEPPER_AT) {
    body = stepper(choices.map((c) => c.value), (value) => pick(value),
      {label: fieldWords(catalog, field), action: `Choose ${fieldWords(catalog, field)}`});
  } else {
    body = h('div', {class: 'moves'}, choices.map(({value, count}) => {
      const text = choiceText(catalog, field, value, words);
      // "take debt (50)" read as fifty debts in the table review: the count is of the choices it leads to
      const more = field === 'type' && count > 1 ? ` (${count} choices)` : '';
      return h('button', {type: 'button', class: 'move option', dataset: {key: `opt-${field}-${value === ABSENT ? '-' : keyOf(value)}`},
        onclick: () => pick(value)}, text, more);
    }));
  }
  return h('div', {class: 'chooser', role: 'group', 'aria-labelledby': 'chooser-title'},
    h('h3', {id: 'chooser-title', tabindex: '-1'}, title), body);
}
