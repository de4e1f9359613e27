"""Follows the ``Tables`` notification log and keeps every read model up to date, exactly once.

``Projector.process`` applies one batch of notifications to each read model whose tracking row
is behind it, and commits the documents and the new tracking positions in one transaction (see
``projections.stores``). The runner keeps the table aggregates it has seen in an LRU cache and
mutates them event by event; a table it has not seen is loaded from the event store as of the
version just before (snapshots keep that cheap), so a restart needs no warm-up.

How new notifications are noticed: PostgreSQL with the library's subscription (LISTEN/NOTIFY and
a pull thread); SQLite (no subscriptions) and the in-memory store by polling.

Three ways to run it: ``run(settings)`` (the ``tabletop projections run`` worker, until SIGTERM),
``EmbeddedProjections`` (a background thread in the embedded single-process service), and
``Projector.catch_up()`` (to the head and return: ``rebuild`` and tests; it overlaps each batch's
commit with building the next).

A read model whose document shape changed (``Projection.version``) is reset on start by
``Projector.upgrade`` and rebuilt by following the log.
"""

from __future__ import annotations

import logging
import queue
import signal
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Protocol

from domain.application import Tables
from domain.table import Table
from projections.audit_log import AuditLog
from projections.base import Batch, Projection, Step
from projections.lobby import Lobby
from projections.player_views import PlayerViews
from projections.scoreboards import ScoreHistory, Standings, TableScores
from projections.stores import Concurrent, MemoryStore, PostgresStore, ReadStore, SQLiteStore, Writes

log = logging.getLogger(__name__)

BATCH = 500
#: Where each read model's document ``version`` is recorded (a model of its own, never reset).
VERSIONS = "_versions"


def all_projections() -> list[Projection]:
    return [Lobby(), TableScores(), ScoreHistory(), Standings(), PlayerViews(), AuditLog()]


NAMES = tuple(p.name for p in all_projections())


class SettingsLike(Protocol):
    """The parts of ``api.config.Settings`` this package reads (projections never import ``api``)."""

    store: str
    data_dir: Any
    postgres_host: str
    postgres_port: int
    postgres_user: str
    postgres_password: str
    postgres_dbname: str

    def eventsourcing_env(self, name: str = "tables") -> dict[str, str]: ...


