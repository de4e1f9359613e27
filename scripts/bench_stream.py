"""The live stream's CPU per command, in one process; prints figures and a digest of the frames.

Run: ``PYTHONPATH=<tree> python scripts/bench_stream.py [--commands 300] [--store postgres|sqlite]``.

Bunny Kingdom tables of one person (seat 0, moves chosen by a seeded generator from its legal
moves) and three ``random`` bots, as ``bench_load.py`` plays them; after each command, seat 0's
stream takes its new frames (``FrameSource.frames`` from the version it has to the head), as a
live stream does on its notice, in the process that ran the command (a stream on the worker that
saved). Prints the thread CPU of that call per command (mean, median) and the bytes sent per
command. Run against two trees (``PYTHONPATH`` picks which), the same seeds give the same deals and
moves (the server's seeds are fixed: ``new_seed`` is replaced). The frames' bytes are not compared
here (each entry carries its event's time); ``tests/fanout/test_frame_cost.py`` does that.
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
    args = parser.parse_args()
    seeds = iter(hashlib.sha256(b"bench_stream %d" % n).hexdigest() for n in range(10**6))
    application.new_seed = lambda: next(seeds)
    with tempfile.TemporaryDirectory() as tmp:
        tables = application.Tables(env=store_env(args.store, tmp))
        source = FrameSource(tables)
        rules, rng = GAMES["bunny_kingdom"], random.Random(7)
        sizes, costs, played = 0, [], 0
        while played < args.commands:
            table_id = tables.open_table("bunny_kingdom", 4).table_id
            tables.take_seat(table_id, "Ann", seat=0)
            for seat in (1, 2, 3):
                tables.take_seat(table_id, f"Bot {seat}", seat=seat, bot=True, level="random")
            tables.start(table_id)
            sent, _ = source.frames(table_id, 0, 0, tables.table(table_id).version)
            while played < args.commands and tables.table(table_id).status == "running":
                legal = tables.legal_moves(table_id, 0)
                view = tables.view(table_id, 0)["view"]
                head = tables.play_move(table_id, 0, rules.bots["random"](BotInput(0, view, legal, rng))).version
                started = time.thread_time()
                sent, blob = source.frames(table_id, 0, sent, head)
                costs.append(time.thread_time() - started)
                sizes += len(blob)
                played += 1
        tables.close()
    ms = [c * 1000 for c in costs]
    print(f"bench_stream: {args.store}, {len(ms)} commands, seat 0's frames per command: mean {statistics.mean(ms):.3f} ms, "
          f"median {statistics.median(ms):.3f} ms; {sizes / len(ms):.0f} bytes; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
