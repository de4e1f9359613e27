"""Real services for the live-updates integration tests.

Redis: each test that needs it starts its OWN ``redis-server`` on a free port (it may kill it;
the shared server on 6379 is never touched). PostgreSQL: this area's own database,
``tabletop_live_test``, with the event store's tables dropped before each test.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time

import pytest

from tests.backends import unavailable
from tests.projections.conftest import live_pg

pytestmark = pytest.mark.integration


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A throwaway redis-server that a test may kill and restart on the same port."""

    def __init__(self, tmp_path) -> None:
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.dir = tmp_path
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.dir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30  # generous on a busy box; returns as soon as the port answers
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not start")

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None


@pytest.fixture
def redis_server(tmp_path):
    if shutil.which("redis-server") is None:
        unavailable("redis-server", FileNotFoundError("redis-server is not installed"))
    server = RedisServer(tmp_path).start()
    yield server
    server.kill()


def pg_event_store() -> dict[str, str]:
    """A clean PostgreSQL event store in this area's own database."""
    import psycopg

    pg = live_pg()
    with psycopg.connect(**pg, autocommit=True) as conn:
        for table in ("tables_events", "tables_snapshots", "readmodel_docs", "readmodel_tracking"):
            conn.execute(f"DROP TABLE IF EXISTS {table} CASCADE")
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": pg["dbname"], "POSTGRES_HOST": pg["host"], "POSTGRES_PORT": str(pg["port"]),
        "POSTGRES_USER": pg["user"], "POSTGRES_PASSWORD": pg["password"],
        "POSTGRES_POOL_SIZE": "2", "POSTGRES_MAX_OVERFLOW": "6",
    }


@pytest.fixture
def pg_env():
    return pg_event_store()
