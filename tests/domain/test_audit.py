"""The audit re-derives a table from the store and names the first version that fails a check.

Tampering is done the way an attacker with database access would: by rewriting a stored row.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime

import pytest

from domain.application import Tables
from domain.table import Table
from tests.backends import PG, store_env
from tests.domain.test_tables import play_to_end, seated


def tamper(tables: Tables, backend: str, tmp_path, table_id, version: int, change) -> None:
    """Rewrite the stored JSON of one event in place."""
    if backend == "sqlite":
        with sqlite3.connect(tmp_path / "tables.db") as db:
            (state,) = db.execute(
                "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = ?",
                (table_id.hex, version),
            ).fetchone()
            body = change(json.loads(state))
            db.execute(
                "UPDATE stored_events SET state = ? WHERE originator_id = ? AND originator_version = ?",
                (json.dumps(body).encode(), table_id.hex, version),
            )
    else:
        import psycopg

        with psycopg.connect(**PG, autocommit=True) as db:
            (state,) = db.execute(
                "SELECT state FROM tables_events WHERE originator_id = %s AND originator_version = %s",
                (table_id, version),
            ).fetchone()
            body = change(json.loads(bytes(state)))
            db.execute(
                "UPDATE tables_events SET state = %s WHERE originator_id = %s AND originator_version = %s",
                (json.dumps(body).encode(), table_id, version),
            )


STORES = ["sqlite", pytest.param("postgres", marks=pytest.mark.integration)]


@pytest.fixture(params=STORES)
def store(request, tmp_path):
    tables = Tables(env=store_env(request.param, tmp_path))
    yield tables, request.param
    tables.close()


def finished_table(tables: Tables):
    table_id = seated(tables, names=("ann", "bob"), bots=("robo",))
    tables.start(table_id)
    play_to_end(tables, table_id)
    return table_id


def test_audit_passes_on_a_clean_stored_table(store):
    tables, _ = store
    table_id = finished_table(tables)
    report = tables.audit(table_id)
    assert report.ok and report.events == tables.table(table_id).version
    assert report.head_hash == tables.table(table_id).head_hash


def test_a_rewritten_move_is_named_by_its_version(store, tmp_path):
    tables, backend = store
    table_id = finished_table(tables)
    moves = [e for e in tables.events.get(table_id) if isinstance(e, Table.MovePlayed) and e.move["type"] == "play"]
    target = moves[0].originator_version

    def change(body):
        body["move"]["card"] = body["move"]["card"] % 12 + 1
        return body

    tamper(tables, backend, tmp_path, table_id, target, change)
    report = tables.audit(table_id)
    assert not report.ok
    assert report.checks["hash_chain"].version == target
    assert report.first_bad_version == target


def test_a_rerolled_die_with_a_recomputed_digest_breaks_the_chain_at_the_next_event(store, tmp_path):
    tables, backend = store
    table_id = seated(tables, names=("ann", "bob"))
    tables.start(table_id)
    for seat in (0, 1):
        tables.play_move(table_id, seat, tables.legal_moves(table_id, seat)[0])
    tables.play_move(table_id, 0, {"type": "roll"})
    play_to_end(tables, table_id)
    rolls = [e for e in tables.events.get(table_id) if isinstance(e, Table.ChanceResolved) and e.request["kind"] == "roll"]
    target = rolls[0].originator_version
    from domain import hashchain

    def change(body):
        body["outcome"] = [body["outcome"][0] % 6 + 1]
        payload = {k: v for k, v in body.items() if k not in hashchain.UNHASHED}
        stamp = datetime.fromisoformat(body["timestamp"]["_data_"])  # chain format 2 hashes it
        body["digest"] = hashchain.digest(body["prev_hash"], target, "ChanceResolved", payload, stamp)
        return body

    tamper(tables, backend, tmp_path, table_id, target, change)
    report = tables.audit(table_id)
    assert report.checks["chance"].version == target  # the seed gives another outcome
    assert report.checks["hash_chain"].version == target + 1  # the next event still points at the old digest
    assert report.first_bad_version == target


def test_an_unreadable_stored_event_is_reported_not_raised(store, tmp_path):
    tables, backend = store
    table_id = finished_table(tables)
    tamper(tables, backend, tmp_path, table_id, 3, lambda body: {"garbage": True})
    report = tables.audit(table_id)
    assert report.checks["hash_chain"].version == 3 and not report.ok


def test_an_undo_in_a_game_whose_state_holds_tuples_audits_clean(monkeypatch):
    """Homesteaders' ``to_dict`` holds tuples, its stored ``Undone.state`` lists: the same state
    (the audit compared them as Python values and failed every such undo)."""
    import hashlib

    from domain import application
    from tests.domain.test_chain_encoding import play_with_everything

    monkeypatch.setattr(application, "new_seed", lambda: hashlib.sha256(b"audit-undo").hexdigest())
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        table_id = play_with_everything(tables, "homesteaders", 3, 1)
        assert any(isinstance(e, Table.Undone) for e in tables.events.get(table_id))
        report = tables.audit(table_id)
        assert report.checks["undo"].ok and report.ok
    finally:
        tables.close()