class Projector:
    """Applies notifications of the ``Tables`` log to read models, batch by batch."""

    def __init__(self, tables: Tables, store: ReadStore, projections: Sequence[Projection] | None = None,
                 cache_size: int = 2000, partition: tuple[int, int] = (0, 1)) -> None:
        """``partition`` ``(k, n)``: keep the per-table models of the tables whose id falls in
        partition ``k`` of ``n`` (and, in partition 0, the models over many tables), so ``n``
        workers can share the log. Each partition tracks its own position (``lobby#k/n``)."""
        part, parts = partition
        if not (isinstance(parts, int) and isinstance(part, int) and 0 <= part < parts):
            raise ValueError(f"a partition is k/n with 0 <= k < n, not {part}/{parts}")
        self.tables = tables
        self.store = store
        self.part, self.parts = part, parts
        chosen = list(projections if projections is not None else all_projections())
        self.projections = [p for p in chosen if p.per_table or part == 0]
        #: Each model's tracking row in this layout.
        self.tracked = {p.name: tracking_name(p, part, parts) for p in self.projections}
        self.names = [self.tracked[p.name] for p in self.projections]
        self._cache: OrderedDict[Any, Table] = OrderedDict()
        self._cache_size = cache_size
        #: The tracking positions this projector's last ``process`` committed (None: read them):
        #: the next batch starts from them without reading them back. The commit still checks
        #: them under its lock, so a row another writer moved meanwhile is ``Concurrent`` as before.
        self._positions: dict[str, int] | None = None

    def upgrade(self) -> list[str]:
        """Reset each read model built by code whose documents had another shape (its ``version``
        differs from the one recorded when it was built; a model recorded with none counts as 1,
        unless it has no tracking row: never built, nothing to rebuild), so following the log
        rebuilds it. Returns the names reset."""
        self._positions = None
        reset, record = [], {}
        rows = self.store.all_positions()
        for p in self.projections:
            recorded = self.store.get(VERSIONS, p.name)
            ever_built = any(name == p.name or name.startswith(p.name + "#") for name in rows)
            built = p.version if recorded is None and not ever_built else 1 if recorded is None else recorded["version"]
            if built != p.version:
                log.info("read model %s: documents of version %s, this code writes %s; rebuilding it",
                         p.name, built, p.version)
                self.store.reset(p.name)
                reset.append(p.name)
            if recorded is None or built != p.version:
                record[(VERSIONS, p.name)] = (VERSIONS, {"version": p.version})
        if record:
            self.store.commit({}, {}, record)
        if reset:
            self._cache.clear()
        self._relayout()
        return reset

    def _relayout(self) -> None:
        """Start this layout's tracking rows where another layout's (a different partition count)
        left every table, and drop the other layout's rows once this one has all of its own.

        The old layout's workers must be stopped first. A row that cannot be seeded starts at 0:
        replaying a partition's share is slow but correct (every document is the latest state).
        """
        rows = self.store.all_positions()
        seeds, foreign = {}, []
        for p in self.projections:
            if not p.per_table:
                continue
            mine = self.tracked[p.name]
            layout = {tracking_name(p, k, self.parts) for k in range(self.parts)}
            others = [n for n in rows if (n == p.name or n.startswith(p.name + "#")) and n not in layout]
            if mine not in rows and others:
                seeds[mine] = min(rows[n] for n in others)
            if others and all(n in rows or n in seeds for n in layout):
                foreign += others
        if seeds:
            self.store.commit({}, seeds, {})
        if foreign:
            self.store.forget(foreign)

    def position(self) -> int:
        """The position every read model has reached (the slowest one's)."""
        return min(self.store.positions(self.names).values(), default=0)

    def head(self) -> int:
        return self.tables.recorder.max_notification_id() or 0

    def process(self, notifications: Sequence[Any]) -> int:
        """Apply one batch; returns how many events some model applied. Raises ``Concurrent``."""
        expected = self._positions if self._positions is not None else self.store.positions(self.names)
        self._positions = None  # until this batch has committed
        batch = Batch(self.store)
        applied, advanced = self.apply(notifications, expected, batch)
        if advanced:
            self.store.commit({m: expected[m] for m in advanced}, advanced, batch.writes)
        self._positions = {**expected, **advanced}
        return applied

    def apply(self, notifications: Sequence[Any], expected: dict[str, int], batch: Batch) -> tuple[int, dict[str, int]]:
        """Run the notifications through every model whose position is behind them, into ``batch``.

        Returns how many table events were applied and each advanced model's new position; the
        caller commits. Each table any model touched gets that model's ``on_table`` once, at the end.
        """
        everyone = self.projections
        tracked = self.tracked
        leading = max(expected.values(), default=0)
        advanced: dict[str, int] = {}
        touched: dict[Any, tuple[Table, set[str]]] = {}
        applied = 0
        lagging = min(expected.values(), default=0)
        own = list(dict.fromkeys(n.originator_id for n in notifications if n.id > lagging and (
            self.parts == 1 or partition_of(n.originator_id, self.parts) == self.part)))
        for p in everyone:  # what the models will read for these tables, in one read each
            p.prefetch(own, batch)
        for notification in notifications:
            if notification.id > leading:  # the usual case: every model is behind this one
                due = everyone
            else:
                due = [p for p in everyone if expected[tracked[p.name]] < notification.id]
                if not due:
                    continue
            for p in due:
                advanced[tracked[p.name]] = notification.id
            foreign = self.parts > 1 and partition_of(notification.originator_id, self.parts) != self.part
            if foreign:  # another partition's table: only a model over many tables may want it
                due = [p for p in due if not p.per_table]
                if not due:
                    continue
            event = self.tables.mapper.to_domain_event(notification)
            if not isinstance(event, Table.Event | Table.Opened):
                continue  # not a table's event: the position still advances
            if foreign:
                due = [p for p in due if p.wants(event)]
                if not due:
                    continue
            before = self._table_before(event)
            before_state = before.state if before is not None else None
            before_players = list(before.players) if before is not None else []
            table = event.mutate(before)
            if not foreign:  # a foreign table is loaded for one event, not followed
                self._remember(table)
            step = Step(event, table, before_state, before_players, self._history(event))
            for p in due:
                p.on_event(step, batch)
            names = {p.name for p in due}
            if foreign:
                continue  # its documents belong to another partition (``on_table`` is per table)
            seen = touched.get(table.id)
            if seen is None:
                touched[table.id] = (table, names)
            else:
                touched[table.id] = (table, seen[1] | names)
            applied += 1
        for p in everyone:
            for table, names in touched.values():
                if p.name in names:
                    p.on_table(table, batch)
        return applied, advanced

    def _history(self, event: Any) -> Callable[[], Any]:
        table_id, version = event.originator_id, event.originator_version
        return lambda: self.tables.events.get(table_id, lte=version)

    def _table_before(self, event: Any) -> Table | None:
        version = event.originator_version
        if version == 1:
            return None
        cached = self._cache.get(event.originator_id)
        if cached is not None and cached.version == version - 1:
            return cached
        # A copy: the application shares the tables it returns (with its own requests, in the
        # embedded mode), and this one is about to be mutated event by event.
        return self.tables.table(event.originator_id, version=version - 1).working_copy()

    def _remember(self, table: Table) -> None:
        self._cache[table.id] = table
        self._cache.move_to_end(table.id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def catch_up(self, progress: Callable[[int, int], None] | None = None, batch_size: int = BATCH) -> int:
        """Apply everything recorded so far; returns the number of events applied.

        Pipelined: while one thread commits a batch, this one builds the next, reading through the
        in-flight batch's writes (``Batch.base``). Commits stay one at a time and in order, each
        checking the tracking rows the previous one left, so exactly-once is unchanged; a
        ``Concurrent`` commit discards the batch built on it and starts again from the store.
        """
        self._positions = None  # catch_up commits batches of its own
        head = self.head()
        landed = [0]  # events of the batches committed so far
        with ThreadPoolExecutor(1, thread_name_prefix="projection-commit") as writer:
            try:
                while True:
                    try:
                        self._pipeline(writer, head, progress, batch_size, landed)
                        return landed[0]
                    except Concurrent:
                        self._cache.clear()
            finally:
                writer.submit(self.store.end_thread).result()

    def _pipeline(self, writer: ThreadPoolExecutor, head: int, progress: Callable[[int, int], None] | None,
                  batch_size: int, landed: list[int]) -> None:
        expected = self.store.positions(self.names)
        inflight: tuple[Future, int] | None = None
        inflight_writes: Writes = {}
        try:
            while True:
                items = self.tables.recorder.select_notifications(
                    start=min(expected.values(), default=0), limit=batch_size, inclusive_of_start=False)
                if not items:
                    break
                batch = Batch(self.store, base=inflight_writes)
                applied, advanced = self.apply(items, expected, batch)
                prepared = self.store.prepare(batch.writes) if advanced else None
                if inflight is not None:  # the batch before lands first (or raises: this one is dropped)
                    inflight[0].result()
                    landed[0] += inflight[1]
                    inflight = None
                if advanced:
                    future = writer.submit(self.store.write, {m: expected[m] for m in advanced}, advanced, prepared)
                    inflight, inflight_writes = (future, applied), batch.writes
                    expected = {**expected, **advanced}
                if progress:
                    progress(items[-1].id, head)
            if inflight is not None:
                inflight[0].result()
                landed[0] += inflight[1]
                inflight = None
        finally:
            if inflight is not None:  # an error while building the next batch: let this commit finish
                inflight[0].exception()

    def rebuild(self, names: Iterable[str], progress: Callable[[int, int], None] | None = None) -> int:
        """Drop the named read models and replay the whole log into them."""
        self._positions = None
        for name in names:
            self.store.reset(name)
        self._cache.clear()
        self.upgrade()  # records the version of what is rebuilt now
        return self.catch_up(progress)


# -- following the log -------------------------------------------------------------------------


class PollingSource:
    """New notifications by polling (SQLite has no subscriptions; the in-memory store too)."""

    def __init__(self, tables: Tables, after: int, interval: float = 0.05,
                 wake: threading.Event | None = None) -> None:
        self.tables, self.after, self.interval = tables, after, interval
        self.wake = wake or threading.Event()

    def next(self, stop: threading.Event, limit: int = BATCH) -> list[Any]:
        while not stop.is_set() and not self.tables.closing.is_set():
            self.wake.clear()
            items = self.tables.recorder.select_notifications(start=self.after, limit=limit, inclusive_of_start=False)
            if items:
                self.after = items[-1].id
                return items
            self.wake.wait(self.interval)  # a save in this process wakes it at once
        return []

    def close(self) -> None:
        pass


class SubscriptionSource:
    """New notifications from the library's PostgreSQL subscription (LISTEN/NOTIFY), in batches.

    A feeder thread drains the subscription into a queue; ``next`` takes what has arrived, up to a
    batch. A failed subscription (its LISTEN connection died) is re-raised here, and the runner
    reopens it from the tracked position.
    """

    _END = object()

    def __init__(self, tables: Tables, after: int, linger: float = 0.0) -> None:
        self._linger = linger
        self._sub = tables.recorder.subscribe(gt=after)
        self._queue: queue.Queue = queue.Queue(maxsize=4 * BATCH)
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._feed, name="projection-subscription", daemon=True)
        self._thread.start()

    def _feed(self) -> None:
        try:
            for item in self._sub:
                self._queue.put(item)
        except BaseException as error:  # noqa: BLE001 - handed to the runner
            self._error = error
        self._queue.put(self._END)

    def next(self, stop: threading.Event, limit: int = BATCH) -> list[Any]:
        items: list[Any] = []
        while not items and not stop.is_set():
            try:
                item = self._queue.get(timeout=0.5)
            except queue.Empty:
                continue
            while True:
                if item is self._END:
                    raise ConnectionError(f"the notification subscription ended: {self._error}")
                items.append(item)
                if len(items) >= limit:
                    break
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
        if items and self._linger > 0 and len(items) < limit:
            self._gather(items, limit)
        return items

    def _gather(self, items: list[Any], limit: int) -> None:
        """Wait up to ``linger`` for more notifications to join a small batch: a batch costs a
        commit and a rendering per table it touches, so fewer, fuller batches cost less per event."""
        deadline = time.monotonic() + self._linger
        while len(items) < limit:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                item = self._queue.get(timeout=left)
            except queue.Empty:
                return
            if item is self._END:
                self._queue.put(item)  # seen by the next call, after this batch is processed
                return
            items.append(item)

    def close(self) -> None:
        self._sub.stop()
        self._thread.join(timeout=5)


