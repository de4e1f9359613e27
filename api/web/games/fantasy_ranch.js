// Fantasy Ranch board: the players and their colours, the ranches (levels 1-2) or the ranch community
// (level 3) with their locations and horses as cards, the market of 8, the tournament board with the
// current tournament's entries and dice, fate cards and employees. Everything drawn comes from `view`
// and the catalog; every clickable target is one the server's legal moves allow (docs/web.md).

import {h} from '../dom.js';
import {s, tip} from '../svg.js';
import {stepper} from '../controls.js';

const CSS_HREF = new URL('./fantasy_ranch.css', import.meta.url).href;

// What the other seats did since the viewer's last move flashes once per new set of log entries (for
// FLASH_MS), not on every redraw: a redraw inside the moment resumes the animation where it was.
const FLASH_MS = 3000;
const flash = {key: '', at: 0};

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

/** The seat's colour from the catalog (name and hex). */
function seatColour(ctx, seat) {
  const c = ctx.cat.seat_colours?.[seat];
  return c || {id: ctx.view.colours?.[seat] || `seat${seat}`, name: `Seat ${seat}`, hex: '#888'};
}

function who(ctx, seat) {
  const p = ctx.props;
  const n = typeof p.name === 'function' ? p.name(seat) : null;
  const colour = seatColour(ctx, seat).name;
  return n && n !== colour ? `${n} (${colour})` : colour;
}

function chip(ctx, seat, text = null) {
  const c = seatColour(ctx, seat);
  return paint(h('span', {class: 'fr-chip', title: c.name}, text ?? c.name), {'--seat': c.hex});
}

/** Our own small icons (no emoji font is needed): a carrot, a boot, a trophy. */
function icon(kind, label = null) {
  const shapes = {
    carrot: [s('path', {d: 'M4 20 L15 6 L18 9 Z', fill: '#e67e22', stroke: '#a04000', 'stroke-width': 1}),
      s('path', {d: 'M15 6 L18 1 M16 7 L21 4 M17 8 L22 8', stroke: '#2e7d32', 'stroke-width': 2})],
    boot: [s('path', {d: 'M6 2 H13 V13 L21 15 V20 H6 Z', fill: '#8d5524', stroke: '#4e2a0e', 'stroke-width': 1})],
    trophy: [s('path', {d: 'M6 3 H18 V9 A6 6 0 0 1 6 9 Z', fill: '#f1c40f', stroke: '#9a7d0a', 'stroke-width': 1}),
      s('rect', {x: 10.5, y: 14, width: 3, height: 4, fill: '#9a7d0a'}), s('rect', {x: 7, y: 18, width: 10, height: 3, fill: '#9a7d0a'})],
  }[kind];
  return s('svg', {class: `fr-icon fr-icon-${kind}`, viewBox: '0 0 24 24', width: 14, height: 14,
    role: label ? 'img' : null, 'aria-label': label, 'aria-hidden': label ? null : 'true'}, shapes);
}

const comp = (ctx, id) => ctx.cat.components?.[id] || {name: id, kind: ''};
const term = (ctx, id) => ctx.cat.terms?.[id] || String(id).replaceAll('_', ' ');
const hname = (ctx, id) => comp(ctx, id).name;

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

