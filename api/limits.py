"""Bounded clients: no single client can take the service away from the others.

A client is its address (``REMOTE_ADDR``; behind a proxy, have the proxy set it). Each bound is a
setting (``api.config``, docs/hardening.md) and every refusal is a 429 with ``Retry-After``:

* **rate limits** (flask-limiter: in memory per process embedded, in Redis when
  ``TABLETOP_REDIS_URL`` is set, so every worker shares them): the commands of one client, table
  openings, stream openings;
* **caps** counted per worker process: open streams per client, per table and in all (the rest of
  the worker's connections stay for commands), requests of one client in flight at once (a
  client trickling bodies holds a few greenlets, not the worker), tables one client has opened
  and not started yet.

A slow body is bounded apart (``api.body``). A Redis outage never refuses anyone: the limiter
falls back to memory (``/readyz`` says Redis is degraded), logs one warning, and ``/metrics``
counts it (``tabletop_rate_limit_fallbacks_total``, ``tabletop_rate_limit_in_memory``).

The limiter's Redis connections come from a blocking pool of ``REDIS_CONNECTIONS`` per worker: a
request waits up to ``REDIS_WAIT_S`` for a free one. redis-py's default pool refuses outright past
100 connections checked out at once (``MaxConnectionsError``), and a burst of a thousand stream
openings on one gevent worker made exactly that happen with Redis up: flask-limiter took the
refusal for an outage and counted in memory, per worker, from then on (issue 31).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any
from uuid import UUID

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter

from api import lean
from api.config import Settings
from api.errors import ApiError

log = logging.getLogger(__name__)

LIMITS = "tabletop.limits"

#: Endpoints that are commands (one shared budget per client), besides opening tables and streams.
COMMANDS = ("tables.start", "tables.fork", "seats.take_seat", "seats.leave", "seats.play_move",
            "undo.request_undo", "undo.vote_undo")
OPEN_TABLE = "tables.open_table"
STREAM = "stream.stream"
#: The limiter's Redis connections per worker process, and how long a request waits for one.
REDIS_CONNECTIONS = 32
REDIS_WAIT_S = 5.0


class TooManyRequests(ApiError):
    """A client over one of its bounds; ``Retry-After`` says when to try again."""

    status = 429
    code = "too_many_requests"

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.headers = (("Retry-After", str(retry_after)),)


def client() -> str:
    """Who a request counts against: its address."""
    return request.remote_addr or "unknown"


class Caps:
    """Counts of what clients hold in this process, refused past the settings' caps."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._lock = threading.Lock()
        self._streams_by_client: Counter[str] = Counter()
        self._streams_by_table: Counter[UUID] = Counter()
        self._requests: Counter[str] = Counter()
        self._opened: dict[str, list[UUID]] = {}

    # -- streams ----------------------------------------------------------------------------

    def open_stream(self, who: str, table_id: UUID) -> Callable[[], None]:
        """Count a stream in, or refuse it; returns the function that counts it out (call once)."""
        s = self.settings
        with self._lock:
            if sum(self._streams_by_table.values()) >= s.max_streams_per_worker:
                raise TooManyRequests("this server holds all the streams it may; retry shortly (or on another)", 5)
            if self._streams_by_client[who] >= s.max_streams_per_client:
                raise TooManyRequests(f"at most {s.max_streams_per_client} open streams per client; close one first", 5)
            if self._streams_by_table[table_id] >= s.max_streams_per_table:
                raise TooManyRequests(f"this table has {s.max_streams_per_table} streams open here; retry shortly", 5)
            self._streams_by_client[who] += 1
            self._streams_by_table[table_id] += 1
        closed = threading.Event()

        def close() -> None:
            if closed.is_set():
                return
            closed.set()
            with self._lock:
                self._streams_by_client[who] -= 1
                self._streams_by_table[table_id] -= 1
                self._streams_by_client += Counter()  # drop zero counts
                self._streams_by_table += Counter()

        return close

    # -- requests in flight -----------------------------------------------------------------

    def enter(self) -> None:
        if request.path in ("/healthz", "/readyz"):
            return  # probes come from one balancer address and must never be refused
        who = client()
        with self._lock:
            if self._requests[who] >= self.settings.max_requests_per_client:
                raise TooManyRequests(f"at most {self.settings.max_requests_per_client} requests in flight per client")
            self._requests[who] += 1
        g.tabletop_counted = who

    def leave(self, _error: BaseException | None = None) -> None:
        who = g.pop("tabletop_counted", None)
        if who is not None:
            with self._lock:
                self._requests[who] -= 1
                if self._requests[who] <= 0:
                    del self._requests[who]

    # -- tables opened and not started ------------------------------------------------------

    def check_open_tables(self, who: str, status_of: Callable[[UUID], str | None]) -> None:
        """Refuse a new table while this client has the cap of tables opened and not started."""
        cap = self.settings.max_open_tables_per_client
        with self._lock:
            mine = list(self._opened.get(who, ()))
        waiting = [t for t in mine if status_of(t) == "open"]
        with self._lock:
            self._opened[who] = waiting  # started, finished or gone: forgotten
        if len(waiting) >= cap:
            raise TooManyRequests(f"this client has {len(waiting)} tables opened and not started (at most {cap}); "
                                  "start or finish one first", 30)

    def opened(self, who: str, table_id: UUID) -> None:
        with self._lock:
            mine = self._opened.setdefault(who, [])
            if table_id not in mine:
                mine.append(table_id)