def subscribes(recorder: Any) -> bool:
    """Whether the recorder is (a subclass of) the library's PostgreSQL recorder, whose
    subscription (LISTEN/NOTIFY) tells of new notifications. A subclass counts: the server's
    recorder (``api.pgstore``, bounded waits and group commit) lives in a module of its own, and
    was polled every 50 ms, its linger unused, while only the module's name was checked."""
    return any(cls.__module__.startswith("eventsourcing.postgres") for cls in type(recorder).__mro__)


def open_source(tables: Tables, after: int, wake: threading.Event | None = None,
                interval: float = 0.05, linger: float = 0.0) -> PollingSource | SubscriptionSource:
    if subscribes(tables.recorder):
        return SubscriptionSource(tables, after, linger)
    return PollingSource(tables, after, interval=interval, wake=wake)


def follow(projector: Projector, stop: threading.Event, on_batch: Callable[[int], None] | None = None,
           wake: threading.Event | None = None, interval: float = 0.05, linger: float = 0.0) -> None:
    """Process new notifications until ``stop`` is set; errors are logged and retried with backoff.

    ``wake`` (polling only) lets a save in this process cut the poll ``interval`` short;
    ``linger`` (subscription only) lets a small batch wait that long for more.
    """
    source = None
    backoff = 0.1
    while not stop.is_set() and not projector.tables.closing.is_set():  # ends with its application
        try:
            if source is None:
                source = open_source(projector.tables, projector.position(), wake, interval, linger)
            items = source.next(stop)
            if items:
                projector.process(items)
                if on_batch:
                    on_batch(items[-1].id)
            backoff = 0.1
        except Concurrent as error:
            log.info("read models moved under this runner (%s); reloading", error)
            source = _close(source)
        except Exception:  # noqa: BLE001 - a projection worker keeps going; the batch is retried
            if projector.tables.closing.is_set():
                break
            log.exception("projection batch failed; retrying in %.1f s", backoff)
            source = _close(source)
            stop.wait(backoff)
            backoff = min(backoff * 2, 5.0)
    _close(source)


