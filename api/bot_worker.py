"""Bots off the person's request (``TABLETOP_BOTS=worker``, issue 39): a queue and a worker process.

With ``TABLETOP_BOTS=worker`` the web workers' ``Tables`` defer the bots (``defer_bots``): a
person's command saves their move and the chance it causes, answers, and pushes the table's id on
a Redis list. ``tabletop bots run`` (``run``) pops ids and plays each table's bots with
``Tables.play_bots``, one save for the run of bot moves up to the next person's turn, and publishes
the new version on the fan-out channel like any command, so every stream sees the moves arrive.

Why a process of its own: an earlier attempt played the bots in greenlets of the web worker
(branch ``bots-later``, docs/command-path.md); a bot decision then holds the gevent hub exactly as
it did inside the request, and at 50 tables the rate halved. In a separate process, started under
``nice``, the kernel gives the web workers the cores first.

Nothing is lost when something stops:

* ``take`` moves the id to a ``playing`` list (``BLMOVE``) and ``done`` drops it once played: a
  worker killed mid-run finds it there when it starts again (``requeue``).
* A push that never happened (the web worker died between the save and the push, or Redis lost
  its lists: it runs without persistence) is found by ``recheck``: on start, and again whenever
  Redis comes back after the worker lost it, the worker looks at every running table (the lobby read model's per-table documents, or every table when there are
  no read models) and queues those where a bot must act.
* ``play_bots`` is idempotent (a table whose bots have nothing to do is one read), so an id queued
  twice, or re-checked and pushed at once, plays once.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

from api.config import Settings
from domain.application import Tables

log = logging.getLogger(__name__)

DUE = "bots.due"
PLAYING = "bots.playing"
#: Running tables read from the lobby per page while re-checking on start.
RECHECK_PAGE = 500


class BotQueue:
    """The Redis list of tables whose bots must act, and the list of those being played.

    A push is one ``LPUSH`` on the person's command path, after the save; while Redis is known to
    be down, pushes are skipped for a moment (the command must not wait on it) and the worker's
    re-check at its next start finds the tables."""

    def __init__(self, url: str, prefix: str = "", *, socket_timeout: float = 1.0,
                 skip_after_failure: float = 1.0) -> None:
        import redis

        self._errors = redis.exceptions
        self.due, self.playing = f"{prefix}{DUE}", f"{prefix}{PLAYING}"
        self._client = redis.Redis.from_url(url, socket_timeout=socket_timeout,
                                            socket_connect_timeout=socket_timeout, health_check_interval=10)
        self._skip_after_failure = skip_after_failure
        self._down_until = 0.0

    def push(self, table_id: UUID | str) -> None:
        """The ``Tables.on_bots_due`` listener: queue the table (a failure is raised, and logged
        by ``Tables``; the command has already answered its save)."""
        if time.monotonic() < self._down_until:
            log.warning("bots queue skipped for table %s: Redis was down a moment ago", table_id)
            return
        try:
            self._client.lpush(self.due, str(table_id))
        except (self._errors.ConnectionError, self._errors.TimeoutError):
            self._down_until = time.monotonic() + self._skip_after_failure
            raise

    def take(self, timeout: float) -> str | None:
        """The next table id, moved to the ``playing`` list; None after ``timeout`` seconds."""
        raw = self._client.blmove(self.due, self.playing, timeout, "RIGHT", "LEFT")
        return raw.decode() if isinstance(raw, bytes) else raw

    def done(self, raw: str) -> None:
        self._client.lrem(self.playing, 1, raw)

    def requeue(self) -> int:
        """Move every id a stopped worker left in ``playing`` back to the queue."""
        moved = 0
        while self._client.lmove(self.playing, self.due, "RIGHT", "RIGHT") is not None:
            moved += 1
        return moved

    def pending(self) -> int:
        return int(self._client.llen(self.due)) + int(self._client.llen(self.playing))

    def close(self) -> None:
        self._client.close()


def running_tables(tables: Tables, settings: Settings) -> Iterator[UUID]:
    """Every running table: the lobby's per-table documents (grouped by status, what-if branches
    included) when the settings have read models, else every table of the event store."""
    if settings.projections in ("thread", "external") and settings.store != "memory":
        from projections.runner import open_store

        store = open_store(settings)
        try:
            after = None
            while True:
                rows = store.group("lobby", "running", after_key=after, limit=RECHECK_PAGE)
                for key, _ in rows:
                    yield UUID(key)
                if len(rows) < RECHECK_PAGE:
                    return
                after = rows[-1][0]
        finally:
            store.close()
    else:
        yield from tables.table_ids()


def recheck(tables: Tables, queue: BotQueue, settings: Settings) -> int:
    """Queue every running table where a bot must act (a push lost before the worker started)."""
    found = 0
    for table_id in running_tables(tables, settings):
        try:
            if tables.bots_due(table_id):
                queue.push(table_id)
                found += 1
        except Exception:  # noqa: BLE001 - one unreadable table must not stop the others
            log.exception("bots: could not re-check table %s", table_id)
    return found


class BotWorker:
    """Pops tables and plays their bots until ``stop`` is set (one run at a time)."""

    def __init__(self, tables: Tables, queue: BotQueue, settings: Settings) -> None:
        self.tables, self.queue, self.settings = tables, queue, settings
        self.stop = threading.Event()
        self._count = threading.Lock()
        self.played = 0  # runs that saved bot moves
        self.idle = 0  # tables popped with nothing for the bots to do

    def start(self) -> None:
        """What a (re)started worker does first: requeue a stopped run's tables, re-check the rest."""
        moved = self.queue.requeue()
        found = recheck(self.tables, self.queue, self.settings)
        log.info("bots worker: %s table(s) left by a stopped run, %s found waiting for a bot", moved, found)

    def run(self, poll: float = 1.0, threads: int = 1) -> None:
        """Start, then play what is queued, ``threads`` runs at a time (a run mostly waits on
        PostgreSQL and Redis; the decisions themselves take turns on the GIL). When Redis comes
        back after an outage (a restart loses its lists, and the web's pushes failed meanwhile),
        start again: requeue and re-check (this thread only; the others just wait for it)."""
        helpers: list[threading.Thread] = []
        fresh = False
        try:
            while not self.stop.is_set():
                try:
                    if not fresh:
                        self.start()
                        fresh = True
                    while len(helpers) < threads - 1:
                        helpers.append(threading.Thread(target=self._take_and_play, args=(poll,),
                                                        name=f"bots-{len(helpers) + 1}", daemon=True))
                        helpers[-1].start()
                    raw = self.queue.take(poll)
                except Exception as error:  # noqa: BLE001 - Redis down: wait, then start again
                    log.warning("bots worker: the queue is unreachable (%s)", error)
                    fresh = False
                    self.stop.wait(poll)
                    continue
                if raw is not None:
                    self.play(raw)
        finally:
            self.stop.set()
            for helper in helpers:
                helper.join(timeout=poll + 30)

    def _take_and_play(self, poll: float) -> None:
        while not self.stop.is_set():
            try:
                raw = self.queue.take(poll)
            except Exception:  # noqa: BLE001 - Redis down: the first thread logs it and starts again
                self.stop.wait(poll)
                continue
            if raw is not None:
                self.play(raw)

    def play(self, raw: str) -> None:
        try:
            receipt = self.tables.play_bots(UUID(raw))
        except Exception:  # noqa: BLE001 - logged; the table is re-checked at the next start
            log.exception("bots worker: playing table %s failed", raw)
        else:
            with self._count:
                if receipt is None:
                    self.idle += 1
                else:
                    self.played += 1
        try:
            self.queue.done(raw)
        except Exception as error:  # noqa: BLE001 - left in ``playing``: requeued (a no-op) at the next start
            log.warning("bots worker: could not drop table %s from the playing list (%s)", raw, error)


def build(settings: Settings) -> tuple[BotWorker, Any]:
    """The worker on the settings' store and Redis, its saves published on the fan-out channel."""
    from api.fanout import build_broker
    from api.wiring import build_tables

    if not settings.redis_url:
        raise ValueError("tabletop bots run needs TABLETOP_REDIS_URL (the queue and the fan-out)")
    if settings.store == "memory":
        raise ValueError("tabletop bots run needs a shared store (TABLETOP_STORE=postgres or sqlite)")
    tables = build_tables(settings)
    broker = build_broker(settings.redis_url)
    tables.on_saved.append(broker.after_save)
    worker = BotWorker(tables, BotQueue(settings.redis_url), settings)

    def close() -> None:
        worker.queue.close()
        broker.close()
        tables.close()

    return worker, close


def run(settings: Settings, threads: int = 4) -> int:
    """``tabletop bots run``: play the queued tables' bots, ``threads`` runs at a time, until
    SIGTERM/SIGINT. Exit status 0."""
    if threads < 1:
        raise ValueError(f"--threads must be at least 1, not {threads}")
    worker, close = build(settings)
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: worker.stop.set())
    try:
        worker.run(threads=threads)
    finally:
        close()
    return 0
