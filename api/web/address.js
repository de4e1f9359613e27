// A table's address in the hash: `#/tables/<id>` (now) or `#/tables/<id>?at=<version>` (a past
// version, for whoever opens the link, seen with their own eyes). One place reads and writes it.

const TABLE = /^#\/tables\/([^/?#]*)\/?(?:\?(.*))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** {id, at, valid} for a table address, or null for any other route (the lobby). */
export function parseAddress(hash) {
  const match = TABLE.exec(hash || '');
  if (!match) return null;
  const id = decodeURIComponent(match[1] || '').toLowerCase();
  const at = Number(new URLSearchParams(match[2] || '').get('at'));
  return {id, at: Number.isInteger(at) && at >= 1 ? at : null, valid: UUID.test(id)};
}

/** The hash of a table, at a version when `at` is given. */
export function tableAddress(id, at = null) {
  return `#/tables/${encodeURIComponent(id)}${at ? `?at=${at}` : ''}`;
}
