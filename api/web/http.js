// The one place the client talks HTTP: JSON in and out, the seat token as a Bearer header, and
// every refusal turned into an ApiError that carries the API's {error, message, rule, version}.
// Every answer's signed receipt (Tabletop-Receipt header) is kept (receipts.js).

import {keepReceipt} from './receipts.js';

export class ApiError extends Error {
  constructor(status, body) {
    const b = body && typeof body === 'object' ? body : {};
    super(b.message || `request failed (HTTP ${status})`);
    this.status = status;
    this.code = b.error || 'error';
    this.rule = b.rule || null;
    this.version = b.version ?? null;
    this.fields = b.errors || null;
  }

  /** One line a player can read: the message, the rule id, the field problems, the code. */
  describe() {
    const parts = [this.message];
    if (this.fields && typeof this.fields === 'object') parts.push(fieldText(this.fields));
    if (this.rule) parts.push(`rule ${this.rule}`);
    parts.push(`${this.code}${this.status ? `, HTTP ${this.status}` : ''}`);
    return parts.filter(Boolean).join(' · ');
  }
}

function fieldText(fields, prefix = '') {
  const out = [];
  for (const [key, value] of Object.entries(fields)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) out.push(`${name}: ${value.join(' ')}`);
    else if (value && typeof value === 'object') out.push(fieldText(value, name));
    else out.push(`${name}: ${value}`);
  }
  return out.join('; ');
}

/** A fresh idempotency key per command (crypto.randomUUID needs a secure context; fall back). */
export function commandId() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Call the API; resolves with the parsed body, rejects with an ApiError. */
export async function api(method, path, {body, token, signal} = {}) {
  const headers = {Accept: 'application/json'};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(path, {
      method, headers, signal, cache: 'no-store',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (error.name === 'AbortError') throw error;
    throw new ApiError(0, {error: 'network', message: 'the server could not be reached'});
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = {error: 'bad_response', message: `unexpected answer: ${text.slice(0, 120)}`};
    }
  }
  if (!response.ok) throw new ApiError(response.status, data);
  const receipt = response.headers.get('Tabletop-Receipt');
  if (receipt) keepReceipt(receipt);
  return data;
}

/**
 * How long a command may take before the page says so: after `slowMs` the player is told it is
 * still on its way; after `timeoutMs` an attempt is given up and the same body (the same
 * `command_id`) is sent again, `attempts` times in all. A retry can never apply a command twice: the
 * server answers a `command_id` it has recorded with that first receipt (`duplicate: true`).
 */
export const COMMAND_TIMING = {slowMs: 2500, timeoutMs: 12000, attempts: 3};

/** Answers that say the command may never have reached the table: sending it again is safe. */
const LOST = new Set([0, 502, 503, 504]);
const RETRY_PAUSE_MS = 1000;

/**
 * A command: POST with a fresh command_id (and expected_version when given), sent again with the
 * same command_id when no answer comes (`COMMAND_TIMING`). `onProgress({state, attempt, attempts})`
 * hears 'sending' (attempt 1), 'slow' (no answer to it after slowMs) and 'retrying' (attempt 2, 3...).
 * When every attempt is lost it rejects with an ApiError whose code is 'unreachable'.
 */
export async function command(path, fields = {}, {token, expectedVersion, onProgress = () => {}} = {}) {
  const body = {...fields, command_id: commandId()};
  if (expectedVersion !== undefined && expectedVersion !== null) body.expected_version = expectedVersion;
  const {slowMs, timeoutMs, attempts} = COMMAND_TIMING;
  for (let attempt = 1; ; attempt += 1) {
    onProgress({state: attempt === 1 ? 'sending' : 'retrying', attempt, attempts});
    const controller = new AbortController();
    let timedOut = false;
    // A first attempt that is slow is said to be; a retry already says it is one.
    const slow = attempt === 1 ? setTimeout(() => onProgress({state: 'slow', attempt, attempts}), slowMs) : null;
    const limit = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await api('POST', path, {body, token, signal: controller.signal});
    } catch (error) {
      clearTimeout(slow);
      clearTimeout(limit);
      const lost = timedOut || (error instanceof ApiError && LOST.has(error.status));
      if (!lost) throw error;
      if (attempt >= attempts) {
        throw new ApiError(0, {error: 'unreachable',
          message: `the table did not answer (${attempts} tries${timedOut ? `, ${Math.round(timeoutMs / 1000)} s each` : ''})`});
      }
      if (!timedOut) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * attempt)); // refused at once: give it a moment
    } finally {
      clearTimeout(slow);
      clearTimeout(limit);
    }
  }
}
