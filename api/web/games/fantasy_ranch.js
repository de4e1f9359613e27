// Fantasy Ranch board: the players and their colours, the ranches (levels 1-2) or the ranch community
// (level 3) with their locations and horses as cards, the market of 8, the tournament board with the
// current tournament's entries and dice, fate cards and employees. Everything drawn comes from `view`
// and the catalog; every clickable target is one the server's legal moves allow (docs/web.md).
//
// One click rule (docs/web.md): a click on the board only chooses. A move of one part is staged whole
// in the composer, a move of several parts is narrowed one part at a time (what is paid, then the
// horse, then the place or territory, each highlighted on the board); the shell's Confirm sends it.

import {fill, h} from '../dom.js';
import {foldable, narrow, onWidthChange} from './fold.js';
import {s, tip} from '../svg.js';
import {stepper} from '../controls.js';
import {keyOf, same} from '../composer.js';

const CSS_HREF = new URL('./fantasy_ranch.css', import.meta.url).href;

// What the other seats did since the viewer's last move flashes once per new set of log entries (for
// FLASH_MS), not on every redraw: a redraw inside the moment resumes the animation where it was.
const FLASH_MS = 3000;
const flash = {key: '', at: 0};

// The one piece of UI state the board keeps between renders: whether the level-3 community is drawn
// to fit the width (compact tiles) or zoomed in (whole cards, panned inside its own frame).
const ui = {zoomed: false};

function ensureCss() {
  if (document.querySelector('link[data-board-css="fantasy_ranch"]')) return;
  document.head.append(h('link', {rel: 'stylesheet', href: CSS_HREF, dataset: {boardCss: 'fantasy_ranch'}}));
}

/** Set CSS custom properties through the CSSOM (the page's CSP forbids style attributes). */
function paint(el, vars) {
  for (const [k, v] of Object.entries(vars)) if (v) el.style.setProperty(k, v);
  return el;
}

// ---- reading moves: which horse, which place, which location a legal move is about -------------

function horseOf(m) {
  switch (m.type) {
    case 'buy_horse': case 'move_horse': case 'sell_horse': case 'enter_tournament':
    case 'draft_pick': case 'tessa_choose': case 'claim_free_territory':
      return m.card_id ?? null;
    case 'claim_prize': return m.choice?.card_id ?? null;
    case 'claim_fate_card': return m.choices?.card_id ?? null;
    case 'use_employee': return m.params?.card_id ?? m.params?.take_card_id ?? null;
    default: return null;
  }
}

function destOf(m) {
  if (m.type === 'claim_free_territory') return m.territory_id;
  return m.destination ?? m.choice?.destination ?? m.choices?.destination ?? m.params?.destination ?? null;
}

/** A location clicked on its own (not as a horse's destination): buying, upgrades, homes. */
function locOf(m) {
  switch (m.type) {
    case 'buy_location': return m.location_id;
    case 'choose_home_territory': return m.territory_id;
    case 'claim_prize': return m.choice?.territory_id ?? null;
    case 'use_employee': return m.params?.location_id ?? null;
    default: return null;
  }
}

/** The ordered upgrade-token placements of a fate card or of Megan, or null for other moves. */
const territoriesOf = (m) => m.choices?.territories ?? m.params?.territories ?? null;

/** The seat's colour from the catalog (name and hex). */
function seatColour(ctx, seat) {
  const c = ctx.cat.seat_colours?.[seat];
  return c || {id: ctx.view.colours?.[seat] || `seat${seat}`, name: `Seat ${seat + 1}`, hex: '#888'};
}

function who(ctx, seat) {
  const p = ctx.props;
  const n = typeof p.name === 'function' ? p.name(seat) : null;
  const colour = seatColour(ctx, seat).name;
  return n && n !== colour ? `${n} (${colour})` : colour;
}

/** A seat as the page names its player ("Bot 2", "you"), its colour only when the page names nobody:
 * the board said "Red's fate cards" and "with Blue" where the page says "Bot 2" (table review). */
function named(ctx, seat) {
  const n = typeof ctx.props?.name === 'function' ? ctx.props.name(seat) : null;
  return !n ? seatColour(ctx, seat).name : n === 'You' ? 'you' : n;
}

/** "Bot 2's", "Your". */
function whose(ctx, seat) {
  const n = named(ctx, seat);
  return n === 'you' ? 'Your' : `${n}'s`;
}

function chip(ctx, seat, text = null) {
  const c = seatColour(ctx, seat);
  return paint(h('span', {class: 'fr-chip', title: c.name}, text ?? c.name), {'--seat': c.hex});
}

/** Our own small icons (no emoji font is needed): a carrot, a boot, a trophy, a house. */
function icon(kind, label = null) {
  const shapes = {
    carrot: [s('path', {d: 'M4 20 L15 6 L18 9 Z', fill: '#e67e22', stroke: '#a04000', 'stroke-width': 1}),
      s('path', {d: 'M15 6 L18 1 M16 7 L21 4 M17 8 L22 8', stroke: '#2e7d32', 'stroke-width': 2})],
    boot: [s('path', {d: 'M6 2 H13 V13 L21 15 V20 H6 Z', fill: '#8d5524', stroke: '#4e2a0e', 'stroke-width': 1})],
    trophy: [s('path', {d: 'M6 3 H18 V9 A6 6 0 0 1 6 9 Z', fill: '#f1c40f', stroke: '#9a7d0a', 'stroke-width': 1}),
      s('rect', {x: 10.5, y: 14, width: 3, height: 4, fill: '#9a7d0a'}), s('rect', {x: 7, y: 18, width: 10, height: 3, fill: '#9a7d0a'})],
    home: [s('path', {d: 'M3 11 L12 3 L21 11 V21 H3 Z', fill: '#fff', stroke: '#1f2328', 'stroke-width': 2}),
      s('rect', {x: 9.5, y: 14, width: 5, height: 7, fill: '#1f2328'})],
  }[kind];
  return s('svg', {class: `fr-icon fr-icon-${kind}`, viewBox: '0 0 24 24', width: 14, height: 14,
    role: label ? 'img' : null, 'aria-label': label, 'aria-hidden': label ? null : 'true'}, shapes);
}

const comp = (ctx, id) => ctx.cat.components?.[id] || {name: id, kind: ''};
const term = (ctx, id) => ctx.cat.terms?.[id] || String(id).replaceAll('_', ' ');
const hname = (ctx, id) => comp(ctx, id).name;
const typeName = (ctx, type) => (type === 'home' ? 'Home' : ctx.cat.board?.location_types?.[type]?.name || type);

/** A location's name from the catalog: its type, its place on the board and the board ("Pasture, top left of board 1B"). */
function placeName(ctx, id) {
  if (id === 'holding') return 'not yet placed';
  return hname(ctx, id);
}

/** The colour rule of a horse, from the catalog: where a horse of its colour may stand. */
function colourRule(ctx, colour) {
  const type = ctx.cat.board?.horse_colours?.[colour]?.location_type;
  return type ? `a ${colour} horse stands in a ${typeName(ctx, type).toLowerCase()} or a home` : `${colour} horse`;
}

function skillAbbr(name) {
  const words = name.split(' ');
  return words.length > 1 ? words.map((w) => w[0]).join('') : name.slice(0, 3);
}

// ---- the move a button stands for, in words (names from the catalog) ---------------------------

function goodsText(g) {
  const parts = [];
  if (g.carrots) parts.push(`${g.carrots} carrot${g.carrots === 1 ? '' : 's'}`);
  if (g.boots) parts.push(`${g.boots} boot${g.boots === 1 ? '' : 's'}`);
  return parts.join(' + ') || 'nothing';
}

function tokensText(ctx, list) {
  return list.length ? `upgrade token${list.length > 1 ? 's' : ''} on ${list.map((id) => placeName(ctx, id)).join(' and ')}` : 'no upgrade token';
}

function moveText(ctx, m) {
  const n = (id) => hname(ctx, id);
  const at = (id) => placeName(ctx, id);
  switch (m.type) {
    case 'sell_horse': return `Sell ${n(m.card_id)} for ${comp(ctx, m.card_id).value} carrots`;
    case 'enter_tournament': return `Enter ${n(m.card_id)}`;
    case 'move_horse': return `Move ${n(m.card_id)} to ${at(m.destination)}`;
    case 'buy_horse': return `Buy ${n(m.card_id)} onto ${at(m.destination)}`;
    case 'buy_location': return `Buy ${at(m.location_id)} for ${comp(ctx, m.location_id).cost?.boots} boots`;
    case 'produce_goods': return `Produce ${goodsText(m)}`;
    case 'trade_goods': {
      const get = m.give === 'carrots' ? 'boot' : 'carrot';
      return `Trade ${2 * m.units} ${m.give} for ${m.units} ${get}${m.units === 1 ? '' : 's'}`;
    }
    case 'end_turn': return m.new_employee ? `End turn, take ${n(m.new_employee)}` : 'End turn';
    case 'decline_tournament': return 'Stay out';
    case 'enter_final_paid': return `Pay ${goodsText(m)} for 1 die`;
    case 'decline_prize': return 'Decline the prize';
    case 'claim_prize': {
      const c = m.choice || {};
      if (c.kind) return `Take ${c.kind}`;
      if (c.card_id) return `Take ${n(c.card_id)} onto ${at(c.destination)}`;
      return `Put an upgrade token on ${at(c.territory_id)}`;
    }
    case 'claim_fate_card': {
      const parts = [`Claim ${n(m.card_id)}`];
      if (m.payment) parts.push(`paying ${goodsText(m.payment)}`);
      const c = m.choices || {};
      if (c.carrots !== undefined) parts.push(`taking ${goodsText(c)}`);
      if (c.card_id) parts.push(`taking ${n(c.card_id)} onto ${at(c.destination)}`);
      if (c.territories) parts.push(tokensText(ctx, c.territories));
      return parts.join(', ');
    }
    case 'use_employee': {
      const p = m.params || {};
      const fee = m.fee ? ` (fee ${goodsText(m.fee)})` : '';
      const what = {
        tom: () => `swap ${n(p.give_card_id)} for ${n(p.take_card_id)} onto ${at(p.destination)}`,
        alex: () => `buy ${n(p.card_id)} onto ${at(p.destination)}`,
        gail: () => (p.mode === 'refresh' ? 'refresh the bonus display' : 'claim two bonus cards'),
        ryan: () => `buy ${at(p.location_id)}`,
        tessa: () => 'look at the top 3 horses',
        megan: () => tokensText(ctx, p.territories || []),
      }[m.employee];
      return `${n(m.employee)}${fee}: ${what ? what() : ''}`;
    }
    case 'tessa_choose': return m.card_id ? `Buy ${n(m.card_id)} onto ${at(m.destination)}` : 'Buy none of Tessa\'s horses';
    case 'claim_free_territory': return `Claim ${at(m.territory_id)} free with ${n(m.card_id)}`;
    case 'draft_pick': return `Keep ${n(m.card_id)}`;
    case 'choose_ranch_board': return `Board ${m.board}, side ${m.side}`;
    case 'choose_starting_employee': return `Hire ${n(m.employee)}`;
    case 'choose_home_territory': return `Make ${at(m.territory_id)} my home`;
    default: return term(ctx, m.type);
  }
}

