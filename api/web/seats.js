// Seat tokens, kept in localStorage per table and seat: the API shows a token only once, so a
// reload must find it here. Another browser profile has its own storage: another player.

const PREFIX = 'tabletop.seat.';

function key(tableId, seat) {
  return `${PREFIX}${tableId}.${seat}`;
}

function read(k) {
  try {
    const value = JSON.parse(localStorage.getItem(k));
    return value && typeof value.token === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Remember the token of a seat just taken. */
export function remember(tableId, seat, token, name) {
  localStorage.setItem(key(tableId, seat), JSON.stringify({token, name, at: Date.now()}));
}

/** Forget a seat (left, or its token was refused). */
export function forget(tableId, seat) {
  localStorage.removeItem(key(tableId, seat));
}

/** The token this browser holds for a seat, or null. */
export function tokenFor(tableId, seat) {
  return read(key(tableId, seat))?.token ?? null;
}

/** Every seat of the table this browser holds, in seat order. */
export function heldSeats(tableId) {
  const seats = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const k = localStorage.key(i);
    if (!k.startsWith(`${PREFIX}${tableId}.`)) continue;
    const seat = Number(k.slice(`${PREFIX}${tableId}.`.length));
    if (Number.isInteger(seat) && read(k)) seats.push(seat);
  }
  return seats.sort((a, b) => a - b);
}

/** Bot levels, weakest first (the server's BOT_LEVELS; the default is basic). */
export const BOT_LEVELS = ['random', 'basic', 'strong'];

/** How a bot seat reads in the seat list and the lobby: "strong bot". */
export function botLabel(seat) {
  return `${seat.level || 'basic'} bot`;
}
