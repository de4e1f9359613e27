// The status line in words: whose turn it is and what the viewer must do. A board module may say
// what its phase asks for (`status(props)`); the shell adds who else the table waits for.

/** Names in a sentence: "ann", "ann and bob", "ann, bob and cy". */
export function listed(names) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Who the table waits for, other than the viewer ("" when only the viewer acts). */
export function waitingFor(props) {
  const others = props.toAct.filter((seat) => seat !== props.viewer && seat >= 0);
  return others.length ? `waiting for ${listed(others.map((seat) => props.name(seat)))}` : '';
}

/** A generic sentence for any game, from the table summary and the legal moves. */
export function genericStatus(props, {summary, types, boardSays}) {
  const t = summary;
  if (t.status === 'open') {
    const free = t.seats.filter((x) => x.free).length;
    return free ? `Waiting for players: ${plural(free, 'seat')} free.` : 'Every seat is taken: ready to start.';
  }
  if (t.status === 'finished') {
    const winners = t.result?.winners || props.scores?.winners || [];
    if (!winners.length) return 'Game over.';
    const you = winners.includes(props.viewer);
    return `Game over. ${winners.length > 1 ? 'Winners' : 'Winner'}: ${listed(winners.map((seat) => props.name(seat)))}${you ? ' — well played!' : '.'}`;
  }
  if (t.undo_request) {
    const who = props.name(t.undo_request.by);
    return `Play is paused: ${who === 'You' ? 'you ask' : `${who} asks`} to undo moves.`;
  }
  const mine = props.viewer !== null && props.toAct.includes(props.viewer);
  const others = props.toAct.filter((seat) => seat !== props.viewer && seat >= 0).map((seat) => props.name(seat));
  const said = boardSays ? boardSays.replace(/[.\s]+$/, '').replace(mine ? /^your turn\b[\s:,.—-]*/i : /^$/, '') || null : null;
  if (mine) {
    // The viewer's turn reads as theirs: never "waiting for ..." (others acting at once are named as such).
    const what = said || (types.length ? `choose a move (${listed(types)})` : 'choose a move');
    const also = others.length ? ` ${listed(others)} ${others.length === 1 ? 'is' : 'are'} choosing too.` : '';
    return `Your turn${said ? ' — ' : ': '}${what}.${also}`;
  }
  const waiting = waitingFor(props);
  if (said) return `${said}${waiting ? ` — ${waiting}` : ''}.`;
  if (!waiting) return 'Waiting.';
  return `${waiting.charAt(0).toUpperCase()}${waiting.slice(1)}.`;
}
