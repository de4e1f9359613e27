// The Bunny Kingdom board: the 10×10 map (terrain, lava, rabbits, buildings, fiefs), the draft on
// the viewer's hand, construction by card then square, camps, trading posts, parchments, and the
// final scoring. It holds no rules: every highlighted target is a legal move the composer still
// allows, every name and effect comes from the catalog, every number (fief strength, wealth,
// harvest, parchment progress) from the viewer's view. See docs/web.md, "Board modules".
//
// A click only chooses: each choice narrows the shell's composer, and the move is sent by the
// shell's Confirm (docs/web.md, "One click rule"). Nothing the viewer points at changes the size
// of anything: a chosen card's badge has its line reserved, the prompt says what the table asks
// (not what the viewer picked), and hover only recolours.

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

// UI state only (docs/web.md allows it): which foldable panels the viewer opened or closed, and
// the square last pointed at or tapped (its details stay under the map across redraws).
const folded = new Map();
let pointed = null;

/** A <details> panel that keeps the viewer's open/closed choice across renders (`open`: the default). */
function foldable(key, cls, label, summary, body, open) {
  const box = h('details', {class: `bk-panel ${cls}`, 'aria-label': label, dataset: {fold: key}},
    h('summary', {}, summary), body);
  box.open = folded.has(key) ? folded.get(key) : open;
  box.addEventListener('toggle', () => folded.set(key, box.open));
  return box;
}

/** Is the page wide enough to open the informative panels at once? (A phone opens them on demand.) */
function wide() {
  return typeof window !== 'undefined' && window.matchMedia?.('(min-width: 761px)').matches;
}

