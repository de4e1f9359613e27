// The score chart: every seat's total over the table's versions, as an SVG step line per seat in the
// seat's colour (and its own dash pattern, so it reads without colour too), from
// GET /api/tables/<id>/scores/history. A marker shows the version on screen while replaying.

import {s} from './svg.js';

// Sized for the side column (about 300-400 CSS px), so its text stays readable without scaling up.
const W = 380;
const H = 190;
const M = {left: 30, right: 92, top: 10, bottom: 22};
const DASHES = [null, '7 4', '2 4', '10 3 2 3', '4 2', '1 3'];

/**
 * `points` = [{version, totals: {"0": n, ...}}] (one per version where a score changed), `head` the
 * table's version (the lines run on to it), `at` the version shown (a marker) or null.
 */
export function scoreChart(points, ids, {head, at = null} = {}) {
  if (!Array.isArray(points) || !points.length) return null;
  const seats = ids.list.map((x) => x.seat);
  const first = points[0].version;
  const last = Math.max(head || 0, points[points.length - 1].version, first + 1);
  let top = 1;
  let bottom = 0;
  for (const p of points) {
    for (const v of Object.values(p.totals || {})) {
      top = Math.max(top, v);
      bottom = Math.min(bottom, v);
    }
  }
  const x = (v) => M.left + ((v - first) / (last - first)) * (W - M.left - M.right);
  const y = (v) => M.top + ((top - v) / (top - bottom)) * (H - M.top - M.bottom);
  const lines = [];
  const ends = [];
  seats.forEach((seat, i) => {
    let d = '';
    let value = null;
    for (const p of points) {
      const next = p.totals?.[String(seat)];
      if (next === undefined) continue;
      if (value === null) d = `M${x(p.version).toFixed(1)} ${y(next).toFixed(1)}`;
      else d += ` H${x(p.version).toFixed(1)} V${y(next).toFixed(1)}`;
      value = next;
    }
    if (value === null) return;
    d += ` H${x(last).toFixed(1)}`;
    lines.push(s('path', {d, class: 'line', stroke: ids.colour(seat), 'stroke-dasharray': DASHES[i % DASHES.length] || undefined, fill: 'none'}));
    ends.push({seat, value});
  });
  // End labels, nudged apart so equal totals stay readable.
  ends.sort((a, b) => b.value - a.value);
  const ys = [];
  for (const {value} of ends) ys.push(Math.max(y(value) + 4, ys.length ? ys[ys.length - 1] + 13 : -Infinity));
  const overflow = Math.max(0, (ys[ys.length - 1] ?? 0) - (H - 4)); // pushed below the chart: lift them all
  const labels = ends.map(({seat, value}, i) => s('text', {x: x(last) + 6, y: Math.max(10, ys[i] - overflow), class: 'end',
    fill: ids.colour(seat)}, `${ids.name(seat)} ${value}`));
  const described = ends.map(({seat, value}) => `${ids.name(seat)} ${value}`).join(', ');
  const marker = at !== null && at >= first && at <= last
    ? s('line', {x1: x(at), x2: x(at), y1: M.top, y2: H - M.bottom, class: 'marker'}) : null;
  return s('svg', {viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img',
    'aria-label': `Score over the game, versions ${first} to ${last}: ${described}.`},
  s('title', {}, `Score over the game: ${described}`),
  s('line', {x1: M.left, x2: W - M.right, y1: y(0), y2: y(0), class: 'axis'}),
  s('line', {x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom, class: 'axis'}),
  s('text', {x: M.left - 6, y: y(top) + 4, class: 'tick', 'text-anchor': 'end'}, String(top)),
  s('text', {x: M.left - 6, y: y(0) + 4, class: 'tick', 'text-anchor': 'end'}, '0'),
  bottom < 0 ? s('text', {x: M.left - 6, y: y(bottom) + 4, class: 'tick', 'text-anchor': 'end'}, String(bottom)) : null,
  s('text', {x: M.left, y: H - 6, class: 'tick'}, `v${first}`),
  s('text', {x: W - M.right, y: H - 6, class: 'tick', 'text-anchor': 'end'}, `v${last}`),
  marker, lines, labels);
}
