// The Homesteaders board: the round and era track, the auction board, the railroad development track,
// the building market and every homestead, drawn in SVG (homesteaders_svg.js); the viewer's decision
// and their own homestead (with trade and debt) side by side on a wide screen, one after the other on
// a phone. A click only chooses: every move is staged in the composer and sent by the shell's Confirm
// (docs/web.md). Drawn from the view and the catalog only; every control exists because a legal move
// goes through it (the composer says so), never because of a rule held here.

import {h} from '../dom.js';
import {same} from '../composer.js';
import {stepper} from '../controls.js';
import {s} from '../svg.js';
import {mark, observe} from './homesteaders_changes.js';
import {draggable} from './homesteaders_drag.js';
import {ink} from './homesteaders_ink.js';
import {GOODS, auctionBoard, auctionStacks, homesteadTiles, market, miniTiles, railTrack, roundTrack, tileWords, token} from './homesteaders_svg.js';

const CSS_HREF = '/web/games/homesteaders.css';
const MUTED = '#6b7079';
const PAD = 22; // a panel's padding and border, both sides (homesteaders.css: .hs-panel)
const WIDE = 760; // from this board width on, the decision and your homestead stand side by side

function linkStyles() {
  if (document.querySelector(`link[href="${CSS_HREF}"]`)) return;
  document.head.append(h('link', {rel: 'stylesheet', href: CSS_HREF}));
}

/** Per board root: the last props (to redraw on a resize), which other homesteads are open, the info overlay. */
const ui = new WeakMap();

function uiOf(root) {
  let st = ui.get(root);
  if (!st) {
    st = {root, props: null, open: new Set(), width: 0};
    ui.set(root, st);
    attachInfo(root);
    if (typeof ResizeObserver !== 'undefined') {
      new ResizeObserver(() => {
        const w = Math.floor(root.clientWidth);
        if (st.props && Math.abs(w - st.width) > 8) render(root, st.props);
      }).observe(root);
    }
  }
  return st;
}

/** Everything a render needs, derived once from props. */
function context(props, width, root = null) {
  const cat = props.catalog || {components: {}, terms: {}, board: {}, tracks: []};
  const view = props.view || {};
  const composer = !props.replaying && props.composer ? props.composer : null;
  const viewer = props.viewer ?? null;
  const term = (key, fallback) => cat.terms?.[key] ?? fallback ?? key;
  const comp = (id) => cat.components?.[id] || cat.components?.[String(id).split('/')[0]] || {name: String(id), kind: ''};
  const name = (seat) => (seat === 'dummy' ? 'the dummy bid' : props.name ? props.name(seat) : `Player ${seat + 1}`);
  const colour = (seat) => (seat === 'dummy' ? '#9aa0a6' : (props.colour && props.colour(seat)) || view.seats?.[seat]?.colour || MUTED);
  /** The seat's own name, never "You" (for a token's letter). */
  const ownName = (seat) => props.seats?.find?.((x) => x.seat === seat)?.name || name(seat);
  const legal = (partial) => (composer ? composer.moves.filter((m) => Object.entries(partial).every(([k, v]) => same(m[k], v))) : []);
  const allows = (partial) => Boolean(composer && composer.allows(partial));
  /** Stage one whole move for the shell's Confirm (`propose` never sends: the one click rule). */
  const stage = (move, label) => {
    if (composer) props.propose(move, label);
  };
  /** Start a fresh choice with `partial` (e.g. the slot of a bid, its value to come). */
  const pickFresh = (partial, label) => {
    if (!composer) return;
    if (!composer.remaining.some((m) => Object.entries(partial).every(([k, v]) => same(m[k], v)))) composer.clear();
    composer.pick(partial, label);
  };
  /** Choose `partial`: one move left is staged whole, several wait for the next choice. */
  const choose = (partial, label) => {
    if (!composer) return;
    let left = composer.where(partial);
    if (!left.length) {
      composer.clear();
      left = composer.where(partial);
    }
    if (left.length === 1) stage(left[0], label);
    else composer.pick(partial, label);
  };
  /** The one value of `field` the choices so far name, for moves of `type` (any type: null): what to outline as chosen. */
  const chosen = (field, type) => {
    if (!composer?.active) return null;
    const rest = composer.remaining;
    if (!rest.length || (type && rest.some((m) => m.type !== type))) return null;
    const values = composer.values(field);
    return values.length === 1 ? values[0] : null;
  };
  const possessive = (seat) => (seat === viewer ? 'Your' : `${name(seat)}'s`);
  return {props, cat, view, composer, term, comp, name, colour, legal, allows, stage, pickFresh, choose, chosen, possessive,
    initial: (seat) => String(ownName(seat)).trim().charAt(0).toUpperCase() || String(seat + 1),
    workerNo: (w) => String(w).split('-')[1] || String(w),
    kindOf: (inst) => comp(inst).building || String(inst).split('#')[0],
    viewer, width, root, board: cat.board || {}};
}

