"""Prometheus metrics at ``GET /metrics`` (prometheus-client; multiprocess mode under gunicorn).

What is counted, and where:

* commands (every ``POST`` under ``/api/tables``) by ``game``, ``kind`` (the route's command:
  ``open_table``, ``take_seat``, ``play_move``, ...) and ``outcome``: ``accepted`` (2xx),
  ``refused_by_rule`` (422 naming a rule), ``conflict`` (409: stale version, not your turn...),
  ``rejected`` (any other 4xx: bad token, bad fields) or ``error`` (5xx); and their latency;
* events appended (each ``Tables.save``, by game) and store errors: a save that failed for a reason
  other than a concurrent writer (``save``), any other request answered ``503 store_unavailable``
  (``request``); ``store_error()`` is the hook for other callers;
* open SSE streams and the frames they sent (``entry``, ``view``, ``heartbeat``);
* Redis publish failures (``Broker.after_save``);
* rate-limit refusals: every 429 answered, by route, whoever refused it (flask-limiter's
  handler or anything else); ``rate_limited(route)`` is the hook for a limiter that refuses
  without a 429 response; and each fall back of the limiter to in-memory counters (Redis
  unreachable: limits then count per worker), with a gauge that is 1 while a worker is there;
* projection lag, in events and seconds, per read model: read from the stores at scrape time
  (the log's head against each read model's tracking position), so it is right in every process.

Labels hold only bounded, public values: game names from the catalog (anything else is
``unknown``), route rules, outcomes. Never a table id, a seat, a token or a secret.

Under gunicorn, ``PROMETHEUS_MULTIPROC_DIR`` must be set before the workers start (``tabletop serve
--workers`` does it; ``deploy/`` sets it): each worker writes its samples there and ``/metrics``,
answered by any worker, adds them all up.
"""

from __future__ import annotations

import json
import os
import time
from collections import OrderedDict
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from flask import Blueprint, Flask, Response, current_app, g, has_request_context, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily

from domain.application import Tables
from domain.games import GAMES

COMMANDS = Counter("tabletop_commands", "Commands handled, by game, kind and outcome.", ["game", "kind", "outcome"])
COMMAND_SECONDS = Histogram("tabletop_command_seconds", "Command latency (request in to response out).",
                            ["game", "kind"], buckets=(.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10))
EVENTS = Counter("tabletop_events_appended", "Events appended to the event store, by game.", ["game"])
STORE_ERRORS = Counter("tabletop_store_errors", "Event-store operations that failed (not concurrency conflicts).",
                       ["operation"])
OPEN_STREAMS = Gauge("tabletop_open_streams", "SSE streams open now.", multiprocess_mode="livesum")
STREAM_FRAMES = Counter("tabletop_stream_frames", "SSE frames sent, by kind.", ["kind"])
PUBLISH_FAILURES = Counter("tabletop_redis_publish_failures", "Fan-out notices that could not be published.")
RATE_LIMITED = Counter("tabletop_rate_limit_refusals", "Requests refused by a rate limit (429), by route.", ["route"])
RATE_LIMIT_FALLBACKS = Counter("tabletop_rate_limit_fallbacks",
                               "Times a worker's rate limiter lost its shared storage (Redis) and counted in memory.")
RATE_LIMIT_IN_MEMORY = Gauge("tabletop_rate_limit_in_memory",
                             "1 while a worker's rate limits count in its own memory (per worker, not shared).",
                             multiprocess_mode="livemax")

_FRAME_KINDS = ((b"event: entry\n", "entry"), (b"event: view\n", "view"), (b": hb\n", "heartbeat"))
_GAMES_OF: OrderedDict[UUID, str] = OrderedDict()  # table id -> game, for refusals (never a label)
_GAMES_KEPT = 10_000


def game_label(name: Any) -> str:
    return name if isinstance(name, str) and name in GAMES else "unknown"


def _remember(table_id: UUID, game: str) -> None:
    _GAMES_OF[table_id] = game
    _GAMES_OF.move_to_end(table_id)
    while len(_GAMES_OF) > _GAMES_KEPT:
        _GAMES_OF.popitem(last=False)


# -- hooks other modules call ----------------------------------------------------------------------


