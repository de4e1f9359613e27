// The Bunny Kingdom board: the 10×10 map (terrain, lava, rabbits, buildings, fiefs), the draft on
// the viewer's hand, construction by card then square, camps, trading posts, parchments, and the
// final scoring. It holds no rules: every highlighted target is a legal move the composer still
// allows, every name and effect comes from the catalog, every number (fief strength, wealth,
// harvest, parchment progress) from the viewer's view. See docs/web.md, "Board modules".

import {h} from '../dom.js';
import {s, target, tip} from '../svg.js';
import {card as cardTile} from '../controls.js';

const CELL = 48;
const PAD = 22;
const SIZE = PAD + CELL * 10 + 4;

// Our own simple artwork: a colour and a tiny mark per terrain, a letter per resource.
const TERRAIN_FILL = {forest: '#7aa55a', sea: '#78b2dc', field: '#ecd476', plains: '#cfe3a0', mountain: '#ad9f90',
  printed_city: '#e6d9bd'};
const RESOURCE_MARK = {wood: 'W', fish: 'F', carrot: 'C', pearl: 'P', mushroom: 'M', carrot_spice: 'S', gold: 'G',
  diamond: 'D', copper: 'Cu', iron: 'Fe'};
const RESOURCE_FILL = {wood: '#8a5a2b', fish: '#2f6fb0', carrot: '#e07a1f', pearl: '#f4f1ea', mushroom: '#b8443a',
  carrot_spice: '#c0561c', gold: '#d4a017', diamond: '#9fe3f0', copper: '#b76b3c', iron: '#6f7780'};
const DARK_MARKS = new Set(['pearl', 'diamond']);

let styled = false;
function ensureStyles() {
  if (styled || document.querySelector('link[data-board="bunny_kingdom"]')) return;
  styled = true;
  document.head.append(h('link', {rel: 'stylesheet', href: '/web/games/bunny_kingdom.css', dataset: {board: 'bunny_kingdom'}}));
}

/** Helpers over the props: catalog lookups, seat names and colours. */
function context(props) {
  const cat = props.catalog || {components: {}, terms: {}, board: {}};
  const comp = (id) => cat.components?.[id] || {name: id, kind: ''};
  const term = (id) => cat.terms?.[id] ?? comp(id).name ?? id;
  const colour = (seat) => (props.colour && props.colour(seat)) || cat.seat_colours?.[seat]?.css || '#666';
  const name = (seat) => (props.name && props.name(seat)) || `Seat ${seat}`;
  const whose = (seat) => (name(seat) === 'You' ? 'Your' : `${name(seat)}'s`);
  return {cat, comp, term, colour, name, whose, view: props.view || {}, viewer: props.viewer ?? null,
    composer: props.composer, propose: props.propose || (() => {})};
}

/** The value `get(m)` shared by every move in `moves` (undefined when none or when they differ). */
function common(moves, get) {
  if (!moves.length) return undefined;
  const first = JSON.stringify(get(moves[0]));
  if (!moves.every((m) => JSON.stringify(get(m)) === first)) return undefined;
  return get(moves[0]);
}

function coordXY(coord, rows) {
  const r = rows.indexOf(coord[0]);
  const c = Number(coord.slice(1)) - 1;
  return [PAD + c * CELL, PAD + r * CELL];
}

// ---- the draft ------------------------------------------------------------------------------

/** The choice the composer holds for the current pick: {first, second, discard} card ids. */
function draftChoice(composer) {
  const moves = composer && composer.active ? composer.remaining.filter((m) => m.type === 'submit_pick') : [];
  return {first: common(moves, (m) => m.play[0]), second: common(moves, (m) => m.play[1]),
    discard: common(moves, (m) => m.discard ?? undefined)};
}

/** Re-state the draft choice in the composer (each part narrows the legal picks). */
function setDraft(ctx, {first, second, discard}) {
  const {composer, comp} = ctx;
  composer.clear();
  const pick = (m) => m.type === 'submit_pick';
  if (first) composer.narrow((m) => pick(m) && m.play[0] === first, `Play ${comp(first).name}`);
  if (second) composer.narrow((m) => pick(m) && m.play[1] === second, `then ${comp(second).name}`);
  if (discard) composer.narrow((m) => pick(m) && m.discard === discard, `Discard ${comp(discard).name}`);
}

function territoryExtra(ctx, id) {
  const entry = ctx.comp(id);
  if (entry.kind !== 'territory') return null;
  const swatch = s('svg', {viewBox: '0 0 20 14', class: 'bk-swatch', 'aria-hidden': 'true'},
    s('rect', {x: 0, y: 0, width: 20, height: 14, rx: 2, fill: TERRAIN_FILL[entry.terrain] || '#ccc', stroke: '#555'}));
  return h('span', {class: 'bk-terrain'}, swatch, ` ${entry.coord} · ${ctx.term(entry.terrain)}`);
}

