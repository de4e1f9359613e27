"""The in-process broker and the hub behind both brokers: delivery by table, overflow, failures."""

from __future__ import annotations

import logging
import time
from uuid import uuid4

import pytest
import redis

from api.fanout import GAP, QUEUE_LIMIT, LocalBroker, Notice, RedisBroker
from domain.application import Tables


def test_a_notice_reaches_the_subscribers_of_its_table_only():
    broker = LocalBroker()
    table, other = uuid4(), uuid4()
    mine, theirs = broker.subscribe(table), broker.subscribe(other)
    broker.publish(table, 3)
    assert mine.get(timeout=0.01) == Notice(str(table), 3)
    assert theirs.get(timeout=0.01) is None
    assert broker.streams() == 2
    mine.close()
    theirs.close()
    assert broker.streams() == 0


def test_a_slow_stream_whose_inbox_overflows_is_told_to_re_read_the_store():
    broker = LocalBroker()
    table = uuid4()
    sub = broker.subscribe(table)
    for version in range(1, QUEUE_LIMIT + 5):
        broker.publish(table, version)
    assert sub.get(timeout=0.01) == GAP
    assert sub.get(timeout=0.01) is None  # the queued notices were dropped: the re-read covers them


def test_channel_messages_are_parsed_strictly():
    table = str(uuid4())
    assert Notice.from_json(Notice(table, 4).to_json()) == Notice(table, 4)
    for bad in ("not json", "{}", '{"table": "x", "version": 1}', f'{{"table": "{table}", "version": 0}}',
                f'{{"table": "{table}", "version": true}}'):
        assert Notice.from_json(bad) is None


def test_a_failed_publish_is_logged_and_never_fails_the_command(caplog):
    broker = RedisBroker("redis://127.0.0.1:1/0", socket_timeout=0.2)  # nothing listens on port 1
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}, on_saved=[broker.after_save])
    try:
        with caplog.at_level(logging.WARNING, logger="api.fanout"):
            receipt = tables.open_table("tiny_duel", 2)
            assert tables.summary(receipt.table_id)["version"] == 1
            # The doorbell goes out from the broker's publisher after the command returned.
            deadline = time.monotonic() + 30
            while not any("publish failed" in r.getMessage() for r in caplog.records) and time.monotonic() < deadline:
                time.sleep(0.01)
        assert any("publish failed" in r.getMessage() for r in caplog.records)
    finally:
        tables.close()
        broker.close()


def test_the_embedded_broker_hears_every_save_through_on_saved():
    broker = LocalBroker()
    tables = Tables(env={"PERSISTENCE_MODULE": "eventsourcing.popo"}, on_saved=[broker.after_save])
    try:
        receipt = tables.open_table("tiny_duel", 2)
        sub = broker.subscribe(receipt.table_id)
        tables.take_seat(receipt.table_id, "ann")
        assert sub.get(timeout=0.01) == Notice(str(receipt.table_id), 2)
    finally:
        tables.close()


def test_after_a_failed_publish_the_next_ones_are_skipped_for_a_while():
    broker = RedisBroker("redis://127.0.0.1:1/0", socket_timeout=0.2, skip_after_failure=60)
    try:
        table = uuid4()
        with pytest.raises(redis.ConnectionError):
            broker.publish(table, 1)
        assert broker.publish(table, 2) is False  # skipped: commands are not slowed by a dead Redis
    finally:
        broker.close()


def test_a_stream_that_fell_behind_gets_the_newest_notice_only():
    broker = LocalBroker()
    table = uuid4()
    sub = broker.subscribe(table)
    for version in (4, 6, 5):
        broker.publish(table, version)
    assert sub.get(timeout=0.01) == Notice(str(table), 6)  # one store read up to 6 covers them all
    assert sub.get(timeout=0.01) is None