// ---- a move of several parts, chosen one part at a time ------------------------------------------

// The parts in the order a player settles them. `board` parts are chosen on highlighted targets (a
// horse, a place, a territory), the others with a few buttons in the prompt.
const PARTS = [
  // different kinds of move through the same target (buy a territory yourself or through an employee)
  {name: 'way', of: (m) => (m.type === 'use_employee' ? `${m.type}:${m.employee}` : m.type), words: (ctx, v, m) => wayText(ctx, m)},
  {name: 'payment', of: (m) => m.payment ?? m.fee ?? null, words: (ctx, v) => (v ? `Pay ${goodsText(v)}` : 'Pay nothing')},
  {name: 'mode', of: (m) => m.params?.mode ?? null,
    words: (ctx, v) => (v === 'refresh' ? 'Refresh the display, then claim 1 card' : 'Claim up to 2 bonus cards')},
  {name: 'give', of: (m) => m.params?.give_card_id ?? null, words: (ctx, v) => `Give ${hname(ctx, v)}`},
  {name: 'goods', of: (m) => (m.choices && 'carrots' in m.choices ? {carrots: m.choices.carrots, boots: m.choices.boots} : null),
    words: (ctx, v) => `Take ${goodsText(v)}`},
  {name: 'horse', board: true, of: horseOf},
  {name: 'place', board: true, of: destOf},
  {name: 'territory', board: true, of: territoriesOf},
];

/** How a move is made, for the first part of a choice between kinds of move. */
function wayText(ctx, m) {
  switch (m.type) {
    case 'buy_location': return `Buy it with your limited action (${comp(ctx, m.location_id).cost?.boots} boots)`;
    case 'use_employee': return `Use ${hname(ctx, m.employee)}${m.fee ? ' (fee 2 goods)' : ''}`;
    case 'claim_prize': return 'Take it as your prize';
    default: return moveText(ctx, m);
  }
}

/** The first part whose value still differs among the remaining moves (null when one move is left).
 * A horse's places come before the kind of move (its other moves, such as selling, are offered beside them). */
function nextPart(ctx) {
  if (!ctx.composer.active || ctx.remaining.length < 2) return null;
  const horseMoves = ctx.remaining.some(destOf);
  for (const part of PARTS) {
    if (part.name === 'way' && horseMoves) continue;
    if (new Set(ctx.remaining.map((m) => keyOf(part.of(m)))).size > 1) return part;
  }
  return null;
}

/** Upgrade tokens placed so far in the choice at hand (each placement is one tagged composer step). */
function tokensChosen(ctx) {
  return (ctx.composer.steps || []).filter((st) => st.test.frToken).length;
}

/** The territories the next upgrade token may go on, and whether stopping here is a legal move. */
function tokenTargets(ctx) {
  const k = tokensChosen(ctx);
  const lists = ctx.remaining.map(territoriesOf).filter(Boolean);
  return {k, ids: new Set(lists.filter((l) => l.length > k).map((l) => l[k])), stop: lists.some((l) => l.length === k)};
}

function chooseToken(ctx, id) {
  const k = tokensChosen(ctx);
  const test = (m) => territoriesOf(m)?.[k] === id;
  test.frToken = true;
  ctx.composer.narrow(test, `upgrade token ${k + 1} on ${placeName(ctx, id)}`);
}

function stopTokens(ctx) {
  const k = tokensChosen(ctx);
  ctx.composer.narrow((m) => territoriesOf(m)?.length === k, k ? 'no more upgrade tokens' : 'no upgrade token');
}

/** Stage one whole move in the action bar (the shell's Confirm sends it): a click never sends a move.
 * A move of the choice under way refines it (Step back returns to it); any other starts afresh. */
function stage(ctx, move) {
  const c = ctx.composer;
  if (c.complete && same(c.complete, move)) return;
  if (c.active && !ctx.remaining.some((m) => same(m, move))) c.clear();
  ctx.props.propose(move, moveText(ctx, move));
}

// ---- the board ------------------------------------------------------------------------------------

function context(props) {
  const view = props.view || {};
  const composer = props.composer || {moves: [], remaining: [], steps: [], active: false, allows: () => false, values: () => [],
    narrow: () => false, clear: () => {}};
  const remaining = composer.remaining || [];
  const seatsN = (view.goods || []).length;
  const place = {};
  const owner = {};
  (view.horses || []).forEach((list, seat) => list.forEach((x) => { place[x.card_id] = x.place; owner[x.card_id] = seat; }));
  const entered = new Set((view.tournament?.entries || []).filter((e) => e.kind === 'horse').map((e) => e.card_id));
  // the horses, locations, fate cards and seats the other seats' last moves touched (from their actions)
  const recent = new Set();
  const recentSeats = new Set();
  const key = (props.recent || []).map((e) => e.version).join(',');
  if (key !== flash.key) Object.assign(flash, {key, at: performance.now()});
  const flashAge = performance.now() - flash.at;
  if (key && flashAge < FLASH_MS) {
    for (const entry of props.recent) {
      const text = JSON.stringify(entry.action ?? entry);
      for (const m of text.matchAll(/\b(H\d\d|TF\d\d|[1-6][AB]-[1-5H])\b/g)) recent.add(m[1]);
      if (entry.seat !== null && entry.seat !== undefined && entry.seat >= 0) recentSeats.add(entry.seat);
    }
  }
  const cat = props.catalog || {};
  const ctx = {props, view, cat, composer, remaining, seatsN, place, owner, entered, recent, recentSeats, flashAge,
    moves: composer.moves || [], viewer: props.viewer ?? null, info: null};
  ctx.part = nextPart(ctx);
  const hs = composer.active ? [...new Set(remaining.map(horseOf))] : [];
  ctx.selected = hs.length === 1 && hs[0] ? hs[0] : null;
  ctx.dests = new Set(ctx.part?.name === 'place' ? remaining.map(destOf).filter(Boolean) : []);
  ctx.tokens = ctx.part?.name === 'territory' ? tokenTargets(ctx) : {k: 0, ids: new Set(), stop: false};
  ctx.horseTargets = new Set(ctx.part?.name === 'horse' ? remaining.map(horseOf).filter(Boolean) : []);
  return ctx;
}

/** A horse click: the horse part of a choice under way, else start (or drop) a choice about this horse. */
function selectHorse(ctx, id) {
  const c = ctx.composer;
  if (ctx.horseTargets.has(id)) {
    c.narrow((m) => horseOf(m) === id, hname(ctx, id));
    return;
  }
  if (ctx.selected === id) {
    c.clear();
    return;
  }
  if (c.active) c.clear();
  const left = ctx.moves.filter((m) => horseOf(m) === id);
  if (left.length === 1) stage(ctx, left[0]);
  else c.narrow((m) => horseOf(m) === id, hname(ctx, id));
}

/** A horse may be chosen when it is a target of the choice under way or some legal move is about it. */
function horseClickable(ctx, id) {
  return ctx.horseTargets.has(id) || ctx.moves.some((m) => horseOf(m) === id);
}

function chooseDestination(ctx, loc) {
  ctx.composer.narrow((m) => destOf(m) === loc, `to ${placeName(ctx, loc)}`);
}

function chooseLocation(ctx, loc) {
  const left = ctx.moves.filter((m) => locOf(m) === loc);
  if (left.length === 1) {
    stage(ctx, left[0]);
    return;
  }
  if (ctx.composer.active) ctx.composer.clear();
  ctx.composer.narrow((m) => locOf(m) === loc, placeName(ctx, loc));
}

