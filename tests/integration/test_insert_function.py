"""A save is one call of the store's insert function (``api/pgstore.py``, ``api/group_commit.py``).

The call replaces the library's pipelined transaction (lock, notify, insert, commit), so what that
transaction guaranteed is pinned here against the real server: the insert lock is taken and waited
for, the projection worker's channel is notified, ids come back in the rows' order, the store's
``lock_timeout`` applies, and a store migrated before the function existed still saves.
"""

from __future__ import annotations

import logging
import threading
import time

import psycopg
import pytest
from eventsourcing.persistence import OperationalError

from domain.application import Tables
from tests.backends import PG
from tests.integration.test_group_commit import group_env, head, sql


@pytest.fixture
def store():
    apps: list[Tables] = []

    def make(fresh: bool = True, **extra: str) -> Tables:
        app = Tables(env={**group_env("0", fresh), **extra})
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def waiting_for_lock(deadline_s: float = 30.0) -> bool:
    """True once some backend waits for a lock on the events table (polled; bounded)."""
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if sql("SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
               "WHERE c.relname = 'tables_events' AND NOT l.granted"):
            return True
        time.sleep(0.01)
    return False


def test_a_save_is_one_statement_and_its_rows_get_consecutive_ids_in_version_order(store, monkeypatch):
    tables = store()
    table_id = tables.open_table("tiny_duel", 2).table_id
    statements: list[str] = []
    execute = psycopg.Cursor.execute

    def counted(self, query, *args, **kwargs):
        statements.append(query if isinstance(query, str) else query.as_string(self.connection))
        return execute(self, query, *args, **kwargs)

    start = head()
    monkeypatch.setattr(psycopg.Cursor, "execute", counted)
    tables.take_seat(table_id, "ann")
    receipt = tables.take_seat(table_id, "bob")  # both seated: the start's events follow in one save
    tables.start(table_id)
    monkeypatch.setattr(psycopg.Cursor, "execute", execute)
    writes = [s for s in statements if any(w in s for w in ("LOCK", "NOTIFY", "INSERT", "_insert_v1"))]
    assert len(writes) == 3 and all("_insert_v1\"(" in s for s in writes), writes  # one statement a save
    rows = sql("SELECT notification_id, originator_version FROM tables_events WHERE notification_id > %s "
               "ORDER BY notification_id", start)
    ids = [i for i, _ in rows]
    assert ids == list(range(start + 1, start + 1 + len(rows)))  # no gap
    assert [v for _, v in rows] == sorted(v for _, v in rows)  # in the order the events were raised
    assert receipt.position == ids[1]


def test_a_save_notifies_the_channel_the_projection_worker_listens_on(store):
    tables = store()
    table_id = tables.open_table("tiny_duel", 2).table_id
    with psycopg.connect(**PG, autocommit=True) as listener:
        listener.execute("LISTEN tables_events")
        tables.take_seat(table_id, "ann")
        heard = list(listener.notifies(timeout=30, stop_after=1))
    assert [n.channel for n in heard] == ["tables_events"]


def test_a_save_waits_for_the_insert_lock_another_transaction_holds(store):
    tables = store()
    table_id = tables.open_table("tiny_duel", 2).table_id
    start = head()
    done: list = []
    with psycopg.connect(**PG) as holder:
        holder.execute("LOCK TABLE tables_events IN EXCLUSIVE MODE")
        saver = threading.Thread(target=lambda: done.append(tables.take_seat(table_id, "ann")))
        saver.start()
        assert waiting_for_lock()
        assert not done and head() == start
        holder.commit()
    saver.join(30)
    assert done and done[0].position == start + 1


def test_the_stores_lock_timeout_applies_to_a_save(store):
    tables = store(POSTGRES_LOCK_TIMEOUT="1")
    table_id = tables.open_table("tiny_duel", 2).table_id
    start = head()
    with psycopg.connect(**PG) as holder:
        holder.execute("LOCK TABLE tables_events IN EXCLUSIVE MODE")
        with pytest.raises(OperationalError, match="lock timeout"):
            tables.take_seat(table_id, "ann")
        holder.rollback()
    assert head() == start
    assert tables.take_seat(table_id, "ann").position == start + 1


def test_a_store_migrated_before_the_insert_function_saves_through_the_pipelined_transaction(store, caplog):
    tables = store()
    table_id = tables.open_table("tiny_duel", 2).table_id
    sql("DROP FUNCTION tables_events_insert_v1")
    try:
        old = store(fresh=False)  # a worker on that store (it creates nothing)
        start = head()
        with caplog.at_level(logging.WARNING, logger="api.group_commit"):
            receipt = old.take_seat(table_id, "ann")
        assert receipt.position == start + 1 and old.recorder.insert_function is None
        assert "run `tabletop migrate`" in caplog.text
        assert old.take_seat(table_id, "bob").position == start + 2
    finally:
        store()  # a migration creates it again
    assert sql("SELECT to_regprocedure('tables_events_insert_v1(stored_event_uuid[], text)') IS NOT NULL") == [(True,)]
