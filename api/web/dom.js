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
