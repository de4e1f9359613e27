"""Group commit for the PostgreSQL event store: commands for different tables share one transaction.

eventsourcing's PostgreSQL recorder keeps notification ids gap-free by taking ``LOCK TABLE ...
IN EXCLUSIVE MODE`` in every inserting transaction and holding it until the commit's WAL flush, so
every save of every table waits in one line. Here the saves that arrive while a transaction is in
flight (or within ``window_s`` of the first) queue up and the next transaction carries them all: one
lock acquisition, one ``NOTIFY``, one ``INSERT`` and one WAL flush for the batch.

What each caller sees does not change:

* ``insert_events`` returns only after the transaction holding its own events has committed (it is
  durable), with its own notification ids.
* Optimistic concurrency stays per table: when the batch's insert hits a version conflict, the batch
  is written again without the saves whose versions are taken (two saves of one batch claiming the
  same version: the first wins); only those get ``IntegrityError`` (the application re-reads and
  retries them as before), the others commit together.
* A transaction that fails otherwise (the connection, the commit) rolls back every save in it, and
  each caller gets an exception of its own.

The queue works with threads and with gevent's patched ``threading`` alike. One transaction is in
flight per recorder at a time; the caller that finds none in flight leads: it takes the queue's
head (its own save first), writes it, answers the others, and hands the lead to the next waiter.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import psycopg
from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, StoredEvent
from psycopg.sql import SQL, Identifier
from psycopg_pool import PoolTimeout

log = logging.getLogger(__name__)

#: Saves carried by one transaction at most (a bound on the statement's size, not a tuning knob).
MAX_BATCH = 200


class _Pending:
    """One caller's save waiting in the queue, and then its outcome."""

    __slots__ = ("events", "ids", "error", "leads", "woken")

    def __init__(self, events: Sequence[StoredEvent]) -> None:
        self.events = events
        self.ids: list[int] | None = None
        self.error: BaseException | None = None
        self.leads = False
        self.woken = threading.Event()

    def outcome(self) -> list[int]:
        if self.error is not None:
            raise self.error
        assert self.ids is not None
        return self.ids


class GroupCommit:
    """The queue of saves waiting for a transaction, and the lead handed from one caller to the next.

    ``write(batch)`` writes a batch in one transaction and sets each member's ``ids`` or ``error``.
    """

    def __init__(self, write: Callable[[list[_Pending]], None], window_s: float = 0.0) -> None:
        self._write = write
        self.window_s = window_s
        self._lock = threading.Lock()
        self._queue: list[_Pending] = []
        self._busy = False
        #: Transactions written and saves carried, for the benchmark and the tests.
        self.transactions = 0
        self.saves = 0

    def submit(self, events: Sequence[StoredEvent]) -> list[int]:
        pending = _Pending(events)
        with self._lock:
            self._queue.append(pending)
            if not self._busy:
                self._busy = pending.leads = True
        if not pending.leads:
            pending.woken.wait()
            if not pending.leads:
                return pending.outcome()
        self._lead(pending)
        return pending.outcome()

    def _lead(self, leader: _Pending) -> None:
        if self.window_s > 0:
            time.sleep(self.window_s)  # let saves arriving within the window join this transaction
        with self._lock:
            batch, self._queue[:MAX_BATCH] = self._queue[:MAX_BATCH], []
        assert batch and batch[0] is leader
        try:
            self._write(batch)
        except BaseException as error:  # noqa: BLE001 - every member must hear, whatever went wrong
            for member in batch:  # nothing of the batch was committed, whatever was set before
                member.ids, member.error = None, _own_copy(error)
        finally:
            self.transactions += 1
            self.saves += len(batch)
            with self._lock:
                if self._queue:
                    successor = self._queue[0]
                    successor.leads = True
                else:
                    successor = None
                    self._busy = False
            for member in batch[1:]:
                member.woken.set()
            if successor is not None:
                successor.woken.set()


def _own_copy(error: BaseException) -> BaseException:
    """An exception of the same type for one member, caused by the shared one (each caller raises
    its own object: one exception raised in several threads would collect all their tracebacks)."""
    try:
        copy = type(error)(*error.args)
    except Exception:  # noqa: BLE001 - an exception type with an unusual constructor
        copy = OperationalError(str(error))
    copy.__cause__ = error
    return copy


def write_batch(recorder: Any, batch: list[_Pending]) -> None:
    """Write ``batch`` in one transaction of ``recorder`` (a ``PostgresApplicationRecorder``).

    First as one call of the store's insert function (``GroupCommitRecorder.insert_function``:
    lock, notify, insert and commit in one statement), or, in a store without it, as one insert
    pipelined like the library's own (lock, notify, insert, commit); on a version conflict, again
    without the saves whose versions are taken, so that only the conflicting saves fail. A
    connection that broke under a pooled checkout is retried once on a fresh one (as ``api.pgstore``
    does for the library's queries); a pool that had no connection to give fails at once.
    """
    for attempt in (1, 2):
        try:
            _write_once(recorder, batch)
            return
        except (InterfaceError, OperationalError) as error:
            if attempt == 2 or isinstance(error.__cause__, PoolTimeout):
                raise
            recorder.datastore.pool.check()
            for member in batch:
                member.ids = member.error = None


