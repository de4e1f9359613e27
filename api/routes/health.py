"""Liveness and readiness probes for the orchestrator (outside ``/api``)."""

from __future__ import annotations

import logging

from api import wiring
from api.parsing import Blueprint
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
@blp.alt_response(503, schema=HealthSchema, description="The event store is unreachable: nothing can be served.")
def readyz():
    """Ready while the event store answers. Redis is reported, never required: without it commands
    still succeed and streams fall back to polling the store, so it makes the service ``degraded``
    (200), not unready (a load balancer would otherwise drop every instance at once)."""
    checks = {"store": _check(_store), "redis": "not configured"}
    if wiring.settings().redis_url:
        checks["redis"] = _check(_redis, down="degraded")
    if checks["store"] != "ok":
        return {"status": "unavailable", "checks": checks}, 503, {"Retry-After": "2"}
    return {"status": "ok" if checks["redis"] in ("ok", "not configured") else "degraded", "checks": checks}


def _check(probe, down: str = "unreachable") -> str:
    try:
        probe()
    except Exception as error:  # noqa: BLE001 - any failure is reported; the detail goes to the log
        log.warning("readiness probe %s failed: %s", probe.__name__, error)
        return down
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