function amounts(goods, c) {
  return Object.entries(goods || {}).filter(([, v]) => v).map(([k, v]) => `${v} ${c.term(`holding.${k}`, k)}`).join(' + ');
}

function swatch(colour) {
  return s('svg', {class: 'hs-swatch', viewBox: '0 0 12 12', width: 12, height: 12, 'aria-hidden': 'true'},
    s('circle', {cx: 6, cy: 6, r: 5.5, fill: colour, stroke: '#0003'}));
}

// ---------------------------------------------------------------- status line

function status(props) {
  const c = context(props, 0, null);
  const v = c.view;
  if (!v.phase) return 'Homesteaders';
  if (v.phase === 'over') return 'Game over · final scores';
  const round = v.round > (c.board.rounds || 10) ? 'Final round' : `Round ${v.round}`;
  const era = v.era && v.era !== 'final' ? ` · ${c.term(`era.${v.era}`, v.era)} era` : '';
  const phase = c.term(`phase.${v.phase}`, v.phase);
  // The viewer's own turn says what to do; whoever else acts the shell names ("— waiting for Bot 2",
  // "Bot 2 is choosing too"). It once said "Your turn — … · bidding — You to bid." (table review).
  const mine = c.viewer !== null && (v.to_act || []).includes(c.viewer);
  const todo = mine ? YOUR_PART[v.phase] : null;
  return `${round}${era} · ${phase}${todo ? `: ${todo}` : ''}`;
}

/** What the viewer does in each phase, in the words of the status line. */
const YOUR_PART = {
  allocation: 'place your workers, then press Done placing workers',
  wages: 'pay your workers\' wages',
  dummy: 'place the dummy bid on a slot',
  bidding: 'bid on an auction slot, or pass',
  rail_reward: 'choose a railroad reward',
  auction_payment: 'pay for the slot you won',
  build_choice: 'build on the land you won, or build nothing',
  extra_build: 'build one more building, or build nothing',
  bonus_worker: 'take the bonus worker, or decline it',
  auction_bonus: 'take the tile\'s bonus, or decline it',
  final_actions: 'trade and pay off debts, then confirm your final actions',
};

// ---------------------------------------------------------------- info overlay (hover, focus or tap)

/**
 * What a drawn thing is (`data-info`), shown in an overlay under it: on hover, on keyboard focus and on
 * a tap. It is absolutely placed and ignores the pointer, so nothing on the board ever moves for it.
 */
function attachInfo(root) {
  const show = (event) => {
    const el = event.target.closest?.('[data-info]');
    const box = root.querySelector('.hs-tipbox');
    const hs = root.querySelector('.hs');
    if (!box || !hs) return;
    if (!el || !root.contains(el)) {
      if (event.type === 'pointerdown') box.hidden = true;
      return;
    }
    box.textContent = el.dataset.info;
    box.hidden = false;
    const r = el.getBoundingClientRect();
    const base = hs.getBoundingClientRect();
    const width = Math.min(320, base.width - 8);
    box.style.width = `${width}px`;
    box.style.left = `${Math.max(4, Math.min(r.left - base.left, base.width - width - 4))}px`;
    const below = r.bottom - base.top + 6;
    box.style.top = `${r.bottom + 90 > window.innerHeight && r.top - base.top > 100 ? r.top - base.top - 6 - box.offsetHeight : below}px`;
  };
  const hide = (event) => {
    if (event.pointerType === 'touch') return; // a tap's overlay stays until the next tap
    const box = root.querySelector('.hs-tipbox');
    if (box && !event.relatedTarget?.closest?.('[data-info]')) box.hidden = true;
  };
  root.addEventListener('pointerover', (e) => (e.pointerType === 'touch' ? null : show(e)));
  root.addEventListener('pointerdown', show);
  root.addEventListener('focusin', show);
  root.addEventListener('pointerout', hide);
  root.addEventListener('focusout', hide);
}

// ---------------------------------------------------------------- the auction, the railroad, the market

function auctionPanel(c, width, now) {
  const v = c.view;
  const bidders = (v.seats || []).map((seat) => {
    const st = c.term(`status.${seat.status}`, seat.status);
    const where = seat.bid ? ` · slot ${seat.bid.slot} at ${seat.bid.value}` : '';
    return h('li', {class: `hs-bidder ${seat.status}`, dataset: {seat: seat.seat}}, swatch(c.colour(seat.seat)), `${c.name(seat.seat)}: ${st}${where}`);
  });
  const dummy = v.dummy_value ? h('li', {class: 'hs-bidder'}, swatch(c.colour('dummy')), `Dummy bid: ${v.dummy_value}`) : null;
  return h('section', {class: `hs-panel hs-auction-panel${now ? ' hs-now' : ''}`, 'aria-label': 'Auction'},
    h('h3', {}, v.slots?.length ? `Auction · round ${v.round}` : 'Auction'),
    v.slots?.length ? auctionBoard(c, width - PAD) : h('p', {class: 'muted'}, 'No auction this round.'),
    v.slots?.length ? h('ul', {class: 'hs-bidders'}, bidders, dummy) : null,
    stacks(c, width - PAD));
}

