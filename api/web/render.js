// Game-agnostic rendering: a player_view of any game as a collapsible tree, a move as one line in
// words (names from the catalog's components and terms, never ids or keys), scores as a table with
// one column per breakdown source, the final scores as a ranking. No game-specific code here.

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

/** A readable name for an id: the catalog's terms, then its components, then the id in words
 * ("homestead#2" reads "Homestead 2", "board:4:1" "board 4-1", "dude_ranch" "dude ranch"). */
export function termOf(catalog, id) {
  if (typeof id !== 'string') return String(id);
  const known = catalog?.terms?.[id] || catalog?.components?.[id]?.name;
  if (known) return known;
  const numbered = /^([^#:]+)[#:](\d+(?:[:#-]\d+)*)$/.exec(id); // an instance or a space of a named thing
  if (numbered) return `${termOf(catalog, numbered[1])} ${numbered[2].replaceAll(/[:#]/g, '-')}`;
  return id.replaceAll('_', ' ');
}

/** A field's name in words: "tile_id" reads "tile", "coord_a" "coord a". */
export function fieldWords(catalog, key) {
  return termOf(catalog, catalog?.terms?.[key] ? key : key.replace(/_id$/, '').replace(/_ids$/, 's'));
}

const isEmpty = (v) => v === null || v === undefined || (Array.isArray(v) && !v.length)
  || (typeof v === 'object' && !Array.isArray(v) && !Object.values(v).some((x) => !isEmpty(x)));

/** A value of a move field in words ("Tower", "3", "Tower, Farm", "—"); an object leads with the
 * component it names and says a position as "at 1, 2". */
export function valueText(catalog, value) {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(catalog, v)).join(value.some((v) => v && typeof v === 'object') ? '; ' : ', ') : 'none';
  if (typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => !isEmpty(v));
    const named = entries.filter(([, v]) => typeof v === 'string' && catalog?.components?.[v]);
    const at = 'x' in value && 'y' in value ? `at ${valueText(catalog, value.x)}, ${valueText(catalog, value.y)}` : null;
    const rest = entries.filter(([k, v]) => !named.some(([n]) => n === k) && !(at && (k === 'x' || k === 'y')))
      .map(([k, v]) => `${fieldWords(catalog, k)} ${valueText(catalog, v)}`);
    return [...named.map(([, v]) => termOf(catalog, v)), at, ...rest].filter(Boolean).join(', ');
  }
  return termOf(catalog, value);
}