/** What a click on this location does now (a place for the chosen horse, a token, a purchase), or null. */
function locationAction(ctx, id) {
  if (ctx.dests.has(id)) {
    return {label: ctx.selected ? `Put ${hname(ctx, ctx.selected)} here` : 'Choose this place', short: 'Put here', cls: 'dest', go: () => chooseDestination(ctx, id)};
  }
  if (ctx.tokens.ids.has(id)) return {label: `Upgrade token ${ctx.tokens.k + 1} here`, short: 'Token here', cls: 'dest', go: () => chooseToken(ctx, id)};
  if (ctx.part) return null; // a choice under way: only its own targets answer
  const buys = ctx.selected ? [] : ctx.moves.filter((m) => locOf(m) === id);
  if (!buys.length) return null;
  const m = buys[0];
  const e = comp(ctx, id);
  let label = buys.length === 1 ? moveText(ctx, m) : `Buy ${placeName(ctx, id)}…`;
  let short = buys.length === 1 ? 'Choose' : 'Buy…';
  if (m.type === 'buy_location' && buys.length === 1) [label, short] = [`Buy for ${e.cost?.boots} boots`, `Buy · ${e.cost?.boots} boots`];
  if (m.type === 'choose_home_territory') [label, short] = ['Make this my home', 'My home'];
  if (m.type === 'claim_prize') [label, short] = ['Put an upgrade token here', 'Token here'];
  return {label, short, cls: 'buyable', go: () => chooseLocation(ctx, id)};
}

function horseCard(ctx, id, {small = false} = {}) {
  const e = comp(ctx, id);
  const hex = ctx.cat.board?.horse_colours?.[e.colour]?.hex;
  const livesIn = ctx.cat.board?.horse_colours?.[e.colour]?.location_type;
  const ownerSeat = ctx.owner[id];
  const skills = Object.entries(e.skills || {});
  const clickable = horseClickable(ctx, id);
  const chosen = ctx.selected === id;
  const facts = [];
  if (ctx.entered.has(id)) facts.push('entered');
  else if ((ctx.view.competed || []).includes(id)) facts.push('competed this round');
  const label = `${e.name}, ${e.colour} ${e.kind} (${colourRule(ctx, e.colour)}), ${skills.map(([k, d]) => `${hname(ctx, k)} ${d}`).join(', ')}`
    + `, value ${e.value} carrots${e.friend ? `, friend ${e.friend}` : ''}${facts.length ? `, ${facts.join(', ')}` : ''}`;
  const body = [
    h('span', {class: 'fr-h-top'},
      h('span', {class: 'fr-h-name'}, e.name),
      h('span', {class: 'fr-h-val', title: `Value: ${e.value} carrots`}, `${e.value}`, icon('carrot'))),
    h('span', {class: 'fr-skills'}, skills.map(([k, d]) => paint(
      h('span', {class: 'fr-skill', title: `${hname(ctx, k)}: ${d} dice`}, `${skillAbbr(hname(ctx, k))} ${d}`),
      {'--skill': comp(ctx, k).hex}))),
    livesIn ? paint(h('span', {class: 'fr-h-lives', title: colourRule(ctx, e.colour)},
      h('span', {class: 'fr-lives-swatch', 'aria-hidden': 'true'}), typeName(ctx, livesIn)),
    {'--loc': ctx.cat.board?.location_types?.[livesIn]?.hex}) : null,
    h('span', {class: 'fr-h-foot'},
      e.world_class ? h('span', {class: 'fr-wc', title: 'World-class horse: may ride in the finals, never sold'}, '★ world-class')
        : h('span', {class: 'fr-friend', title: `Friend symbol: ${e.friend}`}, `${ctx.cat.board?.friend_marks?.[e.friend] || ''} ${e.friend || ''}`),
      facts.length ? h('span', {class: 'fr-h-flag'}, facts.join(' · ')) : null),
  ];
  const cls = `fr-horse${small ? ' small' : ''}${clickable ? ' legal' : ''}${ctx.horseTargets.has(id) ? ' target' : ''}${chosen ? ' chosen' : ''}${ctx.recent.has(id) ? ' fr-changed' : ''}`;
  const el = clickable
    ? h('button', {type: 'button', class: cls, 'aria-label': label, 'aria-pressed': chosen ? 'true' : 'false',
      dataset: {id}, onclick: () => selectHorse(ctx, id)}, body)
    : h('div', {class: cls, title: label, dataset: {id}}, body);
  return paint(el, {'--horse': hex, '--owner': ownerSeat !== undefined && ctx.view.level === 3 ? seatColour(ctx, ownerSeat).hex : null});
}

// ---- players ----------------------------------------------------------------------------------------

function scoreOf(ctx, seat) {
  const sc = ctx.props.scores;
  if (!sc) return null;
  const total = sc.totals?.[seat] ?? sc.totals?.[String(seat)];
  const parts = sc.breakdown?.[seat] ?? sc.breakdown?.[String(seat)] ?? {};
  return {total, parts};
}

function playersBar(ctx) {
  const v = ctx.view;
  const awaiting = new Set(v.awaiting || []);
  const items = [];
  for (let seat = 0; seat < ctx.seatsN; seat += 1) {
    const c = seatColour(ctx, seat);
    const g = v.goods[seat];
    const sc = scoreOf(ctx, seat);
    const why = sc ? Object.entries(sc.parts).map(([k, n]) => `${term(ctx, k)}: ${n}`).join('\n') : '';
    const extra = [];
    if (v.level === 3 && v.employees?.[seat]) extra.push(h('span', {class: 'fr-emp-tag', title: comp(ctx, v.employees[seat]).effect}, hname(ctx, v.employees[seat])));
    if (v.level === 3) {
      const placed = Object.values(v.upgrades || {}).reduce((n, arr) => n + (arr[seat] || 0), 0);
      extra.push(h('span', {class: 'fr-muted', title: 'Upgrade tokens still in supply'}, `${6 - placed} upgrade tokens`));
    }
    const kept = v.kept_fate?.[seat] || [];
    if (kept.length) extra.push(h('span', {title: kept.map((id) => `${hname(ctx, id)}: ${comp(ctx, id).effect}`).join('\n')}, `${kept.length} kept fate card${kept.length > 1 ? 's' : ''}`));
    items.push(paint(h('li', {class: `fr-player${seat === ctx.viewer ? ' mine' : ''}${awaiting.has(seat) ? ' acting' : ''}${ctx.recentSeats.has(seat) ? ' fr-changed' : ''}`, dataset: {seat: String(seat)}},
      h('span', {class: 'fr-swatch', 'aria-hidden': 'true'}),
      h('strong', {}, who(ctx, seat)), seat === ctx.viewer ? h('span', {class: 'fr-you'}, 'you') : null,
      v.start_player === seat ? h('span', {class: 'fr-start', title: 'Start player'}, '⚑ start') : null,
      awaiting.has(seat) ? h('span', {class: 'fr-to-act'}, 'to act') : null,
      h('span', {class: 'fr-goods', title: 'Carrots (buy horses) and boots (buy locations)'},
        icon('carrot'), `${g.carrots} carrots `, icon('boot'), `${g.boots} boots`),
      h('span', {}, `${(v.horses[seat] || []).length} horses`),
      sc ? h('span', {class: 'fr-trophies', title: `Trophies if the game ended now:\n${why}`}, icon('trophy'), ` ${sc.total} troph${sc.total === 1 ? 'y' : 'ies'}`) : null,
      extra), {'--seat': c.hex}));
  }
  return h('ul', {class: 'fr-players', 'aria-label': 'Players and their colours'}, items);
}

// ---- locations, ranches and the community ---------------------------------------------------------

/** A location in words, for its tooltip and the community's information line. */
function locationWords(ctx, id, {ownerSeat = null, outOfPlay = false} = {}) {
  const e = comp(ctx, id);
  const horses = Object.keys(ctx.place).filter((c) => ctx.place[c] === id).sort();
  const owned = ownerSeat !== null && ownerSeat !== undefined;
  const parts = [placeName(ctx, id), `${horses.length} of ${e.capacity} places taken`];
  if (e.type !== 'home') {
    const colours = Object.entries(ctx.cat.board?.horse_colours || {}).filter(([, c]) => c.location_type === e.type).map(([k]) => k);
    if (colours.length) parts.push(`for ${colours.join(' and ')} horses`);
  } else parts.push('takes horses of every colour');
  if (outOfPlay) parts.push('out of play');
  else if (owned) parts.push(`${e.type === 'home' ? 'home of' : 'owned by'} ${named(ctx, ownerSeat)}`);
  else if (e.type !== 'home') parts.push(`for sale at ${e.cost?.boots} boots`);
  const ups = ((ctx.view.upgrades || {})[id] || []).map((n, seat) => (n ? `${whose(ctx, seat)} ${n} upgrade token${n > 1 ? 's' : ''}` : null)).filter(Boolean);
  if (ups.length) parts.push(ups.join(', '));
  if (horses.length) parts.push(`horses: ${horses.map((c) => `${hname(ctx, c)} (${named(ctx, ctx.owner[c])})`).join(', ')}`);
  return parts.join(' · ');
}

