"""The projection worker process on PostgreSQL: SIGKILLed mid-stream, restarted, and its read
models end exactly equal to a rebuild from zero."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from domain.application import Tables
from projections.runner import NAMES, Projector
from projections.stores import MemoryStore, PostgresStore
from tests.domain.test_tables import play_first_legal, seated
from tests.projections.conftest import LIVE_DB, live_pg

pytestmark = pytest.mark.integration
ROOT = Path(__file__).resolve().parents[2]
WORKER = ("import sys; from domain.games import register; from tests.tinygame import GAME; register(GAME); "
          "from api.cli import main; sys.exit(main(['projections', 'run']))")


def start_worker() -> subprocess.Popen:
    pg = live_pg()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TABLETOP_STORE": "postgres", "TABLETOP_POSTGRES_DB": LIVE_DB,
           "TABLETOP_POSTGRES_HOST": pg["host"], "TABLETOP_POSTGRES_PORT": str(pg["port"]),
           "TABLETOP_POSTGRES_USER": pg["user"], "TABLETOP_POSTGRES_PASSWORD": pg["password"]}
    return subprocess.Popen([sys.executable, "-c", WORKER], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def wait_for(predicate, timeout=30.0):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def play_games(tables: Tables, count: int, stop: threading.Event | None = None) -> None:
    for n in range(count):
        if stop is not None and stop.is_set():
            return
        table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
        tables.start(table_id)
        while tables.table(table_id).status == "running":
            play_first_legal(tables, table_id)
        if n % 3 == 0:  # and a table left open in the lobby
            seated(tables, names=("cy",), bots=("bot",))


def test_a_sigkilled_worker_resumes_and_ends_equal_to_a_rebuild(pg_env):
    tables = Tables(env=pg_env)
    store = PostgresStore(live_pg(), prefix="readmodel")
    store.create()  # the migrate step, as before production workers start (the worker creates them too)
    worker = None
    try:
        play_games(tables, 3)  # history from before the worker existed
        worker = start_worker()
        assert wait_for(lambda: min(store.positions(NAMES).values()) > 0)
        writer = threading.Thread(target=play_games, args=(tables, 12))
        writer.start()
        assert wait_for(lambda: min(store.positions(NAMES).values()) > 60)
        worker.send_signal(signal.SIGKILL)  # mid-stream: commands keep coming
        worker.wait()
        killed_at = min(store.positions(NAMES).values())
        writer.join()
        head = tables.recorder.max_notification_id()
        assert killed_at < head  # there was something left to do after the kill
        worker = start_worker()
        assert wait_for(lambda: min(store.positions(NAMES).values()) == head), "the worker did not catch up"
        rebuilt = MemoryStore()
        Projector(tables, rebuilt).catch_up()
        for name in NAMES:
            assert store.all(name) == rebuilt.all(name), name
        worker.send_signal(signal.SIGTERM)  # a clean stop: exit status 0
        assert worker.wait(timeout=15) == 0
        worker = None
    finally:
        if worker is not None:
            worker.kill()
            worker.wait()
        store.close()
        tables.close()
