// Walnut Grove's board: every farm as a grid of placed landscape tiles with its land areas, the barn,
// coins and help tiles; the town loop (walnut_grove_town.js) with its buildings, stock, figures and
// tolls; the year disc and the season track. Every control comes from the legal moves (the shell's
// composer), every name and effect from the catalog, every symbol from walnut_grove_symbols.js.
// See docs/web.md "Board modules" and "The Walnut Grove board".
//
// The click rule (docs/web.md): a click here only chooses; the move is sent by the shell's Confirm.
// A choice never moves what is under the pointer: the panel above the farms keeps its size while
// choosing, and what grows with a choice (previews, a building's options) is drawn in place on the
// farm or in a reserved box below the target.
//
// A "keep 2" spring lists ~20,000 moves, so the server sends their outline (the distinct first
// placements, docs/web.md "Long legal-move lists"); once the first tile is set here the board asks
// for the whole moves through it and hands them to the composer (`expand`), so the second tile and
// Confirm go through the shell like any other move.

import {same} from '../composer.js';
import {h} from '../dom.js';
import {api} from '../http.js';
import {tokenFor} from '../seats.js';
import {s, target, tip} from '../svg.js';
import {foldable, narrow, onWidthChange} from './fold.js';
import {coinIcon, costLine, glyph, goodIcon, goodName, goodsLine, landColour, landName, legend, pawnIcon} from './walnut_grove_symbols.js';
import {stockName, townGuide, townSvg} from './walnut_grove_town.js';

const CELL = 64;
const HALF = CELL / 2;
const SEASONS = ['spring', 'summer', 'fall', 'winter'];
const SEASON_ICON = {spring: '✿', summer: '☀', fall: '❧', winter: '❄'};
const QUAD_OFFSET = {NW: [0, 0], NE: [1, 0], SE: [1, 1], SW: [0, 1]}; // SVG (col, row) inside a cell
const QUADS = ['NW', 'NE', 'SE', 'SW'];
const ORDINAL = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

// UI-only state between renders (the board keeps no game state; choices live in the composer): the
// tile in hand and its turn, the spot under the pointer, server previews per version, an outlined
// summer's areas, the coins chosen in an overflow, the farms' horizontal scroll.
const ui = {tile: null, rotation: 0, version: null, last: null, keyBound: false, flashKey: '',
  summer: new Set(), summerDone: false, hover: null, previews: new Map(), overflow: null, scroll: new Map(), open: new Set()};

function ensureStyles() {
  if (document.querySelector('link[data-board="walnut_grove"]')) return;
  document.head.append(h('link', {rel: 'stylesheet', href: new URL('./walnut_grove.css', import.meta.url).href,
    dataset: {board: 'walnut_grove'}}));
}

/** Set CSS custom properties through the CSSOM (the page's CSP refuses style="" attributes). */
function vars(el, values) {
  for (const [name, value] of Object.entries(values)) if (value) el.style.setProperty(name, value);
  return el;
}

/** Append children, leaving out absent ones (Element.append would write "null"). */
function add(el, ...children) {
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false && c !== ''));
}

/** A <details> that stays open or closed across redraws (the board is redrawn on every choice). */
function keepOpen(details, name) {
  details.open = ui.open.has(name);
  details.addEventListener('toggle', () => (details.open ? ui.open.add(name) : ui.open.delete(name)));
  return details;
}

function redraw() {
  if (ui.last) render(ui.last.root, ui.last.props);
}
onWidthChange(() => { if (ui.last?.root?.isConnected) redraw(); });

const comp = (props, id) => props.catalog?.components?.[id] || {name: id, kind: '', effect: ''};
const term = (props, id) => props.catalog?.terms?.[id] || String(id).replace(/_/g, ' ');
const nameOf = (props, seat) => (props.name ? props.name(seat) : `Player ${seat + 1}`);
const colourOf = (props, seat) => (props.colour ? props.colour(seat) : null)
  || props.catalog?.seat_colours?.[seat]?.colour || '#555';
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

function tableId() {
  const m = /tables\/([0-9a-f-]{36})/.exec(location.hash || location.pathname);
  return m ? m[1] : null;
}

// --- words for pieces and places (what a person reads: names, never ids) --------------------------

/** A landscape tile by what it is: "field / mountain tile, 1 storage space". */
export function tileWords(props, id) {
  const entry = comp(props, id);
  if (!entry.q) return entry.name;
  const lands = [...new Set(entry.q)].map((code) => landName(props, code));
  const stores = [...(entry.store || '')].filter((bit) => bit === '1').length;
  return `${lands.join(' / ')} tile${stores ? `, ${plural(stores, 'storage space')}` : ''}`;
}

/** Where a placement goes, in the farm's own terms: the board row square it stands over, and how high. */
function spotWords(props, player, p) {
  const row = comp(props, player.board).row || 'PGLMF';
  const over = p.x >= 0 && p.x < row.length ? `over the ${landName(props, row[p.x])}`
    : p.x < 0 ? `${plural(-p.x, 'column')} left of the farm board` : `${plural(p.x - row.length + 1, 'column')} right of the farm board`;
  return `${ORDINAL[p.y - 1] || `row ${p.y}`} row ${over}`;
}

function placementWords(props, player, p) {
  return `${tileWords(props, p.tile_id).split(',')[0]}, ${spotWords(props, player, p)}, turned ${p.rotation}°`;
}

/** A storage place in words: the barn, or a storage space on the farm. */
function sourceWords(source) {
  return source === 'barn' || String(source).startsWith('barn:') ? 'from the barn' : 'from storage';
}

const areaWords = (props, a) => `${landName(props, a.landscape)} area of ${plural(a.size, 'cell')}`;

// --- previews: what a placement or a harvest would make, answered by the server (GET .../preview) ---

/** The server's preview of `move` for the viewer (cached per version), or undefined while it is asked. */
function previewOf(props, move) {
  const key = JSON.stringify(move);
  if (ui.previews.has(key)) return ui.previews.get(key);
  const id = tableId();
  if (!id || props.viewer === null || props.viewer === undefined) return undefined;
  ui.previews.set(key, undefined);
  api('GET', `/api/tables/${id}/seats/${props.viewer}/preview?move=${encodeURIComponent(key)}`, {token: tokenFor(id, props.viewer)})
    .then((answer) => answer.preview, () => null)
    .then((preview) => {
      if (ui.version !== props.version) return;
      ui.previews.set(key, preview);
      redraw();
    });
  return undefined;
}

/** The whole legal moves of `type`: the composer's, or, when the shell holds an outline of a long
 * list, the server's answer to `?match={"type": ...}` (undefined while asked, cached per version). */
function wholeMoves(props, type) {
  const composer = props.composer;
  if (!composer.outline) return composer.moves.filter((m) => m.type === type);
  const key = `legal:${type}`;
  if (ui.previews.has(key)) return ui.previews.get(key);
  const id = tableId();
  ui.previews.set(key, undefined);
  api('GET', `/api/tables/${id}/seats/${props.viewer}/legal-moves?match=${encodeURIComponent(JSON.stringify({type}))}`,
    {token: tokenFor(id, props.viewer)})
    .then((answer) => answer.moves.filter((m) => m.type === type), () => [])
    .then((moves) => {
      if (ui.version !== props.version) return;
      ui.previews.set(key, moves);
      redraw();
    });
  return undefined;
}

const areaSig = (a) => `${a.landscape}:${a.subcells.map((c) => c.join(',')).join(';')}`;

/** The previewed areas that are new or changed compared with the farm now. */
function changedAreas(now, after) {
  const before = new Set((now || []).map(areaSig));
  return (after || []).filter((a) => !before.has(areaSig(a)));
}

// --- the spring: what is chosen so far lives in the composer ------------------------------------

const springMoves = (list) => list.filter((m) => m.type === 'place_landscape_tiles');

/** How many tiles this spring keeps (the disc, or fewer when fewer were drawn). */
function springKeep(props, me) {
  return Math.min(props.view.year_disc?.keep ?? 1, me.drawn_tiles.length);
}

/** Where the spring choice stands: `done`, the whole move once the composer names one; `base`, the
 * placements fixed before the one being chosen (a "keep 2" spring's first tile); `options`, the
 * distinct placements legal as that one, for every tile and turn. */
