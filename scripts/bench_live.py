"""Live-updates benchmarks; prints figures (run: ``PYTHONPATH=. python scripts/bench_live.py [--quick]``).

1. Fan-out latency, publish -> receipt by an SSE client, p50/p99: 500 clients on one table, and
   1,000 clients over 50 tables, all on ONE gunicorn gevent worker, beside the raw Redis pub/sub
   latency measured in the same run. The publish time is taken just before ``PUBLISH`` in the
   commanding process; the receipt time when the client process reads the frame (same host clock).
2. Projections: raw notification-log read rate vs rebuild rate (events/s), SQLite and PostgreSQL,
   beside two floors measured in the same run: read + decode (the library's mapper turns each row
   into a domain event) and read + decode + replay (each event applied to its table, as any read
   model that needs a table's state or a sentence per event must). No rebuild can beat the floor
   of the work it has to do.
3. Save -> visible in the read models (the worker following the log): SQLite polling, PostgreSQL
   subscription.

It starts its own redis-server on a free port and uses its own PostgreSQL database
(``tabletop_live_bench``); the shared services' data are never touched. Numbers from a 2-core
box shared with other work: read them as relative.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from domain.games import register  # noqa: E402
from tests.tinygame import GAME  # noqa: E402

register(GAME)  # the benchmark plays the test-only Tiny Duel: small, and always there

from domain.application import Tables  # noqa: E402

PREFIX = "bench:"
PG_DB = "tabletop_live_bench"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def ms(values: list[float]) -> str:
    return f"p50 {pct(values, 50) * 1000:6.1f} ms   p99 {pct(values, 99) * 1000:6.1f} ms   (n={len(values)})"


# -- the SSE server under test (a gunicorn gevent worker) -----------------------------------------


def sse_app():
    """The real app (``create_app``) with Tiny Duel registered, for gunicorn: ``scripts.bench_live:sse_app()``.

    Settings come from the environment the benchmark sets: the SQLite store it fills, its own
    redis-server, projections off (this measures the fan-out alone).
    """
    from api import create_app

    return create_app()


def start_redis(tmp: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    proc = subprocess.Popen([shutil.which("redis-server"), "--port", str(port), "--bind", "127.0.0.1",
                             "--save", "", "--appendonly", "no", "--dir", tmp],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port)
    return proc, port


def wait_port(port: int, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port}")


def start_gunicorn(sqlite: str, redis_url: str, workers: int = 1) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_STORE": "sqlite",
           "TABLETOP_DATA_DIR": str(Path(sqlite).parent), "TABLETOP_REDIS_URL": redis_url,
           "TABLETOP_PROJECTIONS": "off", "TABLETOP_CREATE_TABLES": "n", "TABLETOP_SECRET": "388b9df805353fa4dd3f8a272e8827c44608a8a14070cbc4e551a1a0aadffb06",
           "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers), "WORKER_CONNECTIONS": "2000",
           # every client here is one loopback address: the per-client stream caps (16) would refuse them
           "TABLETOP_CLIENT_LIMITS": "off"}
    proc = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy/gunicorn.conf.py"),
                             "scripts.bench_live:sse_app()"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port)
    return proc, port


# -- SSE clients (a separate process: asyncio raw sockets) ------------------------------------------

ENTRY = re.compile(rb"id: (\d+)\nevent: entry")


async def _client(port: int, table: str, ready: asyncio.Event, counter: list, total: int, out: list) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(f"GET /api/tables/{table}/stream HTTP/1.0\r\nHost: bench\r\n\r\n".encode())
    await writer.drain()
    buf = b""
    seen_view = False
    try:
        while True:
            chunk = await reader.read(65536)
            if not chunk:
                return
            now = time.time()
            buf += chunk
            cut = buf.rfind(b"\n\n")
            if cut < 0:
                continue
            complete, buf = buf[: cut + 2], buf[cut + 2:]
            if not seen_view and b"event: view" in complete:
                seen_view = True
                counter[0] += 1
                if counter[0] == total:
                    ready.set()
                continue
            for match in ENTRY.finditer(complete):
                out.append((table, int(match.group(1)), now))
    finally:
        writer.close()


async def _clients(port: int, tables: list[str], per_table: int) -> None:
    ready, counter, out = asyncio.Event(), [0], []
    total = len(tables) * per_table
    tasks = []
    for i in range(per_table):
        for table in tables:
            tasks.append(asyncio.create_task(_client(port, table, ready, counter, total, out)))
        if i % 10 == 9:
            await asyncio.sleep(0.05)  # connect in waves
    await asyncio.wait_for(ready.wait(), timeout=180)
    print("READY", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)  # until told to stop
    for task in tasks:
        task.cancel()
    print(json.dumps(out), flush=True)


def clients_main() -> None:
    port, per_table, tables = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4].split(",")
    asyncio.run(_clients(port, tables, per_table))


# -- scenario: commands on tables, publish timestamps, receipt timestamps ---------------------------


def prepare_tables(tables: Tables, count: int) -> list:
    ids = []
    for _ in range(count):
        table_id = tables.open_table("tiny_duel", 2, {"hand_size": 3}, undo_policy="free").table_id
        tables.take_seat(table_id, "ann")
        tables.take_seat(table_id, "bob")
        tables.start(table_id)
        ids.append(table_id)
    return ids


def bid_and_take_back(tables: Tables, table_id) -> None:
    """Two commands that can repeat forever: seat 0 bids, then takes the bid back (free undo)."""
    version = tables.table(table_id).version
    tables.play_move(table_id, 0, tables.legal_moves(table_id, 0)[0])
    tables.request_undo(table_id, 0, version)


def fanout(label: str, sqlite: str, redis_url: str, table_count: int, per_table: int, commands: int,
           interval: float, workers: int = 1) -> None:
    from api.fanout import RedisBroker

    broker = RedisBroker(redis_url)
    published: dict[tuple[str, int], float] = {}

    def timed_publish(table_id, version):
        published[(str(table_id), version)] = time.time()
        broker.publish(table_id, version)

    Path(sqlite).parent.mkdir(parents=True, exist_ok=True)
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": sqlite})
    ids = prepare_tables(tables, table_count)
    server, port = start_gunicorn(sqlite, redis_url, workers)
    clients = subprocess.Popen([sys.executable, __file__, "clients", str(port), str(per_table),
                                ",".join(map(str, ids))], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        if clients.stdout.readline().strip() != "READY":
            raise RuntimeError("the SSE clients did not connect")
        tables.on_saved.append(timed_publish)
        started = time.monotonic()
        for n in range(commands // 2):
            bid_and_take_back(tables, ids[n % len(ids)])
            time.sleep(interval)
        elapsed = time.monotonic() - started
        time.sleep(1.0)  # let the last frames arrive
        cpu = {"server": sum(_cpu_seconds(pid) for pid in _children(server.pid)), "clients": _cpu_seconds(clients.pid)}
        clients.stdin.write("STOP\n")
        clients.stdin.flush()
        receipts = json.loads(clients.stdout.readline())
    finally:
        clients.kill()
        server.terminate()
        server.wait()
        tables.close()
        broker.close()
    latencies = [t - published[(table, v)] for table, v, t in receipts if (table, v) in published]
    expected = len(published) * per_table
    print(f"  {label}: {ms(latencies)}   delivered {len(latencies)}/{expected}, "
          f"{len(published) / elapsed:.0f} commands/s; CPU s: {workers} worker(s) {cpu['server']:.1f}, "
          f"clients {cpu['clients']:.1f}, over {elapsed:.1f} s")


def _children(pid: int) -> list[int]:
    """gunicorn's worker processes."""
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()] or [pid]


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def raw_redis(redis_url: str, count: int, interval: float) -> None:
    import redis

    client = redis.Redis.from_url(redis_url)
    pubsub = redis.Redis.from_url(redis_url).pubsub()
    pubsub.subscribe(f"{PREFIX}raw")
    while pubsub.get_message(timeout=1) is None:
        pass
    latencies: list[float] = []

    def listen():
        while len(latencies) < count:
            message = pubsub.get_message(timeout=2)
            if message is None:
                return
            if message["type"] == "message":
                latencies.append(time.time() - float(message["data"]))

    thread = threading.Thread(target=listen)
    thread.start()
    for _ in range(count):
        client.publish(f"{PREFIX}raw", repr(time.time()))
        time.sleep(interval)
    thread.join()
    print(f"  raw Redis pub/sub, 1 subscriber: {ms(latencies)}")