/** A whole move in words: its type, then each field that holds something ("Build a farm · card Fish farm · coord B1"). */
export function moveWords(catalog, move) {
  if (!move || typeof move !== 'object') return String(move);
  const parts = [];
  if ('type' in move) parts.push(termOf(catalog, move.type));
  for (const [k, v] of Object.entries(move)) {
    if (k !== 'type' && !isEmpty(v)) parts.push(`${fieldWords(catalog, k)} ${valueText(catalog, v)}`);
  }
  return parts.join(' · ') || 'move';
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
 * The final scoring as a compact ranking: one line per player, best first ("1. ann (you) 87 points"),
 * each opening (details/summary: a click or a tap) on its breakdown, where sources worth nothing are
 * left out. Ties share a rank; winners are marked.
 */
export function scoreRanking(scores, ids, {term = (id) => id, title = 'Final scores', unit = null} = {}) {
  // What a total counts, from the catalog's terms (`score.unit`, `score.unit.one`): Fantasy Ranch's
  // ranking said "7 points" beside the board's "7 trophies" (table review).
  const counted = (n) => (n === 1 ? unit?.one || 'point' : unit?.many || 'points');
  const winners = new Set(scores.winners || []);
  return h('section', {class: 'ranking', 'aria-labelledby': 'ranking-title'},
    h('h3', {class: 'ranking-title', id: 'ranking-title'}, title),
    h('ol', {class: 'ranking-list'}, ranked(scores).map(({seat, rank}) => {
      const parts = Object.entries(scores.breakdown[seat] || {}).filter(([, v]) => v !== 0 && v !== null && v !== undefined);
      const total = scores.totals[seat];
      return h('li', {class: `seat-c${seat}${winners.has(seat) ? ' winner' : ''}`},
        h('details', {class: 'breakdown'},
          h('summary', {},
            h('span', {class: 'rank'}, `${rank}.`),
            h('span', {class: 'chip', 'aria-hidden': 'true'}),
            h('span', {class: 'who-name'}, ids.label(seat), winners.has(seat) ? ' · winner' : ''),
            h('span', {class: 'total'}, `${scalar(total)} ${counted(total)}`)),
          parts.length
            ? h('dl', {}, parts.map(([source, value]) => [h('dt', {}, term(source)), h('dd', {}, scalar(value))]))
            : h('p', {class: 'muted small'}, `No ${counted(0)} from any source.`)));
    })));
}

/**
 * The scores of a running table in one glance: each player's place, chip, name and total on one short
 * line, best first, so the side column stays short; the breakdown and the chart sit one tap below.
 */
export function scoreLine(scores, ids) {
  return h('ol', {class: 'score-line', 'aria-label': 'Scores so far, best first'},
    ranked(scores).map(({seat, rank}) => h('li', {class: `seat-c${seat}`},
      h('span', {class: 'rank'}, `${rank}.`),
      h('span', {class: 'chip', 'aria-hidden': 'true'}),
      h('span', {class: 'who-name'}, ids.label(seat)),
      h('span', {class: 'total'}, scalar(scores.totals[seat])))));
}

/** Seats best first (the server's ranking, then the rest by total) with their places; ties share one. */
function ranked(scores) {
  const seats = Object.keys(scores.totals).map(Number);
  const order = (scores.ranking || []).filter((seat) => seats.includes(seat));
  for (const seat of seats.sort((a, b) => (scores.totals[b] ?? 0) - (scores.totals[a] ?? 0))) {
    if (!order.includes(seat)) order.push(seat);
  }
  // Equal totals share a place, unless a tie-breaker made one of them a winner and not the other
  // (the table review's Fantasy Ranch ranking read "1. Bot 2 · winner 11 trophies, 1. Bot 3 11 trophies").
  const winners = new Set(scores.winners || []);
  let rank = 0;
  let previous;
  return order.map((seat, i) => {
    const tied = i > 0 && scores.totals[seat] === scores.totals[previous] && winners.has(seat) === winners.has(previous);
    if (!tied) rank = i + 1;
    previous = seat;
    return {seat, rank};
  });
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
        finished && winners.has(seat) ? ' · winner' : ''),
      sources.map((s) => h('td', {dataset: {label: term(s)}}, scalar(scores.breakdown[seat]?.[s] ?? 0))),
      h('td', {class: 'total', dataset: {label: 'Total'}}, scalar(scores.totals[seat])),
      h('td', {dataset: {label: 'Rank'}}, rank.has(seat) ? String(rank.get(seat)) : '')))),
  )));
}

/**
 * The log's lines: consecutive entries that are the same move said the same way (one seat, the same
 * sentence, no facts, alike undone or not) are one line, `{first, last, count, text}`; every other
 * entry is a line of its own (`count` 1, its own text). The events stay one each (the versions, the
 * links, undo and fork are kept); only their rendering is merged: Homesteaders' "You took 1 debt."
 * five times in a row read as five lines (table review, finding 15), and now reads "You took 1 debt,
 * 5 times." No rule is known here: only sentences the server wrote alike are merged.
 */
export function logLines(entries) {
  const lines = [];
  for (const entry of entries) {
    const prev = lines[lines.length - 1];
    const alike = prev && entry.event === 'MovePlayed' && prev.last.event === 'MovePlayed'
      && entry.seat !== null && entry.seat === prev.last.seat && entry.text === prev.last.text
      && !(entry.facts || []).length && !(prev.last.facts || []).length && !!entry.undone === !!prev.last.undone;
    if (alike) {
      prev.last = entry;
      prev.count += 1;
    } else {
      lines.push({first: entry, last: entry, count: 1});
    }
  }
  for (const line of lines) {
    const said = line.first.text;
    line.text = line.count === 1 ? said
      : /\.$/.test(said) ? `${said.slice(0, -1)}, ${line.count} times.` : `${said} (${line.count} times)`;
  }
  return lines;
}