function springStep(props) {
  const composer = props.composer;
  const done = composer.complete?.type === 'place_landscape_tiles' ? composer.complete.placements : null;
  // the moves the step being chosen picks from: before the last choice when the move is complete
  const steps = done ? composer.steps.slice(0, -1) : composer.steps;
  const left = springMoves(steps.reduce((list, step) => (step.moves || list).filter(step.test), composer.moves));
  let base = [];
  if (steps.length && left.length) {
    const first = left[0].placements[0];
    if (left.every((m) => same(m.placements[0], first)) && left.some((m) => m.placements.length > 1)) base = [first];
  }
  const seen = new Set();
  const options = left.map((m) => m.placements[base.length]).filter((p) => {
    const key = p && JSON.stringify(p);
    if (!p || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {done, base, options};
}

/** The placements chosen so far (the whole move, or the first tile of two), for drawing and previews. */
function springChosen(props) {
  const {done, base} = springStep(props);
  return done || base;
}

/** The spring placements to preview now: the spot under the pointer, else the ones chosen so far. */
function springPreviewMove(props) {
  const placements = ui.hover || springChosen(props);
  return placements.length ? {type: 'place_landscape_tiles', placements} : null;
}

async function chooseSpot(props, me, p) {
  const composer = props.composer;
  const chosen = springChosen(props);
  const keep = springKeep(props, me);
  const label = `Place the ${placementWords(props, me, p)}`;
  ui.hover = null;
  if (chosen.length && chosen.length < keep && !composer.complete) { // the second tile
    composer.narrow((m) => m.type === 'place_landscape_tiles' && same(m.placements[chosen.length], p), label);
    return;
  }
  composer.clear();
  if (keep === 1) {
    composer.narrow((m) => m.type === 'place_landscape_tiles' && same(m.placements[0], p), label);
    return;
  }
  const through = (m) => m.type === 'place_landscape_tiles' && same(m.placements[0], p) && m.placements.length === keep;
  let moves = springMoves(composer.moves).filter(through);
  if (!moves.length) { // the outline: ask for the whole moves through this first placement
    const id = tableId();
    const partial = {type: 'place_landscape_tiles', placements: [p]};
    try {
      const answer = await api('GET', `/api/tables/${id}/seats/${props.viewer}/legal-moves?match=${encodeURIComponent(JSON.stringify(partial))}`,
        {token: tokenFor(id, props.viewer)});
      moves = answer.moves.filter(through);
    } catch {
      moves = [];
    }
    if (ui.last?.props.composer !== composer) return; // the table moved on meanwhile
  }
  const others = me.drawn_tiles.filter((t) => t !== p.tile_id);
  ui.tile = moves.some((m) => m.placements[1]?.tile_id === ui.tile) ? ui.tile : others.find((t) => moves.some((m) => m.placements[1]?.tile_id === t)) || null;
  composer.expand(moves, through, label);
}

// --- geometry of a placed tile (data from the catalog: q, fence, store; rotation from the view) ---

/** The tile as it lies on the table: quadrant types, fence string, slots by table quadrant. */
function turned(entry, tileId, rotation) {
  const k = (rotation / 90) | 0;
  const types = [0, 1, 2, 3].map((p) => entry.q[(p - k + 4) % 4]).join('');
  const fence = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => entry.fence[(i - 2 * k + 8) % 8]).join('');
  const slots = [];
  for (let i = 0; i < 4; i += 1) if (entry.store[i] === '1') slots.push({id: `${tileId}:${QUADS[i]}`, q: QUADS[(i + k) % 4]});
  return {types, fence, slots};
}

function farmCells(props, player) {
  const board = comp(props, player.board);
  const cells = new Map();
  const row = board.row || 'PGLMF';
  const boardFence = props.catalog?.board?.board_row_fence || '00111111';
  [...row].forEach((land, x) => cells.set(`${x},0`, {x, y: 0, types: land.repeat(4), fence: boardFence,
    slots: [{id: `board:${x}:1`, q: 'NW'}, {id: `board:${x}:2`, q: 'NE'}], tile: null}));
  for (const t of player.tiles) {
    const entry = comp(props, t.tile_id);
    if (!entry.q) continue;
    cells.set(`${t.x},${t.y}`, {x: t.x, y: t.y, tile: t.tile_id, rotation: t.rotation, ...turned(entry, t.tile_id, t.rotation)});
  }
  return cells;
}

// --- the season track, the disc, the status ------------------------------------------------------

function header(props) {
  const v = props.view;
  const disc = v.year_disc ? comp(props, v.year_disc.id) : null;
  const track = h('ol', {class: 'wg-seasons', 'aria-label': 'Season track'},
    SEASONS.map((season) => h('li', {class: season === v.phase ? 'now' : '', 'aria-current': season === v.phase ? 'step' : null},
      `${SEASON_ICON[season]} ${term(props, season)}`)));
  const years = h('ol', {class: 'wg-years', 'aria-label': 'Year track'},
    Array.from({length: 8}, (_, i) => h('li', {class: i + 1 === v.year ? 'now' : i + 1 < v.year ? 'past' : ''},
      String(i + 1))));
  const labs = props.catalog?.board?.labourer_colours || {};
  return h('section', {class: 'wg-header'},
    h('div', {class: 'wg-tracks'}, h('span', {class: 'wg-label'}, v.year ? `Year ${v.year} of 8` : 'Before year 1 of 8'), years, track),
    disc ? h('div', {class: 'wg-disc', title: disc.effect},
      h('strong', {}, 'This year\'s disc'), ' · ',
      h('span', {}, `✿ draw ${disc.draw} keep ${disc.keep}`), ' · ',
      h('span', {}, '☀ bonus ', goodIcon(props, disc.summer_bonus), ` ${goodName(props, disc.summer_bonus)}`), ' · ',
      h('span', {}, '❧ bonus ', goodIcon(props, disc.fall_bonus), ` ${goodName(props, disc.fall_bonus)}`), ' · ',
      h('span', {}, '❄ ', pawnIcon(props, labs[disc.double_eater] || '#ccc', `${disc.double_eater} labourers`),
        ` ${disc.double_eater} labourers eat double, ${plural(disc.fires, 'fire')}`))
      : null,
    h('div', {class: 'wg-bags muted'}, `Tile bag ${v.tile_bag_count} · coin bag ${v.coin_bag_count} · `
      + `${plural(v.discs_face_down, 'year disc')} face down`));
}

function statusText(props) {
  const v = props.view;
  if (!v) return 'Walnut Grove';
  const me = props.viewer;
  const moves = props.composer?.moves || [];
  const has = (type) => moves.some((m) => m.type === type);
  const year = v.year ? `Year ${v.year} · ` : '';
  const phase = term(props, v.phase);
  if (v.phase === 'ended') return 'Game over · final scores';
  if (has('choose_start_building')) return 'Choose where your town figure starts: the Church or the Town Hall';
  if (has('place_landscape_tiles')) return `${year}${phase}: pick a drawn tile, turn it (R), set it on a highlighted spot`;
  if (has('place_figures')) return `${year}${phase}: choose land areas on your farm for your figures to work`;
  if (has('resolve_coin_overflow')) return `${year}${phase}: the barn is full — choose which coins to keep`;
  if (has('take_fall_turn') || has('pass_fall_turn')) return `${year}${phase}: your move in town — choose a highlighted building, or pass`;
  if (has('resolve_winter')) return `${year}${phase}: feed your labourers and heat the fires`;
  if (has('confirm_final_scoring')) return 'Final adjustments: return a help tile for 3 goods, then confirm';
  if (v.phase === 'fall' && v.fall_player !== null && v.fall_player !== undefined) return `${year}${phase}: ${nameOf(props, v.fall_player)} moves in town`;
  if (me !== null && me !== undefined && v.players?.[me]?.done) return `${year}${phase}: waiting for the others`;
  return `${year}${phase}`;
}

// --- one farm --------------------------------------------------------------------------------------

/** The cells a farm is drawn over: its tiles, and while the viewer places tiles, every cell the
 * spring could reach (so choosing a spot or turning a tile never resizes the farm under the pointer). */
function farmBounds(cells, reach) {
  const all = [...cells.values(), ...reach];
  return {minX: Math.min(...all.map((c) => c.x)), maxX: Math.max(...all.map((c) => c.x)), maxY: Math.max(...all.map((c) => c.y))};
}

function farmSvg(props, seat, opts) {
  const v = props.view;
  const player = v.players[seat];
  const cells = farmCells(props, player);
  for (const p of opts.pending || []) {
    const entry = comp(props, p.tile_id);
    cells.set(`${p.x},${p.y}`, {x: p.x, y: p.y, tile: p.tile_id, rotation: p.rotation, pending: true, ...turned(entry, p.tile_id, p.rotation)});
  }
  const {minX, maxX, maxY} = farmBounds(cells, opts.reach || []);
  const pad = 6;
  const width = (maxX - minX + 1) * CELL + 2 * pad;
  const height = (maxY + 1) * CELL + 2 * pad;
  const px = (x) => pad + (x - minX) * CELL;
  const py = (y) => pad + (maxY - y) * CELL;
  const svg = vars(s('svg', {viewBox: `0 0 ${width} ${height}`, class: 'wg-farm', width, role: 'group',
    'aria-label': `${nameOf(props, seat)}'s farm`}), {'--fw': String(width)}); // CSS scales it up on a wide board
  const storage = player.storage || {};
  for (const cell of cells.values()) {
    const g = s('g', {class: `wg-cell${cell.pending ? ' pending' : ''}${cell.y === 0 ? ' boardrow' : ''}`},
      cell.tile ? tip(tileWords(props, cell.tile)) : null);
    const x0 = px(cell.x);
    const y0 = py(cell.y);
    QUADS.forEach((q, i) => {
      const [cx, cy] = QUAD_OFFSET[q];
      g.append(s('rect', {x: x0 + cx * HALF, y: y0 + cy * HALF, width: HALF, height: HALF, fill: landColour(props, cell.types[i]),
        class: `wg-quad land-${cell.types[i]}`}));
    });
    g.append(s('rect', {x: x0, y: y0, width: CELL, height: CELL, class: 'wg-cell-line'}));
    fences(g, cell.fence, x0, y0);
    for (const slot of cell.slots) {
      const [cx, cy] = QUAD_OFFSET[slot.q];
      const good = storage[slot.id];
      const sx = x0 + cx * HALF + HALF - 10; // top-right of the quadrant (the area badge sits bottom-left)
      const sy = y0 + cy * HALF + 10;
      const what = good ? `storage space holding ${goodName(props, good)}` : 'empty storage space';
      const dot = s('g', {class: `wg-slot${good ? ' full' : ''}`, dataset: {slot: slot.id}}, tip(what),
        s('rect', {x: sx - 8, y: sy - 8, width: 16, height: 16, rx: 3, fill: '#ffffffcc'}),
        good ? glyph(props, {good}, sx, sy, 14) : null);
      if (opts.moveToBarn && good && props.composer?.allows({type: 'move_goods_to_barn', from_slot: slot.id})) {
        target(dot, `Move the ${goodName(props, good)} from this storage space to the barn`, () => {
          props.composer.clear();
          props.composer.pick({type: 'move_goods_to_barn', from_slot: slot.id}, `Move ${goodName(props, good)} to the barn`);
        });
      }
      g.append(dot);
    }
    svg.append(g);
  }
  // land areas: outline, a badge with what they yield, and the figures sent there
  const shownAreas = opts.previewAreas || player.areas || [];
  const grown = opts.previewAreas ? new Set(changedAreas(player.areas, opts.previewAreas).map(areaSig)) : new Set();
  const workers = opts.workers || new Map();
  for (const area of shownAreas) {
    const inside = new Set(area.subcells.map(([a, b]) => `${a},${b}`));
    const path = [];
    for (const [sx, sy] of area.subcells) {
      const x0 = px(Math.floor(sx / 2)) + (sx % 2) * HALF;
      const y0 = py(Math.floor(sy / 2)) + (1 - (sy % 2)) * HALF;
      if (!inside.has(`${sx},${sy + 1}`)) path.push(`M${x0},${y0}h${HALF}`);
      if (!inside.has(`${sx},${sy - 1}`)) path.push(`M${x0},${y0 + HALF}h${HALF}`);
      if (!inside.has(`${sx - 1},${sy}`)) path.push(`M${x0},${y0}v${HALF}`);
      if (!inside.has(`${sx + 1},${sy}`)) path.push(`M${x0 + HALF},${y0}v${HALF}`);
    }
    const selected = opts.selectedAreas?.has(area.key);
    const legal = opts.summer && (opts.outlined || props.composer?.remaining.some((m) => m.type === 'place_figures'
      && m.assignments.some((a) => same(a.anchor, area.anchor))));
    const {x: ax, y: ay, q} = area.anchor;
    const [ox, oy] = QUAD_OFFSET[q];
    const lx = px(ax) + ox * HALF + 3;
    const ly = py(ay) + oy * HALF + HALF - 12;
    const isNew = grown.has(areaSig(area));
    const g = s('g', {class: `wg-area${area.enclosed ? ' enclosed' : ''}${legal ? ' legal' : ''}${selected ? ' chosen' : ''}`
      + `${opts.previewAreas ? ' preview' : ''}${isNew ? ' grown' : ''}`,
    dataset: {area: area.key, yield: String(area.yield), ...(opts.previewAreas ? {preview: isNew ? 'new' : 'same'} : {})}},
    tip(`${areaWords(props, area)}: ${area.yield} ${goodName(props, area.good)} when worked in summer`
      + `${area.enclosed ? ` · fully fenced: ${area.size} VP at the end` : ''}`),
    s('path', {d: path.join(''), class: 'wg-area-line'}),
    s('rect', {x: lx, y: ly - 1, width: 27, height: 13, rx: 6.5, class: 'wg-area-badge'}),
    s('text', {x: lx + 7, y: ly + 9, class: 'wg-area-t'}, String(area.yield)),
    glyph(props, {good: area.good}, lx + 19, ly + 5.5, 11));
    const figure = workers.get(area.key);
    if (figure) g.append(glyph(props, {pawn: figure.colour}, lx + 22, ly - 12, 18, `${figure.name} works here`));
    if (legal) {
      const hit = s('path', {d: area.subcells.map(([sx, sy]) => `M${px(Math.floor(sx / 2)) + (sx % 2) * HALF},`
        + `${py(Math.floor(sy / 2)) + (1 - (sy % 2)) * HALF}h${HALF}v${HALF}h-${HALF}z`).join(''), class: 'wg-area-hit'});
      g.prepend(hit);
      target(g, `${selected ? 'Take your figure off' : 'Work'} the ${areaWords(props, area)} (${area.yield} ${goodName(props, area.good)})`,
        () => opts.onArea(area), {selected});
    }
    svg.append(g);
  }
  // spring: the spots where the tile in hand may go, each with the tile ghosted as it would lie
  for (const spot of opts.spots || []) {
    const x0 = px(spot.x);
    const y0 = py(spot.y);
    const g = s('g', {class: `wg-spot${spot.previewed ? ' previewed' : ''}${spot.chosen ? ' chosen' : ''}`, dataset: {cell: `${spot.x},${spot.y}`}},
      s('rect', {x: x0 + 2, y: y0 + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: 'wg-spot-r'}));
    const ghost = s('g', {class: 'wg-ghost'});
    QUADS.forEach((qq, i) => {
      const [cx, cy] = QUAD_OFFSET[qq];
      ghost.append(s('rect', {x: x0 + cx * HALF, y: y0 + cy * HALF, width: HALF, height: HALF, fill: landColour(props, spot.ghost.types[i])}));
    });
    fences(ghost, spot.ghost.fence, x0, y0);
    for (const slot of spot.ghost.slots) {
      const [cx, cy] = QUAD_OFFSET[slot.q];
      ghost.append(s('rect', {x: x0 + cx * HALF + HALF - 18, y: y0 + cy * HALF + 2, width: 16, height: 16, rx: 3, fill: '#ffffffcc', stroke: '#0008'}));
    }
    g.append(ghost);
    target(g, spot.label, () => spot.onPick(), {selected: spot.chosen});
    g.addEventListener('pointerenter', (event) => { if (event.pointerType === 'mouse') spot.onHover(); });
    g.addEventListener('focus', () => { if (g.matches(':focus-visible')) spot.onHover(); }); // not on a click's focus
    svg.append(g);
  }
  return svg;
}

function fences(g, fence, x0, y0) {
  const segs = [
    [0, 0, HALF, 0], [HALF, 0, CELL, 0], [CELL, 0, CELL, HALF], [CELL, HALF, CELL, CELL],
    [CELL, CELL, HALF, CELL], [HALF, CELL, 0, CELL], [0, CELL, 0, HALF], [0, HALF, 0, 0],
  ];
  [...(fence || '')].forEach((bit, i) => {
    if (bit !== '1') return;
    const [a, b, c, d] = segs[i];
    g.append(s('line', {x1: x0 + a, y1: y0 + b, x2: x0 + c, y2: y0 + d, class: 'wg-fence'}));
  });
}

// --- holdings: barn, coins, figures, buildings, upgrades, help tiles -----------------------------

/** What a barn item is, as a symbol and in words. */
function barnItem(props, player, item) {
  const coins = new Map((player.coins || []).map((c) => [c.id, c.value]));
  if (item && coins.has(item)) {
    const value = coins.get(item);
    return {words: `${comp(props, item).name.toLowerCase()} worth ${value}`, icon: coinIcon(value), cls: `coin v${value}`};
  }
  if (item === 'coin' || (item && comp(props, item).kind === 'coin')) return {words: 'a coin (face down)', icon: coinIcon(null), cls: 'coin back'};
  if (item) return {words: goodName(props, item), icon: goodIcon(props, item), cls: 'good'};
  return {words: 'empty', icon: null, cls: 'empty'};
}

function barnRow(props, seat, mine) {
  const player = props.view.players[seat];
  const composer = props.composer;
  const row = h('div', {class: 'wg-barn', role: 'group', 'aria-label': `${nameOf(props, seat)}'s barn`});
  player.barn.forEach((item, i) => {
    const slot = `barn:${i + 1}`;
    const {words, icon, cls} = barnItem(props, player, item);
    const canDiscard = mine && item && composer?.allows({type: 'discard_from_barn', barn_slots: [slot]});
    const attrs = {class: `wg-barn-slot ${cls}`, title: `barn space ${i + 1}: ${words}${canDiscard ? ' (choose to discard)' : ''}`, dataset: {slot}};
    if (canDiscard) {
      row.append(h('button', {...attrs, type: 'button', 'aria-label': `Discard ${words} from the barn`,
        onclick: () => {
          composer.clear();
          composer.narrow((m) => m.type === 'discard_from_barn' && same(m.barn_slots, [slot]), `Discard ${words} from the barn`);
        }}, icon));
    } else row.append(h('span', {...attrs, role: 'img', 'aria-label': `barn space ${i + 1}: ${words}`}, icon));
  });
  return row;
}

function figureOf(props, seat, id) {
  const labs = props.catalog?.board?.labourer_colours || {};
  const entry = comp(props, id);
  if (id === 'farmer') return {name: `${nameOf(props, seat) === 'You' ? 'your' : `${nameOf(props, seat)}'s`} farmer`, colour: colourOf(props, seat)};
  return {name: `${entry.colour} labourer`, colour: labs[entry.colour] || '#ccc', eats: entry.eats};
}

function holdings(props, seat) {
  const p = props.view.players[seat];
  const pawn = (id, pending) => {
    const f = figureOf(props, seat, id);
    const title = `${f.name}${f.eats ? ` (eats ${f.eats})` : ''}${pending ? ', hired: works from next year' : ''}`;
    return h('span', {class: `wg-pawn${pending ? ' wg-pawn-pending' : ''}`}, pawnIcon(props, f.colour, title));
  };
  const upgrades = Object.entries(p.upgrades || {});
  return h('div', {class: 'wg-holdings'},
    h('span', {class: 'wg-figures', title: 'The farmer and the active labourers work in summer'}, 'Figures ',
      pawn('farmer', false), p.active_labourers.map((id) => pawn(id, false)), p.pending_labourers.map((id) => pawn(id, true))),
    p.cabins.length ? h('span', {title: comp(props, p.cabins[0]).effect}, plural(p.cabins.length, 'cabin')) : null,
    p.barn_tiles.length ? h('span', {title: comp(props, p.barn_tiles[0]).effect}, plural(p.barn_tiles.length, 'extra barn')) : null,
    upgrades.map(([space, id]) => h('span', {class: 'wg-upgrade', title: `${comp(props, id).name}: ${comp(props, id).effect}`},
      `${term(props, space)}: ${comp(props, id).name}`)),
    h('span', {class: p.help_tiles.total ? 'wg-help has' : 'wg-help', title: comp(props, 'help_tile').effect},
      'Help tiles: ', p.help_tiles.total ? [
        p.help_tiles.returnable ? h('span', {class: 'wg-help-tile returnable', title: 'Returnable: give it back for 3 goods of the kinds you lack (−2 VP while held)'}, '↺') : null,
        Array.from({length: Math.min(p.help_tiles.flipped, 6)}, () => h('span', {class: 'wg-help-tile flipped', title: 'Flipped: stays, −2 VP at the end'}, '−2')),
        p.help_tiles.flipped > 6 ? '… ' : null,
      ] : 'none'),
    p.coins && !p.coins.length ? h('span', {class: 'wg-coins'}, 'Coins: none') : p.coins ? h('span', {class: 'wg-coins', title: 'Your coins (only you see their values)'},
      'Coins ', p.coins.map((c) => coinIcon(c.value)), ` = ${p.coins.reduce((t, c) => t + c.value, 0)} VP`)
      : h('span', {class: 'wg-coins', title: 'Coins are face down: their values are secret until the end'}, 'Coins ',
        Array.from({length: Math.min(p.coin_count, 8)}, () => coinIcon(null)), p.coin_count ? '' : 'none'));
}

function scoreLine(props, seat) {
  const sc = props.scores;
  if (!sc?.breakdown) return null;
  const parts = sc.breakdown[seat] ?? sc.breakdown[String(seat)];
  if (!parts) return null;
  const total = sc.totals?.[seat] ?? sc.totals?.[String(seat)];
  const ended = props.view.phase === 'ended';
  const text = Object.entries(parts).map(([k, n]) => `${term(props, k)} ${n}`).join(' · ');
  const how = props.catalog?.board?.score_sources || {};
  const explain = Object.entries(parts).map(([k, n]) => `${term(props, k)} ${n}: ${how[k] || ''}`).join('\n');
  return h('div', {class: 'wg-score', tabindex: '0', title: `Where the points come from:\n${explain}${ended ? '' : '\n(coins are counted at the end)'}`},
    h('strong', {}, `${total} VP`), ` — ${text}${ended ? '' : ' (coins hidden until the end)'}`);
}

function winterWarning(props, seat) {
  const p = props.view.players[seat];
  const w = p.winter_needs;
  if (!w || !['spring', 'summer', 'fall', 'winter'].includes(props.view.phase) || (p.done && props.view.phase === 'winter')) return null;
  const food = Object.entries(w.food).filter(([, n]) => n).map(([good, count]) => ({good, count}));
  const have = p.owned_goods || {};
  const owned = ['grain', 'fish', 'dairy', 'wood'].map((good) => ({good, count: have[good] || 0}));
  const short = w.help_tiles;
  return h('div', {class: `wg-winter${short ? ' warn' : ''}`, role: short ? 'alert' : null},
    '❄ This winter: ', food.length ? goodsLine(props, food) : 'no food', ' and ', goodsLine(props, [{good: 'wood', count: w.wood}]),
    ` (${plural(w.fires, 'fire')} + ${plural(w.wagons, 'wagon')}); ${seat === props.viewer ? 'you own' : `${nameOf(props, seat)} owns`} `,
    goodsLine(props, owned), '. ',
    short ? h('strong', {}, `Short by ${[w.shortfall.food ? `${w.shortfall.food} food` : '', w.shortfall.wood ? `${w.shortfall.wood} wood` : '']
      .filter(Boolean).join(' and ')}: ${plural(short, 'help tile')} (−2 VP each) unless you get more before winter.`)
      : 'Enough for everyone.');
}

// --- the viewer's choices: words for the composer bar, symbols on the buttons ---------------------

function coinValue(props, id) {
  const me = props.view.players[props.viewer];
  return (me?.coins || []).find((x) => x.id === id)?.value;
}

function coinWords(props, id) {
  const value = coinValue(props, id);
  return value === undefined ? 'a coin' : `a ${comp(props, id).name.toLowerCase()} (worth ${value})`;
}

/** A fall choice in words (for the composer bar) and as symbols (for its button). */
function valueText(props, field, value) {
  if (field === 'tolls') {
    if (!value.length) return {words: 'no toll on the way', parts: ['no toll on the way']};
    const each = value.map((t) => (t === 'help' ? {words: 'take a help tile', parts: ['take a help tile']}
      : {words: `pay ${coinWords(props, t.slice(5))}`, parts: ['pay ', coinIcon(coinValue(props, t.slice(5)))]}));
    return {words: `toll${value.length > 1 ? 's' : ''}: ${each.map((e) => e.words).join(', then ')}`,
      parts: [`toll${value.length > 1 ? 's' : ''}: `, ...each.flatMap((e, i) => [i ? ', then ' : '', ...e.parts])]};
  }
  if (field === 'payment') {
    const coins = value.coins || [];
    const goods = value.goods || [];
    if (!coins.length && !goods.length) return {words: 'nothing to pay', parts: ['nothing to pay']};
    const words = [...coins.map((c) => coinWords(props, c)), ...goods.map((g) => `${g.count} ${goodName(props, g.good)} ${sourceWords(g.source)}`)];
    return {words: `pay ${words.join(' + ')}`,
      parts: ['pay ', coins.map((c) => coinIcon(coinValue(props, c))),
        goods.map((g, i) => [coins.length || i ? ' + ' : '', goodsLine(props, [g]), ` ${sourceWords(g.source)}`])]};
  }
  if (field === 'goods') {
    const counts = new Map();
    for (const g of value) counts.set(g, (counts.get(g) || 0) + 1);
    const list = [...counts].map(([good, count]) => ({good, count}));
    return {words: `take ${list.map((g) => `${g.count} ${goodName(props, g.good)}`).join(' + ')}`, parts: ['take ', goodsLine(props, list)]};
  }
  if (field === 'sell') {
    return {words: `sell ${value.map((x) => `${goodName(props, x.good)} ${sourceWords(x.source)}`).join(', ')}`,
      parts: ['sell ', value.map((x, i) => [i ? ', ' : '', goodIcon(props, x.good), ` ${sourceWords(x.source)}`])]};
  }
  const e = comp(props, value);
  const name = e.kind === 'upgrade' ? e.name : stockName(props, value);
  return {words: `${name}${e.effect ? ` — ${e.effect}` : ''}`, parts: [e.kind === 'labourer'
    ? pawnIcon(props, props.catalog?.board?.labourer_colours?.[e.colour], name) : null, `${name}${e.effect ? ` — ${e.effect}` : ''}`]};
}

function choiceGroup(props, title, field, options, pickFn) {
  return h('div', {class: 'wg-choices', role: 'group', 'aria-label': title},
    h('div', {class: 'wg-choice-title'}, title),
    options.map((value) => {
      const text = valueText(props, field, value);
      return h('button', {type: 'button', class: 'wg-choice', 'aria-label': text.words, onclick: () => pickFn(value, text.words)}, text.parts);
    }));
}

// --- spring ---------------------------------------------------------------------------------------

function springPanel(props, me, panel) {
  const {done, base, options} = springStep(props);
  const chosen = done || base;
  const keep = springKeep(props, me);
  const usable = new Set(options.map((p) => p.tile_id));
  if (ui.tile && !usable.has(ui.tile)) ui.tile = null;
  if (!ui.tile && usable.size === 1) ui.tile = [...usable][0];
  const tiles = h('div', {class: 'wg-drawn', role: 'group', 'aria-label': 'Drawn tiles'});
  for (const id of me.drawn_tiles) {
    const entry = comp(props, id);
    const shape = turned(entry, id, ui.tile === id ? ui.rotation : 0);
    const mini = s('svg', {viewBox: `0 0 ${CELL} ${CELL}`, width: 56, height: 56, class: 'wg-mini', 'aria-hidden': 'true'});
    QUADS.forEach((q, i) => {
      const [cx, cy] = QUAD_OFFSET[q];
      mini.append(s('rect', {x: cx * HALF, y: cy * HALF, width: HALF, height: HALF, fill: landColour(props, shape.types[i])}));
    });
    fences(mini, shape.fence, 0, 0);
    for (const slot of shape.slots) {
      const [cx, cy] = QUAD_OFFSET[slot.q];
      mini.append(s('rect', {x: cx * HALF + 8, y: cy * HALF + 8, width: 16, height: 16, rx: 3, fill: '#ffffffcc', class: 'wg-slot'}));
    }
    const set = chosen.some((p) => p.tile_id === id);
    const words = tileWords(props, id);
    tiles.append(h('button', {type: 'button', class: `wg-tile${ui.tile === id ? ' chosen' : ''}${set ? ' set' : ''}`, disabled: set || !usable.has(id),
      'aria-pressed': ui.tile === id ? 'true' : 'false', 'aria-label': `${set ? 'Set: ' : ''}${words}`, title: words, dataset: {tile: id},
      onclick: () => { ui.tile = id; ui.hover = null; redraw(); }}, mini, h('span', {}, words.split(',')[0])));
  }
  const note = base.length && !done ? `First tile set. Now set the ${ORDINAL[chosen.length]} of ${keep} on a highlighted spot.`
    : done ? 'Confirm to place, or choose another spot.'
      : `Keep ${keep} of ${plural(me.drawn_tiles.length, 'drawn tile')}: choose one, turn it, set it on a highlighted spot.`;
  add(panel, h('p', {class: 'wg-note'}, note), tiles,
    h('div', {class: 'row wg-tools'},
      h('button', {type: 'button', class: 'small', dataset: {act: 'turn'}, disabled: !ui.tile, 'aria-keyshortcuts': 'R',
        onclick: () => { ui.rotation = (ui.rotation + 90) % 360; ui.hover = null; redraw(); }}, `⟳ Turn (R) · ${ui.rotation}°`)));
}

/** The spots for the tile in hand at its turn, and the reach of the whole spring: every cell a
 * first placement (any tile, any turn) or, keeping two, a second one beside it could take, the
 * same for the whole version so that choosing never resizes the farm. */
function springTargets(props, me) {
  const {done, base, options} = springStep(props);
  const firsts = springMoves(props.composer.moves).map((m) => m.placements[0]).filter(Boolean);
  const reach = firsts.map((p) => ({x: p.x, y: p.y}));
  if (springKeep(props, me) > 1) {
    for (const p of firsts) reach.push({x: p.x - 1, y: p.y}, {x: p.x + 1, y: p.y}, {x: p.x, y: p.y + 1});
  }
  if (!ui.tile) return {spots: [], reach};
  const ghost = turned(comp(props, ui.tile), ui.tile, ui.rotation);
  const hoverKey = JSON.stringify(ui.hover);
  const last = done ? done[done.length - 1] : null;
  const spots = options.filter((p) => p.tile_id === ui.tile && p.rotation === ui.rotation).map((p) => {
    const placements = [...base, p];
    const key = JSON.stringify(placements);
    const isChosen = Boolean(last) && same(last, p);
    return {x: p.x, y: p.y, ghost, previewed: key === hoverKey && !isChosen, chosen: isChosen,
      label: `Set the ${placementWords(props, me, p)}`,
      onHover: () => {
        if (key === hoverKey || isChosen) return; // already shown: no redraw loop
        ui.hover = placements;
        redraw();
      },
      onPick: () => {
        if (isChosen) return;
        if (done && base.length) props.composer.back(); // re-choose the second tile: the first stays set
        chooseSpot(props, me, p);
      }};
  });
  return {spots, reach};
}

/** What the previewed placement makes, in words, for the reserved note box under the farm. */
function springPreviewText(props, me) {
  const wanted = springPreviewMove(props);
  if (!wanted) return h('p', {class: 'muted'}, 'Point at a highlighted spot to see the areas the tile would make.');
  const preview = ui.previews.get(JSON.stringify(wanted));
  const chosen = JSON.stringify(wanted.placements) === JSON.stringify(springChosen(props))
    || JSON.stringify(wanted.placements) === JSON.stringify(props.composer.complete?.placements);
  if (preview === undefined) return h('p', {class: 'muted'}, 'Working out the areas…');
  if (!preview?.areas) return null;
  const changed = changedAreas(me.areas, preview.areas);
  return h('div', {class: 'wg-spring-preview', dataset: {preview: String(changed.length)}},
    h('p', {}, `${chosen ? 'Chosen' : 'Here'}: ${wanted.placements.map((p) => placementWords(props, me, p)).join('; then ')} makes`),
    h('ul', {class: 'wg-preview'}, changed.map((a) => h('li', {},
      `a ${areaWords(props, a)} → ${a.yield} `, goodIcon(props, a.good), ` ${goodName(props, a.good)} when worked`,
      a.slots.length ? `, ${plural(a.slots.length, 'storage space')}` : '',
      a.enclosed ? h('strong', {}, `, fully fenced: ${a.size} VP`) : ''))));
}

// --- summer ---------------------------------------------------------------------------------------

/** An outlined summer: toggle the area, and once every figure has one, ask the server for the whole
 * move through those areas (figures in farm order on the areas in key order, legal.py's spelling)
 * and hand it to the composer. */
async function summerOutline(props, me, area) {
  const composer = props.composer;
  if (ui.summer.has(area.key)) ui.summer.delete(area.key);
  else ui.summer.add(area.key);
  ui.summerDone = false;
  if (composer.active) composer.clear(); // redraws
  else redraw();
  const figures = ['farmer', ...me.active_labourers];
  if (ui.summer.size !== figures.length) return;
  const chosen = me.areas.filter((a) => ui.summer.has(a.key)); // view order = key order
  const partial = {type: 'place_figures', assignments: chosen.map((a, i) => ({figure_id: figures[i], anchor: a.anchor}))};
  const id = tableId();
  let whole = null;
  try {
    const answer = await api('GET', `/api/tables/${id}/seats/${props.viewer}/legal-moves?match=${encodeURIComponent(JSON.stringify(partial))}`,
      {token: tokenFor(id, props.viewer)});
    whole = answer.moves.find((m) => m.type === 'place_figures' && m.assignments.length === figures.length) || null;
  } catch {
    whole = null;
  }
  if (!whole || ui.last?.props.composer !== composer) return;
  ui.summerDone = true;
  composer.expand([whole], (m) => same(m, whole), `Work ${chosen.map((a) => `the ${areaWords(props, a)}`).join(', ')}`);
}

function summerPanel(props, me, panel, selected) {
  const figures = ['farmer', ...me.active_labourers];
  const chosen = (me.areas || []).filter((a) => selected.has(a.key)).length;
  add(panel, h('p', {class: 'wg-summer wg-note', dataset: {chosen: String(chosen), needed: String(figures.length)}},
    `Send ${plural(figures.length, 'figure')} (`, figures.map((f) => pawnIcon(props, figureOf(props, props.viewer, f).colour, figureOf(props, props.viewer, f).name)),
    `) to ${figures.length} different land areas: choose them on your farm (${chosen} of ${figures.length} chosen).`));
}

/** The harvest the chosen areas make and where it goes (the server's preview), for the note box. */
function summerPreviewText(props, me, selected) {
  const composer = props.composer;
  const figures = ['farmer', ...me.active_labourers];
  const areas = (me.areas || []).filter((a) => selected.has(a.key));
  const whole = composer?.complete?.type === 'place_figures' ? composer.complete : null;
  const move = whole || (areas.length ? {type: 'place_figures', assignments: areas.slice(0, figures.length)
    .map((a, i) => ({figure_id: figures[i], anchor: a.anchor}))} : null);
  if (!move) return h('p', {class: 'muted'}, 'Choose areas to see what they yield and where the goods go.');
  const preview = previewOf(props, move);
  if (preview === undefined) return h('p', {class: 'muted'}, 'Working out the harvest…');
  const byKey = new Map((me.areas || []).map((a) => [a.key, a]));
  const lines = (preview?.production || []).map((made) => {
    const a = byKey.get(made.area);
    const lost = made.lost ? h('strong', {class: 'wg-lost'}, `, ${made.lost} ${goodName(props, made.good)} lost (no room left)`) : '';
    const f = figureOf(props, props.viewer, made.figure);
    return h('li', {dataset: {lost: String(made.lost)}}, pawnIcon(props, f.colour, f.name), ` ${made.amount} `, goodIcon(props, made.good),
      ` ${goodName(props, made.good)} from the ${a ? areaWords(props, a) : 'area'}${made.bonus ? ` (+${made.bonus} year bonus)` : ''}`
      + ` → ${made.to_storage.length} to storage, ${made.to_barn.length} to the barn`, lost);
  });
  const totalLost = (preview?.production || []).reduce((n, made) => n + made.lost, 0);
  return h('div', {},
    lines.length ? h('ul', {class: 'wg-preview', dataset: {preview: 'summer'}}, lines) : null,
    lines.length ? h('p', {class: totalLost ? 'wg-lost' : 'muted'}, totalLost
      ? `${totalLost} good(s) will be lost: make room first (discard from the barn), or choose other areas.`
      : 'Nothing is lost: every good finds a storage space or a barn space.') : null);
}

// --- fall -----------------------------------------------------------------------------------------

function fallPanel(props, panel) {
  const composer = props.composer;
  const canPass = composer.moves.some((m) => m.type === 'pass_fall_turn');
  add(panel, h('p', {class: 'wg-note'}, 'Choose a highlighted building in town (below) to move your figure there; its choices appear under the town.'),
    canPass ? h('div', {class: 'row'}, h('button', {type: 'button', class: 'small', dataset: {act: 'pass'}, 'aria-pressed': composer.complete?.type === 'pass_fall_turn' ? 'true' : 'false',
      onclick: () => { composer.clear(); composer.pick({type: 'pass_fall_turn'}, 'Pass: stay, pay nothing, no action'); }},
    'Pass (stay, pay nothing, no action)')) : null);
}

/** The chosen building's effect and its choices one at a time, drawn under the town. */
function fallChoices(props) {
  const composer = props.composer;
  const remaining = composer.remaining.filter((m) => m.type === 'take_fall_turn');
  const dest = composer.values('destination', {type: 'take_fall_turn'});
  const box = h('div', {class: 'wg-fall-choices', 'aria-live': 'polite'});
  if (!composer.active || dest.length !== 1) {
    box.append(h('p', {class: 'muted'}, 'The choices of the building you pick appear here.'));
    return box;
  }
  const entry = comp(props, dest[0]);
  box.append(h('p', {}, h('strong', {}, entry.name), `: ${entry.effect}`, entry.cost ? [' · cost ', costLine(props, entry.cost)] : ''));
  for (const [field, title] of [['labourer_id', 'Hire'], ['building_tile_id', 'Buy the building'], ['upgrade_id', 'Buy the upgrade'],
    ['goods', 'Goods to take'], ['sell', 'Goods to sell'], ['tolls', 'Tolls on the way'], ['payment', 'Pay the cost with']]) {
    const values = composer.values(field, {type: 'take_fall_turn'});
    if (!remaining.some((m) => field in m)) continue;
    if (values.length === 1) {
      box.append(h('p', {class: 'muted'}, valueText(props, field, values[0]).parts));
      continue;
    }
    box.append(choiceGroup(props, title, field, values, (value, words) => composer.pick({[field]: value}, words)));
    break; // one choice at a time, in this order
  }
  if (composer.complete) box.append(h('p', {class: 'muted'}, 'Confirm to make this move.'));
  return box;
}

// --- coin overflow, winter, the end ---------------------------------------------------------------

/** The coin overflow, chosen on the coins: which drawn coins to keep, which barn items to give up
 * for room. How many must be kept comes from the legal moves (the ones with that discard). A
 * selection that names a legal move is handed to the composer, so the shell's Confirm sends it. */
function overflowPanel(props, me, panel) {
  const composer = props.composer;
  const legal = composer.moves.filter((m) => m.type === 'resolve_coin_overflow');
  const drawn = Array.isArray(props.view.coin_overflow) ? props.view.coin_overflow : [];
  if (!legal.length) return;
  const sorted = (list) => [...list].sort().join(',');
  const keepSize = (discard) => legal.find((m) => sorted(m.discard) === sorted(discard))?.keep.length ?? 0;
  if (!ui.overflow) { // start from the most valuable coins that fit without discarding
    const best = [...drawn].sort((a, b) => b.value - a.value || (a.id < b.id ? -1 : 1)).slice(0, keepSize([])).map((c) => c.id);
    ui.overflow = {keep: new Set(best), discard: new Set()};
  }
  const sel = ui.overflow;
  const need = keepSize([...sel.discard]);
  const matchOf = () => legal.find((m) => sorted(m.discard) === sorted(sel.discard) && sorted(m.keep) === sorted(sel.keep)) || null;
  const offer = () => { // the selection as the composer's choice (or none)
    const match = matchOf();
    if (composer.active) composer.clear();
    if (match) composer.narrow((m) => same(m, match), overflowWords(props, me, match, drawn));
    else redraw();
  };
  const toggle = (set, id) => () => {
    if (set.has(id)) set.delete(id);
    else set.add(id);
    offer();
  };
  const keepable = new Set(legal.flatMap((m) => m.keep));
  const room = new Set(legal.flatMap((m) => m.discard));
  add(panel, h('div', {class: 'wg-overflow'},
    h('p', {}, `You drew ${plural(drawn.length, 'coin')} but only ${keepSize([])} fit in your barn. Choose the coins to keep;`
      + ' choose barn items below to give them up for room (discarded coins go back to the bag).'),
    h('div', {class: 'wg-choices', role: 'group', 'aria-label': 'Drawn coins'}, h('div', {class: 'wg-choice-title'}, `Drawn coins: keep ${need}`),
      drawn.map((c) => h('button', {type: 'button', class: `wg-coin-pick v${c.value}`, disabled: !keepable.has(c.id),
        'aria-pressed': sel.keep.has(c.id) ? 'true' : 'false', dataset: {keep: c.id},
        'aria-label': `${comp(props, c.id).name} worth ${c.value}: ${sel.keep.has(c.id) ? 'keep' : 'back to the bag'}`, onclick: toggle(sel.keep, c.id)},
      coinIcon(c.value), h('span', {class: 'wg-pick-word'}, sel.keep.has(c.id) ? 'keep' : 'to bag')))),
    h('div', {class: 'wg-choices', role: 'group', 'aria-label': 'Barn items to discard'}, h('div', {class: 'wg-choice-title'}, 'Your barn: discard for room'),
      me.barn.map((item, i) => {
        const slot = `barn:${i + 1}`;
        if (!item || !room.has(slot)) return null;
        const {words, icon} = barnItem(props, me, item);
        return h('button', {type: 'button', class: 'wg-choice wg-discard', 'aria-pressed': sel.discard.has(slot) ? 'true' : 'false',
          'aria-label': `${sel.discard.has(slot) ? 'Discard' : 'Keep'} ${words} in barn space ${i + 1}`,
          dataset: {discard: slot}, onclick: toggle(sel.discard, slot)}, icon, h('span', {class: 'wg-pick-word'}, sel.discard.has(slot) ? 'discard' : 'keep'));
      })),
    h('p', {class: matchOf() ? 'muted' : 'wg-lost'}, matchOf() ? 'Confirm to keep these coins.'
      : `Choose exactly ${need} coin(s) to keep (${sel.keep.size} chosen).`)));
  if (matchOf() && !composer.active) { // the starting selection is a choice too (after this render)
    queueMicrotask(() => {
      const match = matchOf();
      if (match && !composer.active && ui.last?.props.composer === composer) composer.narrow((m) => same(m, match), overflowWords(props, me, match, drawn));
    });
  }
}

function overflowWords(props, me, move, drawn) {
  const kept = move.keep.map((id) => `${comp(props, id).name.toLowerCase()} (${drawn.find((c) => c.id === id)?.value ?? '?'})`);
  const gone = move.discard.map((slot) => barnItem(props, me, me.barn[Number(slot.split(':')[1]) - 1]).words);
  return `Keep ${kept.join(', ') || 'no coin'}${gone.length ? `, discard ${gone.join(', ')} from the barn` : ''}`;
}

/** The winter bill against the holdings: each food and wood needed, what the player owns, the result. */
function winterTable(props, me) {
  const w = me.winter_needs;
  const have = me.owned_goods || {};
  const rows = [...Object.entries(w.food).filter(([, n]) => n), ['wood', w.wood]];
  return h('table', {class: 'wg-winter-table'},
    h('caption', {}, `This winter: ${plural(w.fires, 'fire')} and ${plural(w.wagons, 'wagon')} to heat, your figures to feed`),
    h('thead', {}, h('tr', {}, h('th', {}, 'Good'), h('th', {}, 'Needed'), h('th', {}, 'You own'))),
    h('tbody', {}, rows.map(([good, n]) => h('tr', {class: (have[good] || 0) < n ? 'short' : ''},
      h('th', {scope: 'row'}, goodIcon(props, good), ` ${term(props, good)}`), h('td', {}, String(n)), h('td', {}, String(have[good] || 0))))),
    h('tfoot', {}, h('tr', {}, h('th', {}, 'Missing'), h('td', {colspan: '2'},
      `${w.shortfall.food} food, ${w.shortfall.wood} wood → ${plural(w.help_tiles, 'help tile')}`))));
}

/** The final scoring, source by source (WG-E02 order), with a running total per player. */
function finalScoring(props) {
  const sc = props.scores;
  if (!sc?.breakdown) return h('p', {}, 'Final scores are being counted.');
  const seats = props.view.players.map((_, i) => i);
  const how = props.catalog?.board?.score_sources || {};
  const keys = Object.keys(how).length ? Object.keys(how) : Object.keys(sc.breakdown[0] || {});
  const running = seats.map(() => 0);
  const part = (seat, key) => (sc.breakdown[seat] ?? sc.breakdown[String(seat)] ?? {})[key] ?? 0;
  const rows = keys.map((key) => h('tr', {},
    h('th', {scope: 'row', title: how[key] || ''}, term(props, key), h('span', {class: 'wg-how'}, how[key] || '')),
    seats.map((seat) => {
      const n = part(seat, key);
      running[seat] += n;
      return h('td', {title: `${nameOf(props, seat)}: ${term(props, key)} ${n} → ${running[seat]} so far`},
        `${n >= 0 ? '+' : ''}${n}`, h('small', {}, ` = ${running[seat]}`));
    })));
  const winners = new Set(sc.winners || []);
  return h('div', {class: 'wg-final-box'}, h('table', {class: 'wg-final'},
    h('caption', {}, 'Final scoring, step by step'),
    h('thead', {}, h('tr', {}, h('th', {}, 'Source'), seats.map((seat) => vars(h('th', {scope: 'col', class: 'wg-final-seat'},
      `${nameOf(props, seat)}${winners.has(seat) ? ' ★' : ''}`), {'--seat': colourOf(props, seat)})))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', {}, h('th', {}, 'Total'), seats.map((seat) => h('td', {}, h('strong', {},
      String(sc.totals?.[seat] ?? sc.totals?.[String(seat)] ?? running[seat]))))))),
  // on a narrow board the explanations fold under the table instead of widening every row
  keepOpen(h('details', {class: 'wg-how-list'}, h('summary', {}, 'How each source scores'),
    h('dl', {}, keys.map((key) => [h('dt', {}, term(props, key)), h('dd', {}, how[key] || '')]))), 'how'));
}