def store_error(operation: str) -> None:
    """Count a failed event-store operation (``operation``: a fixed word such as ``save`` or ``read``)."""
    STORE_ERRORS.labels(operation).inc()
    if has_request_context():
        g.store_error_counted = True  # the request's 503 is this error, not another one


def publish_failed() -> None:
    PUBLISH_FAILURES.inc()


def rate_limited(route: str) -> None:
    """Count a rate-limit refusal that did not answer 429 (a 429 response is counted by itself)."""
    RATE_LIMITED.labels(route).inc()


def rate_limit_storage(in_memory: bool) -> None:
    """The rate limiter moved to its in-memory fallback (``True``) or back to the shared storage."""
    if in_memory:
        RATE_LIMIT_FALLBACKS.inc()
    RATE_LIMIT_IN_MEMORY.set(1 if in_memory else 0)


def instrument(tables: Tables) -> None:
    """Count what every save appends, and the saves the store failed (``Tables.save`` wrapped)."""
    from eventsourcing.persistence import IntegrityError, PersistenceError

    save = tables.save

    def counted_save(*objs: Any, **kwargs: Any) -> Any:
        try:
            recordings = save(*objs, **kwargs)
        except IntegrityError:
            raise  # a concurrent writer: the command retries (and may end as a conflict)
        except PersistenceError:
            store_error("save")
            raise
        game = game_label(getattr(objs[0], "game_name", None)) if objs else "unknown"
        if objs and hasattr(objs[0], "id"):
            _remember(objs[0].id, game)
        EVENTS.labels(game).inc(len(recordings))
        return recordings

    tables.save = counted_save  # type: ignore[method-assign]


class streamed:  # noqa: N801 - used as a function: ``metrics.streamed(body)``
    """An SSE body, counted: open from now until the server closes it (however it ends, even
    unstarted: a plain generator would skip its ``finally``), and each frame it sends."""

    def __init__(self, body: Iterator[bytes]) -> None:
        self._body = body
        self._open = True
        OPEN_STREAMS.inc()

    def __iter__(self) -> streamed:
        return self

    def __next__(self) -> bytes:
        chunk = next(self._body)
        for marker, kind in _FRAME_KINDS:
            n = chunk.count(marker)
            if n:
                STREAM_FRAMES.labels(kind).inc(n)
        return chunk

    def close(self) -> None:
        if self._open:
            self._open = False
            OPEN_STREAMS.dec()
            getattr(self._body, "close", lambda: None)()


# -- commands, from the request ----------------------------------------------------------------------


def _started() -> None:
    g.metrics_started = time.perf_counter()


def _command_game(table_id: Any) -> str:
    if request.endpoint == "tables.open_table":
        # Only a body the request already read: a refusal before the read (429) must never make this
        # wait on a client trickling its bytes.
        data = request.__dict__.get("_cached_data")
        try:
            body = json.loads(data) if data else None
        except ValueError:
            body = None
        return game_label(body.get("game") if isinstance(body, dict) else None)
    if not isinstance(table_id, UUID):
        return "unknown"
    if table_id in _GAMES_OF:
        return _GAMES_OF[table_id]
    try:
        game = game_label(current_app.extensions["tabletop.tables"].table(table_id).game_name)
    except Exception:  # noqa: BLE001 - an unknown table (or a store error) has no game
        return "unknown"
    _remember(table_id, game)
    return game


def _outcome(response: Response) -> str:
    status = response.status_code
    if status < 400:
        return "accepted"
    if status == 409:
        return "conflict"
    if status == 422:
        body = response.get_json(silent=True)
        if isinstance(body, dict) and body.get("rule"):
            return "refused_by_rule"
    return "error" if status >= 500 else "rejected"


def _child(metric: Any, *values: str) -> Any:
    """``metric.labels(*values)`` (``values`` already ``str``), found in the metric's own children
    first: ``labels`` checks its arguments, converts each to ``str`` and takes the metric's lock to
    find the same child every time (two metrics a command). A label set seen for the first time, or
    removed since, goes through ``labels``."""
    return metric._metrics.get(values) or metric.labels(*values)