/** The stacks of tiles still to come, drawn (homesteaders_svg.js auctionStacks), or a line when none is left. */
function stacks(c, width) {
  return auctionStacks(c, width) || h('p', {class: 'hs-stacks muted'}, 'No auction tiles left for later rounds.');
}

function railPanel(c, width, now) {
  return h('section', {class: `hs-panel hs-rail-panel${now ? ' hs-now' : ''}`, 'aria-label': 'Railroad development track'},
    h('h3', {}, 'Railroad development'),
    railTrack(c, width - PAD),
    h('p', {class: 'hint'}, 'Passing a bid moves you one space on.'));
}

function marketPanel(c, width, now) {
  const v = c.view;
  const mine = now && c.composer?.moves.some((m) => m.type === 'build_building');
  return h('section', {class: `hs-panel hs-market${now ? ' hs-now' : ''}`, 'aria-label': 'Building market'},
    h('h3', {}, `Buildings${v.era && v.era !== 'final' ? ` · now: ${c.term(`era.${v.era}`, v.era)} era` : ''}`,
      mine ? h('span', {class: 'hint'}, 'outlined: what fits the won tile and your resources') : null),
    market(c, width - PAD));
}

// ---------------------------------------------------------------- homesteads

/** The holdings: each one's count, or the screen (the table's option `resource_visibility`). */
function holdings(c, seat) {
  if (!seat.holdings) return h('p', {class: 'hs-screen muted'}, 'Silver, resources, trade tokens, debt and VP tokens are behind the screen.');
  return h('dl', {class: 'hs-holdings'}, (c.board.holdings || Object.keys(seat.holdings)).map((k) =>
    h('div', {class: `hs-h hs-h-${k}${seat.holdings[k] ? '' : ' zero'}`},
      h('dt', {}, s('svg', {viewBox: '0 0 8 8', width: 8, height: 8, 'aria-hidden': 'true'}, s('rect', {width: 8, height: 8, rx: 2, fill: GOODS[k] || MUTED})),
        ` ${c.term(`holding.${k}`, k)}`),
      h('dd', {}, String(seat.holdings[k] ?? 0)))));
}

function vpText(c, seat) {
  return seat.provisional_total !== undefined ? `${seat.provisional_total} VP${c.view.phase === 'over' ? '' : ' so far'}` : `${seat.visible_vp} VP showing`;
}

function badges(c, seat) {
  const v = c.view;
  return [
    v.start_player === seat.seat ? h('span', {class: 'badge hs-start'}, 'start player') : null,
    v.phase === 'allocation' ? h('span', {class: 'badge hs-confirmed'}, seat.confirmed_workers ? 'workers confirmed' : 'placing workers') : null,
    seat.wages_due ? h('span', {class: 'badge'}, 'wages due') : null,
    (v.to_act || []).includes(seat.seat) ? h('span', {class: 'badge hs-acting'}, 'to act') : null,
  ];
}

function facts(c, seat) {
  const idle = (seat.workers || []).length - new Set((seat.placement || []).map((p) => p[0])).size;
  return `${seat.workers.length} worker${seat.workers.length === 1 ? '' : 's'}${c.view.phase === 'allocation' ? `, ${idle} idle` : ''} · wages ${seat.workers.length} silver · rail lines ${seat.track} · railroad space ${seat.rail}`;
}

function income(c, seat) {
  if (c.view.phase === 'over') return null;
  const next = seat.next_income ? sumIncome(seat.next_income, c) : null;
  return next !== null ? h('p', {class: 'hs-income'}, `Income if nothing changes: ${next || 'nothing'}`) : null;
}

