// One table: the shell every game's board stands on. It owns what is the same for all games (seats
// with names and colours, the status line, the composer bar, refusals, the log, scores and their
// chart, undo and its vote, replay with the version in the address, the audit, the Details panel)
// and hosts the game's board module (api/web/games/), calling board.render(root, props) on every
// change (docs/web.md, "Board modules"). A game without a board plays through the generic move
// chooser (movelist.js), driven by the same composer. Everything shown is what the API answers for
// this browser's seat token (or a spectator's), so the page can only show what its viewer may know.

import {tableAddress} from './address.js';
import {scoreChart} from './chart.js';
import {Composer, keyOf} from './composer.js';
import {field, fill, h, refill} from './dom.js';
import {boardFor} from './games/index.js';
import {api, ApiError, command} from './http.js';
import {identities, legend, publishColours} from './identity.js';
import {Live} from './live.js';
import {moveChooser} from './movelist.js';
import {keptReceipt} from './receipts.js';
import {optionsLine} from './options.js';
import {logLines, moveWords, scoreLine, scoreRanking, scoreTable, termOf, tree} from './render.js';
import * as seats from './seats.js';
import {BOT_LEVELS, botLabel} from './seats.js';
import {genericStatus, listed} from './status.js';
import {verifyTable} from './verify.js';

const LOG_PAGE = 1000;
/** The undo policies in words (the API's `undo_policy`). */
const UNDO_WORDS = {consent: 'undo by consent', free: 'undo at will', off: 'no undo'};
const SLIDE_DELAY_MS = 150;
/** How often a page whose command went unanswered re-reads the table until it answers. */
const RESYNC_MS = 3000;

function describe(error) {
  return error instanceof ApiError ? error.describe() : String(error);
}

/** True while the page itself gives focus back after a redraw (`keepingFocus`). */
let focusByPage = false;

/**
 * Run fn (which re-renders `box`) and give focus back to the control that had it, found by data-key;
 * if it is gone, focus the box itself: never the next list's first control, which Enter would press unread.
 */
function keepingFocus(box, fn) {
  const active = document.activeElement;
  const inside = Boolean(active && box.contains(active) && active !== box);
  const key = inside ? active.dataset.key : null;
  fn();
  if (!inside || box.contains(document.activeElement)) return;
  const next = key && box.querySelector(`[data-key="${CSS.escape(key)}"]`);
  focusByPage = true; // a redraw's, not the person's: a command in flight still settles focus (`act`)
  try {
    if (next && !next.disabled) next.focus({preventScroll: true});
    else {
      box.tabIndex = -1;
      box.focus({preventScroll: true});
    }
  } finally {
    focusByPage = false;
  }
}

/**
 * Whether the person put focus somewhere of their own while a command was on its way: they moved it
 * (not a redraw), and it is now neither on nothing nor on the control that sent the command (or
 * that control redrawn, the same `data-key`). `flight` is what `act` recorded.
 */
function focusMovedByPerson(flight) {
  const active = document.activeElement;
  if (!flight.moved || !active || active === document.body || active === flight.sender) return false;
  const key = flight.sender?.dataset?.key;
  return !(key && active.dataset?.key === key);
}

/** The one message an address without a table gets. */
function unknownTable(main, tableId) {
  fill(main, h('section', {class: 'card unknown', 'aria-labelledby': 'table-title'},
    h('h1', {id: 'table-title'}, 'No such table'),
    h('p', {id: 'notice', role: 'alert'}, `There is no table at this address${tableId ? ` (${tableId})` : ''}. `,
      'It may have been mistyped, or it belongs to another server.'),
    h('p', {}, h('a', {href: '#/'}, 'Back to the lobby'), ' to open a new table or join one.')));
  main.focus();
}

