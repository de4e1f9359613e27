// The Homesteaders board: round and era track, the auction slots with their tiles and bid ladders, the
// railroad track, the building market, every homestead, the pending decision, and the free actions
// (market, bank, debt) always at hand. Drawn from the view and the catalog only; every control exists
// because a legal move goes through it (the composer says so), never because of a rule held here.

import {h} from '../dom.js';
import {card, stepper} from '../controls.js';
import {s, target, tip} from '../svg.js';
import {mark, observe} from './homesteaders_changes.js';
import {draggable} from './homesteaders_drag.js';

const CSS_HREF = '/web/games/homesteaders.css';
const INK = '#1f2328';
const MUTED = '#8a8f96';

function linkStyles() {
  if (document.querySelector(`link[href="${CSS_HREF}"]`)) return;
  document.head.append(h('link', {rel: 'stylesheet', href: CSS_HREF}));
}

/** Everything a render needs, derived once from props. */
function context(props) {
  const cat = props.catalog || {components: {}, terms: {}, board: {}, tracks: []};
  const view = props.view || {};
  const composer = !props.replaying && props.composer ? props.composer : null;
  const term = (key, fallback) => cat.terms?.[key] ?? fallback ?? key;
  const comp = (id) => cat.components?.[id] || cat.components?.[String(id).split('/')[0]] || {name: String(id), kind: ''};
  const name = (seat) => (seat === 'dummy' ? 'Dummy' : props.name ? props.name(seat) : `Seat ${seat}`);
  const colour = (seat) => (seat === 'dummy' ? '#9aa0a6' : (props.colour && props.colour(seat)) || view.seats?.[seat]?.colour || MUTED);
  /** Every legal move (not only those left after the composer's choices) matching `partial`. */
  const legal = (partial) => (composer ? composer.moves.filter((m) => Object.entries(partial).every(([k, v]) => m[k] === v)) : []);
  const allows = (partial) => Boolean(composer && composer.allows(partial));
  const propose = (move) => {
    if (composer) composer.clear();
    props.propose(move);
  };
  /** Pick `partial`: a single move left is sent at once, several wait for the next choice. */
  const choose = (partial, label) => {
    const left = composer.where(partial);
    if (left.length === 1) propose(left[0]);
    else composer.pick(partial, label);
  };
  return {props, cat, view, composer, term, comp, name, colour, legal, allows, propose, choose,
    viewer: props.viewer ?? null, board: cat.board || {}};
}

function amounts(goods, c) {
  return Object.entries(goods || {}).filter(([, v]) => v).map(([k, v]) => `${v} ${c.term(`holding.${k}`, k)}`).join(' + ');
}

// ---------------------------------------------------------------- status line

function status(props) {
  const c = context(props);
  const v = c.view;
  if (!v.phase) return 'Homesteaders';
  if (v.phase === 'over') return 'Game over · final scores';
  const round = v.round > (c.board.rounds || 10) ? 'Final round' : `Round ${v.round}`;
  const era = v.era && v.era !== 'final' ? ` · ${c.term(`era.${v.era}`, v.era)} era` : '';
  const phase = c.term(`phase.${v.phase}`, v.phase);
  const who = (v.to_act || []).map((s2) => c.name(s2));
  const verb = {bidding: 'to bid', dummy: 'to place the dummy bid', auction_payment: 'to pay',
    build_choice: 'to build', extra_build: 'to build', rail_reward: 'to choose a reward'}[v.phase] || 'to act';
  const tail = who.length ? ` — ${who.join(', ')} ${verb}` : '';
  return `${round}${era} · ${phase}${tail}`;
}

// ---------------------------------------------------------------- round / era track