function handSection(ctx, lights) {
  const {view, viewer, composer, comp} = ctx;
  const you = view.you;
  if (!you || view.phase !== 'exploration') return null;
  const two = view.seats.length === 2;
  const choice = draftChoice(composer);
  const submitted = you.selection && !composer?.active ? you.selection : null;
  const canPick = composer && composer.moves.some((m) => m.type === 'submit_pick');
  const cards = you.hand.map((id) => {
    const role = choice.first === id ? 'Play first' : choice.second === id ? 'Play second'
      : choice.discard === id ? 'Discard' : submitted?.play?.[0] === id ? (two ? 'Chosen: play' : 'Chosen: play first')
        : submitted?.play?.[1] === id ? 'Chosen: play second' : submitted?.discard === id ? 'Chosen: discard' : null;
    const isChosen = role !== null;
    const badge = role ? h('span', {class: `bk-role${role.includes('iscard') ? ' discard' : ''}`}, role) : null;
    const extra = h('span', {class: 'bk-card-extra'}, territoryExtra(ctx, id), badge);
    let tile;
    if (!canPick) {
      tile = cardTile(id, comp(id), {state: isChosen ? 'chosen' : null, extra});
    } else if (two) {
      tile = cardTile(id, comp(id), {state: isChosen ? 'chosen' : null, extra});
      const playing = choice.first === id;
      const discarding = choice.discard === id;
      tile.append(h('span', {class: 'bk-card-actions'},
        h('button', {type: 'button', class: `small${playing ? ' primary' : ''}`, 'aria-pressed': String(playing),
          'aria-label': `Play ${comp(id).name}`, dataset: {card: id, role: 'play'},
          onclick: () => setDraft(ctx, {first: playing ? undefined : id,
            discard: choice.discard === id ? undefined : choice.discard})}, 'Play'),
        h('button', {type: 'button', class: `small${discarding ? ' primary' : ''}`, 'aria-pressed': String(discarding),
          'aria-label': `Discard ${comp(id).name}`, dataset: {card: id, role: 'discard'},
          onclick: () => setDraft(ctx, {discard: discarding ? undefined : id,
            first: choice.first === id ? undefined : choice.first})}, 'Discard')));
    } else {
      tile = cardTile(id, comp(id), {state: isChosen ? 'chosen' : 'legal', extra, onclick: () => {
        if (choice.first === id) setDraft(ctx, {first: choice.second});
        else if (choice.second === id) setDraft(ctx, {first: choice.first});
        else if (choice.first === undefined) setDraft(ctx, {first: id});
        else setDraft(ctx, {first: choice.first, second: id});
      }});
    }
    tile.dataset.card = id;
    const entry = comp(id);
    if (entry.kind === 'territory') {
      const light = (on) => lights(entry.coord, on);
      tile.addEventListener('mouseenter', () => light(true));
      tile.addEventListener('mouseleave', () => light(false));
      tile.addEventListener('focusin', () => light(true));
      tile.addEventListener('focusout', () => light(false));
    }
    return tile;
  });
  const need = two ? 'one card to play and one to discard (face down, out of the game)'
    : 'two cards to play (the first is resolved first)';
  const head = you.hand.length ? `Your hand · ${you.hand.length} cards` : 'Your hand is empty';
  return h('section', {class: 'bk-panel bk-hand', 'aria-label': 'Your hand'},
    h('h3', {}, head), canPick ? h('p', {class: 'hint'}, `Choose ${need}, then Confirm.`) : null,
    h('div', {class: 'bk-cards'}, cards));
}

// ---- construction, camps, trading posts, copies ----------------------------------------------

/** What clicking a square does now, or null when the square is not a legal target. */
function squareAction(ctx, coord) {
  const {composer, propose} = ctx;
  if (!composer || !composer.moves.length) return null;
  const rem = composer.remaining;
  if (composer.active) {
    const types = new Set(rem.map((m) => m.type));
    if ((types.has('build_city') || types.has('build_farm')) && composer.allows({coord})) {
      return {label: `Build on ${coord}`, run: () => {
        composer.pick({coord}, `on ${coord}`);
        if (composer.complete) propose(composer.complete);
      }};
    }
    if (types.has('build_sky_tower')) {
      const a = common(rem, (m) => m.coord_a);
      if (a === undefined && composer.allows({coord_a: coord})) {
        return {label: `Sky Tower from ${coord}`, run: () => composer.pick({coord_a: coord}, `from ${coord}`)};
      }
      if (a !== undefined && a !== coord && composer.allows({coord_b: coord})) {
        const mine = ctx.view.fiefs?.[ctx.viewer] || [];
        const of = (c) => mine.find((f) => f.territories.includes(c));
        const joins = [of(a), of(coord)].filter(Boolean).map((f) => `(${f.territories.join(' ')})`).join(' with ');
        return {label: `Sky Tower ${a} to ${coord}: joins ${joins}`, run: () => {
          composer.pick({coord_b: coord}, `to ${coord}`);
          if (composer.complete) propose(composer.complete);
        }};
      }
    }
    if (types.has('place_camp') && composer.allows({type: 'place_camp', coord})) {
      return {label: `Place the camp on ${coord}`, run: () => propose(composer.where({type: 'place_camp', coord})[0])};
    }
    return null;
  }
  if (composer.allows({type: 'place_camp', coord})) {
    return {label: `Place the camp on ${coord}`, run: () => propose(composer.where({type: 'place_camp', coord})[0])};
  }
  return null;
}

