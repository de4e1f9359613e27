// Who is who at a table: every seat's name and colour, computed in one place so the seat list, the
// legend, the board, the log and the scores all show a seat the same way.

import {h} from './dom.js';

/**
 * The default seat colours: dark enough for white text and for lines on a light background, and
 * told apart by more than hue (blue, orange, green, purple, red, teal).
 */
export const PALETTE = ['#1f5fa8', '#b35900', '#1d7a3a', '#6b46c1', '#b3261e', '#0f6f6f'];

/** A catalog's `seat_colours` entry as a CSS colour (a string, or {colour|hex|css, name}). */
function colourOf(entry) {
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry === 'object') return entry.colour || entry.color || entry.hex || entry.css || null;
  return null;
}

/** A catalog's `seat_colours` entry's own name ("Red"), when it has one. */
function colourName(entry) {
  return entry && typeof entry === 'object' && typeof entry.name === 'string' ? entry.name : null;
}

/** Only colours CSS can take as a custom property value: hex, rgb()/hsl() and plain names. */
function safeColour(value) {
  return typeof value === 'string' && /^(#[0-9a-f]{3,8}|(rgb|hsl)a?\([0-9.,% ]+\)|[a-z]{3,20})$/i.test(value.trim())
    ? value.trim() : null;
}

/**
 * The seats of a table as the board module contract describes them: [{seat, name, colour, bot,
 * free, you, colourName}], plus name(seat) ("You" for the viewer) and colour(seat).
 */
export function identities(summary, viewer, catalog) {
  const given = Array.isArray(catalog?.seat_colours) ? catalog.seat_colours : [];
  const list = (summary?.seats || []).map((info) => {
    const seat = info.seat;
    const colour = safeColour(colourOf(given[seat])) || PALETTE[seat % PALETTE.length];
    return {
      seat, colour, colourName: colourName(given[seat]),
      name: info.name || `Seat ${seat + 1}`, bot: Boolean(info.bot), free: Boolean(info.free), you: seat === viewer,
    };
  });
  const bySeat = new Map(list.map((x) => [x.seat, x]));
  return {
    list,
    /** "You" for the viewer, else the seat's name ("Seat 2" while free: seats read from 1, the API's from 0). */
    name: (seat) => (seat === viewer && viewer !== null ? 'You' : bySeat.get(seat)?.name ?? `Seat ${seat + 1}`),
    /** The seat's name as others see it, with "(you)" / "(bot)" marks: for lists and tables. */
    label: (seat) => {
      const x = bySeat.get(seat);
      if (!x) return `Seat ${seat + 1}`;
      const botMark = x.bot && !/\bbot\b/i.test(x.name) ? ' (bot)' : ''; // "Bot 2" needs no "(bot)"
      return `${x.name}${botMark}${x.you ? ' (you)' : ''}`;
    },
    colour: (seat) => bySeat.get(seat)?.colour ?? PALETTE[((seat % PALETTE.length) + PALETTE.length) % PALETTE.length],
  };
}

/**
 * Publish the seat colours as CSS custom properties (--seat-0 ...) on `root`, so stylesheet rules
 * (`.seat-c0`) colour every mark of a seat the same way. Set through the CSSOM: the page's CSP
 * forbids inline style attributes, not this.
 */
export function publishColours(root, ids) {
  for (const x of ids.list) root.style.setProperty(`--seat-${x.seat}`, x.colour);
}

/** A seat's colour chip and name, the one way a seat is shown in text: ● Alice. */
export function who(ids, seat, {label = false} = {}) {
  return h('span', {class: `who seat-c${seat}`},
    h('span', {class: 'chip', 'aria-hidden': 'true'}), label ? ids.label(seat) : ids.name(seat));
}

/** The legend: every seat's chip, name and (when the game names it) colour. */
export function legend(ids) {
  return h('ul', {class: 'legend', 'aria-label': 'Players and their colours'},
    ids.list.filter((x) => !x.free).map((x) => h('li', {class: `seat-c${x.seat}`},
      h('span', {class: 'chip', 'aria-hidden': 'true'}), ids.label(x.seat),
      x.colourName ? h('span', {class: 'muted'}, ` · ${x.colourName}`) : null)));
}
