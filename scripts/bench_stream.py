"""The live stream's CPU per command, in one process; prints figures and a digest of the frames.

Run: ``PYTHONPATH=<tree> python scripts/bench_stream.py [--commands 300] [--store postgres|sqlite]``.

Bunny Kingdom tables of one person (seat 0, moves chosen by a seeded generator from its legal
moves) and three ``random`` bots, as ``bench_load.py`` plays them; after each command, seat 0's
stream takes its new frames (``FrameSource.frames`` from the version it has to the head), as a
live stream does on its notice, in the process that ran the command (a stream on the worker that
saved), and on a second ``Tables`` over the same store (the other worker, which reads the new
events from the store and applies them), each frame checked equal to the first's. Prints the
thread CPU of that call per command on each (mean, median), their mean (streams split evenly
between two workers) and the bytes sent per command. Run against two trees (``PYTHONPATH`` picks
which), the same seeds give the same deals and moves (the server's seeds are fixed: ``new_seed`` is
replaced). Between trees the frames' bytes are not compared (each entry carries its event's time);
``tests/fanout/test_frame_cost.py`` and ``test_stream_steps.py`` do that.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("PYTHONPATH", "").split(":")[0] or str(Path(__file__).resolve().parents[1]))

import domain.application as application  # noqa: E402
from api import collector  # noqa: E402
from api.routes.stream import FrameSource  # noqa: E402
from domain.games import GAMES  # noqa: E402
from domain.games.game import BotInput  # noqa: E402

PG_DB = os.environ.get("BENCH_STREAM_DB", "tabletop_stream_bench")


def store_env(store: str, tmp: str) -> dict[str, str]:
    if store == "sqlite":
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(Path(tmp) / "t.db")}
    import psycopg

    with psycopg.connect(host="127.0.0.1", user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{PG_DB}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{PG_DB}"')
    return {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_DBNAME": PG_DB, "POSTGRES_HOST": "127.0.0.1",
            "POSTGRES_PORT": "5432", "POSTGRES_USER": "postgres", "POSTGRES_PASSWORD": "", "CREATE_TABLE": "y",
            "AGGREGATE_CACHE_MAXSIZE": "1000"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=300)
    parser.add_argument("--store", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument("--gc-threshold", type=int, default=50_000,
                        help="the cycle collector as a server process sets it (api/collector.py; 0: CPython's)")
    args = parser.parse_args()
    seeds = iter(hashlib.sha256(b"bench_stream %d" % n).hexdigest() for n in range(10**6))
    application.new_seed = lambda: next(seeds)
    with tempfile.TemporaryDirectory() as tmp:
        env = store_env(args.store, tmp)
        tables = application.Tables(env=env)
        source = FrameSource(tables)
        # The other worker: same store, saves nothing itself, so its stream reads the new events
        # from the store and applies them (with two workers, about half the streams are there).
        other = application.Tables(env={**env, "CREATE_TABLE": "n"})
        elsewhere = FrameSource(other)
        other_costs = []
        collector.apply(args.gc_threshold)  # as a web worker once it has built its app
        rules, rng = GAMES["bunny_kingdom"], random.Random(7)
        sizes, costs, played = 0, [], 0
        while played < args.commands:
            table_id = tables.open_table("bunny_kingdom", 4).table_id
            tables.take_seat(table_id, "Ann", seat=0)
            for seat in (1, 2, 3):
                tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
            tables.start(table_id)
            sent, _ = source.frames(table_id, 0, 0, tables.table(table_id).version)
            theirs, _ = elsewhere.frames(table_id, 0, 0, sent)
            while played < args.commands and tables.table(table_id).status == "running":
                legal = tables.legal_moves(table_id, 0)
                view = tables.view(table_id, 0)["view"]
                head = tables.play_move(table_id, 0, rules.bots["random"](BotInput(0, view, legal, rng))).version
                started = time.thread_time()
                sent, blob = source.frames(table_id, 0, sent, head)
                costs.append(time.thread_time() - started)
                started = time.thread_time()
                theirs, copy = elsewhere.frames(table_id, 0, theirs, head)
                other_costs.append(time.thread_time() - started)
                if copy != blob:
                    raise SystemExit(f"the two workers' frames differ at table {table_id} version {head}")
                sizes += len(blob)
                played += 1
        other.close()
        tables.close()
    ms = [c * 1000 for c in costs]
    theirs_ms = [c * 1000 for c in other_costs]
    both = statistics.mean(ms + theirs_ms)
    print(f"bench_stream: {args.store}, {len(ms)} commands, seat 0's frames per command: on the saving worker mean "
          f"{statistics.mean(ms):.3f} ms, median {statistics.median(ms):.3f} ms; on the other worker mean "
          f"{statistics.mean(theirs_ms):.3f} ms, median {statistics.median(theirs_ms):.3f} ms; half and half {both:.3f} ms; "
          f"{sizes / len(ms):.0f} bytes, the same on both; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
