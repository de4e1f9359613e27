// Checks a game record in this browser, with WebCrypto, from the published description alone
// (docs/record.md and the fairness algorithm it quotes), not from the server's code: the hash
// chain (both chain formats), the seed against its commitment, every chance outcome re-derived
// from the seed, the end (GameFinished states the chance steps drawn and its own version, so a cut
// tail is found; records written before it did are "n/a" there), and a signed receipt when there
// is one. What it cannot see (a forger who rewrites GameFinished too) is in docs/record.md. It imports nothing, so the same file runs
// under node for the tests.
//
// Numbers are kept as the text the server wrote (a small JSON reader below), so the canonical form
// hashed here is byte for byte the one the server hashed: sorted keys (by code point), no spaces,
// UTF-8, strings escaped as JSON does.

const GENESIS = '0'.repeat(64);
const TWO64 = 1n << 64n;
const encoder = new TextEncoder();

class JsonNumber {
  constructor(text) { this.text = text; }
  valueOf() { return Number(this.text); }
}

/** JSON.parse, except that numbers stay as their source text (a JsonNumber). */
export function parseJson(text) {
  let i = 0;
  const fail = (what) => { throw new SyntaxError(`bad JSON at ${i}: ${what}`); };
  const space = () => { while (i < text.length && ' \t\n\r'.includes(text[i])) i += 1; };
  function value() {
    space();
    const c = text[i];
    if (c === '{') {
      i += 1;
      const out = Object.create(null);
      space();
      if (text[i] === '}') { i += 1; return out; }
      for (;;) {
        space();
        if (text[i] !== '"') fail('a key');
        const key = string();
        space();
        if (text[i] !== ':') fail('a colon');
        i += 1;
        out[key] = value();
        space();
        if (text[i] === ',') { i += 1; continue; }
        if (text[i] === '}') { i += 1; return out; }
        fail(', or }');
      }
    }
    if (c === '[') {
      i += 1;
      const out = [];
      space();
      if (text[i] === ']') { i += 1; return out; }
      for (;;) {
        out.push(value());
        space();
        if (text[i] === ',') { i += 1; continue; }
        if (text[i] === ']') { i += 1; return out; }
        fail(', or ]');
      }
    }
    if (c === '"') return string();
    for (const [word, result] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, i)) { i += word.length; return result; }
    }
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail('a value');
    i += match[0].length;
    return new JsonNumber(match[0]);
  }
  function string() {
    const start = i;
    i += 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail('an unterminated string');
    i += 1;
    return JSON.parse(text.slice(start, i));
  }
  const result = value();
  space();
  if (i !== text.length) fail('trailing text');
  return result;
}

function byCodePoint(a, b) {
  const x = Array.from(a, (ch) => ch.codePointAt(0));
  const y = Array.from(b, (ch) => ch.codePointAt(0));
  for (let k = 0; k < Math.min(x.length, y.length); k += 1) if (x[k] !== y[k]) return x[k] - y[k];
  return x.length - y.length;
}

/** The canonical JSON text of a value (as read by parseJson, or built of plain JS values). */
export function canonical(value) {
  if (value === null || value === true || value === false) return String(value);
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort(byCodePoint);
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
}

const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text) => {
  if (typeof text !== 'string' || !/^([0-9a-f]{2})*$/i.test(text)) throw new Error('not hex');
  return Uint8Array.from(text.match(/../g) || [], (pair) => parseInt(pair, 16));
};
const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
};
const num = (value) => Number(value instanceof JsonNumber ? value.text : value);

async function sha256(subtle, bytes) {
  return new Uint8Array(await subtle.digest('SHA-256', bytes));
}

/** The published chance stream: block k of step n is SHA-256(seed || "tabletop/chance/" || n || "/" || k),
 *  read as big-endian 64-bit words; below(bound) rejects words >= 2^64 - 2^64 mod bound. */
class ChanceStream {
  constructor(subtle, seed, n) {
    this.subtle = subtle;
    this.prefix = concat(seed, encoder.encode(`tabletop/chance/${n}/`));
    this.block = 0;
    this.words = [];
  }

  async word() {
    if (!this.words.length) {
      const digest = await sha256(this.subtle, concat(this.prefix, encoder.encode(String(this.block))));
      this.block += 1;
      const view = new DataView(digest.buffer);
      for (let k = 0; k < 32; k += 8) this.words.push(view.getBigUint64(k, false));
    }
    return this.words.shift();
  }

  async below(bound) {
    const b = BigInt(bound);
    const limit = TWO64 - (TWO64 % b);
    for (;;) {
      const w = await this.word();
      if (w < limit) return Number(w % b);
    }
  }
}