function frontSection(ctx) {
  const {view, viewer, composer, comp} = ctx;
  if (viewer === null || !view.seats?.[viewer]) return null;
  const front = view.seats[viewer].front;
  if (!front.length) return null;
  const picked = composer?.active ? common(composer.remaining, (m) => m.card) : undefined;
  const tiles = front.map((id) => {
    const legal = composer && !composer.active ? composer.allows({card: id}) && !composer.allows({type: 'keep_camp', card: id})
      : composer && composer.allows({card: id});
    const chosen = picked === id;
    const onclick = legal || chosen ? () => {
      if (chosen) composer.clear();
      else {
        composer.clear();
        composer.pick({card: id}, `Build ${comp(id).name}`);
      }
    } : null;
    const tile = cardTile(id, comp(id), {state: chosen ? 'chosen' : legal ? 'legal' : null, onclick});
    tile.dataset.card = id;
    return tile;
  });
  const building = composer && composer.moves.some((m) => m.type?.startsWith('build_'));
  return h('section', {class: 'bk-panel bk-front', 'aria-label': 'Your building cards'},
    h('h3', {}, 'Your building cards'),
    building ? h('p', {class: 'hint'}, 'Click a building card, then a highlighted square of yours.') : null,
    h('div', {class: 'bk-cards'}, tiles));
}

function tradingChoice(composer) {
  const moves = composer?.active ? composer.remaining.filter((m) => m.type === 'choose_trading_posts') : [];
  const out = {};
  if (!moves.length) return out;
  for (const coord of Object.keys(moves[0].choices)) {
    const v = common(moves, (m) => m.choices[coord]);
    if (v !== undefined) out[coord] = v;
  }
  return out;
}

function setTrading(ctx, coord, resource) {
  const {composer, propose, term} = ctx;
  const chosen = {...tradingChoice(composer), [coord]: resource};
  composer.clear();
  for (const [c, r] of Object.entries(chosen)) {
    composer.narrow((m) => m.type === 'choose_trading_posts' && m.choices[c] === r, `${c}: ${term(r)}`);
  }
  if (composer.complete) propose(composer.complete);
}

function promptSection(ctx) {
  const {view, viewer, composer, comp, term, name, propose} = ctx;
  const items = [];
  const moves = composer?.moves || [];
  const has = (type) => moves.some((m) => m.type === type);
  // Who the viewer is waiting for (never the viewer: their own part is said in words above).
  const waiting = (list) => {
    const others = list.filter((i) => i !== viewer);
    return others.length ? `Waiting for ${others.map(name).join(', ')}.` : '';
  };
  if (view.phase === 'exploration') {
    const you = view.you;
    if (you?.selection && !composer?.active) {
      const sel = you.selection;
      const text = `You chose to play ${sel.play.map((c) => comp(c).name).join(' then ')}`
        + (sel.discard ? ` and to discard ${comp(sel.discard).name}` : '') + '. Click other cards to change it.';
      items.push(h('p', {}, text));
    }
    const others = view.seats.map((x, i) => i).filter((i) => !view.seats[i].has_chosen);
    if (viewer !== null && !you?.selection) items.push(h('p', {class: 'bk-yours'}, 'Your turn to choose from your hand.'));
    items.push(h('p', {class: 'muted'}, waiting(others) || (viewer !== null ? 'Everyone else has chosen.' : '')));
    if (has('retract_pick') && !composer.active) {
      items.push(h('button', {type: 'button', class: 'small', onclick: () => propose(moves.find((m) => m.type === 'retract_pick'))},
        'Withdraw my choice'));
    }
  } else if (view.phase === 'construction') {
    const offer = view.camp_offer;
    if (offer) {
      const mine = offer.seat === viewer;
      items.push(h('p', {class: mine ? 'bk-yours' : ''}, mine
        ? `${comp(offer.card).name} is offered to you: click a highlighted empty square, or keep the camp for a later round.`
        : `${comp(offer.card).name} is offered to ${name(offer.seat)}.`));
      if (mine && has('keep_camp')) {
        items.push(h('button', {type: 'button', class: 'small', onclick: () => propose(moves.find((m) => m.type === 'keep_camp'))},
          `Keep ${comp(offer.card).name}`));
      }
    }
    if (has('finish_construction')) {
      items.push(h('button', {type: 'button', class: 'primary small', onclick: () => propose({type: 'finish_construction'})},
        'Finish building'));
    }
    const busy = view.seats.map((x, i) => i).filter((i) => !view.seats[i].construction_finished);
    if (viewer !== null && view.seats[viewer]?.construction_finished) items.push(h('p', {}, 'You have finished building this round.'));
    items.push(h('p', {class: 'muted'}, busy.length ? `Still building: ${busy.map(name).join(', ')}.` : ''));
  } else if (view.phase === 'harvest') {
    const mine = moves.some((m) => m.type === 'choose_trading_posts');
    const chosen = view.you?.trading_post_choices || {};
    if (mine) items.push(h('p', {class: 'bk-yours'}, 'Choose what each of your trading posts produces this harvest: click a resource on the post.'));
    if (Object.keys(chosen).length) {
      items.push(h('p', {}, `Your choice (hidden until all have chosen): ${Object.entries(chosen).map(([c, r]) => `${c} ${term(r)}`).join(', ')}.`));
    }
    const others = view.seats.map((x, i) => i).filter((i) => !view.seats[i].trading_posts_chosen && (props_toAct(ctx).has(i)));
    items.push(h('p', {class: 'muted'}, waiting(others)));
  } else if (view.phase === 'copy') {
    const targets = moves.filter((m) => m.type === 'choose_copy_target');
    const chosen = view.you?.copy_choices || {};
    for (const copier of [...new Set(targets.map((m) => m.card))]) {
      items.push(h('p', {class: 'bk-yours'}, `${comp(copier).name}: choose the parchment it copies.`
        + (chosen[copier] ? ` Now: ${comp(chosen[copier]).name}.` : '')));
      items.push(h('div', {class: 'bk-cards'}, targets.filter((m) => m.card === copier).map((m) => {
        const tile = cardTile(m.target, comp(m.target), {state: chosen[copier] === m.target ? 'chosen' : 'legal',
          onclick: () => propose(m)});
        tile.dataset.card = m.target;
        return tile;
      })));
    }
    if (!targets.length) items.push(h('p', {class: 'muted'}, 'Waiting for the copy choices (Liberal, Socialist).'));
  } else if (view.phase === 'over') {
    items.push(h('p', {}, 'The game is over: the final scoring is below the map.'));
  }
  if (!items.length) return null;
  return h('section', {class: 'bk-panel bk-prompt', 'aria-label': 'What to do'}, items);
}

