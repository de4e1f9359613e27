"""Prints what a game record costs: one whole bot game per product game (4 seats, in-memory store),
then the milliseconds to build its record, to check it (chain, seed, outcomes) and to replay it
through the rules as ``tabletop import`` does. Run from the repository: ``python scripts/bench_record.py``."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from api.config import Settings  # noqa: E402
from api.wiring import build_tables  # noqa: E402
from domain.importing import replay_record  # noqa: E402
from domain.record import check_record, table_record  # noqa: E402


def main() -> None:
    tables = build_tables(Settings(store="memory"))
    try:
        for game in ("bunny_kingdom", "fantasy_ranch", "homesteaders", "walnut_grove"):
            table_id = tables.open_table(game, 4).table_id
            for seat in range(4):
                tables.take_seat(table_id, f"bot {seat}", bot=True)
            tables.start(table_id)
            t0 = time.perf_counter()
            record = table_record(tables, table_id, None)
            t1 = time.perf_counter()
            assert check_record(record).ok
            t2 = time.perf_counter()
            replay_record(json.loads(json.dumps(record)))
            t3 = time.perf_counter()
            size = len(json.dumps(record)) // 1024
            print(f"{game:<14} {len(record['events']):>4} events {size:>4} KiB  build {1000 * (t1 - t0):6.1f} ms  "
                  f"check {1000 * (t2 - t1):6.1f} ms  replay {1000 * (t3 - t2):6.1f} ms")
    finally:
        tables.close()


if __name__ == "__main__":
    main()