class CountedStream:
    """A stream's bytes, counted out of the caps when the server closes it, however it ends (a
    generator that never started would skip its ``finally``; ``close`` here always runs)."""

    def __init__(self, body: Iterator[bytes], close: Callable[[], None]) -> None:
        self._body = body
        self._close = close

    def __iter__(self) -> CountedStream:
        return self

    def __next__(self) -> bytes:
        return next(self._body)

    def close(self) -> None:
        try:
            getattr(self._body, "close", lambda: None)()
        finally:
            self._close()


def init_app(app: Flask, settings: Settings) -> None:
    """Install the limiter and the caps (call after the routes are registered)."""
    app.after_request(_close_refused)
    if not settings.limits_on:
        return
    caps = Caps(settings)
    app.extensions[LIMITS] = caps
    storage = settings.rate_limit_storage or settings.redis_url or "memory://"
    limiter = Limiter(
        key_func=client, app=app, storage_uri=storage, strategy="moving-window", headers_enabled=True,
        swallow_errors=True, in_memory_fallback_enabled=storage != "memory://", key_prefix="tabletop",
        storage_options=_storage_options(storage),
    )
    app.after_request(_FallbackWatch(limiter))
    if _no_app_wide_limits(limiter):
        # Its before_request pass checks only app-wide limits, and there are none: on the lean path
        # (api.lean) it would evaluate an empty list; the route's own limit is its decorator's.
        lean.skip_hook(app, limiter._check_request_limit)
    shared = limiter.shared_limit(settings.rate_limit_commands, scope="commands")
    wrap: dict[str, Any] = {name: shared for name in COMMANDS}
    wrap[OPEN_TABLE] = limiter.limit(settings.rate_limit_open_tables)
    wrap[STREAM] = limiter.limit(settings.rate_limit_streams)
    lean_views = lean.views(app)  # the same limit on the lean path's view of a route (api.lean)
    for endpoint, decorate in wrap.items():
        if endpoint in app.view_functions:
            app.view_functions[endpoint] = decorate(app.view_functions[endpoint])
        if endpoint in lean_views:
            lean_views[endpoint] = decorate(lean_views[endpoint])
    app.before_request(caps.enter)
    app.teardown_request(caps.leave)


def _no_app_wide_limits(limiter: Limiter) -> bool:
    """Whether every limit is a route's own (the decorators'): no default, application or meta limit.

    Why it matters: flask-limiter's ``before_request`` hook then finds nothing to check for a
    decorated route (about a third of the limiter's CPU per command, half of its checks), while
    the decorator checks the route's limit; the lean path leaves the hook out only in that case."""
    manager = limiter.limit_manager
    return not (manager.default_limits or manager.application_limits or getattr(limiter, "_meta_limits", True))


def _storage_options(storage: str) -> dict[str, Any]:
    """The limiter's Redis client: short socket timeouts, a bounded pool that waits (module docstring)."""
    if not storage.startswith(("redis://", "rediss://")):
        return {}
    import redis

    pool = redis.BlockingConnectionPool.from_url(storage, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT_S,
                                                 socket_connect_timeout=1, socket_timeout=1)
    return {"connection_pool": pool}


class _FallbackWatch:
    """After each request: say once, in the log and in /metrics, when the limiter moved to its
    in-memory fallback or back (flask-limiter keeps that state on ``_storage_dead``; it logs its
    own warning under ``flask-limiter`` without saying what it means for the limits)."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter
        self.in_memory = False

    def __call__(self, response: Response) -> Response:
        in_memory = bool(getattr(self.limiter, "_storage_dead", False))
        if in_memory != self.in_memory:
            self.in_memory = in_memory
            from api import metrics

            metrics.rate_limit_storage(in_memory)
            if in_memory:
                log.warning("rate limits now count in this worker's memory: the shared storage (Redis) did not "
                            "answer; each worker's clients get the whole budget until it answers again",
                            extra={"event": "rate_limit_fallback"})
            else:
                log.info("rate limits count in the shared storage (Redis) again", extra={"event": "rate_limit_shared"})
        return response


def _close_refused(response: Response) -> Response:
    """End the connection after a 408 or 429, and say so: a client over its bounds must not keep
    holding one of the worker's connections idle for the keep-alive time, and a 408's body was
    never read whole.

    ``Connection: close`` makes the server close the connection after this answer, before it reads
    another request on it: gevent's server honours the header, and gunicorn's answer
    (``api.gunicorn_worker.OneSend``) turns it into gunicorn's own forced close. It used to shut
    the socket down after the answer while gunicorn said ``Connection: keep-alive``: a client's next
    request, already in the socket's buffer, was still read and recorded (Linux keeps buffered
    data readable after ``shutdown``), and its answer had nowhere to go (issue 31: 13 of 53 moves).
    """
    if response.status_code in (408, 429):
        response.headers["Connection"] = "close"
    return response


def caps() -> Caps | None:
    """The current app's caps (None when client limits are off)."""
    return current_app.extensions.get(LIMITS)