function props_toAct(ctx) {
  return new Set(ctx.toAct || []);
}

// ---- the map --------------------------------------------------------------------------------

function terrainMark(terrain, x, y) {
  const g = s('g', {class: 'bk-mark', 'aria-hidden': 'true'});
  if (terrain === 'forest') {
    for (const dx of [8, 17]) g.append(s('path', {d: `M${x + dx} ${y + 44}l5 -10l5 10z`, fill: '#3f6b2e'}));
  } else if (terrain === 'sea') {
    g.append(s('path', {d: `M${x + 5} ${y + 41}q4 -4 8 0t8 0t8 0`, fill: 'none', stroke: '#2d6a9e', 'stroke-width': 1.5}));
  } else if (terrain === 'field') {
    for (const dx of [7, 11, 15]) g.append(s('path', {d: `M${x + dx} ${y + 44}v-9`, stroke: '#b28a1d', 'stroke-width': 1.5}));
  } else if (terrain === 'mountain') {
    g.append(s('path', {d: `M${x + 4} ${y + 44}l7 -12l7 12z`, fill: '#7d6f62'}));
  } else if (terrain === 'plains') {
    g.append(s('path', {d: `M${x + 6} ${y + 44}l2 -5l2 5m3 0l2 -5l2 5`, fill: 'none', stroke: '#7fa34a', 'stroke-width': 1.2}));
  }
  return g;
}

function towers(n, x, y, fill) {
  const g = s('g', {class: 'bk-city'});
  const w = 8;
  const start = x + 24 - (n * (w + 1)) / 2;
  for (let i = 0; i < n; i += 1) {
    const hgt = i === 1 ? 19 : 15;
    const tx = start + i * (w + 1);
    g.append(s('rect', {x: tx, y: y + 30 - hgt, width: w, height: hgt, fill, stroke: '#333', 'stroke-width': 1}));
    g.append(s('path', {d: `M${tx - 1} ${y + 30 - hgt}l${w / 2 + 1} -5l${w / 2 + 1} 5z`, fill: '#8b3a2e', stroke: '#333', 'stroke-width': 0.8}));
  }
  return g;
}

function building(ctx, id, x, y, owner, tradingRes) {
  const {comp, colour} = ctx;
  if (!id) return null;
  const entry = comp(id);
  const tint = owner === null || owner === undefined ? '#f7f2e6' : colour(owner);
  if (id === 'CI') return towers(1, x, y, '#f7f2e6');
  if (entry.kind === 'city') return towers(entry.strength || 1, x, y, '#f7f2e6');
  if (entry.kind === 'basic_farm' || entry.kind === 'luxury_farm') {
    const res = entry.produces;
    return s('g', {class: 'bk-farm'},
      s('rect', {x: x + 13, y: y + 10, width: 22, height: 20, rx: 4, fill: RESOURCE_FILL[res] || '#888', stroke: '#333'}),
      s('text', {x: x + 24, y: y + 24, 'text-anchor': 'middle', class: 'bk-res', fill: DARK_MARKS.has(res) ? '#222' : '#fff'},
        RESOURCE_MARK[res] || '?'));
  }
  if (entry.kind === 'trading_post') {
    const res = tradingRes;
    return s('g', {class: 'bk-post'},
      s('path', {d: `M${x + 24} ${y + 7}l12 12l-12 12l-12 -12z`, fill: res ? RESOURCE_FILL[res] : '#fff', stroke: '#333'}),
      s('text', {x: x + 24, y: y + 23, 'text-anchor': 'middle', class: 'bk-res', fill: res ? '#fff' : '#333'},
        res ? RESOURCE_MARK[res] : '?'));
  }
  if (entry.kind === 'camp') {
    return s('g', {class: 'bk-camp'},
      s('path', {d: `M${x + 12} ${y + 30}l12 -20l12 20z`, fill: tint, stroke: '#333'}),
      s('text', {x: x + 24, y: y + 28, 'text-anchor': 'middle', class: 'bk-num'}, String(entry.priority ?? '')));
  }
  if (entry.kind === 'sky_tower') {
    return s('g', {class: 'bk-sky'},
      s('rect', {x: x + 20, y: y + 6, width: 8, height: 25, fill: '#dfe8f5', stroke: '#333'}),
      s('circle', {cx: x + 24, cy: y + 6, r: 5, fill: tint, stroke: '#333'}));
  }
  return null;
}

