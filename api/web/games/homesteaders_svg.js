// The drawn parts of the Homesteaders board: the round and era track, the auction board, the railroad
// development track, the building market and a homestead's row of building tiles. Our own artwork,
// drawn at the width it is shown at (one SVG unit is one CSS pixel, so text keeps its size on a phone).
// Every drawing takes the board context `c` (homesteaders.js): names and numbers come from the view
// and the catalog, and a target exists only where the composer allows a legal move through it.

import {s, target, tip} from '../svg.js';
import {ink} from './homesteaders_ink.js';

export const INK = '#1f2328';
export const MUTED = '#6b7079';
const LEGAL = '#1f5fa8';
const CHOSEN = '#e0a100';
const LINE = '#c9c4b8';

/** The goods' own colours (our artwork): a chip before each amount. */
export const GOODS = {
  silver: '#b9bec6', wood: '#8a5a2b', food: '#e3c04a', steel: '#5f7387', gold: '#e8b400', copper: '#c46a2f',
  livestock: '#c98f84', trade: '#2f8f7a', vp: '#7a3e9d', vp_tokens: '#7a3e9d', debt: '#a4261a',
};

/** Break `text` into lines of at most `width` characters (never cutting a word). */
export function wrap(text, width) {
  const out = [];
  let line = '';
  for (const word of String(text || '').split(/\s+/).filter(Boolean)) {
    if (line && (line + ' ' + word).length > width) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(line);
  return out;
}

function lines(x, y, texts, attrs, step) {
  return texts.map((t, i) => s('text', {x, y: y + i * step, ...attrs}, t));
}

/** A seat's token: a disc in its colour with a letter or number in the ink that reads on it. */
export function token(c, seat, cx, cy, r, label, attrs = {}) {
  const fill = c.colour(seat);
  return s('g', {class: 'hs-token', ...attrs},
    s('circle', {cx, cy, r, fill, stroke: '#000a', 'stroke-width': 1}),
    label ? s('text', {class: 'hs-ink', x: cx, y: cy + r * 0.38, 'text-anchor': 'middle', 'font-size': Math.round(r * 1.05),
      'font-weight': 700, fill: ink(fill)}, label) : null);
}

/** A good's amount as words with its colour chip: "● 2 wood". Returns [nodes, width]. */
function good(c, x, y, key, n, size = 10.5) {
  const word = c.term(`holding.${key}`, key);
  const text = `${n} ${word}`;
  return [[s('rect', {x, y: y - size * 0.8, width: size * 0.8, height: size * 0.8, rx: 2, fill: GOODS[key] || MUTED}),
    s('text', {x: x + size, y, 'font-size': size}, text)], size + text.length * size * 0.55 + 6];
}

/** Amounts in a row ("● 1 copper ● 2 steel"), or `none` when there are none. */
function goods(c, x, y, amounts, {size = 10.5, none = ''} = {}) {
  const out = [];
  let dx = 0;
  for (const [k, n] of Object.entries(amounts || {})) {
    if (!n) continue;
    const [nodes, w] = good(c, x + dx, y, k, n, size);
    out.push(nodes);
    dx += w;
  }
  if (!out.length && none) out.push(s('text', {x, y, 'font-size': size, fill: MUTED}, none));
  return out;
}

// ---------------------------------------------------------------- round and era track

const ERA_FILL = {settlement: '#e6f0d8', town: '#dbe6f4', city: '#eddff0', final: '#f3ecd9'};

/**
 * The round and era track: a space per round (the current one marked) and, under each round's space,
 * the building types of stack 1's tile for that round (stack 1 is face up and public, HS-SET-03): what
 * slot 1 will let its winner build, to plan for.
 */
export function roundTrack(c, width) {
  const v = c.view;
  const rounds = c.board.rounds || 10;
  const spaces = c.cat.tracks?.find((t) => t.id === 'rounds')?.spaces || [];
  const n = rounds + 1;
  const gap = 3;
  const w = Math.min(56, (width - 8 - gap * (n - 1)) / n);
  const x0 = 4;
  const cells = [];
  const typeOf = (ty) => (c.board.types || []).find((x) => x.id === ty) || {colour: MUTED, name: ty};
  for (let r = 1; r <= n; r += 1) {
    const era = spaces.find((sp) => sp.space === r)?.era || 'final';
    const x = x0 + (r - 1) * (w + gap);
    const now = v.round === r;
    const past = v.round > r;
    const tile = r <= rounds ? (v.stack_1 || [])[r - 1] : null;
    const t = tile ? c.comp(tile) : null;
    const types = t?.build_types || [];
    const cw = Math.min(10, (w - 4 - 2 * (types.length - 1)) / Math.max(1, types.length));
    const chips = types.map((ty, k) => s('rect', {x: x + w / 2 - (types.length * (cw + 2) - 2) / 2 + k * (cw + 2), y: 49, width: cw, height: 7, rx: 1.5,
      fill: typeOf(ty).colour, opacity: past ? 0.4 : 1}));
    const plan = t ? ` · slot 1's tile: ${tileWords(c, t)}` : '';
    cells.push(s('g', {class: `hs-round${now ? ' now' : ''}`, 'aria-current': now ? 'step' : null,
      dataset: {info: r > rounds ? 'Final round: last income, debts paid off, final scoring' : `Round ${r} · ${c.term(`era.${era}`, era)} era${plan}`}},
    s('rect', {x, y: 16, width: w, height: 26, rx: 5, fill: ERA_FILL[era], stroke: now ? INK : LINE, 'stroke-width': now ? 2.5 : 1}),
    s('text', {x: x + w / 2, y: 34, 'text-anchor': 'middle', 'font-size': r > rounds ? Math.min(12.5, (w - 4) / 2.9) : 12.5, // "Final" fits a phone's narrow space
      'font-weight': now ? 700 : 400, fill: past ? MUTED : INK}, r > rounds ? 'Final' : String(r)),
    now ? s('path', {d: `M${x + w / 2 - 5} 47 l5 -4 l5 4 z`, fill: INK}) : null, chips));
  }
  const labels = (c.board.eras || []).map((e) => {
    const a = x0 + (e.rounds[0] - 1) * (w + gap);
    const b = x0 + e.rounds[1] * (w + gap) - gap;
    return s('g', {}, s('line', {x1: a, x2: b, y1: 11, y2: 11, stroke: LINE}),
      s('text', {x: a, y: 9, 'font-size': 10.5, fill: MUTED}, `${e.name} era`));
  });
  return s('svg', {class: 'hs-rounds', viewBox: `0 0 ${width} 58`, width, height: 58, role: 'img',
    'aria-label': v.round > rounds ? 'Final round' : `Round ${v.round} of ${rounds}`}, labels, cells);
}

// ---------------------------------------------------------------- auction board

/**
 * An auction tile in words, by what it lets its winner do ("a Residential or Commercial tile, +1
 * worker"): the catalog's tile names are its ids ("Tile A01"), which the physical tiles do not print.
 */
export function tileWords(c, t) {
  const types = (t.build_types || []).map((ty) => (c.board.types || []).find((x) => x.id === ty)?.name || ty);
  const kinds = types.join(' or ');
  const what = types.length === 4 ? 'an any-building tile' : types.length ? `${/^[AEIOU]/.test(kinds) ? 'an' : 'a'} ${kinds} tile` : 'a no-building tile';
  const bonus = t.bonus && types.length ? c.term(`tile_bonus.${t.bonus}`, '') : '';
  return bonus ? `${what} (${bonus})` : what;
}

/** What an auction tile lets its winner do, in the catalog's words, split for the tile. */
function tileLines(c, t, chars) {
  const types = t.build_types || [];
  const bonus = t.bonus ? c.term(`tile_bonus.${t.bonus}`, '') : '';
  const text = types.length ? bonus : String(t.effect || '').replace(/\.$/, '');
  return wrap(text, chars);
}

export function auctionBoard(c, width) {
  const v = c.view;
  const ladder = c.board.bid_ladder || [];
  const slots = v.slots || [];
  const tw = Math.min(150, Math.round(width * 0.36));
  const chars = Math.floor((tw - 14) / 5.6);
  const most = Math.max(0, ...slots.map((slot) => tileLines(c, c.comp(slot.tile), chars).length));
  const th = Math.max(70, 46 + most * 13);
  // Wide: the ladder beside the tile. Narrow (a phone): the ladder under tile and heading, full width.
  const below = width < 400;
  const lx = below ? 0 : tw + 12;
  const step = Math.min(38, (width - lx - 4) / Math.max(1, ladder.length));
  const r = Math.min(14, step / 2 - 1.5);
  const ly = below ? th + 22 : 44;
  const rowH = (below ? th + 44 : th) + 10;
  const chosenSlot = c.chosen('slot', 'place_bid');
  const rows = slots.map((slot, i) => {
    const y = i * rowH;
    const t = c.comp(slot.tile);
    const bid = slot.bid;
    const resolving = v.resolving_slot === slot.slot;
    const holder = bid ? (bid.holder === 'dummy' ? 'the dummy bid' : c.name(bid.holder)) : null;
    // The tile: a target when the dummy bid or a bid may be placed on its slot.
    let onTile = null;
    let tileLabel = '';
    const dummy = c.legal({type: 'place_dummy_bid', slot: slot.slot})[0];
    if (dummy) {
      onTile = () => c.stage(dummy, `Dummy bid on slot ${slot.slot}`);
      tileLabel = `Place the dummy bid on slot ${slot.slot}`;
    } else if (c.allows({type: 'place_bid', slot: slot.slot})) {
      onTile = () => c.pickFresh({type: 'place_bid', slot: slot.slot}, `Bid on slot ${slot.slot}`);
      tileLabel = `Bid on slot ${slot.slot} (${tileWords(c, t)}): choose the value next`;
    }
    const types = (t.build_types || []).map((ty, k) => {
      const info = (c.board.types || []).find((x) => x.id === ty) || {colour: MUTED, name: ty};
      return s('g', {}, s('rect', {x: 8 + k * 24, y: y + 24, width: 20, height: 16, rx: 3, fill: info.colour}),
        s('text', {x: 18 + k * 24, y: y + 36, 'text-anchor': 'middle', 'font-size': 10.5, 'font-weight': 700, fill: ink(info.colour)}, ty),
        tip(info.name));
    });
    const text = tileLines(c, t, chars);
    const tileG = s('g', {class: `hs-tile${onTile ? ' legal' : ''}${chosenSlot === slot.slot ? ' chosen' : ''}`,
      dataset: {tile: slot.tile, info: `Slot ${slot.slot}: ${t.effect}`}},
    s('rect', {x: 2, y: y + 2, width: tw, height: th, rx: 8, fill: '#fbf3df', stroke: chosenSlot === slot.slot ? CHOSEN : onTile ? LEGAL : '#b9a97f',
      'stroke-width': onTile || chosenSlot === slot.slot ? 2.5 : 1.5}),
    s('text', {x: 8, y: y + 17, 'font-size': 12.5, 'font-weight': 700}, types.length === 4 ? 'Any building' : types.length ? 'Building' : 'No building'),
    types,
    lines(8, y + 54, text, {'font-size': 10.5, fill: INK}, 13));
    if (onTile) target(tileG, tileLabel, onTile, {selected: chosenSlot === slot.slot});
    const rungs = ladder.map((value, k) => {
      const cx = lx + step * k + step / 2;
      const cy = y + ly;
      const ok = c.allows({type: 'place_bid', slot: slot.slot, value});
      const here = bid && bid.value === value;
      const g = s('g', {class: `hs-rung${ok ? ' legal' : ''}${here ? ' held' : ''}`, dataset: {slot: slot.slot, value}},
        s('circle', {cx, cy, r, fill: ok ? '#eef4fc' : '#fff', stroke: ok ? LEGAL : LINE, 'stroke-width': ok ? 2.2 : 1}),
        s('text', {x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': r > 11 ? 12 : 10.5, 'font-weight': ok ? 700 : 400, fill: ok ? INK : MUTED}, String(value)),
        here ? (bid.holder === 'dummy'
          ? s('g', {class: 'hs-token'}, s('rect', {x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, rx: 4, fill: '#9aa0a6', stroke: '#000a'}),
            s('text', {class: 'hs-ink', x: cx, y: cy + 4, 'text-anchor': 'middle', 'font-size': 11.5, 'font-weight': 700, fill: ink('#9aa0a6')}, String(value)))
          : token(c, bid.holder, cx, cy, r, String(value))) : null,
        here ? tip(`${holder}: ${value} silver`) : null);
      if (ok) target(g, `Bid ${value} on slot ${slot.slot}`, () => c.stage({type: 'place_bid', slot: slot.slot, value}, `Bid ${value} on slot ${slot.slot}`));
      return g;
    });
    const head = resolving && v.winners?.[slot.slot - 1] !== undefined && v.winners[slot.slot - 1] !== null
      ? `${c.name(v.winners[slot.slot - 1])} won it · resolving`
      : bid ? `High: ${holder} at ${bid.value}` : 'No bid yet';
    return s('g', {class: `hs-slot${resolving ? ' resolving' : ''}`, dataset: {slot: slot.slot}, role: 'group',
      'aria-label': `Slot ${slot.slot}: ${tileWords(c, t)}, ${bid ? `high bid ${bid.value} by ${holder}` : 'no bid'}`},
    resolving ? s('rect', {x: 0, y, width, height: rowH - 6, rx: 9, fill: '#e3f1e5'}) : null,
    s('text', {x: (below ? tw + 12 : lx) + 2, y: y + 16, 'font-size': 12.5, 'font-weight': 700}, `Slot ${slot.slot}`),
    lines((below ? tw + 12 : lx) + (below ? 2 : 52), y + (below ? 34 : 16), wrap(head, below ? Math.floor((width - tw - 16) / 6) : 60),
      {class: 'hs-slot-high', 'font-size': 12, fill: bid || resolving ? INK : MUTED}, 14),
    s('line', {x1: lx + step / 2, x2: lx + step * (ladder.length - 0.5), y1: y + ly, y2: y + ly, stroke: LINE, 'stroke-width': 3}),
    tileG, rungs);
  });
  const height = Math.max(rowH * slots.length, 10);
  return s('svg', {class: 'hs-auction', viewBox: `0 0 ${width} ${height}`, width, height, role: 'group', 'aria-label': 'Auction board'}, rows);
}

/**
 * The auction stacks beside the board: for each slot, the pile of tiles still to come (one tile edge per
 * tile, in its era's colour). Stack 1 is face up (its next tile's building types drawn); stacks 2 and 3
 * are face down, so only how many tiles of each era are left is shown (HS-H03), never their order.
 */
export function auctionStacks(c, width) {
  const v = c.view;
  const round = v.round || 0;
  const piles = [];
  const later = (v.stack_1 || []).slice(round);
  piles.push({stack: 1, eras: later.map((id) => eraOfTile(c, id)), next: later[0] ? c.comp(later[0]) : null});
  for (const [k, st] of Object.entries(v.random_stacks || {})) {
    const seen = new Set(st.revealed || []);
    const eras = [];
    for (const [g, ids] of Object.entries(st.tiles || {})) for (const id of ids) if (!seen.has(id)) eras.push(g);
    piles.push({stack: Number(k), eras, next: null});
  }
  if (!piles.some((p) => p.eras.length)) return null;
  const cw = width / piles.length;
  const tw = 30;
  const th = 20;
  const top = 18;
  const out = piles.map((p, i) => {
    const x = i * cw + 2;
    const n = p.eras.length;
    const dx = Math.max(1, Math.min(3, (cw - tw - 66) / Math.max(1, n - 1))); // room for "face down" beside it
    // The pile: the last tile to be used at the bottom, the next one on top.
    const edges = p.eras.slice().reverse().map((era, j) => s('rect', {x: x + j * dx, y: top + (n - 1 - j) * 1.5 + 0.5, width: tw, height: th, rx: 3,
      fill: ERA_FILL[era] || '#eee', stroke: '#8f8672', 'stroke-width': 0.8}));
    const counts = {};
    for (const era of p.eras) counts[era] = (counts[era] || 0) + 1;
    const words = Object.entries(counts).map(([era, m]) => `${m} ${c.term(`era.${era}`, era)}`).join(', ');
    const tx = x + tw + Math.max(0, n - 1) * dx + 6;
    const nextTypes = (p.next?.build_types || []).map((ty, k) => {
      const info = (c.board.types || []).find((t) => t.id === ty) || {colour: MUTED};
      return s('rect', {x: tx + 26 + k * 12, y: top + 17, width: 10, height: 8, rx: 1.5, fill: info.colour});
    });
    return s('g', {class: 'hs-pile', dataset: {stack: p.stack, info: n ? `Stack ${p.stack} (slot ${p.stack}): ${n} tile${n === 1 ? '' : 's'} left · ${p.stack === 1
      ? `face up, next: ${tileWords(c, p.next)}` : `face down: ${words}`}` : `Stack ${p.stack}: empty`}},
    s('text', {x, y: 11, 'font-size': 10.5, 'font-weight': 700, fill: INK}, `Stack ${p.stack}`),
    n ? edges : s('rect', {x, y: top, width: tw, height: th, rx: 3, fill: 'none', stroke: LINE, 'stroke-dasharray': '3 2'}),
    s('text', {x: tx, y: top + 9, 'font-size': 10.5, fill: INK}, n ? `${n} left` : 'empty'),
    p.stack === 1 && p.next ? [s('text', {x: tx, y: top + 24, 'font-size': 10, fill: MUTED}, 'next:'), nextTypes]
      : n ? s('text', {x: tx, y: top + 24, 'font-size': 10, fill: MUTED}, 'face down') : null);
  });
  const height = top + th + 1.5 * Math.max(0, ...piles.map((p) => p.eras.length - 1)) + 4;
  return s('svg', {class: 'hs-stacks-board', viewBox: `0 0 ${width} ${height}`, width, height, role: 'group', 'aria-label': 'Auction stacks'}, out);
}

/** The era a tile of stack 1 belongs to (its round's era). */
function eraOfTile(c, id) {
  const r = Number(String(c.comp(id).group || '').replace('round_', ''));
  return (c.board.eras || []).find((e) => r >= e.rounds[0] && r <= e.rounds[1])?.id || 'final';
}

// ---------------------------------------------------------------- railroad development track

export function railTrack(c, width) {
  const v = c.view;
  const spaces = c.cat.tracks?.find((t) => t.id === 'railroad')?.spaces || [];
  const n = Math.max(1, spaces.length);
  const pad = 26;
  const dx = (width - 2 * pad) / Math.max(1, n - 1);
  const y = 40;
  const ties = [];
  for (let x = pad; x <= width - pad; x += 11) ties.push(s('rect', {x: x - 1.5, y: y - 8, width: 3, height: 16, fill: '#8a6d4b'}));
  const rails = [s('line', {x1: pad, x2: width - pad, y1: y - 4, y2: y - 4, stroke: '#5d5d5d', 'stroke-width': 2}),
    s('line', {x1: pad, x2: width - pad, y1: y + 4, y2: y + 4, stroke: '#5d5d5d', 'stroke-width': 2})];
  const chars = Math.max(7, Math.floor((dx - 4) / 5.6));
  const stations = spaces.map((sp, i) => {
    const x = pad + i * dx;
    const reward = sp.rewards?.length ? (sp.rewards.length > 1 ? 'resource' : sp.rewards[0]) : null;
    const ok = reward && c.allows({type: 'choose_rail_reward', reward});
    const g = s('g', {class: `hs-rail${ok ? ' legal' : ''}`, dataset: {space: sp.space, info: `Railroad space ${sp.space}: ${sp.text}`}},
      s('circle', {cx: x, cy: y, r: 13, fill: ok ? '#eef4fc' : '#fbf8f1', stroke: ok ? LEGAL : '#5d5d5d', 'stroke-width': ok ? 3 : 1.5}),
      s('text', {x, y: y + 4.5, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 700}, String(sp.space)),
      lines(x, y + 27, wrap(sp.space === 0 ? 'start' : sp.text, chars), {'text-anchor': 'middle', 'font-size': 10, fill: ok ? INK : MUTED, 'font-weight': ok ? 700 : 400}, 12));
    if (ok) target(g, `Railroad reward: ${sp.text}`, () => c.choose({type: 'choose_rail_reward', reward}, sp.text));
    const here = (v.seats || []).filter((seat) => seat.rail === sp.space);
    const first = Math.max(10, Math.min(x - (here.length - 1) * 9, width - 10 - (here.length - 1) * 18)); // markers stay on the board
    here.forEach((seat, k) => g.append(token(c, seat.seat, first + k * 18, 12, 8.5, c.initial(seat.seat),
      {class: 'hs-token hs-rail-token', 'data-seat': seat.seat})));
    return g;
  });
  const most = Math.max(1, ...spaces.map((sp) => wrap(sp.space === 0 ? 'start' : sp.text, chars).length));
  const ly = y + 24 + most * 12 + 6;
  const [held, heldH] = railLines(c, width, ly);
  const height = ly + heldH;
  return s('svg', {class: 'hs-railtrack', viewBox: `0 0 ${width} ${height}`, width, height, role: 'group', 'aria-label': 'Railroad development track'},
    ties, rails, stations, held);
}

/**
 * The rail lines each player holds (the holding "track": each one a piece of track in the seat's
 * colour), one group per player after a "Rail lines" label; two rows of two players where narrow.
 * Returns [nodes, height].
 */
function railLines(c, width, y0) {
  const seats = c.view.seats || [];
  const label = 64;
  const perRow = width - label >= 4 * 70 ? seats.length : 2;
  const gw = (width - label) / Math.max(1, perRow);
  const out = [s('text', {x: 2, y: y0 + 13, 'font-size': 10.5, 'font-weight': 700, fill: INK}, c.term('holding.track', 'Rail lines').replace(/^./, (ch) => ch.toUpperCase()))];
  seats.forEach((seat, i) => {
    const x = label + (i % perRow) * gw;
    const y = y0 + Math.floor(i / perRow) * 22;
    const n = seat.track || 0;
    const pw = Math.max(3, Math.min(9, (gw - 44) / Math.max(1, n)));
    const pieces = Array.from({length: n}, (_, k) => s('rect', {x: x + 20 + k * (pw + 2), y: y + 4, width: pw, height: 12, rx: 1.5,
      fill: c.colour(seat.seat), stroke: '#000a', 'stroke-width': 0.8}));
    out.push(s('g', {class: 'hs-lines', dataset: {seat: seat.seat, info: `${c.name(seat.seat)}: ${n} ${c.term('holding.track', 'rail lines')}`}},
      token(c, seat.seat, x + 8, y + 10, 8, c.initial(seat.seat)), pieces,
      s('text', {x: x + 20 + n * (pw + 2) + (n ? 2 : 0), y: y + 14, 'font-size': 10.5, fill: n ? INK : MUTED}, String(n))));
  });
  return [out, Math.ceil(seats.length / Math.max(1, perRow)) * 22];
}

// ---------------------------------------------------------------- building market

/** Every kind of building the game has, by era row and type column, with how many are left and where. */
function marketKinds(c) {
  const v = c.view;
  const count = (list) => {
    const n = new Map();
    for (const inst of list || []) n.set(c.kindOf(inst), [...(n.get(c.kindOf(inst)) || []), inst]);
    return n;
  };
  const supply = count(v.supply);
  const aside = count(Object.values(v.set_aside || {}).flat());
  const kinds = Object.entries(c.cat.components || {})
    .filter(([id, e]) => !id.includes('#') && /building$/.test(e.kind || '') && e.era !== 'start')
    .map(([id, e]) => ({id, e, era: e.era === 'settlement_town' ? 'settlement' : e.era, supply: supply.get(id) || [], aside: aside.get(id) || []}));
  return kinds.sort((a, b) => a.e.name.localeCompare(b.e.name));
}

export function market(c, width) {
  const types = c.board.types || [];
  const eras = c.board.eras || [];
  const cols = width >= 640 ? types.length : 2;
  const gap = 6;
  const cw = (width - gap * (cols - 1)) / cols;
  const ch = 30;
  const kinds = marketKinds(c);
  const chosen = c.chosen('building', 'build_building');
  const out = [];
  let y = 0;
  // A past era first, as one line: what of it was built or removed (its names on hover or a tap); what
  // is left of it (Settlement buildings that stay into the Town era) is still drawn below.
  const nowAt = c.view.era === 'final' ? eras.length : eras.findIndex((e) => e.id === c.view.era);
  const past = (ei) => nowAt >= 0 && ei < nowAt;
  for (const [ei, era] of eras.entries()) {
    const inEra = kinds.filter((k) => k.era === era.id);
    const gone = inEra.filter((k) => !k.supply.length);
    if (!past(ei) || !gone.length) continue;
    const all = gone.length === inEra.length;
    const text = wrap(`${era.name} era (rounds ${era.rounds[0]}–${era.rounds[1]}) · over: ${all ? `all ${inEra.length}` : `${gone.length} of ${inEra.length}`} kinds built or removed${all ? '' : ', the others still for sale'}`, Math.floor(width / 5.8));
    out.push(s('g', {class: 'hs-era-past', dataset: {era: era.id, info: `${era.name} era, built or removed: ${gone.map((k) => k.e.name).join(', ')}`}},
      lines(2, y + 12, text, {'font-size': 10.5, fill: MUTED}, 13)));
    y += text.length * 13 + 4;
  }
  if (y) y += 4;
  if (cols === types.length) {
    types.forEach((ty, i) => out.push(s('text', {x: i * (cw + gap) + 2, y: y + 12, 'font-size': 11.5, 'font-weight': 700, fill: ty.colour}, ty.name)));
    y += 18;
  }
  for (const [ei, era] of eras.entries()) {
    const inEra = kinds.filter((k) => k.era === era.id && (!past(ei) || k.supply.length));
    if (!inEra.length) continue;
    const current = c.view.era === era.id;
    if (!inEra.some((k) => k.supply.length) && inEra.some((k) => k.aside.length)) { // still to come: their names, one line each
      const names = inEra.map((k) => k.e.name).join(', ');
      const text = wrap(`${era.name} era, from round ${era.rounds[0]}: ${names}`, Math.floor(width / 5.6));
      out.push(s('g', {class: 'hs-era-later', dataset: {info: inEra.map((k) => `${k.e.name}: ${k.e.effect}`).join(' · ')}},
        lines(2, y + 12, text, {'font-size': 10.5, fill: MUTED}, 13)));
      y += text.length * 13 + 6;
      continue;
    }
    out.push(s('text', {x: 2, y: y + 12, 'font-size': 11.5, 'font-weight': 700, fill: current ? INK : MUTED}, `${era.name} era${past(ei) ? ' · still for sale' : ''}`));
    y += 18;
    // Types in column order; with two columns a row holds two types, then the next two below.
    for (let t0 = 0; t0 < types.length; t0 += cols) {
      const group = types.slice(t0, t0 + cols);
      let tallest = 0;
      group.forEach((ty, ci) => {
        const x = ci * (cw + gap);
        const list = inEra.filter((k) => k.e.type === ty.id);
        if (cols !== types.length && list.length) out.push(s('text', {x: x + 2, y: y + 10, 'font-size': 10, fill: ty.colour, 'font-weight': 700}, ty.name));
        const top = cols !== types.length ? y + 14 : y;
        list.forEach((k, j) => out.push(marketCard(c, k, x, top + j * (ch + 4), cw, ch, ty, chosen)));
        tallest = Math.max(tallest, (top - y) + list.length * (ch + 4));
      });
      y += tallest + 4;
    }
  }
  return s('svg', {class: 'hs-market-board', viewBox: `0 0 ${width} ${y}`, width, height: y, role: 'group', 'aria-label': 'Building market'}, out);
}

function marketCard(c, k, x, y, w, h, ty, chosen) {
  const left = k.supply.length;
  const legalInst = k.supply.find((inst) => c.allows({type: 'build_building', building: inst})) || (c.allows({type: 'build_building', building: k.id}) ? k.id : null);
  const isChosen = chosen && (chosen === k.id || k.supply.includes(chosen));
  const state = !left && !k.aside.length ? 'sold out' : left ? `${left} left` : `${k.aside.length} to come`;
  const costWords = Object.entries(k.e.cost || {}).map(([g, n]) => `${n} ${c.term(`holding.${g}`, g)}`);
  const facts = [k.e.points ? `${k.e.points} VP` : null, costWords.length ? `cost ${costWords.join(', ')}` : 'free'].filter(Boolean).join(' · ');
  const fits = costWords.join('  ').length * 5.3 + costWords.length * 9 < w - 34;
  const room = w - 16 - (k.e.points ? 36 : 0); // for the name, beside the VP
  const g = s('g', {class: `hs-mcard${legalInst ? ' legal' : ''}${isChosen ? ' chosen' : ''}${left ? '' : ' out'}`,
    dataset: {id: k.id, info: `${k.e.name} (${ty.name}) · ${facts} · ${state}: ${k.e.effect}`}},
  s('rect', {x: x + 0.5, y: y + 0.5, width: w - 1, height: h, rx: 5, fill: left ? '#fff' : '#f1efe9',
    stroke: isChosen ? CHOSEN : legalInst ? LEGAL : '#d3ccbd', 'stroke-width': isChosen || legalInst ? 2.5 : 1}),
  s('rect', {x: x + 0.5, y: y + 0.5, width: 5, height: h, rx: 2, fill: ty.colour, opacity: left ? 1 : 0.45}),
  s('text', {x: x + 10, y: y + 13, 'font-size': 11.5, 'font-weight': 700, fill: left ? INK : MUTED,
    ...(k.e.name.length * 6.9 > room ? {textLength: room, lengthAdjust: 'spacingAndGlyphs'} : {})}, k.e.name),
  k.e.points ? s('text', {x: x + w - 6, y: y + 13, 'text-anchor': 'end', 'font-size': 11, 'font-weight': 700, fill: GOODS.vp}, `${k.e.points} VP`) : null,
  !costWords.length ? s('text', {x: x + 10, y: y + 25.5, 'font-size': 10, fill: MUTED}, 'free')
    : fits ? goods(c, x + 10, y + 25.5, k.e.cost, {size: 9.5})
      : s('text', {x: x + 10, y: y + 25.5, 'font-size': 9.5, fill: INK, textLength: Math.min(w - 34, costWords.join(' · ').length * 5), lengthAdjust: 'spacingAndGlyphs'}, costWords.join(' · ')),
  s('text', {x: x + w - 6, y: y + 25.5, 'text-anchor': 'end', 'font-size': 10, 'font-weight': 700, fill: left ? INK : MUTED}, `×${left}`, tip(state)));
  if (legalInst) target(g, `Build the ${k.e.name} (${facts})`, () => c.choose({type: 'build_building', building: legalInst}, `Build the ${k.e.name}`), {selected: isChosen});
  return g;
}

// ---------------------------------------------------------------- a homestead's buildings

/** One line of what a building gives each round (not its workers' yields, drawn at their spots). */
function incomeText(c, b) {
  const inc = b.income || {};
  if (inc.special) return 'each round: a debt off, or +2 silver';
  const parts = Object.entries(inc).filter(([, n]) => n).map(([g, n]) => `+${n} ${c.term(`holding.${g}`, g)}`);
  return parts.length ? `${parts.join(' ')} each round` : '';
}

/** The end bonus in the catalog's own words (the effect's clause that says "at the end"). */
function endText(b) {
  const clause = String(b.effect || '').split(/;\s*/).find((p) => /at the end/.test(p));
  return clause ? clause.replace(/\.$/, '').replace(/ at the end/, '') + ' at the end' : '';
}

/**
 * A homestead's buildings as a row of tiles (wrapping at `width`), each with its worker spots. `spots`
 * (mine, allocating) gives per spot key `inst/slot` the click and drop behaviour.
 */
export function homesteadTiles(c, seat, width, {spot = () => null, placedWorker = () => null} = {}) {
  const insts = seat.buildings || [];
  const perRow = Math.max(2, Math.min(4, Math.floor((width + 6) / 128)));
  const tw = Math.floor((width - 6 * (perRow - 1)) / perRow);
  const inSlot = new Map();
  for (const [w, b, sl] of seat.placement || []) inSlot.set(`${b}/${sl}`, [...(inSlot.get(`${b}/${sl}`) || []), w]);
  const chars = Math.floor((tw - 10) / 6.4);
  // Each tile's lines first, so that every tile of the row is as tall as the tallest.
  const plans = insts.map((inst) => {
    const b = c.comp(inst);
    const slots = (b.worker_slots || []).map((sp) => {
      const text = `→ ${Object.entries(sp.yield || {}).map(([g, n]) => `${n} ${c.term(`holding.${g}`, g)}`).join(' + ')}${sp.workers > 1 ? ` (${sp.workers} workers)` : ''}`;
      return {sp, text: wrap(text, Math.floor((tw - 14 - sp.workers * 22) / 5.2))};
    });
    const extra = [incomeText(c, b), endText(b)].filter(Boolean).flatMap((t) => wrap(t, Math.floor((tw - 10) / 5.1)));
    const name = wrap(b.name, chars);
    const height = 14 + name.length * 13 + extra.length * 11 + 2 + slots.reduce((n, x) => n + Math.max(24, x.text.length * 11 + 4), 0) + 4;
    return {inst, b, slots, extra, name, height};
  });
  const rowH = [];
  plans.forEach((p, i) => {
    const r = Math.floor(i / perRow);
    rowH[r] = Math.max(rowH[r] || 0, p.height);
  });
  const rowY = rowH.map((_, r) => rowH.slice(0, r).reduce((a, b2) => a + b2 + 6, 0));
  const tiles = plans.map(({inst, b, slots, extra, name}, i) => {
    const ty = (c.board.types || []).find((t) => t.id === b.type) || {colour: MUTED, name: b.type};
    const x = (i % perRow) * (tw + 6);
    const y = rowY[Math.floor(i / perRow)];
    const th = rowH[Math.floor(i / perRow)];
    let ly = y + 23;
    const nameG = lines(x + 6, ly, name, {'font-size': 11.5, 'font-weight': 700}, 13);
    ly += name.length * 13 - 1;
    const info = lines(x + 6, ly, extra, {'font-size': 9.5, fill: MUTED}, 11);
    let sy = y + th - slots.reduce((n, x2) => n + Math.max(24, x2.text.length * 11 + 4), 0) - 2;
    const spotsG = slots.map(({sp, text}, k) => {
      const key = `${inst}/${k + 1}`;
      const sh = Math.max(24, text.length * 11 + 4);
      const cy = sy + sh / 2;
      const here = inSlot.get(key) || [];
      const act = spot(key, inst, k + 1, sp);
      const dots = Array.from({length: sp.workers}, (_, j) => {
        const w = here[j];
        const cx = x + 16 + j * 22;
        if (!w) return s('circle', {cx, cy, r: 9.5, fill: act ? '#eef4fc' : '#fff', stroke: act ? LEGAL : '#a9a396', 'stroke-dasharray': act ? null : '3 2', 'stroke-width': act ? 2 : 1});
        const tok = token(c, seat.seat, cx, cy, 9.5, c.workerNo(w), {class: 'hs-token hs-worker', dataset: {worker: w}});
        const pick = placedWorker(w, inst);
        if (pick) {
          tok.classList.add(pick.chosen ? 'chosen' : 'movable');
          target(tok, pick.label, pick.onPick, {selected: pick.chosen});
        }
        return tok;
      });
      const g = s('g', {class: `hs-wslot${act ? ' legal' : ''}${act?.chosen ? ' chosen' : ''}`, dataset: {drop: key}},
        s('rect', {x: x + 3, y: sy + 1, width: tw - 6, height: sh - 2, rx: 11, fill: act?.chosen ? '#fff3c4' : act ? '#dce9f9' : 'transparent',
          stroke: act?.chosen ? CHOSEN : 'none', 'stroke-width': 2}),
        dots, lines(x + 10 + sp.workers * 22, cy + 3.5 - (text.length - 1) * 5.5, text, {'font-size': 10, fill: INK}, 11));
      sy += sh;
      if (act) target(g, act.label, act.onPick, {selected: act.chosen});
      return g;
    });
    return s('g', {class: `hs-bld hs-type-${b.type}`, dataset: {id: inst, info: `${c.possessive(seat.seat)} ${b.name} (${ty.name}${b.points ? `, ${b.points} VP` : ''}): ${b.effect}`}},
      s('rect', {x: x + 0.5, y: y + 0.5, width: tw - 1, height: th, rx: 7, fill: '#fffdf7', stroke: '#cfc8b8'}),
      s('path', {d: `M${x + 0.5} ${y + 7.5} a7 7 0 0 1 7 -7 h${tw - 15} a7 7 0 0 1 7 7 v3 h${-(tw - 1)} z`, fill: ty.colour}),
      nameG,
      b.points ? s('text', {x: x + tw - 5, y: y + 23, 'text-anchor': 'end', 'font-size': 10.5, 'font-weight': 700, fill: GOODS.vp}, `${b.points} VP`) : null,
      info, spotsG);
  });
  const h = Math.max(10, rowY.length ? rowY[rowY.length - 1] + rowH[rowH.length - 1] + 2 : 10);
  return s('svg', {class: 'hs-tiles', viewBox: `0 0 ${width} ${h}`, width, height: h, role: 'group', 'aria-label': `${c.possessive(seat.seat)} buildings`}, tiles);
}

/** A compact homestead: each building a small block of its type's colour, then each worker a disc of
 * the seat's colour (for the summary line of another player's homestead). */
export function miniTiles(c, seat) {
  const insts = seat.buildings || [];
  const workers = seat.workers || [];
  const wx = 12 * insts.length + 8;
  const w = wx + 12 * workers.length;
  return s('svg', {class: 'hs-mini', viewBox: `0 0 ${w} 16`, width: w, height: 16, 'aria-hidden': 'true'},
    insts.map((inst, i) => {
      const b = c.comp(inst);
      const ty = (c.board.types || []).find((t) => t.id === b.type);
      return s('rect', {x: 1 + i * 12, y: 2, width: 10, height: 12, rx: 2, fill: ty?.colour || MUTED}, tip(b.name));
    }),
    workers.map((wk, i) => s('circle', {cx: wx + 5 + i * 12, cy: 8, r: 5, fill: c.colour(seat.seat), stroke: '#000a', 'stroke-width': 0.8},
      tip(`Worker ${c.workerNo(wk)}`))));
}
