"""The projection worker's CPU per move as it follows tables live, into the real PostgreSQL.

Why: ``scripts/bench_load.py`` reads the worker's CPU per command in production shape, but its
figure moves with the box's load and with how many games finish in each run; ``bench_cpu.py``
replays a log in one process into an in-memory store, so a statement or a read saved on
PostgreSQL does not show there. This plays ``--tables`` seeded Bunny Kingdom tables (one person
and three random bots, seeds from a counter, the moves from a seeded generator: every run and
every tree plays the very same games) in memory, one move per table per round, then has a fresh
``Projector`` ``process`` the log round by round, as a worker following those tables live sees it
(one table: a batch is one move; 50 tables: a batch is one move of each), into a PostgreSQL read
store of its own. It prints the worker's CPU (``process_time``: the projections, the encoding and
the client's work per statement) and the PostgreSQL backend's, per move.

``--baseline DIR`` runs another tree (a ``git archive`` copy of main) in the same run: each pair
runs it and this tree alternately in fresh interpreters (``PYTHONPATH``), and prints every pair.

    python scripts/bench_projection.py --tables 1,50 --moves 1200 --pairs 3 [--baseline /work/base]
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME, SEATS = "bunny_kingdom", 4
PG = {"host": os.environ.get("TABLETOP_TEST_POSTGRES_HOST", "127.0.0.1"), "port": 5432, "user": "postgres",
      "dbname": os.environ.get("BENCH_PROJECTION_DB", "tt_bench_projection")}


def backend_cpu(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total


def played(tables_count: int, moves: int):
    """The seeded tables played round by round; returns the app and each round's notifications."""
    from unittest import mock

    import domain.application as application
    from domain.application import Tables

    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    counter, opened = itertools.count(), itertools.count()
    seeds = lambda: hashlib.sha256(f"bench-{next(counter)}".encode()).hexdigest()  # noqa: E731
    rng = random.Random(7)
    ids = []
    with mock.patch.object(application, "new_seed", seeds):
        for _ in range(tables_count):
            table_id = tables.open_table(GAME, SEATS, command_id=f"bench-{next(opened)}").table_id
            for seat in range(SEATS):
                tables.take_seat(table_id, "Ann" if seat == 0 else f"Bot {seat}", seat=seat, bot=seat > 0,
                                 level="random" if seat else None)
            tables.start(table_id)
            ids.append(table_id)
    after = 0
    rounds = [tables.recorder.select_notifications(start=0, limit=1_000_000)]
    after = rounds[0][-1].id
    played_moves = 0
    while played_moves < moves:
        for n, table_id in enumerate(ids):
            table = tables.table(table_id)
            if table.status != "running":  # a finished table is replaced by a new one
                with mock.patch.object(application, "new_seed", seeds):
                    new = tables.open_table(GAME, SEATS, command_id=f"bench-{next(opened)}").table_id
                    for seat in range(SEATS):
                        tables.take_seat(new, "Ann" if seat == 0 else f"Bot {seat}", seat=seat, bot=seat > 0,
                                         level="random" if seat else None)
                    tables.start(new)
                ids[n] = table_id = new
                table = tables.table(table_id)
            seat = min(table.to_act())
            tables.play_move(table_id, seat, table.game.bot_move(table.state, seat, rng))
            played_moves += 1
        items = tables.recorder.select_notifications(start=after, limit=1_000_000, inclusive_of_start=False)
        after = items[-1].id
        rounds.append(items)
    return tables, rounds, played_moves


def one(tables_count: int, moves: int) -> dict:
    """One measurement in this interpreter (the tree on ``PYTHONPATH``)."""
    import psycopg

    from projections.runner import Projector
    from projections.stores import PostgresStore

    tables, rounds, played_moves = played(tables_count, moves)
    from api import collector

    collector.apply(50_000)  # the worker's cycle collector, as ``tabletop projections run`` sets it
    prefix = f"bp_{os.getpid()}"
    store = PostgresStore(PG, prefix=prefix)
    try:
        store.drop()
        store.create()
        projector = Projector(tables, store)
        projector.upgrade()
        projector.process(rounds[0])  # the openings, not measured
        with psycopg.connect(**PG, autocommit=True) as conn:
            pids = [r[0] for r in conn.execute("SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> "
                                               "pg_backend_pid()", (PG["dbname"],)).fetchall()]
        cpu0, pg0 = time.process_time(), backend_cpu(pids)
        events = sum(projector.process(items) for items in rounds[1:])
        cpu1, pg1 = time.process_time(), backend_cpu(pids)
        digest = documents_digest(store)
    finally:
        store.drop()
        store.close()
        tables.close()
    return {"moves": played_moves, "events": events, "batches": len(rounds) - 1,
            "worker_ms": 1000 * (cpu1 - cpu0) / played_moves, "pg_ms": 1000 * (pg1 - pg0) / played_moves,
            "digest": digest}


def documents_digest(store) -> str:
    """What both trees stored, less what hangs on this run's clock (the lobby's times, the log's
    timestamps, the hash chain's head in the views' table summary)."""
    docs = {m: store.all(m) for m in ("scores", "score_history", "views", "log")}
    for _, _, row in docs["log"]:
        row.pop("timestamp")
    for _, _, view in docs["views"]:
        view["table"].pop("head_hash", None)
    return hashlib.sha256(json.dumps(docs, sort_keys=True).encode()).hexdigest()[:12]


def run_tree(tree: Path, tables_count: int, moves: int) -> dict:
    out = subprocess.run(["nice", "-n", "5", sys.executable, str(Path(__file__).resolve()), "--one",
                          str(tables_count), "--moves", str(moves)],
                         env={**os.environ, "PYTHONPATH": str(tree)}, cwd=tree, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="1,50", help="comma-separated table counts")
    parser.add_argument("--moves", type=int, default=1200, help="moves measured per run")
    parser.add_argument("--pairs", type=int, default=2)
    parser.add_argument("--baseline", help="another tree (e.g. a git archive of main), run alternately")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.one, args.moves)))
        return
    import psycopg

    with psycopg.connect(**{**PG, "dbname": "postgres"}, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG["dbname"],)).fetchone():
            conn.execute(f'CREATE DATABASE "{PG["dbname"]}"')
    trees = [("base", Path(args.baseline))] if args.baseline else []
    trees.append(("this", ROOT))
    for count in (int(t) for t in args.tables.split(",")):
        figures: dict[str, list[dict]] = {name: [] for name, _ in trees}
        for pair in range(args.pairs):
            order = trees if pair % 2 == 0 else trees[::-1]
            for name, tree in order:
                load = os.getloadavg()[0]
                r = run_tree(tree, count, args.moves)
                figures[name].append(r)
                print(f"{count:3d} tables  pair {pair + 1}  {name:4s}  worker {r['worker_ms']:.3f} ms/move  "
                      f"postgres {r['pg_ms']:.3f} ms/move  ({r['moves']} moves, {r['events']} events, "
                      f"{r['batches']} batches, load {load:.1f}, documents {r['digest']})", flush=True)
        for name, _ in trees:
            w = [r["worker_ms"] for r in figures[name]]
            p = [r["pg_ms"] for r in figures[name]]
            print(f"{count:3d} tables  {name:4s}  worker median {statistics.median(w):.3f} (best {min(w):.3f})  "
                  f"postgres median {statistics.median(p):.3f}")


if __name__ == "__main__":
    main()
