"""The anchored chain: timestamps inside the digest, a truncated history found against a later
head, forged snapshots reported by the audit and never loaded.

Tampering is done as someone with database access would: rewriting or deleting stored rows.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta

import pytest

from domain import hashchain
from domain.application import Tables
from domain.snapshots import SealedSnapshot
from domain.table import Table
from tests.backends import PG, store_env
from tests.domain.test_tables import play_first_legal, play_to_end, seated

STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.integration)]
KEY = b"k" * 32


class Rows:
    """The stored rows of one table, read and rewritten through the store's own SQL."""

    def __init__(self, backend: str, tmp_path) -> None:
        self.backend, self.path = backend, tmp_path / "tables.db"

    def _run(self, sql: str, params: tuple) -> list:
        if self.backend == "sqlite":
            with sqlite3.connect(self.path) as db:
                return db.execute(sql.replace("%s", "?"), params).fetchall()
        import psycopg

        with psycopg.connect(**PG, autocommit=True) as db:
            cursor = db.execute(sql, params)
            return cursor.fetchall() if cursor.description else []

    def _names(self, kind: str) -> tuple[str, str]:
        if self.backend == "sqlite":
            return f"stored_{kind}", "originator_id"
        return f"tables_{kind}", "originator_id"

    def _id(self, table_id):
        return table_id.hex if self.backend == "sqlite" else table_id

    def rewrite(self, kind: str, table_id, version: int, change) -> None:
        name, key = self._names(kind)
        ((state,),) = self._run(f"SELECT state FROM {name} WHERE {key} = %s AND originator_version = %s",
                                (self._id(table_id), version))
        body = change(json.loads(bytes(state)))
        self._run(f"UPDATE {name} SET state = %s WHERE {key} = %s AND originator_version = %s",
                  (json.dumps(body).encode(), self._id(table_id), version))

    def delete_after(self, table_id, version: int, kinds=("events", "snapshots")) -> None:
        for kind in kinds:
            name, key = self._names(kind)
            self._run(f"DELETE FROM {name} WHERE {key} = %s AND originator_version > %s", (self._id(table_id), version))

    def snapshot_versions(self, table_id) -> list[int]:
        name, key = self._names("snapshots")
        return sorted(v for (v,) in self._run(f"SELECT originator_version FROM {name} WHERE {key} = %s",
                                               (self._id(table_id),)))


@pytest.fixture(params=STORES)
def store(request, tmp_path):
    env = store_env(request.param, tmp_path)
    tables = Tables(env=env, snapshot_key=KEY)
    tables.snapshotting_intervals = {Table: 5}  # several snapshots in a short game
    yield tables, Rows(request.param, tmp_path), env
    tables.close()


def fresh(env, key: bytes = KEY) -> Tables:
    """Another process on the same store: nothing cached, everything read from the rows."""
    return Tables(env=env, snapshot_key=key)


def finished_table(tables: Tables):
    table_id = seated(tables, names=("ann", "bob"), bots=("robo",), hand_size=3)
    tables.start(table_id)
    play_to_end(tables, table_id)
    return table_id


