"""``/readyz`` is about serving: with its Redis killed the service keeps answering commands, so
readiness stays 200 and reports Redis ``degraded``; it comes back ``ok`` with Redis."""

from __future__ import annotations

import time

import pytest

from api import create_app
from tests.api.conftest import Table, settings

pytestmark = pytest.mark.integration


def test_readyz_with_redis_down_is_200_degraded_while_commands_still_succeed(redis_server):
    app = create_app(settings(redis_url=redis_server.url))
    client = app.test_client()
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json == {"status": "ok", "checks": {"store": "ok", "redis": "ok"}}
    duel = Table(client)
    redis_server.kill()
    started = time.monotonic()
    ready = client.get("/readyz")
    assert ready.status_code == 200 and time.monotonic() - started < 3
    assert ready.json == {"status": "degraded", "checks": {"store": "ok", "redis": "degraded"}}
    duel.play_first_legal()  # commands are served without Redis
    assert duel.get("/log").status_code == 200
    redis_server.start()
    assert client.get("/readyz").json["status"] == "ok"
    app.extensions["tabletop.tables"].close()