/** The viewer's homestead: holdings, income, the tiles with their worker spots, idle workers, trade and debt. */
function myHomestead(c, seat, width) {
  const v = c.view;
  const comp = c.composer;
  const allocating = v.phase === 'allocation' && comp && comp.moves.some((m) => m.type === 'assign_worker' || m.type === 'unassign_worker');
  const chosenWorker = allocating ? c.chosen('worker', null) : null;
  const placed = new Map((seat.placement || []).map(([w, b]) => [w, b]));
  const idle = (seat.workers || []).filter((w) => !placed.has(w));
  const where = (m) => `${c.possessive(seat.seat).toLowerCase()} ${c.comp(m.building).name}`;
  const placeLabel = (m) => `Place worker ${c.workerNo(m.worker)} on ${where(m)} (${amounts(c.comp(m.building).worker_slots?.[m.slot - 1]?.yield, c)})`;
  const spot = (key, inst, slot) => {
    if (!allocating) return null;
    const moves = comp.moves.filter((m) => m.type === 'assign_worker' && m.building === inst && m.slot === slot);
    const move = chosenWorker ? moves.find((m) => m.worker === chosenWorker)
      : moves.find((m) => !placed.has(m.worker)) || moves[0];
    const staged = comp.complete?.type === 'assign_worker' && comp.complete.building === inst && comp.complete.slot === slot;
    return move ? {label: placeLabel(move), onPick: () => c.stage(move, placeLabel(move)), chosen: staged} : null;
  };
  const pickWorker = (w) => (chosenWorker === w ? comp.clear() : (comp.clear(), comp.pick({worker: w}, `Worker ${c.workerNo(w)}`)));
  const placedWorker = (w, inst) => (allocating && comp.moves.some((m) => m.worker === w)
    ? {label: `Worker ${c.workerNo(w)} on ${c.possessive(seat.seat).toLowerCase()} ${c.comp(inst).name}: choose it to move it`,
      chosen: chosenWorker === w, onPick: () => pickWorker(w)} : null);
  /** Where worker `w` may be dropped: each spot's `data-drop` (and the idle row) to its legal move. */
  const dropTargets = (w) => new Map(comp.moves.filter((m) => m.worker === w)
    .map((m) => [m.type === 'assign_worker' ? `${m.building}/${m.slot}` : `idle/${seat.seat}`, m]));
  const idleRow = h('div', {class: 'hs-idle', dataset: {drop: `idle/${seat.seat}`}},
    h('span', {class: 'muted'}, idle.length ? 'Idle workers:' : 'No idle worker'),
    idle.map((w) => {
      const dot = s('svg', {class: 'hs-dot', viewBox: '0 0 22 22', width: 22, height: 22, 'aria-hidden': 'true'}, token(c, seat.seat, 11, 11, 9.5, c.workerNo(w)));
      if (!(allocating && comp.moves.some((m) => m.type === 'assign_worker' && m.worker === w))) return dot;
      return draggable(h('button', {type: 'button', class: `hs-worker-btn${chosenWorker === w ? ' chosen' : ''}`,
        'aria-pressed': chosenWorker === w ? 'true' : 'false', 'aria-label': `Idle worker ${c.workerNo(w)}: choose it, then a spot`,
        dataset: {worker: w}, title: 'Choose it, then a spot on a building (or drag it there)', onclick: () => pickWorker(w)}, dot),
      () => dropTargets(w), (m) => c.stage(m, m.type === 'assign_worker' ? placeLabel(m) : `Take worker ${c.workerNo(m.worker)} off`));
    }));
  const last = (seat.last_income || []).length
    ? h('details', {class: 'hs-last'}, h('summary', {}, 'Last income'), h('ul', {}, seat.last_income.map((line) =>
      h('li', {}, `${sourceName(line.source, c, seat)}: ${amounts(line.gained, c)}`)))) : null;
  return h('section', {class: 'hs-panel hs-home mine', 'aria-label': `${c.possessive(seat.seat)} homestead`, dataset: {seat: seat.seat}},
    h('h3', {}, swatch(c.colour(seat.seat)), `${c.possessive(seat.seat)} homestead`,
      h('span', {class: 'hs-vpsum', title: vpWhy(c, seat)}, vpText(c, seat)), badges(c, seat)),
    h('p', {class: 'hs-facts'}, facts(c, seat)),
    holdings(c, seat), income(c, seat),
    homesteadTiles(c, seat, width - PAD, {spot, placedWorker}),
    allocating || idle.length ? idleRow : null,
    tradePanel(c), last);
}

/** Another player's homestead: one summary line, the tiles and holdings open on demand. */
function otherHomestead(c, seat, width, st) {
  const open = st.open.has(seat.seat);
  const box = h('details', {class: 'hs-panel hs-home hs-other', open, dataset: {seat: seat.seat}},
    h('summary', {'aria-label': `${c.possessive(seat.seat)} homestead: ${vpText(c, seat)}, ${(seat.buildings || []).length} buildings`},
      swatch(c.colour(seat.seat)), h('strong', {}, `${c.possessive(seat.seat)} homestead`),
      miniTiles(c, seat), h('span', {class: 'hs-vpsum', title: vpWhy(c, seat)}, vpText(c, seat)), badges(c, seat),
      h('span', {class: 'hs-facts'}, facts(c, seat)),
      h('span', {class: 'hs-hold-line'}, seat.holdings
        ? Object.entries(seat.holdings).filter(([, n]) => n).map(([k, n]) => `${n} ${c.term(`holding.${k}`, k)}`).join(' · ') || 'holds nothing'
        : 'holdings behind the screen')),
    open ? [holdings(c, seat), income(c, seat), homesteadTiles(c, seat, width - PAD)] : null);
  box.addEventListener('toggle', () => {
    if (box.open === st.open.has(seat.seat)) return;
    if (box.open) st.open.add(seat.seat);
    else st.open.delete(seat.seat);
    if (st.props) render(st.root, st.props);
  });
  return box;
}

function sourceName(source, c, seat) {
  if (source === 'track') return c.term('holding.track', 'rail lines');
  const [inst, slot] = String(source).split('/');
  return slot ? `worker on ${c.possessive(seat.seat).toLowerCase()} ${c.comp(inst).name}` : c.comp(inst).name;
}

