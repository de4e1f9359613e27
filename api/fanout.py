"""Live fan-out: a thin ``{table, version}`` doorbell after each save, relayed to every open stream.

The event store is the source of truth; the broker only says "table T reached version V". A
stream that misses a notice (Redis down, a slow client whose queue overflowed, a worker that
subscribed late) receives ``GAP`` instead and re-reads the store, so nothing is ever lost and
nothing secret ever travels on a shared channel.

Two brokers with one behaviour:

* ``LocalBroker``: in-process, for the embedded default (one process, no Redis).
* ``RedisBroker``: ``PUBLISH table.<id>``; each worker process holds ONE pattern subscription
  (the hub), started lazily on the first stream, i.e. after gunicorn forked, and multiplexed to
  all of that worker's streams through in-process queues. A save's doorbell is queued for the
  worker's publisher (also started lazily), which sends what queued up in one pipelined write,
  so a command's answer never waits for Redis.

Both are attached to ``Tables.on_saved`` by the wiring; a failed publish is logged, never raised
(the command already committed).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from api import metrics

log = logging.getLogger(__name__)

#: What a subscription yields when it may have missed notices: re-read the store.
GAP = "gap"
#: Queued notices per stream before it is told to re-read the store instead.
QUEUE_LIMIT = 256


@dataclass(frozen=True)
class Notice:
    table: str
    version: int

    def to_json(self) -> str:
        return json.dumps({"table": self.table, "version": self.version}, separators=(",", ":"))

    @classmethod
    def from_json(cls, raw: bytes | str) -> Notice | None:
        """Parse a channel message; anything malformed is ignored (and logged), never raised."""
        try:
            data = json.loads(raw)
            table, version = str(UUID(str(data["table"]))), data["version"]
            if not isinstance(version, int) or isinstance(version, bool) or version < 1:
                raise ValueError(f"bad version {version!r}")
        except (ValueError, KeyError, TypeError) as error:
            log.warning("ignored a malformed fan-out message: %s", error)
            return None
        return cls(table, version)


class Subscription:
    """One stream's inbox: notices for one table, or ``GAP``. ``get`` waits at most ``timeout``.

    A deque and an ``Event`` rather than a ``Condition``: under gevent an event is a cheap native
    primitive, and a hub delivering to 500 streams per notice feels every microsecond.
    """

    def __init__(self, hub: _Hub, table: str) -> None:
        self.table = table
        self._hub = hub
        self._items: deque[Notice] = deque()
        self._gap = False
        self._closed = False
        self._ready = threading.Event()

    def get(self, timeout: float) -> Notice | str | None:
        """The newest queued notice, ``GAP`` (re-read the store), or None after ``timeout`` seconds idle."""
        deadline = time.monotonic() + timeout
        while True:
            if self._gap:
                self._gap = False
                self._items.clear()  # the store re-read covers them
                return GAP
            if self._items:
                # Everything queued is covered by one read up to the newest version: a stream that
                # fell behind catches up in one write instead of one per notice.
                notice = self._items.popleft()
                while self._items:
                    newer = self._items.popleft()
                    if newer.version > notice.version:
                        notice = newer
                return notice
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self._closed:
                return None
            self._ready.clear()
            if self._items or self._gap:  # arrived between the checks and the clear
                continue
            self._ready.wait(remaining)

    def put(self, notice: Notice) -> None:
        if len(self._items) >= QUEUE_LIMIT:
            self._gap = True
        else:
            self._items.append(notice)
        self._ready.set()

    def gap(self) -> None:
        self._gap = True
        self._ready.set()

    def close(self) -> None:
        self._closed = True
        self._ready.set()
        self._hub.remove(self)

    def __enter__(self) -> Subscription:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class _Hub:
    """Routes notices to the subscriptions of one process, by table."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: dict[str, set[Subscription]] = {}

    def add(self, table: str) -> Subscription:
        sub = Subscription(self, table)
        with self._lock:
            self._subs.setdefault(table, set()).add(sub)
        return sub

    def remove(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.table)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.table]

    def dispatch(self, notice: Notice) -> None:
        with self._lock:
            subs = list(self._subs.get(notice.table, ()))
        for sub in subs:
            sub.put(notice)

    def gap_all(self) -> None:
        with self._lock:
            subs = [s for group in self._subs.values() for s in group]
        for sub in subs:
            sub.gap()

    def count(self) -> int:
        with self._lock:
            return sum(len(s) for s in self._subs.values())