export async function showTable(main, ctx, tableId, startAt = null, {valid = true} = {}) {
  if (!valid) {
    unknownTable(main, tableId);
    return;
  }
  const base = `/api/tables/${encodeURIComponent(tableId)}`;
  const s = {
    summary: null, view: null, viewer: null, legal: null, carried: null, scores: null, catalog: null, board: null, boardLoaded: false,
    history: null, historyVersion: null, historyMissing: false,
    log: [], logViewer: undefined, undoneKey: '', drawn: null, seat: null, position: null, replay: null, failed: null, busy: false,
    sending: null, outcome: null, // the last Confirm: what the bar says while it is on its way, and once it is taken
    composer: null, composerKey: null, optionInfo: {}, inviteNote: '', confirmLeave: null, holding: startAt !== null, openPaths: new Set(['$']), ids: identities(null, null, null),
  };

  fill(main, h('p', {class: 'loading', role: 'status'}, 'Loading the table…'));

  // ---- persistent parts (inputs keep what the player typed across live updates) ----------------
  const title = h('h1', {id: 'table-title'}, 'Table');
  const facts = h('p', {class: 'muted', id: 'table-facts'});
  const turn = h('p', {id: 'turn', class: 'turn', role: 'status', 'aria-live': 'polite', tabindex: '-1'});
  const legendBox = h('div', {id: 'legend'});
  const inviteBox = h('p', {class: 'invite row', id: 'invite'});
  const seedBox = h('p', {class: 'muted small seed', id: 'seed'});
  const notice = h('div', {id: 'notice', class: 'error', role: 'alert', 'aria-live': 'assertive'});
  const undoBox = h('div', {id: 'undo', class: 'undo'});
  const nameInput = h('input', {type: 'text', name: 'name', maxlength: '40', autocomplete: 'nickname', placeholder: 'Your name'});
  nameInput.value = localStorage.getItem('tabletop.name') || '';
  const nameField = field('Your name', nameInput); // shown while a seat is free to take
  const seatList = h('ul', {id: 'seats', class: 'seats'});
  const seatActions = h('div', {class: 'row'});
  const asBox = h('div', {});

  // Replay: a slider, first/back/forward/last, previous/next round, and "Back to now".
  const slider = h('input', {type: 'range', id: 'replay-slider', min: '1', max: '1', step: '1', value: '1', 'aria-label': 'Version shown'});
  const sliderOut = h('output', {id: 'replay-at', for: 'replay-slider', class: 'muted small'});
  const stepButton = (text, name, fn, key) => h('button', {type: 'button', class: 'small', 'aria-label': name, title: name, dataset: {key}, onclick: fn}, text);
  const firstBtn = stepButton('« First', 'First version', () => showVersion(1), 'first');
  const backBtn = stepButton('‹ Back', 'One version back', () => showVersion(shown() - 1), 'back');
  const fwdBtn = stepButton('Forward ›', 'One version forward', () => showVersion(shown() + 1), 'forward');
  const lastBtn = stepButton('Last »', 'Last version (now)', () => showVersion(null), 'last');
  const prevRoundBtn = stepButton('‹ Round', 'Previous round', () => jumpRound(-1), 'prev-round');
  const nextRoundBtn = stepButton('Round ›', 'Next round', () => jumpRound(1), 'next-round');
  const nowBtn = h('button', {type: 'button', class: 'primary small', id: 'back-to-now', dataset: {key: 'now'}, onclick: () => showVersion(null)}, 'Back to now');
  const replayNote = h('span', {class: 'replay-note', role: 'status', 'aria-live': 'polite'});
  // What if: branch the game at the version shown, as the viewer's seat knew it, against bots (docs/what-if.md).
  const whatIfBtn = h('button', {type: 'button', class: 'small', id: 'what-if', dataset: {key: 'what-if'}, hidden: true,
    title: 'Play on from the version shown, as you knew the game then, against bots (nothing hidden from you is copied)',
    onclick: () => whatIf(shown())}, 'What if…');
  const replayBar = h('div', {class: 'replay', id: 'replay', role: 'group', 'aria-label': 'Replay'},
    firstBtn, backBtn, h('label', {class: 'slider'}, h('span', {class: 'visually-hidden'}, 'Version'), slider), fwdBtn, lastBtn,
    prevRoundBtn, nextRoundBtn, sliderOut, whatIfBtn);
  const replayBanner = h('div', {class: 'replay-banner', id: 'replay-banner', hidden: true}, replayNote, nowBtn);

  // The board (or the generic chooser) and the composer bar.
  const boardRoot = h('div', {class: 'board', id: 'board', tabindex: '-1'});
  const movesBox = h('div', {id: 'moves', class: 'chooser-box', tabindex: '-1'});
  const movesTitle = h('h2', {id: 'moves-title'}, 'Your moves');
  const choice = h('span', {class: 'choice', id: 'choice', 'aria-live': 'polite'});
  // The second click of a double click (detail 2) sends nothing: the first may already have been
  // answered, and the next move (a lone "End turn") would be confirmed unread.
  const confirmBtn = h('button', {type: 'button', class: 'primary', id: 'confirm', disabled: true,
    onclick: (event) => (event.detail > 1 ? null : confirmMove())}, 'Confirm');
  const cancelBtn = h('button', {type: 'button', id: 'cancel', disabled: true, onclick: () => cancelChoice()}, 'Cancel');
  const stepBackBtn = h('button', {type: 'button', id: 'step-back', hidden: true, 'aria-label': 'Take back the last choice',
    onclick: () => s.composer?.back()}, 'Step back');
  const barRefusal = h('p', {class: 'refusal error', id: 'composer-refusal', role: 'alert'});
  // What became of the last Confirm: on its way, still on its way, sent again, taken (in words).
  const barStatus = h('p', {class: 'outcome', id: 'composer-status', role: 'status', 'aria-live': 'polite'});
  // The action bar: the choice so far and Confirm, sticky at the bottom of the viewport while the
  // viewer has a decision (it is the last child of the page, so it sticks over the whole page).
  const bar = h('div', {class: 'composer action-bar', id: 'composer', role: 'group', 'aria-label': 'Your move'},
    choice, h('span', {class: 'row'}, confirmBtn, stepBackBtn, cancelBtn), barStatus, barRefusal);
  // The board's key (its optional `legend(props)`): a details element beside the board, opened by a
  // click or a tap; its panel lies over the page rather than pushing the board down.
  const keyBody = h('div', {class: 'board-legend-body'});
  const keyBox = h('details', {class: 'board-legend', id: 'board-legend', hidden: true},
    h('summary', {}, 'Key'), keyBody);
  const boardHead = h('div', {class: 'board-head'}, movesTitle, keyBox);

  // Details: the view as data, the raw move box, the seed.
  const viewBox = h('div', {id: 'view', class: 'tree'});
  const viewTitle = h('h2', {id: 'view-title'}, 'What you see');
  const rawMove = h('textarea', {name: 'move', rows: '3', spellcheck: false, placeholder: '{"type": "..."}'});
  const rawVersion = h('input', {type: 'number', name: 'expected_version', min: '1', inputmode: 'numeric', placeholder: 'current'});
  const rawStart = h('select', {name: 'start-from'});
  const rawSend = h('button', {type: 'submit'}, 'Send move');
  const rawRefusal = h('p', {class: 'refusal error', id: 'raw-refusal', role: 'alert'});
  const rawForm = h('form', {class: 'raw'},
    field('Start from a legal move', rawStart), field('Move (JSON)', rawMove), field('Expected version', rawVersion),
    h('div', {class: 'row'}, rawSend), rawRefusal);
  const rawBox = h('details', {class: 'advanced'}, h('summary', {}, 'Raw move (advanced)'), rawForm);
  const details = h('details', {class: 'card details', id: 'details'},
    h('summary', {}, h('span', {class: 'summary-title'}, 'Details'), h('span', {class: 'muted small'}, ' the view as data, a raw move')),
    viewTitle,
    h('div', {class: 'row'},
      h('button', {type: 'button', class: 'small', onclick: () => foldAll(true)}, 'Expand all'),
      h('button', {type: 'button', class: 'small', onclick: () => foldAll(false)}, 'Collapse all')),
    viewBox, rawBox);
  const listDetails = h('details', {class: 'move-list', id: 'move-list'}, h('summary', {}, 'Moves as a list'));
  // At the end, the foot of the board (where the player's eyes are after the last move) says who won
  // and leads to the final scores, which the page does not scroll to on its own (renderEndNote).
  const endNote = h('div', {class: 'end-note', id: 'end-note', role: 'status', hidden: true});

  // The scores in the side column: one line per player (or the final ranking) in view; the chart and
  // the breakdown by source one tap below (details), so the column stays shorter than the board's.
  const chartBox = h('div', {id: 'chart', class: 'chart-box'});
  const scoreHead = h('div', {id: 'score-head', tabindex: '-1'});
  const scoreTableBox = h('div', {id: 'score-table'});
  const scoreMoreTitle = h('span', {}, 'Chart and breakdown');
  const scoreMore = h('details', {class: 'score-more fold', id: 'score-more'}, h('summary', {}, scoreMoreTitle), chartBox, scoreTableBox);
  const scoreBox = h('div', {id: 'scores'}, scoreHead, scoreMore);
  const logNote = h('p', {class: 'muted small', id: 'log-note'});
  const logList = h('ol', {id: 'log', class: 'log', reversed: true});
  const auditBox = h('div', {id: 'audit', 'aria-live': 'polite'});
  const verifyBox = h('div', {id: 'verify', 'aria-live': 'polite'});
  const playCard = h('section', {class: 'card play', 'aria-labelledby': 'moves-title'});

  const page = h('section', {class: 'table-page', 'aria-labelledby': 'table-title'},
    // The status line right under the title: on a phone the first screen is what the viewer must do.
    h('div', {class: 'card head'}, title, turn, notice, undoBox, legendBox, facts, inviteBox),
    h('div', {class: 'grid'},
      // The board column holds the play alone; everything else sits beside it, each part short or
      // folded, so a running table's page ends with its board (issue 32: 1,800 px at 1280x800).
      h('div', {class: 'col main-col'}, playCard),
      h('div', {class: 'col side-col'},
        h('section', {class: 'card', 'aria-labelledby': 'seats-title'},
          h('h2', {id: 'seats-title'}, 'Seats'), nameField, seatList, seatActions, asBox),
        h('section', {class: 'card', 'aria-labelledby': 'scores-title'}, h('h2', {id: 'scores-title'}, 'Scores'), scoreBox),
        h('section', {class: 'card', 'aria-labelledby': 'replay-title'},
          h('h2', {id: 'replay-title'}, 'Replay'), replayBar),
        h('section', {class: 'card', 'aria-labelledby': 'log-title'}, h('h2', {id: 'log-title'}, 'Table log'), logNote, logList),
        // The fairness card (the seed commitment, the audit, "Verify in this browser"): one line until
        // opened, on every width, so the side column ends before the board does.
        h('details', {class: 'card audit-card', id: 'audit-card'},
          h('summary', {}, h('h2', {id: 'audit-title'}, 'Fairness audit')), seedBox,
          h('p', {class: 'hint'}, 'Re-plays the table from its events: hash chain, seed commitment, dice and shuffles, moves, scores.'),
          h('button', {type: 'button', onclick: () => runAudit()}, 'Run the audit'), auditBox,
          h('p', {class: 'hint'}, 'Or check the game record here, without trusting the server: hash chain, seed, dice and shuffles.'),
          h('button', {type: 'button', id: 'verify-here', onclick: () => runVerify()}, 'Verify in this browser'), verifyBox),
        details)),
    bar);

  const token = () => (s.seat === null ? null : seats.tokenFor(tableId, s.seat));
  const say = (text, kind = 'error') => {
    notice.className = kind;
    notice.textContent = text;
  };
  const head = () => s.summary?.version ?? 1;
  const shown = () => (s.replay ? s.replay.version : head());
  const term = (id) => termOf(s.catalog, id);

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
          if (s.failed && !ctx.disposed) say('');
          s.failed = null;
        } catch (error) {
          s.failed = error;
          if (!ctx.disposed && s.summary) say(`Could not load the table: ${describe(error)}`);
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
        say(`Your token for seat ${s.seat + 1} is no longer valid (${error.message}); you are watching.`, 'info');
        s.seat = null;
        return load();
      }
      throw error;
    }
    if (ctx.disposed) return;
    const summary = answer.table;
    const viewer = answer.viewer ?? null;
    const first = !s.boardLoaded;
    // Our own move's answer listed this seat's legal moves at its version (`?legal_moves=true`): when
    // that is the version drawn now, they are what GET legal-moves would answer, so it is not asked.
    const carried = s.carried?.seat === viewer && s.carried?.version === summary.version ? s.carried : null;
    const [legal, scores, log, history] = await Promise.all([
      viewer !== null && summary.status === 'running'
        ? carried ?? api('GET', `${base}/seats/${viewer}/legal-moves`, {token: token()}).catch(() => null) : null,
      // Scores come from a read model: after our own command, ask it to catch up with that command.
      answer.view !== null ? api('GET', `${base}/scores${s.position ? `?position=${s.position}` : ''}`).catch(() => null) : null,
      readLog(viewer, summary),
      readHistory(summary),
      first ? loadGame(summary.game, summary.rules_version) : null,
    ]);
    if (ctx.disposed) return;
    live.seen(summary.version);
    // A re-read that brings nothing new draws nothing: the stream's opening (late on a slow machine)
    // and a doorbell for a version already shown would otherwise rebuild the board and the seats
    // under a pointer that is pressing or dragging one of them, and the browser drops the press.
    const drawn = JSON.stringify([summary, answer.view, viewer, legal, scores, log.length, log[log.length - 1] ?? null,
      history === undefined ? null : summary.version]);
    if (!first && drawn === s.drawn) return;
    s.drawn = drawn;
    Object.assign(s, {summary, view: answer.view, viewer, legal, scores, log});
    if (history !== undefined) Object.assign(s, {history, historyVersion: summary.version});
    render();
  }

  /** The catalog and the board module, once per page (both optional: the page works without). */
  async function loadGame(game, rulesVersion) {
    // The catalog of the rules this table is played under (a table keeps its rules: docs/operations.md).
    const rules = rulesVersion ? `?rules_version=${encodeURIComponent(rulesVersion)}` : '';
    const [catalog, board, games] = await Promise.all([
      api('GET', `/api/games/${encodeURIComponent(game)}/components${rules}`).catch(() => null),
      boardFor(game).catch((error) => {
        say(`The ${game} board could not load (${error}); moves are listed instead.`, 'info');
        return null;
      }),
      api('GET', '/api/games').catch(() => []), // the options' descriptions, for the header
    ]);
    const info = (Array.isArray(games) ? games : []).find((g) => g.name === game);
    Object.assign(s, {catalog, board, optionInfo: info?.options || {}, newestRules: info?.rules_version ?? null, boardLoaded: true});
    page.classList.toggle('has-board', Boolean(board)); // a board gets the wider column
    details.open = !board; // without a board, the view as data is the fallback: open it
  }

  async function readLog(viewer, summary) {
    const undoneKey = JSON.stringify(summary.undone);
    let log = s.log;
    if (viewer !== s.logViewer || undoneKey !== s.undoneKey || summary.status !== s.summary?.status) log = [];
    let after = log.length ? log[log.length - 1].version : 0;
    const fresh = [];
    for (;;) {
      const pageOf = await api('GET', `${base}/events?after=${after}&limit=${LOG_PAGE}`, {token: token()});
      fresh.push(...pageOf);
      if (pageOf.length < LOG_PAGE) break;
      after = pageOf[pageOf.length - 1].version;
    }
    s.logViewer = viewer;
    s.undoneKey = undoneKey;
    return fresh.length ? log.concat(fresh) : log;
  }

  /** The score history for the chart (undefined: unchanged; null: none). A 404 means an older server: stop asking. */
  async function readHistory(summary) {
    if (s.historyMissing || summary.status === 'open') return s.historyMissing ? undefined : null;
    if (s.historyVersion === summary.version) return undefined;
    try {
      const answer = await api('GET', `${base}/scores/history${s.position ? `?position=${s.position}` : ''}`);
      return Array.isArray(answer?.points) ? answer.points : null;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 405)) s.historyMissing = true;
      return null;
    }
  }

  // ---- replay ----------------------------------------------------------------------------------

  let replaySeq = 0;
  /** Show the table right after `version` (null or the head: now), and keep it in the address. */
  async function showVersion(version) {
    const now = head();
    if (version === null || version >= now) {
      replaySeq += 1;
      const was = Boolean(s.replay);
      s.replay = null;
      setAddress(null);
      render();
      if (was) replayNote.textContent = '';
      return;
    }
    const wanted = Math.max(1, Math.trunc(version));
    const seq = ++replaySeq;
    s.replay = {...(s.replay || {}), version: wanted, loading: true};
    setAddress(wanted);
    renderReplay();
    try {
      const [answer, scores] = await Promise.all([
        api('GET', `${base}/view?version=${wanted}`, {token: token()}),
        api('GET', `${base}/scores?version=${wanted}`).catch(() => null),
      ]);
      if (seq !== replaySeq || ctx.disposed) return; // a later choice took over
      s.replay = {version: wanted, view: answer.view, table: answer.table, scores, loading: false};
    } catch (error) {
      if (seq !== replaySeq || ctx.disposed) return;
      s.replay = {...s.replay, loading: false};
      say(`Could not show version ${wanted}: ${describe(error)}`);
    }
    render();
  }

  function setAddress(at) {
    const wanted = tableAddress(tableId, at);
    if (location.hash !== wanted) history.replaceState(null, '', wanted);
  }

  ctx.onAddress = (at) => showVersion(at);

  let slideTimer = null;
  slider.addEventListener('input', () => {
    sliderOut.textContent = `version ${slider.value} of ${head()}`;
    clearTimeout(slideTimer);
    slideTimer = setTimeout(() => showVersion(Number(slider.value)), SLIDE_DELAY_MS);
  });
  ctx.onDispose(() => clearTimeout(slideTimer));

  /** First versions of each round, from log actions that carry a `round` field. */
  function roundStarts() {
    const starts = [];
    let current;
    for (const entry of s.log) {
      const round = entry.undone ? undefined : entry.action?.round;
      if (round === undefined || round === null || round === current) continue;
      current = round;
      starts.push({round, version: entry.version});
    }
    return starts;
  }

  /** The numeric `round` of a view, or null (the game has none, or it has not started). */
  const roundOf = (view) => (view && typeof view.round === 'number' ? view.round : null);

  /** The round at a version, from the view this viewer may see then (cached: a version never changes). */
  const rounds = new Map();
  async function roundAt(version) {
    if (version === head() && !s.replay) return roundOf(s.view);
    if (!rounds.has(version)) {
      const answer = await api('GET', `${base}/view?version=${version}`, {token: token()});
      rounds.set(version, roundOf(answer.view));
    }
    return rounds.get(version);
  }

  /** The first version whose round is at least `round` (a binary search over views), or null. */
  async function firstVersionOfRound(round) {
    let lo = 1;
    let hi = head();
    if (((await roundAt(hi)) ?? -Infinity) < round) return null;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (((await roundAt(mid)) ?? -Infinity) >= round) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** Previous/next round: from the log's actions when they carry `round`, else from the views' `round`. */
  async function jumpRound(direction) {
    const at = shown();
    const starts = roundStarts().map((x) => x.version);
    if (starts.length) {
      const target = direction < 0 ? starts.filter((v) => v < at).pop() : starts.find((v) => v > at);
      if (target !== undefined) showVersion(target);
      return;
    }
    try {
      replayNote.textContent = 'Finding the round…';
      const round = await roundAt(at);
      let target = null;
      if (round === null) target = direction > 0 ? await firstVersionOfRound(Number.MIN_SAFE_INTEGER) : null; // before the game: its first round
      else if (direction > 0) target = await firstVersionOfRound(round + 1);
      else {
        target = await firstVersionOfRound(round);
        if (target !== null && target >= at) target = await firstVersionOfRound(round - 1);
        if (target !== null && target >= at) target = null;
      }
      if (target !== null) showVersion(target);
      else renderReplay();
    } catch (error) {
      say(`Could not find the round: ${describe(error)}`);
    }
  }

  // ---- acting --------------------------------------------------------------------------------

  /**
   * Send a command. A refusal is shown in `slot` (next to the control that sent it; announced, it
   * has role=alert) and focus stays where it was; `onDone(flight)` runs after a success, `flight`
   * telling where focus was when the command went out and whether the person moved it since
   * (`focusMovedByPerson`).
   */
  async function act(what, fn, {slot = notice, onDone = null, sending = null} = {}) {
    if (s.busy) return;
    s.busy = true;
    let saidProgress = false;
    // Never silence: what is on its way is said (a move in the action bar, from its first moment;
    // anything else at the top once it is slow), and so is each time it is sent again.
    const progress = ({state, attempt, attempts}) => {
      const text = state === 'sending' ? sending?.sending ?? ''
        : state === 'slow' ? sending?.slow ?? 'Still waiting for the table to answer…'
          : `No answer yet: sending again (try ${attempt} of ${attempts}); it is taken once however often it is sent.`;
      if (sending) s.sending = text;
      else if (text) {
        say(text, 'info');
        saidProgress = true;
      }
      renderBarState();
    };
    const flight = {sender: document.activeElement, moved: false};
    const onFocus = () => { if (!focusByPage) flight.moved = true; };
    document.addEventListener('focusin', onFocus);
    // The page stays where the player is: the re-render after a command must not scroll it, but the
    // player's own scrolling meanwhile is theirs to keep. Theirs is any input that scrolls, or a
    // scroll event that finds the page elsewhere than where it was (a scrollbar drag sends nothing
    // else); a redraw puts the page back within its own task (`render`), so the scroll events it
    // causes find the page where it was and count for nothing.
    const scrolled = {x: window.scrollX, y: window.scrollY, moved: false};
    const onInput = () => { scrolled.moved = true; };
    const onScroll = () => {
      if (window.scrollX !== scrolled.x || window.scrollY !== scrolled.y) scrolled.moved = true;
    };
    const userScroll = ['wheel', 'touchmove', 'keydown'];
    for (const type of userScroll) window.addEventListener(type, onInput, {passive: true});
    window.addEventListener('scroll', onScroll, {passive: true});
    main.classList.add('busy');
    for (const box of [notice, barRefusal, rawRefusal]) box.textContent = '';
    notice.className = 'error';
    s.outcome = null;
    renderBarState(); // Confirm says at once that the press was heard
    let ok = false;
    let lost = false;
    try {
      const receipt = await fn(progress);
      if (receipt?.version) live.seen(receipt.version);
      if (receipt?.position) s.position = Math.max(s.position || 0, receipt.position);
      if (receipt?.legal_moves) s.carried = receipt.legal_moves; // the next moves, if the drawn version is its
      if (sending?.taken) s.outcome = {text: sending.taken, version: receipt?.version ?? null};
      ok = true;
    } catch (error) {
      const stale = error instanceof ApiError && error.code === 'stale_version';
      lost = error instanceof ApiError && error.code === 'unreachable';
      slot.textContent = lost
        ? `Could not reach the table: ${error.message}. It may or may not have been taken: the page shows the table as the server has it as soon as it answers.`
        : `${what} refused: ${describe(error)}${stale ? '. The table changed while you chose; the page now shows it as it is: choose again.' : ''}`;
    } finally {
      s.busy = false;
      s.sending = null;
      if (ok && saidProgress) say('');
      main.classList.remove('busy');
      document.removeEventListener('focusin', onFocus);
      if (ok && onDone) onDone(flight);
      s.drawn = null; // the player's own command redraws the page, news or not
      await refresh();
      for (const type of userScroll) window.removeEventListener(type, onInput);
      window.removeEventListener('scroll', onScroll);
      if (!scrolled.moved && (window.scrollX !== scrolled.x || window.scrollY !== scrolled.y)) window.scrollTo(scrolled.x, scrolled.y);
      // The control that sent it may be gone now (no moves left): then the refusal shows at the top.
      if (!ok && slot !== notice && !slot.getClientRects().length) say(slot.textContent);
      if (lost) resyncUntilAnswered();
    }
  }

  /** After a command the table never answered: re-read it every few seconds until it does. */
  let resyncTimer = null;
  function resyncUntilAnswered() {
    clearTimeout(resyncTimer);
    if (ctx.disposed || !s.failed) return;
    resyncTimer = setTimeout(() => refresh().then(resyncUntilAnswered), RESYNC_MS);
  }
  ctx.onDispose(() => clearTimeout(resyncTimer));

  function takeSeat(seat, bot, level) {
    const name = bot ? `Bot ${seat + 1}` : nameInput.value.trim(); // seats read from 1
    if (!bot && !name) {
      say('Type your name before taking a seat.');
      nameInput.focus();
      return;
    }
    if (!bot) localStorage.setItem('tabletop.name', name);
    act(bot ? 'Adding a bot' : 'Taking the seat', async (onProgress) => {
      const receipt = await command(`${base}/seats`, bot ? {name, seat, bot, level: level || 'basic'} : {name, seat, bot}, {onProgress});
      if (receipt.token) {
        seats.remember(tableId, receipt.seat, receipt.token, name);
        s.seat = receipt.seat;
      }
      return receipt;
    });
  }

  function leave(seat) {
    s.confirmLeave = null;
    act('Leaving', async (onProgress) => {
      const receipt = await command(`${base}/seats/${seat}/leave`, {}, {token: seats.tokenFor(tableId, seat), onProgress});
      seats.forget(tableId, seat);
      if (s.seat === seat) s.seat = null;
      return receipt;
    }, {onDone: toStatusLine});
  }

  function askLeave(seat) {
    s.confirmLeave = seat;
    renderSeats();
    seatList.querySelector('[data-key="leave-stay"]')?.focus();
  }

  function start() {
    act('Starting', (onProgress) => command(`${base}/start`, {}, {token: token(), expectedVersion: s.summary.version, onProgress}));
  }

  /** A basic bot in every free seat (named by its seat, as "Add a bot" names it), then the start. */
  function startWithBots() {
    const free = s.summary.seats.filter((x) => x.free).map((x) => x.seat);
    act('Starting with bots', async (onProgress) => {
      let version = s.summary.version;
      for (const seat of free) {
        const receipt = await command(`${base}/seats`, {name: `Bot ${seat + 1}`, seat, bot: true, level: 'basic'}, {onProgress});
        version = receipt.version ?? version;
      }
      return command(`${base}/start`, {}, {token: token(), expectedVersion: version, onProgress});
    });
  }

  /**
   * After a command's answer, focus rests on the status line, which says what happens now (never on
   * the next list's first move, which Enter would press unread), unless the person moved it while
   * the command was on its way (to the replay slider, a board control...): theirs is kept.
   */
  function toStatusLine(flight) {
    if (!focusMovedByPerson(flight)) turn.focus({preventScroll: true});
  }

  /** Send one move; after it, focus rests on the status line (`toStatusLine`). */
  function play(move, expectedVersion, slot = barRefusal, words = null) {
    const named = words || moveWords(s.catalog, move);
    act('Your move was', (onProgress) => command(`${base}/seats/${s.viewer}/moves?legal_moves=true`, {move},
      {token: token(), expectedVersion, onProgress}),
    {slot, sending: {sending: `Sending your move: ${named}…`, slow: `Still sending your move: ${named}. The table has not answered yet…`,
      taken: `Taken: ${named}.`},
    onDone: (flight) => {
        s.composerKey = null; // played: the next legal list starts a fresh choice, even if it is the same list
        toStatusLine(flight);
      }});
  }

  function confirmMove() {
    const move = s.composer?.complete;
    if (move && !s.busy) play(move, s.composer.version, barRefusal, movesSaid(move));
  }

  function cancelChoice() {
    s.composer?.clear();
    (s.board ? boardRoot : movesBox.querySelector('#chooser-title') || movesBox).focus({preventScroll: true});
  }

  /** Enter confirms a whole move, unless focus is on a control of its own (a button, a field, a link). */
  const INTERACTIVE = 'button, a[href], input, select, textarea, summary, [role=button], [role=slider], [contenteditable]';
  const onKey = (event) => {
    if (event.key === 'Enter' && !event.defaultPrevented && !event.isComposing
      && !(event.target instanceof Element && event.target.closest(INTERACTIVE))
      && s.composer?.complete && !bar.hidden && !confirmBtn.disabled) {
      event.preventDefault();
      confirmMove();
      return;
    }
    if (event.key !== 'Escape') return;
    if (s.confirmLeave !== null) { // Escape answers "Leave this table?" with Stay
      event.preventDefault();
      const seat = s.confirmLeave;
      s.confirmLeave = null;
      renderSeats();
      seatList.querySelector(`[data-key="leave-${seat}"]`)?.focus();
      return;
    }
    if (!s.composer?.active) return;
    event.preventDefault();
    cancelChoice();
  };
  document.addEventListener('keydown', onKey);
  ctx.onDispose(() => document.removeEventListener('keydown', onKey));

  function requestUndo(version) {
    act('The undo request was', (onProgress) => command(`${base}/seats/${s.viewer}/undo`, {to_version: version},
      {token: token(), expectedVersion: s.summary.version, onProgress}));
  }

  function vote(approve) {
    act(approve ? 'Approving' : 'Rejecting', (onProgress) => command(`${base}/seats/${s.viewer}/undo/votes`, {approve},
      {token: token(), expectedVersion: s.summary.version, onProgress}), {onDone: toStatusLine});
  }

  function fork(version) {
    act('Forking', async (onProgress) => {
      const receipt = await command(`${base}/forks`, {version}, {onProgress});
      location.hash = tableAddress(receipt.table_id);
      return null;
    });
  }

  function whatIf(version) {
    const seat = s.viewer;
    act('What if', async (onProgress) => {
      const receipt = await command(`${base}/forks`, {version, as_seat: seat}, {token: seats.tokenFor(tableId, seat), onProgress});
      const me = s.summary.seats.find((x) => x.seat === seat);
      seats.remember(receipt.table_id, receipt.seat, receipt.token, me?.name || '');
      location.hash = tableAddress(receipt.table_id);
      return null;
    });
  }

  async function runAudit() {
    fill(auditBox, h('p', {class: 'muted'}, 'Auditing…'));
    try {
      // With a receipt kept from this table, the audit also checks the history still reaches it.
      const kept = keptReceipt(tableId);
      let audit = null;
      let against = null;
      if (kept) {
        try {
          audit = await api('POST', `${base}/audit`, {body: {receipts: [kept]}});
          against = `Checked against the signed receipt this browser kept for version ${kept.version}.`;
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 422) throw error;
          against = `The receipt this browser kept was refused: ${describe(error)}`;
        }
      }
      if (!audit) audit = await api('GET', `${base}/audit`);
      const mark = (ok) => (ok === true ? '✓ ok' : ok === false ? '✗ FAILED' : '– not yet');
      fill(auditBox,
        h('p', {class: audit.ok ? 'ok' : 'error'}, audit.ok
          ? `All checks pass over ${audit.events} events.`
          : `A check fails${audit.first_bad_version ? ` at version ${audit.first_bad_version}` : ''}.`),
        h('ul', {class: 'checks'}, audit.checks.map((c) => h('li', {class: c.ok === false ? 'bad' : null},
          h('strong', {}, c.name.replaceAll('_', ' ')), `: ${mark(c.ok)}`,
          c.version ? ` (version ${c.version})` : '', c.detail ? ` · ${c.detail}` : ''))),
        against ? h('p', {class: 'muted small', id: 'audit-receipt'}, against) : null,
        h('p', {class: 'muted small'}, `head hash ${audit.head_hash}`));
    } catch (error) {
      fill(auditBox, h('p', {class: 'error'}, `The audit could not run: ${describe(error)}`));
    }
  }

  async function runVerify() {
    fill(verifyBox, h('p', {class: 'muted'}, 'Checking the record in this browser…'));
    try {
      const result = await verifyTable(base, token());
      const mark = (ok) => (ok === true ? '✓ ok' : ok === false ? '✗ FAILED' : '– not checked');
      const bad = result.firstBad;
      const verdict = !result.ok
        ? `Not verified: the first bad version is ${bad?.version ?? '(none named)'} (${bad?.detail}).`
        : result.complete ? 'Verified in this browser.'
          : 'The chain checks out so far; the seed and the chance outcomes are checked once the game is over.';
      fill(verifyBox,
        h('p', {class: result.ok ? 'ok' : 'error', id: 'verify-verdict'}, verdict),
        h('ul', {class: 'checks'}, result.checks.map((c) => h('li', {class: c.ok === false ? 'bad' : null},
          h('strong', {}, c.name), `: ${mark(c.ok)}`, c.detail ? ` · ${c.detail}` : ''))));
    } catch (error) {
      fill(verifyBox, h('p', {class: 'error'}, `The record could not be checked: ${describe(error)}`));
    }
  }

  /** The table's address, for a friend to open and take a seat: copied, or shown to copy by hand. */
  async function copyInvite() {
    const address = new URL(tableAddress(tableId), location.href).href;
    try {
      await navigator.clipboard.writeText(address);
      s.inviteNote = 'Copied: send it to the people you play with.';
    } catch {
      s.inviteNote = `Copy this address: ${address}`;
    }
    const note = inviteBox.querySelector('#invite-note');
    if (note) note.textContent = s.inviteNote;
  }

  function foldAll(open) {
    for (const node of viewBox.querySelectorAll('details.node')) node.open = open || node.dataset.path === '$';
  }

  nameInput.addEventListener('change', () => localStorage.setItem('tabletop.name', nameInput.value.trim()));

  // The raw move box: any JSON move (for move templates, or to see a refusal), refused next to its button.
  rawStart.addEventListener('change', () => {
    const move = (s.legal?.moves || [])[Number(rawStart.value)];
    if (move !== undefined) rawMove.value = JSON.stringify(move, null, 1);
  });

  rawForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (s.viewer === null) {
      rawRefusal.textContent = 'Take a seat to play.';
      return;
    }
    let move;
    try {
      move = JSON.parse(rawMove.value);
    } catch (error) {
      rawRefusal.textContent = `The move is not valid JSON: ${error.message}`;
      return;
    }
    if (!move || typeof move !== 'object' || Array.isArray(move)) {
      rawRefusal.textContent = 'The move must be a JSON object, e.g. {"type": "..."}.';
      return;
    }
    const version = rawVersion.value.trim() ? Number(rawVersion.value) : s.summary.version;
    play(move, version, rawRefusal);
  });

  // ---- the composer ------------------------------------------------------------------------------

  /** A composer over the viewer's legal moves now (empty when replaying or watching); a partial choice survives a live update that leaves the legal moves unchanged. */
  function syncComposer() {
    const canPlay = !s.replay && s.viewer !== null && s.summary.status === 'running' && s.legal;
    const moves = canPlay ? s.legal.moves : [];
    const key = `${canPlay ? 'p' : 'w'}${keyOf(moves)}`;
    if (s.composer && s.composerKey === key) {
      s.composer.version = canPlay ? s.legal.version : null;
      return;
    }
    s.composer = new Composer(moves, canPlay ? s.legal.version : null, () => composerChanged());
    s.composer.outline = Boolean(canPlay && s.legal.outline); // first steps of a long list, not whole moves
    s.composerKey = key;
  }

  function composerChanged() {
    const active = document.activeElement;
    const fromList = movesBox.contains(active);
    const fromBoard = boardRoot.contains(active) || !active || active === document.body; // before the board redraws
    barRefusal.textContent = '';
    s.outcome = null; // a new choice: the last move's "Taken" has been read
    renderPlay();
    // A whole move: focus on Confirm (Enter sends it), never the next target, which Enter would press.
    if (s.composer.complete && (fromList || fromBoard || bar.contains(active))) confirmBtn.focus({preventScroll: true});
    else if (fromList) (movesBox.querySelector('#chooser-title') || movesBox).focus({preventScroll: true});
  }

  // ---- rendering -----------------------------------------------------------------------------

  function props() {
    const replaying = Boolean(s.replay);
    const table = replaying && s.replay.table ? s.replay.table : s.summary;
    return Object.freeze({
      game: s.summary.game,
      table: tableId, // keys a board's UI state (what the viewer folded) to this table
      catalog: s.catalog || {components: {}, terms: {}, board: {}, tracks: []},
      view: replaying ? s.replay.view ?? null : s.view,
      viewer: s.viewer,
      seats: s.ids.list,
      name: s.ids.name,
      colour: s.ids.colour,
      status: table.status,
      toAct: table.to_act || [],
      version: replaying ? s.replay.version : s.summary.version,
      replaying,
      composer: s.composer,
      // One click rule (docs/web.md): a board's click chooses; propose stages the move in the action
      // bar and Confirm (or Enter) sends it. The move may lie outside the composer's list (?match=).
      propose: (move, label = null) => {
        if (!s.composer?.version) {
          notice.className = 'error';
          notice.textContent = 'Nothing to play here: go back to now, or take a seat.';
        } else s.composer.stage(move, label);
      },
      scores: replaying ? s.replay.scores ?? null : s.scores,
      recent: recent(),
    });
  }

  /** Log entries of the other seats since the viewer's last move (what changed while they waited). */
  function recent() {
    if (s.viewer === null) return [];
    const upto = shown();
    const entries = s.log.filter((e) => !e.undone && e.version <= upto);
    let i = entries.length;
    while (i > 0 && entries[i - 1].seat !== s.viewer) i -= 1;
    return entries.slice(i).filter((e) => e.seat !== null && e.seat !== s.viewer);
  }

  /** Redraw everything for the table as it is now, keeping the scroll position (a board's redraw or a
   * focus moved back must never scroll the page under the player). */
  function render() {
    const x = window.scrollX;
    const y = window.scrollY;
    renderAll();
    if (page.isConnected && (window.scrollX !== x || window.scrollY !== y)) window.scrollTo(x, y);
  }

  function renderAll() {
    const t = s.summary;
    s.ids = identities(t, s.viewer, s.catalog);
    publishColours(page, s.ids);
    page.classList.toggle('open-table', t.status === 'open'); // on a phone, the seats to take come first
    if (!page.isConnected && !s.holding) fill(main, page);
    syncComposer();
    const myTurn = t.status === 'running' && s.viewer !== null && t.to_act.includes(s.viewer);
    document.title = `${myTurn ? '▶ Your turn · ' : ''}${t.title} · Tabletop`; // seen from another tab
    title.textContent = t.title;
    // The header in words (the options by their descriptions); the seed lives in the fairness card.
    const options = optionsLine(t.options, s.optionInfo);
    fill(facts,
      h('span', {class: `badge status-${t.status}`}, t.status), ` version ${t.version} · ${UNDO_WORDS[t.undo_policy] || `undo ${t.undo_policy}`}`,
      options ? ` · ${options}` : '',
      // A table keeps the rules it was opened under; say so when newer ones exist.
      s.newestRules && t.rules_version && t.rules_version !== s.newestRules ? ` · played under ${t.rules_label || `rules ${t.rules_version}`}` : '',
      t.forked_from?.what_if
        ? [` · what if: ${t.forked_from.by || 'a player'}'s branch from version ${t.forked_from.version} of `,
          h('a', {href: tableAddress(t.forked_from.table)}, 'the original game')]
        : t.forked_from ? [` · forked from version ${t.forked_from.version} of `,
          h('a', {href: tableAddress(t.forked_from.table)}, 'its source table')] : '');
    whatIfBtn.hidden = !(s.viewer !== null && ['running', 'finished'].includes(t.status) && seats.tokenFor(tableId, s.viewer));
    // While the table is open, its head keeps its lines as seats fill (the players' line before anyone
    // sits, the invite line once nobody is left to invite): the seats below must not move under a
    // pointer about to take one.
    fill(inviteBox, t.status === 'open' && t.seats.some((x) => x.free)
      ? [h('button', {type: 'button', class: 'small', id: 'copy-invite', dataset: {key: 'copy-invite'}, onclick: copyInvite}, 'Copy invite link'),
        h('span', {class: 'muted small', id: 'invite-note', role: 'status'}, s.inviteNote || '')]
      : t.status === 'open' ? h('span', {class: 'muted small'}, 'Every seat is taken.') : null);
    inviteBox.hidden = t.status !== 'open';  // once the game starts, no empty line under the head
    fill(seedBox, `${t.rules_label || `Rules version ${t.rules_version}`} · seed commitment `, h('code', {}, t.seed_commitment),
      t.seed ? [' · seed revealed: ', h('code', {}, t.seed)] : ' (the seed is revealed when the game ends)');
    fill(legendBox, t.seats.some((x) => !x.free) ? legend(s.ids)
      : t.status === 'open' ? h('ul', {class: 'legend'}, h('li', {class: 'muted'}, 'Nobody has taken a seat yet.')) : null);
    renderTurn();
    keepingFocus(undoBox, renderUndo);
    keepingFocus(seatList.parentElement, renderSeats);
    renderReplay();
    renderPlay();
    renderEndNote();
    renderView();
    renderScores();
    keepingFocus(logList, renderLog);
    renderRawStart();
  }

  function renderTurn() {
    const t = s.summary;
    const now = {...props(), toAct: t.to_act, status: t.status, scores: s.scores, view: s.view, version: t.version, replaying: false};
    let boardSays = null;
    if (s.board?.status && t.status === 'running' && !t.undo_request) {
      try {
        boardSays = s.board.status(now) || null;
      } catch {
        boardSays = null;
      }
    }
    const types = [...new Set((s.legal?.moves || []).map((m) => m?.type).filter((x) => typeof x === 'string'))].map(term);
    turn.classList.toggle('mine', t.status === 'running' && !t.undo_request && t.to_act.includes(s.viewer));
    turn.textContent = genericStatus(now, {summary: t, types, boardSays});
  }

  function renderReplay() {
    const now = head();
    const at = shown();
    slider.max = String(Math.max(1, now));
    if (document.activeElement !== slider || !s.replay) slider.value = String(at);
    slider.setAttribute('aria-valuetext', `version ${at} of ${now}${s.replay ? '' : ' (now)'}`);
    const shownRound = roundOf(s.replay ? s.replay.view : s.view);
    sliderOut.textContent = `version ${at} of ${now}${shownRound !== null ? ` · round ${shownRound}` : ''}`;
    firstBtn.disabled = at <= 1;
    backBtn.disabled = at <= 1;
    fwdBtn.disabled = !s.replay;
    lastBtn.disabled = !s.replay;
    const starts = roundStarts();
    const viewRound = roundOf(s.replay ? s.replay.view : s.view) ?? roundOf(s.view);
    prevRoundBtn.hidden = nextRoundBtn.hidden = !starts.length && viewRound === null;
    prevRoundBtn.disabled = starts.length ? !starts.some((x) => x.version < at) : at <= 1;
    nextRoundBtn.disabled = starts.length ? !starts.some((x) => x.version > at) : !s.replay;
    replayBanner.hidden = !s.replay;
    if (s.replay) {
      replayNote.textContent = s.replay.loading
        ? `Loading version ${s.replay.version}…`
        : `You are looking at version ${s.replay.version} of ${now}: the board, scores and log as they were then.${
          s.summary?.status === 'running' ? ' Live play goes on.' : ''}`;
    }
    page.classList.toggle('replaying', Boolean(s.replay));
  }

  function renderPlay() {
    const t = s.summary;
    const p = props();
    let message = null;
    // The end said only "The game is over." where the player's eyes were (the board's foot, the status
    // line scrolled away); it now says who won, as the status line does (table review).
    const over = () => genericStatus({...p, toAct: [], scores: s.scores}, {summary: t, types: [], boardSays: null});
    if (s.replay && s.viewer !== null && t.status === 'running') message = 'You are looking back: go back to now to play.';
    else if (s.viewer === null) message = t.status === 'finished' ? over() : 'You are watching. Take a free seat to play.';
    else if (t.status === 'open') message = 'Moves appear once the game starts.';
    else if (t.status === 'finished') message = over();
    else if (!s.legal?.moves?.length) message = t.undo_request ? 'Waiting for the undo vote.' : 'Nothing to play right now.';
    const chooser = moveChooser(s.composer, {catalog: s.catalog, message, expand: (partial) => api('GET',
      `${base}/seats/${s.viewer}/legal-moves?match=${encodeURIComponent(JSON.stringify(partial))}`, {token: token()}),
    words: s.board?.valueWords ? (field, value) => s.board.valueWords(p, field, value) : null});
    keepingFocus(movesBox, () => fill(movesBox, chooser));
    // The composer bar: the choice so far, Confirm when it names one move, Cancel.
    const complete = s.composer.complete;
    const canPlay = !message;
    bar.hidden = !canPlay;
    // The move in words: as the board said it when it proposed it, else read from the catalog (the
    // choices' labels may leave out a part that only one legal move had, so they do not name the move).
    const labels = s.composer.labels;
    const said = complete ? movesSaid(complete, p) : null;
    choice.textContent = complete ? `Your move: ${said}`
      : s.composer.active ? `Your choice so far: ${labels.join(' · ')}` : 'Choose a move.';
    renderBarState();
    confirmBtn.setAttribute('aria-label', complete ? `Confirm: ${said}` : 'Confirm');
    cancelBtn.disabled = !s.composer.active;
    stepBackBtn.hidden = s.composer.steps.length < 2;
    if (s.board) {
      movesTitle.textContent = 'Board';
      if (!playCard.contains(boardRoot)) fill(playCard, boardHead, replayBanner, boardRoot, listDetails);
      if (!listDetails.contains(movesBox)) listDetails.append(movesBox);
      try {
        s.board.render(boardRoot, p);
      } catch (error) {
        fill(boardRoot, h('p', {class: 'error'}, `The board could not be drawn: ${error}. Use the move list below.`));
        listDetails.open = true;
      }
      renderKey(p);
    } else {
      movesTitle.textContent = 'Your moves';
      if (!playCard.contains(movesBox)) fill(playCard, movesTitle, replayBanner, movesBox);
    }
  }

  /** Confirm's state and the last Confirm's fate: on its way, or taken (while the table is still where
   * that move left it: a lone next move, such as "End turn", is complete at once, and only this says
   * the press counted). Cheap: a command's progress redraws this, not the board under the pointer. */
  function renderBarState() {
    // While a command is on its way Confirm presses nothing (`confirmMove`) and says so, but it is not
    // `disabled`: a disabled button drops the keyboard's focus to the page.
    confirmBtn.disabled = !s.composer?.complete;
    if (s.busy) confirmBtn.setAttribute('aria-disabled', 'true');
    else confirmBtn.removeAttribute('aria-disabled');
    const outcome = s.outcome && (s.outcome.version === null || s.outcome.version === s.summary?.version) ? s.outcome.text : '';
    barStatus.textContent = s.sending || outcome;
  }

  /** The composer's whole move as the bar says it: as the board said it when it proposed it, else the
   * board's own words, else the catalog's. */
  function movesSaid(move, p = props()) {
    const last = s.composer?.steps[s.composer.steps.length - 1];
    return last?.staged && last.label ? last.label : boardWords(p, move) || moveWords(s.catalog, move);
  }

  /** The end of the game at the foot of the board: who won, and "See the final scores", which
   * brings the final ranking into view (at 1280 px the top of the board, where a board draws its
   * final scoring, with the Scores card beside it; on a phone the Scores card below the board). The
   * page never scrolls by itself after the last move (nothing moves under the pointer), so at 1280 px
   * the result was out of view until the player scrolled up to find it (table review, finding 16).
   * With a board, "Moves as a list" is left out at the end: it has nothing left to list, and its
   * closed summary hid the words that said who won. */
  function renderEndNote() {
    const t = s.summary;
    const show = t.status === 'finished' && !s.replay;
    if (s.board) listDetails.hidden = show;
    endNote.hidden = !show;
    if (!show) {
      fill(endNote);
      return;
    }
    const words = genericStatus({...props(), toAct: [], scores: s.scores}, {summary: t, types: [], boardSays: null});
    // Without a board the move box at the foot already says it (renderPlay's message): not twice.
    keepingFocus(endNote, () => fill(endNote, s.board ? h('p', {class: 'end-words'}, words) : null,
      h('button', {type: 'button', id: 'see-final-scores', onclick: () => seeFinalScores()}, 'See the final scores')));
    if (endNote.parentElement !== playCard || playCard.lastElementChild !== endNote) playCard.append(endNote);
  }

  /** Scroll to the final scores on the player's press: to the top of the board when the whole Scores
   * card is then in view beside it, else to the Scores card; the ranking takes the focus. */
  function seeFinalScores() {
    const card = scoreBox.closest('section');
    const top = (el) => el.getBoundingClientRect().top + window.scrollY;
    const boardTop = top(playCard);
    const cardBottom = card.getBoundingClientRect().bottom + window.scrollY;
    const margin = 8;
    const target = cardBottom - boardTop + 2 * margin <= window.innerHeight ? boardTop : top(card);
    window.scrollTo({top: Math.max(0, target - margin), left: window.scrollX, behavior: 'instant'});
    scoreHead.focus({preventScroll: true});
  }

  /** A whole move in the board's own words (its optional `describe(props, move)`), or null: a failing
   * or absent one falls back to the catalog's words. */
  function boardWords(p, move) {
    try {
      return s.board?.describe?.(p, move) || null;
    } catch {
      return null;
    }
  }

  /** The board's key, when the board draws one (`legend(props)`); a failing key is left out, not fatal. */
  function renderKey(p) {
    let key = null;
    if (typeof s.board?.legend === 'function') {
      try {
        key = s.board.legend(p) || null;
      } catch {
        key = null;
      }
    }
    keyBox.hidden = !key;
    fill(keyBody, key);
  }

  function renderView() {
    const replay = s.replay;
    const view = replay ? replay.view : s.view;
    viewTitle.textContent = replay ? `What you saw at version ${replay.version}` : 'What you see';
    viewBox.classList.toggle('past', Boolean(replay));
    fill(viewBox, view === null || view === undefined
      ? h('p', {class: 'muted'}, replay?.loading ? 'Loading…' : replay ? 'The game had not started yet.' : 'The game has not started.')
      : tree(view, s.openPaths));
  }

  function renderScores() {
    const t = s.summary;
    const replay = s.replay;
    const scores = replay ? replay.scores : s.scores;
    const chart = s.history ? scoreChart(s.history, s.ids, {head: t.version, at: replay ? replay.version : null}) : null;
    fill(chartBox, chart);
    const final = !replay && t.status === 'finished';
    fill(scoreHead, scores
      ? final ? scoreRanking(scores, s.ids, {term, unit: {one: s.catalog?.terms?.['score.unit.one'], many: s.catalog?.terms?.['score.unit']}})
        : scoreLine(scores, s.ids)
      : h('p', {class: 'muted'}, replay?.loading ? 'Loading…' : 'No scores yet.'));
    // The final ranking carries its own breakdowns; a running table's breakdown is the table.
    fill(scoreTableBox, scores && !final ? scoreTable(scores, s.ids, {finished: false, term,
      caption: replay ? `Scores at version ${replay.version}` : null}) : null);
    scoreMoreTitle.textContent = final ? 'Score chart' : chart ? 'Chart and breakdown' : 'Breakdown by source';
    scoreMore.hidden = !chart && !(scores && !final);
  }

  function renderUndo() {
    const request = s.summary.undo_request;
    if (!request) {
      fill(undoBox);
      return;
    }
    const me = s.viewer;
    const name = (seat) => s.ids.name(seat);
    const waiting = (request.needs || []).filter((x) => !(request.approvals || []).includes(x));
    const buttons = [];
    if (me !== null && me === request.by) {
      buttons.push(h('button', {type: 'button', dataset: {key: 'withdraw'}, onclick: () => vote(false)}, 'Withdraw my request'));
    } else if (me !== null && waiting.includes(me)) {
      buttons.push(h('button', {type: 'button', class: 'primary', dataset: {key: 'approve'}, onclick: () => vote(true)}, 'Approve undo'));
      buttons.push(h('button', {type: 'button', dataset: {key: 'reject'}, onclick: () => vote(false)}, 'Reject undo'));
    }
    // What would be undone, in the log's own words (as this viewer may read them).
    const lost = s.log.filter((e) => !e.undone && e.version > request.to_version && (request.at === undefined || e.version < request.at)
      && e.seat !== null && e.event !== 'UndoRequested' && e.event !== 'UndoVoted');
    const asker = name(request.by);
    fill(undoBox, h('div', {class: 'banner', role: 'status'},
      h('p', {}, `${asker === 'You' ? 'You ask' : `${asker} asks`} to undo back to version ${request.to_version}. `,
        waiting.length ? `Waiting for ${listed(waiting.map((x) => (x === me ? 'you' : name(x))))} to answer.` : ''),
      lost.length ? h('div', {class: 'would-undo'}, h('p', {}, `This would take back ${lost.length === 1 ? 'one entry' : `${lost.length} entries`}:`),
        h('ul', {}, lost.slice(0, 8).map((e) => h('li', {class: `seat-c${e.seat}`}, `v${e.version} · ${e.text}`)),
          lost.length > 8 ? h('li', {}, `… and ${lost.length - 8} more`) : null)) : null,
      h('div', {class: 'row'}, buttons)));
  }

  function renderSeats() {
    const t = s.summary;
    nameField.hidden = !(t.status === 'open' && t.seats.some((x) => x.free));
    const held = seats.heldSeats(tableId);
    refill(seatList, t.seats.map((seat) => {
      const mine = held.includes(seat.seat);
      const controls = [];
      if (seat.free && t.status === 'open') {
        // the first seat a viewer takes is the thing to do; once seated, "Start with bots" is
        controls.push(h('button', {type: 'button', class: held.length ? null : 'primary', dataset: {key: `take-${seat.seat}`},
          onclick: () => takeSeat(seat.seat, false)}, `Take seat ${seat.seat + 1}`));
        const level = h('select', {name: `bot-level-${seat.seat}`, 'aria-label': `Level of a bot at seat ${seat.seat + 1}`,
          dataset: {key: `bot-level-${seat.seat}`}},
          BOT_LEVELS.map((l) => h('option', {value: l, selected: l === 'basic'}, l)));
        controls.push(h('button', {type: 'button', dataset: {key: `bot-${seat.seat}`},
          onclick: () => takeSeat(seat.seat, true, level.value)}, 'Add a bot'), level);
      }
      let ask = null;
      if (mine && !seat.free && !seat.bot && t.status !== 'finished') {
        if (s.confirmLeave === seat.seat) {
          ask = h('div', {class: 'confirm', role: 'alertdialog', 'aria-labelledby': `leave-q-${seat.seat}`},
            h('p', {id: `leave-q-${seat.seat}`}, t.status === 'running'
              ? 'Leave this table? A bot takes your seat and plays on; you cannot come back to it.'
              : 'Leave this table? Your seat becomes free for someone else.'),
            h('div', {class: 'row'},
              h('button', {type: 'button', class: 'primary', dataset: {key: 'leave-yes'}, onclick: () => leave(seat.seat)}, 'Yes, leave'),
              h('button', {type: 'button', dataset: {key: 'leave-stay'}, onclick: () => {
                s.confirmLeave = null;
                renderSeats();
                seatList.querySelector(`[data-key="leave-${seat.seat}"]`)?.focus();
              }}, 'Stay')));
        } else {
          controls.push(h('button', {type: 'button', dataset: {key: `leave-${seat.seat}`}, onclick: () => askLeave(seat.seat)},
            t.status === 'running' ? 'Leave (a bot plays on)' : 'Leave'));
        }
      }
      const acting = t.to_act.includes(seat.seat) && t.status === 'running';
      return h('li', {class: `seat seat-c${seat.seat}${mine ? ' mine' : ''}${acting ? ' acting' : ''}`},
        h('span', {class: 'seat-name'}, h('span', {class: 'chip', 'aria-hidden': 'true'}), `${seat.seat + 1}: `,
          seat.free ? h('em', {}, 'free') : seat.name,
          seat.bot ? ` (${botLabel(seat)})` : '', mine ? ' (you)' : '', acting ? ' — to act' : ''),
        h('span', {class: 'row'}, controls), ask);
    }));
    const everyoneSeated = t.seats.every((x) => !x.free);
    const allBots = t.seats.every((x) => x.bot);
    // A seated player with free seats left can start at once against bots (one click, not one per seat).
    const free = t.seats.filter((x) => x.free).length;
    refill(seatActions, t.status === 'open' && everyoneSeated && (s.viewer !== null || allBots)
      ? h('button', {type: 'button', class: 'primary', dataset: {key: 'start'}, onclick: start}, 'Start the game')
      : t.status === 'open' && free && held.length
        ? h('button', {type: 'button', class: 'primary', dataset: {key: 'start-with-bots'}, onclick: startWithBots,
          title: `A basic bot takes each free seat, then the game starts`}, `Start with ${free === 1 ? 'a bot' : `${free} bots`}`) : null);
    if (held.length > 1) {
      const select = h('select', {name: 'play-as', dataset: {key: 'play-as'}},
        held.map((x) => h('option', {value: String(x), selected: x === s.seat}, s.ids.label(x))));
      select.addEventListener('change', () => {
        s.seat = Number(select.value);
        s.openPaths = new Set(['$']);
        refresh().then(() => (s.replay ? showVersion(s.replay.version) : null));
      });
      fill(asBox, field('Play as', select));
    } else {
      fill(asBox);
    }
  }

  function renderLog() {
    const t = s.summary;
    const started = s.log.find((e) => e.event === 'GameStarted')?.version ?? Infinity;
    const canUndo = !s.replay && s.viewer !== null && t.status === 'running' && t.undo_policy !== 'off' && !t.undo_request;
    const canFork = t.status === 'finished';
    const upto = shown();
    const fresh = new Set(recent().map((e) => e.version));
    const visible = s.log.filter((e) => e.version <= upto);
    const later = s.log.length - visible.length;
    logNote.textContent = later ? `Showing the log up to version ${upto}; ${later} later entr${later === 1 ? 'y is' : 'ies are'} hidden while you look back.` : '';
    // The same move said alike several times in a row is one line (`logLines`): "You took 1 debt,
    // 5 times." Its link, fork and "current step" are its last event's; its undo takes them all back.
    fill(logList, logLines(visible).reverse().map(({first, last: entry, count, text}) => {
      const seat = entry.seat !== null && entry.seat >= 0 ? entry.seat : null;
      const isMove = entry.event === 'MovePlayed' && seat !== null;
      const isFresh = fresh.has(entry.version);
      return h('li', {class: `${entry.undone ? 'undone' : ''}${seat !== null ? ` by-seat seat-c${seat}` : ''}${isFresh ? ' recent' : ''}`,
        value: String(entry.version), title: isFresh ? 'New since your last move' : null,
        'aria-current': entry.version === upto && s.replay ? 'step' : null},
      h('a', {class: 'v', href: tableAddress(tableId, entry.version),
        title: count > 1 ? `Versions ${first.version} to ${entry.version}; show the table at version ${entry.version}` : `Show the table at version ${entry.version}`},
      count > 1 ? `v${first.version}–${entry.version}` : `v${entry.version}`), ' ',
      seat !== null ? h('span', {class: 'chip', 'aria-hidden': 'true'}) : null,
      h('span', {class: 'text'}, text),
      entry.undone ? h('span', {class: 'badge'}, 'undone') : null,
      canUndo && isMove && !entry.undone && first.version - 1 >= started && entry.version <= t.version
        ? h('button', {type: 'button', class: 'small', dataset: {key: `undo-${entry.version}`},
          'aria-label': `${count > 1 ? `Undo these ${count} moves` : 'Undo this move'}: ${text}`,
          onclick: () => requestUndo(first.version - 1)}, count > 1 ? `Undo these ${count} moves` : 'Undo this move')
        : null,
      canFork && !entry.undone && entry.version >= started && entry.event !== 'GameFinished'
        ? h('button', {type: 'button', class: 'small', dataset: {key: `fork-${entry.version}`},
          'aria-label': `Fork a new table from version ${entry.version}`, onclick: () => fork(entry.version)}, 'Fork from here')
        : null,
      factLines(entry));
    }));
  }

  /** The entry's facts (income paid, a takeover, the final scores ...), one indented line each,
   * as the server worded them for this reader. */
  function factLines(entry) {
    const facts = entry.facts || [];
    if (!facts.length) return null;
    return h('ul', {class: 'facts', 'aria-label': 'What followed'},
      ...facts.map((fact) => h('li', {class: 'fact', dataset: {kind: fact.kind}}, fact.text)));
  }

  function renderRawStart() {
    const moves = s.legal?.moves || [];
    rawBox.hidden = s.viewer === null || s.summary.status !== 'running';
    const key = JSON.stringify(moves);
    if (rawStart.dataset.moves === key) return; // unchanged: keep the player's choice
    rawStart.dataset.moves = key;
    fill(rawStart, h('option', {value: ''}, moves.length ? `— ${moves.length} legal moves —` : '— none now —'),
      moves.map((move, i) => h('option', {value: String(i)}, moveWords(s.catalog, move))));
  }

  // ---- live ------------------------------------------------------------------------------------

  const live = new Live(tableId, () => refresh(), (mode) => ctx.setMode(mode));
  ctx.onDispose(() => live.stop());
  chooseSeat();
  await refresh();
  if (ctx.disposed) return;
  if (s.summary && s.holding) {
    // Opened at a version (a shared link): show that version, seen with this viewer's own eyes.
    await showVersion(startAt);
    s.holding = false;
    render();
  }
  if (!s.summary) {
    if (s.failed instanceof ApiError && (s.failed.status === 404 || s.failed.status === 422)) unknownTable(main, tableId);
    else fill(main, h('p', {class: 'error', role: 'alert'}, `Could not load the table: ${describe(s.failed)}`,
      ' ', h('a', {href: tableAddress(tableId)}, 'Try again')));
    if (s.failed?.status === 404) return; // nothing will ever change here: nothing to listen for
  }
  live.start(s.summary?.version ?? 0);
}