function roundTrack(c) {
  const v = c.view;
  const rounds = c.board.rounds || 10;
  const eraFill = {settlement: '#e9f2dc', town: '#dfe9f6', city: '#f1e3ef', final: '#f3efe2'};
  const w = 36;
  const cells = [];
  for (let r = 1; r <= rounds + 1; r += 1) {
    const era = c.cat.tracks?.find((t) => t.id === 'rounds')?.spaces?.find((sp) => sp.space === r)?.era || 'final';
    const x = 4 + (r - 1) * (w + 4);
    const now = v.round === r;
    cells.push(s('g', {class: now ? 'hs-round now' : 'hs-round', 'aria-current': now ? 'step' : null},
      s('rect', {x, y: 18, width: w, height: 30, rx: 5, fill: eraFill[era], stroke: now ? INK : '#c9c4b8', 'stroke-width': now ? 2.5 : 1}),
      s('text', {x: x + w / 2, y: 38, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': now ? 700 : 400},
        r > rounds ? 'F' : String(r)),
      tip(r > rounds ? 'Final income and scoring' : `Round ${r} · ${c.term(`era.${era}`, era)} era`)));
  }
  const labels = (c.board.eras || []).map((e) => {
    const x = 4 + (e.rounds[0] - 1) * (w + 4);
    return s('text', {x, y: 12, 'font-size': 11, fill: MUTED}, `${e.name} era`);
  });
  const width = 8 + (rounds + 1) * (w + 4);
  return s('svg', {class: 'hs-rounds', viewBox: `0 0 ${width} 52`, role: 'img',
    'aria-label': `Round ${v.round} of ${rounds}`}, labels, cells);
}

// ---------------------------------------------------------------- auction board

function payLabel(move, c) {
  if (move.take_debt_for_shortfall) return move.gold_used ? `Pay with ${move.gold_used} gold, debt for the rest` : 'Pay, taking debt for what is missing';
  return move.gold_used ? `Pay with ${move.gold_used} gold (+ silver)` : 'Pay in silver';
}

function tileBox(c, tileId, x, y, width, height, onPick, label) {
  const t = c.comp(tileId);
  const types = c.board.types || [];
  const g = s('g', {class: 'hs-tile', dataset: {tile: tileId}},
    s('rect', {x, y, width, height, rx: 8, fill: '#fbf6ea', stroke: '#b9a97f', 'stroke-width': 1.5}),
    s('text', {x: x + 8, y: y + 18, 'font-size': 14, 'font-weight': 700}, t.name || tileId),
    (t.build_types || []).map((ty, i) => {
      const info = types.find((x2) => x2.id === ty) || {colour: MUTED, name: ty};
      return s('g', {}, s('rect', {x: x + 8 + i * 26, y: y + 24, width: 22, height: 18, rx: 4, fill: info.colour}),
        s('text', {x: x + 19 + i * 26, y: y + 37, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff', 'font-weight': 700}, ty),
        tip(info.name));
    }),
    wrap(tileText(t), 22).slice(0, (t.build_types || []).length ? 3 : 5).map((line, i) =>
      s('text', {x: x + 8, y: y + ((t.build_types || []).length ? 56 : 36) + i * 13, 'font-size': 12, fill: INK}, line)),
    tip(`${t.name}: ${t.effect || ''}`));
  if (onPick) {
    g.classList.add('legal');
    target(g, label, onPick);
  }
  return g;
}

/** The tile's effect without the type letters already drawn as chips: "Build Industrial; +1 worker". */
function tileText(t) {
  return String(t.effect || '').replace(/\.$/, '').replace('Build any type (Residential, Commercial, Industrial or Special)', 'Build any type');
}

function wrap(text, width) {
  const out = [];
  let line = '';
  for (const word of String(text).split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  return out;
}

function auctionBoard(c) {
  const v = c.view;
  const ladder = c.board.bid_ladder || [];
  const slots = v.slots || [];
  const tileW = 150;
  const step = 36;
  const width = 8 + ladder.length * step;
  const svgs = slots.map((slot) => {
    const bid = slot.bid;
    const resolving = v.resolving_slot === slot.slot;
    const dummyPick = c.allows({type: 'place_dummy_bid', slot: slot.slot});
    const bidPick = c.allows({type: 'place_bid', slot: slot.slot});
    let onTile = null;
    let label = '';
    if (dummyPick) {
      onTile = () => c.propose(c.legal({type: 'place_dummy_bid', slot: slot.slot})[0]);
      label = `Place the dummy bid on slot ${slot.slot}`;
    } else if (bidPick) {
      onTile = () => c.composer.pick({type: 'place_bid', slot: slot.slot}, `Slot ${slot.slot}`);
      label = `Bid on slot ${slot.slot}: choose the value next`;
    }
    const chosen = Boolean(c.composer?.active) && c.composer.values('type')[0] === 'place_bid'
      && c.composer.values('slot').length === 1 && c.composer.values('slot')[0] === slot.slot;
    const circles = ladder.map((value, k) => {
      const cx = 22 + k * step;
      const cy = 122;
      const here = bid && bid.value === value;
      const ok = c.allows({type: 'place_bid', slot: slot.slot, value});
      const g = s('g', {class: `hs-rung${ok ? ' legal' : ''}${here ? ' held' : ''}`, dataset: {slot: slot.slot, value}},
        s('circle', {cx, cy, r: 15, fill: here ? c.colour(bid.holder) : '#fff', stroke: ok ? '#1f5fa8' : '#c9c4b8', 'stroke-width': ok ? 2.5 : 1}),
        s('text', {x: cx, y: cy + 4.5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': here || ok ? 700 : 400, fill: here ? '#fff' : ok ? INK : MUTED}, String(value)),
        here ? tip(`${bid.holder === 'dummy' ? 'Dummy bid' : c.name(bid.holder)}: ${value}`) : null);
      if (ok) target(g, `Bid ${value} on slot ${slot.slot}`, () => c.propose({type: 'place_bid', slot: slot.slot, value}));
      return g;
    });
    const holder = bid ? (bid.holder === 'dummy' ? 'Dummy bid' : c.name(bid.holder)) : 'no bid yet';
    const winner = v.winners?.[slot.slot - 1];
    const lines = [
      s('text', {x: tileW + 14, y: 22, 'font-size': 15, 'font-weight': 700}, `Slot ${slot.slot}`),
      s('text', {x: tileW + 14, y: 44, 'font-size': 12.5, fill: bid ? INK : MUTED, class: 'hs-slot-high'}, bid ? `High: ${holder}` : holder),
      bid ? s('text', {x: tileW + 14, y: 62, 'font-size': 12.5, 'font-weight': 700}, `at ${bid.value} silver`) : null,
      resolving ? s('text', {x: tileW + 14, y: 84, 'font-size': 12, fill: '#1d6b35', 'font-weight': 700}, `${c.name(winner)} resolves it`) : null,
      bidPick && !chosen ? s('text', {x: tileW + 14, y: 84, 'font-size': 11, fill: '#1f5fa8'}, 'click a value below') : null,
    ];
    return s('svg', {class: `hs-slot${resolving ? ' resolving' : ''}${chosen ? ' chosen' : ''}`, viewBox: `0 0 ${width} 142`,
      role: 'group', 'aria-label': `Auction slot ${slot.slot}: ${c.comp(slot.tile).name}, ${bid ? `high bid ${bid.value} by ${holder}` : 'no bid'}`,
      dataset: {slot: slot.slot}},
    chosen ? s('rect', {x: 1, y: 1, width: tileW + 6, height: 98, rx: 10, fill: 'none', stroke: '#e0a100', 'stroke-width': 3}) : null,
    tileBox(c, slot.tile, 4, 4, tileW, 92, onTile, label), lines,
    circles);
  });
  const svg = h('div', {class: 'hs-slots'}, svgs);
  const bidders = (v.seats || []).map((seat) => {
    const st = c.term(`status.${seat.status}`, seat.status);
    const where = seat.bid ? ` on slot ${seat.bid.slot} at ${seat.bid.value}` : '';
    return h('li', {class: `hs-bidder ${seat.status}`, dataset: {seat: seat.seat}}, swatch(c.colour(seat.seat)), `${c.name(seat.seat)}: ${st}${where}`);
  });
  const dummy = v.dummy_value ? h('li', {class: 'hs-bidder'}, swatch(c.colour('dummy')), `Dummy value ${v.dummy_value}`) : null;
  return h('section', {class: 'hs-panel hs-auction-panel', 'aria-label': 'Auction'},
    h('h3', {}, v.slots?.length ? `Auction · round ${v.round}` : 'Auction'),
    v.slots?.length ? svg : h('p', {class: 'muted'}, 'No auction this round.'),
    h('ul', {class: 'hs-bidders'}, bidders, dummy),
    stacks(c));
}

function stacks(c) {
  const v = c.view;
  const next = (v.stack_1 || []).slice(v.round || 0).slice(0, 3);
  const parts = [h('span', {}, `Stack 1 next: ${next.join(', ') || '—'}`)];
  for (const [k, st] of Object.entries(v.random_stacks || {})) {
    const seen = new Set(st.revealed || []);
    const left = Object.entries(st.tiles || {}).map(([g, ids]) => `${ids.filter((id) => !seen.has(id)).length} ${c.term(`era.${g}`, g)}`);
    parts.push(h('span', {title: 'Face down: only the set of tiles per era is known'}, `Stack ${k} face down: ${left.join(', ')}`));
  }
  return h('p', {class: 'hs-stacks muted'}, parts);
}

function swatch(colour) {
  return s('svg', {class: 'hs-swatch', viewBox: '0 0 12 12', width: 12, height: 12, 'aria-hidden': 'true'},
    s('circle', {cx: 6, cy: 6, r: 5.5, fill: colour, stroke: '#0003'}));
}

// ---------------------------------------------------------------- railroad track

function railTrack(c) {
  const v = c.view;
  const spaces = c.cat.tracks?.find((t) => t.id === 'railroad')?.spaces || [];
  const w = 120;
  const hgt = 62;
  const perRow = 3;
  const cells = spaces.map((sp, i) => {
    const x = 4 + (i % perRow) * (w + 6);
    const y = 4 + Math.floor(i / perRow) * (hgt + 6);
    const reward = sp.rewards?.length ? (sp.rewards.length > 1 ? 'resource' : sp.rewards[0]) : null;
    const ok = reward && c.allows({type: 'choose_rail_reward', reward});
    const g = s('g', {class: `hs-rail${ok ? ' legal' : ''}`, dataset: {space: sp.space}},
      s('rect', {x, y, width: w, height: hgt, rx: 6, fill: ok ? '#e1ecfa' : '#f7f5f0', stroke: ok ? '#1f5fa8' : '#c9c4b8', 'stroke-width': ok ? 2.5 : 1}),
      s('text', {x: x + 7, y: y + 16, 'font-size': 13, 'font-weight': 700, fill: MUTED}, String(sp.space)),
      wrap(sp.text, 15).slice(0, 2).map((line, k) => s('text', {x: x + w / 2 + 6, y: y + 20 + k * 15, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': ok ? 700 : 400}, line)),
      tip(`Space ${sp.space}: ${sp.text}`));
    if (ok) target(g, `Railroad reward: ${sp.text}`, () => c.choose({type: 'choose_rail_reward', reward}, sp.text));
    const here = (v.seats || []).filter((seat) => seat.rail === sp.space);
    here.forEach((seat, k) => g.append(s('circle', {class: 'hs-rail-token', 'data-seat': seat.seat, cx: x + 14 + k * 18, cy: y + hgt - 13, r: 8, fill: c.colour(seat.seat), stroke: '#0005'},
      tip(`${c.name(seat.seat)} on space ${sp.space}`))));
    return g;
  });
  const rows = Math.ceil(spaces.length / perRow);
  return h('section', {class: 'hs-panel hs-rail-panel', 'aria-label': 'Railroad development track'},
    h('h3', {}, 'Railroad development'),
    s('svg', {class: 'hs-railtrack', viewBox: `0 0 ${8 + perRow * (w + 6)} ${8 + rows * (hgt + 6)}`, role: 'group', 'aria-label': 'Railroad track'}, cells),
    h('p', {class: 'hint'}, 'Passing in the auction advances you one space; choose a reward of that space or lower.'));
}

// ---------------------------------------------------------------- building market

function market(c) {
  const v = c.view;
  const byKind = new Map();
  for (const inst of v.supply || []) {
    const id = c.comp(inst).building || inst.split('#')[0];
    if (!byKind.has(id)) byKind.set(id, []);
    byKind.get(id).push(inst);
  }
  const building = ['build_choice', 'extra_build'].includes(v.phase) && c.composer;
  const groups = (c.board.types || []).map((type) => {
    const cards = [...byKind.entries()].filter(([id]) => c.comp(id).type === type.id).map(([id, insts]) => {
      const legal = building && (c.allows({type: 'build_building', building: id}) || insts.some((i) => c.allows({type: 'build_building', building: i})));
      const chosen = c.composer?.active && c.composer.values('building').every((b) => b === id || insts.includes(b)) && c.composer.values('type')[0] === 'build_building';
      const pick = () => {
        const name = c.allows({type: 'build_building', building: id}) ? id : insts.find((i) => c.allows({type: 'build_building', building: i}));
        c.choose({type: 'build_building', building: name}, `Build ${c.comp(id).name}`);
      };
      return card(id, c.comp(id), {state: chosen ? 'chosen' : legal ? 'legal' : null, onclick: legal ? pick : null,
        extra: h('span', {class: 'hs-left muted'}, `${insts.length} left`)});
    });
    if (!cards.length) return null;
    return h('div', {class: `hs-type hs-type-${type.id}`}, h('h4', {}, type.name), h('div', {class: 'hs-cards'}, cards));
  });
  const aside = Object.entries(v.set_aside || {}).filter(([, list]) => list.length).map(([era, list]) => {
    const ids = [...new Set(list.map((i) => i.split('#')[0]))];
    return h('details', {class: 'hs-aside'}, h('summary', {}, `${c.term(`era.${era}`, era)} era buildings (${list.length}, not yet buildable)`),
      h('div', {class: 'hs-cards'}, ids.map((id) => card(id, c.comp(id)))));
  });
  return h('section', {class: 'hs-panel hs-market', 'aria-label': 'Building market'},
    h('h3', {}, `Buildings for sale${v.era && v.era !== 'final' ? ` · ${c.term(`era.${v.era}`, v.era)} era` : ''}`),
    building && c.viewer !== null && (v.to_act || []).includes(c.viewer) && c.composer.moves.some((m) => m.type === 'build_building')
      ? h('p', {class: 'hint'}, 'Highlighted buildings fit the won tile and your resources: click one to build it.') : null,
    groups, aside);
}

// ---------------------------------------------------------------- homesteads

function homestead(c, seat) {
  const v = c.view;
  const mine = c.viewer === seat.seat;
  const allocating = mine && v.phase === 'allocation' && c.composer && c.composer.moves.some((m) => m.type === 'assign_worker' || m.type === 'unassign_worker');
  const chosenWorker = allocating && c.composer.active && c.composer.values('worker').length === 1 ? c.composer.values('worker')[0] : null;
  const where = new Map((seat.placement || []).map(([w, b, sl]) => [w, `${b}/${sl}`]));
  const inSlot = new Map();
  for (const [w, b, sl] of seat.placement || []) {
    const key = `${b}/${sl}`;
    inSlot.set(key, [...(inSlot.get(key) || []), w]);
  }
  const workerNo = (w) => w.split('-')[1] || w;
  /** Where worker `w` may be dropped: each free slot's `data-drop` (and "idle") to its legal move. */
  const dropTargets = (w) => new Map(c.composer.moves.filter((m) => m.worker === w)
    .map((m) => [m.type === 'assign_worker' ? `${m.building}/${m.slot}` : `idle/${seat.seat}`, m]));
  const pickWorker = (w) => (chosenWorker === w ? c.composer.clear() : (c.composer.clear(), c.composer.pick({worker: w}, `Worker ${workerNo(w)}`)));
  const workerButton = (w, label, dot) => draggable(h('button', {type: 'button', class: `hs-worker-btn${chosenWorker === w ? ' chosen' : ''}`,
    'aria-pressed': chosenWorker === w ? 'true' : 'false', 'aria-label': label, dataset: {worker: w},
    title: 'Click, then click a slot (or drag it onto a slot)', onclick: () => pickWorker(w)}, dot), () => dropTargets(w), (m) => c.propose(m));
  const buildings = (seat.buildings || []).map((inst) => {
    const b = c.comp(inst);
    const slots = (b.worker_slots || []).map((spec, k) => {
      const key = `${inst}/${k + 1}`;
      const here = inSlot.get(key) || [];
      const candidates = chosenWorker ? [chosenWorker] : [...seat.workers.filter((w) => !where.has(w)), ...seat.workers.filter((w) => where.has(w))];
      const move = allocating && candidates.map((w) => ({type: 'assign_worker', worker: w, building: inst, slot: k + 1}))
        .find((m) => c.composer.moves.some((x) => x.type === m.type && x.worker === m.worker && x.building === m.building && x.slot === m.slot));
      const yieldText = amounts(spec.yield, c);
      const need = spec.workers > 1 ? ` (needs ${spec.workers} workers)` : '';
      const dots = Array.from({length: spec.workers}, (_, j) => {
        const w = here[j];
        const dot = s('svg', {class: 'hs-dot', viewBox: '0 0 22 22', width: 22, height: 22, 'aria-hidden': w ? null : 'true'},
          s('circle', {cx: 11, cy: 11, r: 9.5, fill: w ? c.colour(seat.seat) : '#fff', stroke: w ? '#0006' : '#b7b2a6', 'stroke-dasharray': w ? null : '3 2'}),
          w ? s('text', {x: 11, y: 15, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff', 'font-weight': 700}, workerNo(w)) : null);
        if (w && allocating && c.composer.moves.some((m) => m.worker === w)) return workerButton(w, `Worker ${workerNo(w)} on ${b.name}: choose it to move it`, dot);
        return dot;
      });
      const label = `${b.name} slot ${k + 1}: ${yieldText}${need}`;
      const body = [dots, h('span', {class: 'hs-yield'}, `→ ${yieldText}${need}`)];
      if (move) {
        return h('div', {class: 'hs-wslot legal', dataset: {drop: key}}, h('button', {type: 'button', class: 'hs-slot-btn', 'aria-label': `Place worker ${workerNo(move.worker)} on ${label}`,
          onclick: () => c.propose(move)}, 'Place'), body);
      }
      return h('div', {class: 'hs-wslot', title: label, dataset: {drop: key}}, body);
    });
    const type = (c.board.types || []).find((t) => t.id === b.type);
    return h('div', {class: `hs-bld hs-type-${b.type}`, title: `${b.name} (${type?.name || b.type}): ${b.effect}`, dataset: {id: inst}},
      h('div', {class: 'hs-bld-head'}, h('strong', {}, b.name), h('span', {class: 'hs-vp'}, b.points ? `${b.points} VP` : '')),
      h('div', {class: 'hs-bld-effect'}, b.effect), slots);
  });
  const idle = (seat.workers || []).filter((w) => !where.has(w));
  const idleBox = h('div', {class: 'hs-idle', dataset: {drop: `idle/${seat.seat}`}}, h('span', {class: 'muted'}, `Workers ${seat.workers.length} · idle ${idle.length}: `),
    idle.map((w) => {
      const canPick = allocating && c.composer.moves.some((m) => m.type === 'assign_worker' && m.worker === w);
      const dot = swatchWorker(c.colour(seat.seat), workerNo(w));
      return canPick ? workerButton(w, `Idle worker ${workerNo(w)}: choose it, then a slot`, dot) : dot;
    }),
    chosenWorker && where.has(chosenWorker) && c.allows({type: 'unassign_worker', worker: chosenWorker})
      ? h('button', {type: 'button', class: 'small', onclick: () => c.propose({type: 'unassign_worker', worker: chosenWorker})}, `Leave worker ${workerNo(chosenWorker)} idle`) : null);
  const holdings = seat.holdings
    ? h('dl', {class: 'hs-holdings'}, (c.board.holdings || Object.keys(seat.holdings)).map((k) =>
      h('div', {class: `hs-h hs-h-${k}${seat.holdings[k] ? '' : ' zero'}`}, h('dt', {}, c.term(`holding.${k}`, k)), h('dd', {}, String(seat.holdings[k] ?? 0)))))
    : h('p', {class: 'hs-screen muted'}, 'Silver, resources, trade tokens, debt and VP tokens are behind the screen.');
  const income = v.phase === 'over' ? null : seat.next_income
    ? h('p', {class: 'hs-income'}, `Income if nothing changes: ${sumIncome(seat.next_income, c) || 'nothing'} · wages ${seat.workers.length} silver`)
    : h('p', {class: 'hs-income muted'}, `Wages ${seat.workers.length} silver per round`);
  const last = (seat.last_income || []).length
    ? h('details', {class: 'hs-last'}, h('summary', {}, 'Last income'), h('ul', {}, seat.last_income.map((line) =>
      h('li', {}, `${sourceName(line.source, c)}: ${amounts(line.gained, c)}`)))) : null;
  const flags = [
    v.start_player === seat.seat ? h('span', {class: 'badge hs-start'}, 'start player') : null,
    v.phase === 'allocation' ? h('span', {class: 'badge hs-confirmed'}, seat.confirmed_workers ? 'workers confirmed' : 'placing workers') : null,
    seat.wages_due ? h('span', {class: 'badge'}, 'wages due') : null,
    (v.to_act || []).includes(seat.seat) ? h('span', {class: 'badge hs-acting'}, 'to act') : null,
  ];
  const vp = seat.provisional_total !== undefined ? `${seat.provisional_total} VP${v.phase === 'over' ? '' : ' so far'}` : `${seat.visible_vp} visible VP`;
  return h('section', {class: `hs-panel hs-home${mine ? ' mine' : ''}`, 'aria-label': `${c.name(seat.seat)}'s homestead`, dataset: {seat: seat.seat}},
    h('h3', {}, swatch(c.colour(seat.seat)), ` ${c.name(seat.seat)}`, h('span', {class: 'hs-vpsum', title: vpWhy(c, seat)}, vp), flags),
    h('p', {class: 'hs-facts'}, `Rail lines ${seat.track} · railroad space ${seat.rail}`),
    holdings, income, idleBox, h('div', {class: 'hs-blds'}, buildings), last);
}

/** Where a homestead's points come from, to check by hand (hover or long-press the total). */
function vpWhy(c, seat) {
  if (seat.score) {
    const order = c.board.score_sources || [];
    return Object.entries(seat.score).sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
      .map(([k, n]) => `${c.term(`score.${k}`, k)}: ${n}`).join('\n');
  }
  const printed = (seat.buildings || []).map((inst) => [c.comp(inst).name, c.comp(inst).points || 0]).filter(([, n]) => n);
  return [`Visible: printed VP of buildings and their end bonuses (resources and VP tokens are behind the screen)`,
    ...printed.map(([name, n]) => `${name}: ${n}`)].join('\n');
}

function swatchWorker(colour, label) {
  return s('svg', {class: 'hs-dot', viewBox: '0 0 22 22', width: 22, height: 22, 'aria-hidden': 'true'},
    s('circle', {cx: 11, cy: 11, r: 9.5, fill: colour, stroke: '#0006'}),
    s('text', {x: 11, y: 15, 'text-anchor': 'middle', 'font-size': 11, fill: '#fff', 'font-weight': 700}, label));
}

function sourceName(source, c) {
  if (source === 'track') return c.term('track', 'Rail lines');
  const [inst, slot] = String(source).split('/');
  return slot ? `${c.comp(inst).name} worker` : c.comp(inst).name;
}

function sumIncome(lines, c) {
  const total = {};
  for (const [, gained] of lines) for (const [k, n] of Object.entries(gained)) total[k] = (total[k] || 0) + n;
  return amounts(total, c);
}

// ---------------------------------------------------------------- the pending decision

function decision(c) {
  const v = c.view;
  const comp = c.composer;
  if (!comp || c.viewer === null || !(v.to_act || []).includes(c.viewer)) {
    if (c.props.replaying) return h('div', {class: 'hs-panel hs-decision'}, h('p', {}, 'Replaying a past version: nothing can be played here.'));
    return null;
  }
  const moves = comp.moves;
  const has = (type) => moves.some((m) => m.type === type);
  const btn = (text, move, primary = false) => h('button', {type: 'button', class: primary ? 'primary' : '', onclick: () => c.propose(move)}, text);
  const body = [];
  const title = c.term(`phase.${v.phase}`, v.phase);
  if (v.phase === 'allocation') {
    body.push(h('p', {}, 'Choose a worker (idle or placed), then a free slot marked Place on your buildings. Idle workers still cost wages.'));
    if (has('confirm_workers')) body.push(btn('Confirm workers', {type: 'confirm_workers'}, true));
  } else if (v.phase === 'wages') {
    const me = v.seats[c.viewer];
    body.push(h('p', {}, `Pay ${me.workers.length} silver for ${me.workers.length} workers (gold counts as 5 silver, no change).`));
    body.push(h('div', {class: 'row'}, moves.filter((m) => m.type === 'pay_wages').map((m) => btn(payLabel(m, c), m))));
  } else if (v.phase === 'auction_payment') {
    const slot = v.slots[v.resolving_slot - 1];
    body.push(h('p', {}, `You won slot ${slot.slot} (${c.comp(slot.tile).name}) at ${slot.bid?.value}: pay for it.`));
    body.push(h('div', {class: 'row'}, moves.filter((m) => m.type === 'pay_auction').map((m) => btn(payLabel(m, c), m))));
  } else if (v.phase === 'dummy') {
    body.push(h('p', {}, `Place the dummy bid (value ${v.dummy_value}) on a slot:`),
      h('div', {class: 'row'}, moves.filter((m) => m.type === 'place_dummy_bid').map((m) => btn(`Dummy on slot ${m.slot}`, m))));
  } else if (v.phase === 'bidding') {
    const slots = comp.values('slot', {type: 'place_bid'});
    const chosen = comp.active && slots.length === 1 ? slots[0] : null;
    if (chosen) {
      const values = comp.values('value', {type: 'place_bid', slot: chosen});
      body.push(h('p', {}, `Your bid on slot ${chosen} (legal values only):`),
        stepper(values, (value) => c.propose({type: 'place_bid', slot: chosen, value}), {label: `Bid on slot ${chosen}`, action: 'Bid'}),
        h('button', {type: 'button', class: 'small', onclick: () => comp.clear()}, 'Other slot'));
    } else {
      body.push(h('p', {}, 'Choose a slot (click its tile) and a value on its ladder, or pass (railroad advance).'),
        h('div', {class: 'row'}, [...new Set(moves.filter((m) => m.type === 'place_bid').map((m) => m.slot))].map((sl) =>
          h('button', {type: 'button', onclick: () => comp.pick({type: 'place_bid', slot: sl}, `Slot ${sl}`)}, `Bid on slot ${sl}`))));
    }
    if (has('pass_bidding')) body.push(btn('Pass', {type: 'pass_bidding'}));
  } else if (v.phase === 'rail_reward') {
    const rewards = [...new Set(moves.filter((m) => m.type === 'choose_rail_reward').map((m) => m.reward))];
    const resourcePicked = comp.active && comp.values('reward').length === 1 && comp.values('reward')[0] === 'resource';
    body.push(h('p', {}, `Railroad space ${v.seats[c.viewer].rail}: choose one reward of this space or lower.`));
    if (resourcePicked) {
      body.push(h('div', {class: 'row'}, comp.values('resource').map((r) => btn(`1 ${c.term(`holding.${r}`, r)}`, {type: 'choose_rail_reward', reward: 'resource', resource: r}))));
    } else {
      body.push(h('div', {class: 'row'}, rewards.map((r) => h('button', {type: 'button',
        onclick: () => c.choose({type: 'choose_rail_reward', reward: r}, c.term(`reward.${r}`, r))}, c.term(`reward.${r}`, r)))));
    }
  } else if (v.phase === 'build_choice' || v.phase === 'extra_build') {
    const slot = v.slots[(v.resolving_slot || 1) - 1];
    const left = comp.active ? comp.remaining.filter((m) => m.type === 'build_building') : [];
    if (left.length > 1) {
      body.push(h('p', {}, `Pay for the ${c.comp(left[0].building).name}: River Port gold may stand in for copper or livestock.`),
        h('div', {class: 'row'}, left.filter((m, i, all) => all.findIndex((x) => x.gold_as_copper === m.gold_as_copper && x.gold_as_livestock === m.gold_as_livestock) === i)
          .map((m) => btn(buildPay(m), m))));
    } else {
      const what = v.phase === 'extra_build' ? 'Train Station: you may build one more building of any type'
        : `Build on ${c.comp(slot?.tile).name} (${tileText(c.comp(slot?.tile))})`;
      body.push(h('p', {}, `${what}. Click a highlighted building in the market.`));
      if (!moves.some((m) => m.type === 'build_building')) body.push(h('p', {class: 'muted'}, 'No building fits your resources: buy resources in the side panel, or build nothing.'));
    }
    if (has('decline_build')) body.push(btn('Build nothing', {type: 'decline_build'}));
  } else if (v.phase === 'bonus_worker') {
    body.push(h('p', {}, `Bonus from ${c.comp(v.pending_source).name}: take a worker? (It costs 1 silver wages each round.)`),
      h('div', {class: 'row'}, btn('Take the worker', {type: 'accept_bonus_worker', accept: true}, true), btn('Decline', {type: 'accept_bonus_worker', accept: false})));
  } else if (v.phase === 'auction_bonus') {
    const slot = v.slots[(v.resolving_slot || 1) - 1];
    const t = c.comp(slot?.tile);
    body.push(h('p', {}, `${t.name} bonus: ${c.term(`tile_bonus.${t.bonus}`, t.bonus)}.`),
      h('div', {class: 'row'}, moves.filter((m) => m.type === 'take_auction_bonus').map((m) => btn(m.use_river_port_gold ? 'Take it, paying gold (River Port)' : 'Take the bonus', m, true)),
        has('decline_auction_bonus') ? btn('Decline', {type: 'decline_auction_bonus'}) : null));
  } else if (v.phase === 'final_actions') {
    const me = v.seats[c.viewer];
    body.push(h('p', {}, `Final actions: pay off debts (5 silver or 1 gold each; you have ${me.holdings?.debt ?? 0}), trade in the side panel, then confirm.`),
      h('div', {class: 'row'}, moves.filter((m) => m.type === 'pay_off_debt').map((m) => btn(m.use_gold ? 'Pay off 1 debt with 1 gold' : 'Pay off 1 debt with 5 silver', m)),
        has('confirm_final_actions') ? btn('Confirm final actions', {type: 'confirm_final_actions'}, true) : null));
  }
  return h('section', {class: 'hs-panel hs-decision', 'aria-label': 'Your decision'}, h('h3', {}, `Your turn · ${title}`), body);
}

function buildPay(m) {
  const parts = [];
  if (m.gold_as_copper) parts.push(`${m.gold_as_copper} gold for copper`);
  if (m.gold_as_livestock) parts.push(`${m.gold_as_livestock} gold for livestock`);
  return parts.length ? `Pay with ${parts.join(' and ')}` : 'Pay the printed cost';
}

// ---------------------------------------------------------------- free actions

function freeActions(c) {
  const comp = c.composer;
  if (!comp || c.viewer === null) return null;
  const free = new Set(['hire_worker', 'buy_resource', 'sell_resource', 'convert_at_market', 'exchange_at_bank', 'take_debt']);
  const moves = comp.moves.filter((m) => free.has(m.type));
  if (!moves.length) return null;
  const rates = c.board.market || {};
  const res = c.board.resources || [];
  const rows = [];
  const hire = moves.find((m) => m.type === 'hire_worker');
  rows.push(h('div', {class: 'hs-free-row'}, h('span', {}, `Hire a worker (${rates.hire_worker || ''})`),
    h('button', {type: 'button', class: 'small', disabled: !hire, onclick: () => c.propose(hire)}, 'Hire')));
  const buyCell = (r) => {
    const opts = moves.filter((m) => m.type === 'buy_resource' && m.resource === r);
    if (!opts.length) return h('span', {class: 'muted'}, '—');
    return opts.map((m) => h('button', {type: 'button', class: 'small', 'aria-label': `Buy 1 ${r}${m.gold_used ? ' paying gold' : ''}`,
      onclick: () => c.propose(m)}, m.gold_used ? 'Buy (gold)' : 'Buy'));
  };
  const sellCell = (r) => {
    const m = moves.find((x) => x.type === 'sell_resource' && x.resource === r);
    return m ? h('button', {type: 'button', class: 'small', 'aria-label': `Sell 1 ${r}`, onclick: () => c.propose(m)}, 'Sell') : h('span', {class: 'muted'}, '—');
  };
  const table = h('table', {class: 'hs-trade'},
    h('thead', {}, h('tr', {}, h('th', {}, 'Resource'), h('th', {title: 'Buying or selling one also costs 1 trade token'}, 'Price'), h('th', {}, ''), h('th', {}, ''))),
    h('tbody', {}, res.map((r) => h('tr', {},
      h('th', {scope: 'row'}, c.term(`holding.${r}`, r)),
      h('td', {}, amounts(c.board.rates?.[r], c)),
      h('td', {}, buyCell(r)), h('td', {}, sellCell(r))))));
  const trading = moves.some((m) => m.type === 'buy_resource' || m.type === 'sell_resource');
  rows.push(table, h('p', {class: 'hint'}, trading ? 'Each purchase or sale costs 1 trade token; every sale also gives 1 VP.'
    : 'Nothing to buy or sell now: each purchase or sale costs 1 trade token (every sale also gives 1 VP).'));
  const conv = moves.filter((m) => m.type === 'convert_at_market');
  if (conv.length) rows.push(h('div', {class: 'hs-free-row'}, h('span', {}, 'Market building'), conv.map((m) =>
    h('button', {type: 'button', class: 'small', onclick: () => c.propose(m)}, c.term(`conversion.${m.conversion}`, m.conversion)))));
  const bank = moves.find((m) => m.type === 'exchange_at_bank');
  if (bank) rows.push(h('div', {class: 'hs-free-row'}, h('span', {}, 'Bank: 1 trade → 1 silver'), h('button', {type: 'button', class: 'small', onclick: () => c.propose(bank)}, 'Exchange')));
  const debts = moves.filter((m) => m.type === 'take_debt').map((m) => m.count);
  if (debts.length) {
    rows.push(h('div', {class: 'hs-free-row hs-debt'}, h('span', {}, `Take debt: ${rates.take_debt || ''}`),
      stepper(debts, (count) => c.propose({type: 'take_debt', count}), {label: 'Debts to take', action: 'Take debt', initial: debts[0]})));
  }
  return h('aside', {class: 'hs-panel hs-free', 'aria-label': 'Free actions'}, h('h3', {}, 'Market, bank and debt (any time)'), rows);
}

// ---------------------------------------------------------------- scores

function scores(c) {
  const sc = c.props.scores;
  const v = c.view;
  if (!sc || !sc.totals) return null;
  const seats = (sc.ranking && sc.ranking.length ? sc.ranking : Object.keys(sc.totals).map(Number));
  const keys = [];
  for (const b of Object.values(sc.breakdown || {})) for (const k of Object.keys(b || {})) if (!keys.includes(k)) keys.push(k);
  const order = c.board.score_sources || [];
  keys.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  const over = v.phase === 'over';
  const cum = {};
  const head = h('tr', {}, h('th', {}, over ? 'Step' : 'Source'), seats.map((st) => h('th', {scope: 'col'}, swatch(c.colour(st)), ` ${c.name(st)}`)));
  const body = keys.map((k) => h('tr', {}, h('th', {scope: 'row', title: c.term(`score.${k}`, k)}, c.term(`score.${k}`, k)), seats.map((st) => {
    const n = sc.breakdown?.[st]?.[k] ?? 0;
    cum[st] = (cum[st] || 0) + n;
    return h('td', {title: `${c.name(st)}: ${c.term(`score.${k}`, k)} ${n}${over ? `, running total ${cum[st]}` : ''}`}, over ? `${n >= 0 ? '+' : ''}${n} = ${cum[st]}` : String(n));
  })));
  const total = h('tr', {class: 'hs-total'}, h('th', {scope: 'row'}, 'Total'), seats.map((st) => h('td', {}, String(sc.totals[st]))));
  const silver = over ? h('tr', {}, h('th', {scope: 'row', title: 'Ties are broken by silver'}, 'Silver (tie-break)'),
    seats.map((st) => h('td', {}, String(v.seats?.[st]?.holdings?.silver ?? '—')))) : null;
  const best = Math.max(...seats.map((st) => sc.totals[st]));
  const tied = seats.filter((st) => sc.totals[st] === best);
  const tieText = over && tied.length > 1 ? ` · tied on ${best} VP, ${sc.winners?.length > 1 ? 'and on silver: they share the win' : 'more silver wins the tie'}` : '';
  const winners = over && sc.winners?.length ? h('p', {class: 'hs-winner'}, `Winner: ${sc.winners.map((w) => c.name(w)).join(' and ')}${tieText}`) : null;
  const note = over ? null : v.options?.resource_visibility === 'screened'
    ? h('p', {class: 'hint'}, 'While screens are up, the public score counts buildings and their end bonuses only.') : null;
  return h('section', {class: `hs-panel hs-scores${over ? ' final' : ''}`, 'aria-label': 'Scores by source'},
    h('h3', {}, over ? 'Final scoring, step by step' : 'Scores by source'), winners,
    h('table', {class: 'hs-score-table'}, h('thead', {}, head), h('tbody', {}, body, total, silver)), note);
}

function recent(c) {
  const items = (c.props.recent || []).filter((e) => e && e.text && !(e.seat < 0));
  if (!items.length) return null;
  return h('section', {class: 'hs-panel hs-recent', 'aria-label': 'Since your last move'},
    h('h3', {}, 'Since your last move'), h('ul', {}, items.slice(-5).map((e) => h('li', {}, e.text))));
}

// ---------------------------------------------------------------- render

function render(root, props) {
  linkStyles();
  observe(root, props);
  const c = context(props);
  const v = c.view;
  const homes = [...(v.seats || [])].sort((a, b) => (a.seat === c.viewer ? -1 : b.seat === c.viewer ? 1 : a.seat - b.seat));
  root.replaceChildren(h('div', {class: `hs${['build_choice', 'extra_build'].includes(v.phase) ? ' hs-building' : ''}`, dataset: {phase: v.phase || '', round: v.round ?? '', version: props.version ?? '',
    movesVersion: c.composer?.version ?? '', picks: c.composer?.steps?.length ?? 0}},
    h('div', {class: 'hs-top'}, roundTrack(c)),
    v.phase === 'over'
      ? h('div', {class: 'hs-grid'}, h('div', {class: 'hs-main'}, scores(c), recent(c), railTrack(c)),
        h('div', {class: 'hs-side'}, homes.map((seat) => homestead(c, seat))))
      : h('div', {class: 'hs-grid'},
        h('div', {class: 'hs-main'}, decision(c), recent(c), auctionBoard(c), railTrack(c), market(c)),
        h('div', {class: 'hs-side'}, freeActions(c), homes.map((seat) => homestead(c, seat)), scores(c)))));
  mark(root);
}

export default {render, status};