function simpleChoice(props, act, move, label, words) {
  const composer = props.composer;
  return h('button', {type: 'button', class: 'wg-choice wg-pick', dataset: {act}, 'aria-pressed': same(composer.complete, move) ? 'true' : 'false',
    onclick: () => { composer.clear(); composer.narrow((m) => same(m, move), words || label); }}, label);
}

function actionPanel(props, me) {
  const v = props.view;
  const composer = props.composer;
  const panel = h('section', {class: 'wg-panel', 'aria-label': 'Your move'});
  panel.append(h('h3', {}, statusText(props)));
  if (v.phase === 'ended') panel.append(finalScoring(props));
  if (!me || props.replaying || !composer || !composer.moves?.length) {
    if (props.replaying) panel.append(h('p', {class: 'muted'}, 'Replay: the board as it was at this version.'));
    return panel;
  }
  const types = new Set(composer.moves.map((m) => m.type));
  if (types.has('choose_start_building')) {
    panel.append(h('div', {class: 'row'}, composer.values('building', {type: 'choose_start_building'}).map((b) =>
      simpleChoice(props, 'start', {type: 'choose_start_building', building: b}, `Start at the ${comp(props, b).name}`))));
  }
  if (types.has('place_landscape_tiles')) springPanel(props, me, panel);
  if (types.has('place_figures')) summerPanel(props, me, panel, ui.selectedAreas);
  if (types.has('take_fall_turn') || types.has('pass_fall_turn')) fallPanel(props, panel);
  if (types.has('resolve_coin_overflow')) overflowPanel(props, me, panel);
  if (types.has('resolve_winter')) {
    const w = me.winter_needs;
    panel.append(winterTable(props, me),
      h('p', {}, w.help_tiles ? h('strong', {class: 'wg-lost'}, `You will take ${plural(w.help_tiles, 'help tile')} for what is missing (−${2 * w.help_tiles} VP at the end).`)
        : 'You have enough: nothing is missing.'),
      simpleChoice(props, 'winter', {type: 'resolve_winter'}, 'Feed and heat'));
  }
  if (types.has('confirm_final_scoring')) panel.append(simpleChoice(props, 'final', {type: 'confirm_final_scoring'}, 'Confirm final scoring'));
  if (types.has('return_neighbour_help_tile')) {
    const ret = wholeMoves(props, 'return_neighbour_help_tile');
    panel.append(keepOpen(h('details', {class: 'wg-free'}, h('summary', {}, `Return your help tile for 3 goods (${ret ? plural(ret.length, 'way') : '…'})`),
      (ret || []).map((m) => {
        const goods = m.goods.map((g) => ({good: g.good, count: g.count}));
        const words = `Return the help tile for ${goods.map((g) => `${g.count} ${goodName(props, g.good)}`).join(' + ')}`;
        return h('button', {type: 'button', class: 'wg-choice', 'aria-label': words,
          onclick: () => {
            composer.clear();
            if (composer.outline) composer.expand(ret, (x) => same(x, m), words);
            else composer.narrow((x) => same(x, m), words);
          }}, goodsLine(props, goods));
      })), 'help'));
  }
  if (types.has('move_goods_to_barn') || types.has('discard_from_barn')) {
    panel.append(h('p', {class: 'muted wg-free-hint'}, 'Any time: choose a good in a storage space to move it to the barn, or a barn space to discard it.'));
  }
  return panel;
}

