// Walnut Grove's one vocabulary of symbols: each good, coin, figure and land type is drawn the same
// way wherever it appears (farm storage, barn, town stock, costs and payments, the winter table, the
// final scoring) and the key (`legend`) explains them with the same drawings. Colours and names come
// from the catalog (board.goods, board.landscapes, board.labourer_colours, terms), so a reader learns
// a symbol once. Glyphs are drawn in a 20×20 box centred on 0,0 and placed with a transform.

import {h} from '../dom.js';
import {s} from '../svg.js';

const INK = '#3b2a17';
const COIN_FILL = {0: '#c87533', 1: '#c9c9c9', 2: '#e5b80b'};
const COIN_NAME = {0: 'copper', 1: 'silver', 2: 'gold'};

const term = (props, id) => props.catalog?.terms?.[id] || String(id).replace(/_/g, ' ');
export const goodColour = (props, good) => props.catalog?.board?.goods?.[good]?.colour || '#ccc';
export const landColour = (props, land) => props.catalog?.board?.landscapes?.[land]?.colour || '#ddd';
export const landName = (props, land) => props.catalog?.board?.landscapes?.[land]?.name || land;
export const goodName = (props, good) => term(props, good).toLowerCase();

/** The shapes of a good, drawn in the 20×20 box around 0,0. */
function goodShapes(props, good) {
  const fill = goodColour(props, good);
  const line = {stroke: INK, 'stroke-width': 1.2, 'stroke-linejoin': 'round'};
  switch (good) {
    case 'grain': // a sheaf: a stalk with ears on both sides
      return [s('path', {d: 'M0,9V-8', stroke: INK, 'stroke-width': 1.4}),
        ...[-6, -1.5, 3].flatMap((y) => [s('ellipse', {cx: -3, cy: y, rx: 2.6, ry: 4, transform: `rotate(-25 -3 ${y})`, fill, ...line}),
          s('ellipse', {cx: 3, cy: y, rx: 2.6, ry: 4, transform: `rotate(25 3 ${y})`, fill, ...line})]),
        s('ellipse', {cx: 0, cy: -8, rx: 2.2, ry: 3.5, fill, ...line})];
    case 'fish':
      return [s('path', {d: 'M-9,0C-5,-7 4,-7 6,0C4,7 -5,7 -9,0Z', fill, ...line}),
        s('path', {d: 'M5,0L10,-5V5Z', fill, ...line}), s('circle', {cx: -4.5, cy: -1.5, r: 1.1, fill: '#fff'})];
    case 'dairy': // a milk can
      return [s('path', {d: 'M-6,-3H6V8A2,2 0 0 1 4,10H-4A2,2 0 0 1 -6,8Z', fill, ...line}),
        s('path', {d: 'M-3,-3V-7H3V-3', fill, ...line}), s('rect', {x: -4.5, y: -9.5, width: 9, height: 2.8, rx: 1, fill, ...line}),
        s('path', {d: 'M-6,2H6', stroke: INK, 'stroke-width': 1})];
    case 'wood': // a log seen from its cut end
      return [s('rect', {x: -9, y: -5, width: 15, height: 10, rx: 2, fill, ...line}),
        s('ellipse', {cx: 6, cy: 0, rx: 3.5, ry: 5, fill: '#d9a86c', ...line}), s('ellipse', {cx: 6, cy: 0, rx: 1.3, ry: 2, fill: 'none', stroke: INK, 'stroke-width': 0.8})];
    case 'stone':
      return [s('path', {d: 'M-9,5L-6,-5L1,-8L8,-3L9,6L0,9Z', fill, ...line}), s('path', {d: 'M-6,-5L0,0L8,-3M0,0L0,9', fill: 'none', stroke: INK, 'stroke-width': 0.8})];
    default:
      return [s('rect', {x: -8, y: -8, width: 16, height: 16, rx: 3, fill, ...line})];
  }
}

/** A game pawn (head and body), the figures' shape on the farm, in the holdings and in town. */
function pawnShapes(colour) {
  return [s('path', {d: 'M-7,10C-7,3 -4,0 -2,-1A5,5 0 1 1 2,-1C4,0 7,3 7,10Z', fill: colour, stroke: INK, 'stroke-width': 1.3, 'stroke-linejoin': 'round'})];
}

function coinShapes(value) {
  const back = value === null || value === undefined;
  return [s('circle', {r: 9, fill: back ? '#6b5b3e' : COIN_FILL[value] || '#e5b80b', stroke: INK, 'stroke-width': 1.2}),
    s('circle', {r: 6.5, fill: 'none', stroke: '#0004', 'stroke-width': 1}),
    s('text', {y: 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: back ? '#fff' : INK}, back ? '?' : String(value))];
}

/** The shapes of one symbol kind: {good}, {coin: value|null}, {pawn: colour}, {land}, 'storage', 'fence', 'help'. */
function shapes(props, what) {
  if (what.good) return goodShapes(props, what.good);
  if ('coin' in what) return coinShapes(what.coin);
  if (what.pawn) return pawnShapes(what.pawn);
  if (what.land) return [s('rect', {x: -9, y: -9, width: 18, height: 18, rx: 2, fill: landColour(props, what.land), stroke: '#0005'})];
  if (what.storage) return [s('rect', {x: -7, y: -7, width: 14, height: 14, rx: 3, fill: '#ffffffcc', stroke: '#0008'})];
  if (what.fence) return [s('rect', {x: -9, y: -9, width: 18, height: 18, fill: '#e9e2cf'}), s('path', {d: 'M-9,-9H9', stroke: '#5a3d1a', 'stroke-width': 4, 'stroke-linecap': 'round'})];
  if (what.enclosed) return [s('rect', {x: -8, y: -8, width: 16, height: 16, fill: '#e9e2cf', stroke: '#b8860b', 'stroke-width': 2.5})];
  if (what.spot) return [s('rect', {x: -8, y: -8, width: 16, height: 16, rx: 3, fill: '#1f5fa822', stroke: '#1f5fa8', 'stroke-width': 2, 'stroke-dasharray': '4 2'})];
  if (what.grown) return [s('rect', {x: -8, y: -8, width: 16, height: 16, fill: '#e9e2cf', stroke: '#c2410c', 'stroke-width': 2.5})];
  return [];
}

