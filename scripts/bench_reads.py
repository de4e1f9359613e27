"""Read costs against a table's length; prints figures (run: ``PYTHONPATH=. python scripts/bench_reads.py``).

For a table of about 50 and of about 5,000 events, on SQLite and PostgreSQL (own database
``--db``, dropped at the end), in one warm process as a web worker runs (the latest-tables cache
on, projections off, so these reads come from the event store):

* ``GET /api/tables/<id>/events?after=<v-10>&limit=10`` through the real app (a seat's token);
* a new SSE frame: a fresh ``FrameSource`` rendering the entry and the view of the last version
  for a stream that had everything before it (what each new version costs a stream).

Median of ``--repeat`` runs, in ms. The table's history is seats taken and left before the start
(cheap to write), then a Tiny Duel game's moves; the pages read are at its end.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from domain.games import register  # noqa: E402
from tests.tinygame import GAME  # noqa: E402

register(GAME)

from api import auth, create_app  # noqa: E402
from api.config import Settings  # noqa: E402
from api.routes.stream import FrameSource  # noqa: E402

SECRET = hashlib.sha256(b"bench-reads, loopback only").hexdigest()  # a key api.config accepts


def build(tables, events: int) -> tuple[UUID, str, int]:
    """A Tiny Duel table of about ``events`` events; its id, seat 0's token and its version."""
    table_id = tables.open_table("tiny_duel", 2, {"hand_size": 3}).table_id
    since = tables.take_seat(table_id, "ann", seat=0).version
    tables.take_seat(table_id, "bob", seat=1)
    version = 3
    while version < events - 12:
        tables.leave(table_id, 1)
        version = tables.take_seat(table_id, "bob", seat=1).version
    tables.start(table_id)
    while True:
        table = tables.table(table_id)
        if table.status != "running" or table.version >= events:
            return table_id, auth.issue(SECRET.encode(), table_id, 0, since), table.version
        seat = min(table.to_act())
        tables.play_move(table_id, seat, tables.legal_moves(table_id, seat)[0])


def new_frame(tables, table_id: UUID, version: int) -> None:
    """What a new version costs a stream that had everything before it (a fresh source: no memo)."""
    FrameSource(tables).frames(table_id, 0, version - 1, version)


def median_ms(action, repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        action()
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples) * 1000


def run(settings: Settings, repeat: int) -> list[tuple[int, float, float]]:
    app = create_app(settings)
    client = app.test_client()
    tables = app.extensions["tabletop.tables"]
    rows = []
    try:
        for size in (50, 5000):
            table_id, token, version = build(tables, size)
            headers = {"Authorization": f"Bearer {token}"}
            url = f"/api/tables/{table_id}/events?after={version - 10}&limit=10"
            assert len(client.get(url, headers=headers).json) == 10
            page = median_ms(partial(client.get, url, headers=headers), repeat)
            frame = median_ms(partial(new_frame, tables, table_id, version), repeat)
            rows.append((version, page, frame))
    finally:
        tables.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="tabletop_reads_bench", help="PostgreSQL database to create and drop")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    print(f"bench_reads: median of {args.repeat}, ms (load average {os.getloadavg()[0]:.1f})")
    print(f"{'store':<9} {'events':>7} {'GET events?after=v-10&limit=10':>32} {'new SSE frame':>15}")
    with tempfile.TemporaryDirectory() as tmp:
        base = Settings(store="sqlite", data_dir=Path(tmp), secret=SECRET, projections="off", testing=True)
        for version, page, frame in run(base, args.repeat):
            print(f"{'sqlite':<9} {version:>7} {page:>32.2f} {frame:>15.2f}")
        try:
            import psycopg

            admin = {"host": base.postgres_host, "port": base.postgres_port, "user": base.postgres_user}
            with psycopg.connect(dbname="postgres", autocommit=True, connect_timeout=3, **admin) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{args.db}" WITH (FORCE)')
                conn.execute(f'CREATE DATABASE "{args.db}"')
        except Exception as error:  # noqa: BLE001 - PostgreSQL is optional here
            print(f"(PostgreSQL skipped: {error})")
            return
        try:
            for version, page, frame in run(base.with_(store="postgres", postgres_dbname=args.db), args.repeat):
                print(f"{'postgres':<9} {version:>7} {page:>32.2f} {frame:>15.2f}")
        finally:
            with psycopg.connect(dbname="postgres", autocommit=True, **admin) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{args.db}" WITH (FORCE)')


if __name__ == "__main__":
    main()
