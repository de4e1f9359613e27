"""Projection workers partitioned by table: each keeps the per-table read models of its share of
the tables (and partition 0 the standings, over every table); together they hold exactly what one
worker holds, reads wait for every partition, and changing the number of workers resumes where the
old layout left off."""

from __future__ import annotations

import pytest

from projections.queries import ReadModels
from projections.runner import NAMES, Projector, parse_partition, partition_of
from tests.domain.test_tables import play_first_legal, seated
from tests.projections.test_read_models import _three_games_with_undos, single_batch_snapshot, snapshot


def test_partitioned_workers_together_hold_what_one_worker_holds(tables, store):
    _three_games_with_undos(tables)
    shares, n = set(), 0
    while len(shares) < 3:  # some open tables in every partition (ids fixed by their command ids)
        n += 1
        shares.add(partition_of(tables.open_table("tiny_duel", 2, command_id=f"open-{n}").table_id, 3))
    reference = single_batch_snapshot(tables)
    workers = [Projector(tables, store, partition=(k, 3)) for k in range(3)]
    for worker in workers:
        worker.upgrade()
        worker.catch_up(batch_size=5)
    assert snapshot(store) == reference
    head = tables.recorder.max_notification_id()
    assert ReadModels(store).position() == head
    assert set(store.all_positions()) >= {"lobby#0/3", "lobby#1/3", "lobby#2/3", "standings"}


def test_reads_wait_for_the_slowest_partition(tables, store):
    first = seated(tables, names=("ann", "bob"))
    workers = [Projector(tables, store, partition=(k, 2)) for k in range(2)]
    for worker in workers:
        worker.catch_up()
    tables.start(first)
    head = tables.recorder.max_notification_id()
    mine = workers[partition_of(first, 2)]
    other = workers[1 - partition_of(first, 2)]
    mine.catch_up()
    assert not ReadModels(store).wait(head, timeout=0.05)  # the other partition has not read it yet
    other.catch_up()
    assert ReadModels(store).wait(head, timeout=0.05)


def test_changing_the_number_of_workers_resumes_where_the_old_layout_left_off(tables, store):
    _three_games_with_undos(tables)
    reference_before = single_batch_snapshot(tables)
    for k in range(2):
        old = Projector(tables, store, partition=(k, 2))
        old.upgrade()
        old.catch_up()
    assert snapshot(store) == reference_before
    left_at = tables.recorder.max_notification_id()
    table_id = seated(tables, names=("ann", "bob"))  # more history after the old layout stopped
    tables.start(table_id)
    play_first_legal(tables, table_id, 0)
    one = Projector(tables, store)
    one.upgrade()
    rows = store.all_positions()
    assert not any("#" in name for name in rows)  # the old layout's rows are gone
    assert rows["lobby"] == left_at  # seeded where every partition had been
    one.catch_up()
    assert snapshot(store) == single_batch_snapshot(tables)


def test_a_partition_is_k_of_n():
    assert parse_partition("1/4") == (1, 4) and parse_partition(None) == (0, 1)
    for bad in ("4/4", "x/2", "1", "-1/2"):
        with pytest.raises(ValueError):
            parse_partition(bad)
    assert set(NAMES) >= {"lobby", "standings"}