function sumIncome(lines, c) {
  const total = {};
  for (const [, gained] of lines) for (const [k, n] of Object.entries(gained)) total[k] = (total[k] || 0) + n;
  return amounts(total, c);
}

/** Where a homestead's points come from, to check by hand (hover or long-press the total). */
function vpWhy(c, seat) {
  if (seat.score) {
    const order = c.board.score_sources || [];
    return Object.entries(seat.score).sort(([a], [b]) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99))
      .map(([k, n]) => `${c.term(`score.${k}`, k)}: ${n}`).join('\n');
  }
  const printed = (seat.buildings || []).map((inst) => [c.comp(inst).name, c.comp(inst).points || 0]).filter(([, n]) => n);
  return ['Showing: printed VP of buildings and their end bonuses (resources and VP tokens are behind the screen)',
    ...printed.map(([name, n]) => `${name}: ${n}`)].join('\n');
}

// ---------------------------------------------------------------- the pending decision

function payLabel(move) {
  if (move.take_debt_for_shortfall) return move.gold_used ? `Pay with ${move.gold_used} gold, debt for the rest` : 'Pay, taking debt for what is missing';
  return move.gold_used ? `Pay with ${move.gold_used} gold (+ silver)` : 'Pay in silver';
}

function buildPay(m) {
  const parts = [];
  if (m.gold_as_copper) parts.push(`${m.gold_as_copper} gold for copper`);
  if (m.gold_as_livestock) parts.push(`${m.gold_as_livestock} gold for livestock`);
  return parts.length ? `Pay with ${parts.join(' and ')}` : 'Pay the printed cost';
}

/** A button that stages `move` (pressed while it is the staged move). */
function choiceButton(c, text, move, primary = false) {
  const on = Boolean(c.composer?.complete && same(c.composer.complete, move));
  return h('button', {type: 'button', class: `${primary ? 'primary ' : ''}hs-choice${on ? ' chosen' : ''}`, 'aria-pressed': on ? 'true' : 'false',
    onclick: () => c.stage(move, text)}, text);
}

