// Building DOM nodes without parsing markup: every text from the server (player names, log sentences,
// views) goes in through textContent, so nothing a player types can become markup.

/** h('button', {class: 'x', onclick: fn}, 'text', childNode, [more]) -> Element */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key in el && typeof value !== 'string') el[key] = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/**
 * Replace an element's children, keeping each one a redraw would rebuild the same (`isEqualNode`:
 * same tag, attributes and text). A redraw that lands while a player presses a control would
 * otherwise swap the control between the press and the release, and the browser then clicks
 * nothing. Only for controls whose handlers read nothing their markup does not show (a seat's
 * number, not a move), since a kept node keeps its old handler; what the player set in it (a
 * chosen option) stays too.
 */
export function refill(el, ...children) {
  const fresh = document.createDocumentFragment();
  append(fresh, children);
  const next = [...fresh.childNodes];
  const old = [...el.childNodes];
  next.forEach((node, i) => {
    if (i < old.length) {
      if (!old[i].isEqualNode(node)) old[i].replaceWith(node);
    } else {
      el.append(node);
    }
  });
  for (const extra of old.slice(next.length)) extra.remove();
  return el;
}

let uid = 0;
/** A fresh id for label/for pairs. */
export function nextId(prefix = 'f') {
  uid += 1;
  return `${prefix}-${uid}`;
}

/** A labelled form control: <div class="field"><label for=id>text</label>control</div>. */
export function field(text, control) {
  if (!control.id) control.id = nextId();
  return h('div', {class: 'field'}, h('label', {for: control.id}, text), control);
}