function moveText(ctx, m) {
  const n = (id) => hname(ctx, id);
  switch (m.type) {
    case 'sell_horse': return `Sell ${n(m.card_id)} for ${comp(ctx, m.card_id).value} carrots`;
    case 'enter_tournament': return `Enter ${n(m.card_id)}`;
    case 'move_horse': return `Move ${n(m.card_id)} to ${n(m.destination)}`;
    case 'buy_horse': return `Buy ${n(m.card_id)} onto ${n(m.destination)}`;
    case 'buy_location': return `Buy ${n(m.location_id)} for ${comp(ctx, m.location_id).cost?.boots} boots`;
    case 'produce_goods': return `Produce ${goodsText(m)}`;
    case 'trade_goods': return `Trade ${2 * m.units} ${m.give} for ${m.units} ${m.give === 'carrots' ? 'boots' : 'carrots'}`;
    case 'end_turn': return m.new_employee ? `End turn, take ${n(m.new_employee)}` : 'End turn';
    case 'decline_tournament': return 'Stay out';
    case 'enter_final_paid': return `Pay ${goodsText(m)} for 1 die`;
    case 'decline_prize': return 'Decline the prize';
    case 'claim_prize': {
      const c = m.choice || {};
      if (c.kind) return `Take ${c.kind}`;
      if (c.card_id) return `Take ${n(c.card_id)} onto ${n(c.destination)}`;
      return `Upgrade token on ${n(c.territory_id)}`;
    }
    case 'claim_fate_card': {
      const parts = [`Claim ${n(m.card_id)}`];
      if (m.payment) parts.push(`paying ${goodsText(m.payment)}`);
      const c = m.choices || {};
      if (c.carrots !== undefined) parts.push(`for ${goodsText(c)}`);
      if (c.card_id) parts.push(`taking ${n(c.card_id)} onto ${n(c.destination)}`);
      if (c.territories) parts.push(c.territories.length ? `tokens on ${c.territories.map(n).join(', ')}` : 'placing no token');
      return parts.join(', ');
    }
    case 'use_employee': {
      const p = m.params || {};
      const fee = m.fee ? ` (fee ${goodsText(m.fee)})` : '';
      const what = {
        tom: () => `swap ${n(p.give_card_id)} for ${n(p.take_card_id)} onto ${n(p.destination)}`,
        alex: () => `buy ${n(p.card_id)} onto ${n(p.destination)}`,
        gail: () => (p.mode === 'refresh' ? 'refresh the bonus display' : 'claim two bonus cards'),
        ryan: () => `buy ${n(p.location_id)}`,
        tessa: () => 'look at the top 3 horses',
        megan: () => `tokens on ${(p.territories || []).map(n).join(', ')}`,
      }[m.employee];
      return `${n(m.employee)}${fee}: ${what ? what() : ''}`;
    }
    case 'tessa_choose': return m.card_id ? `Buy ${n(m.card_id)} onto ${n(m.destination)}` : 'Buy none of them';
    case 'claim_free_territory': return `Claim ${n(m.territory_id)} free with ${n(m.card_id)}`;
    case 'draft_pick': return `Keep ${n(m.card_id)}`;
    case 'choose_ranch_board': return `Board ${m.board} side ${m.side}`;
    case 'choose_starting_employee': return `Hire ${n(m.employee)}`;
    case 'choose_home_territory': return `Home ${m.territory_id}`;
    default: return term(ctx, m.type);
  }
}

// ---- the board ------------------------------------------------------------------------------------

function context(props) {
  const view = props.view || {};
  const composer = props.composer || {moves: [], remaining: [], active: false, allows: () => false, values: () => []};
  const remaining = composer.remaining || [];
  const hs = composer.active ? [...new Set(remaining.map(horseOf))] : [];
  const selected = hs.length === 1 && hs[0] ? hs[0] : null;
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
  const dests = [...new Set(remaining.map(destOf).filter(Boolean))];
  const cat = props.catalog || {};
  // a place already chosen (several ways to get there remain): it is no longer offered as a target
  const destChosen = dests.length === 1 && (composer.labels || []).includes(cat.components?.[dests[0]]?.name || dests[0]);
  return {props, view, cat, composer, remaining, selected, seatsN, place, owner, entered, recent, recentSeats, flashAge, destChosen,
    moves: composer.moves || [], viewer: props.viewer ?? null};
}

/** Start or drop the selection of a horse card: narrows the legal moves to that horse's. */
function selectHorse(ctx, id) {
  const c = ctx.composer;
  if (ctx.selected === id) {
    c.clear();
    return;
  }
  if (c.active) c.clear();
  c.narrow((m) => horseOf(m) === id, hname(ctx, id));
}

/** A horse may be selected when some legal move is about it. */
function horseClickable(ctx, id) {
  return ctx.moves.some((m) => horseOf(m) === id);
}

/** Send the one move a destination click names, or narrow to the few it leaves. */
function chooseDestination(ctx, loc) {
  const left = ctx.remaining.filter((m) => destOf(m) === loc);
  if (left.length === 1) ctx.props.propose(left[0]);
  else if (left.length > 1) ctx.composer.narrow((m) => destOf(m) === loc, hname(ctx, loc));
}

function chooseLocation(ctx, loc) {
  const left = ctx.moves.filter((m) => locOf(m) === loc);
  if (left.length === 1) {
    ctx.props.propose(left[0]);
    return;
  }
  if (ctx.composer.active) ctx.composer.clear();
  ctx.composer.narrow((m) => locOf(m) === loc, hname(ctx, loc));
}

