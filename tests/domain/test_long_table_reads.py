"""Reads that stay cheap as a table grows: a page of the log is read from the table as of its
start (the latest snapshot before it and the events since), never from version 1, and says
exactly what the whole-history rendering says."""

from __future__ import annotations

import pytest

from domain.application import Tables
from domain.log import table_log
from tests.backends import store_env
from tests.domain.test_tables import play_first_legal, play_to_end, seated


@pytest.fixture
def tables(backend, tmp_path):
    app = Tables(env={**store_env(backend, tmp_path), "AGGREGATE_CACHE_MAXSIZE": "100"})
    yield app
    app.close()


class CountingRows:
    """Counts the stored events and snapshots an application reads."""

    def __init__(self, tables: Tables) -> None:
        self.rows = 0
        for recorder in {id(r): r for r in (tables.events.recorder, tables.snapshots.recorder)}.values():
            original = recorder.select_events

            def counted(*args, _original=original, **kwargs):
                found = _original(*args, **kwargs)
                self.rows += len(found)
                return found

            recorder.select_events = counted


def long_table(tables: Tables, leaves: int = 150):
    """A table with a long history before the start, an undo and some play: over 300 events."""
    table_id = seated(tables, names=("ann", "bob"), undo_policy="free")
    for _ in range(leaves):
        tables.leave(table_id, 1)
        tables.take_seat(table_id, "bob")
    tables.start(table_id)
    play_first_legal(tables, table_id)
    mark = tables.table(table_id).version
    play_first_legal(tables, table_id)
    tables.request_undo(table_id, 0, mark)
    return table_id


def test_a_log_page_reads_a_bounded_number_of_events(tables):
    table_id = long_table(tables)
    version = tables.table(table_id).version
    assert version > 300
    rows = CountingRows(tables)
    page = tables.log(table_id, 0, after=version - 10, limit=10)
    assert [e.version for e in page] == list(range(version - 9, version + 1))
    assert rows.rows <= 1 + 100 + 10  # a snapshot, at most an interval of events, the page


@pytest.mark.parametrize("finished", [False, True])
def test_a_log_page_equals_the_whole_history_rendering(tables, finished):
    table_id = long_table(tables, leaves=60)
    if finished:
        play_to_end(tables, table_id)
    everything = list(tables.events.get(table_id))
    version = everything[-1].originator_version
    for viewer in (None, 0, 1):
        for after, limit in ((0, 5), (118, 7), (version - 12, 10), (version - 3, 10), (version, 10), (version + 5, 3)):
            assert tables.log(table_id, viewer, after=after, limit=limit) == table_log(
                everything, viewer, after=after, limit=limit)