function rabbit(x, y, fill) {
  const cx = x + CELL - 10;
  const cy = y + 13;
  return s('g', {class: 'bk-rabbit', 'aria-hidden': 'true'},
    s('ellipse', {cx: cx - 3, cy: cy - 7, rx: 2.2, ry: 5, fill, stroke: '#fff', 'stroke-width': 1}),
    s('ellipse', {cx: cx + 3, cy: cy - 7, rx: 2.2, ry: 5, fill, stroke: '#fff', 'stroke-width': 1}),
    s('circle', {cx, cy, r: 6, fill, stroke: '#fff', 'stroke-width': 1.2}));
}

function fiefText(ctx, seat, fief) {
  const {whose, term} = ctx;
  const res = fief.resources.length ? fief.resources.map(term).join(', ') : 'nothing';
  return `${whose(seat)} fief: ${fief.territories.join(', ')} · strength ${fief.strength} (towers) × wealth ${fief.wealth} `
    + `(${res}) = ${fief.harvest}`;
}

function drawMap(ctx, {lit, recent}) {
  const {view, cat, comp, term, colour} = ctx;
  const board = cat.board || {};
  const rows = board.rows || 'ABCDEFGHIJ'.split('');
  const cols = board.columns || [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const squares = board.squares || {};
  const placed = view.board || {};
  const fiefOf = {};
  (view.fiefs || []).forEach((list, seat) => list.forEach((fief, i) => {
    for (const c of fief.territories) fiefOf[c] = {seat, i, fief};
  }));
  const svg = s('svg', {viewBox: `0 0 ${SIZE} ${SIZE}`, class: 'bk-map', role: 'group',
    'aria-label': 'The New World map, rows A to J, columns 1 to 10'});
  const base = s('g', {}), marks = s('g', {}), lines = s('g', {}), pieces = s('g', {}), labels = s('g', {}), hits = s('g', {});
  svg.append(base, marks, lines, pieces, labels, hits);
  rows.forEach((r, i) => labels.append(s('text', {x: PAD / 2, y: PAD + i * CELL + CELL / 2 + 4, class: 'bk-axis', 'text-anchor': 'middle'}, r)));
  cols.forEach((c, i) => labels.append(s('text', {x: PAD + i * CELL + CELL / 2, y: PAD - 7, class: 'bk-axis', 'text-anchor': 'middle'}, String(c))));
  const overlays = new Map();
  for (const r of rows) {
    for (const c of cols) {
      const coord = `${r}${c}`;
      const [x, y] = coordXY(coord, rows);
      const sq = squares[coord] || {};
      base.append(s('rect', {x, y, width: CELL, height: CELL, fill: TERRAIN_FILL[sq.terrain] || '#ddd', stroke: '#8a8272', 'stroke-width': 0.6}));
      marks.append(terrainMark(sq.terrain, x, y));
      const here = placed[coord];
      const tradingRes = view.trading_posts?.[coord] || (here?.owner === ctx.viewer ? view.you?.trading_post_choices?.[coord] : undefined);
      if (here?.building) pieces.append(building(ctx, here.building, x, y, here.owner, tradingRes));
      if (here && here.owner !== null && here.owner !== undefined) pieces.append(rabbit(x, y, colour(here.owner)));
    }
  }
  // Lava flows: a thick glowing line on the blocked side.
  for (const [a, b] of board.lava_edges || []) {
    const [ax, ay] = coordXY(a, rows);
    const [bx, by] = coordXY(b, rows);
    const seg = ay === by ? [Math.max(ax, bx), ay, Math.max(ax, bx), ay + CELL] : [ax, Math.max(ay, by), ax + CELL, Math.max(ay, by)];
    lines.append(s('line', {x1: seg[0], y1: seg[1], x2: seg[2], y2: seg[3], class: 'bk-lava'}, tip(`Lava between ${a} and ${b}: not connected`)));
  }
  // Fief outlines: every side of a square whose neighbour is not in the same fief, in the owner's colour.
  for (const [coord, {seat, i}] of Object.entries(fiefOf)) {
    const [x, y] = coordXY(coord, rows);
    const ri = rows.indexOf(coord[0]);
    const ci = Number(coord.slice(1)) - 1;
    const same = (dr, dc) => {
      const rr = rows[ri + dr];
      const cc = cols[ci + dc];
      if (!rr || !cc) return false;
      const f = fiefOf[`${rr}${cc}`];
      return f && f.seat === seat && f.i === i;
    };
    const inset = 2.5;
    const sides = [[-1, 0, x, y + inset, x + CELL, y + inset], [1, 0, x, y + CELL - inset, x + CELL, y + CELL - inset],
      [0, -1, x + inset, y, x + inset, y + CELL], [0, 1, x + CELL - inset, y, x + CELL - inset, y + CELL]];
    for (const [dr, dc, x1, y1, x2, y2] of sides) {
      if (!same(dr, dc)) lines.append(s('line', {x1, y1, x2, y2, stroke: colour(seat), class: 'bk-fief-edge'}));
    }
  }
  // Sky Tower links: the two towers of one card, joined by a dashed line.
  const skies = {};
  for (const [coord, here] of Object.entries(placed)) {
    if (here.building && comp(here.building).kind === 'sky_tower') (skies[here.building] ||= []).push([coord, here.owner]);
  }
  for (const [id, ends] of Object.entries(skies)) {
    if (ends.length !== 2) continue;
    const [[a, owner], [b]] = ends;
    const [ax, ay] = coordXY(a, rows);
    const [bx, by] = coordXY(b, rows);
    lines.append(s('line', {x1: ax + 24, y1: ay + 8, x2: bx + 24, y2: by + 8, stroke: colour(owner), class: 'bk-sky-link'},
      tip(`${comp(id).name}: ${a} and ${b} count as connected`)));
  }
  // Fief labels: strength × wealth = harvest on the fief's first square.
  (view.fiefs || []).forEach((list, seat) => list.forEach((fief) => {
    const [x, y] = coordXY(fief.territories[0], rows);
    const text = `${fief.strength}×${fief.wealth}=${fief.harvest}`;
    labels.append(s('g', {class: `bk-fief-label${fief.harvest ? ' scoring' : fief.strength ? '' : ' idle'}`, 'aria-hidden': 'true'},
      s('rect', {x: x + 2, y: y + CELL - 14, width: text.length * 5.6 + 6, height: 12, rx: 3, fill: '#fff', stroke: colour(seat)}),
      s('text', {x: x + 5, y: y + CELL - 5}, text)));
  }));
  // Hit areas last: the tooltip of every square, the legal targets, the lit and recent marks.
  for (const r of rows) {
    for (const c of cols) {
      const coord = `${r}${c}`;
      const [x, y] = coordXY(coord, rows);
      const sq = squares[coord] || {};
      const here = placed[coord];
      const parts = [`${coord} · ${term(sq.terrain)}`];
      if (sq.resource) parts.push(`produces ${term(sq.resource)}`);
      if (here?.owner !== null && here?.owner !== undefined) parts.push(`${ctx.whose(here.owner)} rabbit`);
      if (here?.building) parts.push(comp(here.building).name + (view.trading_posts?.[coord] ? ` (${term(view.trading_posts[coord])})` : ''));
      if (fiefOf[coord]) parts.push(fiefText(ctx, fiefOf[coord].seat, fiefOf[coord].fief));
      const text = parts.join(' · ');
      const cls = ['bk-hit', lit.has(coord) ? 'lit' : '', recent.has(coord) ? 'recent' : ''].filter(Boolean).join(' ');
      const hit = s('rect', {x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: cls, dataset: {coord}}, tip(text));
      const action = squareAction(ctx, coord);
      if (action) {
        hit.classList.add('bk-target');
        target(hit, `${action.label} (${text})`, action.run);
      }
      overlays.set(coord, hit);
      hits.append(hit);
    }
  }
  // Trading post choices, on the posts themselves.
  const choosing = ctx.composer?.moves.filter((m) => m.type === 'choose_trading_posts') || [];
  if (choosing.length) {
    const chosen = tradingChoice(ctx.composer);
    for (const coord of Object.keys(choosing[0].choices)) {
      const [x, y] = coordXY(coord, rows);
      const options = [...new Set(choosing.map((m) => m.choices[coord]))];
      options.forEach((res, k) => {
        const cx = x + 9 + k * 15;
        const cy = y + CELL - 8;
        const on = chosen[coord] === res;
        const chip = s('g', {class: `bk-chip${on ? ' on' : ''}`, dataset: {coord, resource: res}},
          s('circle', {cx, cy, r: 7, fill: RESOURCE_FILL[res] || '#999', stroke: on ? '#000' : '#fff', 'stroke-width': on ? 2.5 : 1.2}),
          s('text', {x: cx, y: cy + 3, 'text-anchor': 'middle', class: 'bk-res small', fill: '#fff'}, RESOURCE_MARK[res] || '?'));
        target(chip, `Trading post ${coord} produces ${term(res)}`, () => setTrading(ctx, coord, res), {selected: on});
        hits.append(chip);
      });
    }
  }
  return {svg, overlays};
}

// ---- side panels ----------------------------------------------------------------------------

function playersSection(ctx, props) {
  const {view, comp, term, name, colour} = ctx;
  const phase = view.phase;
  const acting = new Set(props.toAct || []);
  const rows = (view.seats || []).map((seat, i) => {
    const facts = [];
    if (phase === 'exploration') {
      facts.push(seat.has_chosen ? 'has chosen' : 'choosing…');
      facts.push(`${seat.hand_size} card${seat.hand_size === 1 ? '' : 's'} in hand`);
      if (seat.reserve_size) facts.push(`reserve ${seat.reserve_size}`);
    } else if (phase === 'construction') {
      facts.push(seat.construction_finished ? 'finished building' : 'building…');
    } else if (phase === 'harvest' && acting.has(i)) {
      facts.push('choosing trading-post resources');
    } else if (phase === 'copy' && acting.has(i)) {
      facts.push('choosing a parchment to copy');
    }
    facts.push(`${seat.parchment_count} parchment${seat.parchment_count === 1 ? '' : 's'}`);
    const next = (view.fiefs?.[i] || []).reduce((t, f) => t + f.harvest, 0);
    const harvests = seat.harvests.length ? seat.harvests.map((v, r) => `R${r + 1} ${v}`).join(' · ') : 'no harvest yet';
    const passTo = phase === 'exploration' && view.pass_to ? ` → passes to ${name(view.pass_to[i])}` : '';
    const dot = s('svg', {viewBox: '0 0 12 12', class: 'bk-dot', 'aria-hidden': 'true'}, s('circle', {cx: 6, cy: 6, r: 5.5, fill: colour(i)}));
    return h('li', {class: `bk-seat${i === ctx.viewer ? ' you' : ''}`, dataset: {seat: String(i)}},
      h('div', {class: 'bk-seat-head'}, dot, h('strong', {}, name(i)),
        h('span', {class: 'bk-score'}, `${view.scores?.[String(i)] ?? 0} pts`)),
      h('div', {class: 'bk-facts'}, facts.join(' · ') + passTo),
      h('div', {class: 'bk-facts muted'}, `Harvests: ${harvests} · fiefs now worth ${next}`),
      seat.front.length ? h('div', {class: 'bk-chips'}, seat.front.map((id) => h('span', {class: 'bk-chipcard', title: comp(id).effect}, comp(id).name))) : null);
  });
  return h('section', {class: 'bk-panel bk-players', 'aria-label': 'Players'}, h('h3', {}, 'Players'), h('ol', {class: 'bk-seats'}, rows));
}

function parchmentSection(ctx) {
  const {view, comp} = ctx;
  const you = view.you;
  if (!you || !you.parchments.length || view.phase === 'over') return null;
  const progress = Object.fromEntries((you.parchment_progress || []).map((p) => [p.card, p]));
  const rows = you.parchments.map((id) => {
    const p = progress[id];
    const now = !p ? '' : p.points === null ? '—' : String(p.points);
    return h('tr', {dataset: {card: id}, title: comp(id).effect},
      h('td', {}, h('strong', {}, comp(id).name), h('div', {class: 'bk-effect'}, comp(id).effect)),
      h('td', {class: 'bk-basis'}, p ? p.basis : ''), h('td', {class: 'num'}, now));
  });
  const total = (you.parchment_progress || []).reduce((t, p) => t + (p.points || 0), 0);
  return h('section', {class: 'bk-panel bk-parchments', 'aria-label': 'Your parchments'},
    h('h3', {}, `Your parchments (secret) · worth ${total} if the game ended now`),
    h('table', {class: 'bk-ptable'}, h('tbody', {}, rows)));
}

function fiefSection(ctx) {
  const {view, viewer, term} = ctx;
  if (viewer === null || !view.fiefs?.[viewer]?.length) return null;
  const list = view.fiefs[viewer].filter((f) => f.strength || f.wealth).sort((a, b) => b.harvest - a.harvest);
  const items = list.map((f) => h('li', {}, h('strong', {}, `${f.strength} × ${f.wealth} = ${f.harvest}`),
    ` ${f.territories.join(' ')} · ${f.resources.length ? f.resources.map(term).join(', ') : 'no resource'}`));
  const total = view.fiefs[viewer].reduce((t, f) => t + f.harvest, 0);
  return h('section', {class: 'bk-panel bk-fiefs', 'aria-label': 'Your fiefs'},
    h('h3', {}, view.phase === 'over' || view.phase === 'copy' ? `Your fiefs at the end · last harvest ${total}`
      : `Your fiefs · a harvest now would score ${total}`),
    items.length ? h('ul', {}, items) : h('p', {class: 'muted'}, 'No fief with a city or a resource yet.'));
}

function finalSection(ctx, props) {
  const {view, comp, term, name, colour} = ctx;
  const winners = new Set(props.scores?.winners || []);
  if (view.phase !== 'over') return null;
  const lines = view.final_scoring || [];
  const cards = (view.seats || []).map((seat, i) => {
    const rows = seat.harvests.map((v, r) => h('tr', {}, h('td', {}, term(`harvest round ${r + 1}`)), h('td', {class: 'muted'}, 'fiefs: strength × wealth'), h('td', {class: 'num'}, String(v))));
    for (const line of lines.filter((l) => l.seat === i)) {
      const label = line.copied_from ? `${comp(line.card).name} copying ${comp(line.copied_from).name}` : comp(line.card).name;
      rows.push(h('tr', {}, h('td', {}, label), h('td', {class: 'muted'}, line.basis), h('td', {class: 'num'}, String(line.points))));
    }
    const dot = s('svg', {viewBox: '0 0 12 12', class: 'bk-dot', 'aria-hidden': 'true'}, s('circle', {cx: 6, cy: 6, r: 5.5, fill: colour(i)}));
    return h('div', {class: 'bk-final-seat', dataset: {seat: String(i)}},
      h('h4', {}, dot, `${name(i)} · ${view.scores?.[String(i)] ?? 0} points${winners.has(i) ? ' · wins' : ''}`),
      h('table', {class: 'bk-final-table'}, h('tbody', {}, rows)));
  });
  return h('section', {class: 'bk-panel bk-final', 'aria-label': 'Final scoring'}, h('h3', {}, 'Final scoring'), h('div', {class: 'bk-final-grid'}, cards));
}

function recentCoords(props) {
  const out = new Set();
  for (const entry of props.recent || []) {
    const move = entry && (entry.move || entry.action);
    if (move && typeof move === 'object') for (const k of ['coord', 'coord_a', 'coord_b']) if (move[k]) out.add(move[k]);
    const text = typeof entry === 'string' ? entry : entry?.text || '';
    for (const m of text.matchAll(/\b([A-J](?:10|[1-9]))\b/g)) out.add(m[1]);
  }
  return out;
}

function headline(ctx) {
  const {view, term, name} = ctx;
  const parts = [];
  if (view.round) parts.push(`Round ${view.round} of ${ctx.cat.board?.rounds ?? 4}`);
  parts.push(term(view.phase));
  if (view.phase === 'exploration') parts.push(`pick ${view.pick}`);
  const line = h('div', {class: 'bk-headline'}, h('strong', {}, parts.join(' · ')));
  if (view.phase === 'exploration' && view.pass_direction) {
    const arrow = view.pass_direction === 'right' ? '↺' : view.pass_direction === 'left' ? '↻' : '⇄';
    const mine = ctx.viewer !== null && view.pass_to ? ` (you → ${name(view.pass_to[ctx.viewer])})` : '';
    line.append(h('span', {class: 'bk-pass', title: 'Where the rest of each hand goes after the pick'}, ` ${arrow} ${term(view.pass_direction)}${mine}`));
  }
  line.append(h('span', {class: 'muted'}, ` · deck ${view.deck_size} cards`));
  return line;
}

export default {
  render(root, props) {
    ensureStyles();
    const ctx = {...context(props), toAct: props.toAct};
    const view = ctx.view;
    if (!view || !view.seats) {
      root.replaceChildren(h('p', {class: 'muted'}, 'Waiting for the game to start.'));
      return;
    }
    // Territory cards in the hand and the chosen ones light their square.
    const lit = new Set();
    const sel = view.you?.selection;
    const choice = draftChoice(ctx.composer);
    for (const id of [choice.first, choice.second, ...(sel && !ctx.composer?.active ? sel.play : [])]) {
      if (id && ctx.comp(id).kind === 'territory') lit.add(ctx.comp(id).coord);
    }
    const skyFrom = ctx.composer?.active ? common(ctx.composer.remaining, (m) => m.coord_a) : undefined;
    if (skyFrom) lit.add(skyFrom); // the first tower of a Sky Tower being placed
    const {svg, overlays} = drawMap(ctx, {lit, recent: recentCoords(props)});
    const lights = (coord, on) => {
      const el = overlays.get(coord);
      if (el && !lit.has(coord)) el.classList.toggle('lit', on);
    };
    const side = h('div', {class: 'bk-side'},
      promptSection(ctx), handSection(ctx, lights), frontSection(ctx), parchmentSection(ctx), playersSection(ctx, props));
    root.replaceChildren(h('div', {class: 'bk', dataset: {version: String(props.version ?? '')}},
      headline(ctx),
      h('div', {class: 'bk-main'}, h('div', {class: 'bk-mapwrap'}, svg, fiefSection(ctx)), side),
      finalSection(ctx, props)));
  },

  status(props) {
    const ctx = context(props);
    const view = ctx.view;
    if (!view || !view.phase) return '';
    const round = view.round ? `Round ${view.round} · ` : '';
    const moves = ctx.composer?.moves || [];
    const has = (type) => moves.some((m) => m.type === type);
    if (view.phase === 'exploration') {
      if (ctx.viewer === null) return `${round}Exploration, pick ${view.pick}`;
      if (view.you?.selection) return `${round}Exploration, pick ${view.pick}: your choice is in, waiting for the others`;
      return `${round}Exploration, pick ${view.pick}: ${view.seats.length === 2 ? 'choose a card to play and one to discard' : 'choose two cards to play'}`;
    }
    if (view.phase === 'construction') {
      if (has('place_camp')) return `${round}Construction: place your camp or keep it`;
      if (has('finish_construction')) return `${round}Construction: build from your cards, then Finish`;
      return ctx.viewer === null ? `${round}Construction` : `${round}Construction: waiting for the others`;
    }
    if (view.phase === 'harvest') return has('choose_trading_posts') ? `${round}Harvest: choose your trading-post resources` : `${round}Harvest`;
    if (view.phase === 'copy') return has('choose_copy_target') ? 'Final scoring: choose what your copy parchment copies' : 'Final scoring: copy choices';
    if (view.phase === 'over') return 'Game over: final scoring';
    return ctx.term(view.phase);
  },
};