/** The outcome of chance step n for a request {kind, items, count, sides}. */
export async function chanceOutcome(subtle, seedHex, n, request) {
  const stream = new ChanceStream(subtle, fromHex(seedHex), n);
  if (request.kind === 'roll') {
    const out = [];
    for (let k = 0; k < num(request.count); k += 1) out.push(1 + await stream.below(num(request.sides)));
    return out;
  }
  if (request.kind !== 'shuffle' && request.kind !== 'sample') throw new Error(`unknown chance kind ${request.kind}`);
  const items = [...request.items];
  for (let i = items.length - 1; i > 0; i -= 1) {  // Fisher-Yates from the end
    const j = await stream.below(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return request.kind === 'shuffle' ? items : items.slice(0, num(request.count));
}

/** Check a record (its JSON text): each check with its result, the first bad version, and whether the
 *  check is complete (a finished game: the seed and every chance outcome were checked too). */
export async function verifyRecord(text, {publicKey = null, receipts = [], subtle = globalThis.crypto?.subtle} = {}) {
  const checks = [];
  const bad = [];
  let complete = false;
  const ok = (name, detail) => checks.push({name, ok: true, detail});
  const skip = (name, detail) => checks.push({name, ok: null, detail});
  const fail = (name, version, detail) => {
    checks.push({name, ok: false, version, detail});
    bad.push({version, detail: `${name}: ${detail}`});
  };
  const result = () => {
    const numbered = bad.filter((b) => b.version !== null && b.version !== undefined);
    const first = numbered.length ? numbered.reduce((a, b) => (b.version < a.version ? b : a)) : bad[0] || null;
    return {ok: !bad.length, complete: complete && !bad.length, checks, firstBad: first};
  };
  if (!subtle) {
    fail('crypto', null, 'this page has no WebCrypto (it needs a secure context: https or localhost)');
    return result();
  }
  let record;
  try {
    record = typeof text === 'string' ? parseJson(text) : text;
  } catch (error) {
    fail('format', null, `the record is not JSON (${error.message})`);
    return result();
  }
  const events = record?.events;
  if (record?.format !== 'tabletop-record' || num(record.format_version) !== 1) {
    fail('format', null, 'not a tabletop-record document of format_version 1');
    return result();
  }
  if (!Array.isArray(events) || !events.length || events[0].event !== 'Opened') {
    fail('format', 1, 'the record does not start with an Opened event');
    return result();
  }
  ok('format', `${record.game}, ${events.length} events`);
  try {
    const digests = await checkChain(subtle, record, events, ok, fail);
    const finished = await checkSeedAndChance(subtle, record, events, ok, skip, fail);  // even past a broken link
    checkEnd(events, finished, ok, skip, fail);
    if (digests) await checkReceipts(subtle, record, digests, publicKey, receipts, ok, skip, fail);
    complete = Boolean(finished);
  } catch (error) {
    fail('format', null, `the record is malformed (${error.message})`);
  }
  return result();
}

async function checkChain(subtle, record, events, ok, fail) {
  const opened = events[0].payload;
  const chainFormat = opened ? num(opened.chain_format ?? 1) || 1 : num(record.chain_format ?? 1) || 1;
  if ((num(record.chain_format ?? 1) || 1) !== chainFormat) {
    fail('hash chain', 1, "the record's chain_format is not the one its Opened event recorded");
    return null;
  }
  let prev = GENESIS;
  let redacted = 0;
  const digests = new Map();
  for (let k = 0; k < events.length; k += 1) {
    const event = events[k];
    const version = num(event.version);
    if (version !== k + 1) {
      fail('hash chain', k + 1, `version ${k + 1} is missing (the record goes on at ${version})`);
      return null;
    }
    if (event.prev_hash !== prev) {
      fail('hash chain', version, "prev_hash is not the previous event's digest");
      return null;
    }
    if (event.redacted || !('payload' in event)) {
      redacted += 1;
    } else {
      const body = {prev, version: event.version, event: event.event, payload: event.payload};
      if (chainFormat >= 2) body.timestamp = event.timestamp;
      if (hex(await sha256(subtle, encoder.encode(canonical(body)))) !== event.digest) {
        fail('hash chain', version, `the ${event.event} event's content does not match its digest`);
        return null;
      }
    }
    prev = event.digest;
    digests.set(version, prev);
  }
  if (num(record.head?.version) !== events.length || record.head?.digest !== prev) {
    fail('hash chain', events.length, "the record's head is not its last event");
    return null;
  }
  ok('hash chain', `format ${chainFormat}, versions 1 to ${events.length} link to head ${prev.slice(0, 16)}…` +
    (redacted ? ` (${redacted} redacted events linked only)` : ''));
  return digests;
}

async function checkSeedAndChance(subtle, record, events, ok, skip, fail) {
  const opened = events[0].payload;
  const finished = events.filter((e) => e.event === 'GameFinished' && e.payload);
  if (!opened || !finished.length) {
    skip('seed', 'revealed when the game ends');
    skip('chance', 're-derived once the seed is revealed');
    return false;
  }
  const last = finished[finished.length - 1];
  const seed = last.payload.seed;
  const commitment = opened.seed_commitment;
  if (record.seed_commitment !== commitment) {
    fail('seed', 1, "the record's seed_commitment is not the one its Opened event recorded");
  } else if (hex(await sha256(subtle, fromHex(seed))) !== commitment) {
    fail('seed', num(last.version), 'SHA-256 of the revealed seed is not the commitment');
  } else if (record.seed !== seed || opened.seed !== seed) {
    fail('seed', num(last.version), 'the seed the record shows is not the one GameFinished revealed');
  } else {
    ok('seed', `SHA-256 of the revealed seed is the commitment ${commitment.slice(0, 16)}…`);
  }
  let count = 0;
  let step = num(opened.initial?.chance_count ?? 0);  // a fork goes on counting
  for (const event of events) {
    if (event.event === 'Undone') step = num(event.payload.chance_count);  // undone steps are drawn again
    if (event.event !== 'ChanceResolved') continue;
    const {n, request, outcome} = event.payload;
    if (num(n) !== step) {
      fail('chance', num(event.version), `the chance step is numbered ${num(n)}, the next one is ${step} (a chance step was removed or added)`);
      return {drawn: null};
    }
    step += 1;
    const expected = await chanceOutcome(subtle, seed, num(n), request);
    if (canonical(expected) !== canonical(outcome)) {
      fail('chance', num(event.version), `chance step ${num(n)} (${request.kind}): the outcome is not the one the seed gives`);
      return {drawn: null};
    }
    count += 1;
  }
  ok('chance', `${count} outcomes re-derived from the seed`);
  return {drawn: step};
}

/** GameFinished states the chance steps drawn and its own version: the record must hold them. */
function checkEnd(events, finished, ok, skip, fail) {
  if (!finished) {
    skip('end', 'checked once the game is over');
    return;
  }
  if (finished.drawn === null) {
    skip('end', 'not compared: the chance steps did not check out');
    return;
  }
  const end = events.filter((e) => e.event === 'GameFinished' && e.payload).pop();
  const version = num(end.version);
  const stated = end.payload.chance_count;
  const final = end.payload.final_version;
  if (stated == null && final == null) {
    skip('end', "this record's GameFinished states no chance count (written before it did): a tail cut off and re-chained is found only by a receipt of the head");
  } else if (stated == null || num(stated) !== finished.drawn) {
    fail('end', version, `the game ended after ${stated == null ? '?' : num(stated)} chance steps, the record holds ${finished.drawn} (a chance step was cut)`);
  } else if (final == null || num(final) !== version) {
    fail('end', version, `the game ended at version ${final == null ? '?' : num(final)}, the record puts its end at version ${version} (events were removed or added)`);
  } else {
    ok('end', `GameFinished at version ${version} states it, after the ${finished.drawn} chance steps the record holds`);
  }
}

async function checkReceipts(subtle, record, digests, publicKey, given, ok, skip, fail) {
  const receipts = [...(record.receipt ? [record.receipt] : []), ...given];
  if (!receipts.length) {
    skip('receipt', 'none');
    return;
  }
  if (!publicKey) {
    skip('receipt', 'the server publishes no signing key');
    return;
  }
  let key;
  try {
    key = await subtle.importKey('raw', fromHex(publicKey), {name: 'Ed25519'}, false, ['verify']);
  } catch (error) {
    skip('receipt', `this browser cannot check Ed25519 signatures (${error.message})`);
    return;
  }
  const head = record.events.length;
  for (const receipt of receipts) {
    const version = num(receipt.version);
    const message = encoder.encode(canonical({head: receipt.head, table: receipt.table, version: receipt.version}));
    const valid = await subtle.verify({name: 'Ed25519'}, key, fromHex(receipt.signature), message);
    if (!valid) fail('receipt', version, 'the signature does not verify under the server key');
    else if (receipt.table !== record.table) fail('receipt', null, `the receipt is for table ${receipt.table}`);
    else if (version > head) fail('receipt', head + 1, `the server signed version ${version}; the record ends at ${head}: the history was truncated`);
    else if (digests.get(version) !== receipt.head) fail('receipt', version, 'the server signed another event at this version');
    else ok('receipt', `the server's signature over version ${version} checks out`);
  }
}

/** Fetch a table's record as this viewer and check it; the public key when the server publishes one. */
export async function verifyTable(base, token = null) {
  const headers = {Accept: 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${base}/record`, {headers, cache: 'no-store'});
  if (!response.ok) throw new Error(`the record could not be read (HTTP ${response.status})`);
  const text = await response.text();
  let publicKey = null;
  try {
    const key = await fetch('/api/signing-key', {headers: {Accept: 'application/json'}});
    if (key.ok) publicKey = (await key.json()).public_key || null;
  } catch {
    publicKey = null;
  }
  return verifyRecord(text, {publicKey});
}
