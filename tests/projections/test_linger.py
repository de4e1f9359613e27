"""A small batch of notifications waits (briefly) for more to join it: fewer, fuller batches."""

from __future__ import annotations

import queue
import threading

import pytest

from projections.runner import SubscriptionSource


def source(linger: float) -> SubscriptionSource:
    """A subscription source without a subscription: notifications are put on its queue by hand."""
    made = object.__new__(SubscriptionSource)
    made._queue = queue.Queue()
    made._linger = linger
    made._error = None
    return made


def arriving(src: SubscriptionSource, items: list, after: float) -> threading.Timer:
    timer = threading.Timer(after, lambda: [src._queue.put(i) for i in items])
    timer.start()
    return timer


def test_a_small_batch_lingers_for_notifications_arriving_just_after_it():
    src = source(linger=0.5)
    src._queue.put("n1")
    timer = arriving(src, ["n2", "n3"], 0.05)
    assert src.next(threading.Event(), limit=3) == ["n1", "n2", "n3"]  # full: no need to wait longer
    timer.join()


def test_without_linger_a_batch_is_what_has_arrived():
    src = source(linger=0.0)
    src._queue.put("n1")
    timer = arriving(src, ["n2"], 0.05)
    assert src.next(threading.Event(), limit=10) == ["n1"]
    timer.join()


def test_a_lingering_batch_keeps_the_end_of_the_subscription_for_the_next_call():
    src = source(linger=0.5)
    src._queue.put("n1")
    timer = arriving(src, [SubscriptionSource._END], 0.05)  # ends while the batch lingers
    assert src.next(threading.Event(), limit=10) == ["n1"]
    timer.join()
    with pytest.raises(ConnectionError):
        src.next(threading.Event(), limit=10)


def test_the_servers_postgresql_recorder_is_followed_by_its_subscription_not_polled():
    from eventsourcing.popo import POPOApplicationRecorder
    from eventsourcing.postgres import PostgresApplicationRecorder

    from api.pgstore import GroupCommitRecorder
    from projections.runner import subscribes

    assert subscribes(object.__new__(GroupCommitRecorder))  # api.pgstore's, a subclass in a module of its own
    assert subscribes(object.__new__(PostgresApplicationRecorder))
    assert not subscribes(object.__new__(POPOApplicationRecorder))
