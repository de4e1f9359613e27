"""Events stored in an older shape load: ``RulesVersionAdopted`` written by the code before it
recorded ``checked_events`` (class version 1, tests/rules/old_events.json, never regenerated) is
upcast on read; the table loads, audits (the digests cover the event as it was stored), exports a
record that verifies, and imports."""

from __future__ import annotations

import json
from uuid import UUID

import pytest
from eventsourcing.persistence import StoredEvent

from domain.application import Tables
from domain.games import register
from domain.importing import import_record
from domain.record import check_record, table_record
from domain.table import Table
from tests.backends import BACKENDS, store_env
from tests.rules.old_events import PATH, TABLE, tiny_rules_2
from tests.tinygame import GAME as TINY
from tests.verifier.helpers import load_verifier

verifier = load_verifier()
ROWS = json.loads(PATH.read_text(encoding="utf-8"))


@pytest.fixture
def tiny_v2():
    yield register(tiny_rules_2())
    register(TINY)


@pytest.fixture(params=BACKENDS)
def tables(request, tmp_path, tiny_v2):
    app = Tables(env=store_env(request.param, tmp_path))
    app.recorder.insert_events([
        StoredEvent(originator_id=UUID(r["originator_id"]), originator_version=r["originator_version"],
                    topic=r["topic"], state=r["state"].encode("utf-8")) for r in ROWS])
    yield app
    app.close()


def test_the_fixture_was_written_in_the_first_shape():
    adopted = json.loads(ROWS[-1]["state"])
    assert ROWS[-1]["topic"] == "domain.table:Table.RulesVersionAdopted"
    assert "checked_events" not in adopted and "class_version" not in adopted
    assert Table.RulesVersionAdopted.class_version == 2


def test_a_rules_version_adopted_event_of_the_first_shape_loads_upcast(tables):
    event = list(tables.events.get(TABLE))[-1]
    assert isinstance(event, Table.RulesVersionAdopted)
    assert (event.from_version, event.to_version) == ("1", "2")
    assert event.checked_events == event.originator_version - 1 == len(ROWS) - 1
    table = tables.repository.get(TABLE)
    assert table.rules_version == "2" and table.game.rules_label.startswith("Tiny Duel rules 2")


def test_the_upcast_table_audits_and_its_record_verifies_and_imports(tables):
    assert tables.audit(TABLE).ok
    assert tables.check_rules(TABLE).replays
    record = json.loads(json.dumps(table_record(tables, TABLE, None)))
    stored = json.loads(ROWS[-1]["state"])
    assert record["events"][-1]["payload"] == {k: stored[k] for k in ("from_version", "to_version", "command_id")}
    assert record["events"][-1]["digest"] == stored["digest"]
    assert check_record(record).ok
    assert verifier.verify(record, [], None, False, out=open("/dev/null", "w")) is None
    copy = import_record(tables, record)
    assert tables.summary(copy)["rules_version"] == "2" and tables.audit(copy).ok
    again = list(tables.events.get(copy))[-1]
    assert again.checked_events == again.originator_version - 1  # the new table records the current shape


def test_a_new_adoption_records_the_current_shape_and_hashes_it(tiny_v2):
    app = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    try:
        register(TINY)
        table_id = app.open_table("tiny_duel", 2).table_id
        for seat in range(2):
            app.take_seat(table_id, f"Bot {seat + 1}", bot=True)
        app.start(table_id)
        register(tiny_rules_2())
        app.adopt_newest_rules(table_id)
        stored = json.loads(app.recorder.select_events(table_id)[-1].state)
        assert stored["class_version"] == 2 and stored["checked_events"] == app.table(table_id).version - 1
        assert app.audit(table_id).ok
    finally:
        app.close()