function locationBox(ctx, id, {ownerSeat = null, outOfPlay = false, fit = false} = {}) {
  const e = comp(ctx, id);
  const v = ctx.view;
  const horses = Object.keys(ctx.place).filter((c) => ctx.place[c] === id).sort();
  const owned = ownerSeat !== null && ownerSeat !== undefined;
  const home = e.type === 'home';
  const forSale = !owned && !home && !outOfPlay;
  const act = outOfPlay ? null : locationAction(ctx, id);
  const typeHex = ctx.cat.board?.location_types?.[e.type]?.hex;
  const cells = e.cells || [[0, 0]];
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const ups = (v.upgrades || {})[id] || [];
  const upBadges = ups.map((n, seat) => (n ? chip(ctx, seat, `▲${n}`) : null));
  const words = locationWords(ctx, id, {ownerSeat, outOfPlay});
  const cls = `fr-loc type-${e.type}${fit ? ' fit' : ''}${owned ? ' owned' : ''}${forSale ? ' for-sale' : ''}${outOfPlay ? ' out' : ''}${act ? ` ${act.cls}` : ''}${ctx.recent.has(id) ? ' fr-changed' : ''}`;
  const price = forSale ? h('span', {class: 'fr-sale', title: `For sale: ${e.cost?.boots} boots`},
    fit ? null : h('span', {class: 'fr-sale-word'}, 'for sale · '), `${e.cost?.boots}`, icon('boot', 'boots')) : null;
  const head = h('div', {class: 'fr-loc-head'},
    home ? icon('home', 'Home') : null,
    h('span', {class: 'fr-loc-name'}, home ? 'Home' : typeName(ctx, e.type)),
    h('span', {class: 'fr-cap', title: `${horses.length} of ${e.capacity} places taken`}, `${horses.length}/${e.capacity}`),
    owned && v.level === 3 && !fit ? chip(ctx, ownerSeat, home ? `${seatColour(ctx, ownerSeat).name} home` : seatColour(ctx, ownerSeat).name) : null,
    price,
    outOfPlay && !fit ? h('span', {class: 'fr-muted'}, 'out of play') : null,
    upBadges);
  const show = () => { if (ctx.info) ctx.info.textContent = words; };
  let box;
  if (fit) {
    // compact tile: colour, places, price, owner ring and horse dots; the tile itself is the target
    const dots = h('div', {class: 'fr-dots'}, horses.map((c) => paint(h('span', {class: `fr-dot${c === ctx.selected ? ' chosen' : ''}`, title: hname(ctx, c)}),
      {'--horse': ctx.cat.board?.horse_colours?.[comp(ctx, c).colour]?.hex, '--owner': seatColour(ctx, ctx.owner[c]).hex})));
    box = act
      ? h('button', {type: 'button', class: cls, dataset: {id}, title: words, 'aria-label': `${act.label}: ${words}`,
        onclick: () => { show(); act.go(); }}, head, dots)
      : h('div', {class: cls, dataset: {id}, title: words, role: 'group', 'aria-label': words, onclick: show}, head, dots);
  } else {
    box = h('div', {class: cls, dataset: {id}, role: 'group', title: words, 'aria-label': words},
      head,
      h('div', {class: 'fr-loc-horses'}, horses.map((c) => horseCard(ctx, c, {small: true}))),
      act ? h('button', {type: 'button', class: `${act.cls === 'dest' ? 'fr-go primary' : 'fr-buy'}`, 'aria-label': `${act.label}: ${placeName(ctx, id)}`,
        onclick: () => { show(); act.go(); }}, act.short) : null);
    box.addEventListener('click', (ev) => { if (ev.target === box) show(); });
  }
  return paint(box, {'--loc': typeHex, '--owner': owned ? seatColour(ctx, ownerSeat).hex : null,
    'grid-column': `${Math.min(...xs) + 1} / ${Math.max(...xs) + 2}`, 'grid-row': `${Math.min(...ys) + 1} / ${Math.max(...ys) + 2}`});
}

function ranchBoard(ctx, seat, {fit = false} = {}) {
  const [board, side] = ctx.view.ranches[seat];
  const geo = ctx.cat.board.boards[String(board)].sides[side];
  const owners = ctx.view.owners || {};
  const grid = h('div', {class: `fr-grid${fit ? ' fit' : ''}`}, geo.locations.map((id) => locationBox(ctx, id, {ownerSeat: owners[id] ?? null, fit})));
  const bought = geo.locations.filter((id) => owners[id] === seat && id !== geo.home).length;
  const holding = Object.keys(ctx.place).filter((c) => ctx.owner[c] === seat && ctx.place[c] === 'holding').sort();
  const c = seatColour(ctx, seat);
  return paint(h('section', {class: `fr-ranch${seat === ctx.viewer ? ' mine' : ''}${ctx.recentSeats.has(seat) ? ' fr-changed' : ''}`, 'aria-label': seat === ctx.viewer ? 'Your ranch' : `${who(ctx, seat)}'s ranch`},
    h('h3', {}, h('span', {class: 'fr-swatch', 'aria-hidden': 'true'}), seat === ctx.viewer ? `Your ranch (${c.name})` : `${who(ctx, seat)}'s ranch`,
      h('span', {class: 'fr-muted'}, `board ${board} side ${side} · ${bought} of ${geo.locations.length - 1} locations bought`
        + (ctx.view.level === 2 ? ` · all bought: +${geo.trophies} trophies` : ''))),
    grid,
    holding.length ? h('div', {class: 'fr-holding'}, h('span', {class: 'fr-muted'}, 'Not yet placed:'), holding.map((id) => horseCard(ctx, id, {small: true}))) : null),
  {'--seat': c.hex});
}

function edgeBars(ctx, edges) {
  const hexes = ctx.cat.board?.edge_hex || {};
  const out = [];
  for (const [dir, list] of Object.entries(edges || {})) {
    list.forEach((colour, k) => {
      if (!colour) return;
      const bar = h('span', {class: `fr-edge fr-edge-${dir}`, title: `${colour} edge: touches the same colour across the seam`});
      const n = list.length;
      const vars = {'--edge': hexes[colour]};
      if (dir === 'N' || dir === 'S') Object.assign(vars, {left: `${(k * 100) / n}%`, width: `${100 / n}%`});
      else Object.assign(vars, {top: `${(k * 100) / n}%`, height: `${100 / n}%`});
      out.push(paint(bar, vars));
    });
  }
  return out;
}

/** The level-3 community: fitted to the width as compact tiles (names on hover and tap, in the
 * information line), or zoomed in to whole cards inside a frame that pans; zoom is chosen, never automatic. */
function community(ctx) {
  const v = ctx.view;
  const side = v.community_side || sideOfCommunity(ctx);
  const owners = v.owners || {};
  const homeChosen = new Set(Object.keys(owners));
  const setup = v.phase === 'choose_home' || v.phase === 'choose_employee' || v.phase === 'draft';
  const fit = !ui.zoomed;
  ctx.info = h('p', {class: 'fr-info', 'aria-live': 'polite'}, fit ? 'Tap or point at a territory for its name and what stands on it.' : 'Drag or scroll inside the frame to pan.');
  const columns = Math.max(...(v.community || [[]]).map((row) => row.length), 1);
  const rows = (v.community || []).map((row) => h('div', {class: 'fr-crow'}, row.map((board) => {
    const geo = ctx.cat.board.boards[String(board)].sides[side];
    const edges = ctx.cat.board.boards[String(board)].edge_colours;
    return h('div', {class: 'fr-cboard', 'aria-label': `Board ${board}${side}`},
      edgeBars(ctx, edges),
      h('span', {class: 'fr-cboard-name', title: `All bought: +${geo.trophies} trophies`}, `Board ${board}${side}`, fit ? '' : ` · all bought: +${geo.trophies} trophies`),
      h('div', {class: 'fr-grid'}, geo.locations.map((id) => locationBox(ctx, id, {
        ownerSeat: owners[id] ?? null,
        outOfPlay: id === geo.home && !homeChosen.has(id) && !setup,
        fit,
      }))));
  })));
  const holding = [];
  for (let seat = 0; seat < ctx.seatsN; seat += 1) {
    const list = Object.keys(ctx.place).filter((c) => ctx.owner[c] === seat && ctx.place[c] === 'holding').sort();
    if (list.length) holding.push(h('div', {class: 'fr-holding'}, chip(ctx, seat, `${whose(ctx, seat)} horses not yet placed:`), list.map((id) => horseCard(ctx, id, {small: true}))));
  }
  // in the fitted view the viewer's own placed horses are cards here, so they can be chosen at any width
  const mine = fit && ctx.viewer !== null ? Object.keys(ctx.place).filter((c) => ctx.owner[c] === ctx.viewer && ctx.place[c] !== 'holding').sort() : [];
  const zoom = h('button', {type: 'button', class: 'small fr-zoom', 'aria-pressed': ui.zoomed ? 'true' : 'false',
    onclick: () => { ui.zoomed = !ui.zoomed; ui.pan = [0, 0]; redraw(); }}, ui.zoomed ? 'Fit to width' : 'Zoom in');
  const frame = paint(h('div', {class: `fr-cview${fit ? ' fit' : ' zoomed'}`, tabindex: fit ? null : '0', 'aria-label': fit ? null : 'Ranch community, zoomed in: scroll to pan'},
    h('div', {class: 'fr-cgrid'}, rows)), {'--cols': String(columns)});
  if (!fit) frame.addEventListener('scroll', () => { ui.pan = [frame.scrollLeft, frame.scrollTop]; });
  return h('section', {class: 'fr-community', 'aria-label': 'Ranch community'},
    h('div', {class: 'fr-community-head'}, h('h3', {}, 'Ranch community'), zoom),
    h('p', {class: 'fr-muted small'}, 'Coloured edges join territories across boards when the colours match.'),
    ctx.info, frame,
    mine.length ? h('div', {class: 'fr-holding fr-placed', 'aria-label': 'Your horses on the community'}, h('span', {class: 'fr-muted'}, 'Your horses:'),
      mine.map((id) => h('span', {class: 'fr-where'}, horseCard(ctx, id, {small: true}), h('span', {class: 'fr-muted small'}, placeName(ctx, ctx.place[id]))))) : null,
    holding);
}

function sideOfCommunity(ctx) {
  const any = Object.keys(ctx.view.owners || {})[0] || Object.keys(ctx.place).map((c) => ctx.place[c]).find((p) => p !== 'holding');
  return any ? any[1] : 'B';
}

// ---- market, tournaments, fate cards, employees ----------------------------------------------------