function decision(c) {
  const v = c.view;
  const comp = c.composer;
  if (!comp || c.viewer === null || !(v.to_act || []).includes(c.viewer)) {
    if (c.props.replaying) return h('section', {class: 'hs-panel hs-decision'}, h('p', {}, 'Replaying a past version: nothing can be played here.'));
    if (c.viewer === null || v.phase === 'over') return null;
    const who = (v.to_act || []).map((x) => c.name(x)).join(', ');
    return h('section', {class: 'hs-panel hs-decision waiting', 'aria-label': 'Your decision'},
      h('h3', {}, `Waiting${who ? ` for ${who}` : ''}`), h('p', {class: 'muted'}, 'Your next decision appears here.'));
  }
  const moves = comp.moves;
  const has = (type) => moves.some((m) => m.type === type);
  const btn = (text, move, primary = false) => choiceButton(c, text, move, primary);
  const body = [];
  const title = c.term(`phase.${v.phase}`, v.phase);
  const me = v.seats[c.viewer];
  if (v.phase === 'allocation') {
    const worker = c.chosen('worker', null);
    body.push(h('p', {}, 'Choose a worker, then a highlighted spot on your buildings (or drag the worker there). Idle workers still cost wages.'));
    const row = [];
    if (worker && (me.placement || []).some((p) => p[0] === worker) && c.allows({type: 'unassign_worker', worker})) {
      row.push(btn(`Leave worker ${c.workerNo(worker)} idle`, {type: 'unassign_worker', worker}));
    }
    if (has('confirm_workers')) row.push(btn('Done placing workers', {type: 'confirm_workers'}, true));
    body.push(h('div', {class: 'row'}, row));
  } else if (v.phase === 'wages') {
    body.push(h('p', {}, `Pay ${me.workers.length} silver for ${me.workers.length} workers (gold counts as 5 silver, no change).`));
    body.push(h('div', {class: 'row'}, moves.filter((m) => m.type === 'pay_wages').map((m) => btn(payLabel(m), m))));
  } else if (v.phase === 'auction_payment') {
    const slot = v.slots[v.resolving_slot - 1];
    body.push(h('p', {}, `You won slot ${slot.slot} (${tileWords(c, c.comp(slot.tile))}) at ${slot.bid?.value} silver: pay for it.`));
    body.push(h('div', {class: 'row'}, moves.filter((m) => m.type === 'pay_auction').map((m) => btn(payLabel(m), m))));
  } else if (v.phase === 'dummy') {
    body.push(h('p', {}, `Place the dummy bid (value ${v.dummy_value}) on a slot: click its tile, or here.`),
      h('div', {class: 'row'}, moves.filter((m) => m.type === 'place_dummy_bid').map((m) => btn(`Dummy bid on slot ${m.slot}`, m))));
  } else if (v.phase === 'bidding') {
    const chosen = c.chosen('slot', 'place_bid');
    if (chosen !== null && !comp.complete) {
      const values = comp.values('value', {type: 'place_bid', slot: chosen});
      body.push(h('p', {}, `Your bid on slot ${chosen}: a value on its ladder, or here.`),
        h('div', {class: 'row'}, stepper(values, (value) => c.stage({type: 'place_bid', slot: chosen, value}, `Bid ${value} on slot ${chosen}`),
          {label: `Bid on slot ${chosen}`, action: 'Bid'}), has('pass_bidding') ? btn('Pass', {type: 'pass_bidding'}) : null));
    } else {
      body.push(h('p', {}, 'Choose a value on a slot\'s ladder (or its tile, then the value), or pass: passing moves you one space on the railroad.'),
        h('div', {class: 'row'}, [...new Set(moves.filter((m) => m.type === 'place_bid').map((m) => m.slot))].map((sl) =>
          h('button', {type: 'button', onclick: () => c.pickFresh({type: 'place_bid', slot: sl}, `Bid on slot ${sl}`)}, `Bid on slot ${sl}`)),
        has('pass_bidding') ? btn('Pass', {type: 'pass_bidding'}) : null));
    }
  } else if (v.phase === 'rail_reward') {
    const rewards = [...new Set(moves.filter((m) => m.type === 'choose_rail_reward').map((m) => m.reward))];
    const resourcePicked = c.chosen('reward', 'choose_rail_reward') === 'resource' && !comp.complete;
    body.push(h('p', {}, `Railroad space ${me.rail}: choose one reward of this space or lower (on the track, or here).`));
    if (resourcePicked) {
      body.push(h('div', {class: 'row'}, comp.values('resource').map((r) => btn(`1 ${c.term(`holding.${r}`, r)}`, {type: 'choose_rail_reward', reward: 'resource', resource: r}))));
    } else {
      body.push(h('div', {class: 'row'}, rewards.map((r) => {
        const only = c.legal({type: 'choose_rail_reward', reward: r});
        return only.length === 1 ? btn(c.term(`reward.${r}`, r), only[0])
          : h('button', {type: 'button', onclick: () => c.choose({type: 'choose_rail_reward', reward: r}, c.term(`reward.${r}`, r))}, c.term(`reward.${r}`, r));
      })));
    }
  } else if (v.phase === 'build_choice' || v.phase === 'extra_build') {
    const slot = v.slots[(v.resolving_slot || 1) - 1];
    const left = comp.active ? comp.remaining.filter((m) => m.type === 'build_building') : [];
    if (left.length > 1) {
      body.push(h('p', {}, `Pay for the ${c.comp(left[0].building).name}: River Port gold may stand in for copper or livestock.`),
        h('div', {class: 'row'}, left.filter((m, i, all) => all.findIndex((x) => x.gold_as_copper === m.gold_as_copper && x.gold_as_livestock === m.gold_as_livestock) === i)
          .map((m) => btn(buildPay(m), m))));
    } else {
      const t = c.comp(slot?.tile);
      const what = v.phase === 'extra_build' ? 'Train Station: you may build one more building of any type'
        : `Build on the won slot ${slot?.slot}: ${(t.build_types || []).map((ty) => (c.board.types || []).find((x) => x.id === ty)?.name || ty).join(' or ')}`;
      body.push(h('p', {}, `${what}: choose an outlined building in the market.`));
      if (!moves.some((m) => m.type === 'build_building')) body.push(h('p', {class: 'muted'}, 'No building fits your resources: trade at your homestead, or build nothing.'));
    }
    if (has('decline_build')) body.push(h('div', {class: 'row'}, btn('Build nothing', {type: 'decline_build'})));
  } else if (v.phase === 'bonus_worker') {
    const from = c.cat.components?.[v.pending_source];
    const source = !from ? 'the railroad' : from.kind === 'auction tile' ? 'the won tile' : `the ${from.name}`;
    body.push(h('p', {}, `Bonus from ${source}: take a worker? (It costs 1 silver wages each round.)`),
      h('div', {class: 'row'}, btn('Take the worker', {type: 'accept_bonus_worker', accept: true}, true), btn('Decline', {type: 'accept_bonus_worker', accept: false})));
  } else if (v.phase === 'auction_bonus') {
    const slot = v.slots[(v.resolving_slot || 1) - 1];
    const t = c.comp(slot?.tile);
    body.push(h('p', {}, `The won tile's bonus: ${c.term(`tile_bonus.${t.bonus}`, t.bonus)}.`),
      h('div', {class: 'row'}, moves.filter((m) => m.type === 'take_auction_bonus').map((m) => btn(m.use_river_port_gold ? 'Take it, paying gold (River Port)' : 'Take the bonus', m, true)),
        has('decline_auction_bonus') ? btn('Decline', {type: 'decline_auction_bonus'}) : null));
  } else if (v.phase === 'final_actions') {
    body.push(h('p', {}, `Final actions: pay off debts (5 silver or 1 gold each; you have ${me.holdings?.debt ?? 0}), trade at your homestead, then confirm.`),
      h('div', {class: 'row'}, moves.filter((m) => m.type === 'pay_off_debt').map((m) => btn(m.use_gold ? 'Pay off 1 debt with 1 gold' : 'Pay off 1 debt with 5 silver', m)),
        has('confirm_final_actions') ? btn('Done: final actions', {type: 'confirm_final_actions'}, true) : null));
  }
  return h('section', {class: 'hs-panel hs-decision', 'aria-label': 'Your decision'}, h('h3', {}, `Your turn · ${title}`), body);
}

