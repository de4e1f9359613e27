"""CPU per command in one process, measured with ``time.process_time`` (not wall time).

Why: on a shared, loaded box the throughput of ``scripts/bench_load.py`` moves with the other
sessions' load; the CPU one command costs this process moves far less. Plays Bunny Kingdom tables
of one person and three bots through the real Flask app (test client: routing, hooks, webargs,
marshmallow, JSON), each command a ``GET .../legal-moves`` then a ``POST .../moves`` pair, then
replays the log through the projection worker's ``Projector`` into an in-memory read store
(its per-event cost: views, log entries, their JSON), and prints CPU ms per pair and per event.

The bots play at ``--level`` (default ``random``, as when issue 18's baseline was measured): the
figures measure the platform's command path, not the bots' thinking (a ``basic`` bot spends
several ms of CPU per decision, and a command of the person is followed by three bot decisions in
the same request). ``--level basic`` measures the default a person gets.

    python scripts/bench_cpu.py --pairs 300 [--store memory|postgres] [--level random|basic|strong] [--profile out.prof]
        [--project-repeat 3] [--project-batch 40] [--project-profile worker.prof] [--one-trip 6]
        [--same-tables] [--sql 1000]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import random
import statistics
import sys
import time
from uuid import uuid4

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from api import create_app, logs  # noqa: E402
from api.config import Settings  # noqa: E402

GAME, SEATS = "bunny_kingdom", 4
LEVEL = "random"  # the bots' level (--level)
SECRET = "12cad824a9aac6c9b485445176d0754e2261f87af197723900e99f9c9d8d76f7"


def _pg_database(name: str) -> None:
    import psycopg

    with psycopg.connect(host="127.0.0.1", user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def open_table(client) -> tuple[str, dict]:
    table = client.post("/api/tables", json={"game": GAME, "seats": SEATS}).json["table_id"]
    token = client.post(f"/api/tables/{table}/seats", json={"name": "Ann", "seat": 0}).json["token"]
    for seat in range(1, SEATS):
        client.post(f"/api/tables/{table}/seats", json={"name": f"Bot {seat}", "seat": seat, "bot": True, "level": LEVEL})
    headers = {"Authorization": f"Bearer {token}"}
    assert client.post(f"/api/tables/{table}/start", json={}, headers=headers).status_code == 200
    return table, headers


def play(client, pairs: int, rng: random.Random, tables: int = 4) -> tuple[list[float], list[float]]:
    """CPU seconds of each GET legal-moves and each POST moves (setup of new tables not counted)."""
    lanes = [open_table(client) for _ in range(tables)]
    gets, posts = [], []
    i = 0
    while len(posts) < pairs:
        lane = i % tables
        i += 1
        table, headers = lanes[lane]
        t0 = time.process_time()
        r = client.get(f"/api/tables/{table}/seats/0/legal-moves", headers=headers)
        t1 = time.process_time()
        assert r.status_code == 200, r.json
        moves = r.json["moves"]
        if not moves:
            lanes[lane] = open_table(client)
            continue
        move = rng.choice([m for m in moves if not m["type"].startswith("retract")] or moves)
        t2 = time.process_time()
        r = client.post(f"/api/tables/{table}/seats/0/moves", json={"move": move, "command_id": uuid4().hex},
                        headers=headers)
        t3 = time.process_time()
        assert r.status_code == 200, r.json
        gets.append(t1 - t0)
        posts.append(t3 - t2)
    return gets, posts


def play_one(client, moves: int, rng: random.Random, tables: int = 4) -> list[float]:
    """CPU seconds of each move played in one round trip (issue 39, twelfth session): ``POST
    .../moves?legal_moves=true`` and the next move chosen from its answer's list; a GET legal-moves
    only when there is none (a table's first move, the end), counted in that move's CPU."""
    lanes = [[*open_table(client), None] for _ in range(tables)]
    out: list[float] = []
    i = 0
    while len(out) < moves:
        lane = lanes[i % tables]
        i += 1
        table, headers, carried = lane
        t0 = time.process_time()
        if carried and carried["moves"]:
            legal = carried["moves"]
        else:
            r = client.get(f"/api/tables/{table}/seats/0/legal-moves", headers=headers)
            assert r.status_code == 200, r.json
            legal = r.json["moves"]
        if not legal:
            lanes[(i - 1) % tables] = [*open_table(client), None]
            continue
        move = rng.choice([m for m in legal if not m["type"].startswith("retract")] or legal)
        r = client.post(f"/api/tables/{table}/seats/0/moves?legal_moves=true",
                        json={"move": move, "command_id": uuid4().hex}, headers=headers)
        t1 = time.process_time()
        assert r.status_code == 200, r.json
        lane[2] = r.json["legal_moves"]
        out.append(t1 - t0)
    return out


def one_trip(client, rounds: int, moves: int, rng: random.Random) -> None:
    """The web side's CPU per move, two round trips (GET legal-moves + POST) against one
    (``play_one``), in alternating blocks of ``moves`` in this one process: ratios, not rates."""
    two, one = [], []
    for k in range(rounds):
        for lane in (("two", "one") if k % 2 == 0 else ("one", "two")):
            if lane == "two":
                gets, posts = play(client, moves, rng)
                two.append([g + p for g, p in zip(gets, posts)])
            else:
                one.append(play_one(client, moves, rng))
    print(f"  one round trip against two, {rounds} alternating blocks of {moves} moves each, CPU ms per move:")
    for k, (a, b) in enumerate(zip(two, one)):
        print(f"    block {k + 1}: two {1000 * statistics.mean(a):.3f}, one {1000 * statistics.mean(b):.3f}, "
              f"ratio {statistics.mean(b) / statistics.mean(a):.2f}")
    flat_two, flat_one = [x for b in two for x in b], [x for b in one for x in b]
    print(f"    all: two {ms(flat_two)}")
    print(f"         one {ms(flat_one)}")
    print(f"         ratio of means {statistics.mean(flat_one) / statistics.mean(flat_two):.2f}, "
          f"of medians {statistics.median(flat_one) / statistics.median(flat_two):.2f}")


def sql_per_move(client, db: str, moves: int, rng: random.Random) -> None:
    """What one move costs PostgreSQL (``--sql``, thirteenth session): ``moves`` moves played in one
    round trip each (``play_one``), with the statements this process sends counted by their first
    words (``psycopg.Cursor.execute``; BEGIN and COMMIT go another way and are not counted), the
    database's transactions and rows from ``pg_stat_database``, and the CPU of its backends from
    ``/proc`` (the pool's connections; this process's own web CPU beside them)."""
    import collections

    import psycopg

    def backends() -> tuple[tuple[int, ...], float]:
        with psycopg.connect(host="127.0.0.1", user="postgres", dbname="postgres", autocommit=True) as conn:
            stats = conn.execute("SELECT xact_commit, tup_inserted, tup_returned, tup_fetched FROM pg_stat_database "
                                 "WHERE datname = %s", (db,)).fetchone()
            pids = [pid for (pid,) in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s "
                                                   "AND pid <> pg_backend_pid()", (db,))]
        ticks = 0
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])
            except (FileNotFoundError, ProcessLookupError):
                pass
        return stats, ticks / os.sysconf("SC_CLK_TCK")

    counts: collections.Counter = collections.Counter()
    execute = psycopg.Cursor.execute

    def counted(self, query, *args, **kwargs):  # noqa: ANN001, ANN202 - psycopg's own signature
        text = query if isinstance(query, str) else query.as_string(self.connection)
        counts[" ".join(text.split()[:4])[:70]] += 1
        return execute(self, query, *args, **kwargs)

    play_one(client, 20, rng)  # the pool's connections opened before the first reading
    time.sleep(0.5)  # pg_stat_database is updated by each backend when it goes idle
    stats0, cpu0 = backends()
    psycopg.Cursor.execute = counted
    try:
        web = play_one(client, moves, rng)
    finally:
        psycopg.Cursor.execute = execute
    time.sleep(0.5)
    stats1, cpu1 = backends()
    per = [(b - a) / moves for a, b in zip(stats0, stats1)]
    print(f"  {moves} moves in one round trip each (table openings included), per move: web CPU {ms(web)} ms; "
          f"PostgreSQL backends {1000 * (cpu1 - cpu0) / moves:.3f} ms CPU, {per[0]:.2f} transactions, "
          f"{per[1]:.2f} rows inserted, {per[2] + per[3]:.1f} rows read; statements sent:")
    for statement, n in counts.most_common():
        print(f"    {n / moves:6.3f}  {statement}")


def project(app, batch_size: int = 40) -> tuple[int, float]:
    """Replay the whole log through a fresh projector into memory; (events, CPU seconds)."""
    from projections.runner import Projector
    from projections.stores import MemoryStore

    tables = app.extensions["tabletop.tables"]
    projector = Projector(tables, MemoryStore())
    projector.upgrade()
    # Batches the size a busy worker sees (10 ms linger at 50 tables: tens of events).
    t0 = time.process_time()
    events = projector.catch_up(batch_size=batch_size)
    return events, time.process_time() - t0


def same_tables() -> None:
    """Table seeds from a counter (``bench-0``, ``bench-1`` ... hashed): with the person's moves
    from ``--seed`` and the bots' from ``bot_rng``, every run plays the same games, event for event."""
    import hashlib
    import itertools

    import domain.application as application

    counter = itertools.count()
    application.new_seed = lambda: hashlib.sha256(f"bench-{next(counter)}".encode()).hexdigest()


def best(fn, repeat: int = 5, number: int = 200) -> float:
    """CPU ms of one call of ``fn``: the best of ``repeat`` loops (the least disturbed by the box)."""
    runs = []
    for _ in range(repeat):
        t0 = time.process_time()
        for _ in range(number):
            fn()
        runs.append((time.process_time() - t0) / number)
    return 1000 * min(runs)


def parts(app, client) -> None:
    """Each mechanism the command path does once instead of per request, timed both ways on this
    run's own data (tight loops, best of five: far steadier than whole requests on a busy box)."""
    from marshmallow import Schema

    from api.schemas.commands import PlayMoveSchema
    from api.schemas.views import LegalMovesQuerySchema, LegalMovesSchema, ReceiptSchema

    table, headers = open_table(client)
    answer = client.get(f"/api/tables/{table}/seats/0/legal-moves", headers=headers).json
    receipt = {"table_id": uuid4(), "version": 40, "position": 1234, "seat": 0, "duplicate": False}
    legal, rec = LegalMovesSchema(), ReceiptSchema()
    rows = [
        ("request schemas built (PlayMoveSchema + LegalMovesQuerySchema)",
         lambda: (PlayMoveSchema(), LegalMovesQuerySchema()), lambda: None),
        (f"legal-moves answer dumped ({len(answer['moves'])} moves)",
         lambda: Schema.dump(legal, answer), lambda: legal.dump(answer)),
        ("receipt dumped", lambda: Schema.dump(rec, receipt), lambda: rec.dump(receipt)),
    ]
    rows += parts_39(answer)
    print("  per mechanism, CPU ms per call, before -> after:")
    for label, before, after in rows:
        b, a = best(before, number=50), best(after, number=50)
        print(f"    {label:<70} {b:8.3f} -> {a:8.3f}")


def parts_39(answer: dict) -> list:
    """Issue 39's cuts (docs/command-path.md, eleventh session), each as it was and as it is."""
    from api.auth import _hex
    from api.schemas.views import _string_keyed_dicts
    from domain.games.bunny_kingdom import rules, scoring

    token = "0123456789abcdef" * 4
    moves = answer["moves"]
    state = rules.resolve_chance(rules.setup(4, {}), list(rules.ALL_CARDS))
    return [
        ("legal-moves fast path's type check",
         lambda: all(type(m) is dict and all(type(k) is str for k in m) for m in moves),
         lambda: _string_keyed_dicts(moves)),
        ("seat token's hex check", lambda: len(token) == 64 and all(c in "0123456789abcdef" for c in token),
         lambda: _hex(token)),
        ("Bunny Kingdom scores of a state before the end (computed -> kept per banked harvests)",
         lambda: scoring._scores(state.players, state.harvests, ()), lambda: scoring.scores(state)),
    ]


def ms(values: list[float]) -> str:
    return f"mean {1000 * statistics.fmean(values):.2f} / median {1000 * statistics.median(values):.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--store", choices=("memory", "postgres"), default="memory")
    parser.add_argument("--db", default="tt_bench_cpu")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="random", choices=("random", "basic", "strong"),
                        help="the bots' level (default random: the command path, not the bots' thinking)")
    parser.add_argument("--profile", help="write a cProfile of the measured pairs here")
    parser.add_argument("--project-repeat", type=int, default=1,
                        help="replay the log through a fresh projector this many times; print the best")
    parser.add_argument("--project-batch", type=int, default=40,
                        help="events per projection batch (default 40; 4, about one command of one table, "
                             "is closer to a worker following 50 tables live)")
    parser.add_argument("--project-profile", help="write a cProfile of one projection replay here")
    parser.add_argument("--same-tables", action="store_true",
                        help="draw the tables' seeds from a counter, not at random: two trees (a branch and "
                             "its base) then play the very same games, and their projection figures compare")
    parser.add_argument("--parts", action="store_true", help="also time each mechanism cut in issues 18 and 39 both ways")
    parser.add_argument("--sql", type=int, default=0, metavar="MOVES",
                        help="also (with --store postgres): MOVES moves in one round trip each, with the statements "
                             "sent, the transactions and rows, and the PostgreSQL backends' CPU per move")
    parser.add_argument("--one-trip", type=int, default=0, metavar="ROUNDS",
                        help="also: CPU per move, GET legal-moves + POST against POST ?legal_moves=true alone, in "
                             "ROUNDS alternating blocks of --pairs/ROUNDS moves")
    args = parser.parse_args()
    global LEVEL
    LEVEL = args.level
    if args.same_tables:
        same_tables()
    # As scripts/bench_load.py serves it: client limits off (one client address), a JSON access
    # line per request (to /dev/null here).
    changes = dict(store=args.store, secret=SECRET, projections="off", client_limits=False)
    logs.configure(stream=open(os.devnull, "w"))
    if args.store == "postgres":
        _pg_database(args.db)
        changes.update(postgres_dbname=args.db)
    app = create_app(Settings.from_env({}).with_(**changes))
    client = app.test_client()
    rng = random.Random(args.seed)
    play(client, 30, rng)  # warm: imports, caches, the first tables
    profiler = cProfile.Profile(time.process_time) if args.profile else None
    if profiler:
        profiler.enable()
    gets, posts = play(client, args.pairs, rng)
    if profiler:
        profiler.disable()
        profiler.dump_stats(args.profile)
    pairs = [g + p for g, p in zip(gets, posts)]
    print(f"bench_cpu: {GAME}, bots {LEVEL}, store {args.store}, {len(pairs)} GET legal-moves + POST moves pairs, CPU ms (process_time)")
    print(f"  web  GET legal-moves  {ms(gets)}")
    print(f"  web  POST moves       {ms(posts)}")
    print(f"  web  pair             {ms(pairs)}")
    events, cpu = min((project(app, args.project_batch) for _ in range(args.project_repeat)), key=lambda r: r[1])
    if args.project_profile:
        profiler = cProfile.Profile(time.process_time)
        profiler.runcall(project, app, args.project_batch)
        profiler.dump_stats(args.project_profile)
    commands = len(pairs) + 30
    print(f"  projection worker     {1000 * cpu / max(events, 1):.3f} per event, {events} events, "
          f"{1000 * cpu / commands:.2f} per command (batches of {args.project_batch}"
          f"{f', best of {args.project_repeat}' if args.project_repeat > 1 else ''})")
    if args.parts:
        parts(app, client)
    if args.one_trip:
        one_trip(client, args.one_trip, max(1, args.pairs // args.one_trip), rng)
    if args.sql and args.store == "postgres":
        sql_per_move(client, args.db, args.sql, rng)
    app.extensions["tabletop.tables"].close()


if __name__ == "__main__":
    main()
