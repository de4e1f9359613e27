// Walnut Grove's board: every farm as a grid of placed landscape tiles with its land areas, the barn,
// coins and help tiles; the town loop with its buildings, stock, figures and tolls; the year disc and
// the season track. Every control comes from the legal moves (the shell's composer), every name and
// effect from the catalog. See docs/web.md "Board modules".
//
// A "keep 2" spring lists ~20,000 moves, so the server sends their outline (the distinct first
// placements, docs/web.md "Long legal-move lists"); after the first tile is placed here the board
// asks for the whole moves through it and confirms the pair itself.

import {Composer, same} from '../composer.js';
import {h} from '../dom.js';
import {api} from '../http.js';
import {tokenFor} from '../seats.js';
import {s, target, tip} from '../svg.js';

const CELL = 64;
const HALF = CELL / 2;
const SEASONS = ['spring', 'summer', 'fall', 'winter'];
const SEASON_ICON = {spring: '✿', summer: '☀', fall: '❧', winter: '❄'};
const QUAD_OFFSET = {NW: [0, 0], NE: [1, 0], SE: [1, 1], SW: [0, 1]}; // SVG (col, row) inside a cell
const QUADS = ['NW', 'NE', 'SE', 'SW'];

// UI-only state between renders (the board keeps no game state): the spring tile in hand and its
// turn, the first placement of a keep-2 spring with the moves through it, the last props drawn.
const ui = {tile: null, rotation: 0, first: null, second: null, version: null, last: null, keyBound: false, flashKey: '',
  summer: new Set(), harvest: null, hover: null, previews: new Map(), overflow: null};

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
  el.append(...children.filter((c) => c !== null && c !== undefined && c !== false && c !== ''));
}

function redraw() {
  if (ui.last) render(ui.last.root, ui.last.props);
}

const comp = (props, id) => props.catalog?.components?.[id] || {name: id, kind: '', effect: ''};
const term = (props, id) => props.catalog?.terms?.[id] || String(id).replace(/_/g, ' ');
const nameOf = (props, seat) => (props.name ? props.name(seat) : `Seat ${seat}`);
const colourOf = (props, seat) => (props.colour ? props.colour(seat) : null)
  || props.catalog?.seat_colours?.[seat]?.colour || '#555';
const goodColour = (props, good) => props.catalog?.board?.goods?.[good]?.colour || '#ccc';
const landColour = (props, land) => props.catalog?.board?.landscapes?.[land]?.colour || '#ddd';

function tableId() {
  const m = /tables\/([0-9a-f-]{36})/.exec(location.hash || location.pathname);
  return m ? m[1] : null;
}

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
 * list (a "keep 2" spring), the server's answer to `?match={"type": ...}` (undefined while asked). */