// ---------------------------------------------------------------- trade and debt, at your homestead

function tradePanel(c) {
  const comp = c.composer;
  if (!comp || c.viewer === null) return null;
  const free = new Set(['hire_worker', 'buy_resource', 'sell_resource', 'convert_at_market', 'exchange_at_bank', 'take_debt']);
  const moves = comp.moves.filter((m) => free.has(m.type));
  if (!moves.length) return null;
  const st = uiOf(c.root);
  const res = c.board.resources || [];
  const word = (r) => c.term(`holding.${r}`, r);
  const btn = (text, move, label) => {
    const on = Boolean(comp.complete && same(comp.complete, move));
    return h('button', {type: 'button', class: `small hs-choice${on ? ' chosen' : ''}`, 'aria-pressed': on ? 'true' : 'false',
      'aria-label': label, onclick: () => c.stage(move, label)}, text);
  };
  const rows = res.map((r) => {
    const buys = moves.filter((m) => m.type === 'buy_resource' && m.resource === r);
    const sell = moves.find((m) => m.type === 'sell_resource' && m.resource === r);
    if (!buys.length && !sell) return null;
    return h('div', {class: 'hs-trade-item', role: 'group', 'aria-label': word(r)}, h('span', {class: 'hs-trade-name'}, word(r)),
      buys.map((m) => btn(m.gold_used ? 'Buy (gold)' : 'Buy', m, `Buy 1 ${word(r)}${m.gold_used ? ' paying gold' : ''}: ${c.board.market?.buy?.[r] || ''}`)),
      sell ? btn('Sell', sell, `Sell 1 ${word(r)}: ${c.board.market?.sell?.[r] || ''}`) : null);
  }).filter(Boolean);
  const other = [];
  const hire = moves.find((m) => m.type === 'hire_worker');
  if (hire) other.push(btn('Hire a worker', hire, `Hire a worker: ${c.board.market?.hire_worker || ''}`));
  for (const m of moves.filter((x) => x.type === 'convert_at_market')) {
    const text = c.term(`conversion.${m.conversion}`, m.conversion);
    other.push(btn(text, m, `Market: ${text}`));
  }
  const bank = moves.find((m) => m.type === 'exchange_at_bank');
  if (bank) other.push(btn('Bank: 1 trade → 1 silver', bank, 'Bank: 1 trade token for 1 silver'));
  const debts = moves.filter((m) => m.type === 'take_debt').map((m) => m.count);
  const box = h('details', {class: 'hs-free', open: st.tradeOpen || null},
    h('summary', {}, `Trade and debt${rows.length ? '' : ' (nothing to buy or sell now)'}`),
    rows.length ? h('div', {class: 'hs-trade'}, rows) : null, // each good with its Buy / Sell, side by side
    rows.length ? h('p', {class: 'hint'}, 'Each purchase or sale costs 1 trade token; every sale also gives 1 VP.') : null,
    other.length ? h('div', {class: 'row'}, other) : null,
    debts.length ? h('div', {class: 'hs-free-row hs-debt'}, h('span', {}, `Take debt (${c.board.market?.take_debt || '+2 silver each'})`),
      stepper(debts, (count) => c.stage({type: 'take_debt', count}, `Take ${count} debt${count === 1 ? '' : 's'}`), {label: 'Debts to take', action: 'Take debt', initial: debts[0]})) : null);
  box.addEventListener('toggle', () => {
    st.tradeOpen = box.open;
  });
  return box;
}

// ---------------------------------------------------------------- final scoring, recent moves

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
    h('h3', {}, 'Since your last move', h('span', {class: 'hint'}, 'marked on the board in amber')),
    h('ul', {}, items.slice(-4).map((e) => h('li', {}, e.text))));
}

// ---------------------------------------------------------------- the key