// --- render ----------------------------------------------------------------------------------------

function bindKeys() {
  if (ui.keyBound) return;
  ui.keyBound = true;
  document.addEventListener('keydown', (event) => {
    const tag = event.target?.tagName;
    if ((event.key === 'r' || event.key === 'R') && !event.ctrlKey && !event.metaKey && !event.altKey && tag !== 'INPUT' && tag !== 'TEXTAREA'
      && ui.tile && document.querySelector('.wg-drawn')) {
      ui.rotation = (ui.rotation + 90) % 360;
      ui.hover = null;
      redraw();
    }
  });
}

/** The summer areas chosen so far: an outlined summer's own set, else the areas the composer's choices went through. */
function summerSelection(props, me, outlined) {
  const composer = props.composer;
  const selected = new Set();
  if (outlined) {
    if (ui.summerDone && !composer.active) { // Cancel in the shell: start the summer over
      ui.summer = new Set();
      ui.summerDone = false;
    }
    for (const key of ui.summer) selected.add(key);
  } else if (composer.active) {
    const left = composer.remaining.filter((m) => m.type === 'place_figures');
    for (const area of me.areas) {
      if (left.length && left.every((m) => m.assignments.some((a) => same(a.anchor, area.anchor)))) selected.add(area.key);
    }
  }
  return selected;
}