def _close(source: Any) -> None:
    if source is not None:
        try:
            source.close()
        except Exception:  # noqa: BLE001
            log.exception("closing the notification source failed")
    return None


class EmbeddedProjections:
    """The embedded default: a daemon thread following the log in the API process."""

    def __init__(self, tables: Tables, store: ReadStore) -> None:
        self.projector = Projector(tables, store)
        self._stop = threading.Event()
        self._wake = threading.Event()
        # Saves in this process wake the thread at once; the slow poll only notices other writers
        # of the same SQLite file (a CLI command, another process).
        self._thread = threading.Thread(target=follow, args=(self.projector, self._stop, None, self._wake, 1.0),
                                        name="projections", daemon=True)
        tables.on_saved.append(self.saved)
        tables.on_close.append(self.stop)  # stop reading before the application's connections close

    def saved(self, table_id: Any = None, version: int | None = None) -> None:
        """``Tables.on_saved`` listener: something new is in the log."""
        self._wake.set()

    def start(self) -> EmbeddedProjections:
        self.projector.upgrade()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def join(self, timeout: float) -> bool:
        """Wait for the thread to end (it ends with ``stop`` or when its application closes)."""
        self._thread.join(timeout)
        return not self._thread.is_alive()


# -- settings, the worker and rebuild ----------------------------------------------------------


