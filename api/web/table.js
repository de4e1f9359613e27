// One table: seats, whose turn, my view, my legal moves, scores, the log, undo — kept current by
// Live (stream or polling). Everything shown is what the API answers for this browser's seat
// token (or a spectator's), so this page can only ever show what its viewer may know.

import {field, fill, h} from './dom.js';
import {api, ApiError, command} from './http.js';
import {Live} from './live.js';
import {moveText, scoreTable, tree} from './render.js';
import * as seats from './seats.js';

const MOVE_FILTER_AT = 24;
const LOG_PAGE = 1000;

function describe(error) {
  return error instanceof ApiError ? error.describe() : String(error);
}

/** Run fn (which re-renders `box`) and give focus back to the control that had it, found by data-key. */
function keepingFocus(box, fn) {
  const active = document.activeElement;
  const inside = Boolean(active && box.contains(active));
  const key = inside ? active.dataset.key : null;
  fn();
  if (!inside || box.contains(document.activeElement)) return;
  // The focused control was replaced: focus its successor, else the first control here, else the box,
  // so a keyboard player is never thrown back to the top of the page.
  const next = (key && box.querySelector(`[data-key="${CSS.escape(key)}"]`)) || box.querySelector('button, input, select');
  if (next) next.focus();
  else {
    box.tabIndex = -1;
    box.focus();
  }
}

