"""``tabletop bench core``: what a command through ``Tables`` costs, next to the library's floor.

For each store (SQLite file, and PostgreSQL when reachable) it prints, from one process run:

* a bare eventsourcing append (one tiny aggregate, one event per save): saves/s, p50, p99;
* a Tables command (a seat taken or left: load, idempotency and version checks, the hash chain,
  one save): commands/s, p50, p99, and the ratio of its p50 to the bare append's p50;
* the load time of a 5,000-event table with and without a snapshot (cache off, median of 5).

Figures, not assertions: run it, read it, put it in the note.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any
from uuid import uuid4

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate

from api.config import Settings
from domain.application import Tables
from domain.fairness import new_seed
from domain.games import GAMES
from domain.table import Table


class Counter(Aggregate):
    """The smallest useful aggregate: the bare-append baseline."""

    class Ticked(Aggregate.Event):
        n: int

        def apply(self, counter: Counter) -> None:
            counter.n = self.n

    def __init__(self) -> None:
        self.n = 0

    def tick(self) -> None:
        self.trigger_event(self.Ticked, n=self.n + 1)


class Baseline(Application):
    name = "Baseline"


class TablesWithoutSnapshots(Tables):
    name = "Tables"  # the same store tables as Tables (the library names them after the class)
    snapshotting_intervals = None


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return len(samples) / sum(samples), statistics.median(samples) * 1000, p99 * 1000


def bare_append(env: dict[str, str], n: int) -> tuple[float, float, float]:
    app = Baseline(env=env)
    counter = Counter()
    app.save(counter)
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        counter.tick()
        app.save(counter)
        samples.append(time.perf_counter() - t0)
    app.close()
    return _percentiles(samples)


def _any_game() -> str:
    if not GAMES:
        raise SystemExit("bench: no game is registered")
    return sorted(GAMES, key=lambda name: GAMES[name].max_players)[-1]


def table_commands(env: dict[str, str], n: int) -> tuple[float, float, float]:
    tables = Tables(env=env)
    game = GAMES[_any_game()]
    table_id = tables.open_table(game.name, game.max_players).table_id
    tables.take_seat(table_id, "ann")
    samples = []
    for i in range(n):
        t0 = time.perf_counter()
        if i % 2 == 0:
            tables.take_seat(table_id, f"p{i}", seat=game.max_players - 1)
        else:
            tables.leave(table_id, game.max_players - 1)
        samples.append(time.perf_counter() - t0)
    tables.close()
    return _percentiles(samples)


def game_moves(env: dict[str, str], n: int, game_name: str) -> tuple[float, float, float, float]:
    """A person's moves at a table with bots: each command also plays chance and bot turns.

    Returns (commands/s, p50 ms, p99 ms, events per command).
    """
    tables = Tables(env=env)
    game = GAMES[game_name]
    samples: list[float] = []
    events = 0
    while len(samples) < n:
        table_id = tables.open_table(game.name, game.max_players).table_id
        tables.take_seat(table_id, "ann")
        for seat in range(1, game.max_players):
            tables.take_seat(table_id, f"bot{seat}", bot=True)
        start = tables.start(table_id).version
        while len(samples) < n:
            moves = tables.legal_moves(table_id, 0)
            if not moves:
                break
            t0 = time.perf_counter()
            receipt = tables.play_move(table_id, 0, moves[0])
            samples.append(time.perf_counter() - t0)
            events += receipt.version - start
            start = receipt.version
    tables.close()
    return (*_percentiles(samples), events / len(samples))


def long_table(env: dict[str, str], events: int) -> tuple[float, float]:
    """Median load time (ms) of an ``events``-long table without, then with, a snapshot."""
    plain = TablesWithoutSnapshots(env=env)
    game = GAMES[_any_game()]
    table = Table.open(id=uuid4(), game=game, options=game.resolve_options(game.max_players, {}),
                       seats=game.max_players, undo_policy="consent", seed=new_seed())
    for i in range(events - 1):
        if i % 2 == 0:
            table.take_seat(0, f"p{i}", False, None)
        else:
            table.leave(0, None)
    pending = table.collect_events()
    for k in range(0, len(pending), 500):
        plain.events.put(pending[k : k + 500])

    def timed(app: Tables) -> float:
        samples = []
        for _ in range(5):
            t0 = time.perf_counter()
            loaded = app.repository.get(table.id)
            samples.append(time.perf_counter() - t0)
            assert loaded.version == events
        return statistics.median(samples) * 1000

    without = timed(plain)
    plain.close()
    snapshotting = Tables(env=env)
    snapshotting.take_snapshot(table.id)
    with_snapshot = timed(snapshotting)
    snapshotting.close()
    return without, with_snapshot


def _stores(quick: bool) -> list[tuple[str, Any]]:
    stores: list[tuple[str, Any]] = [("sqlite", None)]
    try:
        import psycopg

        settings = Settings.from_env().with_(store="postgres", postgres_dbname="tabletop_bench")
        admin = dict(host=settings.postgres_host, port=settings.postgres_port, user=settings.postgres_user,
                     password=settings.postgres_password, autocommit=True, connect_timeout=3)
        with psycopg.connect(dbname="postgres", **admin) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname='tabletop_bench'").fetchone():
                conn.execute("CREATE DATABASE tabletop_bench")
        stores.append(("postgres", (settings, admin)))
    except Exception as error:  # noqa: BLE001 - PostgreSQL is optional for the benchmark
        print(f"(PostgreSQL skipped: {error})")
    return stores


def _env(kind: str, extra: Any, folder: Path, name: str, cache: bool) -> dict[str, str]:
    """A fresh store; ``cache`` as an API worker runs (on), or off to time real loads."""
    if kind == "sqlite":
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(folder / f"{name}.db")}
    else:
        settings, admin = extra
        import psycopg

        with psycopg.connect(dbname="tabletop_bench", **admin) as conn:
            for table in ("baseline_events", "tables_events", "tables_snapshots"):
                conn.execute(f"DROP TABLE IF EXISTS {table}")
        env = settings.with_(aggregate_cache=0).eventsourcing_env()
    if cache:
        env["AGGREGATE_CACHE_MAXSIZE"] = "100"
    return env


def main(what: str = "core", quick: bool = False) -> int:
    n = 200 if quick else 1000
    length = 5000
    print(f"tabletop bench {what}: {n} saves per row; game for table commands: {_any_game()}")
    print(f"{'store':<9} {'what':<40} {'per s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for kind, extra in _stores(quick):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            base = bare_append(_env(kind, extra, folder, "baseline", cache=True), n)
            cmd = table_commands(_env(kind, extra, folder, "tables", cache=True), n)
            print(f"{kind:<9} {'bare eventsourcing append (1 event)':<40} {base[0]:>8.0f} {base[1]:>8.2f} {base[2]:>8.2f}")
            print(f"{kind:<9} {'Tables command (seat taken/left)':<40} {cmd[0]:>8.0f} {cmd[1]:>8.2f} {cmd[2]:>8.2f}")
            print(f"{kind:<9} {'ratio command p50 / bare append p50':<40} {cmd[1] / base[1]:>8.2f}")
            if "bunny_kingdom" in GAMES:
                mv = game_moves(_env(kind, extra, folder, "moves", cache=True), n // 4, "bunny_kingdom")
                label = f"Bunny Kingdom move, 3 bots ({mv[3]:.1f} ev/cmd)"
                print(f"{kind:<9} {label:<40} {mv[0]:>8.0f} {mv[1]:>8.2f} {mv[2]:>8.2f}")
            without, with_snapshot = long_table(_env(kind, extra, folder, "long", cache=False), length)
            print(f"{kind:<9} {f'load {length}-event table, no snapshot (ms)':<40} {without:>8.1f}")
            print(f"{kind:<9} {f'load {length}-event table, snapshot (ms)':<40} {with_snapshot:>8.2f}")
    return 0