function render(root, props) {
  ensureStyles();
  bindKeys();
  ui.last = {root, props};
  if (ui.version !== props.version) {
    ui.version = props.version;
    ui.summer = new Set();
    ui.summerDone = false;
    ui.hover = null;
    ui.previews = new Map();
    ui.overflow = null;
  }
  for (const box of root.querySelectorAll('.wg-farm-scroll')) ui.scroll.set(box.dataset.seat, box.scrollLeft);
  const refocus = focusKey(root);
  const v = props.view;
  root.replaceChildren();
  root.classList.add('wg-board');
  root.classList.toggle('wg-ended', props.view?.phase === 'ended'); // farms drawn to fit, nothing left to choose on them
  root.dataset.version = String(props.version); // the version drawn (tests wait on it)
  if (!v || !v.players) {
    root.append(h('p', {class: 'muted'}, 'The table has not started yet.'));
    return;
  }
  const composer = props.composer;
  const live = !props.replaying && composer && composer.moves?.length;
  const types = new Set(live ? composer.moves.map((m) => m.type) : []);
  const me = props.viewer !== null && props.viewer !== undefined ? v.players[props.viewer] : null;
  // A summer with many areas and figures is sent as its outline (first assignments only): then the
  // areas are chosen here and the server names the whole move through them (summerOutline).
  const figures = me ? ['farmer', ...me.active_labourers] : [];
  const summer = live && types.has('place_figures');
  const outlined = summer && composer.moves.some((m) => m.type === 'place_figures' && m.assignments.length < figures.length);
  ui.selectedAreas = summer ? summerSelection(props, me, outlined) : new Set();
  const onArea = outlined ? (area) => summerOutline(props, me, area) : (area) => {
    const picked = me.areas.filter((a) => ui.selectedAreas.has(a.key) && a.key !== area.key);
    if (!ui.selectedAreas.has(area.key)) picked.push(area);
    composer.clear();
    for (const a of picked) {
      composer.narrow((m) => m.type === 'place_figures' && m.assignments.some((x) => same(x.anchor, a.anchor)),
        `Work the ${areaWords(props, a)} (${a.yield} ${goodName(props, a.good)})`);
    }
  };
  root.append(header(props));
  const recent = v.phase === 'ended' ? [] : (props.recent || []).slice(-4);
  if (recent.length) {
    root.append(h('ul', {class: 'wg-recent', 'aria-label': 'Since your last move'}, recent.map((e) => h('li', {}, e.text || ''))));
  }
  root.append(actionPanel(props, me));
  // What the other seats did since the viewer's last move flashes once, not on every redraw.
  const flashKey = (props.recent || []).map((e) => e.version).join(',');
  const recentSeats = flashKey && flashKey !== ui.flashKey ? new Set((props.recent || []).map((e) => e.seat)) : new Set();
  ui.flashKey = flashKey;
  const farms = h('section', {class: 'wg-farms', 'aria-label': 'Farms'});
  const phone = narrow() && Boolean(me);
  const winners = new Set((props.scores?.winners || []).map(Number));
  const ended = v.phase === 'ended';
  const seats = v.players.map((_, i) => i);
  if (me) seats.sort((a, b) => (a === props.viewer ? -1 : b === props.viewer ? 1 : a - b));
  for (const seat of seats) {
    const p = v.players[seat];
    const mine = seat === props.viewer;
    const opts = {};
    let note = null;
    if (mine && live) {
      if (types.has('place_landscape_tiles')) {
        const {spots, reach} = springTargets(props, me);
        opts.spots = spots;
        opts.reach = reach;
        const done = composer.complete?.type === 'place_landscape_tiles' ? composer.complete.placements : springChosen(props);
        opts.pending = done;
        const wanted = springPreviewMove(props);
        const preview = wanted ? previewOf(props, wanted) : null;
        if (preview?.areas) opts.previewAreas = preview.areas;
        note = springPreviewText(props, me);
      }
      if (summer) {
        opts.summer = true;
        opts.outlined = outlined;
        opts.selectedAreas = ui.selectedAreas;
        opts.onArea = onArea;
        const chosenAreas = me.areas.filter((a) => ui.selectedAreas.has(a.key));
        opts.workers = new Map(chosenAreas.slice(0, figures.length).map((a, i) => [a.key, figureOf(props, seat, figures[i])]));
        note = summerPreviewText(props, me, ui.selectedAreas);
      }
      opts.moveToBarn = types.has('move_goods_to_barn');
    }
    const scroll = h('div', {class: 'wg-farm-scroll', dataset: {seat: String(seat)}}, farmSvg(props, seat, opts));
    const title = h('h3', {}, h('span', {class: 'wg-seat-dot'}), `${nameOf(props, seat)} · ${comp(props, p.board).name || ''}`,
      p.done && ['spring', 'summer', 'winter'].includes(v.phase) ? h('span', {class: 'muted'}, ' · done') : null,
      v.fall_player === seat ? h('span', {class: 'wg-turn'}, ' · moving in town') : null);
    const parts = [
      v.phase === 'ended' ? null : scoreLine(props, seat), // the final scoring above says it all
      holdings(props, seat),
      h('div', {class: 'wg-barn-line'}, h('span', {class: 'wg-label'}, 'Barn'), barnRow(props, seat, mine && live)),
      scroll,
      note ? h('div', {class: 'wg-note-box', 'aria-live': 'polite'}, note) : null,
      mine || !me || p.winter_needs?.help_tiles ? winterWarning(props, seat) : null, // others: only a shortfall
      p.drawn_tiles.length && !mine ? h('p', {class: 'muted'}, `Drawn: ${p.drawn_tiles.map((t) => tileWords(props, t).split(',')[0]).join('; ')}`) : null];
    // On a phone a seated player's decision comes first: the others' farms fold to their heading.
    // Once the game is over the final scoring is what a reader came for: on a phone every farm but
    // the viewer's and the winners' folds (a tap opens it).
    const folded = ended ? narrow() && !mine && !winners.has(seat) : phone && !mine;
    const box = h('article', {class: `wg-farm-box${mine ? ' mine' : ''}${recentSeats.has(seat) ? ' changed' : ''}`,
      dataset: {seat: String(seat)}},
    folded ? foldable({scope: props.table, key: `farm:${seat}`, cls: 'wg-farm-fold', summary: title, body: parts, open: false}) : [title, parts]);
    farms.append(vars(box, {'--seat': colourOf(props, seat)}));
  }
  const fall = live && types.has('take_fall_turn');
  // Once the game is over the town matters little: it folds away (a tap opens it), keeping a
  // finished table short on a phone.
  const townParts = [
    h('div', {class: 'wg-order muted'}, `Year order: ${(v.year_order || []).map((seat) => nameOf(props, seat)).join(' → ')}`),
    townSvg(props, fall, (id, entry) => {
      composer.clear();
      composer.pick({type: 'take_fall_turn', destination: id}, `Go to the ${entry.name}`);
    }),
    fall ? fallChoices(props) : null,
    keepOpen(townGuide(props), 'guide')];
  // On a phone, the town folds to its heading while the viewer's decision is on the farm (it opens
  // with the fall turn, whose targets are its buildings).
  const town = ended ? keepOpen(h('details', {class: 'wg-town-box', 'aria-label': 'Town'}, h('summary', {}, h('h3', {}, 'Town, as the game ended')), townParts), 'town')
    : phone && !fall ? foldable({scope: props.table, key: 'town', cls: 'wg-town-box', label: 'Town', summary: h('h3', {}, 'Town'), body: townParts, open: false})
      : h('section', {class: 'wg-town-box', 'aria-label': 'Town'}, h('h3', {}, 'Town'), townParts);
  root.append(h('div', {class: 'wg-main'}, farms, town));
  for (const box of root.querySelectorAll('.wg-farm-scroll')) {
    const left = ui.scroll.get(box.dataset.seat);
    if (left) box.scrollLeft = left;
  }
  if (refocus) root.querySelector(refocus)?.focus({preventScroll: true});
}