def test_tables_opened_now_declare_chain_format_2_and_hash_each_events_timestamp(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    events = list(tables.events.get(table_id))
    assert events[0].chain_format == 2
    for event in events:
        assert event.digest == hashchain.digest(event.prev_hash, event.originator_version, type(event).__name__,
                                                hashchain.payload_of(event), event.timestamp)
    assert tables.audit(table_id).ok


def test_an_edited_event_timestamp_breaks_the_chain_at_that_event(store):
    tables, rows, env = store
    table_id = finished_table(tables)

    def backdate(body):
        stamp = datetime.fromisoformat(body["timestamp"]["_data_"]) - timedelta(hours=1)
        body["timestamp"]["_data_"] = stamp.isoformat()
        return body

    rows.rewrite("events", table_id, 5, backdate)
    report = fresh(env).audit(table_id)
    assert report.checks["hash_chain"].ok is False and report.checks["hash_chain"].version == 5


def test_a_table_stored_in_chain_format_1_still_audits_and_plays_on(store):
    """A store from before format 2: no ``chain_format``, digests without timestamps."""
    tables, rows, env = store
    tables.snapshotting_intervals = {Table: 1000}  # no snapshot of the format 2 state being rewritten
    table_id = seated(tables, names=("ann", "bob"), hand_size=3)
    tables.start(table_id)
    play_first_legal(tables, table_id)
    last = tables.table(table_id).version
    prev = hashchain.GENESIS
    for version in range(1, last + 1):
        def to_format_1(body, version=version):
            nonlocal prev
            body.pop("chain_format", None)
            body["prev_hash"] = prev
            payload = {k: v for k, v in body.items() if k not in hashchain.UNHASHED}
            name = [e for e in tables.events.get(table_id, gt=version - 1, lte=version)][0].__class__.__name__
            body["digest"] = prev = hashchain.digest(prev, version, name, payload)
            return body

        rows.rewrite("events", table_id, version, to_format_1)
    old = fresh(env)
    assert old.audit(table_id).ok, old.audit(table_id).to_dict()
    assert old.table(table_id).chain_format == 1
    play_to_end(old, table_id)  # new events on an old table keep its format
    report = old.audit(table_id)
    assert report.ok, report.to_dict()
    old.close()


def test_a_history_cut_short_is_reported_against_a_later_head(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    table = tables.table(table_id)
    kept = (table.version, table.head_hash)  # what a player's receipt holds
    rows.delete_after(table_id, table.version - 3)
    later = fresh(env)
    assert later.table(table_id).version == table.version - 3
    report = later.audit(table_id, anchors=[kept])
    assert report.checks["receipts"].ok is False
    assert report.checks["receipts"].version == table.version - 2
    assert "removed" in report.checks["receipts"].detail
    assert not report.ok
    assert later.audit(table_id).checks["receipts"].ok is None  # without a receipt nothing says what is missing
    later.close()


def test_a_snapshot_left_behind_by_a_cut_short_history_is_reported(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    last = tables.table(table_id).version
    assert rows.snapshot_versions(table_id)[-1] == last  # the saved table is snapshotted as it is
    rows.delete_after(table_id, last - 3, kinds=("events",))
    report = fresh(env).audit(table_id)
    assert report.checks["snapshots"].ok is False and report.checks["snapshots"].version == last


def test_a_history_rewritten_from_a_version_on_does_not_match_the_receipt_for_it(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    anchors = [(v, e.digest) for v, e in ((e.originator_version, e) for e in tables.events.get(table_id))]
    target = anchors[-4][0]

    def redigest(body):
        body["digest"] = "f" * 64
        return body

    rows.rewrite("events", table_id, target, redigest)
    report = fresh(env).audit(table_id, anchors=anchors)
    assert report.checks["receipts"].version == target
    assert report.first_bad_version == target


def test_every_stored_snapshot_is_checked_against_the_replayed_table(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    versions = rows.snapshot_versions(table_id)
    assert len(versions) >= 2
    report = fresh(env).audit(table_id)
    assert report.checks["snapshots"].ok is True
    assert f"{len(versions)} stored snapshot" in report.checks["snapshots"].detail


def _forge_name(body):
    body["state"]["players"][0]["name"] = "mallory"
    return body


def test_a_forged_snapshot_is_reported_by_the_audit(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    target = rows.snapshot_versions(table_id)[1]
    rows.rewrite("snapshots", table_id, target, _forge_name)
    report = fresh(env).audit(table_id)
    assert report.checks["snapshots"].ok is False
    assert report.checks["snapshots"].version == target
    assert "players" in report.checks["snapshots"].detail
    assert report.checks["hash_chain"].ok is True  # the events themselves are intact


def test_a_forged_game_state_in_a_snapshot_is_reported_even_with_a_recomputed_seal(store):
    """Whoever holds the key could re-seal a forgery: the audit still replays and compares."""
    tables, rows, env = store
    table_id = finished_table(tables)
    target = rows.snapshot_versions(table_id)[0]
    forged = fresh(env)
    snapshot = next(forged.snapshots.get(table_id, lte=target, desc=True, limit=1))
    state = dict(snapshot.state, chance_count=snapshot.state["chance_count"] + 7)
    from domain.snapshots import seal_of

    resealed = SealedSnapshot(originator_id=table_id, originator_version=target, timestamp=snapshot.timestamp,
                              topic=snapshot.topic, state=state, seal=seal_of(KEY, table_id, target, state))
    rows.rewrite("snapshots", table_id, target,
                 lambda body: json.loads(forged.mapper.to_stored_event(resealed).state))
    report = fresh(env).audit(table_id)
    assert report.checks["snapshots"].version == target and "chance_count" in report.checks["snapshots"].detail
    forged.close()


def test_loading_never_uses_a_snapshot_whose_seal_fails(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    last = rows.snapshot_versions(table_id)[-1]
    rows.rewrite("snapshots", table_id, last, _forge_name)
    reader = fresh(env)
    assert reader.table(table_id).players[0]["name"] == "ann"  # replayed from the events
    assert reader.table(table_id, version=last).players[0]["name"] == "ann"
    assert list(reader.snapshots.get(table_id, lte=last, desc=True, limit=1)) == []
    reader.close()


def test_a_genuine_sealed_snapshot_is_used_and_another_servers_key_is_not(store):
    tables, rows, env = store
    table_id = finished_table(tables)
    last = rows.snapshot_versions(table_id)[-1]
    same = fresh(env)
    assert [s.originator_version for s in same.snapshots.get(table_id, desc=True, limit=1)] == [last]
    other = fresh(env, key=b"another server's key".ljust(32))
    assert list(other.snapshots.get(table_id, desc=True, limit=1)) == []
    assert other.table(table_id).version == tables.table(table_id).version  # still loads, from the events
    same.close()
    other.close()
