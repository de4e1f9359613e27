// SVG elements built like dom.js's h(): s('rect', {x: 1, y: 2, class: 'cell'}, child...). Text from the
// server goes in as text nodes only. Board modules draw with this.

const NS = 'http://www.w3.org/2000/svg';

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  add(el, children);
  return el;
}

function add(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) add(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * Make an SVG element a keyboard- and screen-reader-usable button: focusable, named, Enter/Space
 * activate it. Every clickable board target goes through this (or is a real <button>).
 */
export function target(el, name, onActivate, {selected = false} = {}) {
  el.setAttribute('role', 'button');
  el.setAttribute('tabindex', '0');
  el.setAttribute('aria-label', name);
  if (selected) el.setAttribute('aria-pressed', 'true');
  el.classList.add('target');
  el.addEventListener('click', (event) => {
    event.stopPropagation();
    onActivate(event);
  });
  el.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate(event);
    }
  });
  return el;
}

/** A <title> child: the tooltip on hover and the accessible description. */
export function tip(text) {
  return s('title', {}, text);
}