# -- projections ----------------------------------------------------------------------------------


def fill(tables: Tables, games: int) -> int:
    from tests.domain.test_tables import play_to_end

    for _ in range(games):
        table_id = prepare_tables(tables, 1)[0]
        play_to_end(tables, table_id)
    return tables.recorder.max_notification_id()


def read_rate(tables: Tables) -> float:
    started, start, rows = time.perf_counter(), 0, 0
    while True:
        items = tables.recorder.select_notifications(start=start, limit=500, inclusive_of_start=False)
        if not items:
            break
        rows += len(items)
        start = items[-1].id
    return rows / (time.perf_counter() - started)


def decode_rate(tables: Tables, replay: bool = False) -> float:
    """Read + decode every notification; with ``replay`` also apply each event to its table."""
    started, start, rows = time.perf_counter(), 0, 0
    replayed: dict = {}
    while True:
        items = tables.recorder.select_notifications(start=start, limit=500, inclusive_of_start=False)
        if not items:
            break
        for item in items:
            event = tables.mapper.to_domain_event(item)
            if replay:
                replayed[event.originator_id] = event.mutate(replayed.get(event.originator_id))
        rows += len(items)
        start = items[-1].id
    return rows / (time.perf_counter() - started)


def projections(label: str, env: dict, store_factory, games: int) -> None:
    from projections.runner import NAMES, Projector, all_projections

    tables = Tables(env=env)
    events = fill(tables, games)
    raw = max(read_rate(tables) for _ in range(3))
    decoded = max(decode_rate(tables) for _ in range(3))
    replayed = max(decode_rate(tables, replay=True) for _ in range(3))
    store = store_factory()
    projector = Projector(tables, store)
    started = time.perf_counter()
    applied = projector.rebuild(NAMES)
    rebuild = applied / (time.perf_counter() - started)
    print(f"  {label}: {events} events; raw log read {raw:,.0f} ev/s; read + decode {decoded:,.0f} ({decoded / raw:.0%}); "
          f"read + decode + replay {replayed:,.0f} ({replayed / raw:.0%})")
    print(f"    rebuild of all 5 read models {rebuild:,.0f} ev/s ({rebuild / raw:.0%} of raw, "
          f"{rebuild / replayed:.0%} of the replay floor)")
    singles = []
    for one in all_projections():
        started = time.perf_counter()
        count = Projector(tables, store, [one]).rebuild([one.name])
        rate = count / (time.perf_counter() - started)
        singles.append(f"{one.name} {rate:,.0f} ({rate / raw:.0%})")
    print(f"    rebuild of one read model (ev/s): {', '.join(singles)}")
    visible(label, tables, store)
    store.close()
    tables.close()