const FOCUS_KEYS = ['cell', 'area', 'building', 'tile', 'act', 'slot', 'keep', 'discard'];

/** A selector for the focused target inside the board, to give focus back after a redraw (a spot
 * focused by the keyboard asks for its preview, which redraws the board). */
function focusKey(root) {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  const el = active.closest(FOCUS_KEYS.map((k) => `[data-${k}]`).join(','));
  const key = el && FOCUS_KEYS.find((k) => k in el.dataset);
  if (!key) return null;
  const seat = el.closest('.wg-farm-box')?.dataset.seat;
  return `${seat !== undefined ? `.wg-farm-box[data-seat="${seat}"] ` : ''}[data-${key}="${CSS.escape(el.dataset[key])}"]`;
}

/** One figure sent to work: "the farmer to the field area of 3 cells (3 grain)". */
function assignmentWords(props, me, a) {
  const area = (me.areas || []).find((x) => same(x.anchor, a.anchor));
  const who = a.figure_id === 'farmer' ? 'the farmer' : `the ${figureOf(props, props.viewer, a.figure_id).name}`;
  return `${who} to the ${area ? `${areaWords(props, area)} (${area.yield} ${goodName(props, area.good)})` : 'area'}`;
}

/**
 * One value of a move's field in the board's words, for the shell's "Moves as a list" (its optional
 * `valueWords(props, field, value)`; null: the catalog's words). The list once offered "assignments
 * Farmer, anchor at 0, 0, q SW" (table review): an area's anchor is a place on the farm, not words.
 */