/** A symbol inside an SVG drawing: centred at (x, y), `size` px across, with a tooltip. */
export function glyph(props, what, x, y, size, title = null) {
  const k = size / 20;
  return s('g', {class: 'wg-glyph', transform: `translate(${x} ${y}) scale(${k})`}, title ? s('title', {}, title) : null, shapes(props, what));
}

/** A symbol in text: a small inline SVG named for screen readers (role img). */
export function icon(props, what, title) {
  return s('svg', {class: 'wg-icon', viewBox: '-10 -10 20 20', role: 'img', 'aria-label': title}, s('title', {}, title), shapes(props, what));
}

export const goodIcon = (props, good) => icon(props, {good}, term(props, good));
export function coinIcon(value) {
  const title = value === null || value === undefined ? 'a coin, face down' : `a ${COIN_NAME[value] || ''} coin worth ${value}`;
  return icon({}, {coin: value ?? null}, title);
}
export const pawnIcon = (props, colour, title) => icon(props, {pawn: colour}, title);

/** "3 ×[grain]" as a row of symbols: the count, then the good's icon (several goods joined by +). */
export function goodsLine(props, goods) {
  const parts = [];
  goods.forEach(({good, count}, i) => {
    if (i) parts.push(' + ');
    parts.push(h('span', {class: 'wg-qty'}, `${count}`, goodIcon(props, good)));
  });
  return parts;
}

/** A cost ({coins: 1, wood: 2}) as coins and goods. */
export function costLine(props, cost) {
  return Object.entries(cost || {}).flatMap(([k, n], i) => [i ? ' + ' : '',
    h('span', {class: 'wg-qty'}, `${n}`, k === 'coins' ? coinIcon(1) : goodIcon(props, k))]);
}

/** A cost inside an SVG: count and glyph pairs from (x, y) rightwards; returns the elements. */
export function costGlyphs(props, cost, x, y) {
  const out = [];
  let at = x;
  for (const [k, n] of Object.entries(cost || {})) {
    out.push(s('text', {x: at, y: y + 4, class: 'wg-cost-n'}, String(n)));
    at += 8;
    out.push(glyph(props, k === 'coins' ? {coin: 1} : {good: k}, at + 6, y, 12, `${n} ${k === 'coins' ? 'coin(s)' : term(props, k)}`));
    at += 17;
  }
  return out;
}

/** The key of the board's symbols (the shell shows it in "Key"). */
export function legend(props) {
  const board = props.catalog?.board;
  if (!board?.landscapes) return null;
  const row = (sym, text) => h('li', {}, sym, ' ', text);
  const labs = board.labourer_colours || {};
  const eats = (colour) => Object.values(props.catalog.components || {}).find((c) => c.kind === 'labourer' && c.colour === colour)?.eats || '';
  const me = props.viewer ?? null;
  const seatColour = me !== null && props.colour ? props.colour(me) : '#b03a2e';
  return h('div', {class: 'wg-legend'},
    h('section', {}, h('h4', {}, 'Land and what it yields'), h('ul', {},
      Object.entries(board.landscapes).map(([code, land]) => row(icon(props, {land: code}, land.name),
        [`${land.name}: `, goodIcon(props, land.good), ` ${goodName(props, land.good)}`])))),
    h('section', {}, h('h4', {}, 'Goods and coins'), h('ul', {},
      Object.keys(board.goods || {}).map((good) => row(goodIcon(props, good), term(props, good))),
      [0, 1, 2].map((v) => row(coinIcon(v), `${COIN_NAME[v]} coin: pays 1, worth ${v} VP at the end`)),
      row(coinIcon(null), 'a coin face down (its value is secret)'))),
    h('section', {}, h('h4', {}, 'Figures'), h('ul', {},
      row(pawnIcon(props, seatColour, 'your farmer'), 'the farmer, in the player\'s colour (also the figure in town)'),
      Object.entries(labs).map(([name, colour]) => row(pawnIcon(props, colour, `${name} labourer`),
        `${name} labourer (eats ${goodName(props, eats(name))})`)),
      row(h('span', {class: 'wg-pawn-pending'}, pawnIcon(props, labs.yellow || '#e8c547', 'hired labourer')), 'hired this year: works from next year'))),
    h('section', {}, h('h4', {}, 'On the farm'), h('ul', {},
      row(icon(props, {storage: true}, 'storage space'), 'storage space (holds one good)'),
      row(icon(props, {fence: true}, 'fence'), 'fence'),
      row(h('span', {class: 'wg-badge-key'}, '3', goodIcon(props, 'grain')), 'land area: goods it yields when worked in summer'),
      row(icon(props, {enclosed: true}, 'fenced area'), 'fully fenced area: its size in VP at the end'),
      row(icon(props, {spot: true}, 'legal spot'), 'where the tile in hand may go'),
      row(icon(props, {grown: true}, 'new area'), 'an area the tile would make or grow'),
      row(h('span', {class: 'wg-help-tile returnable'}, '↺'), 'help tile, returnable for 3 goods (−2 VP while held)'),
      row(h('span', {class: 'wg-help-tile flipped'}, '−2'), 'help tile, flipped (−2 VP)'))));
}