def visible(label: str, tables: Tables, store) -> None:
    """Save -> visible in the read models, with the worker following the log in a thread."""
    from projections.runner import NAMES, Projector, follow

    stop = threading.Event()
    worker = threading.Thread(target=follow, args=(Projector(tables, store), stop), daemon=True)
    worker.start()
    table_id = prepare_tables(tables, 1)[0]
    latencies = []
    for _ in range(40):
        version = tables.table(table_id).version
        receipt = tables.play_move(table_id, 0, tables.legal_moves(table_id, 0)[0])
        saved = time.perf_counter()
        while min(store.positions(NAMES).values()) < receipt.position:
            time.sleep(0.001)
        latencies.append(time.perf_counter() - saved)
        tables.request_undo(table_id, 0, version)
        time.sleep(0.02)
    stop.set()
    worker.join()
    print(f"  {label}: save -> visible in every read model: {ms(latencies)}")


def pg_env() -> tuple[dict, dict]:
    import psycopg

    conninfo = {"host": "127.0.0.1", "port": 5432, "user": "postgres", "password": "", "dbname": PG_DB}
    with psycopg.connect(**{**conninfo, "dbname": "postgres"}, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (PG_DB,)).fetchone():
            conn.execute(f'CREATE DATABASE "{PG_DB}"')
    with psycopg.connect(**conninfo, autocommit=True) as conn:
        for table in ("tables_events", "tables_snapshots", "bench_docs", "bench_tracking"):
            conn.execute(f"DROP TABLE IF EXISTS {table}")
    env = {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_DBNAME": PG_DB, "POSTGRES_HOST": "127.0.0.1",
           "POSTGRES_PORT": "5432", "POSTGRES_USER": "postgres", "POSTGRES_PASSWORD": "",
           "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "4"}
    return env, conninfo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer clients, commands and games")
    parser.add_argument("--only", choices=("fanout", "projections"))
    parser.add_argument("--interval", type=float, default=0.03, help="seconds between commands on one table")
    args = parser.parse_args()
    quick = args.quick
    from projections.stores import PostgresStore, SQLiteStore

    print(f"load average before the run: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        if args.only in (None, "fanout"):
            redis_proc, redis_port = start_redis(tmp)
            redis_url = f"redis://127.0.0.1:{redis_port}/0"
            try:
                print("fan-out (create_app on one gunicorn gevent worker, Redis hub, SQLite store, spectator streams):")
                raw_redis(redis_url, 500 if quick else 2000, 0.002)
                one = (100, 60) if quick else (500, 200)
                for workers in (1, 2):
                    fanout(f"{one[0]} clients on 1 table, {workers} worker(s)",
                           str(Path(tmp) / f"one{workers}" / "tables.db"), redis_url, 1, one[0], one[1],
                           args.interval, workers)
                spread = (4, 60) if quick else (20, 300)
                fanout(f"{50 * spread[0]} clients over 50 tables", str(Path(tmp) / "spread" / "tables.db"), redis_url, 50,
                       spread[0], spread[1], 0.02)
                raw_redis(redis_url, 500 if quick else 2000, 0.002)
            finally:
                redis_proc.kill()
        if args.only in (None, "projections"):
            games = 100 if quick else 600
            print("projections (Tiny Duel games, 5 read models, batches of 500):")
            projections("SQLite", {"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                                   "SQLITE_DBNAME": str(Path(tmp) / "events.db")},
                        lambda: SQLiteStore(Path(tmp) / "readmodels.db"), games)
            env, conninfo = pg_env()
            import psycopg

            projections(f"PostgreSQL (psycopg {psycopg.__version__}, {psycopg.pq.__impl__} libpq binding)", env, lambda: PostgresStore(conninfo, prefix="bench"), games)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "clients":
        clients_main()
    else:
        main()
