// Knowing when a table changed, without reloading the page.
//
// The SSE stream (GET /api/tables/<id>/stream) is opened WITHOUT a seat token: a browser cannot
// put an Authorization header on an EventSource, and a token in a URL ends up in logs. The
// spectator's stream is only a doorbell here: each frame's id is the table version, and on a new
// version the page re-reads its own view, moves, log and scores over fetch with its token. So a
// seat's secrets travel only in answers to that seat, and the stream never needs the token.
//
// When the stream is missing or refused (an older server, a proxy that buffers), the page polls
// the table summary's version instead, and tries the stream again later.

import {api} from './http.js';

const POLL_MS = 1500;
const STREAM_RETRY_MS = 20000;

export class Live {
  /**
   * @param {string} tableId
   * @param {(version: number) => void} onChange called when the table may have a newer version
   * @param {(mode: string) => void} onMode 'live' | 'polling' | 'connecting'
   */
  constructor(tableId, onChange, onMode) {
    this.tableId = tableId;
    this.onChange = onChange;
    this.onMode = onMode;
    this.version = 0;
    this.source = null;
    this.pollTimer = null;
    this.retryTimer = null;
    this.stopped = false;
    this.offline = false;
  }

  start(version) {
    this.version = version || 0;
    this.onOffline = () => {
      // The browser knows the network is gone: say so now, rather than after a timeout.
      this.closeStream();
      this.stopPolling();
      this.offline = true;
      this.onMode('offline');
    };
    this.onOnline = () => {
      // Back: reconnect at once from the last version seen, and re-read whatever changed meanwhile.
      this.offline = false;
      clearTimeout(this.retryTimer);
      this.openStream();
      this.onChange(this.version);
    };
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
    this.openStream();
  }

  stop() {
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.stopped = true;
    this.closeStream();
    this.stopPolling();
    clearTimeout(this.retryTimer);
  }

  /** The page has seen `version` (after its own command, say): no doorbell needed for it. */
  seen(version) {
    if (version > this.version) this.version = version;
  }

  openStream() {
    if (this.stopped || typeof EventSource === 'undefined') {
      this.startPolling();
      return;
    }
    this.onMode('connecting');
    const url = `/api/tables/${encodeURIComponent(this.tableId)}/stream?last_event_id=${this.version}`;
    const source = new EventSource(url);
    this.source = source;
    const ring = (event) => {
      const version = Number(event.lastEventId);
      if (Number.isInteger(version) && version > this.version) {
        this.version = version;
        this.onChange(version);
      }
    };
    for (const name of ['entry', 'view', 'message']) source.addEventListener(name, ring);
    source.addEventListener('open', () => {
      this.stopPolling();
      this.onMode('live');
      this.onChange(this.version); // anything missed while connecting is re-read
    });
    source.addEventListener('error', () => {
      if (this.source !== source) return;
      if (source.readyState === EventSource.CLOSED) {
        // Refused (404: no stream on this server, 401, ...): poll, and try the stream again later.
        this.closeStream();
        this.startPolling();
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => this.openStream(), STREAM_RETRY_MS);
      } else {
        this.onMode('connecting'); // the browser reconnects by itself, with Last-Event-ID
        this.startPolling();
      }
    });
  }

  closeStream() {
    if (this.source) this.source.close();
    this.source = null;
  }

  startPolling() {
    if (this.pollTimer || this.stopped) return;
    this.onMode('polling');
    this.pollTimer = setInterval(() => this.poll(), POLL_MS);
  }

  stopPolling() {
    clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  async poll() {
    if (document.hidden && this.version) return;
    try {
      const summary = await api('GET', `/api/tables/${encodeURIComponent(this.tableId)}`);
      if (this.offline) {
        this.offline = false;
        this.onMode('polling');
      }
      if (summary.version !== this.version) {
        this.version = summary.version;
        this.onChange(summary.version);
      }
    } catch {
      this.offline = true;
      this.onMode('offline');
    }
  }
}
