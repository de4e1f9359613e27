"""The rate of ``tabletop rules check`` on the embedded store (SQLite): tables/s and events/s.

Fills a fresh SQLite store in a temporary folder with seeded all-bot tables of every product game
(half of the Walnut Grove tables under rules 1, which the check replays twice: under its own rules
and the newest), then times ``Tables.check_all_rules`` over all of them, reading every event from
the file. Run it niced on a shared box:

    nice python3 scripts/measure_rules_check.py [--tables-per-game 10]
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import tempfile
import time
from pathlib import Path
from uuid import uuid4

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from domain.application import Tables  # noqa: E402
from domain.games import GAMES, get_game  # noqa: E402
from domain.table import Table  # noqa: E402


def fill(tables: Tables, per_game: int, oldest: bool) -> None:
    for name in sorted(GAMES):
        if name == "tiny_duel":
            continue
        for n in range(per_game):
            versions = [v.rules_version for v in get_game(name).versions()]
            game = get_game(name, versions[-1] if oldest else versions[n % len(versions)])
            players = 2
            table = Table.open(id=uuid4(), game=game, options=game.resolve_options(players, {}), seats=players,
                               undo_policy="consent", seed=hashlib.sha256(f"rate-{name}-{n}".encode()).hexdigest())
            tables.save(table)
            for seat in range(players):
                tables.take_seat(table.id, f"Bot {seat + 1}", bot=True, level="random")
            tables.start(table.id)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables-per-game", type=int, default=10)
    parser.add_argument("--oldest", action="store_true",
                        help="every table under its game's first rules (the day after an upgrade: a game with a "
                             "newer version is replayed twice per table)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(Path(folder) / "tables.db")}
        tables = Tables(env=env)
        fill(tables, args.tables_per_game, args.oldest)
        tables.close()
        tables = Tables(env=env)  # a fresh process's view: nothing cached
        for _ in range(2):
            started, cpu = time.perf_counter(), time.process_time()
            found = list(tables.check_all_rules())
            wall, used = time.perf_counter() - started, time.process_time() - cpu
            events = sum(c.events for c in found)
            twice = sum(1 for c in found if c.rules_version != c.newest)
            print(f"{len(found)} tables ({twice} replayed twice: not on the newest rules), {events} events: "
                  f"{len(found) / wall:.1f} tables/s, {events / wall:.0f} events/s wall "
                  f"({events / used:.0f} events/s of CPU)")
        tables.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