function market(ctx) {
  const v = ctx.view;
  return h('section', {class: 'fr-market', 'aria-label': 'Market'},
    h('h3', {}, 'Market', h('span', {class: 'fr-muted'}, ` · horse deck ${v.horse_deck_size} · discard ${v.discard.length}`)),
    h('div', {class: 'fr-market-row'}, (v.market || []).map((id, i) => h('div', {class: 'fr-slot'},
      h('span', {class: 'fr-muted small'}, `slot ${i + 1}`),
      id ? horseCard(ctx, id) : h('div', {class: 'fr-empty'}, 'empty')))),
    h('p', {class: 'fr-hint fr-reserved'}, ctx.horseTargets.size && (v.market || []).some((id) => ctx.horseTargets.has(id))
      ? 'Choose one of the highlighted horses.'
      : ctx.selected && (v.market || []).includes(ctx.selected) && ctx.dests.size ? `Now choose a highlighted location for ${hname(ctx, ctx.selected)}.` : ''));
}

function dieFace(n, hex) {
  const pips = {1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]]}[n] || [];
  return s('svg', {class: 'fr-die', viewBox: '0 0 40 40', width: 30, height: 30, role: 'img', 'aria-label': `die showing ${n}`},
    tip(`${n}`),
    s('rect', {x: 2, y: 2, width: 36, height: 36, rx: 7, fill: hex || '#fff', stroke: '#333', 'stroke-width': 2}),
    pips.map(([x, y]) => s('circle', {cx: x * 10, cy: y * 10, r: 3.6, fill: '#111'})));
}

function rollsBlock(ctx, rolls) {
  return rolls.map((roll, i) => h('div', {class: 'fr-roll'},
    h('span', {class: 'fr-roll-name'}, i === 0 ? 'Dice' : `Tie re-roll ${i} (only the tied players)`),
    roll.seats.map((seat) => {
      const dice = roll.dice[String(seat)] || [];
      return h('span', {class: 'fr-roll-seat'}, chip(ctx, seat),
        dice.map((d) => dieFace(d, seatColour(ctx, seat).hex)), h('strong', {}, `= ${dice.reduce((a, b) => a + b, 0)}`));
    })));
}

function prizeTable(ctx, slotIndex) {
  const v = ctx.view;
  const slot = ctx.cat.tracks?.[0]?.slots?.[slotIndex];
  if (!slot) return [];
  if (v.level === 3 && !slot.final) {
    if (!v.tournament_cards?.[slotIndex]) return []; // its tournament card, with the prizes, is not out yet
    return (comp(ctx, v.tournament_cards[slotIndex]).prizes || []).map((items) => items.map((it) => term(ctx, `prize_${it}`)).join(' + ') || 'nothing');
  }
  return slot.prize_text;
}

function slotSkill(ctx, i) {
  const v = ctx.view;
  const slot = ctx.cat.tracks[0].slots[i];
  if (slot.final) return null;
  if (v.level === 3) return v.tournament_cards?.[i] ? comp(ctx, v.tournament_cards[i]).skill : null;
  return slot.skill;
}

function tournamentTrack(ctx) {
  const v = ctx.view;
  const slots = ctx.cat.tracks?.[0]?.slots || [];
  const done = new Map((v.results || []).map((r) => [r.slot, r]));
  const current = v.tournament?.slot;
  return h('ol', {class: 'fr-track', 'aria-label': 'Tournament board'}, slots.map((slot, i) => {
    const skill = slotSkill(ctx, i);
    const result = done.get(slot.id);
    const isNow = current === slot.id;
    const coming = !result && !isNow && slot.round === v.round;
    const card = v.level === 3 && !slot.final ? v.tournament_cards?.[i] : null;
    const prizes = prizeTable(ctx, i);
    const el = h('li', {class: `fr-tslot${isNow ? ' now' : ''}${result ? ' done' : ''}${coming ? ' coming' : ''}${slot.final ? ' final' : ''}`,
      title: `${term(ctx, slot.id)}, round ${slot.round}${skill ? `: ${hname(ctx, skill)}` : slot.final ? ': world-class horses only, or pay 4 goods for 1 die' : ': its tournament card is not out yet'}\n`
        + prizes.map((p, k) => `${k + 1}. ${p}`).join('\n')},
    h('strong', {}, slot.id),
    h('span', {class: 'fr-muted small'}, `round ${slot.round}`),
    skill ? paint(h('span', {class: 'fr-skill'}, hname(ctx, skill)), {'--skill': comp(ctx, skill).hex})
      : slot.final ? h('span', {class: 'fr-wc'}, '★ final') : h('span', {class: 'fr-muted small'}, 'card not out yet'),
    card ? h('span', {class: 'fr-muted small'}, hname(ctx, card)) : null,
    prizes.length && !result ? h('span', {class: 'small fr-tprize'}, `1st: ${prizes[0]}`) : null,
    result ? h('span', {class: 'fr-result'}, result.ranking.length ? result.ranking.map((seat, k) => chip(ctx, seat, `${k + 1}`)) : 'no entries') : null,
    isNow ? h('span', {class: 'fr-now'}, 'now') : null);
    return el;
  }));
}

function currentTournament(ctx) {
  const t = ctx.view.tournament;
  if (!t) return null;
  const slots = ctx.cat.tracks[0].slots;
  const i = slots.findIndex((x) => x.id === t.slot);
  const prizes = prizeTable(ctx, i);
  const entries = t.entries.map((e) => h('li', {},
    chip(ctx, e.seat),
    e.kind === 'horse' ? [' entered ', h('strong', {}, hname(ctx, e.card_id)), ` (${e.dice} dice)`]
      : e.kind === 'paid' ? ' paid 4 goods: 1 die' : e.kind === 'declined' ? ' stayed out' : ' had no horse for it'));
  const ranking = t.ranking.length ? h('ol', {class: 'fr-ranking'}, t.ranking.map((seat, k) => h('li', {},
    chip(ctx, seat), ` ${k + 1}${['st', 'nd', 'rd', 'th'][Math.min(k, 3)]}: ${prizes[k] || 'nothing'}`))) : null;
  const pending = t.prizes.length ? h('p', {class: 'fr-muted'}, 'Prize now: ', chip(ctx, t.prizes[0].seat), ` ${t.prizes[0].place}. place, ${term(ctx, `prize_${t.prizes[0].item}`)}`) : null;
  return h('section', {class: 'fr-tournament', 'aria-label': 'Current tournament'},
    h('h3', {}, `${term(ctx, t.slot)} · `, t.skill ? paint(h('span', {class: 'fr-skill'}, hname(ctx, t.skill)), {'--skill': comp(ctx, t.skill).hex}) : 'Final: world-class horses (or 4 goods for 1 die)'),
    h('p', {class: 'fr-muted small'}, prizes.map((p, k) => `${k + 1}. ${p}`).join(' · ')),
    h('ul', {class: 'fr-entries'}, entries),
    rollsBlock(ctx, t.rolls || []),
    ranking, pending);
}

function lastResult(ctx) {
  const r = (ctx.view.results || []).at(-1);
  if (!r || ctx.view.tournament) return null;
  const i = ctx.cat.tracks[0].slots.findIndex((x) => x.id === r.slot);
  const prizes = prizeTable(ctx, i);
  return h('section', {class: 'fr-tournament past', 'aria-label': 'Last tournament'},
    h('h3', {}, `Last: ${term(ctx, r.slot)}`),
    rollsBlock(ctx, r.rolls),
    r.ranking.length ? h('ol', {class: 'fr-ranking'}, r.ranking.map((seat, k) => h('li', {}, chip(ctx, seat), ` ${prizes[k] || 'nothing'}`)))
      : h('p', {class: 'fr-muted'}, 'Nobody entered.'));
}

function fateCard(ctx, id, {onclick = null, legal = false} = {}) {
  const e = comp(ctx, id);
  const chosen = ctx.composer.active && ctx.remaining.length && ctx.remaining.every((m) => m.type === 'claim_fate_card' && m.card_id === id);
  const body = [h('span', {class: 'fr-fate-kind'}, e.kept ? `kept for ${e.points} troph${e.points === 1 ? 'y' : 'ies'}` : 'fate card'),
    h('strong', {}, e.name), h('span', {class: 'small fr-effect'}, e.effect)];
  if (!onclick) return h('div', {class: `fr-fate${ctx.recent.has(id) ? ' fr-changed' : ''}`, title: e.effect, dataset: {id}}, body);
  return h('button', {type: 'button', class: `fr-fate${legal ? ' legal' : ''}${chosen ? ' chosen' : ''}`, dataset: {id},
    'aria-pressed': chosen ? 'true' : 'false', 'aria-label': `Claim ${e.name}: ${e.effect}`, onclick}, body);
}

/** Choosing a fate card starts its claim; what is paid and where its horse or tokens go come next. */
function claimFate(ctx, id) {
  const left = ctx.moves.filter((m) => m.type === 'claim_fate_card' && m.card_id === id);
  if (left.length === 1) {
    stage(ctx, left[0]);
    return;
  }
  if (ctx.composer.active) ctx.composer.clear();
  ctx.composer.narrow((m) => m.type === 'claim_fate_card' && m.card_id === id, `Claim ${hname(ctx, id)}`);
}

