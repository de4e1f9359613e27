// Walnut Grove's town as a vertical loop: the one-way street runs down the right column and back up
// the left one (clockwise, as on the printed board), so the twelve buildings fit a phone's width at a
// readable size instead of a wide circle in a sideways-scrolling box. Each building shows its cost
// and toll as coins and goods, the stock waiting there, and the figures standing in it (pawns in the
// seat's colour, named). Legal destinations come from the composer; names from the catalog.

import {h} from '../dom.js';
import {s, target, tip} from '../svg.js';
import {costGlyphs, costLine, glyph} from './walnut_grove_symbols.js';

export const TOWN_W = 360;
const BOX_W = 156;
const BOX_H = 98;
const GAP = 16;
const TOP = 26;
const COLS = [4, TOWN_W - 4 - BOX_W];

const comp = (props, id) => props.catalog?.components?.[id] || {name: id, kind: '', effect: ''};
const term = (props, id) => props.catalog?.terms?.[id] || String(id).replace(/_/g, ' ');

/** Where building number `pos` of `n` stands: the first half down the right, the rest up the left. */
function place(pos, n) {
  const half = Math.ceil(n / 2);
  if (pos < half) return {x: COLS[1], y: TOP + pos * (BOX_H + GAP)};
  return {x: COLS[0], y: TOP + (n - 1 - pos) * (BOX_H + GAP)};
}

/** A short readable name for a stock item (a building tile, an upgrade, a labourer). */
export function stockName(props, id) {
  const it = comp(props, id);
  if (it.kind === 'labourer') return `${it.colour} labourer`;
  if (it.kind === 'building_cabin') return 'cabin';
  if (it.kind === 'building_barn') return 'barn tile';
  return it.name;
}

function stockItems(props, id, x, y) {
  const stock = props.view.town_stock?.[id] || [];
  const out = [];
  const labs = props.catalog?.board?.labourer_colours || {};
  const tiles = stock.filter((item) => comp(props, item).kind !== 'labourer');
  const width = tiles.length ? Math.min(74, (BOX_W - 8) / tiles.length - 3) : 0;
  let at = x + 4;
  for (const item of stock) {
    const it = comp(props, item);
    const title = `${stockName(props, item)}: ${it.effect}`;
    if (it.kind === 'labourer') {
      out.push(glyph(props, {pawn: labs[it.colour]}, at + 8, y + 10, 18, title));
      at += 19;
      continue;
    }
    const label = it.kind === 'upgrade' ? it.name : stockName(props, item);
    out.push(s('g', {class: `wg-stock ${it.kind}`}, tip(title),
      s('rect', {x: at, y, width, height: 19, rx: 3}),
      s('text', {x: at + width / 2, y: y + 13, class: 'wg-stock-t',
        ...(label.length * 5.2 > width - 4 ? {textLength: width - 4, lengthAdjust: 'spacingAndGlyphs'} : {})}, label)));
    at += width + 3;
  }
  return out;
}

function figures(props, id, x, y) {
  const out = [];
  let i = 0;
  props.view.players.forEach((p, seat) => {
    if ((p.town_place || '').split(':')[0] !== id) return;
    const name = props.name ? props.name(seat) : `Player ${seat + 1}`;
    const cx = x + 14 + i * 36;
    i += 1;
    out.push(s('g', {class: 'wg-figure', dataset: {seat: String(seat)}}, tip(`${name}'s figure`),
      glyph(props, {pawn: props.colour ? props.colour(seat) : '#555'}, cx, y + 8, 16),
      s('text', {x: cx, y: y + 24, class: 'wg-fig-name', ...(name.length > 7 ? {textLength: 34, lengthAdjust: 'spacingAndGlyphs'} : {})}, name)));
  });
  return out;
}