function wholeMoves(props, type) {
  const composer = props.composer;
  if (!composer.outline) return composer.moves.filter((m) => m.type === type);
  const key = `legal:${type}`;
  if (ui.previews.has(key)) return ui.previews.get(key) || [];
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

/** The spring placements to preview now: the spot under the pointer, else the ones chosen so far. */
function springPreviewMove(props) {
  const chosen = springChosen(props);
  const placements = ui.hover || chosen;
  return placements ? {type: 'place_landscape_tiles', placements} : null;
}

/** The placements chosen so far (before Confirm), or null. */
function springChosen(props) {
  if (ui.second?.complete) return ui.second.complete.placements;
  if (ui.first) return [ui.first];
  const done = props.composer?.complete;
  return done?.type === 'place_landscape_tiles' ? done.placements : null;
}

const areaSig = (a) => `${a.landscape}:${a.subcells.map((c) => c.join(',')).join(';')}`;

/** The previewed areas that are new or changed compared with the farm now. */
function changedAreas(now, after) {
  const before = new Set((now || []).map(areaSig));
  return (after || []).filter((a) => !before.has(areaSig(a)));
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
  return h('section', {class: 'wg-header'},
    h('div', {class: 'wg-tracks'}, h('span', {class: 'wg-label'}, `Year ${v.year || '–'} of 8`), years, track),
    disc ? h('div', {class: 'wg-disc', title: disc.effect},
      h('strong', {}, disc.name), ' · ',
      h('span', {}, `✿ draw ${disc.draw} keep ${disc.keep}`), ' · ',
      h('span', {}, `☀ bonus `, chip(props, disc.summer_bonus)), ' · ',
      h('span', {}, `❧ bonus `, chip(props, disc.fall_bonus)), ' · ',
      h('span', {}, `❄ ${disc.double_eater} eat double, ${disc.fires} fire${disc.fires > 1 ? 's' : ''}`))
      : null,
    h('div', {class: 'wg-bags muted'}, `Tile bag ${v.tile_bag_count} · coin bag ${v.coin_bag_count} · `
      + `${v.discs_face_down} year disc(s) face down`));
}

function chip(props, good) {
  return vars(h('span', {class: 'wg-chip'}, term(props, good)), {'--c': goodColour(props, good)});
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
  if (has('place_landscape_tiles')) return `${year}${phase}: pick a drawn tile, turn it (R), click a highlighted spot on your farm`;
  if (has('place_figures')) return `${year}${phase}: click land areas on your farm to send your figures to work`;
  if (has('resolve_coin_overflow')) return `${year}${phase}: the barn is full — choose which coins to keep`;
  if (has('take_fall_turn') || has('pass_fall_turn')) return `${year}${phase}: your move in town — click a highlighted building, or pass`;
  if (has('resolve_winter')) return `${year}${phase}: feed your labourers and heat the fires`;
  if (has('confirm_final_scoring')) return 'Final adjustments: return a help tile for 3 goods, then confirm';
  if (v.phase === 'fall' && v.fall_player !== null) return `${year}${phase}: ${nameOf(props, v.fall_player)} moves in town`;
  if (me !== null && me !== undefined && v.players?.[me]?.done) return `${year}${phase}: waiting for the others`;
  return `${year}${phase}`;
}

// --- the town loop ---------------------------------------------------------------------------------

function townSvg(props, fallMoves) {
  const v = props.view;
  const order = props.catalog?.board?.town_order || [];
  const composer = props.composer;
  const W = 680;
  const R = 262;
  const cx = W / 2;
  const cy = W / 2;
  const boxW = 128;
  const boxH = 74;
  const svg = s('svg', {viewBox: `0 0 ${W} ${W}`, class: 'wg-town', role: 'group', 'aria-label': 'Town loop'});
  svg.append(s('circle', {cx, cy, r: R, class: 'wg-street'}));
  svg.append(s('text', {x: cx, y: cy - 8, class: 'wg-town-title'}, 'Walnut Grove'));
  svg.append(s('text', {x: cx, y: cy + 14, class: 'wg-town-sub'}, 'one way, clockwise ➜'));
  const figuresAt = new Map();
  v.players.forEach((p, seat) => {
    const building = (p.town_place || '').split(':')[0];
    if (!building) return;
    if (!figuresAt.has(building)) figuresAt.set(building, []);
    figuresAt.get(building).push({seat, place: p.town_place});
  });
  const chosen = composer?.remaining?.length && composer.active ? composer.values('destination') : [];
  order.forEach((id, pos) => {
    const entry = comp(props, id);
    const angle = (pos / order.length) * 2 * Math.PI - Math.PI / 2;
    const x = cx + R * Math.cos(angle) - boxW / 2;
    const y = cy + R * Math.sin(angle) - boxH / 2;
    // every legal destination stays clickable after one is picked (a click re-picks)
    const going = fallMoves && composer ? composer.moves.find((m) => m.type === 'take_fall_turn' && m.destination === id) : null;
    const legal = Boolean(going);
    const picked = chosen.length === 1 && chosen[0] === id;
    const g = s('g', {class: `wg-building${legal ? ' legal' : ''}${picked ? ' chosen' : ''}`, dataset: {building: id}},
      tip(`${entry.name}: ${entry.effect}${entry.cost ? ` · cost ${costText(props, entry.cost)}` : ''}`));
    g.append(s('rect', {x, y, width: boxW, height: boxH, rx: 8}));
    const label = `${pos} ${entry.name}`;
    g.append(s('text', {x: x + 6, y: y + 15, class: 'wg-bname', ...(label.length > 18 ? {textLength: boxW - 12, lengthAdjust: 'spacingAndGlyphs'} : {})}, label));
    g.append(s('text', {x: x + 6, y: y + 29, class: 'wg-bcost'},
      entry.cost ? `cost ${costText(props, entry.cost)}` : entry.toll ? `toll: ${term(props, entry.toll)}` : 'free'));
    if (entry.toll && entry.cost) g.append(s('text', {x: x + 6, y: y + 42, class: 'wg-toll'}, `toll: ${term(props, entry.toll)}`));
    if (entry.toll) g.append(s('text', {x: x + boxW - 18, y: y + 15, class: 'wg-toll-mark'}, '⛀'));
    // stock waiting here
    const stock = v.town_stock?.[id] || [];
    stock.forEach((item, i) => {
      const it = comp(props, item);
      const sx = x + 8 + i * 27;
      const sy = y + 50;
      if (it.kind === 'labourer') {
        g.append(s('circle', {cx: sx + 8, cy: sy + 8, r: 8, class: 'wg-lab', fill: props.catalog.board.labourer_colours[it.colour]},
          tip(`${it.name}: ${it.effect}`)));
      } else {
        g.append(s('rect', {x: sx, y: sy, width: 24, height: 17, rx: 3, class: `wg-stock ${it.kind}`}, tip(`${it.name}: ${it.effect}`)));
        g.append(s('text', {x: sx + 12, y: sy + 13, class: 'wg-stock-t'}, it.kind === 'upgrade' ? item : it.name.slice(0, 1) + item.slice(-1)));
      }
    });
    // figures
    (figuresAt.get(id) || []).forEach((f, i) => {
      const fx = x + boxW - 14 - i * 18;
      const fy = y + boxH - 6;
      g.append(s('g', {class: 'wg-figure'}, tip(`${nameOf(props, f.seat)} (${f.place})`),
        s('circle', {cx: fx, cy: fy - 10, r: 8, fill: colourOf(props, f.seat)}),
        s('text', {x: fx, y: fy - 6, class: 'wg-fig-t'}, String(f.seat))));
    });
    if (legal) {
      const tolls = going.tolls || [];
      const way = tolls.length ? `${tolls.length} toll${tolls.length > 1 ? 's' : ''} on the way` : 'no toll on the way';
      g.append(s('text', {x: x + boxW / 2, y: y - 3, class: 'wg-way'}, way));
      target(g, `Move to ${entry.name} (${way}; ${entry.effect})`, () => {
        composer.clear();
        composer.pick({type: 'take_fall_turn', destination: id}, `Go to ${entry.name}`);
      }, {selected: picked});
    }
    svg.append(g);
  });
  return svg;
}

function costText(props, cost) {
  return Object.entries(cost).map(([k, n]) => `${n} ${k === 'coins' ? (n > 1 ? 'coins' : 'coin') : k}`).join(' + ');
}

// --- one farm --------------------------------------------------------------------------------------

function farmSvg(props, seat, opts) {
  const v = props.view;
  const player = v.players[seat];
  const cells = farmCells(props, player);
  const extra = opts.extraCells || [];
  const pending = opts.pending || [];
  for (const p of pending) {
    const entry = comp(props, p.tile_id);
    cells.set(`${p.x},${p.y}`, {x: p.x, y: p.y, tile: p.tile_id, rotation: p.rotation, pending: true, ...turned(entry, p.tile_id, p.rotation)});
  }
  const xs = [...cells.values(), ...extra].map((c) => c.x);
  const ys = [...cells.values(), ...extra].map((c) => c.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const maxY = Math.max(...ys);
  const pad = 6;
  const width = (maxX - minX + 1) * CELL + 2 * pad;
  const height = (maxY + 1) * CELL + 2 * pad;
  const px = (x) => pad + (x - minX) * CELL;
  const py = (y) => pad + (maxY - y) * CELL;
  const svg = vars(s('svg', {viewBox: `0 0 ${width} ${height}`, class: 'wg-farm', width, role: 'group',
    'aria-label': `${nameOf(props, seat)}'s farm`}), {'--fw': String(width)}); // CSS scales it up on a wide board
  const storage = player.storage || {};
  for (const cell of cells.values()) {
    const g = s('g', {class: `wg-cell${cell.pending ? ' pending' : ''}${cell.y === 0 ? ' boardrow' : ''}`});
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
      const dot = s('g', {class: `wg-slot${good ? ' full' : ''}`, dataset: {slot: slot.id}},
        tip(good ? `${slot.id}: ${good}` : `${slot.id}: empty storage space`),
        s('rect', {x: sx - 7, y: sy - 7, width: 14, height: 14, rx: 3, fill: good ? goodColour(props, good) : '#ffffffaa'}),
        good ? s('text', {x: sx, y: sy + 3.5, class: 'wg-slot-t'}, good.slice(0, 1).toUpperCase()) : null);
      if (opts.moveToBarn && good && props.composer?.allows({type: 'move_goods_to_barn', from_slot: slot.id})) {
        target(dot, `Move the ${good} in ${slot.id} to the barn`, () => {
          props.composer.clear();
          props.composer.pick({type: 'move_goods_to_barn', from_slot: slot.id}, `Move ${good} to the barn`);
        });
      }
      g.append(dot);
    }
    if (cell.tile) g.append(s('text', {x: x0 + 3, y: y0 + CELL - 3, class: 'wg-tile-id'}, cell.tile));
    svg.append(g);
  }
  // land areas: outline and a label with what they produce (a spring preview draws the areas after it)
  const shownAreas = opts.previewAreas || player.areas || [];
  const grown = opts.previewAreas ? new Set(changedAreas(player.areas, opts.previewAreas).map(areaSig)) : new Set();
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
    const lx = px(ax) + ox * HALF + 11;
    const ly = py(ay) + oy * HALF + HALF - 11;
    const land = props.catalog?.board?.landscapes?.[area.landscape]?.name || area.landscape;
    const isNew = grown.has(areaSig(area));
    const g = s('g', {class: `wg-area${area.enclosed ? ' enclosed' : ''}${legal ? ' legal' : ''}${selected ? ' chosen' : ''}`
      + `${opts.previewAreas ? ' preview' : ''}${isNew ? ' grown' : ''}`,
    dataset: {area: area.key, ...(opts.previewAreas ? {preview: isNew ? 'new' : 'same'} : {})}},
    tip(`${land} area: ${area.size} cell(s) → ${area.yield} ${area.good} when worked in summer`
      + `${area.enclosed ? ` · fully fenced: ${area.size} VP at the end` : ''}`),
    s('path', {d: path.join(''), class: 'wg-area-line'}),
    s('circle', {cx: lx, cy: ly, r: 9, class: 'wg-area-badge', fill: goodColour(props, area.good)}),
    s('text', {x: lx, y: ly + 4, class: 'wg-area-t'}, String(area.yield)));
    if (selected) g.append(s('text', {x: lx + 12, y: ly - 6, class: 'wg-worker'}, '⚑'));
    if (legal) {
      const hit = s('path', {d: area.subcells.map(([sx, sy]) => `M${px(Math.floor(sx / 2)) + (sx % 2) * HALF},`
        + `${py(Math.floor(sy / 2)) + (1 - (sy % 2)) * HALF}h${HALF}v${HALF}h-${HALF}z`).join(''), class: 'wg-area-hit'});
      g.prepend(hit);
      target(g, `${selected ? 'Unassign' : 'Work'} the ${land} area of ${area.size} (${area.yield} ${area.good})`,
        () => opts.onArea(area), {selected});
    }
    svg.append(g);
  }
  // spring targets
  for (const spot of extra) {
    const x0 = px(spot.x);
    const y0 = py(spot.y);
    const g = s('g', {class: `wg-spot${spot.previewed ? ' previewed' : ''}${spot.chosen ? ' chosen' : ''}`, dataset: {cell: `${spot.x},${spot.y}`}},
      s('rect', {x: x0 + 2, y: y0 + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: 'wg-spot-r'}));
    if (spot.ghost) {
      const ghost = s('g', {class: 'wg-ghost'});
      QUADS.forEach((qq, i) => {
        const [cx, cy] = QUAD_OFFSET[qq];
        ghost.append(s('rect', {x: x0 + cx * HALF, y: y0 + cy * HALF, width: HALF, height: HALF, fill: landColour(props, spot.ghost.types[i])}));
      });
      fences(ghost, spot.ghost.fence, x0, y0);
      g.append(ghost);
    }
    target(g, `Place ${ui.tile} at column ${spot.x}, row ${spot.y}, turned ${ui.rotation}°`, () => spot.onPick());
    if (spot.onHover) {
      g.addEventListener('mouseenter', spot.onHover);
      g.addEventListener('focus', spot.onHover);
    }
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

// --- holdings: barn, coins, labourers, buildings, upgrades, help tiles ----------------------------

function barnRow(props, seat, mine) {
  const player = props.view.players[seat];
  const coins = new Map((player.coins || []).map((c) => [c.id, c.value]));
  const composer = props.composer;
  const row = h('div', {class: 'wg-barn', role: 'group', 'aria-label': `${nameOf(props, seat)}'s barn`});
  player.barn.forEach((item, i) => {
    const slot = `barn:${i + 1}`;
    let label = 'empty';
    let cls = 'empty';
    let text = '';
    let colour = null;
    if (item && coins.has(item)) {
      const value = coins.get(item);
      label = `${comp(props, item).name}, worth ${value}`;
      cls = `coin v${value}`;
      text = String(value);
    } else if (item === 'coin' || (item && comp(props, item).kind === 'coin')) {
      label = 'a coin (face down)';
      cls = 'coin back';
      text = '?';
    } else if (item) {
      label = item;
      cls = 'good';
      text = item.slice(0, 2);
      colour = goodColour(props, item);
    }
    const canDiscard = mine && item && composer?.allows({type: 'discard_from_barn', barn_slots: [slot]});
    const attrs = {class: `wg-barn-slot ${cls}`, title: `${slot}: ${label}${canDiscard ? ' (click to discard)' : ''}`,
      dataset: {slot}};
    if (canDiscard) {
      row.append(vars(h('button', {...attrs, type: 'button', 'aria-label': `Discard ${label} from ${slot}`,
        onclick: () => {
          composer.clear();
          composer.narrow((m) => m.type === 'discard_from_barn' && same(m.barn_slots, [slot]), `Discard ${label} (${slot})`);
        }}, text), {'--c': colour}));
    } else row.append(vars(h('span', {...attrs, 'aria-label': `${slot}: ${label}`}, text), {'--c': colour}));
  });
  return row;
}

function holdings(props, seat) {
  const p = props.view.players[seat];
  const labs = props.catalog?.board?.labourer_colours || {};
  const lab = (id, pending) => vars(h('span', {class: `wg-lab-chip${pending ? ' pending' : ''}`,
    title: `${comp(props, id).name}${pending ? ' (hired, works from next year)' : ''}: ${comp(props, id).effect}`}, id),
  {'--c': labs[comp(props, id).colour]});
  const upgrades = Object.entries(p.upgrades || {});
  return h('div', {class: 'wg-holdings'},
    h('span', {title: 'The farmer and the active labourers work in summer'}, 'Figures: farmer ',
      p.active_labourers.map((id) => lab(id, false)), p.pending_labourers.map((id) => lab(id, true))),
    p.cabins.length ? h('span', {title: comp(props, p.cabins[0]).effect}, `${p.cabins.length} cabin(s)`) : null,
    p.barn_tiles.length ? h('span', {title: comp(props, p.barn_tiles[0]).effect}, `${p.barn_tiles.length} extra barn(s)`) : null,
    upgrades.map(([space, id]) => h('span', {class: 'wg-upgrade', title: `${comp(props, id).name}: ${comp(props, id).effect}`},
      `${term(props, space)}: ${comp(props, id).name}`)),
    h('span', {class: p.help_tiles.total ? 'wg-help has' : 'wg-help', title: comp(props, 'help_tile').effect},
      'Help tiles: ', p.help_tiles.total ? [
        p.help_tiles.returnable ? h('span', {class: 'wg-help-tile returnable', title: 'Returnable: give it back for 3 goods of the kinds you lack (−2 VP while held)'}, '↺') : null,
        Array.from({length: Math.min(p.help_tiles.flipped, 6)}, () => h('span', {class: 'wg-help-tile flipped', title: 'Flipped: stays, −2 VP at the end'}, '−2')),
        p.help_tiles.flipped > 6 ? `… ` : null,
      ] : 'none',
      p.help_tiles.total ? ` (${p.help_tiles.returnable ? '1 returnable, ' : ''}${p.help_tiles.flipped} flipped)` : ''),
    p.coins && !p.coins.length ? h('span', {class: 'wg-coins'}, 'Coins: none') : p.coins ? h('span', {class: 'wg-coins', title: 'Your coins (only you see their values)'},
      `Coins ${p.coins.length}: `, p.coins.map((c) => h('span', {class: `wg-coin v${c.value}`}, String(c.value))),
      ` = ${p.coins.reduce((t, c) => t + c.value, 0)}`)
      : h('span', {class: 'wg-coins', title: 'Coins are face down: their values are secret until the end'}, `Coins: ${p.coin_count}, face down`));
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
  const food = Object.entries(w.food).filter(([, n]) => n).map(([g, n]) => `${n} ${g}`).join(', ') || 'no food';
  const have = p.owned_goods || {};
  const owned = ['grain', 'fish', 'dairy', 'wood'].map((g) => `${have[g] || 0} ${g}`).join(', ');
  const short = w.help_tiles;
  return h('div', {class: `wg-winter${short ? ' warn' : ''}`, role: short ? 'alert' : null},
    `❄ This winter: ${food} and ${w.wood} wood (${w.fires} fire(s) + ${w.wagons} wagon(s)); `
    + `${seat === props.viewer ? 'you own' : `${nameOf(props, seat)} owns`} ${owned}. `,
    short ? h('strong', {}, `Short by ${[w.shortfall.food ? `${w.shortfall.food} food` : '', w.shortfall.wood ? `${w.shortfall.wood} wood` : '']
      .filter(Boolean).join(' and ')}: ${short} help tile(s) (−2 VP each) unless you get more before winter.`)
      : 'Enough for everyone.');
}

// --- the viewer's action panel ---------------------------------------------------------------------

function coinLabel(props, id) {
  const me = props.view.players[props.viewer];
  const c = (me?.coins || []).find((x) => x.id === id);
  return c ? `${comp(props, id).name} ${id} (worth ${c.value})` : `coin ${id}`;
}

function valueLabel(props, field, value) {
  if (field === 'tolls') {
    if (!value.length) return 'no toll on the way';
    return `toll${value.length > 1 ? 's' : ''}: ${value.map((t) => (t === 'help' ? 'take a help tile' : `pay ${coinLabel(props, t.slice(5))}`)).join(', then ')}`;
  }
  if (field === 'payment') {
    const parts = [];
    if (value.coins?.length) parts.push(`coins ${value.coins.map((c) => coinLabel(props, c)).join(', ')}`);
    for (const g of value.goods || []) parts.push(`${g.count} ${g.good} from ${g.source}`);
    return parts.length ? `pay ${parts.join(' + ')}` : 'nothing to pay';
  }
  if (field === 'goods') return `take ${value.join(' + ')}`;
  if (field === 'sell') return `sell ${value.map((x) => `${x.good} (${x.source})`).join(', ')}`;
  const e = comp(props, value);
  return `${e.name}${e.effect ? ` — ${e.effect}` : ''}`;
}

function choiceGroup(props, title, field, options, pickFn) {
  return h('div', {class: 'wg-choices', role: 'group', 'aria-label': title},
    h('div', {class: 'wg-choice-title'}, title),
    options.map((value) => h('button', {type: 'button', class: 'wg-choice', onclick: () => pickFn(value)},
      valueLabel(props, field, value))));
}

function springPanel(props, me, panel) {
  const drawn = me.drawn_tiles;
  const rot = ui.rotation;
  const tiles = h('div', {class: 'wg-drawn', role: 'group', 'aria-label': 'Drawn tiles'});
  const usable = new Set(springOptions(props).map((p) => p.tile_id));
  for (const id of drawn) {
    const entry = comp(props, id);
    const used = ui.first && ui.first.tile_id === id;
    const shape = turned(entry, id, ui.tile === id ? rot : 0);
    const mini = s('svg', {viewBox: `0 0 ${CELL} ${CELL}`, width: 56, height: 56, class: 'wg-mini'});
    QUADS.forEach((q, i) => {
      const [cx, cy] = QUAD_OFFSET[q];
      mini.append(s('rect', {x: cx * HALF, y: cy * HALF, width: HALF, height: HALF, fill: landColour(props, shape.types[i])}));
    });
    fences(mini, shape.fence, 0, 0);
    for (const slot of shape.slots) {
      const [cx, cy] = QUAD_OFFSET[slot.q];
      mini.append(s('rect', {x: cx * HALF + 8, y: cy * HALF + 8, width: 16, height: 16, rx: 3, fill: '#ffffffaa', class: 'wg-slot'}));
    }
    tiles.append(h('button', {type: 'button', class: `wg-tile${ui.tile === id ? ' chosen' : ''}`, disabled: used || !usable.has(id),
      'aria-pressed': ui.tile === id ? 'true' : 'false', 'aria-label': `${entry.name}: ${entry.effect}`, title: entry.effect,
      onclick: () => { ui.tile = id; ui.hover = null; redraw(); }}, mini, h('span', {}, id)));
  }
  add(panel, h('p', {}, ui.first ? `First tile placed (${ui.first.tile_id}); now the second one.`
    : `Keep ${props.view.year_disc?.keep ?? ''} of your drawn tiles: pick one, turn it, click a highlighted spot.`), tiles,
  springPreviewText(props, me),
  h('div', {class: 'row'},
    h('button', {type: 'button', class: 'small', onclick: () => { ui.rotation = (ui.rotation + 90) % 360; ui.hover = null; redraw(); },
      'aria-keyshortcuts': 'R'}, `⟳ Turn (R) · ${rot}°`),
    ui.first ? h('button', {type: 'button', class: 'small', onclick: () => { ui.first = null; ui.second = null; ui.hover = null; redraw(); }}, 'Take back the first tile') : null,
    ui.second?.complete ? h('button', {type: 'button', class: 'primary', dataset: {act: 'place'}, onclick: () => {
      const move = ui.second.complete;
      ui.first = null;
      ui.second = null;
      props.propose(move);
    }}, 'Confirm placement') : null));
}

/** Placements legal as the next one: [{tile_id, x, y, rotation}] for the step being chosen. */
function springOptions(props) {
  // every legal spot stays clickable after one is chosen (a click re-chooses)
  const all = ui.first
    ? (ui.second?.moves || []).filter((m) => m.type === 'place_landscape_tiles').map((m) => m.placements[1])
    : (props.composer?.moves || []).filter((m) => m.type === 'place_landscape_tiles').map((m) => m.placements[0]);
  const seen = new Set();
  return all.filter((p) => {
    const key = p && JSON.stringify(p);
    if (!p || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the previewed placement makes, in words: the areas it creates or grows. */
function springPreviewText(props, me) {
  const wanted = springPreviewMove(props);
  if (!wanted) return null;
  const preview = ui.previews.get(JSON.stringify(wanted));
  const where = wanted.placements.map((p) => `${p.tile_id} at (${p.x},${p.y}) turned ${p.rotation}°`).join(' and ');
  if (preview === undefined) return h('p', {class: 'muted wg-spring-preview'}, `${where}: working out the areas…`);
  if (!preview?.areas) return null;
  const changed = changedAreas(me.areas, preview.areas);
  const land = (a) => props.catalog?.board?.landscapes?.[a.landscape]?.name || a.landscape;
  return h('div', {class: 'wg-spring-preview', dataset: {preview: String(changed.length)}},
    h('p', {}, `${ui.hover && JSON.stringify(ui.hover) !== JSON.stringify(springChosen(props)) ? 'Here' : 'Chosen'}: ${where} makes`),
    h('ul', {class: 'wg-preview'}, changed.map((a) => h('li', {},
      `a ${land(a)} area of ${a.size} cell${a.size > 1 ? 's' : ''} → ${a.yield} ${a.good} when worked`,
      a.slots.length ? `, ${a.slots.length} storage space${a.slots.length > 1 ? 's' : ''}` : '',
      a.enclosed ? h('strong', {}, `, fully fenced: ${a.size} VP`) : ''))));
}

async function chooseFirst(props, placement) {
  const move = {type: 'place_landscape_tiles', placements: [placement]};
  const all = (props.composer?.moves || []).filter((m) => m.type === 'place_landscape_tiles');
  const whole = all.filter((m) => same(m.placements[0], placement));
  const me = props.view.players[props.viewer];
  const keep = Math.min(props.view.year_disc?.keep ?? 1, me.drawn_tiles.length);
  if (keep === 1) {
    // keep 1: the shell's composer names the move; its Confirm places it
    props.composer.clear();
    props.composer.pick({type: 'place_landscape_tiles', placements: [placement]}, `${placement.tile_id} at (${placement.x},${placement.y}) turned ${placement.rotation}°`);
    return;
  }
  ui.first = placement;
  ui.tile = null;
  let moves = whole;
  if (whole.some((m) => m.placements.length < 2)) { // the outline: ask for the whole moves through it
    const id = tableId();
    const token = id !== null ? tokenFor(id, props.viewer) : null;
    const answer = await api('GET', `/api/tables/${id}/seats/${props.viewer}/legal-moves?match=${encodeURIComponent(JSON.stringify(move))}`, {token});
    moves = answer.moves.filter((m) => m.type === 'place_landscape_tiles' && m.placements.length === 2);
  }
  ui.second = new Composer(moves, props.version, redraw);
  redraw();
}

function springTargets(props) {
  if (!ui.tile) return [];
  const options = springOptions(props).filter((p) => p.tile_id === ui.tile && p.rotation === ui.rotation);
  const ghost = turned(comp(props, ui.tile), ui.tile, ui.rotation);
  const hoverKey = JSON.stringify(ui.hover);
  const chosenKey = JSON.stringify(springChosen(props));
  return options.map((p) => {
    const placements = ui.first ? [ui.first, p] : [p];
    const key = JSON.stringify(placements);
    return {x: p.x, y: p.y, ghost, previewed: key === hoverKey && key !== chosenKey, chosen: key === chosenKey,
      onHover: () => {
        if (JSON.stringify(placements) === JSON.stringify(ui.hover)) return; // already shown: no redraw loop
        ui.hover = placements;
        redraw();
      },
      onPick: () => {
        ui.hover = null;
        if (ui.first) {
          ui.second.clear();
          ui.second.pick({placements: [ui.first, p]}, `${p.tile_id} at (${p.x},${p.y})`);
          ui.tile = null;
          redraw();
        } else chooseFirst(props, p);
      }};
  });
}

/** An outlined summer: toggle the area, and once every figure has one, ask the server for the whole
 * move through those areas (figures in farm order on the areas in key order, legal.py's spelling). */
async function summerOutline(props, me, area) {
  if (ui.summer.has(area.key)) ui.summer.delete(area.key);
  else ui.summer.add(area.key);
  ui.harvest = null;
  redraw();
  const figures = ['farmer', ...me.active_labourers];
  if (ui.summer.size !== figures.length) return;
  const chosen = me.areas.filter((a) => ui.summer.has(a.key)); // view order = key order
  const partial = {type: 'place_figures', assignments: chosen.map((a, i) => ({figure_id: figures[i], anchor: a.anchor}))};
  const id = tableId();
  const answer = await api('GET', `/api/tables/${id}/seats/${props.viewer}/legal-moves?match=${encodeURIComponent(JSON.stringify(partial))}`,
    {token: tokenFor(id, props.viewer)});
  ui.harvest = answer.moves.find((m) => m.type === 'place_figures' && m.assignments.length === figures.length) || null;
  redraw();
}

function summerPanel(props, me, panel, selected) {
  const composer = props.composer;
  const figures = ['farmer', ...me.active_labourers];
  const areas = (me.areas || []).filter((a) => selected.has(a.key)); // view order = key order
  // what the harvest makes and where it goes: the server's preview (storage, then barn, then lost)
  const whole = ui.harvest || (composer?.complete?.type === 'place_figures' ? composer.complete : null);
  const move = whole || (areas.length ? {type: 'place_figures', assignments: areas.slice(0, figures.length)
    .map((a, i) => ({figure_id: figures[i], anchor: a.anchor}))} : null);
  const preview = move ? previewOf(props, move) : null;
  const byKey = new Map(areas.map((a) => [a.key, a]));
  const land = (a) => props.catalog?.board?.landscapes?.[a?.landscape]?.name || a?.landscape || '';
  const lines = (preview?.production || []).map((made) => {
    const a = byKey.get(made.area);
    const lost = made.lost ? h('strong', {class: 'wg-lost'}, `, ${made.lost} ${made.good} lost (no room left)`) : '';
    return h('li', {dataset: {lost: String(made.lost)}},
      `${comp(props, made.figure).name}: ${made.amount} ${made.good} from the ${land(a)} area of ${a?.size ?? '?'}`
      + `${made.bonus ? ` (+${made.bonus} year bonus)` : ''} → ${made.to_storage.length} to storage, ${made.to_barn.length} to the barn`, lost);
  });
  const totalLost = (preview?.production || []).reduce((n, made) => n + made.lost, 0);
  add(panel, h('p', {class: 'wg-summer', dataset: {chosen: String(areas.length), needed: String(figures.length)}}, `Send ${figures.length} figure(s) (${figures.map((f) => comp(props, f).name).join(', ')}) to `
    + `${figures.length} different land areas: click them on your farm (${areas.length} of ${figures.length} chosen).`),
  move && preview === undefined ? h('p', {class: 'muted'}, 'Working out the harvest…') : null,
  lines.length ? h('ul', {class: 'wg-preview', dataset: {preview: 'summer'}}, lines) : null,
  lines.length ? h('p', {class: totalLost ? 'wg-lost' : 'muted'}, totalLost
    ? `${totalLost} good(s) will be lost: make room first (discard from the barn), or choose other areas.`
    : 'Nothing is lost: every good finds a storage space or a barn slot.') : null,
  composer?.complete ? h('p', {class: 'muted'}, 'Confirm to harvest.') : null,
  ui.harvest ? h('button', {type: 'button', class: 'primary', dataset: {act: 'harvest'}, onclick: () => {
    const chosen = ui.harvest;
    ui.summer = new Set();
    ui.harvest = null;
    props.propose(chosen);
  }}, 'Confirm harvest') : null);
}

function fallPanel(props, me, panel) {
  const composer = props.composer;
  const remaining = composer.remaining.filter((m) => m.type === 'take_fall_turn');
  const dest = composer.values('destination', {type: 'take_fall_turn'});
  if (composer.moves.some((m) => m.type === 'pass_fall_turn')) {
    panel.append(h('div', {class: 'row'}, h('button', {type: 'button', class: 'small', dataset: {act: 'pass'}, onclick: () => props.propose({type: 'pass_fall_turn'})},
      'Pass (stay, pay nothing, no action)')));
  }
  if (!composer.active || dest.length !== 1) {
    panel.append(h('p', {}, 'Click a highlighted building on the town loop to move your figure there.'));
    return;
  }
  const entry = comp(props, dest[0]);
  panel.append(h('p', {}, h('strong', {}, entry.name), `: ${entry.effect}${entry.cost ? ` · cost ${costText(props, entry.cost)}` : ''}`));
  for (const [field, title] of [['labourer_id', 'Hire'], ['building_tile_id', 'Buy the building'], ['upgrade_id', 'Buy the upgrade'],
    ['goods', 'Goods to take'], ['sell', 'Goods to sell'], ['tolls', 'Tolls on the way'], ['payment', 'Pay the cost with']]) {
    const values = composer.values(field, {type: 'take_fall_turn'});
    if (!remaining.some((m) => field in m)) continue;
    if (values.length === 1) {
      panel.append(h('p', {class: 'muted'}, valueLabel(props, field, values[0])));
      continue;
    }
    panel.append(choiceGroup(props, title, field, values, (value) => composer.pick({[field]: value}, valueLabel(props, field, value))));
    break; // one choice at a time, in this order
  }
}

/** The coin overflow, chosen on the coins: which drawn coins to keep, which barn items to give up
 * for room. How many must be kept comes from the legal moves (the ones with that discard). */
function overflowPanel(props, me, panel) {
  const legal = props.composer.moves.filter((m) => m.type === 'resolve_coin_overflow');
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
  const match = legal.find((m) => sorted(m.discard) === sorted(sel.discard) && sorted(m.keep) === sorted(sel.keep)) || null;
  const toggle = (set, id) => () => {
    if (set.has(id)) set.delete(id);
    else set.add(id);
    redraw();
  };
  const keepable = new Set(legal.flatMap((m) => m.keep));
  const room = new Set(legal.flatMap((m) => m.discard));
  const coins = me.coins ? new Map(me.coins.map((c) => [c.id, c.value])) : new Map();
  panel.append(h('div', {class: 'wg-overflow'},
    h('p', {}, `You drew ${drawn.length} coin(s) but only ${keepSize([])} fit in your barn. Click coins to keep them;`
      + ' click barn items below to give them up for room (discarded coins go back to the bag).'),
    h('div', {class: 'wg-choices', role: 'group', 'aria-label': 'Drawn coins'}, h('div', {class: 'wg-choice-title'}, `Drawn coins: keep ${need}`),
      drawn.map((c) => h('button', {type: 'button', class: `wg-coin-pick v${c.value}`, disabled: !keepable.has(c.id),
        'aria-pressed': sel.keep.has(c.id) ? 'true' : 'false', dataset: {keep: c.id},
        title: `${comp(props, c.id).name} ${c.id}, worth ${c.value}`, onclick: toggle(sel.keep, c.id)},
      h('span', {class: `wg-coin v${c.value}`}, String(c.value)), sel.keep.has(c.id) ? ' keep' : ' back to bag'))),
    h('div', {class: 'wg-choices', role: 'group', 'aria-label': 'Barn items to discard'}, h('div', {class: 'wg-choice-title'}, 'Your barn: discard for room'),
      me.barn.map((item, i) => {
        const slot = `barn:${i + 1}`;
        if (!item || !room.has(slot)) return null;
        const what = coins.has(item) ? `coin worth ${coins.get(item)}` : item;
        return h('button', {type: 'button', class: 'wg-choice', 'aria-pressed': sel.discard.has(slot) ? 'true' : 'false',
          dataset: {discard: slot}, onclick: toggle(sel.discard, slot)}, `${sel.discard.has(slot) ? '✗ discard ' : ''}${what} (${slot})`);
      })),
    h('p', {class: match ? '' : 'wg-lost'}, match
      ? `Keep ${[...sel.keep].map((id) => `${comp(props, id).name} (${drawn.find((c) => c.id === id)?.value ?? '?'})`).join(', ') || 'no coin'}`
        + `${sel.discard.size ? `, discard ${[...sel.discard].join(', ')}` : ''}.`
      : `Choose exactly ${need} coin(s) to keep (${sel.keep.size} chosen).`),
    h('button', {type: 'button', class: 'primary', disabled: !match, dataset: {act: 'overflow'},
      onclick: () => { ui.overflow = null; props.propose(match); }}, 'Keep these coins')));
}

/** The winter bill against the holdings: each food and wood needed, what the player owns, the result. */
function winterTable(props, me) {
  const w = me.winter_needs;
  const have = me.owned_goods || {};
  const rows = [...Object.entries(w.food).filter(([, n]) => n), ['wood', w.wood]];
  return h('table', {class: 'wg-winter-table'},
    h('caption', {}, `This winter: ${w.fires} fire(s) and ${w.wagons} wagon(s) to heat, your figures to feed`),
    h('thead', {}, h('tr', {}, h('th', {}, 'Good'), h('th', {}, 'Needed'), h('th', {}, 'You own'))),
    h('tbody', {}, rows.map(([good, n]) => h('tr', {class: (have[good] || 0) < n ? 'short' : ''},
      h('th', {scope: 'row'}, chip(props, good)), h('td', {}, String(n)), h('td', {}, String(have[good] || 0))))),
    h('tfoot', {}, h('tr', {}, h('th', {}, 'Missing'), h('td', {colspan: '2'},
      `${w.shortfall.food} food, ${w.shortfall.wood} wood → ${w.help_tiles} help tile(s)`))));
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
  return h('table', {class: 'wg-final'},
    h('caption', {}, 'Final scoring, step by step'),
    h('thead', {}, h('tr', {}, h('th', {}, 'Source'), seats.map((seat) => h('th', {scope: 'col'},
      `${nameOf(props, seat)}${winners.has(seat) ? ' ★' : ''}`)))),
    h('tbody', {}, rows),
    h('tfoot', {}, h('tr', {}, h('th', {}, 'Total'), seats.map((seat) => h('td', {}, h('strong', {},
      String(sc.totals?.[seat] ?? sc.totals?.[String(seat)] ?? running[seat])))))));
}

function actionPanel(props, selectedAreas) {
  const v = props.view;
  const me = props.viewer !== null && props.viewer !== undefined ? v.players[props.viewer] : null;
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
      h('button', {type: 'button', class: 'primary', dataset: {act: 'start'}, onclick: () => props.propose({type: 'choose_start_building', building: b})},
        `Start at the ${comp(props, b).name}`))));
  }
  if (types.has('place_landscape_tiles')) springPanel(props, me, panel);
  if (types.has('place_figures')) summerPanel(props, me, panel, selectedAreas);
  if (types.has('take_fall_turn') || types.has('pass_fall_turn')) fallPanel(props, me, panel);
  if (types.has('resolve_coin_overflow')) overflowPanel(props, me, panel);
  if (types.has('resolve_winter')) {
    const w = me.winter_needs;
    panel.append(winterTable(props, me),
      h('p', {}, w.help_tiles ? h('strong', {class: 'wg-lost'}, `You will take ${w.help_tiles} help tile(s) for what is missing (−${2 * w.help_tiles} VP at the end).`)
        : 'You have enough: nothing is missing.'),
      h('button', {type: 'button', class: 'primary', dataset: {act: 'winter'}, onclick: () => props.propose({type: 'resolve_winter'})}, 'Feed and heat'));
  }
  if (types.has('confirm_final_scoring')) {
    panel.append(h('button', {type: 'button', class: 'primary', dataset: {act: 'final'}, onclick: () => props.propose({type: 'confirm_final_scoring'})}, 'Confirm final scoring'));
  }
  if (types.has('return_neighbour_help_tile')) {
    const ret = wholeMoves(props, 'return_neighbour_help_tile');
    panel.append(h('details', {class: 'wg-free'}, h('summary', {}, `Return your help tile for 3 goods (${ret ? ret.length : '…'} ways)`),
      (ret || []).map((m) => h('button', {type: 'button', class: 'wg-choice',
        onclick: () => {
          composer.clear();
          if (composer.outline) composer.expand(ret, (x) => same(x, m), 'Return the help tile');
          else composer.narrow((x) => same(x, m), 'Return the help tile');
        }},
      m.goods.map((g) => `${g.count} ${g.good} (${g.source})`).join(' + ')))));
  }
  if (types.has('move_goods_to_barn') || types.has('discard_from_barn')) {
    panel.append(h('p', {class: 'muted wg-free-hint'}, 'Any time: click a good in a storage space to move it to the barn, or a barn slot to discard it.'));
  }
  return panel;
}

// --- render ----------------------------------------------------------------------------------------

function render(root, props) {
  ensureStyles();
  ui.last = {root, props};
  if (ui.version !== props.version) {
    ui.version = props.version;
    ui.first = null;
    ui.second = null;
    ui.summer = new Set();
    ui.harvest = null;
    ui.hover = null;
    ui.previews = new Map();
    ui.overflow = null;
  }
  if (!ui.keyBound) {
    ui.keyBound = true;
    document.addEventListener('keydown', (event) => {
      const tag = event.target?.tagName;
      if ((event.key === 'r' || event.key === 'R') && !event.ctrlKey && !event.metaKey && tag !== 'INPUT' && tag !== 'TEXTAREA'
        && document.querySelector('.wg-drawn')) {
        ui.rotation = (ui.rotation + 90) % 360;
        ui.hover = null;
        redraw();
      }
    });
  }
  const v = props.view;
  root.replaceChildren();
  root.classList.add('wg-board');
  root.dataset.version = String(props.version); // the version drawn (tests wait on it)
  if (!v || !v.players) {
    root.append(h('p', {class: 'muted'}, 'The table has not started yet.'));
    return;
  }
  const composer = props.composer;
  const live = !props.replaying && composer && composer.moves?.length;
  const types = new Set(live ? composer.moves.map((m) => m.type) : []);
  // summer selection = the areas the composer's choices went through
  const selectedAreas = new Set();
  const me = props.viewer !== null && props.viewer !== undefined ? v.players[props.viewer] : null;
  // A summer with many areas and figures is sent as its outline (first assignments only): then the
  // areas are chosen here and the server names the whole move through them (summerOutline below).
  const figureCount = me ? 1 + me.active_labourers.length : 0;
  const outlined = live && types.has('place_figures')
    && composer.moves.some((m) => m.type === 'place_figures' && m.assignments.length < figureCount);
  if (outlined) {
    for (const key of ui.summer) selectedAreas.add(key);
  } else if (live && types.has('place_figures') && composer.active) {
    const left = composer.remaining.filter((m) => m.type === 'place_figures');
    for (const area of me.areas) {
      if (left.length && left.every((m) => m.assignments.some((a) => same(a.anchor, area.anchor)))) selectedAreas.add(area.key);
    }
  }
  const onArea = outlined ? (area) => summerOutline(props, me, area) : (area) => {
    const picked = me.areas.filter((a) => selectedAreas.has(a.key) && a.key !== area.key);
    if (!selectedAreas.has(area.key)) picked.push(area);
    composer.clear();
    for (const a of picked) {
      composer.narrow((m) => m.type === 'place_figures' && m.assignments.some((x) => same(x.anchor, a.anchor)),
        `${a.yield} ${a.good} (${a.landscape} area)`);
    }
  };
  root.append(header(props));
  const recent = (props.recent || []).slice(-4);
  if (recent.length) {
    root.append(h('ul', {class: 'wg-recent', 'aria-label': 'Since your last move'}, recent.map((e) => h('li', {}, e.text || ''))));
  }
  root.append(actionPanel(props, selectedAreas));
  // What the other seats did since the viewer's last move flashes once, not on every redraw.
  const flashKey = (props.recent || []).map((e) => e.version).join(',');
  const recentSeats = flashKey && flashKey !== ui.flashKey ? new Set((props.recent || []).map((e) => e.seat)) : new Set();
  ui.flashKey = flashKey;
  const farms = h('section', {class: 'wg-farms', 'aria-label': 'Farms'});
  const seats = v.players.map((_, i) => i);
  if (me) seats.sort((a, b) => (a === props.viewer ? -1 : b === props.viewer ? 1 : a - b));
  for (const seat of seats) {
    const p = v.players[seat];
    const mine = seat === props.viewer;
    const opts = {};
    if (mine && live) {
      if (types.has('place_landscape_tiles')) {
        opts.extraCells = springTargets(props);
        if (ui.first) opts.pending = [ui.first, ...(ui.second?.complete ? [ui.second.complete.placements[1]] : [])];
        else if (composer.complete?.type === 'place_landscape_tiles') opts.pending = composer.complete.placements;
        const wanted = springPreviewMove(props);
        const preview = wanted ? previewOf(props, wanted) : null;
        if (preview?.areas) opts.previewAreas = preview.areas;
      }
      if (types.has('place_figures')) {
        opts.summer = true;
        opts.outlined = outlined;
        opts.selectedAreas = selectedAreas;
        opts.onArea = onArea;
      }
      opts.moveToBarn = types.has('move_goods_to_barn');
    }
    const box = h('article', {class: `wg-farm-box${mine ? ' mine' : ''}${recentSeats.has(seat) ? ' changed' : ''}`,
      dataset: {seat: String(seat)}},
    h('h3', {}, h('span', {class: 'wg-seat-dot'}), `${nameOf(props, seat)} · ${comp(props, p.board).name || ''}`,
      p.done && ['spring', 'summer', 'winter'].includes(v.phase) ? h('span', {class: 'muted'}, ' · done') : null,
      v.fall_player === seat ? h('span', {class: 'wg-turn'}, ' · moving in town') : null),
    scoreLine(props, seat),
    holdings(props, seat),
    h('div', {class: 'wg-barn-line'}, h('span', {class: 'wg-label'}, 'Barn'), barnRow(props, seat, mine && live)),
    h('div', {class: 'wg-farm-scroll'}, farmSvg(props, seat, opts)),
    mine || !me || p.winter_needs?.help_tiles ? winterWarning(props, seat) : null, // others: only a shortfall
    p.drawn_tiles.length && !mine ? h('p', {class: 'muted'}, `Drawn: ${p.drawn_tiles.join(', ')}`) : null);
    farms.append(vars(box, {'--seat': colourOf(props, seat)}));
  }
  const town = h('section', {class: 'wg-town-box', 'aria-label': 'Town'},
    h('h3', {}, 'Town'),
    h('div', {class: 'wg-order muted'}, `Year order: ${(v.year_order || []).map((seat) => nameOf(props, seat)).join(' → ')}`),
    h('div', {class: 'wg-town-scroll'}, townSvg(props, live && types.has('take_fall_turn'))));
  root.append(h('div', {class: 'wg-main'}, farms, town));
}

export default {
  render,
  status(props) {
    return statusText(props);
  },
};