function fatePanel(ctx) {
  const v = ctx.view;
  if (v.level < 2) return null;
  const claimable = new Set(ctx.moves.filter((m) => m.type === 'claim_fate_card').map((m) => m.card_id));
  const parts = [];
  if (v.level === 2) {
    for (let seat = 0; seat < ctx.seatsN; seat += 1) {
      const cards = v.pending_fate?.[seat] || [];
      const mine = seat === ctx.viewer;
      parts.push(h('div', {class: 'fr-fate-row'}, chip(ctx, seat, `${mine ? 'Your' : whose(ctx, seat)} fate cards`),
        cards.length ? cards.map((id) => fateCard(ctx, id, claimable.has(id) ? {onclick: () => claimFate(ctx, id), legal: true} : {}))
          : h('span', {class: 'fr-muted'}, ' none')));
    }
  } else {
    parts.push(h('div', {class: 'fr-fate-row'}, h('span', {class: 'fr-muted'}, 'Bonus display (claim one per turn):'),
      (v.display || []).map((id) => (id ? fateCard(ctx, id, claimable.has(id) ? {onclick: () => claimFate(ctx, id), legal: true} : {}) : h('div', {class: 'fr-empty'}, 'empty')))));
  }
  const t = v.turn || {};
  return h('section', {class: 'fr-fates', 'aria-label': 'Fate cards'},
    h('h3', {}, 'Fate cards', h('span', {class: 'fr-muted'}, ` · deck ${v.fate_deck_size} · claims this turn ${t.claims || 0} of ${t.claim_limit || 1}`)), parts);
}

function employeesPanel(ctx) {
  const v = ctx.view;
  if (v.level !== 3) return null;
  const uses = ctx.moves.filter((m) => m.type === 'use_employee');
  const cards = [];
  const holders = new Map((v.employees || []).map((e, seat) => [e, seat]));
  const pool = v.employee_pool || [];
  const ends = ctx.moves.filter((m) => m.type === 'end_turn' && m.new_employee);
  const hires = ctx.moves.filter((m) => m.type === 'choose_starting_employee');
  for (const emp of Object.keys(ctx.cat.components).filter((k) => comp(ctx, k).kind === 'employee')) {
    const e = comp(ctx, emp);
    const holder = holders.get(emp);
    const buttons = [];
    const list = uses.filter((m) => m.employee === emp);
    if (list.length) {
      buttons.push(h('button', {type: 'button', class: 'small', onclick: () => {
        if (list.length === 1) stage(ctx, list[0]);
        else {
          if (ctx.composer.active) ctx.composer.clear();
          ctx.composer.narrow((m) => m.type === 'use_employee' && m.employee === emp, `Use ${e.name}`);
        }
      }}, holder === ctx.viewer ? `Use ${e.name}` : `Use ${e.name} (fee 2 goods)`));
    }
    const end = ends.find((m) => m.new_employee === emp);
    if (end) buttons.push(h('button', {type: 'button', class: 'small primary', onclick: () => stage(ctx, end)}, `End turn, take ${e.name}`));
    const hire = hires.find((m) => m.employee === emp);
    if (hire) buttons.push(h('button', {type: 'button', class: 'small primary', onclick: () => stage(ctx, hire)}, `Hire ${e.name}`));
    cards.push(h('div', {class: `fr-emp${buttons.length ? ' legal' : ''}`, dataset: {id: emp}},
      h('strong', {}, e.name), h('span', {class: 'small'}, e.effect),
      holder !== undefined ? chip(ctx, holder, `with ${named(ctx, holder)}`) : pool.includes(emp) ? h('span', {class: 'fr-muted small'}, 'in the pool') : null,
      buttons));
  }
  return h('section', {class: 'fr-emps', 'aria-label': 'Employees'}, h('h3', {}, 'Employees',
    h('span', {class: 'fr-muted'}, ` · one ability per turn${v.turn?.employee_used ? ' (used)' : ''}; end your turn by swapping yours for one in the pool`)), h('div', {class: 'fr-emp-row'}, cards));
}

// ---- what the viewer can do now -----------------------------------------------------------------

function boardChooser(ctx) {
  const choices = ctx.moves.filter((m) => m.type === 'choose_ranch_board');
  if (!choices.length) return null;
  const staged = ctx.composer.complete;
  return h('div', {class: 'fr-choose-boards'}, choices.map((m) => {
    const geo = ctx.cat.board.boards[String(m.board)].sides[m.side];
    const mini = h('div', {class: 'fr-mini'}, geo.locations.map((id) => {
      const e = comp(ctx, id);
      const xs = e.cells.map((c) => c[0]);
      const ys = e.cells.map((c) => c[1]);
      return paint(h('span', {class: `fr-mini-loc type-${e.type}`, title: placeName(ctx, id)}, `${typeName(ctx, e.type)} ${e.capacity}`),
        {'--loc': ctx.cat.board.location_types[e.type].hex, 'grid-column': `${Math.min(...xs) + 1} / ${Math.max(...xs) + 2}`, 'grid-row': `${Math.min(...ys) + 1} / ${Math.max(...ys) + 2}`});
    }));
    const chosen = staged && same(staged, m);
    return h('button', {type: 'button', class: `fr-board-choice${chosen ? ' chosen' : ''}`, 'aria-pressed': chosen ? 'true' : 'false',
      'aria-label': `Choose board ${m.board} side ${m.side} (${geo.trophies} troph${geo.trophies === 1 ? 'y' : 'ies'} if all bought)`,
      onclick: () => stage(ctx, m)}, h('strong', {}, `Board ${m.board}${m.side}`), h('span', {class: 'small'}, [...Array(geo.trophies)].map(() => icon('trophy')), ` ${geo.trophies} trophy side`), mini);
  }));
}

function draftPanel(ctx) {
  const v = ctx.view;
  if (v.phase !== 'draft') return null;
  const p = v.private;
  const d = v.draft || {};
  const parts = [h('h3', {}, `Starting draft · pick ${d.step}`)];
  if (p) {
    // FR-R102: the view's hand no longer holds the pending pick; the filter keeps older recorded views right
    const hand = p.hand.filter((c) => c !== p.pending_pick);
    parts.push(h('p', {}, p.pending_pick ? `You keep ${hname(ctx, p.pending_pick)}; waiting for the others to pick.`
      : 'Choose the horse you want to keep, then Confirm. The rest of the hand passes to the left.'));
    parts.push(h('div', {class: 'fr-hand', 'aria-label': 'Your hand'}, hand.map((id) => horseCard(ctx, id))));
    if (p.picks.length || p.pending_pick) {
      parts.push(h('div', {class: 'fr-hand', 'aria-label': 'Your picks'}, h('span', {class: 'fr-muted'}, 'Your picks:'),
        [...p.picks, ...(p.pending_pick ? [p.pending_pick] : [])].map((id) => horseCard(ctx, id, {small: true}))));
    }
  }
  parts.push(h('ul', {class: 'fr-draft-others'}, (d.hand_sizes || []).map((n, seat) => h('li', {}, chip(ctx, seat),
    ` ${n} in hand · ${d.pick_counts[seat]} picked${d.picked_this_step[seat] ? ' · has picked this step' : ''}`,
    d.picks && seat !== ctx.viewer && d.picks[seat].length ? [': ', d.picks[seat].map((id) => hname(ctx, id)).join(', ')] : null))));
  return h('section', {class: 'fr-draft'}, parts);
}

/** A button that stages one move (pressed while it is the staged move). */
function moveButton(ctx, m, text = null, cls = '') {
  const staged = ctx.composer.complete && same(ctx.composer.complete, m);
  return h('button', {type: 'button', class: `${cls}${staged ? ' chosen' : ''}`.trim(), 'aria-pressed': staged ? 'true' : 'false',
    onclick: () => stage(ctx, m)}, text ?? moveText(ctx, m));
}

/** A stepper over the legal amounts of one kind of move; it shows the staged amount after a redraw. */
function amountTool(ctx, moves, text, {label, action, initial = null}) {
  const staged = moves.find((m) => ctx.composer.complete && same(ctx.composer.complete, m));
  return h('div', {class: 'fr-tool'}, h('span', {}, text),
    stepper(moves.map((m) => m.carrots), (c) => stage(ctx, moves.find((m) => m.carrots === c)),
      {label, action, initial: staged ? staged.carrots : initial}));
}

function turnTools(ctx) {
  const out = [];
  const produce = ctx.moves.filter((m) => m.type === 'produce_goods');
  const limit = ctx.cat.board?.production_limit || 6;
  const full = produce.filter((m) => m.carrots + m.boots === limit);
  if (full.length) {
    out.push(amountTool(ctx, full, `Produce ${limit} goods: choose the carrots, the rest are boots`,
      {label: 'Carrots to produce', action: 'Produce', initial: Math.ceil(limit / 2)}));
  }
  const trades = ctx.moves.filter((m) => m.type === 'trade_goods' && m.units === 1);
  if (trades.length) out.push(h('div', {class: 'fr-tool'}, trades.map((m) => moveButton(ctx, m, null, 'small'))));
  const end = ctx.moves.find((m) => m.type === 'end_turn' && !m.new_employee);
  if (end) out.push(moveButton(ctx, end, 'End turn', 'primary'));
  if (ctx.moves.some((m) => m.type === 'end_turn' && m.new_employee)) out.push(h('span', {class: 'fr-muted'}, 'End your turn by taking an employee from the pool (below).'));
  const tessa = ctx.moves.find((m) => m.type === 'tessa_choose' && !m.card_id);
  if (tessa) out.push(moveButton(ctx, tessa));
  return out;
}

