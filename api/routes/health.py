"""Liveness and readiness probes for the orchestrator (outside ``/api``)."""

from __future__ import annotations

import logging

from flask_smorest import Blueprint

from api import wiring
from api.schemas.views import HealthSchema

log = logging.getLogger(__name__)

blp = Blueprint("health", __name__, description="Probes for load balancers and orchestrators.")


@blp.route("/healthz", methods=["GET"])
@blp.response(200, HealthSchema)
def healthz():
    """The process is up."""
    return {"status": "ok", "checks": {}}


@blp.route("/readyz", methods=["GET"])
@blp.response(200, HealthSchema)
@blp.alt_response(503, schema=HealthSchema, description="A dependency is unreachable.")
def readyz():
    """The event store (and Redis, when configured) answer."""
    checks = {"store": _check(_store), "redis": "not configured"}
    if wiring.settings().redis_url:
        checks["redis"] = _check(_redis)
    ok = all(value in ("ok", "not configured") for value in checks.values())
    return {"status": "ok" if ok else "unavailable", "checks": checks}, 200 if ok else 503


def _check(probe) -> str:
    try:
        probe()
    except Exception as error:  # noqa: BLE001 - any failure means "not ready"; the detail goes to the log
        log.warning("readiness probe %s failed: %s", probe.__name__, error)
        return "unreachable"
    return "ok"


def _store() -> None:
    wiring.tables().recorder.max_notification_id()


def _redis() -> None:
    import redis

    client = redis.Redis.from_url(wiring.settings().redis_url, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    finally:
        client.close()
