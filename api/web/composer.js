// The move composer: a multi-part move is built by narrowing the server's legal moves click by
// click, never by client-side rules. A board asks what may come next (`values`, `allows`), records a
// choice (`pick`, `narrow`), and the shell offers Confirm once the choices name exactly one move.

/** Structural equality of two JSON values (object key order ignored). */
export function same(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => same(a[k], b[k]));
}

/** A stable text key of a JSON value (object keys sorted), for sets and maps of moves. */
export function keyOf(value) {
  if (Array.isArray(value)) return `[${value.map(keyOf).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${keyOf(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Does `move` agree with every field of `partial` (a partial move: {type: 'bid', slot: 2})? */
export function matches(move, partial) {
  return Object.entries(partial).every(([k, v]) => move && typeof move === 'object' && same(move[k], v));
}

export class Composer {
  /**
   * @param {object[]} moves  the viewer's legal moves (from GET .../legal-moves)
   * @param {number|null} version  the table version those moves are legal at (sent as expected_version)
   * @param {function} onChange  called after every pick/undo/clear, so the shell and the board redraw
   */
  constructor(moves = [], version = null, onChange = () => {}) {
    this.moves = moves;
    this.version = version;
    this.onChange = onChange;
    this.steps = []; // [{label, test, moves?, outline?}] in the order the player chose them
    this.outline = false; // true when `moves` is the server's outline of a long list (first steps, not whole moves)
  }

  /** Moves still possible after every choice so far (a step may bring the moves through an outline step). */
  get remaining() {
    return this.steps.reduce((left, step) => (step.moves || left).filter(step.test), this.moves);
  }

  /** Are the remaining moves (some of them) outline steps, not whole moves? */
  get outlined() {
    const brought = this.steps.filter((step) => step.moves);
    return brought.length ? Boolean(brought[brought.length - 1].outline) : this.outline;
  }

  /** Choose an outline step: `moves` (the server's moves through it) replace the list until this step is taken back. */
  expand(moves, test, label, outline = false) {
    if (!moves.some(test)) return false;
    this.steps.push({label, test, moves, outline});
    this.onChange(this);
    return true;
  }

  /** Is anything chosen yet? */
  get active() {
    return this.steps.length > 0;
  }

  /** The one legal move the choices name, or null while several (or none) remain. */
  get complete() {
    const left = this.remaining;
    if (left.length === 1) return left[0];
    // Choices may name a move exactly even when longer moves also match it (e.g. "pass" vs "pass + extra").
    return null;
  }

  /** Distinct values of `field` among the remaining moves that also agree with `partial`. */
  values(field, partial = {}) {
    const seen = new Map();
    for (const move of this.remaining) {
      if (!matches(move, partial) || !(field in move)) continue;
      const key = keyOf(move[field]);
      if (!seen.has(key)) seen.set(key, move[field]);
    }
    return [...seen.values()];
  }

  /** Would some remaining move agree with `partial`? (Highlight a target only when this is true.) */
  allows(partial) {
    return this.remaining.some((move) => matches(move, partial));
  }

  /** Remaining moves that agree with `partial`. */
  where(partial) {
    return this.remaining.filter((move) => matches(move, partial));
  }

  /** Choose: keep only moves that agree with `partial`. `label` is shown in the composer bar. */
  pick(partial, label = null) {
    return this.narrow((move) => matches(move, partial), label ?? Object.values(partial).join(' '));
  }

  /** Choose by any test over a move (e.g. "its `play` list contains card 17"). */
  narrow(test, label) {
    if (!this.remaining.some(test)) return false; // never narrow to nothing
    this.steps.push({label, test});
    this.onChange(this);
    return true;
  }

  /**
   * Stage one whole move for Confirm (a board's `propose`): the choice becomes exactly `move`, even
   * when it is not in `moves` (a move fetched through an outline step with `?match=`). Step back
   * returns to the choices before it. Staging the move the choices already name adds no step.
   */
  stage(move, label = null) {
    if (this.steps.length && this.complete && same(this.complete, move)) {
      this.onChange(this);
      return true;
    }
    this.steps.push({label, test: () => true, moves: [move], staged: true});
    this.onChange(this);
    return true;
  }

  /** Take back the last choice. */
  back() {
    this.steps.pop();
    this.onChange(this);
  }

  /** Forget every choice (Escape, Cancel, or a new version of the table). */
  clear() {
    if (!this.steps.length) return;
    this.steps = [];
    this.onChange(this);
  }

  /** Labels of the choices so far, for the composer bar ("Play T-A1", "Discard T-B3"). */
  get labels() {
    return this.steps.map((step) => step.label).filter(Boolean);
  }
}
