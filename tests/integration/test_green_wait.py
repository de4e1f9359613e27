"""psycopg's wait in a gevent worker (``api/green.py``), on the real PostgreSQL: a query that waits
lets the worker's other greenlets run, a broken connection raises instead of hanging, and the
gunicorn worker installs it."""

from __future__ import annotations

import gevent
import psycopg
import pytest
from psycopg import waiting

from api import green, gunicorn_worker
from tests.backends import PG, unavailable


@pytest.fixture
def connect(monkeypatch):
    monkeypatch.setattr(waiting, "wait", green.wait)
    opened = []

    def one() -> psycopg.Connection:
        try:
            conn = psycopg.connect(**PG, autocommit=True, connect_timeout=3)
        except psycopg.OperationalError as error:
            unavailable("PostgreSQL", error)
        opened.append(conn)
        return conn

    yield one
    for conn in opened:
        conn.close()


def test_a_query_waiting_for_the_server_lets_the_other_greenlets_run(connect):
    slow, quick = connect(), connect()
    order = []

    def sleeper():
        slow.execute("SELECT pg_sleep(0.3)")
        order.append("slow")

    def asker():
        assert quick.execute("SELECT %s::int", (7,), prepare=True).fetchone() == (7,)
        order.append("quick")

    first = gevent.spawn(sleeper)
    gevent.sleep(0)  # the sleeper has sent its query and waits on the hub
    second = gevent.spawn(asker)
    gevent.joinall([first, second], raise_error=True)
    assert order == ["quick", "slow"]  # a blocking wait would have finished the sleeper first


def test_a_pipelined_transaction_commits_through_it(connect):
    conn = connect()
    conn.execute("CREATE TEMP TABLE green_rows (v int)")
    with conn.pipeline() as pipeline, conn.transaction(), conn.cursor() as cur:
        cur.execute("INSERT INTO green_rows SELECT unnest(%s::int[]) RETURNING v", ([1, 2, 3],))
        pipeline.sync()
        assert [r[0] for r in cur.fetchall()] == [1, 2, 3]
    assert conn.execute("SELECT count(*) FROM green_rows").fetchone() == (3,)


@pytest.mark.timeout(30)
def test_a_connection_the_server_ends_while_waiting_raises_and_never_hangs(connect):
    victim, admin = connect(), connect()
    pid = victim.info.backend_pid
    outcome = []

    def waiting_query():
        try:
            victim.execute("SELECT pg_sleep(20)")
            outcome.append("finished")
        except psycopg.OperationalError as error:
            outcome.append(error)

    query = gevent.spawn(waiting_query)
    gevent.sleep(0.1)
    admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    query.join(timeout=10)
    assert len(outcome) == 1 and isinstance(outcome[0], psycopg.OperationalError)


def test_the_gunicorn_worker_installs_it_after_gevent_patches(monkeypatch):
    monkeypatch.setattr(waiting, "wait", waiting.wait_poll)
    patched = []
    monkeypatch.setattr(gunicorn_worker.GeventWorker, "patch", lambda self: patched.append(self))
    worker = gunicorn_worker.Worker.__new__(gunicorn_worker.Worker)
    worker.patch()
    assert patched == [worker] and waiting.wait is green.wait