class Broker:
    """Publish a table's new version; subscribe a stream to one table."""

    def __init__(self) -> None:
        self._hub = _Hub()

    def publish(self, table_id: UUID | str, version: int) -> bool:
        raise NotImplementedError

    def subscribe(self, table_id: UUID | str) -> Subscription:
        return self._hub.add(str(table_id))

    def after_save(self, table_id: UUID, version: int) -> None:
        """The ``Tables.on_saved`` listener: publish, log a failure, never raise."""
        try:
            if self.publish(table_id, version) is False:  # skipped: Redis was down a moment ago
                metrics.publish_failed()
        except Exception as error:  # noqa: BLE001 - a failed doorbell must never fail a committed command
            metrics.publish_failed()
            log.warning("publish failed for table %s version %s (streams catch up from the store): %s",
                        table_id, version, error)

    def streams(self) -> int:
        """Open subscriptions in this process."""
        return self._hub.count()

    def close(self) -> None:
        self._hub.gap_all()


class LocalBroker(Broker):
    """The embedded broker: a publish is delivered straight to this process's subscriptions."""

    def publish(self, table_id: UUID | str, version: int) -> bool:
        self._hub.dispatch(Notice(str(table_id), int(version)))
        return True


class RedisBroker(Broker):
    """Redis pub/sub as a doorbell, one pattern subscription (the hub) per worker process.

    redis-py 8's defaults are set explicitly: short socket timeouts and one retry so a publish
    fails fast while Redis is down (a command must not wait on the doorbell), a bounded blocking
    pool for publishers, and health checks on idle connections.
    """

    def __init__(self, url: str, prefix: str = "", *, socket_timeout: float = 1.0, pool_size: int = 20,
                 reconnect_every: float = 0.5, skip_after_failure: float = 1.0) -> None:
        super().__init__()
        import redis
        from redis.backoff import ExponentialBackoff
        from redis.retry import Retry

        self.url = url
        self.prefix = prefix
        self._reconnect_every = reconnect_every
        retry = Retry(ExponentialBackoff(cap=0.05, base=0.01), 1)
        timeouts = {"socket_timeout": socket_timeout, "socket_connect_timeout": socket_timeout,
                    "health_check_interval": 10}
        self._redis_module = redis
        # Publishers wait (briefly) for a free connection rather than fail when many greenlets
        # publish at once; the hub has its own client so a busy pool never starves it.
        self._pool = redis.BlockingConnectionPool.from_url(url, max_connections=pool_size, timeout=socket_timeout,
                                                           **timeouts)
        self._client = redis.Redis(connection_pool=self._pool, retry=retry)
        self._hub_client = redis.Redis.from_url(url, retry=retry, max_connections=2, **timeouts)
        self._hub_thread: threading.Thread | None = None
        self._hub_lock = threading.Lock()
        self._stop = threading.Event()
        self.connected = threading.Event()
        #: After a failed publish, publishes are skipped this long (streams poll the store meanwhile).
        self._skip_after_failure = skip_after_failure
        self._down_until = 0.0
        #: Saves' doorbells waiting for this process's publisher: table -> newest version.
        self._queued: dict[str, int] = {}
        self._queued_lock = threading.Lock()
        self._wake = threading.Event()
        self._publisher: threading.Thread | None = None

    def channel(self, table_id: UUID | str) -> str:
        return f"{self.prefix}table.{table_id}"

    def publish(self, table_id: UUID | str, version: int) -> bool:
        """PUBLISH the notice; while Redis is known to be down, skip it (commands stay fast)."""
        if time.monotonic() < self._down_until:
            return False
        notice = Notice(str(table_id), int(version))
        errors = self._redis_module.exceptions
        try:
            self._client.publish(self.channel(table_id), notice.to_json())
        except (errors.ConnectionError, errors.TimeoutError):
            # Redis is unreachable: every hub has lost it too and makes its streams poll the store,
            # so skipping publishes for a moment loses nothing and keeps commands fast.
            self._down_until = time.monotonic() + self._skip_after_failure
            raise
        return True

    def after_save(self, table_id: UUID, version: int) -> None:
        """The ``Tables.on_saved`` listener: queue the doorbell for this process's publisher and
        return. The command's answer does not wait for a round trip to Redis, and the saves that
        queue up while one batch is being sent go out together, one pipelined write for all of
        them (one notice per table, its newest version: a stream reads the store up to the
        newest anyway). While Redis is known to be down the doorbell is skipped and counted, as a
        publish would be."""
        if time.monotonic() < self._down_until:
            metrics.publish_failed()
            return
        with self._queued_lock:
            table = str(table_id)
            if self._queued.get(table, 0) < version:
                self._queued[table] = int(version)
        try:
            self._ensure_publisher()
        except Exception:  # noqa: BLE001 - no publisher (no thread to be had): send it now, as before
            self.flush()
            return
        self._wake.set()

    def _ensure_publisher(self) -> None:
        """Start this process's publisher on first use (after any fork, as the hub)."""
        if self._publisher is not None and self._publisher.is_alive():
            return
        with self._hub_lock:
            if self._publisher is None or not self._publisher.is_alive():
                self._publisher = threading.Thread(target=self._run_publisher, name="fanout-publisher", daemon=True)
                self._publisher.start()

    def _run_publisher(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(1.0)
            self._wake.clear()  # before taking the queue: a doorbell queued after it wakes the next round
            self.flush()

    def flush(self) -> int:
        """Send every queued doorbell in one pipelined write; how many were sent. A failure is
        counted and logged for each (the commands committed; streams catch up from the store)."""
        with self._queued_lock:
            batch, self._queued = self._queued, {}
        if not batch:
            return 0
        errors = self._redis_module.exceptions
        try:
            pipe = self._client.pipeline(transaction=False)
            for table, version in batch.items():
                pipe.publish(self.channel(table), Notice(table, version).to_json())
            pipe.execute()
        except Exception as error:  # noqa: BLE001 - the publisher must outlive any failure
            if isinstance(error, (errors.ConnectionError, errors.TimeoutError)):
                self._down_until = time.monotonic() + self._skip_after_failure  # as ``publish``
            for _ in batch:
                metrics.publish_failed()
            log.warning("publish failed for %d table(s) (streams catch up from the store): %s", len(batch), error)
            return 0
        return len(batch)

    def subscribe(self, table_id: UUID | str) -> Subscription:
        self._ensure_hub()
        return super().subscribe(table_id)

    def _ensure_hub(self) -> None:
        """Start this process's hub on first use (after any fork: never at import or app build)."""
        if self._hub_thread is not None and self._hub_thread.is_alive():
            return
        with self._hub_lock:
            if self._hub_thread is None or not self._hub_thread.is_alive():
                self._stop.clear()
                self._hub_thread = threading.Thread(target=self._run_hub, name="fanout-hub", daemon=True)
                self._hub_thread.start()

    def _run_hub(self) -> None:
        errors = self._redis_module.exceptions
        pattern = f"{self.prefix}table.*"
        pubsub = None
        while not self._stop.is_set():
            try:
                if pubsub is None:
                    pubsub = self._hub_client.pubsub()
                    pubsub.psubscribe(pattern)
                message = pubsub.get_message(timeout=1.0)
            except (errors.ConnectionError, errors.TimeoutError, OSError) as error:
                if self.connected.is_set():
                    log.warning("fan-out hub lost Redis (%s); streams re-read the store until it is back", error)
                self.connected.clear()
                pubsub = self._drop(pubsub)
                self._hub.gap_all()  # streams poll the store while the doorbell is down
                self._stop.wait(self._reconnect_every)
                continue
            except Exception:  # noqa: BLE001 - the hub must outlive any surprise
                log.exception("fan-out hub error")
                pubsub = self._drop(pubsub)
                self._hub.gap_all()
                self._stop.wait(self._reconnect_every)
                continue
            if message is None:
                continue
            kind = message.get("type")
            if kind == "psubscribe":
                # Subscribed (first time or after a reconnect): anything published before this
                # moment may have been missed, so every stream re-reads the store once. The gaps
                # go out before ``connected`` is set: a stream that subscribes once it is set
                # reads the store itself on opening and gets notices only.
                self._hub.gap_all()
                self.connected.set()
            elif kind == "pmessage":
                notice = Notice.from_json(message["data"])
                if notice is not None:
                    self._hub.dispatch(notice)
        self._drop(pubsub)

    @staticmethod
    def _drop(pubsub: Any) -> None:
        if pubsub is not None:
            try:
                pubsub.close()
            except Exception:  # noqa: BLE001
                pass
        return None

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        for thread in (self._hub_thread, self._publisher):
            if thread is not None:
                thread.join(timeout=3)
        try:
            self.flush()  # the doorbells of the last saves
        except Exception:  # noqa: BLE001 - closing: flush logs its own failures
            pass
        super().close()
        self._pool.disconnect()
        self._hub_client.close()


def build_broker(redis_url: str | None, prefix: str = "") -> Broker:
    """Redis when a URL is configured, otherwise the in-process broker."""
    return RedisBroker(redis_url, prefix) if redis_url else LocalBroker()