def open_store(settings: SettingsLike, prefix: str = "readmodel") -> ReadStore:
    """The read-model store that goes with the settings' event store."""
    if settings.store == "memory":
        return MemoryStore()
    if settings.store == "sqlite":
        from pathlib import Path

        data = Path(settings.data_dir)
        data.mkdir(parents=True, exist_ok=True)
        return SQLiteStore(data / f"{prefix}.db")
    return PostgresStore(
        {"host": settings.postgres_host, "port": settings.postgres_port, "user": settings.postgres_user,
         "password": settings.postgres_password, "dbname": settings.postgres_dbname},
        prefix=prefix, wait_s=getattr(settings, "postgres_wait_s", 2),
    )


def tracking_name(projection: Projection, part: int, parts: int) -> str:
    """A model's tracking row: its name, or ``name#k/n`` for partition ``k`` of ``n``."""
    return projection.name if parts == 1 or not projection.per_table else f"{projection.name}#{part}/{parts}"


def partition_of(table_id: Any, parts: int) -> int:
    """The partition a table's events belong to (stable: a function of the id alone)."""
    return table_id.int % parts


def parse_partition(text: str | None) -> tuple[int, int]:
    """``"k/n"`` (e.g. ``"0/2"``) as ``(k, n)``; None or empty is the whole log, ``(0, 1)``."""
    if not text:
        return 0, 1
    part, _, parts = text.partition("/")
    if not (part.strip().isdigit() and parts.strip().isdigit()) or not 0 <= int(part) < int(parts):
        raise ValueError(f"a partition is k/n with 0 <= k < n (e.g. 0/2), not {text!r}")
    return int(part), int(parts)


def _tables(settings: SettingsLike) -> Tables:
    """The write model the workers read tables from, with the server's snapshot seal key (a
    snapshot sealed otherwise is ignored, and the table replayed from its events)."""
    derive = getattr(settings, "snapshot_key", None)
    try:
        key = derive() if derive is not None else None
    except ValueError:  # no usable server secret: the unkeyed seal
        key = None
    return Tables(env=settings.eventsourcing_env("tables"), snapshot_key=key)


def run(settings: SettingsLike, partition: tuple[int, int] = (0, 1)) -> int:
    """The projection worker: catch up, then follow the log until SIGTERM/SIGINT. Exit status 0."""
    if settings.store == "memory":
        print("tabletop projections run: the in-memory store lives in the API process; "
              "use TABLETOP_PROJECTIONS=thread there", file=sys.stderr)
        return 2
    tables = _tables(settings)
    store = open_store(settings)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    projector = Projector(tables, store, partition=partition)
    projector.upgrade()
    log.info("projections %s/%s: following from position %s (head %s)", partition[0], partition[1],
             projector.position(), projector.head())
    try:
        follow(projector, stop, linger=getattr(settings, "projections_linger_ms", 0) / 1000)
    finally:
        store.close()
        tables.close()
    return 0


def rebuild(settings: SettingsLike, name: str | None = None) -> int:
    """Drop one read model (or all) and replay the whole log into it, with a progress bar on stderr."""
    if name is not None and name not in NAMES:
        print(f"tabletop projections rebuild: unknown read model {name!r} (known: {', '.join(NAMES)})",
              file=sys.stderr)
        return 2
    tables = _tables(settings)
    store = open_store(settings)
    names = [name] if name else list(NAMES)
    started = time.monotonic()
    try:
        projector = Projector(tables, store)
        count = projector.rebuild(names, progress=ProgressBar(f"rebuild {', '.join(names)}"))
    finally:
        store.close()
        tables.close()
    seconds = time.monotonic() - started
    print(f"\nrebuilt {', '.join(names)}: {count} events in {seconds:.1f} s", file=sys.stderr)
    return 0


class ProgressBar:
    """``[#####-----] 12,000/24,000`` on stderr, redrawn in place."""

    def __init__(self, label: str, width: int = 30, stream: Any = None) -> None:
        self.label, self.width, self.stream = label, width, stream or sys.stderr

    def __call__(self, done: int, total: int) -> None:
        total = max(total, done, 1)
        filled = int(self.width * done / total)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'-' * (self.width - filled)}] {done:,}/{total:,}")
        self.stream.flush()