def _write_once(recorder: Any, batch: list[_Pending]) -> None:
    batch = _first_claims(batch)
    rows = _pg_events(recorder, [e for member in batch for e in member.events])
    failure: Exception | None = None
    if getattr(recorder, "insert_function", None) is not None and _write_by_function(recorder, batch, rows):
        return
    with recorder.datastore.get_connection() as conn:
        with conn.pipeline() as pipeline, conn.transaction():
            with conn.cursor() as curs:
                try:
                    recorder._lock_table(curs)
                    recorder._notify_channel(curs)
                    curs.execute(recorder.insert_events_statement, (rows,))
                    pipeline.sync()  # a conflict raises here, not at the commit
                    ids = [row["notification_id"] for row in curs.fetchall()]
                except Exception as error:  # noqa: BLE001 - raised once the pipeline has exited (as the library does)
                    failure = error
        if failure is not None and not isinstance(failure, psycopg.errors.UniqueViolation):
            raise failure  # inside get_connection: it becomes eventsourcing's exception of the same kind
    if failure is not None:
        _write_without_conflicts(recorder, batch)
    else:
        _deal(batch, ids)


def _write_by_function(recorder: Any, batch: list[_Pending], rows: list[Any]) -> bool:
    """The batch in one call of the store's insert function; False when the store has none (it
    was migrated before the function existed: the pipelined transaction from now on)."""
    conflict = False
    with recorder.datastore.get_connection() as conn, conn.cursor() as curs:
        try:
            curs.execute(recorder.insert_function, (rows, recorder.insert_function_lock_timeout), prepare=True)
            ids = [row["notification_id"] for row in curs.fetchall()]
        except psycopg.errors.UniqueViolation:
            conflict = True  # the statement rolled back as a whole
        except psycopg.errors.UndefinedFunction:
            recorder.insert_function = None
            log.warning("the event store has no insert function yet (run `tabletop migrate`): saves take "
                        "the pipelined transaction, which costs more CPU per save")
            return False
    if conflict:
        _write_without_conflicts(recorder, batch)
    else:
        _deal(batch, ids)
    return True


def _first_claims(batch: list[_Pending]) -> list[_Pending]:
    """The members that claim no version an earlier member of the batch claims (two commands for
    one table that read the same version); the others fail as if they had lost the race."""
    claimed: set[tuple[Any, int]] = set()
    kept = []
    for member in batch:
        keys = {(e.originator_id, e.originator_version) for e in member.events}
        if keys & claimed:
            member.error = IntegrityError("another save in the same group claimed this version")
        else:
            claimed |= keys
            kept.append(member)
    return kept


def _write_without_conflicts(recorder: Any, batch: list[_Pending]) -> None:
    """The batch again without the saves whose versions are taken (read under the insert lock, so
    no other writer can take one meanwhile): those get ``IntegrityError``, the rest commit together.

    Were the commit to fail, the exception reaches ``GroupCommit._lead``, which fails every member.
    """
    with recorder.datastore.get_connection() as conn, conn.transaction(), conn.cursor() as curs:
        recorder._lock_table(curs)
        recorder._notify_channel(curs)
        events = [e for member in batch for e in member.events]
        curs.execute(
            SQL("SELECT originator_id, originator_version FROM {schema}.{table} WHERE (originator_id, "
                "originator_version) IN (SELECT * FROM unnest(%s::{id_type}[], %s::bigint[]))").format(
                schema=Identifier(recorder.datastore.schema), table=Identifier(recorder.events_table_name),
                id_type=Identifier(recorder.datastore.originator_id_type)),
            ([e.originator_id for e in events], [e.originator_version for e in events]),
        )
        taken = {(row["originator_id"], row["originator_version"]) for row in curs.fetchall()}
        clean = []
        for member in batch:
            if any((e.originator_id, e.originator_version) in taken for e in member.events):
                member.error = IntegrityError("the table's version was taken by another save")
            else:
                clean.append(member)
        if clean:
            rows = _pg_events(recorder, [e for member in clean for e in member.events])
            curs.execute(recorder.insert_events_statement, (rows,))
            ids = [row["notification_id"] for row in curs.fetchall()]
    if clean:
        _deal(clean, ids)


def _deal(batch: list[_Pending], ids: list[int]) -> None:
    """Each member's notification ids: the insert returns them in the order of its rows (the
    library's own recorder relies on the same order)."""
    start = 0
    for member in batch:
        member.ids = ids[start:start + len(member.events)]
        start += len(member.events)
    assert start == len(ids), (start, len(ids))


def _pg_events(recorder: Any, events: Sequence[StoredEvent]) -> list[Any]:
    return [
        recorder.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
        for e in events
    ]
