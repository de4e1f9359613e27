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

/** A command: POST with a fresh command_id (and expected_version when given). */
export function command(path, fields = {}, {token, expectedVersion} = {}) {
  const body = {...fields, command_id: commandId()};
  if (expectedVersion !== undefined && expectedVersion !== null) body.expected_version = expectedVersion;
  return api('POST', path, {body, token});
}