function valueWords(props, field, value) {
  const me = props.view?.players?.[props.viewer];
  if (!me || value === null || typeof value !== 'object') return null;
  if (field === 'assignments') {
    if (Array.isArray(value)) return value.map((a) => assignmentWords(props, me, a)).join(', ');
    if ('anchor' in value) return assignmentWords(props, me, value);
  }
  if (field === 'placements') {
    if (Array.isArray(value)) return value.map((p) => `the ${placementWords(props, me, p)}`).join('; ');
    return `the ${placementWords(props, me, value)}`;
  }
  if (['tolls', 'goods', 'sell'].includes(field) && Array.isArray(value)) return valueText(props, field, value).words;
  if (field === 'payment' && !Array.isArray(value)) return valueText(props, field, value).words;
  return null;
}

/** A whole move in words, the way the board's own choices name it (for a move line or a staged move). */
function describe(props, move) {
  const me = props.view?.players?.[props.viewer];
  if (!move || !me) return null;
  switch (move.type) {
    case 'choose_start_building': return `Start at the ${comp(props, move.building).name}`;
    case 'place_landscape_tiles': return `Place the ${move.placements.map((p) => placementWords(props, me, p)).join('; and the ')}`;
    case 'place_figures': return `Send ${move.assignments.map((a) => assignmentWords(props, me, a)).join(', ')}`;
    case 'take_fall_turn': {
      const parts = ['labourer_id', 'building_tile_id', 'upgrade_id', 'goods', 'sell', 'tolls', 'payment']
        .filter((field) => field in move).map((field) => valueText(props, field, move[field]).words);
      return `Go to the ${comp(props, move.destination).name}${parts.length ? `: ${parts.join('; ')}` : ''}`;
    }
    case 'pass_fall_turn': return 'Pass: stay, pay nothing, no action';
    case 'resolve_coin_overflow': return overflowWords(props, me, move, Array.isArray(props.view.coin_overflow) ? props.view.coin_overflow : []);
    case 'resolve_winter': return 'Feed and heat';
    case 'confirm_final_scoring': return 'Confirm final scoring';
    case 'return_neighbour_help_tile': return `Return the help tile for ${move.goods.map((g) => `${g.count} ${goodName(props, g.good)}`).join(' + ')}`;
    case 'move_goods_to_barn': return `Move the ${goodName(props, me.storage?.[move.from_slot] || 'good')} from storage to the barn`;
    case 'discard_from_barn': return `Discard ${move.barn_slots.map((slot) => barnItem(props, me, me.barn[Number(slot.split(':')[1]) - 1]).words).join(', ')} from the barn`;
    default: return null;
  }
}

export default {
  render,
  status(props) {
    return statusText(props);
  },
  legend,
  describe,
  valueWords,
};