function legend(props) {
  const c = context(props, 0, null);
  const chip = (fill, text) => h('li', {}, s('svg', {viewBox: '0 0 14 14', width: 14, height: 14, 'aria-hidden': 'true'},
    s('rect', {x: 1, y: 1, width: 12, height: 12, rx: 3, fill})), ` ${text}`);
  const mark = (draw, text) => h('li', {}, s('svg', {viewBox: '0 0 24 24', width: 20, height: 20, 'aria-hidden': 'true'}, draw), ` ${text}`);
  const seats = (c.view.seats || []).map((seat) => mark(token(c, seat.seat, 12, 12, 10, c.initial(seat.seat)),
    `${c.name(seat.seat)}: bid marker, railroad marker, workers`));
  return h('div', {class: 'hs-legend'},
    h('h4', {}, 'Building types'), h('ul', {}, (c.board.types || []).map((t) => chip(t.colour, t.name))),
    h('h4', {}, 'Goods'), h('ul', {}, Object.keys(GOODS).filter((k) => k !== 'vp_tokens').map((k) => chip(GOODS[k], c.term(`holding.${k}`, k)))),
    h('h4', {}, 'Markers'), h('ul', {}, seats,
      mark([s('rect', {x: 2, y: 2, width: 20, height: 20, rx: 4, fill: '#9aa0a6'}), s('text', {x: 12, y: 16, 'text-anchor': 'middle', 'font-size': 11, fill: ink('#9aa0a6'), 'font-weight': 700}, '5')],
        'the dummy bid (fewer than four players)'),
      mark(s('circle', {cx: 12, cy: 12, r: 9, fill: '#fff', stroke: '#a9a396', 'stroke-dasharray': '3 2'}), 'a free worker spot (what it yields beside it)'),
      mark(s('circle', {cx: 12, cy: 12, r: 9, fill: '#eef4fc', stroke: '#1f5fa8', 'stroke-width': 2.5}), 'outlined in blue: you may choose it now'),
      mark(s('circle', {cx: 12, cy: 12, r: 9, fill: '#fff3c4', stroke: '#e0a100', 'stroke-width': 2.5}), 'outlined in gold: your choice, waiting for Confirm'),
      mark(s('rect', {x: 3, y: 3, width: 18, height: 18, rx: 4, fill: '#fff1c2', stroke: '#f2b01e', 'stroke-width': 3}), 'amber: changed since your last move')),
    h('h4', {}, 'Track and stacks'), h('ul', {},
      mark([s('rect', {x: 2, y: 2, width: 20, height: 12, rx: 3, fill: '#e6f0d8', stroke: '#c9c4b8'}), s('rect', {x: 4, y: 17, width: 7, height: 5, rx: 1, fill: (c.board.types || [])[0]?.colour || MUTED}),
        s('rect', {x: 13, y: 17, width: 7, height: 5, rx: 1, fill: (c.board.types || [])[1]?.colour || MUTED})], 'under a round: what its slot 1 tile lets you build (stack 1 is face up)'),
      mark([0, 1, 2].map((k) => s('rect', {x: 2 + k * 3, y: 8 - k * 1.5, width: 14, height: 10, rx: 2, fill: '#dbe6f4', stroke: '#8f8672', 'stroke-width': 0.8})),
        'a stack: the auction tiles still to come, each edge in its era\'s colour'),
      mark(s('rect', {x: 8, y: 5, width: 8, height: 14, rx: 1.5, fill: c.colour(c.viewer ?? 0), stroke: '#000a'}), 'a rail line held (beside the railroad track)')),
    h('p', {class: 'hint'}, 'Point at (or tap) a tile, a building or a railroad space to read what it does.'));
}

// ---------------------------------------------------------------- render

function render(root, props) {
  linkStyles();
  const st = uiOf(root);
  st.props = props;
  observe(root, props);
  const width = Math.max(300, Math.floor(root.clientWidth || 860));
  st.width = width;
  const c = context(props, width, root);
  const v = c.view;
  const wide = width >= WIDE;
  const col = wide ? Math.floor((width - 12) / 2) : width;
  const phase = v.phase || '';
  const over = phase === 'over';
  const mineToAct = c.viewer !== null && (v.to_act || []).includes(c.viewer) && Boolean(c.composer);
  const me = (v.seats || []).find((seat) => seat.seat === c.viewer);
  const others = (v.seats || []).filter((seat) => seat.seat !== c.viewer);
  const decide = decision(c);
  const auction = over ? null : auctionPanel(c, col, mineToAct && ['bidding', 'dummy', 'auction_payment'].includes(phase));
  const home = me ? myHomestead(c, me, col) : null;
  const rest = h('div', {class: 'hs-others'}, others.map((seat) => otherHomestead(c, seat, col, st)));
  root.replaceChildren(h('div', {class: `hs${wide ? ' hs-wide' : ''}`, dataset: {phase, round: v.round ?? '', version: props.version ?? '',
    movesVersion: c.composer?.version ?? '', picks: c.composer?.steps?.length ?? 0, choice: c.composer?.labels?.join(' · ') ?? ''}},
  h('div', {class: 'hs-top'}, roundTrack(c, width)),
  over ? scores(c) : null,
  h('div', {class: 'hs-grid'},
    h('div', {class: 'hs-col hs-col-a'}, decide, auction, railPanel(c, col, mineToAct && phase === 'rail_reward')),
    h('div', {class: 'hs-col hs-col-b'}, home, recent(c), rest)),
  over ? null : marketPanel(c, width, mineToAct && ['build_choice', 'extra_build'].includes(phase)),
  h('div', {class: 'hs-tipbox', role: 'status', hidden: true})));
  mark(root);
}

export default {render, status, legend};