function horseCard(ctx, id, {small = false} = {}) {
  const e = comp(ctx, id);
  const hex = ctx.cat.board?.horse_colours?.[e.colour]?.hex;
  const ownerSeat = ctx.owner[id];
  const skills = Object.entries(e.skills || {});
  const clickable = horseClickable(ctx, id);
  const chosen = ctx.selected === id;
  const facts = [];
  if (ctx.entered.has(id)) facts.push('entered');
  else if ((ctx.view.competed || []).includes(id)) facts.push('competed this round');
  const label = `${e.name}, ${e.colour} ${e.kind}, ${skills.map(([k, d]) => `${hname(ctx, k)} ${d}`).join(', ')}`
    + `, value ${e.value} carrots${e.friend ? `, friend ${e.friend}` : ''}${facts.length ? `, ${facts.join(', ')}` : ''}`;
  const body = [
    h('span', {class: 'fr-h-top'},
      h('span', {class: 'fr-h-name'}, e.name),
      h('span', {class: 'fr-h-val', title: `Value: ${e.value} carrots`}, `${e.value}`, icon('carrot'))),
    h('span', {class: 'fr-skills'}, skills.map(([k, d]) => paint(
      h('span', {class: 'fr-skill', title: `${hname(ctx, k)}: ${d} dice`}, `${skillAbbr(hname(ctx, k))} ${d}`),
      {'--skill': comp(ctx, k).hex}))),
    h('span', {class: 'fr-h-foot'},
      e.world_class ? h('span', {class: 'fr-wc', title: 'World-class horse: may ride in the finals, never sold'}, '★ world-class')
        : h('span', {class: 'fr-friend', title: `Friend symbol: ${e.friend}`}, `${ctx.cat.board?.friend_marks?.[e.friend] || ''} ${e.friend || ''}`),
      facts.length ? h('span', {class: 'fr-h-flag'}, facts.join(' · ')) : null),
  ];
  const cls = `fr-horse${small ? ' small' : ''}${clickable ? ' legal' : ''}${chosen ? ' chosen' : ''}${ctx.recent.has(id) ? ' fr-changed' : ''}`;
  const el = clickable
    ? h('button', {type: 'button', class: cls, 'aria-label': label, 'aria-pressed': chosen ? 'true' : 'false',
      dataset: {id}, onclick: () => selectHorse(ctx, id)}, body)
    : h('div', {class: cls, title: label, dataset: {id}}, body);
  return paint(el, {'--horse': hex, '--owner': ownerSeat !== undefined && ctx.view.level === 3 ? seatColour(ctx, ownerSeat).hex : null});
}

// ---- players and colour legend -------------------------------------------------------------------

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
      sc ? h('span', {class: 'fr-trophies', title: `Trophies if the game ended now:\n${why}`}, icon('trophy'), ` ${sc.total} trophies`) : null,
      extra), {'--seat': c.hex}));
  }
  return h('ul', {class: 'fr-players', 'aria-label': 'Players and their colours'}, items);
}

// ---- locations, ranches and the community ---------------------------------------------------------

function locationBox(ctx, id, {ownerSeat = null, outOfPlay = false} = {}) {
  const e = comp(ctx, id);
  const v = ctx.view;
  const horses = Object.keys(ctx.place).filter((c) => ctx.place[c] === id).sort();
  const owned = ownerSeat !== null && ownerSeat !== undefined;
  const home = e.type === 'home';
  const forSale = !owned && !home && !outOfPlay;
  const dest = ctx.selected && !ctx.destChosen && ctx.remaining.some((m) => destOf(m) === id);
  const buys = !ctx.selected ? ctx.moves.filter((m) => locOf(m) === id) : [];
  const typeHex = ctx.cat.board?.location_types?.[e.type]?.hex;
  const cells = e.cells || [[0, 0]];
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const ups = (v.upgrades || {})[id] || [];
  const upBadges = ups.map((n, seat) => (n ? chip(ctx, seat, `▲${n}`) : null));
  const buyLabel = (() => {
    if (!buys.length) return null;
    const m = buys[0];
    if (m.type === 'buy_location' && buys.length === 1) return `Buy for ${e.cost?.boots} boots`;
    if (m.type === 'choose_home_territory') return 'Make this my home';
    if (m.type === 'claim_prize') return 'Put an upgrade token here';
    return buys.length === 1 ? moveText(ctx, m) : 'Buy…';
  })();
  const box = h('div', {class: `fr-loc type-${e.type}${owned ? ' owned' : ''}${forSale ? ' for-sale' : ''}${outOfPlay ? ' out' : ''}${dest ? ' dest' : ''}${buys.length ? ' buyable' : ''}${ctx.recent.has(id) ? ' fr-changed' : ''}`,
    dataset: {id}, role: 'group', 'aria-label': `${e.name}: ${e.effect}${owned ? `, owned by ${seatColour(ctx, ownerSeat).name}` : forSale ? ', for sale' : ''}, ${horses.length} of ${e.capacity} places taken`},
  h('div', {class: 'fr-loc-head'},
    h('span', {class: 'fr-loc-name', title: e.effect}, home ? 'Home' : ctx.cat.board?.location_types?.[e.type]?.name || e.type),
    h('span', {class: 'fr-loc-id'}, id),
    h('span', {class: 'fr-cap', title: `${horses.length} of ${e.capacity} places taken`}, `${horses.length}/${e.capacity}`),
    owned && v.level === 3 ? chip(ctx, ownerSeat, home ? `${seatColour(ctx, ownerSeat).name} home` : seatColour(ctx, ownerSeat).name) : null,
    forSale ? h('span', {class: 'fr-sale', title: 'For sale: the price in boots'}, `for sale · ${e.cost?.boots}`, icon('boot')) : null,
    outOfPlay ? h('span', {class: 'fr-muted'}, 'out of play') : null,
    upBadges),
  h('div', {class: 'fr-loc-horses'}, horses.map((c) => horseCard(ctx, c, {small: true}))),
  dest ? h('button', {type: 'button', class: 'fr-go primary', 'aria-label': `${ctx.selected ? `Put ${hname(ctx, ctx.selected)} on` : 'Choose'} ${e.name}`,
    onclick: () => chooseDestination(ctx, id)}, 'Put here') : null,
  buyLabel ? h('button', {type: 'button', class: 'fr-buy', 'aria-label': `${buyLabel}: ${e.name}`, onclick: () => chooseLocation(ctx, id)}, buyLabel) : null);
  if (dest) box.addEventListener('click', (ev) => { if (ev.target === box) chooseDestination(ctx, id); });
  return paint(box, {'--loc': typeHex, '--owner': owned ? seatColour(ctx, ownerSeat).hex : null,
    'grid-column': `${Math.min(...xs) + 1} / ${Math.max(...xs) + 2}`, 'grid-row': `${Math.min(...ys) + 1} / ${Math.max(...ys) + 2}`});
}

