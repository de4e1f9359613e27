// Signed receipts, kept in localStorage per table: every command answer and table read carries
// the server's signature on the chain's head (docs/audit.md); the newest one kept is proof of
// what the table held, and the audit checks the stored history still reaches it.

const PREFIX = 'tabletop.receipt.';

/** Keep ``receipt`` (an object or the Tabletop-Receipt header's JSON) if it is the newest for its table. */
export function keepReceipt(receipt) {
  try {
    const r = typeof receipt === 'string' ? JSON.parse(receipt) : receipt;
    if (!r || typeof r.table !== 'string' || !Number.isInteger(r.version)) return;
    const old = keptReceipt(r.table);
    if (!old || old.version <= r.version) localStorage.setItem(PREFIX + r.table, JSON.stringify(r));
  } catch {
    // storage full or unavailable: the proof is lost, the game goes on
  }
}

/** The newest receipt kept for ``tableId``, or null. */
export function keptReceipt(tableId) {
  try {
    return JSON.parse(localStorage.getItem(PREFIX + tableId) || 'null');
  } catch {
    return null;
  }
}
