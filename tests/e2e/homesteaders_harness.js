// Test-only host for the Homesteaders board module until the table-page shell (issue 12) hosts it:
// evaluated in a page of the served client, it draws the board from real API answers (view, legal
// moves, catalog, scores) with a real Composer, exactly per docs/web.md "Board modules". Moves go
// out only through the board's propose(); the test itself only clicks.
async ({tableId, seat, token, version}) => {
  const {Composer} = await import('/web/composer.js');
  const board = (await import('/web/games/homesteaders.js')).default;
  const get = async (path) => {
    const r = await fetch(path, {headers: token ? {Authorization: `Bearer ${token}`} : {}, cache: 'no-store'});
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    return r.json();
  };
  const catalog = await get('/api/games/homesteaders/components');
  const base = `/api/tables/${tableId}`;
  const root = document.createElement('div');
  root.className = 'board';
  root.id = 'board';
  const statusLine = document.createElement('p');
  statusLine.id = 'hs-status';
  const main = document.querySelector('main') || document.body;
  main.replaceChildren(statusLine, root);
  const names = ['Ann', 'Bob', 'Cat', 'Dan'];
  const colours = ['#c0392b', '#2e8b57', '#2b6cb0', '#d4a017'];
  let props = null;
  let busy = false;

  function draw() {
    board.render(root, props);
    statusLine.textContent = board.status(props);
    document.body.dataset.version = String(props.version);
  }

  async function refresh() {
    const at = version ? `?version=${version}` : '';
    const [v, legal, scores] = await Promise.all([
      get(`${base}/view${at}`),
      seat === null || version ? null : get(`${base}/seats/${seat}/legal-moves`),
      get(`${base}/scores${at}`),
    ]);
    const events = seat === null ? [] : await get(`${base}/events?limit=1000&after=${Math.max(0, (version || v.table.version) - 150)}`);
    const moves = legal || {moves: [], version: v.table.version};
    const composer = new Composer(moves.moves, moves.version, () => draw());
    // As the shell does: log entries of the other seats since the viewer's last move.
    const log = events.filter((e) => !e.undone && (!version || e.version <= version));
    let i = log.length;
    while (i > 0 && log[i - 1].seat !== seat) i -= 1;
    const recent = log.slice(i).filter((e) => e.seat !== null && e.seat !== seat && e.seat >= 0);
    props = {
      game: 'homesteaders', catalog, view: v.view, viewer: seat, replaying: Boolean(version),
      seats: (v.view?.seats || []).map((x) => ({seat: x.seat, name: names[x.seat], colour: colours[x.seat], you: x.seat === seat})),
      name: (s) => (s === seat ? 'You' : names[s] ?? `Seat ${s}`), colour: (s) => colours[s] ?? '#888',
      status: v.table.status, toAct: v.view?.to_act || [], version: version || moves.version,
      composer, propose, scores, recent,
    };
    draw();
  }

  async function propose(move) {
    busy = true;
    try {
      const r = await fetch(`${base}/seats/${seat}/moves`, {method: 'POST', cache: 'no-store',
        headers: {'Content-Type': 'application/json', Authorization: `Bearer ${token}`},
        body: JSON.stringify({move, command_id: crypto.randomUUID(), expected_version: props.composer.version})});
      if (!r.ok) document.body.dataset.refused = await r.text();
      await refresh();
    } finally {
      busy = false;
    }
  }

  window.hsHarness = {refresh, busy: () => busy};
  await refresh();
}