/** Helpers over the props: catalog lookups, seat names and colours. */
function context(props) {
  const cat = props.catalog || {components: {}, terms: {}, board: {}};
  const comp = (id) => cat.components?.[id] || {name: id, kind: ''};
  const term = (id) => cat.terms?.[id] ?? cat.components?.[id]?.name ?? id;
  const colour = (seat) => (props.colour && props.colour(seat)) || cat.seat_colours?.[seat]?.css || '#666';
  const name = (seat) => (props.name && props.name(seat)) || `Seat ${seat + 1}`;
  const whose = (seat) => (name(seat) === 'You' ? 'Your' : `${name(seat)}'s`);
  /** A card as an HTML tile, its kind in the catalog's words ("Luxury farm"), keyed for focus. */
  const tile = (id, opts, key) => {
    const entry = comp(id);
    const el = cardTile(id, {...entry, kind: cat.terms?.[entry.kind] ?? ''}, opts);
    el.dataset.card = id;
    if (key) el.dataset.key = key;
    if (entry.kind === 'territory') el.classList.add('bk-territory');
    return el;
  };
  return {cat, comp, term, colour, name, whose, tile, view: props.view || {}, viewer: props.viewer ?? null,
    composer: props.composer, toAct: new Set(props.toAct || [])};
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

/** Replace the composer's choice by `steps` ([[test, label], ...]): a click changes its mind in one go. */
function choose(composer, steps) {
  composer.clear();
  for (const [test, label] of steps) composer.narrow(test, label);
}

/** The composer's choice when it is one move of `type` (or every remaining move is of that type). */
function staged(composer, type) {
  if (!composer?.active) return [];
  const rem = composer.remaining;
  return rem.length && rem.every((m) => m.type === type) ? rem : [];
}

/** A board button that chooses (never sends): `pressed` says whether its choice is the one held. */
function button(label, {key, role = undefined, pressed = null, onclick, aria = null}) {
  return h('button', {type: 'button', class: 'bk-btn', dataset: {key, ...(role ? {role} : {})},
    'aria-pressed': pressed === null ? null : String(pressed), 'aria-label': aria, onclick}, label);
}

// ---- the draft ------------------------------------------------------------------------------

/** The choice the composer holds for the current pick: {first, second, discard} card ids. */
function draftChoice(composer) {
  const moves = staged(composer, 'submit_pick');
  return {first: common(moves, (m) => m.play[0]), second: common(moves, (m) => m.play[1]),
    discard: common(moves, (m) => m.discard ?? undefined)};
}

/** Re-state the draft choice in the composer (each part narrows the legal picks). */
function setDraft(ctx, {first, second, discard}) {
  const {composer, comp} = ctx;
  const pick = (m) => m.type === 'submit_pick';
  const steps = [];
  if (first) steps.push([(m) => pick(m) && m.play[0] === first, `Play ${comp(first).name}`]);
  if (second) steps.push([(m) => pick(m) && m.play[1] === second, `then ${comp(second).name}`]);
  if (discard) steps.push([(m) => pick(m) && m.discard === discard, `Discard ${comp(discard).name}`]);
  choose(composer, steps);
}

function territoryExtra(ctx, id) {
  const entry = ctx.comp(id);
  if (entry.kind !== 'territory') return null;
  const sq = ctx.cat.board?.squares?.[entry.coord] || {};
  const swatch = s('svg', {viewBox: '0 0 20 14', class: 'bk-swatch', 'aria-hidden': 'true'},
    s('rect', {x: 0, y: 0, width: 20, height: 14, rx: 2, fill: TERRAIN_FILL[entry.terrain] || '#ccc', stroke: '#555'}));
  return h('span', {class: 'bk-terrain'}, swatch, ` ${entry.coord} · ${ctx.term(entry.terrain)}`,
    sq.resource ? ` · ${ctx.term(sq.resource)}` : '');
}

/** The role line of a hand card: always there (empty and invisible when the card has no role). */
function roleBadge(role, sent) {
  return h('span', {class: `bk-role${role ? ' on' : ''}${role === 'Discard' ? ' discard' : ''}${sent ? ' sent' : ''}`,
    title: sent ? 'Your choice, sent: click cards to change it' : null}, role || '\u00a0');
}

function handSection(ctx, lights) {
  const {view, composer, comp, tile} = ctx;
  const you = view.you;
  if (!you || view.phase !== 'exploration') return null;
  const two = view.seats.length === 2;
  const choice = draftChoice(composer);
  const drafting = Boolean(choice.first || choice.second || choice.discard);
  const sent = you.selection && !drafting ? you.selection : null;
  const canPick = composer && composer.moves.some((m) => m.type === 'submit_pick');
  const first = drafting ? choice.first : sent?.play?.[0];
  const second = drafting ? choice.second : sent?.play?.[1];
  const discard = drafting ? choice.discard : sent?.discard;
  const cards = you.hand.map((id) => {
    const role = first === id ? (two ? 'Play' : 'Play 1st') : second === id ? 'Play 2nd' : discard === id ? 'Discard' : null;
    const extra = h('span', {class: 'bk-card-extra'}, territoryExtra(ctx, id), roleBadge(role, Boolean(sent && role)));
    const state = role ? 'chosen' : null;
    let el;
    if (!canPick) {
      el = tile(id, {state, extra});
    } else if (two) {
      el = tile(id, {state, extra});
      const playing = choice.first === id;
      const discarding = choice.discard === id;
      el.append(h('span', {class: 'bk-card-actions'},
        button('Play', {key: `play:${id}`, role: 'play', pressed: playing, aria: `Play ${comp(id).name}`,
          onclick: () => setDraft(ctx, {first: playing ? undefined : id, discard: discarding ? undefined : choice.discard})}),
        button('Discard', {key: `discard:${id}`, role: 'discard', pressed: discarding, aria: `Discard ${comp(id).name}`,
          onclick: () => setDraft(ctx, {discard: discarding ? undefined : id, first: playing ? undefined : choice.first})})));
    } else {
      el = tile(id, {state: role ? 'chosen' : 'legal', extra, onclick: () => {
        if (choice.first === id) setDraft(ctx, {first: choice.second});
        else if (choice.second === id) setDraft(ctx, {first: choice.first});
        else if (choice.first === undefined) setDraft(ctx, {first: id});
        else setDraft(ctx, {first: choice.first, second: id});
      }}, `hand:${id}`);
    }
    const entry = comp(id);
    if (entry.kind === 'territory') {
      const light = (on) => lights(entry.coord, on);
      el.addEventListener('mouseenter', () => light(true));
      el.addEventListener('mouseleave', () => light(false));
      el.addEventListener('focusin', () => light(true));
      el.addEventListener('focusout', () => light(false));
    }
    return el;
  });
  const head = you.hand.length ? `Your hand · ${you.hand.length} cards` : 'Your hand is empty';
  return h('section', {class: 'bk-panel bk-hand', 'aria-label': 'Your hand'},
    h('h3', {}, head), h('div', {class: 'bk-cards'}, cards));
}

// ---- construction, camps, trading posts, copies ----------------------------------------------

/** The building card the composer holds (construction), or undefined. */
function buildCard(composer) {
  if (!composer?.active) return undefined;
  const rem = composer.remaining;
  return rem.every((m) => m.type?.startsWith('build_')) ? common(rem, (m) => m.card) : undefined;
}

/** What clicking a square does now, or null when the square is not a legal target. */
function squareAction(ctx, coord) {
  const {composer} = ctx;
  if (!composer || !composer.moves.length) return null;
  const all = composer.moves;
  const card = buildCard(composer);
  if (card !== undefined) {
    const mine = all.filter((m) => m.type?.startsWith('build_') && m.card === card);
    const name = ctx.comp(card).name;
    const onCard = [(m) => m.type?.startsWith('build_') && m.card === card, `Build ${name}`];
    if (mine.some((m) => m.coord === coord)) {
      return {label: `Build ${name} on ${coord}`, run: () => choose(composer, [onCard, [(m) => m.coord === coord, `on ${coord}`]])};
    }
    if (mine.some((m) => m.type === 'build_sky_tower')) {
      const a = common(composer.remaining, (m) => m.coord_a);
      if (a === undefined && mine.some((m) => m.coord_a === coord)) {
        return {label: `${name}: first tower on ${coord}`, run: () => choose(composer, [onCard, [(m) => m.coord_a === coord, `from ${coord}`]])};
      }
      if (a !== undefined && a !== coord && mine.some((m) => m.coord_a === a && m.coord_b === coord)) {
        const fiefs = ctx.view.fiefs?.[ctx.viewer] || [];
        const of = (c) => fiefs.find((f) => f.territories.includes(c));
        const joins = [of(a), of(coord)].filter(Boolean).map((f) => `(${f.territories.join(' ')})`).join(' with ');
        return {label: `${name} from ${a} to ${coord}: joins ${joins}`, run: () => choose(composer,
          [onCard, [(m) => m.coord_a === a, `from ${a}`], [(m) => m.coord_b === coord, `to ${coord}`]])};
      }
    }
    return null;
  }
  const campMoves = all.filter((m) => m.type === 'place_camp');
  const holding = !composer.active || staged(composer, 'place_camp').length || staged(composer, 'keep_camp').length;
  const camp = campMoves.find((m) => m.coord === coord);
  if (camp && holding) {
    return {label: `Place ${ctx.comp(camp.card).name} on ${coord}`,
      run: () => choose(composer, [[(m) => m.type === 'place_camp' && m.coord === coord, `${ctx.comp(camp.card).name} on ${coord}`]])};
  }
  return null;
}

function frontSection(ctx) {
  const {view, viewer, composer, comp, tile} = ctx;
  if (viewer === null || !view.seats?.[viewer]) return null;
  const front = view.seats[viewer].front;
  if (!front.length || view.phase === 'over') return null;
  const chosen = buildCard(composer);
  const builds = composer?.moves.filter((m) => m.type?.startsWith('build_')) || [];
  const tiles = front.map((id) => {
    const legal = builds.some((m) => m.card === id);
    const onclick = legal ? () => {
      if (chosen === id) composer.clear();
      else choose(composer, [[(m) => m.type?.startsWith('build_') && m.card === id, `Build ${comp(id).name}`]]);
    } : null;
    return tile(id, {state: chosen === id ? 'chosen' : legal ? 'legal' : null, onclick}, `front:${id}`);
  });
  return h('section', {class: 'bk-panel bk-front', 'aria-label': 'Your building cards'},
    h('h3', {}, 'Your building cards'),
    builds.length ? h('p', {class: 'hint'}, 'Choose a building card, then a highlighted square of yours.') : null,
    h('div', {class: 'bk-cards'}, tiles));
}

function tradingChoice(composer) {
  const moves = staged(composer, 'choose_trading_posts');
  const out = {};
  if (!moves.length) return out;
  for (const coord of Object.keys(moves[0].choices)) {
    const v = common(moves, (m) => m.choices[coord]);
    if (v !== undefined) out[coord] = v;
  }
  return out;
}

function setTrading(ctx, coord, resource) {
  const {composer, term} = ctx;
  const chosen = {...tradingChoice(composer), [coord]: resource};
  choose(composer, Object.entries(chosen).map(([c, r]) => [(m) => m.type === 'choose_trading_posts' && m.choices[c] === r,
    `${c}: ${term(r)}`]));
}

/** What the table asks of the viewer now, with the buttons of moves that have no target on the board. */
function promptSection(ctx) {
  const {view, viewer, composer, comp, term, tile} = ctx;
  if (viewer === null) return null;
  const items = [];
  const moves = composer?.moves || [];
  const find = (type) => moves.find((m) => m.type === type);
  const toggle = (move, label) => () => {
    if (staged(composer, move.type).length) composer.clear();
    else choose(composer, [[(m) => m.type === move.type, label]]);
  };
  if (view.phase === 'exploration') {
    const you = view.you;
    const two = view.seats.length === 2;
    if (you?.selection) {
      const sel = you.selection;
      items.push(h('p', {}, `You chose to play ${sel.play.map((c) => comp(c).name).join(' then ')}`
        + (sel.discard ? ` and to discard ${comp(sel.discard).name}` : '')
        + '. Until everyone has chosen you may change it: choose other cards, or withdraw.'));
    } else if (moves.length) {
      items.push(h('p', {class: 'bk-yours'}, two
        ? 'Choose one card to play and one to discard (face down, out of the game), then Confirm.'
        : 'Choose two cards to play (the first is resolved first), then Confirm.'));
    }
    const retract = find('retract_pick');
    if (retract) {
      items.push(button('Withdraw my choice', {key: 'retract', pressed: Boolean(staged(composer, 'retract_pick').length),
        onclick: toggle(retract, 'Withdraw my choice')}));
    }
  } else if (view.phase === 'construction') {
    const offer = view.camp_offer;
    if (offer?.seat === viewer) {
      const campName = comp(offer.card).name;
      items.push(h('p', {class: 'bk-yours'}, `${campName} is offered to you: choose a highlighted empty square, or keep the camp for a later round.`));
      const keep = find('keep_camp');
      if (keep) {
        items.push(button(`Keep ${campName}`, {key: 'keep', pressed: Boolean(staged(composer, 'keep_camp').length),
          onclick: toggle(keep, `Keep ${campName}`)}));
      }
    }
    const finish = find('finish_construction');
    if (finish) {
      if (!offer || offer.seat !== viewer) items.push(h('p', {class: 'bk-yours'}, 'Build from your cards, one at a time; finish when you are done.'));
      items.push(button('Finish building', {key: 'finish', pressed: Boolean(staged(composer, 'finish_construction').length),
        onclick: toggle(finish, 'Finish building')}));
    } else if (view.seats[viewer]?.construction_finished) {
      items.push(h('p', {}, 'You have finished building this round.'));
    }
  } else if (view.phase === 'harvest') {
    const sent = view.you?.trading_post_choices || {};
    if (moves.some((m) => m.type === 'choose_trading_posts')) {
      items.push(h('p', {class: 'bk-yours'}, 'Choose what each of your trading posts produces this harvest: a resource on the post.'));
    }
    if (Object.keys(sent).length) {
      items.push(h('p', {}, `Your choice (hidden until all have chosen): ${Object.entries(sent).map(([c, r]) => `${c} ${term(r)}`).join(', ')}.`));
    }
  } else if (view.phase === 'copy') {
    const targets = moves.filter((m) => m.type === 'choose_copy_target');
    const sent = view.you?.copy_choices || {};
    const holding = staged(composer, 'choose_copy_target');
    for (const copier of [...new Set(targets.map((m) => m.card))]) {
      items.push(h('p', {class: 'bk-yours'}, `${comp(copier).name}: choose the parchment it copies.`
        + (sent[copier] ? ` Now: ${comp(sent[copier]).name}.` : '')));
      items.push(h('div', {class: 'bk-cards'}, targets.filter((m) => m.card === copier).map((m) => {
        const on = holding.length === 1 ? holding[0].card === copier && holding[0].target === m.target : sent[copier] === m.target;
        return tile(m.target, {state: on ? 'chosen' : 'legal', onclick: () => choose(composer,
          [[(x) => x.type === 'choose_copy_target' && x.card === copier && x.target === m.target,
            `${comp(copier).name} copies ${comp(m.target).name}`]])}, `copy:${copier}:${m.target}`);
      })));
    }
  }
  if (!items.length) return null;
  return h('section', {class: 'bk-panel bk-prompt', 'aria-label': 'What to do'}, items);
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

const counted = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What a fief harvests, as its label on the map: "6 pts" on a fief that scores, nothing on one that
 * does not (it read "0×0=0" on every fief, a formula until the Key was opened: table review,
 * finding 13). The words are the square's (`fiefText`), on hover, on a tap and for a screen reader. */
export function fiefLabel(fief) {
  return fief.harvest ? `${fief.harvest} pt${fief.harvest === 1 ? '' : 's'}` : null;
}

/** A fief in words, as a player counts it: "Your fief: A6, B6 · 2 towers × 3 resources (Wood, Fish,
 * Carrot) = 6 points a harvest"; one that scores nothing says what it lacks ("no towers yet"). */
export function fiefText(ctx, seat, fief) {
  const {whose, term} = ctx;
  const where = `${whose(seat)} fief: ${fief.territories.join(', ')}`;
  const towers = counted(fief.strength, 'tower');
  const resources = `${counted(fief.wealth, 'resource')}${fief.resources.length ? ` (${fief.resources.map(term).join(', ')})` : ''}`;
  if (fief.harvest) return `${where} · ${towers} × ${resources} = ${counted(fief.harvest, 'point')} a harvest`;
  const names = fief.resources.map(term);
  const had = names.length < 3 ? names.join(' and ') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  const lacks = !fief.strength && !fief.wealth ? 'no towers and no resource yet'
    : !fief.strength ? `${had || counted(fief.wealth, 'resource')} but no towers yet` : `${towers} but no resource yet`;
  return `${where} · ${lacks}: it harvests nothing`;
}

function drawMap(ctx, {lit, recent, onPoint}) {
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
  const texts = new Map();
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
  // Fief labels: what a scoring fief harvests ("6 pts") on its first square; a fief that scores
  // nothing has none. The words (towers × resources) are the squares' own, below.
  (view.fiefs || []).forEach((list, seat) => list.forEach((fief) => {
    const text = fiefLabel(fief);
    if (!text) return;
    const [x, y] = coordXY(fief.territories[0], rows);
    labels.append(s('g', {class: 'bk-fief-label scoring', 'aria-hidden': 'true'},
      tip(fiefText(ctx, seat, fief)),
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
      const hit = s('rect', {x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, class: cls, dataset: {coord, key: `sq:${coord}`}},
        tip(text));
      texts.set(coord, text);
      // What hover shows, a tap shows: the square's details in the reserved line under the map.
      for (const type of ['pointerenter', 'focus', 'click']) hit.addEventListener(type, () => onPoint(coord));
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
        const chip = s('g', {class: `bk-chip${on ? ' on' : ''}`, dataset: {coord, resource: res, key: `chip:${coord}:${res}`}},
          s('circle', {cx, cy, r: 7, fill: RESOURCE_FILL[res] || '#999', stroke: on ? '#000' : '#fff', 'stroke-width': on ? 2.5 : 1.2}),
          s('text', {x: cx, y: cy + 3, 'text-anchor': 'middle', class: 'bk-res small', fill: '#fff'}, RESOURCE_MARK[res] || '?'));
        target(chip, `Trading post ${coord} produces ${term(res)}`, () => setTrading(ctx, coord, res), {selected: on});
        hits.append(chip);
      });
    }
  }
  return {svg, overlays, texts};
}

// ---- side panels ----------------------------------------------------------------------------

function dot(colour) {
  return s('svg', {viewBox: '0 0 12 12', class: 'bk-dot', 'aria-hidden': 'true'}, s('circle', {cx: 6, cy: 6, r: 5.5, fill: colour}));
}

function playersSection(ctx) {
  const {view, comp, name, colour, toAct} = ctx;
  const phase = view.phase;
  if (phase === 'over') return null; // the final ranking says it all
  const rows = (view.seats || []).map((seat, i) => {
    const facts = [];
    if (phase === 'exploration') {
      facts.push(seat.has_chosen ? 'has chosen' : 'choosing…');
      facts.push(`${seat.hand_size} card${seat.hand_size === 1 ? '' : 's'} in hand`);
      if (seat.reserve_size) facts.push(`${seat.reserve_size} in reserve`);
    } else if (phase === 'construction') {
      facts.push(seat.construction_finished ? 'finished building' : 'building…');
    } else if (phase === 'harvest' && toAct.has(i)) {
      facts.push('choosing trading-post resources');
    } else if (phase === 'copy' && toAct.has(i)) {
      facts.push('choosing a parchment to copy');
    }
    facts.push(`${seat.parchment_count} parchment${seat.parchment_count === 1 ? '' : 's'}`);
    const next = (view.fiefs?.[i] || []).reduce((t, f) => t + f.harvest, 0);
    const harvests = seat.harvests.length ? seat.harvests.map((v, r) => `R${r + 1} ${v}`).join(' · ') : 'none yet';
    const passTo = phase === 'exploration' && view.pass_to ? ` · passes to ${name(view.pass_to[i])}` : '';
    return h('li', {class: `bk-seat${i === ctx.viewer ? ' you' : ''}`, dataset: {seat: String(i)}},
      h('div', {class: 'bk-seat-head'}, dot(colour(i)), h('strong', {}, name(i)),
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
  return foldable('parchments', 'bk-parchments', 'Your parchments',
    h('strong', {}, `Your parchments (secret): ${you.parchments.length} · worth ${total} if the game ended now`),
    h('table', {class: 'bk-ptable'}, h('tbody', {}, rows)), wide());
}

/** Why fiefs score nothing, grouped: "without a city: A1, E3 · without a resource: B6". */
function idleWhy(idle) {
  const squares = (list) => list.map((f) => f.territories.join(' ')).join(', ');
  const groups = [['without a city', idle.filter((f) => !f.strength && f.wealth)],
    ['without a resource', idle.filter((f) => f.strength && !f.wealth)],
    ['with neither', idle.filter((f) => !f.strength && !f.wealth)]];
  return groups.filter(([, list]) => list.length).map(([why, list]) => `${why}: ${squares(list)}`).join(' · ') + '.';
}

/** The viewer's fiefs: all of them counted (as the parchments count fiefs), the scoring ones listed. */
function fiefSection(ctx) {
  const {view, viewer, term} = ctx;
  if (viewer === null || !view.fiefs?.[viewer]?.length) return null;
  const all = view.fiefs[viewer];
  const scoring = all.filter((f) => f.harvest).sort((a, b) => b.harvest - a.harvest);
  const idle = all.filter((f) => !f.harvest);
  const total = all.reduce((t, f) => t + f.harvest, 0);
  const line = (f) => h('li', {}, h('strong', {}, counted(f.harvest, 'point')),
    ` · ${counted(f.strength, 'tower')} × ${counted(f.wealth, 'resource')} (${f.resources.map(term).join(', ')}) · ${f.territories.join(' ')}`);
  const end = view.phase === 'over' || view.phase === 'copy';
  const count = `${all.length} fief${all.length === 1 ? '' : 's'}`;
  const summary = end ? `Your fiefs: ${count} · last harvest ${total}` : `Your fiefs: ${count} · a harvest now would score ${total}`;
  const body = h('div', {},
    h('p', {class: 'muted'}, 'A fief is a group of your connected squares: every one counts for the parchments that count fiefs.'),
    scoring.length ? h('ul', {}, scoring.map(line)) : h('p', {class: 'muted'}, 'No fief scores yet: it needs a city and a resource.'),
    idle.length ? h('p', {class: 'bk-idle'}, `${idle.length} scoring nothing yet: `, idleWhy(idle)) : null);
  return foldable('fiefs', 'bk-fiefs', 'Your fiefs', h('strong', {}, summary), body, wide() && !end);
}

/** The final scoring: a ranking, each player's points by source on demand (what scored, then what did not). */
function finalSection(ctx, props) {
  const {view, comp, term, name, colour} = ctx;
  if (view.phase !== 'over') return null;
  const lines = view.final_scoring || [];
  const winners = new Set(props.scores?.winners || []);
  const seats = (view.seats || []).map((seat, i) => i);
  const total = (i) => view.scores?.[String(i)] ?? 0;
  const order = props.scores?.ranking?.length ? [...props.scores.ranking] : [...seats].sort((a, b) => total(b) - total(a));
  const rows = order.map((i) => {
    const seat = view.seats[i];
    const harvests = seat.harvests.reduce((t, v) => t + v, 0);
    const mine = lines.filter((l) => l.seat === i);
    const parchments = mine.reduce((t, l) => t + l.points, 0);
    const rank = 1 + seats.filter((j) => total(j) > total(i)).length;
    const label = (l) => (l.copied_from ? `${comp(l.card).name} copying ${comp(l.copied_from).name}` : comp(l.card).name);
    const rounds = seat.harvests.map((v, r) => `round ${r + 1}: ${v}`).join(' · ');
    const scored = [
      {label: 'Harvests', basis: `${rounds} (each: your fiefs, towers × resources)`, points: harvests},
      ...mine.map((l) => ({label: label(l), basis: l.basis, points: l.points})),
    ];
    const positive = scored.filter((x) => x.points);
    const nothing = scored.filter((x) => !x.points).map((x) => x.label);
    const body = h('div', {class: 'bk-final-body'},
      h('table', {class: 'bk-final-table'}, h('tbody', {}, positive.map((x) => h('tr', {},
        h('td', {}, h('span', {class: 'bk-final-source'}, x.label), h('span', {class: 'muted bk-final-basis'}, x.basis)),
        h('td', {class: 'num'}, String(x.points)))))),
      nothing.length ? h('p', {class: 'muted bk-nothing'}, `No points from: ${nothing.join(', ')}.`) : null);
    const summary = h('summary', {},
      h('span', {class: 'bk-rank'}, `${rank}.`), dot(colour(i)), h('strong', {class: 'bk-final-name'}, name(i)),
      h('strong', {class: 'bk-final-total'}, `${total(i)} points${winners.has(i) ? ' · wins' : ''}`),
      h('span', {class: 'bk-final-split muted'}, `harvests ${harvests} + parchments ${parchments}`));
    const row = h('details', {class: `bk-final-seat${winners.has(i) ? ' winner' : ''}`, dataset: {seat: String(i), fold: `final:${i}`}},
      summary, body);
    row.open = folded.get(`final:${i}`) ?? false;
    row.addEventListener('toggle', () => folded.set(`final:${i}`, row.open));
    return h('li', {}, row);
  });
  return h('section', {class: 'bk-panel bk-final', 'aria-label': 'Final scoring'},
    h('h3', {}, 'Final scoring'), h('p', {class: 'muted hint'}, 'Open a player for their points source by source.'),
    h('ol', {class: 'bk-ranking'}, rows));
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
  if (view.phase !== 'over') line.append(h('span', {class: 'muted'}, ` · deck ${view.deck_size} cards`));
  return line;
}

// ---- the key --------------------------------------------------------------------------------

/** A key's picture: a square of the map (or, `zoom`, the part of it where the piece stands). */
function keyIcon(...children) {
  return s('svg', {viewBox: `0 0 ${CELL} ${CELL}`, class: 'bk-key-icon', 'aria-hidden': 'true'}, children);
}

function zoomed(icon, box) {
  icon.setAttribute('viewBox', box);
  return icon;
}

function square(terrain) {
  return s('rect', {x: 0, y: 0, width: CELL, height: CELL, fill: TERRAIN_FILL[terrain] || '#ddd', stroke: '#8a8272'});
}

/** The key of the map's symbols, drawn with the map's own artwork (the shell shows it under "Key"). */
function legend(props) {
  ensureStyles();
  const ctx = context(props);
  const {cat, term, colour, name} = ctx;
  const squares = Object.values(cat.board?.squares || {});
  const produces = (terrain) => squares.find((q) => q.terrain === terrain && q.resource)?.resource;
  const item = (icon, text) => h('li', {}, icon, h('span', {}, text));
  const group = (title, items) => h('div', {class: 'bk-key-group'}, h('h4', {}, title), h('ul', {}, items));
  const terrains = Object.keys(TERRAIN_FILL).map((t) => item(keyIcon(square(t), terrainMark(t, 0, 0),
    t === 'printed_city' ? towers(1, 0, 0, '#f7f2e6') : null),
  `${term(t)}${produces(t) ? `: produces ${term(produces(t)).toLowerCase()}` : t === 'printed_city' ? ': a neutral city of strength 1' : ''}`));
  const basic = cat.board?.basic_resources || ['wood', 'fish', 'carrot'];
  const luxury = cat.board?.luxury_resources || [];
  const farm = (res) => zoomed(keyIcon(square('plains'), building({...ctx, comp: () => ({kind: 'basic_farm', produces: res})}, 'farm', 0, 0, null)),
    '8 4 32 32');
  const resources = [...basic, ...luxury].map((r) => item(farm(r), `${term(r)}${luxury.includes(r) ? ' (a luxury)' : ''}`));
  const seats = (props.seats || []).filter((x) => !x.free);
  const rabbits = seats.length ? seats.map((x) => item(zoomed(keyIcon(square('plains'), rabbit(0, 0, colour(x.seat))), '24 0 24 24'),
    `${name(x.seat)}: a rabbit claims the square`)) : [item(zoomed(keyIcon(square('plains'), rabbit(0, 0, '#888')), '24 0 24 24'), 'A rabbit claims the square')];
  const pieces = [
    item(keyIcon(square('plains'), towers(1, 0, 0, '#f7f2e6')), 'City of 1 tower: strength 1'),
    item(keyIcon(square('plains'), towers(3, 0, 0, '#f7f2e6')), 'City of 3 towers: strength 3'),
    item(keyIcon(square('plains'), building({...ctx, comp: () => ({kind: 'trading_post'})}, 'post', 0, 0, null, null)),
      'Trading post: its owner picks wood, fish or carrot each harvest'),
    item(keyIcon(square('plains'), building({...ctx, comp: () => ({kind: 'camp', priority: 2})}, 'camp', 0, 0, seats[0]?.seat ?? null)),
      'Camp with its number, in its owner\'s colour'),
    item(keyIcon(square('plains'), building({...ctx, comp: () => ({kind: 'sky_tower'})}, 'sky', 0, 0, seats[0]?.seat ?? null)),
      'Sky Tower: its two towers (dashed line) join two fiefs'),
  ];
  const edge = (attrs) => keyIcon(square('plains'), s('line', {x1: 2, y1: 24, x2: 46, y2: 24, ...attrs}));
  const marks = [
    item(edge({class: 'bk-lava'}), 'Lava: the squares on either side are not connected'),
    item(edge({class: 'bk-fief-edge', stroke: seats.length ? colour(seats[0].seat) : '#888'}), 'Edge of a fief, in its owner\'s colour'),
    item(keyIcon(square('plains'), s('rect', {x: 1, y: 30, width: 46, height: 14, rx: 3, fill: '#fff', stroke: '#555'}),
      s('text', {x: 4, y: 41, class: 'bk-key-label'}, '6 pts')),
    'A fief that scores: its harvest, towers × resources (2 towers × 3 resources = 6 points); point at a square for its count'),
    item(keyIcon(square('plains'), s('rect', {x: 1, y: 1, width: 46, height: 46, class: 'bk-look-target'})), 'You may choose this square'),
    item(keyIcon(square('plains'), s('rect', {x: 1, y: 1, width: 46, height: 46, class: 'bk-look-lit'})), 'The square of a card you chose'),
    item(keyIcon(square('plains'), s('rect', {x: 1, y: 1, width: 46, height: 46, class: 'bk-look-recent'})),
      'Changed since your last move'),
  ];
  return h('div', {class: 'bk-legend'},
    group('Terrain', terrains), group('Resources (farms and production)', resources),
    group('Rabbits', rabbits), group('Buildings', pieces), group('Marks', marks));
}

/** Give focus back to the control the viewer was on (same `data-key`) after a redraw. */
function keepFocus(root, draw) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset?.key : null;
  draw();
  if (!key) return;
  const again = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (again && !again.disabled) again.focus({preventScroll: true});
}

function render(root, props) {
  ensureStyles();
  const ctx = context(props);
  const view = ctx.view;
  if (!view || !view.seats) {
    root.replaceChildren(h('p', {class: 'muted'}, 'Waiting for the game to start.'));
    return;
  }
  // Territory cards in the hand and the chosen ones light their square, and so do chosen squares.
  const lit = new Set();
  const sel = view.you?.selection;
  const choice = draftChoice(ctx.composer);
  for (const id of [choice.first, choice.second, ...(sel ? sel.play : [])]) {
    if (id && ctx.comp(id).kind === 'territory') lit.add(ctx.comp(id).coord);
  }
  if (ctx.composer?.active) {
    for (const k of ['coord', 'coord_a', 'coord_b']) {
      const c = common(ctx.composer.remaining, (m) => m[k]);
      if (typeof c === 'string') lit.add(c);
    }
  }
  const info = h('p', {class: 'bk-square-info muted'});
  const {svg, overlays, texts} = drawMap(ctx, {lit, recent: recentCoords(props), onPoint: (coord) => {
    pointed = coord;
    info.textContent = texts.get(coord);
  }});
  info.textContent = texts.get(pointed) || 'Point at a square, or tap it, to read it here.';
  const lights = (coord, on) => {
    const el = overlays.get(coord);
    if (el && !lit.has(coord)) el.classList.toggle('lit', on);
  };
  const decide = [promptSection(ctx), handSection(ctx, lights), frontSection(ctx)].filter(Boolean);
  keepFocus(root, () => root.replaceChildren(h('div', {class: 'bk', dataset: {version: String(props.version ?? '')}},
    headline(ctx),
    h('div', {class: 'bk-main'},
      h('div', {class: 'bk-mapwrap'}, svg, info, fiefSection(ctx)),
      decide.length ? h('div', {class: 'bk-decide'}, decide) : null,
      h('div', {class: 'bk-info'}, finalSection(ctx, props), parchmentSection(ctx), playersSection(ctx))))));
}

/** What the phase asks of the viewer, in the game's words, led by "Your turn:" whenever the viewer acts (the
 * shell says it its own way and names the others choosing at the same time). */
function status(props) {
  const ctx = context(props);
  const view = ctx.view;
  if (!view || !view.phase) return '';
  const moves = ctx.composer?.moves || [];
  const has = (type) => moves.some((m) => m.type === type);
  const mine = ctx.viewer !== null && ctx.toAct.has(ctx.viewer);
  const round = view.round ? `Round ${view.round} · ` : '';
  let phase = `${round}${ctx.term(view.phase)}`;
  let what = '';
  if (view.phase === 'exploration') {
    phase = `${round}Exploration, pick ${view.pick}`;
    if (mine) what = view.seats.length === 2 ? 'choose a card to play and one to discard' : 'choose two cards to play';
    else if (view.you?.selection) what = 'your choice is in';
  } else if (view.phase === 'construction') {
    if (has('place_camp')) what = `place ${ctx.comp(view.camp_offer?.card).name} on an empty square or keep it`;
    else if (has('finish_construction')) what = 'build from your cards, then finish building';
    else if (ctx.viewer !== null && view.seats[ctx.viewer]?.construction_finished) what = 'you have finished building';
  } else if (view.phase === 'harvest') {
    if (has('choose_trading_posts')) what = 'choose what your trading posts produce';
  } else if (view.phase === 'copy') {
    phase = 'Final scoring';
    const copiers = [...new Set(moves.filter((m) => m.type === 'choose_copy_target').map((m) => ctx.comp(m.card).name))];
    what = copiers.length ? `choose what ${copiers.join(' and ')} ${copiers.length > 1 ? 'copy' : 'copies'}` : 'copy choices';
  } else if (view.phase === 'over') {
    return 'Game over: final scoring';
  }
  return `${mine ? 'Your turn: ' : ''}${phase}${what ? `: ${what}` : ''}`;
}

export {legend, render, status};
export default {render, status, legend};
