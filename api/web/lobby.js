// The lobby: the tables on this server, and a form to open one for any game the API lists,
// with that game's options and player counts.

import {field, fill, h} from './dom.js';
import {api, ApiError, command} from './http.js';
import {optionApplies, optionHint, optionLabel, valueWords} from './options.js';
import {botLabel, heldSeats} from './seats.js';

const UNDO_FALLBACK = ['consent', 'free', 'off'];
const REFRESH_MS = 5000;

/** Undo policies from the OpenAPI document (so the client follows the server), else the known three. */
async function undoPolicies() {
  try {
    const doc = await api('GET', '/api/openapi.json');
    for (const schema of Object.values(doc.components?.schemas || {})) {
      const choices = schema.properties?.undo_policy?.enum;
      if (Array.isArray(choices) && choices.length) return choices;
    }
  } catch {
    // the document is optional for the client
  }
  return UNDO_FALLBACK;
}

function seatsFree(table) {
  return table.seats.filter((s) => s.free).length;
}

function tableRow(table) {
  const free = seatsFree(table);
  const mine = heldSeats(table.id);
  const joinable = table.status === 'open' && free > 0 && !mine.length;
  return h('li', {class: 'table-row'},
    h('div', {class: 'table-line'}, h('a', {href: `#/tables/${table.id}`, class: 'table-link'},
      h('strong', {}, table.title || table.game),
      h('span', {class: `badge status-${table.status}`}, table.status),
      mine.length ? h('span', {class: 'badge mine'}, `your seat${mine.length > 1 ? 's' : ''} ${mine.map((x) => x + 1).join(', ')}`) : null,
      h('span', {class: 'muted'}, `${table.seats.length} seats · ${free} free · version ${table.version}`),
      table.rules_label ? h('span', {class: 'muted small rules'}, table.rules_label) : null),
    joinable ? h('a', {href: `#/tables/${table.id}`, class: 'join button-link', 'aria-label': `Join ${table.title || table.game}`}, 'Join') : null),
    h('span', {class: 'muted names'}, table.seats.map((s) => (s.free ? 'free' : `${s.name}${s.bot ? ` (${botLabel(s)})` : ''}`)).join(', ')));
}

function optionControl(name, option) {
  const choices = option.choices || [];
  if (choices.length) {
    const select = h('select', {name: `option-${name}`},
      choices.map((c, i) => h('option', {value: String(i), selected: JSON.stringify(c) === JSON.stringify(option.default)}, valueWords(c))));
    return {control: select, value: () => choices[Number(select.value)]};
  }
  const input = h('input', {type: 'text', name: `option-${name}`, value: JSON.stringify(option.default)});
  return {
    control: input,
    value: () => {
      try {
        return JSON.parse(input.value);
      } catch {
        return input.value;
      }
    },
  };
}

export async function showLobby(main, ctx) {
  ctx.setMode('');
  const list = h('ul', {class: 'tables', 'aria-live': 'polite'});
  const listError = h('p', {class: 'error', role: 'alert'});
  const formError = h('p', {class: 'error', role: 'alert'});
  const filter = h('select', {name: 'status'},
    h('option', {value: 'open,running'}, 'open or running'), h('option', {value: 'open'}, 'open'),
    h('option', {value: 'running'}, 'running'), h('option', {value: 'finished'}, 'finished'),
    h('option', {value: ''}, 'all'));
  const form = h('form', {class: 'card', 'aria-labelledby': 'open-title'});
  fill(main,
    h('section', {class: 'lobby'},
      h('div', {class: 'card'},
        h('h1', {}, 'Tables'),
        h('div', {class: 'row'}, field('Show', filter),
          h('button', {type: 'button', onclick: () => refresh()}, 'Refresh')),
        listError, list),
      form));

  async function refresh() {
    if (ctx.disposed) return;
    // The API lists newest first and caps a page at 200; one request per status keeps the tables a
    // player looks for (open to join, running to watch) from being crowded out by finished ones.
    const statuses = filter.value ? filter.value.split(',') : [''];
    try {
      const pages = await Promise.all(statuses.map((status) =>
        api('GET', `/api/tables?limit=200${status ? `&status=${encodeURIComponent(status)}` : ''}`)));
      const tables = pages.flat(); // newest first within each status
      listError.textContent = '';
      if (!tables.length) fill(list, h('li', {class: 'muted'}, 'No tables yet: open one.'));
      else fill(list, tables.map(tableRow));
    } catch (error) {
      listError.textContent = `Could not list the tables: ${error instanceof ApiError ? error.describe() : error}`;
    }
  }
  filter.addEventListener('change', refresh);
  refresh();
  const timer = setInterval(refresh, REFRESH_MS);
  ctx.onDispose(() => clearInterval(timer));

  let games = [];
  const policies = await undoPolicies();
  try {
    games = await api('GET', '/api/games');
  } catch (error) {
    formError.textContent = `Could not load the games: ${error.describe ? error.describe() : error}`;
  }
  const gameSelect = h('select', {name: 'game', required: true},
    games.map((g) => h('option', {value: g.name}, `${g.title} (${g.min_players}–${g.max_players} players)`)));
  const seatsInput = h('input', {type: 'number', name: 'seats', required: true, inputmode: 'numeric'});
  const undoSelect = h('select', {name: 'undo_policy'}, policies.map((p) => h('option', {value: p, selected: p === 'consent'}, p)));
  const optionsBox = h('div', {class: 'options'});
  let optionValues = {};

  function pickGame() {
    const game = games.find((g) => g.name === gameSelect.value);
    if (!game) return;
    seatsInput.min = String(game.min_players);
    seatsInput.max = String(game.max_players);
    const current = Number(seatsInput.value);
    if (!(current >= game.min_players && current <= game.max_players)) seatsInput.value = String(game.min_players);
    optionValues = {};
    const boxes = {};
    fill(optionsBox, Object.entries(game.options || {}).map(([name, option]) => {
      const {control, value} = optionControl(name, option);
      optionValues[name] = value;
      const hint = optionHint(option);
      boxes[name] = h('div', {}, field(optionLabel(name, option), control), hint ? h('p', {class: 'hint'}, hint) : null);
      return boxes[name];
    }));
    // An option the others make meaningless is not asked (the community side below level 3).
    showApplying = () => {
      const chosen = Object.fromEntries(Object.entries(optionValues).map(([k, v]) => [k, v()]));
      for (const [name, option] of Object.entries(game.options || {})) boxes[name].hidden = !optionApplies(option, chosen);
    };
    showApplying();
  }
  let showApplying = () => {};
  optionsBox.addEventListener('change', () => showApplying());
  gameSelect.addEventListener('change', pickGame);
  pickGame();

  fill(form,
    h('h2', {id: 'open-title'}, 'Open a table'),
    field('Game', gameSelect), field('Seats', seatsInput), optionsBox, field('Undo', undoSelect),
    h('button', {type: 'submit', class: 'primary', disabled: !games.length}, 'Open table'),
    formError);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    formError.textContent = '';
    const options = Object.fromEntries(Object.entries(optionValues).map(([k, v]) => [k, v()]));
    try {
      const receipt = await command('/api/tables', {
        game: gameSelect.value, seats: Number(seatsInput.value), options, undo_policy: undoSelect.value,
      });
      location.hash = `#/tables/${receipt.table_id}`;
    } catch (error) {
      formError.textContent = `The table was not opened: ${error.describe ? error.describe() : error}`;
    }
  });
}