function ranchBoard(ctx, seat) {
  const [board, side] = ctx.view.ranches[seat];
  const geo = ctx.cat.board.boards[String(board)].sides[side];
  const owners = ctx.view.owners || {};
  const grid = h('div', {class: 'fr-grid'}, geo.locations.map((id) => locationBox(ctx, id, {ownerSeat: owners[id] ?? null})));
  const bought = geo.locations.filter((id) => owners[id] === seat && id !== geo.home).length;
  const holding = Object.keys(ctx.place).filter((c) => ctx.owner[c] === seat && ctx.place[c] === 'holding').sort();
  const c = seatColour(ctx, seat);
  return paint(h('section', {class: `fr-ranch${seat === ctx.viewer ? ' mine' : ''}${ctx.recentSeats.has(seat) ? ' fr-changed' : ''}`, 'aria-label': `${who(ctx, seat)}'s ranch`},
    h('h3', {}, h('span', {class: 'fr-swatch', 'aria-hidden': 'true'}), `${who(ctx, seat)}'s ranch`,
      h('span', {class: 'fr-muted'}, ` · board ${board} side ${side} · ${bought} of ${geo.locations.length - 1} locations bought`
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

function community(ctx) {
  const v = ctx.view;
  const side = v.community_side || sideOfCommunity(ctx);
  const owners = v.owners || {};
  const homeChosen = new Set(Object.keys(owners));
  const setup = v.phase === 'choose_home' || v.phase === 'choose_employee' || v.phase === 'draft';
  const rows = (v.community || []).map((row) => h('div', {class: 'fr-crow'}, row.map((board) => {
    const geo = ctx.cat.board.boards[String(board)].sides[side];
    const edges = ctx.cat.board.boards[String(board)].edge_colours;
    return h('div', {class: 'fr-cboard', 'aria-label': `Board ${board}${side}`},
      edgeBars(ctx, edges),
      h('span', {class: 'fr-cboard-name'}, `Board ${board}${side} · all bought: +${geo.trophies} trophies`),
      h('div', {class: 'fr-grid'}, geo.locations.map((id) => locationBox(ctx, id, {
        ownerSeat: owners[id] ?? null,
        outOfPlay: id === geo.home && !homeChosen.has(id) && !setup,
      }))));
  })));
  const holding = [];
  for (let seat = 0; seat < ctx.seatsN; seat += 1) {
    const list = Object.keys(ctx.place).filter((c) => ctx.owner[c] === seat && ctx.place[c] === 'holding').sort();
    if (list.length) holding.push(h('div', {class: 'fr-holding'}, chip(ctx, seat, `${seatColour(ctx, seat).name} not yet placed:`), list.map((id) => horseCard(ctx, id, {small: true}))));
  }
  return h('section', {class: 'fr-community', 'aria-label': 'Ranch community'},
    h('h3', {}, 'Ranch community', h('span', {class: 'fr-muted'}, ' · coloured edges join territories across boards when the colours match')),
    h('div', {class: 'fr-cgrid'}, rows), holding);
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
    ctx.selected && (v.market || []).includes(ctx.selected)
      ? h('p', {class: 'fr-hint'}, `Now click “Put here” on a highlighted location for ${hname(ctx, ctx.selected)}.`) : null);
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
  if (v.level === 3 && !slot.final && v.tournament_cards?.[slotIndex]) {
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
      title: `${term(ctx, slot.id)}, round ${slot.round}${skill ? `: ${hname(ctx, skill)}` : ': world-class horses only, or pay 4 goods for 1 die'}\n`
        + prizes.map((p, k) => `${k + 1}. ${p}`).join('\n')},
    h('strong', {}, slot.id),
    h('span', {class: 'fr-muted small'}, `round ${slot.round}`),
    skill ? paint(h('span', {class: 'fr-skill'}, hname(ctx, skill)), {'--skill': comp(ctx, skill).hex})
      : h('span', {class: 'fr-wc'}, '★ final'),
    card ? h('span', {class: 'fr-muted small'}, hname(ctx, card)) : null,
    h('span', {class: 'small'}, `1st: ${prizes[0] || ''}`),
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
  const body = [h('span', {class: 'fr-fate-kind'}, e.kept ? `keep: ${e.points} trophies` : 'fate card'), h('strong', {}, e.name),
    h('span', {class: 'small'}, `Needs: ${e.requirement}`), h('span', {class: 'small'}, `Gives: ${e.reward}`)];
  if (!onclick) return h('div', {class: `fr-fate${ctx.recent.has(id) ? ' fr-changed' : ''}`, title: e.effect, dataset: {id}}, body);
  return h('button', {type: 'button', class: `fr-fate${legal ? ' legal' : ''}`, dataset: {id}, 'aria-label': `Claim ${e.name}: ${e.effect}`, onclick}, body);
}

function claimFate(ctx, id) {
  const left = ctx.moves.filter((m) => m.type === 'claim_fate_card' && m.card_id === id);
  if (left.length === 1) {
    ctx.props.propose(left[0]);
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
      parts.push(h('div', {class: 'fr-fate-row'}, chip(ctx, seat, `${mine ? 'Your' : `${seatColour(ctx, seat).name}'s`} fate cards`),
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
  const byEmp = new Map();
  for (const m of uses) byEmp.set(m.employee, (byEmp.get(m.employee) || 0) + 1);
  const cards = [];
  const holders = new Map((v.employees || []).map((e, seat) => [e, seat]));
  const pool = v.employee_pool || [];
  const ends = ctx.moves.filter((m) => m.type === 'end_turn' && m.new_employee);
  const hires = ctx.moves.filter((m) => m.type === 'choose_starting_employee');
  for (const emp of Object.keys(ctx.cat.components).filter((k) => comp(ctx, k).kind === 'employee')) {
    const e = comp(ctx, emp);
    const holder = holders.get(emp);
    const buttons = [];
    if (byEmp.has(emp)) {
      buttons.push(h('button', {type: 'button', class: 'small', onclick: () => {
        const list = uses.filter((m) => m.employee === emp);
        if (list.length === 1) ctx.props.propose(list[0]);
        else {
          if (ctx.composer.active) ctx.composer.clear();
          ctx.composer.narrow((m) => m.type === 'use_employee' && m.employee === emp, `Use ${e.name}`);
        }
      }}, holder === ctx.viewer ? `Use ${e.name}` : `Use ${e.name} (fee 2 goods)`));
    }
    const end = ends.find((m) => m.new_employee === emp);
    if (end) buttons.push(h('button', {type: 'button', class: 'small primary', onclick: () => ctx.props.propose(end)}, `End turn, take ${e.name}`));
    const hire = hires.find((m) => m.employee === emp);
    if (hire) buttons.push(h('button', {type: 'button', class: 'small primary', onclick: () => ctx.props.propose(hire)}, `Hire ${e.name}`));
    cards.push(h('div', {class: `fr-emp${buttons.length ? ' legal' : ''}`, dataset: {id: emp}},
      h('strong', {}, e.name), h('span', {class: 'small'}, e.effect),
      holder !== undefined ? chip(ctx, holder, `with ${seatColour(ctx, holder).name}`) : pool.includes(emp) ? h('span', {class: 'fr-muted small'}, 'in the pool') : null,
      buttons));
  }
  return h('section', {class: 'fr-emps', 'aria-label': 'Employees'}, h('h3', {}, 'Employees',
    h('span', {class: 'fr-muted'}, ` · one ability per turn${v.turn?.employee_used ? ' (used)' : ''}; end your turn by swapping yours for one in the pool`)), h('div', {class: 'fr-emp-row'}, cards));
}

// ---- what the viewer can do now -----------------------------------------------------------------

function boardChooser(ctx) {
  const choices = ctx.moves.filter((m) => m.type === 'choose_ranch_board');
  if (!choices.length) return null;
  return h('div', {class: 'fr-choose-boards'}, choices.map((m) => {
    const geo = ctx.cat.board.boards[String(m.board)].sides[m.side];
    const mini = h('div', {class: 'fr-mini'}, geo.locations.map((id) => {
      const e = comp(ctx, id);
      const xs = e.cells.map((c) => c[0]);
      const ys = e.cells.map((c) => c[1]);
      return paint(h('span', {class: `fr-mini-loc type-${e.type}`, title: e.name}, `${e.type === 'home' ? 'Home' : e.type} ${e.capacity}`),
        {'--loc': ctx.cat.board.location_types[e.type].hex, 'grid-column': `${Math.min(...xs) + 1} / ${Math.max(...xs) + 2}`, 'grid-row': `${Math.min(...ys) + 1} / ${Math.max(...ys) + 2}`});
    }));
    return h('button', {type: 'button', class: 'fr-board-choice', 'aria-label': `Choose board ${m.board} side ${m.side} (${geo.trophies} trophies if all bought)`,
      onclick: () => ctx.props.propose(m)}, h('strong', {}, `Board ${m.board}${m.side}`), h('span', {class: 'small'}, [...Array(geo.trophies)].map(() => icon('trophy')), ` ${geo.trophies} trophy side`), mini);
  }));
}

function draftPanel(ctx) {
  const v = ctx.view;
  if (v.phase !== 'draft') return null;
  const p = v.private;
  const d = v.draft || {};
  const parts = [h('h3', {}, `Starting draft · pick ${d.step}`)];
  if (p) {
    const hand = p.hand.filter((c) => c !== p.pending_pick);
    parts.push(h('p', {}, p.pending_pick ? `You keep ${hname(ctx, p.pending_pick)}; waiting for the others to pick.`
      : 'Click the horse you want to keep, then Confirm. The rest of the hand passes to the left.'));
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

function turnTools(ctx) {
  const v = ctx.view;
  const out = [];
  const produce = ctx.moves.filter((m) => m.type === 'produce_goods');
  const limit = ctx.cat.board?.production_limit || 6;
  const full = produce.filter((m) => m.carrots + m.boots === limit);
  if (full.length) {
    out.push(h('div', {class: 'fr-tool'}, h('span', {}, `Produce ${limit} goods: choose the carrots, the rest are boots`),
      stepper(full.map((m) => m.carrots), (c) => ctx.props.propose(full.find((m) => m.carrots === c)),
        {label: 'Carrots to produce', action: 'Produce', initial: Math.ceil(limit / 2)})));
  }
  const trades = ctx.moves.filter((m) => m.type === 'trade_goods' && m.units === 1);
  if (trades.length) out.push(h('div', {class: 'fr-tool'}, trades.map((m) => h('button', {type: 'button', class: 'small', onclick: () => ctx.props.propose(m)}, moveText(ctx, m)))));
  const end = ctx.moves.find((m) => m.type === 'end_turn' && !m.new_employee);
  if (end) out.push(h('button', {type: 'button', class: 'primary', onclick: () => ctx.props.propose(end)}, 'End turn'));
  if (ctx.moves.some((m) => m.type === 'end_turn' && m.new_employee)) out.push(h('span', {class: 'fr-muted'}, 'End your turn by taking an employee from the pool (below).'));
  const tessa = ctx.moves.find((m) => m.type === 'tessa_choose' && !m.card_id);
  if (tessa) out.push(h('button', {type: 'button', onclick: () => ctx.props.propose(tessa)}, 'Buy none of Tessa\'s horses'));
  return out;
}

function entryTools(ctx) {
  const out = [];
  const enters = ctx.moves.filter((m) => m.type === 'enter_tournament');
  if (enters.length) {
    out.push(h('div', {class: 'fr-hand', 'aria-label': 'Horses you may enter'}, enters.map((m) => h('div', {class: 'fr-enter'},
      horseCard(ctx, m.card_id, {small: true}),
      h('button', {type: 'button', class: 'primary small', onclick: () => ctx.props.propose(m)}, `Enter ${hname(ctx, m.card_id)}`)))));
  }
  const paid = ctx.moves.filter((m) => m.type === 'enter_final_paid');
  if (paid.length) {
    out.push(h('div', {class: 'fr-tool'}, h('span', {}, 'Pay 4 goods for one die: carrots to pay'),
      stepper(paid.map((m) => m.carrots), (c) => ctx.props.propose(paid.find((m) => m.carrots === c)), {label: 'Carrots to pay', action: 'Pay and ride'})));
  }
  const decline = ctx.moves.find((m) => m.type === 'decline_tournament');
  if (decline) out.push(h('button', {type: 'button', onclick: () => ctx.props.propose(decline)}, 'Stay out'));
  return out;
}

function prizeTools(ctx) {
  const out = [];
  const prizes = ctx.moves.filter((m) => m.type === 'claim_prize');
  const goods = prizes.filter((m) => m.choice?.kind);
  for (const m of goods) out.push(h('button', {type: 'button', class: 'primary', onclick: () => ctx.props.propose(m)}, moveText(ctx, m)));
  if (prizes.some((m) => m.choice?.card_id)) out.push(h('span', {}, 'Click a horse in the market, then “Put here” on a highlighted location.'));
  if (prizes.some((m) => m.choice?.territory_id)) out.push(h('span', {}, 'Click a highlighted territory for your upgrade token.'));
  const decline = ctx.moves.find((m) => m.type === 'decline_prize');
  if (decline) out.push(h('button', {type: 'button', onclick: () => ctx.props.propose(decline)}, 'Decline the prize'));
  return out;
}

/** Moves left by the choices so far that no board target stands for: offered as buttons. */
function pendingChoices(ctx) {
  if (!ctx.composer.active) return null;
  const dests = new Set(ctx.remaining.map(destOf).filter(Boolean));
  // while a horse's places are still open they are chosen on the board; after a place, the ways left
  const left = ctx.remaining.filter((m) => !(ctx.selected && dests.size > 1 && destOf(m)) && m.type !== 'draft_pick');
  if (!left.length) return null;
  const shown = left.slice(0, 30);
  return h('div', {class: 'fr-choices', role: 'group', 'aria-label': 'Choices'},
    h('span', {class: 'fr-muted'}, ctx.composer.labels?.join(' · ') || 'Choose'),
    shown.map((m) => h('button', {type: 'button', class: 'small fr-choice', onclick: () => ctx.props.propose(m)}, moveText(ctx, m))),
    left.length > shown.length ? h('span', {class: 'fr-muted'}, `and ${left.length - shown.length} more: narrow by clicking the board`) : null,
    h('button', {type: 'button', class: 'small', onclick: () => ctx.composer.clear()}, 'Cancel'));
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
      '. Click a horse to move or sell it.'));
  } else if (v.phase === 'turn') {
    const active = (v.awaiting || [])[0];
    if (active !== undefined) lines.push(h('p', {}, chip(ctx, active), ` ${who(ctx, active)} is taking a turn; limited action ${t.limited_used ? 'used' : 'free'}.`));
  } else if (v.phase === 'choose_ranch') {
    lines.push(h('p', {}, mine ? 'Choose your ranch board and side (side B is worth more but is harder to fill).' : 'Players choose their ranch boards in turn order.'));
  } else if (v.phase === 'choose_employee') {
    lines.push(h('p', {}, mine ? 'Hire your starting employee (below).' : 'Players hire their starting employees.'));
  } else if (v.phase === 'choose_home') {
    lines.push(h('p', {}, mine ? 'Choose a home territory: “Make this my home” on a board of the community.' : 'Players choose their homes.'));
  } else if (v.phase === 'tournament_entries') {
    const a = (v.awaiting || [])[0];
    lines.push(h('p', {}, mine ? `Enter a horse in ${term(ctx, v.tournament.slot)}, or stay out.` : [chip(ctx, a), ' is choosing an entry.']));
  } else if (v.phase === 'tournament_prizes') {
    const pz = v.tournament.prizes[0];
    lines.push(h('p', {}, mine ? `Your prize (${pz.place}. place): ${term(ctx, `prize_${pz.item}`)}.` : [chip(ctx, pz.seat), ` is taking a prize: ${term(ctx, `prize_${pz.item}`)}.`]));
  } else if (v.phase === 'tessa_choice' && mine) {
    lines.push(h('p', {}, 'Tessa: click one of her horses to buy it, or buy none.'));
  } else if (v.phase === 'game_over') {
    lines.push(h('p', {}, 'The game is over: see the final scoring.'));
  }
  if (ctx.selected) lines.push(h('p', {class: 'fr-hint'}, `${hname(ctx, ctx.selected)} selected: highlighted places take it.`, ' ',
    h('button', {type: 'button', class: 'small', onclick: () => ctx.composer.clear()}, 'Cancel')));
  const tools = [];
  if (v.phase === 'turn' || v.phase === 'tessa_choice') tools.push(...turnTools(ctx));
  if (v.phase === 'tournament_entries') tools.push(...entryTools(ctx), ...turnTools(ctx));
  if (v.phase === 'tournament_prizes') tools.push(...prizeTools(ctx), ...turnTools(ctx));
  return h('section', {class: `fr-act${mine ? ' mine' : ''}`, 'aria-label': 'What to do now'},
    lines, boardChooser(ctx), draftPanel(ctx), tessaPanel(ctx),
    tools.length ? h('div', {class: 'fr-tools'}, tools) : null, pendingChoices(ctx), recentPanel(ctx));
}

function recentPanel(ctx) {
  const list = ctx.props.recent || [];
  if (!list.length) return null;
  const text = (e) => e.text || e.message || e.description || '';
  return h('div', {class: 'fr-recent-list'}, h('span', {class: 'fr-muted'}, 'Since your last move:'),
    h('ul', {}, list.slice(-6).map((e) => h('li', {}, e.seat !== undefined && e.seat !== null && e.seat >= 0 ? chip(ctx, e.seat) : null, ' ', text(e)))));
}

// ---- scores --------------------------------------------------------------------------------------

function scorePanel(ctx) {
  const sc = ctx.props.scores;
  if (!sc || !sc.totals) return null;
  const seats = [...Array(ctx.seatsN).keys()];
  const keys = [];
  for (const seat of seats) for (const k of Object.keys(scoreOf(ctx, seat)?.parts || {})) if (!keys.includes(k)) keys.push(k);
  const over = ctx.view.phase === 'game_over';
  const running = Object.fromEntries(seats.map((st) => [st, 0]));
  const rows = keys.map((k) => h('tr', {}, h('th', {scope: 'row'}, term(ctx, k)), seats.map((st) => {
    const n = scoreOf(ctx, st).parts[k] || 0;
    running[st] += n;
    return h('td', {}, `${n}`, over ? h('span', {class: 'fr-muted small'}, ` → ${running[st]}`) : null);
  })));
  const tb = sc.tiebreak || {};
  const winners = new Set((sc.winners || []).map(Number));
  return h('section', {class: `fr-scores${over ? ' final' : ''}`, 'aria-label': over ? 'Final scoring' : 'Trophies so far'},
    h('h3', {}, over ? 'Final scoring' : 'Trophies if the game ended now'),
    h('table', {class: 'fr-score-table'},
      h('thead', {}, h('tr', {}, h('th', {}, ''), seats.map((st) => h('th', {scope: 'col'}, chip(ctx, st, who(ctx, st)))))),
      h('tbody', {}, rows,
        h('tr', {class: 'total'}, h('th', {scope: 'row'}, 'Trophies'), seats.map((st) => h('td', {}, h('strong', {}, `${scoreOf(ctx, st).total}`), over && winners.has(st) ? [' ', icon('trophy'), ' wins'] : ''))),
        h('tr', {}, h('th', {scope: 'row', title: 'First tie-breaker'}, 'Tie-break 1: horses'), seats.map((st) => h('td', {}, `${(tb[st] ?? tb[String(st)] ?? [])[0] ?? ''}`))),
        h('tr', {}, h('th', {scope: 'row', title: 'Second tie-breaker'}, 'Tie-break 2: goods'), seats.map((st) => h('td', {}, `${(tb[st] ?? tb[String(st)] ?? [])[1] ?? ''}`))))),
    h('p', {class: 'fr-muted small'}, 'Most trophies wins; a tie goes to most horses, then most goods (carrots + boots); still tied players share the win.'));
}

// ---- the module ----------------------------------------------------------------------------------

export default {
  render(root, props) {
    ensureCss();
    const ctx = context(props);
    const v = ctx.view;
    root.classList.add('fr-board');
    root.style.setProperty('--fr-flash-delay', `${-Math.round(ctx.flashAge)}ms`);
    if (!props.view || !v.goods) {
      root.replaceChildren(h('p', {class: 'fr-muted'}, 'The game has not started yet.'));
      return;
    }
    const land = v.level === 3 ? [community(ctx)] : [];
    if (v.level !== 3) {
      const order = [...Array(ctx.seatsN).keys()].filter((st) => v.ranches?.[st]);
      order.sort((a, b) => (b === ctx.viewer) - (a === ctx.viewer));
      for (const st of order) land.push(ranchBoard(ctx, st));
      const unplaced = [...Array(ctx.seatsN).keys()].filter((st) => !v.ranches?.[st]);
      for (const st of unplaced) {
        const holding = Object.keys(ctx.place).filter((c) => ctx.owner[c] === st).sort();
        if (holding.length) land.push(h('div', {class: 'fr-holding'}, chip(ctx, st, `${seatColour(ctx, st).name}'s horses:`), holding.map((id) => horseCard(ctx, id, {small: true}))));
      }
    }
    root.replaceChildren(
      playersBar(ctx),
      prompt(ctx),
      h('div', {class: 'fr-layout'},
        h('div', {class: 'fr-land'}, land),
        h('div', {class: 'fr-side'},
          h('section', {class: 'fr-tournaments', 'aria-label': 'Tournaments'}, h('h3', {}, v.round ? `Round ${v.round} of 5 · tournaments` : 'Tournaments (from round 1)'), tournamentTrack(ctx), currentTournament(ctx), lastResult(ctx)),
          market(ctx), fatePanel(ctx), employeesPanel(ctx), scorePanel(ctx))));
  },

  status(props) {
    const v = props.view;
    if (!v || !v.goods) return 'Fantasy Ranch';
    const cat = props.catalog || {};
    const phase = cat.terms?.[v.phase] || v.phase;
    const seat = (v.awaiting || [])[0];
    const colour = seat !== undefined ? cat.seat_colours?.[seat]?.name : null;
    const you = seat !== undefined && seat === props.viewer;
    let tail = colour ? ` · ${you ? 'you' : colour} to act` : '';
    if (v.phase === 'turn') tail += ` · limited action ${v.turn?.limited_used ? 'used' : 'free'}`;
    if (v.tournament) tail = ` · ${cat.terms?.[v.tournament.slot] || v.tournament.slot}${tail}`;
    return `Level ${v.level} · ${v.round ? `Round ${v.round} of 5` : 'Setup'} · ${phase}${tail}`;
  },
};
