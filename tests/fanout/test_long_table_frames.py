"""A new SSE frame costs the same on a long table as on a short one: its entries are rendered from
the table as of the stream's last version (a snapshot and the events since), not from version 1,
and are the very bytes a whole-history rendering gives."""

from __future__ import annotations

from api.routes.stream import FrameSource
from domain.application import Tables
from tests.domain.test_long_table_reads import CountingRows, long_table


def test_a_new_frame_reads_a_bounded_number_of_events_and_matches_a_full_rendering(tmp_path):
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "t.db"),
                         "AGGREGATE_CACHE_MAXSIZE": "100"})
    try:
        table_id = long_table(tables)
        version = tables.table(table_id).version
        assert version > 300
        full = FrameSource(tables)
        full.frames(table_id, 0, 0, version)
        rows = CountingRows(tables)
        fresh = FrameSource(tables)
        last, blob = fresh.frames(table_id, 0, version - 3, version)
        assert last == version and blob
        assert rows.rows <= 1 + 100 + 3 + 1  # the table at the stream's version, the new events, the view
        for v in range(version - 2, version + 1):
            assert fresh._entries[(table_id, 0, v)] == full._entries[(table_id, 0, v)]
        assert fresh._view(table_id, 0, version) == full._view(table_id, 0, version)
    finally:
        tables.close()