function entryTools(ctx) {
  const out = [];
  const enters = ctx.moves.filter((m) => m.type === 'enter_tournament');
  if (enters.length) {
    out.push(h('div', {class: 'fr-hand', 'aria-label': 'Horses you may enter'}, enters.map((m) => h('div', {class: 'fr-enter'},
      horseCard(ctx, m.card_id, {small: true}), moveButton(ctx, m, `Enter ${hname(ctx, m.card_id)}`, 'primary small')))));
  }
  const paid = ctx.moves.filter((m) => m.type === 'enter_final_paid');
  if (paid.length) out.push(amountTool(ctx, paid, 'Pay 4 goods for one die: carrots to pay', {label: 'Carrots to pay', action: 'Pay and ride'}));
  const decline = ctx.moves.find((m) => m.type === 'decline_tournament');
  if (decline) out.push(moveButton(ctx, decline, 'Stay out'));
  return out;
}

/** Why a won prize can only be declined, in the game's terms. */
function declineReason(ctx, item) {
  if (item === 'horse') {
    const rules = Object.keys(ctx.cat.board?.horse_colours || {}).map((c) => colourRule(ctx, c)).join('; ');
    return `No horse of the market has a free place of its colour on your land (${rules}), so the prize can only be declined. Selling a horse first may make room.`;
  }
  if (item === 'upgrade') return 'No for-sale territory can take one more of your upgrade tokens (or all 6 are placed), so the prize can only be declined.';
  return 'Nothing of this prize can be taken now, so it can only be declined.';
}

function prizeTools(ctx) {
  const out = [];
  const prizes = ctx.moves.filter((m) => m.type === 'claim_prize');
  for (const m of prizes.filter((x) => x.choice?.kind)) out.push(moveButton(ctx, m, null, 'primary'));
  if (prizes.some((m) => m.choice?.card_id)) out.push(h('span', {}, 'Choose a highlighted horse in the market, then a highlighted location.'));
  if (prizes.some((m) => m.choice?.territory_id)) out.push(h('span', {}, 'Choose a highlighted territory for your upgrade token.'));
  const decline = ctx.moves.find((m) => m.type === 'decline_prize');
  if (decline && !prizes.length) {
    const pz = ctx.view.tournament?.prizes?.[0];
    out.push(h('p', {class: 'fr-reason'}, declineReason(ctx, pz?.item)));
  }
  if (decline) out.push(moveButton(ctx, decline, 'Decline the prize'));
  return out;
}

/** The choice under way: what is chosen, what comes next (buttons for small choices, highlighted
 * targets on the board for horses, places and territories), or the whole move waiting for Confirm. */
function stepPanel(ctx) {
  const c = ctx.composer;
  if (!c.active) {
    // the panel's place is kept while nothing is chosen, so a first choice moves nothing below it
    return ctx.moves.length ? h('div', {class: 'fr-choices idle', 'aria-hidden': 'true'}, h('span', {class: 'fr-muted'}, 'What you choose on the board shows here, part by part.')) : null;
  }
  const done = c.complete;
  const part = ctx.part;
  const out = [];
  if (done) {
    out.push(h('span', {class: 'fr-ready'}, h('strong', {}, 'Ready: '), `${moveText(ctx, done)}. Confirm plays it.`));
  } else if (part && !part.board) {
    const seen = new Map();
    for (const m of ctx.remaining) if (!seen.has(keyOf(part.of(m)))) seen.set(keyOf(part.of(m)), m);
    out.push(h('span', {class: 'fr-muted'}, {payment: 'How do you pay?', way: 'How?'}[part.name] || 'Choose:'),
      [...seen.values()].map((first) => {
        const v = part.of(first);
        const words = part.words(ctx, v, first);
        return h('button', {type: 'button', class: 'small fr-choice', onclick: () => c.narrow((m) => same(part.of(m), v), words)}, words);
      }));
  } else if (part?.name === 'horse') {
    out.push(h('span', {class: 'fr-hint'}, 'Choose one of the highlighted horses.'));
  } else if (part?.name === 'place') {
    out.push(h('span', {class: 'fr-hint'}, 'Choose a highlighted location.'));
    const other = ctx.remaining.filter((m) => !destOf(m));
    if (other.length <= 8) out.push(other.map((m) => moveButton(ctx, m, null, 'small fr-choice')));
  } else if (part?.name === 'territory') {
    const {k, stop} = ctx.tokens;
    out.push(h('span', {class: 'fr-hint'}, `Choose a highlighted territory for upgrade token ${k + 1}.`));
    if (stop) out.push(h('button', {type: 'button', class: 'small fr-choice', onclick: () => stopTokens(ctx)}, k ? 'No more tokens' : 'Place no token'));
  } else {
    const left = ctx.remaining.slice(0, 12);
    out.push(h('span', {class: 'fr-muted'}, 'Choose:'), left.map((m) => moveButton(ctx, m, null, 'small fr-choice')));
  }
  return h('div', {class: 'fr-choices active', role: 'group', 'aria-label': 'Your choice'},
    c.labels?.length && !done ? h('span', {class: 'fr-so-far'}, `${c.labels.join(' · ')} →`) : null, out,
    h('button', {type: 'button', class: 'small', onclick: () => c.clear()}, 'Cancel'));
}

function tessaPanel(ctx) {
  const cards = ctx.view.private?.tessa_cards || [];
  if (!cards.length) return null;
  return h('div', {class: 'fr-hand', 'aria-label': 'Tessa\'s cards'}, h('span', {class: 'fr-muted'}, 'Tessa shows you:'), cards.map((id) => horseCard(ctx, id)));
}

function prompt(ctx) {
  const v = ctx.view;
  const mine = (v.awaiting || []).includes(ctx.viewer);
  const t = v.turn || {};
  const lines = [];
  if (v.phase === 'turn' && mine) {
    lines.push(h('p', {class: 'fr-limited'}, 'Your turn. Limited action: ',
      h('strong', {class: t.limited_used ? 'used' : 'free'}, t.limited_used ? 'used' : 'free'),
      t.limited_used ? '' : ' (buy a horse from the market, buy a location, or produce goods)',
      '. Choose a horse to move or sell it.'));
  } else if (v.phase === 'turn') {
    const active = (v.awaiting || [])[0];
    if (active !== undefined) lines.push(h('p', {}, chip(ctx, active), ` ${who(ctx, active)} is taking a turn; limited action ${t.limited_used ? 'used' : 'free'}.`));
  } else if (v.phase === 'choose_ranch') {
    lines.push(h('p', {}, mine ? 'Choose your ranch board and side (side B is worth more but is harder to fill).' : 'Players choose their ranch boards in turn order.'));
  } else if (v.phase === 'choose_employee') {
    lines.push(h('p', {}, mine ? 'Hire your starting employee (below).' : 'Players hire their starting employees.'));
  } else if (v.phase === 'choose_home') {
    lines.push(h('p', {}, mine ? 'Choose a home territory: one of the highlighted homes of the community.' : 'Players choose their homes.'));
  } else if (v.phase === 'tournament_entries') {
    const a = (v.awaiting || [])[0];
    lines.push(h('p', {}, mine ? `Enter a horse in ${term(ctx, v.tournament.slot)}, or stay out.` : [chip(ctx, a), ' is choosing an entry.']));
  } else if (v.phase === 'tournament_prizes') {
    const pz = v.tournament.prizes[0];
    lines.push(h('p', {}, mine ? `Your prize (${pz.place}. place): ${term(ctx, `prize_${pz.item}`)}.` : [chip(ctx, pz.seat), ` is taking a prize: ${term(ctx, `prize_${pz.item}`)}.`]));
  } else if (v.phase === 'tessa_choice' && mine) {
    lines.push(h('p', {}, 'Tessa: choose one of her horses to buy it, or buy none.'));
  } else if (v.phase === 'game_over') {
    return null; // the final scoring above says it
  }
  const tools = [];
  if (v.phase === 'turn' || v.phase === 'tessa_choice') tools.push(...turnTools(ctx));
  if (v.phase === 'tournament_entries') tools.push(...entryTools(ctx), ...turnTools(ctx));
  if (v.phase === 'tournament_prizes') tools.push(...prizeTools(ctx), ...turnTools(ctx));
  return h('section', {class: `fr-act${mine ? ' mine' : ''}`, 'aria-label': 'What to do now'},
    lines, boardChooser(ctx), draftPanel(ctx), tessaPanel(ctx),
    tools.length ? h('div', {class: 'fr-tools'}, tools) : null, recentPanel(ctx), stepPanel(ctx));
}

function recentPanel(ctx) {
  const list = ctx.props.recent || [];
  if (!list.length) return null;
  const text = (e) => e.text || e.message || e.description || '';
  return h('div', {class: 'fr-recent-list'}, h('span', {class: 'fr-muted'}, 'Since your last move:'),
    h('ul', {}, list.slice(-6).map((e) => h('li', {}, e.seat !== undefined && e.seat !== null && e.seat >= 0 ? chip(ctx, e.seat) : null, ' ', text(e)))));
}

// ---- scores: a ranking first, each player's breakdown on demand ------------------------------------

