// Text on a seat-coloured token (a worker's number, a bid marker's initial) must be readable on every
// seat colour: WCAG AA asks 4.5:1. Of black and white, the one with the higher contrast against a
// colour always reaches 4.58:1 (the two contrasts multiply to 21), so the ink is chosen from the
// colour's relative luminance instead of fixed white digits (unreadable on yellow). Imports nothing,
// so tests/games/homesteaders/test_token_ink.py runs it under node over every seat colour.

/** CSS colour names a catalog or the shell may give a seat, as sRGB (others are asked of the browser). */
const NAMED = {
  black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255],
  yellow: [255, 255, 0], orange: [255, 165, 0], purple: [128, 0, 128], teal: [0, 128, 128], gray: [128, 128, 128],
  grey: [128, 128, 128], brown: [165, 42, 42], pink: [255, 192, 203], cyan: [0, 255, 255], magenta: [255, 0, 255],
  navy: [0, 0, 128], maroon: [128, 0, 0], olive: [128, 128, 0], lime: [0, 255, 0], silver: [192, 192, 192],
};

let canvas = null;

/** `[r, g, b]` (0-255) of a CSS colour: hex, rgb(), a common name, else whatever the browser makes of it. */
export function rgbOf(css) {
  const text = String(css || '').trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(text);
  if (m) return [...m[1]].map((d) => parseInt(d + d, 16));
  m = /^#([0-9a-f]{6})/.exec(text);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  m = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(text);
  if (m) return [m[1], m[2], m[3]].map(Number);
  if (NAMED[text]) return NAMED[text];
  if (typeof document !== 'undefined') { // any other CSS colour, normalised by a 2D canvas to #rrggbb
    canvas = canvas || document.createElement('canvas').getContext('2d');
    canvas.fillStyle = '#000';
    canvas.fillStyle = text;
    if (canvas.fillStyle !== '#000000' || text === 'black') return rgbOf(canvas.fillStyle);
  }
  return [128, 128, 128];
}

/** WCAG 2 relative luminance of a CSS colour. */
export function luminance(css) {
  const [r, g, b] = rgbOf(css).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two CSS colours (1 to 21). */
export function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The text colour for a token of colour `css`: black or white, whichever contrasts more. */
export function ink(css) {
  return contrast(css, '#000000') >= contrast(css, '#ffffff') ? '#000000' : '#ffffff';
}