def _finished(response: Response) -> Response:
    req = request._get_current_object()  # one proxy look-up, not eight
    rule = req.url_rule.rule if req.url_rule is not None else "unknown"
    if response.status_code == 429:
        RATE_LIMITED.labels(rule).inc()
    elif response.status_code == 503 and not g.get("store_error_counted"):
        body = response.get_json(silent=True)
        if isinstance(body, dict) and body.get("error") == "store_unavailable":
            store_error("request")  # a read (or anything but a save) the store failed
    endpoint = req.endpoint
    if req.method == "POST" and rule.startswith("/api/tables") and endpoint:
        kind = endpoint.rsplit(".", 1)[-1]
        game = _command_game((req.view_args or {}).get("table_id"))
        _child(COMMANDS, game, kind, _outcome(response)).inc()
        started = g.get("metrics_started")
        if started is not None:
            _child(COMMAND_SECONDS, game, kind).observe(time.perf_counter() - started)
    return response


# -- projection lag, read at scrape time -----------------------------------------------------------------


class ProjectionLag:
    """``tabletop_projection_lag_events`` / ``_seconds`` per read model, from the stores themselves."""

    def __init__(self, tables: Tables, read_models: Any) -> None:
        self.tables = tables
        self.read_models = read_models

    def collect(self) -> Iterator[GaugeMetricFamily]:
        events = GaugeMetricFamily("tabletop_projection_lag_events",
                                   "Events in the log a read model has not processed yet.", labels=["projection"])
        seconds = GaugeMetricFamily("tabletop_projection_lag_seconds",
                                    "Age of the oldest event a read model has not processed (0 when caught up).",
                                    labels=["projection"])
        head = self.tables.recorder.max_notification_id() or 0
        # Each model's own tracking row, or the lowest of its partitions' rows (``model#k/n``).
        positions = self.read_models.store.reached(self.read_models.models)
        ages: dict[int, float] = {}
        for name in sorted(positions):
            position = positions[name]
            events.add_metric([name], max(0, head - position))
            if position >= head:
                seconds.add_metric([name], 0.0)
                continue
            if position not in ages:
                ages[position] = self._age(position + 1)
            seconds.add_metric([name], ages[position])
        yield events
        yield seconds

    def _age(self, position: int) -> float:
        found = self.tables.recorder.select_notifications(start=position, limit=1)
        if not found:
            return 0.0
        stamp = self.tables.mapper.to_domain_event(found[0]).timestamp
        return max(0.0, (datetime.now(UTC) - stamp).total_seconds())


class BotsQueue:
    """``tabletop_bots_queue_tables``: tables waiting for the bots worker (``TABLETOP_BOTS=worker``),
    read from Redis at scrape time; a queue that keeps growing means the worker lacks a core."""

    def __init__(self, queue: Any) -> None:
        self.queue = queue

    def collect(self) -> Iterator[GaugeMetricFamily]:
        try:
            pending = self.queue.pending()
        except Exception:  # noqa: BLE001 - Redis down: no sample (the fan-out's metrics say so)
            return
        yield GaugeMetricFamily("tabletop_bots_queue_tables",
                                "Tables queued for the bots worker or being played by it.", value=pending)


bp = Blueprint("metrics", __name__)


@bp.get("/metrics")
def metrics() -> Response:
    """The Prometheus text format: every worker's samples (multiprocess mode), then the projection lag."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        text = generate_latest(registry)
    else:
        text = generate_latest(REGISTRY)
    extra = CollectorRegistry(auto_describe=False)
    for key in ("tabletop.metrics.lag", "tabletop.metrics.bots"):
        collector = current_app.extensions.get(key)
        if collector is not None:
            extra.register(collector)
    text += generate_latest(extra)
    return Response(text, content_type=CONTENT_TYPE_LATEST)


def init_app(app: Flask) -> None:
    """``/metrics``, the command hooks and the save wrapper for this app (after ``wiring.init_app``)."""
    from api import live, wiring

    tables = app.extensions[wiring.TABLES]
    instrument(tables)
    read_models = app.extensions.get(live.READ_MODELS)
    if read_models is not None:
        app.extensions["tabletop.metrics.lag"] = ProjectionLag(tables, read_models)
    queue = app.extensions.get(wiring.BOTS_QUEUE)
    if queue is not None:
        app.extensions["tabletop.metrics.bots"] = BotsQueue(queue)
    app.before_request(_started)
    app.after_request(_finished)
    app.register_blueprint(bp)