/** The street: two lanes in the middle joined at both ends, with arrows for the one-way direction. */
function street(n) {
  const half = Math.ceil(n / 2);
  const left = TOWN_W / 2 - 10;
  const right = TOWN_W / 2 + 10;
  const top = TOP + BOX_H / 2;
  const bottom = TOP + (half - 1) * (BOX_H + GAP) + BOX_H / 2;
  const g = s('g', {class: 'wg-street-g', 'aria-hidden': 'true'},
    s('path', {d: `M${right},${top}V${bottom}A10,10 0 0 1 ${left},${bottom}V${top}A10,10 0 0 1 ${right},${top}`, class: 'wg-street'}));
  for (let row = 0; row < half; row += 1) {
    const y = TOP + row * (BOX_H + GAP) + BOX_H / 2;
    g.append(s('path', {d: `M${right - 4},${y - 3}L${right},${y + 3}L${right + 4},${y - 3}`, class: 'wg-street-arrow'}),
      s('path', {d: `M${left - 4},${y + 3}L${left},${y - 3}L${left + 4},${y + 3}`, class: 'wg-street-arrow'}));
    g.append(s('path', {d: `M${COLS[0] + BOX_W},${y}H${left - 5}M${right + 5},${y}H${COLS[1]}`, class: 'wg-street-door'}));
  }
  return g;
}

/** The town loop; `fallMoves` when the viewer may move in town now (legal buildings become targets). */
export function townSvg(props, fallMoves, onPick) {
  const order = props.catalog?.board?.town_order || [];
  const composer = props.composer;
  const rows = Math.ceil(order.length / 2);
  const height = TOP + rows * (BOX_H + GAP);
  const svg = s('svg', {viewBox: `0 0 ${TOWN_W} ${height}`, class: 'wg-town', role: 'group', 'aria-label': 'Town loop'});
  svg.append(s('text', {x: TOWN_W / 2, y: 14, class: 'wg-town-sub'}, 'One-way street, clockwise: down the right, up the left'));
  svg.append(street(order.length));
  const chosen = composer?.active ? composer.values('destination') : [];
  order.forEach((id, pos) => {
    const entry = comp(props, id);
    const {x, y} = place(pos, order.length);
    const going = fallMoves && composer ? composer.moves.find((m) => m.type === 'take_fall_turn' && m.destination === id) : null;
    const picked = chosen.length === 1 && chosen[0] === id;
    const g = s('g', {class: `wg-building${going ? ' legal' : ''}${picked ? ' chosen' : ''}`, dataset: {building: id}},
      tip(`${entry.name}: ${entry.effect}`));
    g.append(s('rect', {x, y, width: BOX_W, height: BOX_H, rx: 8, class: 'wg-bbox'}));
    const label = `${pos + 1} ${entry.name}`;
    g.append(s('text', {x: x + 6, y: y + 15, class: 'wg-bname', ...(label.length > 21 ? {textLength: BOX_W - 12, lengthAdjust: 'spacingAndGlyphs'} : {})}, label));
    if (entry.cost) g.append(...costGlyphs(props, entry.cost, x + 6, y + 28));
    else g.append(s('text', {x: x + 6, y: y + 32, class: 'wg-bcost'}, entry.toll ? '' : 'no cost'));
    if (entry.toll) g.append(s('text', {x: x + BOX_W - 6, y: y + 32, class: 'wg-toll'}, `toll: ${term(props, entry.toll).replace(/ \(.*\)$/, '')}`));
    g.append(...stockItems(props, id, x, y + 40));
    g.append(...figures(props, id, x, y + 64));
    if (going) {
      const tolls = going.tolls || [];
      const way = tolls.length ? `${tolls.length} toll${tolls.length > 1 ? 's' : ''} on the way` : 'no toll on the way';
      g.append(s('text', {x: x + BOX_W / 2, y: y - 3, class: 'wg-way'}, way));
      target(g, `Move to ${entry.name} (${way}; ${entry.effect})`, () => onPick(id, entry), {selected: picked});
    }
    svg.append(g);
  });
  return svg;
}

/** What each building does, its cost and toll and what waits there, as text a tap opens (the town's
 * tooltips need a mouse; this list works on touch and with a screen reader). */
export function townGuide(props) {
  const order = props.catalog?.board?.town_order || [];
  return h('details', {class: 'wg-town-guide'}, h('summary', {}, 'What each building does'),
    h('ol', {}, order.map((id) => {
      const entry = comp(props, id);
      const stock = (props.view.town_stock?.[id] || []).map((item) => {
        const it = comp(props, item);
        return it.kind === 'upgrade' ? `${it.name} (${it.effect})` : stockName(props, item);
      });
      return h('li', {}, h('strong', {}, entry.name), `: ${entry.effect}`,
        entry.cost ? [' · cost ', costLine(props, entry.cost)] : '',
        entry.toll ? ` · toll: ${term(props, entry.toll).replace(/ \(.*\)$/, '')}` : '',
        stock.length ? ` · here now: ${stock.join(', ')}` : '');
    })));
}