export async function showTable(main, ctx, tableId) {
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  const s = {
    summary: null, view: null, viewer: null, legal: null, scores: null,
    log: [], logViewer: undefined, undoneKey: '', seat: null, position: null, replay: null, failed: null, busy: false, openPaths: new Set(['$']),
  };

  // Persistent parts (inputs keep what the player typed across live updates).
  const title = h('h1', {id: 'table-title'}, 'Table');
  const facts = h('p', {class: 'muted', id: 'table-facts'});
  const turn = h('p', {id: 'turn', class: 'turn', role: 'status', 'aria-live': 'polite'});
  const notice = h('div', {id: 'notice', class: 'error', role: 'alert', 'aria-live': 'assertive'});
  const undoBox = h('div', {id: 'undo', class: 'undo'});
  const nameInput = h('input', {type: 'text', name: 'name', maxlength: '40', autocomplete: 'nickname', placeholder: 'Your name'});
  nameInput.value = localStorage.getItem('tabletop.name') || '';
  const seatList = h('ul', {id: 'seats', class: 'seats'});
  const seatActions = h('div', {class: 'row'});
  const asBox = h('div', {});
  const moveFilter = h('input', {type: 'search', name: 'filter', placeholder: 'filter moves', 'aria-label': 'Filter moves'});
  const moveList = h('div', {id: 'moves', class: 'moves', role: 'group', 'aria-label': 'Legal moves'});
  const rawMove = h('textarea', {name: 'move', rows: '3', spellcheck: false, placeholder: '{"type": "..."}'});
  const rawVersion = h('input', {type: 'number', name: 'expected_version', min: '1', inputmode: 'numeric', placeholder: 'current'});
  const rawStart = h('select', {name: 'start-from'});
  const rawForm = h('form', {class: 'raw'},
    field('Start from a legal move', rawStart),
    field('Move (JSON)', rawMove), field('Expected version', rawVersion),
    h('button', {type: 'submit'}, 'Send move'));
  const viewBox = h('div', {id: 'view', class: 'tree'});
  const viewTitle = h('h2', {id: 'view-title'}, 'What you see');
  const replayInput = h('input', {type: 'number', name: 'replay', min: '1', inputmode: 'numeric', class: 'narrow'});
  const replayForm = h('form', {class: 'inline'}, field('Show version', replayInput));
  const scoreBox = h('div', {id: 'scores'});
  const logList = h('ol', {id: 'log', class: 'log', reversed: true});
  const auditBox = h('div', {id: 'audit', 'aria-live': 'polite'});

  fill(main, h('section', {class: 'table-page', 'aria-labelledby': 'table-title'},
    h('div', {class: 'card head'}, title, facts, turn, notice, undoBox),
    h('div', {class: 'grid'},
      h('div', {class: 'col'},
        h('section', {class: 'card', 'aria-labelledby': 'seats-title'},
          h('h2', {id: 'seats-title'}, 'Seats'), field('Your name', nameInput), seatList, seatActions, asBox),
        h('section', {class: 'card', 'aria-labelledby': 'moves-title'},
          h('h2', {id: 'moves-title'}, 'Your moves'), moveFilter, moveList,
          h('details', {class: 'advanced'}, h('summary', {}, 'Raw move (advanced)'), rawForm))),
      h('div', {class: 'col'},
        h('section', {class: 'card', 'aria-labelledby': 'view-title'}, viewTitle,
          h('div', {class: 'row replay', role: 'group', 'aria-label': 'Replay'},
            h('button', {type: 'button', class: 'small', 'aria-label': 'One version back', onclick: () => replayStep(-1)}, '‹ Back'),
            replayForm,
            h('button', {type: 'button', class: 'small', 'aria-label': 'One version forward', onclick: () => replayStep(1)}, 'Forward ›'),
            h('button', {type: 'button', class: 'small', onclick: () => replayTo(null)}, 'Now')),
          h('div', {class: 'row'},
            h('button', {type: 'button', class: 'small', onclick: () => foldAll(true)}, 'Expand all'),
            h('button', {type: 'button', class: 'small', onclick: () => foldAll(false)}, 'Collapse all')),
          viewBox),
        h('section', {class: 'card', 'aria-labelledby': 'scores-title'}, h('h2', {id: 'scores-title'}, 'Scores'), scoreBox),
        h('section', {class: 'card', 'aria-labelledby': 'log-title'}, h('h2', {id: 'log-title'}, 'Table log'), logList),
        h('section', {class: 'card', 'aria-labelledby': 'audit-title'}, h('h2', {id: 'audit-title'}, 'Fairness audit'),
          h('p', {class: 'hint'}, 'Re-plays the table from its events: hash chain, seed commitment, dice and shuffles, moves, scores.'),
          h('button', {type: 'button', onclick: () => runAudit()}, 'Run the audit'), auditBox)))));

  // Replay: the view as this viewer saw it right after any version (the API filters it the same way).
  async function replayTo(version) {
    const head = s.summary?.version ?? 1;
    const wanted = version === null || version >= head ? null : Math.max(1, Math.trunc(version));
    if (wanted === null) {
      s.replay = null;
      renderView();
      return;
    }
    try {
      const answer = await api('GET', `${base}/view?version=${wanted}`, {token: token()});
      s.replay = {version: wanted, view: answer.view};
      say('');
    } catch (error) {
      say(`Could not show version ${wanted}: ${describe(error)}`);
    }
    renderView();
  }

  function replayStep(delta) {
    const at = s.replay ? s.replay.version : s.summary?.version ?? 1;
    replayTo(at + delta);
  }

  replayForm.addEventListener('submit', (event) => {
    event.preventDefault();
    replayTo(replayInput.value.trim() ? Number(replayInput.value) : null);
  });

  function renderView() {
    const replay = s.replay;
    const view = replay ? replay.view : s.view;
    viewTitle.textContent = replay ? `What you saw at version ${replay.version}` : 'What you see';
    viewBox.classList.toggle('past', Boolean(replay));
    if (document.activeElement !== replayInput) replayInput.value = String(replay ? replay.version : s.summary?.version ?? '');
    replayInput.max = String(s.summary?.version ?? 1);
    fill(viewBox, view === null || view === undefined
      ? h('p', {class: 'muted'}, replay ? 'The game had not started yet.' : 'The game has not started.')
      : tree(view, s.openPaths));
  }

  async function runAudit() {
    fill(auditBox, h('p', {class: 'muted'}, 'Auditing…'));
    try {
      const audit = await api('GET', `${base}/audit`);
      const mark = (ok) => (ok === true ? '✓ ok' : ok === false ? '✗ FAILED' : '– not yet');
      fill(auditBox,
        h('p', {class: audit.ok ? 'ok' : 'error'}, audit.ok
          ? `All checks pass over ${audit.events} events.`
          : `A check fails${audit.first_bad_version ? ` at version ${audit.first_bad_version}` : ''}.`),
        h('ul', {class: 'checks'}, audit.checks.map((c) => h('li', {class: c.ok === false ? 'bad' : null},
          h('strong', {}, c.name.replaceAll('_', ' ')), `: ${mark(c.ok)}`,
          c.version ? ` (version ${c.version})` : '', c.detail ? ` · ${c.detail}` : ''))),
        h('p', {class: 'muted small'}, `head hash ${audit.head_hash}`));
    } catch (error) {
      fill(auditBox, h('p', {class: 'error'}, `The audit could not run: ${describe(error)}`));
    }
  }

  function foldAll(open) {
    for (const node of viewBox.querySelectorAll('details.node')) node.open = open || node.dataset.path === '$';
  }

  nameInput.addEventListener('change', () => localStorage.setItem('tabletop.name', nameInput.value.trim()));
  moveFilter.addEventListener('input', () => renderMoves());

  const seatName = (seat) => {
    const info = s.summary?.seats?.[seat];
    const name = info?.name || `Seat ${seat}`;
    return `${name}${info?.bot ? ' (bot)' : ''}${seat === s.viewer ? ' (you)' : ''}`;
  };
  const token = () => (s.seat === null ? null : seats.tokenFor(tableId, s.seat));
  const say = (text, kind = 'error') => {
    notice.className = kind;
    notice.textContent = text;
  };

  function chooseSeat() {
    const held = seats.heldSeats(tableId);
    if (s.seat === null || !held.includes(s.seat)) s.seat = held.length ? held[0] : null;
  }

  // ---- reading -------------------------------------------------------------------------------

  let running = null;
  let again = false;
  /** Re-read everything this viewer may see; calls that overlap are folded into one more pass. */
  function refresh() {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await load();
          if (s.failed && !ctx.disposed) say(''); // back after a failed read: the old error no longer holds
          s.failed = null;
        } catch (error) {
          s.failed = error;
          if (!ctx.disposed) say(`Could not load the table: ${describe(error)}`);
        }
      } while (again && !ctx.disposed);
      running = null;
    })();
    return running;
  }

  async function load() {
    chooseSeat();
    let answer;
    try {
      answer = await api('GET', `${base}/view`, {token: token()});
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && s.seat !== null) {
        // This seat's token died (the seat was left, or a bot plays it now): forget it, watch instead.
        seats.forget(tableId, s.seat);
        say(`Your token for seat ${s.seat} is no longer valid (${error.message}); you are watching.`, 'info');
        s.seat = null;
        return load();
      }
      throw error;
    }
    if (ctx.disposed) return;
    const summary = answer.table;
    const viewer = answer.viewer ?? null;
    const [legal, scores, log] = await Promise.all([
      viewer !== null && summary.status === 'running'
        ? api('GET', `${base}/seats/${viewer}/legal-moves`, {token: token()}).catch(() => null) : null,
      // Scores come from a read model: after our own command, ask it to catch up with that command.
      answer.view !== null ? api('GET', `${base}/scores${s.position ? `?position=${s.position}` : ''}`).catch(() => null) : null,
      readLog(viewer, summary),
    ]);
    if (ctx.disposed) return;
    Object.assign(s, {summary, view: answer.view, viewer, legal, scores, log});
    live.seen(summary.version);
    render();
  }

  async function readLog(viewer, summary) {
    const undoneKey = JSON.stringify(summary.undone);
    let log = s.log;
    if (viewer !== s.logViewer || undoneKey !== s.undoneKey) log = []; // new eyes or new undo marks: read all
    let after = log.length ? log[log.length - 1].version : 0;
    const fresh = [];
    for (;;) {
      const page = await api('GET', `${base}/events?after=${after}&limit=${LOG_PAGE}`, {token: token()});
      fresh.push(...page);
      if (page.length < LOG_PAGE) break;
      after = page[page.length - 1].version;
    }
    s.logViewer = viewer;
    s.undoneKey = undoneKey;
    return fresh.length ? log.concat(fresh) : log;
  }

  // ---- acting --------------------------------------------------------------------------------

  async function act(what, fn) {
    if (s.busy) return;
    s.busy = true;
    main.classList.add('busy');
    say('');
    try {
      const receipt = await fn();
      if (receipt?.version) live.seen(receipt.version);
      if (receipt?.position) s.position = Math.max(s.position || 0, receipt.position);
    } catch (error) {
      const stale = error instanceof ApiError && error.code === 'stale_version';
      say(`${what} refused: ${describe(error)}${stale ? '. The table changed while you chose; the page now shows it as it is: choose again.' : ''}`);
    } finally {
      s.busy = false;
      main.classList.remove('busy');
      await refresh();
    }
  }

  function takeSeat(seat, bot) {
    const name = bot ? `Bot ${seat}` : nameInput.value.trim();
    if (!bot && !name) {
      say('Type your name before taking a seat.');
      nameInput.focus();
      return;
    }
    if (!bot) localStorage.setItem('tabletop.name', name);
    act(bot ? 'Adding a bot' : 'Taking the seat', async () => {
      const receipt = await command(`${base}/seats`, {name, seat, bot});
      if (receipt.token) {
        seats.remember(tableId, receipt.seat, receipt.token, name);
        s.seat = receipt.seat;
      }
      return receipt;
    });
  }

  function leave(seat) {
    act('Leaving', async () => {
      const receipt = await command(`${base}/seats/${seat}/leave`, {}, {token: seats.tokenFor(tableId, seat)});
      seats.forget(tableId, seat);
      if (s.seat === seat) s.seat = null;
      return receipt;
    });
  }

  function start() {
    act('Starting', () => command(`${base}/start`, {}, {token: token(), expectedVersion: s.summary.version}));
  }

  function play(move, expectedVersion) {
    act('Your move was', () => command(`${base}/seats/${s.viewer}/moves`, {move}, {token: token(), expectedVersion}));
  }

  function requestUndo(version) {
    act('The undo request was', () => command(`${base}/seats/${s.viewer}/undo`, {to_version: version},
      {token: token(), expectedVersion: s.summary.version}));
  }

  function vote(approve) {
    act(approve ? 'Approving' : 'Rejecting', () => command(`${base}/seats/${s.viewer}/undo/votes`, {approve},
      {token: token(), expectedVersion: s.summary.version}));
  }

  function fork(version) {
    act('Forking', async () => {
      const receipt = await command(`${base}/forks`, {version});
      location.hash = `#/tables/${receipt.table_id}`;
      return null;
    });
  }

  // A legal move (or a game's move template) copied into the box, to edit before sending.
  rawStart.addEventListener('change', () => {
    const move = (s.legal?.moves || [])[Number(rawStart.value)];
    if (move !== undefined) rawMove.value = JSON.stringify(move, null, 1);
  });

  function renderRawStart() {
    const moves = s.legal?.moves || [];
    const key = JSON.stringify(moves);
    if (rawStart.dataset.moves === key) return; // unchanged: keep the player's choice
    rawStart.dataset.moves = key;
    fill(rawStart, h('option', {value: ''}, moves.length ? `— ${moves.length} legal moves —` : '— none now —'),
      moves.map((move, i) => h('option', {value: String(i)}, moveText(move))));
  }

  rawForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (s.viewer === null) {
      say('Take a seat to play.');
      return;
    }
    let move;
    try {
      move = JSON.parse(rawMove.value);
    } catch (error) {
      say(`The move is not valid JSON: ${error.message}`);
      return;
    }
    if (!move || typeof move !== 'object' || Array.isArray(move)) {
      say('The move must be a JSON object, e.g. {"type": "..."}.');
      return;
    }
    const version = rawVersion.value.trim() ? Number(rawVersion.value) : s.summary.version;
    play(move, version);
  });

  // ---- rendering -----------------------------------------------------------------------------

  function render() {
    const t = s.summary;
    const myTurn = t.status === 'running' && s.viewer !== null && t.to_act.includes(s.viewer);
    document.title = `${myTurn ? '▶ Your turn · ' : ''}${t.title} · Tabletop`; // seen from another tab
    title.textContent = t.title;
    fill(facts,
      h('span', {class: `badge status-${t.status}`}, t.status), ` version ${t.version} · undo ${t.undo_policy}`,
      ` · rules ${t.rules_version}`, Object.keys(t.options || {}).length ? ` · options ${JSON.stringify(t.options)}` : '',
      t.forked_from ? [` · forked from version ${t.forked_from.version} of `,
        h('a', {href: `#/tables/${encodeURIComponent(t.forked_from.table)}`}, 'its source table')] : '',
      h('br'), h('span', {class: 'small'}, `seed commitment ${t.seed_commitment}`, t.seed ? ` · seed revealed: ${t.seed}` : ''));
    renderTurn();
    keepingFocus(undoBox, renderUndo);
    keepingFocus(seatList.parentElement, renderSeats);
    renderMoves();
    renderView();
    fill(scoreBox, s.scores ? scoreTable(s.scores, seatName, t.status === 'finished') : h('p', {class: 'muted'}, 'No scores yet.'));
    keepingFocus(logList, renderLog);
  }

  function renderTurn() {
    const t = s.summary;
    turn.classList.toggle('mine', t.status === 'running' && t.to_act.includes(s.viewer));
    if (t.status === 'open') {
      const free = t.seats.filter((x) => x.free).length;
      turn.textContent = free ? `Waiting for players: ${free} seat${free === 1 ? '' : 's'} free.` : 'Every seat is taken: ready to start.';
    } else if (t.status === 'finished') {
      const winners = t.result?.winners || s.scores?.winners || [];
      turn.textContent = `Game over. ${winners.length ? `Winner${winners.length > 1 ? 's' : ''}: ${winners.map(seatName).join(', ')}.` : ''}`;
    } else if (t.undo_request) {
      turn.textContent = 'Play is paused while an undo request is open.';
    } else if (t.to_act.includes(s.viewer)) {
      const others = t.to_act.filter((x) => x !== s.viewer);
      turn.textContent = `Your turn${others.length ? ` (with ${others.map(seatName).join(', ')})` : ''}.`;
    } else {
      turn.textContent = t.to_act.length ? `Waiting for ${t.to_act.map(seatName).join(', ')}.` : 'Waiting.';
    }
  }

  function renderUndo() {
    const request = s.summary.undo_request;
    if (!request) {
      fill(undoBox);
      return;
    }
    const me = s.viewer;
    const waiting = (request.needs || []).filter((x) => !(request.approvals || []).includes(x));
    const buttons = [];
    if (me !== null && me === request.by) {
      buttons.push(h('button', {type: 'button', dataset: {key: 'withdraw'}, onclick: () => vote(false)}, 'Withdraw my request'));
    } else if (me !== null && waiting.includes(me)) {
      buttons.push(h('button', {type: 'button', class: 'primary', dataset: {key: 'approve'}, onclick: () => vote(true)}, 'Approve undo'));
      buttons.push(h('button', {type: 'button', dataset: {key: 'reject'}, onclick: () => vote(false)}, 'Reject undo'));
    }
    fill(undoBox, h('div', {class: 'banner', role: 'status'},
      h('p', {}, `${seatName(request.by)} asks to undo back to version ${request.to_version}. `,
        waiting.length ? `Waiting for ${waiting.map(seatName).join(', ')}.` : ''),
      h('div', {class: 'row'}, buttons)));
  }

  function renderSeats() {
    const t = s.summary;
    const held = seats.heldSeats(tableId);
    fill(seatList, t.seats.map((seat) => {
      const mine = held.includes(seat.seat);
      const controls = [];
      if (seat.free && t.status === 'open') {
        controls.push(h('button', {type: 'button', class: 'primary', dataset: {key: `take-${seat.seat}`},
          onclick: () => takeSeat(seat.seat, false)}, `Take seat ${seat.seat}`));
        controls.push(h('button', {type: 'button', dataset: {key: `bot-${seat.seat}`},
          onclick: () => takeSeat(seat.seat, true)}, 'Add a bot'));
      }
      if (mine && !seat.free && !seat.bot && t.status !== 'finished') {
        controls.push(h('button', {type: 'button', dataset: {key: `leave-${seat.seat}`}, onclick: () => leave(seat.seat)},
          t.status === 'running' ? 'Leave (a bot plays on)' : 'Leave'));
      }
      const acting = t.to_act.includes(seat.seat) && t.status === 'running';
      return h('li', {class: `seat${mine ? ' mine' : ''}${acting ? ' acting' : ''}`},
        h('span', {class: 'seat-name'}, `${seat.seat}: `, seat.free ? h('em', {}, 'free') : seat.name,
          seat.bot ? ' (bot)' : '', mine ? ' (you)' : '', acting ? ' — to act' : ''),
        h('span', {class: 'row'}, controls));
    }));
    const everyoneSeated = t.seats.every((x) => !x.free);
    const allBots = t.seats.every((x) => x.bot);
    fill(seatActions, t.status === 'open' && everyoneSeated && (s.viewer !== null || allBots)
      ? h('button', {type: 'button', class: 'primary', dataset: {key: 'start'}, onclick: start}, 'Start the game') : null);
    if (held.length > 1) {
      const select = h('select', {name: 'play-as', dataset: {key: 'play-as'}},
        held.map((x) => h('option', {value: String(x), selected: x === s.seat}, seatName(x))));
      select.addEventListener('change', () => {
        s.seat = Number(select.value);
        s.openPaths = new Set(['$']);
        s.replay = null;
        refresh();
      });
      fill(asBox, field('Play as', select));
    } else {
      fill(asBox);
    }
  }

  function renderMoves() {
    const t = s.summary;
    if (!t) return;
    const moves = s.legal?.moves || [];
    moveFilter.hidden = moves.length < MOVE_FILTER_AT;
    rawForm.parentElement.hidden = s.viewer === null || t.status !== 'running';
    renderRawStart();
    let message = null;
    if (s.viewer === null) message = t.status === 'finished' ? 'The game is over.' : 'You are watching. Take a free seat to play.';
    else if (t.status === 'open') message = 'Moves appear once the game starts.';
    else if (t.status === 'finished') message = 'The game is over.';
    else if (!moves.length) message = t.undo_request ? 'Waiting for the undo vote.' : 'Nothing to play right now.';
    if (message) {
      keepingFocus(moveList, () => fill(moveList, h('p', {class: 'muted'}, message)));
      return;
    }
    const needle = moveFilter.hidden ? '' : moveFilter.value.trim().toLowerCase();
    const version = s.legal.version;
    const shown = moves
      .map((move) => [move, moveText(move)])
      .filter(([, text]) => !needle || text.toLowerCase().includes(needle));
    const button = ([move, text]) => h('button', {type: 'button', class: 'move', dataset: {key: `move-${text}`},
      title: JSON.stringify(move), onclick: () => play(move, version)}, text);
    // Many moves of several kinds: one labelled group per kind (the move's "type"), in the game's order.
    const kinds = new Map();
    for (const entry of shown) {
      const kind = entry[0] && typeof entry[0] === 'object' && 'type' in entry[0] ? String(entry[0].type) : 'moves';
      if (!kinds.has(kind)) kinds.set(kind, []);
      kinds.get(kind).push(entry);
    }
    keepingFocus(moveList, () => {
      if (!shown.length) fill(moveList, h('p', {class: 'muted'}, 'No move matches the filter.'));
      else if (moves.length < MOVE_FILTER_AT || kinds.size < 2) fill(moveList, shown.map(button));
      else {
        fill(moveList, [...kinds].map(([kind, entries]) => h('div', {class: 'move-group', role: 'group', 'aria-label': kind},
          h('h3', {}, `${kind} (${entries.length})`), h('div', {class: 'moves'}, entries.map(button)))));
      }
    });
  }

  function renderLog() {
    const t = s.summary;
    const started = s.log.find((e) => e.event === 'GameStarted')?.version ?? Infinity;
    const canUndo = s.viewer !== null && t.status === 'running' && t.undo_policy !== 'off' && !t.undo_request;
    const canFork = t.status === 'finished';
    fill(logList, [...s.log].reverse().map((entry) => h('li', {class: entry.undone ? 'undone' : null, value: String(entry.version)},
      h('span', {class: 'v'}, `v${entry.version}`), ' ',
      h('span', {class: 'text'}, entry.text),
      entry.undone ? h('span', {class: 'badge'}, 'undone') : null,
      canUndo && !entry.undone && entry.version >= started && entry.version < t.version
        ? h('button', {type: 'button', class: 'small', dataset: {key: `undo-${entry.version}`},
          'aria-label': `Undo back to version ${entry.version}`, onclick: () => requestUndo(entry.version)}, 'Undo to here')
        : null,
      canFork && !entry.undone && entry.version >= started && entry.event !== 'GameFinished'
        ? h('button', {type: 'button', class: 'small', dataset: {key: `fork-${entry.version}`},
          'aria-label': `Fork a new table from version ${entry.version}`, onclick: () => fork(entry.version)}, 'Fork from here')
        : null)));
  }

  // ---- live ------------------------------------------------------------------------------------

  const live = new Live(tableId, () => refresh(), (mode) => ctx.setMode(mode));
  ctx.onDispose(() => live.stop());
  chooseSeat();
  await refresh();
  // No such table: nothing will ever change here, so nothing to listen for.
  if (!ctx.disposed && s.failed?.status !== 404) live.start(s.summary?.version ?? 0);
}