function scorePanel(ctx) {
  const sc = ctx.props.scores;
  if (!sc || !sc.totals) return null;
  const seats = [...Array(ctx.seatsN).keys()];
  const over = ctx.view.phase === 'game_over';
  const tb = (st) => sc.tiebreak?.[st] ?? sc.tiebreak?.[String(st)] ?? [];
  const rankKey = (st) => [scoreOf(ctx, st).total ?? 0, tb(st)[0] ?? 0, tb(st)[1] ?? 0];
  const order = sc.ranking?.length ? sc.ranking.map(Number)
    : [...seats].sort((a, b) => rankKey(b).reduce((d, x, i) => d || x - rankKey(a)[i], 0) || a - b);
  const winners = new Set((sc.winners || []).map(Number));
  let place = 0;
  let previous = null;
  const items = order.map((st, i) => {
    const key = keyOf(rankKey(st));
    if (key !== previous) place = i + 1;
    previous = key;
    const {total, parts} = scoreOf(ctx, st);
    const [horses, goods] = tb(st);
    const lines = Object.entries(parts).filter(([, n]) => n).map(([k, n]) => h('li', {}, h('span', {}, term(ctx, k)), h('strong', {}, `${n}`)));
    return paint(h('li', {class: `fr-rank${over && winners.has(st) ? ' won' : ''}`, dataset: {seat: String(st)}},
      h('details', {},
        h('summary', {},
          h('span', {class: 'fr-place'}, `${place}.`),
          chip(ctx, st, who(ctx, st)),
          h('strong', {class: 'fr-total'}, `${total} troph${total === 1 ? 'y' : 'ies'}`),
          over && winners.has(st) ? h('span', {class: 'fr-wins'}, icon('trophy'), ' wins') : null,
          h('span', {class: 'fr-muted small fr-tb', title: 'Tie-breakers: most horses, then most goods'}, `${horses ?? 0} horses · ${goods ?? 0} goods`)),
        lines.length ? h('ul', {class: 'fr-breakdown', 'aria-label': `How ${who(ctx, st)} scored`}, lines)
          : h('p', {class: 'fr-muted small'}, 'No trophies yet.'))), {'--seat': seatColour(ctx, st).hex});
  });
  return h('section', {class: `fr-scores${over ? ' final' : ''}`, 'aria-label': over ? 'Final scoring' : 'Trophies so far'},
    h('h3', {}, over ? 'Final scoring' : 'Trophies if the game ended now'),
    h('ol', {class: 'fr-ranking-list'}, items),
    h('p', {class: 'fr-muted small'}, 'Open a player for how the trophies add up. Most trophies wins; a tie goes to most horses, then most goods (carrots + boots); still tied players share the win.'));
}

// ---- the key of the board's symbols -------------------------------------------------------------------

function legend(props) {
  const cat = props.catalog || {};
  const board = cat.board || {};
  const ctx = {cat, view: props.view || {}, props};
  const level = props.view?.level;
  const swatch = (hex, cls = 'fr-key-swatch') => paint(h('span', {class: cls, 'aria-hidden': 'true'}), {'--loc': hex, '--horse': hex});
  const colours = Object.entries(board.horse_colours || {}).map(([colour, c]) => h('li', {},
    swatch(c.hex), ` ${colour[0].toUpperCase()}${colour.slice(1)} horse → ${typeName(ctx, c.location_type).toLowerCase()}`,
    swatch(board.location_types?.[c.location_type]?.hex)));
  const skills = Object.entries(cat.components || {}).filter(([, e]) => e.kind === 'skill' || e.kind === 'tournament skill')
    .map(([, e]) => paint(h('li', {}, h('span', {class: 'fr-skill'}, skillAbbr(e.name)), ` ${e.name}`), {'--skill': e.hex}));
  const friends = Object.entries(board.friend_marks || {}).map(([name, mark]) => `${mark} ${name}`).join(', ');
  return h('div', {class: 'fr-legend'},
    h('p', {}, h('strong', {}, 'Colour rule: '), 'a horse stands in a location of its own colour, or in a home (any colour).'),
    h('ul', {class: 'fr-key'}, colours),
    h('ul', {class: 'fr-key'},
      h('li', {}, icon('home'), ' Home: holds 3 horses of any colour'),
      h('li', {}, '2/3 places taken of a location'),
      h('li', {}, '3', icon('boot'), ' for sale: the price in boots'),
      h('li', {}, '5', icon('carrot'), ' a horse\'s value in carrots (its price, and what selling gives)'),
      h('li', {}, icon('trophy'), ' trophies'),
      h('li', {}, '★ world-class horse: rides in the finals, never sold'),
      friends ? h('li', {}, `Friend symbols: ${friends}`) : null,
      level === 3 ? h('li', {}, '▲2 a player\'s upgrade tokens on a territory') : null,
      level === 3 ? h('li', {}, 'Coloured edges: territories touch across boards where the colours match') : null,
      level === 3 ? h('li', {}, 'Dots on a fitted territory: its horses (fill = horse colour, ring = owner)') : null),
    skills.length ? h('ul', {class: 'fr-key'}, skills) : null);
}

// ---- folding on a phone -----------------------------------------------------------------------------

/** What a target of the decision at hand looks like on this board (a highlighted horse, place, card, button). */
const TARGETS = '.legal, .target, .dest, .buyable, button.fr-go, button.fr-buy, .fr-emp button, .fr-choice';

/**
 * fold(key, section): on a phone, the section under a one-line summary (its own heading), open when it holds a target of the decision at hand or the viewer opened it; elsewhere
 * (a wide page, a finished table) the section as it is.
 */
function foldFor(ctx, over) {
  const phone = narrow() && !over;
  return (key, section) => {
    if (!section || !phone) return section;
    const head = section.querySelector(':scope > h3, :scope > .fr-community-head > h3');
    const summary = head ? [...head.childNodes] : [h('span', {}, section.getAttribute('aria-label'))];
    if (head) head.remove();
    const box = foldable({scope: ctx.props.table, key, cls: 'fr-fold', label: section.getAttribute('aria-label'), summary,
      body: section, open: Boolean(section.querySelector(TARGETS))});
    return paint(box, {'--seat': section.style.getPropertyValue('--seat') || null});
  };
}

// ---- the module ----------------------------------------------------------------------------------

const last = {root: null, props: null};

/** Draw again with the same props (the zoom of the community changed). */
function redraw() {
  if (last.root && last.props && last.root.isConnected) board.render(last.root, last.props);
}
onWidthChange(redraw);

const board = {
  render(root, props) {
    ensureCss();
    Object.assign(last, {root, props});
    const ctx = context(props);
    const v = ctx.view;
    root.classList.add('fr-board');
    root.style.setProperty('--fr-flash-delay', `${-Math.round(ctx.flashAge)}ms`);
    if (!props.view || !v.goods) {
      root.replaceChildren(h('p', {class: 'fr-muted'}, 'The game has not started yet.'));
      return;
    }
    // a finished game: the ranking first, the ranches as compact tiles, the rest of the table folded away.
    // On a phone a running table shows the decision first: the viewer's own ranch, and every other
    // panel (other ranches, the scores so far, the table's supplies) folded to its heading unless it
    // holds a target of the decision at hand (issue 37: a page that fits a phone).
    const over = v.phase === 'game_over';
    const fold = foldFor(ctx, over);
    const land = v.level === 3 ? [fold('community', community(ctx))] : [];
    if (v.level !== 3) {
      const order = [...Array(ctx.seatsN).keys()].filter((st) => v.ranches?.[st]);
      order.sort((a, b) => (b === ctx.viewer) - (a === ctx.viewer));
      for (const st of order) land.push(st === ctx.viewer ? ranchBoard(ctx, st, {fit: over}) : fold(`ranch:${st}`, ranchBoard(ctx, st, {fit: over})));
      const unplaced = [...Array(ctx.seatsN).keys()].filter((st) => !v.ranches?.[st]);
      for (const st of unplaced) {
        const holding = Object.keys(ctx.place).filter((c) => ctx.owner[c] === st).sort();
        if (holding.length) land.push(h('div', {class: 'fr-holding'}, chip(ctx, st, `${whose(ctx, st)} horses:`), holding.map((id) => horseCard(ctx, id, {small: true}))));
      }
    }
    const table = [
      fold('tournaments', h('section', {class: 'fr-tournaments', 'aria-label': 'Tournaments'}, h('h3', {}, v.round ? `Round ${v.round} of 5 · tournaments` : 'Tournaments (from round 1)'), tournamentTrack(ctx), currentTournament(ctx), lastResult(ctx))),
      fold('market', market(ctx)), fold('fates', fatePanel(ctx)), fold('employees', employeesPanel(ctx))];
    // the final ranking holds each player's trophies, horses and goods: the players' bar would repeat it
    fill(root,
      over ? null : playersBar(ctx),
      over ? scorePanel(ctx) : null,
      prompt(ctx),
      h('div', {class: `fr-layout${v.level === 3 ? ' community-wide' : ''}${over ? ' over' : ''}`},
        h('div', {class: 'fr-land'}, land),
        h('div', {class: 'fr-side'},
          over ? h('details', {class: 'fr-more'}, h('summary', {}, 'Tournaments, market, fate cards and employees'), table)
            : [fold('scores', scorePanel(ctx)), table])));
    const frame = root.querySelector('.fr-cview.zoomed');
    if (frame && ui.pan) [frame.scrollLeft, frame.scrollTop] = ui.pan;
  },

  legend,

  status(props) {
    const v = props.view;
    if (!v || !v.goods) return 'Fantasy Ranch';
    const cat = props.catalog || {};
    const phase = cat.terms?.[v.phase] || v.phase;
    // Whose move it is the shell says ("Your turn — …", "— waiting for Bot 2"); the board once added
    // "· you to act" after "Your turn" and "· red to act" (a colour, not a name) for others.
    const you = (v.awaiting || []).includes(props.viewer);
    let tail = '';
    if (v.phase === 'turn' && you) {
      tail = v.turn?.limited_used ? ': your limited action is used' : ': your limited action is still free';
    }
    // what the viewer is to do at a tournament's entries (it read only "Tournament entries · Tournament 5")
    if (v.phase === 'tournament_entries' && you) tail = ': enter it, or stay out';
    if (v.tournament) tail = ` · ${cat.terms?.[v.tournament.slot] || v.tournament.slot}${tail}`;
    return `Level ${v.level} · ${v.round ? `Round ${v.round} of 5` : 'Setup'} · ${phase}${tail}`;
  },
};

export default board;
